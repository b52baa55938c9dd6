/**
 * Checking a parsed backup file from top to bottom before anything is written: the format and
 * its version, each game's record, its players and setup (by the game's own rules), its log
 * entry by entry, and finally a replay of the whole log from the stored setup and seed, which
 * must reach the state the file says the game is in. The first problem found is returned with
 * the game and log entry it is in; a file with any problem is not imported at all.
 *
 * What comes out is rebuilt from the checked fields, never passed through: the snapshots
 * written (the game's and its checkpoints) are the replay's (the log is the truth), so nothing
 * the checks did not look at can reach storage. A version 1 file's per-entry snapshots are
 * not read at all. Plain TypeScript, no Dexie or Svelte.
 */
import { isCheckpoint, type CheckpointRecord, type EventRecord, type GameRecord, type GameSummary, type ImportItem, type ScriptRecord } from '../db/types';
import type { GameDefinition, GameInput, GameView } from '../engine/game';
import { apply, persist, RejectedEvent, restore, start, type LoggedEvent, type Snapshot } from '../engine/session';
import type { Answer, CorrectedValue, GameEvent, Move, Override, Player, Text } from '../engine/types';
import { isKnownGame, loadGame } from '../games';
import type { CardMemory } from '../games/gloom/memory';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  describeGame,
  isPlainObject,
  LIMITS,
  parseBackupText,
  problem,
  type Checked,
  type ProblemPlace
} from './format';

/** A checked file: its games, rebuilt and ready for `Storage.importGames`. */
export interface ValidBackup {
  exportedAt: string;
  items: ImportItem[];
  /** Remembered Gloom card values, each entry rebuilt (games/gloom/memory.ts); absent when none. */
  cards?: CardMemory;
  /** Blood on the Clocktower scripts, each read again and rebuilt; absent when none. */
  scripts?: ScriptRecord[];
}

/** The most scripts a backup may carry, far beyond any library. */
export const MAX_SCRIPTS = 500;

/** Far beyond any real game (a long one is a few hundred entries). */
export const MAX_EVENTS = 10_000;
const MAX_ID = 64;
const MAX_NAME = 100;
/** Record ids end up in addresses (`/game/<id>`): letters, digits, `-` and `_` only. */
const ID = /^[A-Za-z0-9_-]+$/;

type Def = GameDefinition<never>;

/** Parse and check a file's text. */
export async function readBackupText(text: string): Promise<Checked<ValidBackup>> {
  const parsed = parseBackupText(text);
  return parsed.ok ? validateBackup(parsed.value) : parsed;
}

/** Check a parsed file. Resolves to the games to import, or to the first problem found. */
export async function validateBackup(raw: unknown): Promise<Checked<ValidBackup>> {
  if (!isPlainObject(raw)) return problem('notObject');
  if (raw.format !== BACKUP_FORMAT) return problem('notBackup');
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return problem('badVersion');
  if (version > BACKUP_VERSION) return problem('newerVersion', { version, supported: BACKUP_VERSION });
  if (typeof raw.exportedAt !== 'string' || Number.isNaN(Date.parse(raw.exportedAt))) return problem('badExportedAt');
  const games = raw.games;
  if (!Array.isArray(games)) return problem('noGameList');
  if (games.length > LIMITS.games) return problem('tooManyGames', { count: games.length, max: LIMITS.games });

  const items: ImportItem[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < games.length; i++) {
    // A big file takes seconds to replay: let the page draw and answer between games.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const checked = await checkGame(games[i], i, seen);
    if (!checked.ok) return checked;
    seen.set(checked.value.game.id, i + 1);
    items.push(checked.value);
  }
  const cards = await checkCards(raw.cards);
  if (!cards.ok) return cards;
  const scripts = await checkScripts(raw.scripts);
  if (!scripts.ok) return scripts;
  // A backup holds games, or a Storyteller's scripts alone (saved from a phone with no game yet).
  if (items.length === 0 && scripts.value.length === 0) return problem('noGames');
  return {
    ok: true,
    value: { exportedAt: raw.exportedAt, items, ...(cards.value && { cards: cards.value }), ...(scripts.value.length > 0 && { scripts: scripts.value }) }
  };
}

/**
 * The file's Blood on the Clocktower scripts: absent, or a list of script records. Each is read
 * again with every check a loaded script file gets (`readScript`), and refused with that
 * check's message, naming the script: a hostile script refuses the whole file. What is kept is
 * rebuilt: the script as Lantern writes it back, its trimmed name, its times.
 */
async function checkScripts(scripts: unknown): Promise<Checked<ScriptRecord[]>> {
  if (scripts === undefined) return { ok: true, value: [] };
  if (!Array.isArray(scripts)) return problem('badScripts');
  if (scripts.length > MAX_SCRIPTS) return problem('tooManyScripts', { count: scripts.length, max: MAX_SCRIPTS });
  if (scripts.length === 0) return { ok: true, value: [] };
  const { readScript, scriptToJson, SCRIPT_LIMITS } = await import('../games/botc/script');
  const out: ScriptRecord[] = [];
  for (let i = 0; i < scripts.length; i++) {
    const r = scripts[i];
    const index = i + 1;
    if (!isPlainObject(r)) return problem('scriptShape', { index });
    if (!isId(r.id)) return problem('scriptField', { index, field: 'id' });
    if (out.some((x) => x.id === r.id)) return problem('duplicateScript', { index });
    const name = typeof r.name === 'string' ? r.name.trim() : '';
    if (name === '' || name.length > SCRIPT_LIMITS.scriptName) return problem('scriptField', { index, field: 'name' });
    if (!isTime(r.createdAt)) return problem('scriptField', { index, field: 'createdAt' });
    if (!isTime(r.updatedAt)) return problem('scriptField', { index, field: 'updatedAt' });
    const read = readScript(r.script);
    if (!read.ok) return problem('badScript', { index, name }, undefined, read.problem);
    out.push({ id: r.id, name, script: scriptToJson(read.script), createdAt: r.createdAt, updatedAt: r.updatedAt });
  }
  return { ok: true, value: out };
}

/**
 * The file's remembered card values: absent, or `{ gloom: { name: values } }`. A file that has
 * the field in another shape is refused; within it, an entry that is not what it says is
 * dropped (a remembered value is a convenience, never a move of a game).
 */
async function checkCards(cards: unknown): Promise<Checked<CardMemory | undefined>> {
  if (cards === undefined) return { ok: true, value: undefined };
  if (!isPlainObject(cards) || !isPlainObject(cards.gloom)) return problem('badCards');
  const { readCardMemory } = await import('../games/gloom/memory');
  const memory = readCardMemory(cards.gloom);
  return { ok: true, value: Object.keys(memory).length > 0 ? memory : undefined };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isVersion = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID && ID.test(v);

type Failed = ReturnType<typeof problem>;
/** A problem in the game being checked (and, given `event`, in that entry of its log). */
type Fail = (key: string, params?: Record<string, string | number>, event?: number, detail?: Text) => Failed;

/** A game's record as the file gives it, each field checked. */
interface RecordFields {
  id: string;
  gameId: string;
  createdAt: number;
  updatedAt: number;
  setup: never;
  seed: number;
  machineVersion: number;
  snapshot: Record<string, unknown>;
  seq: number;
  status: 'active' | 'over';
}

/** The record, field by field. */
function readRecord(g: Record<string, unknown>, seen: Map<string, number>, fail: Fail): Checked<RecordFields> {
  if (!isId(g.id)) return fail('badId');
  const twin = seen.get(g.id);
  if (twin !== undefined) return fail('duplicateGame', { other: twin });
  if (typeof g.gameId !== 'string') return fail('gameField', { field: 'gameId' });
  if (!isKnownGame(g.gameId)) return fail('unknownGame', { gameId: g.gameId });
  if (!isTime(g.createdAt)) return fail('gameField', { field: 'createdAt' });
  if (!isTime(g.updatedAt)) return fail('gameField', { field: 'updatedAt' });
  if (!isPlainObject(g.input)) return fail('gameField', { field: 'input' });
  if (!isPlainObject(g.input.setup)) return fail('gameField', { field: 'input.setup' });
  const seed = g.input.seed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) return fail('gameField', { field: 'input.seed' });
  if (!isVersion(g.machineVersion)) return fail('gameField', { field: 'machineVersion' });
  if (!isPlainObject(g.snapshot)) return fail('gameField', { field: 'snapshot' });
  if (!isCount(g.seq)) return fail('gameField', { field: 'seq' });
  if (g.status !== 'active' && g.status !== 'over') return fail('gameField', { field: 'status' });
  if (!isPlainObject(g.summary)) return fail('gameField', { field: 'summary' });
  const { id, gameId, createdAt, updatedAt, machineVersion, snapshot, seq, status } = g;
  return { ok: true, value: { id, gameId, createdAt, updatedAt, setup: g.input.setup as never, seed, machineVersion, snapshot, seq, status } };
}

/** The players, then the setup as the game itself checks it. */
function setupProblem(def: Def, setup: never, where: ProblemPlace, fail: Fail): Failed | null {
  let players: unknown;
  try {
    players = def.players(setup);
  } catch {
    return fail('setupUnreadable');
  }
  const checkedPlayers = checkPlayers(players);
  if (!checkedPlayers.ok) return { ok: false, problem: { ...checkedPlayers.problem, where } };
  let setupProblems;
  try {
    setupProblems = def.validateSetup(setup);
  } catch {
    return fail('setupUnreadable');
  }
  return setupProblems.length ? fail('setupInvalid', undefined, undefined, setupProblems[0].text) : null;
}

/** The log: each entry's shape, then the numbering as a whole. */
function readLog(def: Def, r: RecordFields, log: unknown[], fail: Fail): Checked<{ moves: LoggedEvent[]; times: number[] }> {
  if (log.length > MAX_EVENTS) return fail('tooManyEvents', { count: log.length, max: MAX_EVENTS });
  const moves: LoggedEvent[] = [];
  const times: number[] = [];
  for (let j = 0; j < log.length; j++) {
    const e = log[j];
    const at = j + 1;
    if (!isPlainObject(e)) return fail('eventShape', undefined, at);
    if (e.gameId !== r.id) return fail('eventOtherGame', undefined, at);
    if (!isCount(e.seq) || e.seq === 0) return fail('eventField', { field: 'seq' }, at);
    if (!isTime(e.at)) return fail('eventField', { field: 'at' }, at);
    if (!isVersion(e.machineVersion)) return fail('eventField', { field: 'machineVersion' }, at);
    let move = readLoggedEvent(e.event);
    // A scoreboard game's move has the game's own shape: the game rebuilds it from its fields.
    if (move?.type === 'move') {
      const own = def.readMove?.(move.move) ?? null;
      move = own ? { type: 'move', move: own, ...(move.at ? { at: move.at } : {}) } : null;
    }
    if (!move) return fail('badMove', undefined, at);
    moves.push(move);
    times.push(e.at);
  }
  const numbering = checkNumbering(log.map((e) => (e as { seq: number }).seq));
  if (numbering) return fail(numbering.key, numbering.params, numbering.at);
  if (r.seq !== log.length) return fail('seqMismatch', { seq: r.seq, count: log.length });
  return { ok: true, value: { moves, times } };
}

/** The replay: from the stored setup and seed, every entry in turn, as the game screen made them. */
function replay(def: Def, r: RecordFields, moves: LoggedEvent[], times: number[], fail: Fail): Checked<{ snapshot: Snapshot; events: EventRecord[]; checkpoints: CheckpointRecord[] }> {
  const input: GameInput<never> = { setup: r.setup, seed: r.seed };
  let snapshot: Snapshot;
  try {
    snapshot = start(def, input);
  } catch {
    return fail('startFailed');
  }
  // Snapshots of the moves still in effect: an undo goes back to the one before, exactly what
  // replaying the shortened log would give (same events, same seed, same result).
  const stack: Snapshot[] = [snapshot];
  const events: EventRecord[] = [];
  const checkpoints: CheckpointRecord[] = [];
  for (let j = 0; j < moves.length; j++) {
    const move = moves[j];
    if (move.type === 'undo') {
      if (stack.length === 1) return fail('undoNothing', undefined, j + 1);
      stack.pop();
    } else {
      try {
        stack.push(apply(def, stack[stack.length - 1], move));
      } catch (e) {
        if (e instanceof RejectedEvent) return fail('moveRejected', undefined, j + 1, e.text);
        return fail('moveFailed', undefined, j + 1);
      }
    }
    snapshot = stack[stack.length - 1];
    events.push({ gameId: r.id, seq: j + 1, at: times[j], event: move, machineVersion: def.machineVersion });
    if (isCheckpoint(j + 1)) checkpoints.push({ gameId: r.id, seq: j + 1, snapshot: persist(def, snapshot), machineVersion: def.machineVersion });
  }
  return { ok: true, value: { snapshot, events, checkpoints } };
}

/** Where the replay ends must be where the file says the game is. */
function endView(def: Def, r: RecordFields, snapshot: Snapshot, moveCount: number, fail: Fail): Checked<GameView> {
  let view: GameView;
  try {
    view = def.view(snapshot);
  } catch {
    return fail('moveFailed', undefined, moveCount || undefined);
  }
  const status = view.stage === 'over' ? 'over' : 'active';
  if (status !== r.status) return fail(r.status === 'over' ? 'statusNotOver' : 'statusOver');
  // A snapshot written by another version of the game's machine cannot be read: the log is
  // the truth then, and the replay above is the game.
  if (r.machineVersion === def.machineVersion) {
    let stored: GameView;
    try {
      stored = def.view(restore(def, r.snapshot));
    } catch {
      return fail('snapshotUnreadable');
    }
    if (canonical(stored) !== canonical(view)) return fail('snapshotMismatch');
  }
  return { ok: true, value: view };
}

async function checkGame(entry: unknown, index: number, seen: Map<string, number>): Promise<Checked<ImportItem>> {
  const where: ProblemPlace = describeGame(entry, index);
  const fail: Fail = (key, params, event, detail) => problem(key, params, event === undefined ? where : { ...where, event }, detail);

  if (!isPlainObject(entry) || !isPlainObject(entry.game) || !Array.isArray(entry.events)) return fail('entryShape');
  const record = readRecord(entry.game, seen, fail);
  if (!record.ok) return record;
  const r = record.value;

  let def: Def;
  try {
    def = await loadGame(r.gameId);
  } catch {
    return fail('unknownGame', { gameId: r.gameId });
  }
  const badSetup = setupProblem(def, r.setup, where, fail);
  if (badSetup) return badSetup;
  const log = readLog(def, r, entry.events, fail);
  if (!log.ok) return log;
  const played = replay(def, r, log.value.moves, log.value.times, fail);
  if (!played.ok) return played;
  const { snapshot, events, checkpoints } = played.value;
  const view = endView(def, r, snapshot, log.value.moves.length, fail);
  if (!view.ok) return view;

  const game: GameRecord = {
    id: r.id,
    gameId: r.gameId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    input: { setup: structuredClone(r.setup), seed: r.seed },
    machineVersion: def.machineVersion,
    snapshot: persist(def, snapshot),
    seq: r.seq,
    status: r.status,
    summary: summaryOf(view.value)
  };
  return { ok: true, value: { game, events, checkpoints } };
}

function checkPlayers(players: unknown): Checked<Player[]> {
  if (!Array.isArray(players) || players.length === 0) return problem('playersMissing');
  const ids = new Set<string>();
  const names = new Set<string>();
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    if (!isPlainObject(p)) return problem('playerShape', { seat: i + 1 });
    if (!isId(p.id)) return problem('playerId', { seat: i + 1 });
    if (typeof p.name !== 'string' || p.name.trim() === '') return problem('playerName', { seat: i + 1 });
    if (p.name.length > MAX_NAME) return problem('playerNameLong', { seat: i + 1, max: MAX_NAME });
    if (p.seat !== i) return problem('playerSeat', { name: p.name, seat: i + 1 });
    if (ids.has(p.id)) return problem('playerIdTwice', { name: p.name });
    const folded = p.name.trim().toLocaleLowerCase();
    if (names.has(folded)) return problem('playerNameTwice', { name: p.name.trim() });
    ids.add(p.id);
    names.add(folded);
  }
  return { ok: true, value: players as Player[] };
}

/** The log's numbers must be 1, 2, 3, … in order: name what is wrong when they are not. */
function checkNumbering(seqs: number[]): { key: string; params?: Record<string, number>; at?: number } | null {
  const count = new Map<number, number>();
  for (const s of seqs) count.set(s, (count.get(s) ?? 0) + 1);
  for (let j = 0; j < seqs.length; j++) if ((count.get(seqs[j]) ?? 0) > 1) return { key: 'eventTwice', params: { seq: seqs[j] }, at: j + 1 };
  for (let n = 1; n <= seqs.length; n++) if (!count.has(n)) return { key: 'eventGap', params: { seq: n } };
  const j = seqs.findIndex((s, i) => s !== i + 1);
  return j === -1 ? null : { key: 'eventOrder', params: { seq: seqs[j] }, at: j + 1 };
}

/** A log entry's move, rebuilt from its checked fields; null when it is not one Lantern makes. */
export function readLoggedEvent(v: unknown): LoggedEvent | null {
  if (!isPlainObject(v)) return null;
  switch (v.type) {
    case 'undo':
      return { type: 'undo' };
    case 'step.answer': {
      const answer = readAnswer(v.answer);
      if (!answer) return null;
      // The step it answered (StepTag); entries logged before steps were named have none.
      if (v.at === undefined) return { type: 'step.answer', answer } satisfies GameEvent;
      const at = v.at;
      if (!isPlainObject(at) || !isCount(at.seq) || typeof at.step !== 'string' || at.step.length === 0 || at.step.length > MAX_ID) return null;
      return { type: 'step.answer', answer, at: { seq: at.seq, step: at.step } } satisfies GameEvent;
    }
    case 'keeper.override': {
      const override = readOverride(v.override);
      if (!override) return null;
      // The position its dialog was opened on (MoveTag); corrections logged before had none.
      if (v.at === undefined) return { type: 'keeper.override', override } satisfies GameEvent;
      if (!isPlainObject(v.at) || !isCount(v.at.seq)) return null;
      return { type: 'keeper.override', override, at: { seq: v.at.seq } } satisfies GameEvent;
    }
    case 'move':
      // Only its outline here: the game's `readMove` rebuilds the rest (see `checkGame`).
      if (!isPlainObject(v.move) || typeof v.move.kind !== 'string') return null;
      // The position it was made at (MoveTag); entries logged before positions were named have none.
      if (v.at === undefined) return { type: 'move', move: v.move as Move } satisfies GameEvent;
      if (!isPlainObject(v.at) || !isCount(v.at.seq)) return null;
      return { type: 'move', move: v.move as Move, at: { seq: v.at.seq } } satisfies GameEvent;
  }
  return null;
}

function readAnswer(v: unknown): Answer | null {
  if (!isPlainObject(v)) return null;
  switch (v.kind) {
    case 'none':
      return { kind: 'none' };
    case 'random':
      return { kind: 'random' };
    case 'yesno':
      return typeof v.value === 'boolean' ? { kind: 'yesno', value: v.value } : null;
    case 'players':
      return Array.isArray(v.ids) && v.ids.length <= 100 && v.ids.every(isId) ? { kind: 'players', ids: [...(v.ids as string[])] } : null;
    case 'tally': {
      if (!isPlainObject(v.counts)) return null;
      const entries = Object.entries(v.counts);
      if (entries.length > 100 || !entries.every(([id, n]) => isId(id) && typeof n === 'number')) return null;
      return { kind: 'tally', counts: Object.fromEntries(entries) as Record<string, number> };
    }
  }
  return null;
}

function readOverride(v: unknown): Override | null {
  if (!isPlainObject(v)) return null;
  switch (v.kind) {
    case 'eliminate':
    case 'revive':
    case 'reveal':
      return isId(v.player) ? { kind: v.kind, player: v.player } : null;
    case 'declareWinner':
      return typeof v.winner === 'string' && v.winner.length <= MAX_ID ? { kind: 'declareWinner', winner: v.winner } : null;
    // The corrections: each field checked here for its shape, and the game's `checkOverride` (run
    // by the replay) refuses what the rules do not allow (an unknown token or card, a name taken).
    case 'moveToken': {
      if (!isId(v.token) || !isId(v.to)) return null;
      if (v.planted === undefined) return { kind: 'moveToken', token: v.token, to: v.to };
      return typeof v.planted === 'boolean' ? { kind: 'moveToken', token: v.token, to: v.to, planted: v.planted } : null;
    }
    case 'swapRoles':
      return isId(v.a) && isId(v.b) ? { kind: 'swapRoles', a: v.a, b: v.b } : null;
    case 'setRole':
      return isId(v.player) && isId(v.role) ? { kind: 'setRole', player: v.player, role: v.role } : null;
    case 'rename':
    case 'replace':
      return isId(v.player) && typeof v.name === 'string' && v.name.length <= MAX_NAME ? { kind: v.kind, player: v.player, name: v.name } : null;
    case 'leave':
      return isId(v.player) ? { kind: 'leave', player: v.player } : null;
    case 'setValue': {
      if (!isId(v.target) || !isId(v.field)) return null;
      const value = readValue(v.value);
      return value === null ? null : { kind: 'setValue', target: v.target, field: v.field, value };
    }
  }
  return null;
}

/** A corrected value: a whole number, an id, or up to 52 ids (a pack of playing cards). */
function readValue(v: unknown): CorrectedValue | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (isId(v)) return v;
  return Array.isArray(v) && v.length <= 52 && v.every(isId) ? [...(v as string[])] : null;
}

/** What the home screen lists, as the game screen writes it after every move. */
export function summaryOf(view: GameView): GameSummary {
  return {
    players: view.players.map((p) => p.name),
    phase: view.phase,
    stage: view.stage,
    winner: view.outcome?.winner ?? null
  };
}

/** JSON with sorted keys and `undefined` left out, so two views compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v
  );
}
