/**
 * Lantern's backup file: what it holds, how it is written, and the first, game-blind checks a
 * file read back must pass before anything looks inside (size, JSON, nesting, text length,
 * keys that could reach an object's prototype). Plain TypeScript: no Dexie, no Svelte, so
 * every rule here is unit-tested on its own.
 *
 * A file is
 *   { format: 'lantern-backup', version: 2, exportedAt: ISO date,
 *     games: [{ game: GameRecord, events: EventRecord[] }],
 *     cards?: { gloom: { [card name]: { type, print } } },
 *     scripts?: [{ id, name, script, createdAt, updatedAt }] }
 * — the game's record and its log exactly as storage keeps them, so a restored game is the game
 * that was saved (its checkpoints are rebuilt by the replay every import makes). Version 1 files
 * carried a snapshot in every log entry (as storage then did); they are still read, and those
 * snapshots ignored. `cards` (optional) is what the phone remembers of the Cthulhu Gloom cards
 * the players have typed (games/gloom/memory.ts): it travels with a backup of every game, or of
 * a Gloom game. `scripts` (optional, added without a version change: an older file simply has
 * none) is the Storyteller's Blood on the Clocktower script library (the `scripts` table), in a
 * backup of every game; each script is read again with every check a loaded script file gets.
 */
import type { EventRecord, GameRecord, ScriptRecord } from '../db/types';
import type { Text } from '../engine/types';

export const BACKUP_FORMAT = 'lantern-backup';
export const BACKUP_VERSION = 2;
/** The largest file Lantern reads (a year of weekly games is well under 5 MB). */
export const MAX_BACKUP_BYTES = 20 * 1024 * 1024;

/** Bounds on what a file may hold, far beyond anything Lantern writes. */
export const LIMITS = {
  /** Object and array nesting (a snapshot is about ten levels deep). */
  depth: 64,
  /** Characters in one text (a player name is at most 40; log lines name a few players). */
  stringLength: 10_000,
  games: 1000
} as const;

export interface BackupGame {
  game: GameRecord;
  events: EventRecord[];
}

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When the file was made, as an ISO 8601 date. */
  exportedAt: string;
  games: BackupGame[];
  cards?: BackupCards;
  /** The phone's Blood on the Clocktower scripts, as storage keeps them. */
  scripts?: ScriptRecord[];
}

/** Remembered card values, by game (only Cthulhu Gloom remembers any). */
export interface BackupCards {
  gloom: Record<string, unknown>;
}

/** Where in a file a problem is, for a message that names it. */
export interface ProblemPlace {
  /** 1-based position of the game in the file. */
  index: number;
  /** Which game it is, when the file says so readably. */
  gameId?: string;
  /** Its players' names, when the file gives them readably. */
  players?: string[];
  /** 1-based position of the entry in that game's log. */
  event?: number;
}

/** Why a file cannot be imported. Importing it changes nothing. */
export interface BackupProblem {
  /** `backup:errors.*` */
  text: Text;
  where?: ProblemPlace;
  /** The game's or the engine's own explanation (a setup problem, a refused move). */
  detail?: Text;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: BackupProblem };

export const problem = (key: string, params?: Text['params'], where?: ProblemPlace, detail?: Text): { ok: false; problem: BackupProblem } => ({
  ok: false,
  problem: { text: { key: `backup:errors.${key}`, params }, ...(where ? { where } : {}), ...(detail ? { detail } : {}) }
});

export function makeBackup(games: BackupGame[], exportedAt: Date, cards?: BackupCards, scripts?: ScriptRecord[]): BackupFile {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: exportedAt.toISOString(),
    games,
    ...(cards && { cards }),
    ...(scripts && scripts.length > 0 && { scripts })
  };
}

export function serializeBackup(file: BackupFile): string {
  // Compact: the file may travel by messenger.
  return JSON.stringify(file);
}

/** `lantern-2025-03-07-2130.json`, or `lantern-cluethulhu-2025-03-07-2130.json` for one game. */
export function backupFileName(exportedAt: Date, gameId?: string): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const d = exportedAt;
  const stamp = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
  return gameId ? `lantern-${gameId}-${stamp}.json` : `lantern-${stamp}.json`;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** Refuse a file by its size alone, before reading it. */
export function checkSize(bytes: number): Checked<number> {
  if (bytes > MAX_BACKUP_BYTES) return problem('tooLarge', { size: megabytes(bytes), max: megabytes(MAX_BACKUP_BYTES) });
  if (bytes === 0) return problem('empty');
  return { ok: true, value: bytes };
}

/** Keys that would reach an object's prototype if a parsed value were ever merged into another. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parse a file's text and walk the result once, without recursion (a hostile file may nest a
 * million arrays): too deep, a text too long or a forbidden key refuse the whole file.
 */
export function parseBackupText(text: string): Checked<unknown> {
  // A UTF-8 file has at least as many bytes as its text has UTF-16 units.
  if (text.length > MAX_BACKUP_BYTES) return checkSize(text.length) as { ok: false; problem: BackupProblem };
  if (text.trim() === '') return problem('empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return problem('notJson');
  }
  const scanned = scan(value);
  return scanned ?? { ok: true, value };
}

/**
 * Where a value sits on the way to a log entry: the file, its `games` list, one game, that
 * game's `events` list, one entry; anything else is `elsewhere` (inheriting the game and entry
 * it is in), so a problem can name them without keeping a path for every value.
 */
const Route = { File: 0, Games: 1, Game: 2, Events: 3, Event: 4, Elsewhere: 5 } as const;
type Route = (typeof Route)[keyof typeof Route];

interface Visit {
  value: unknown;
  depth: number;
  route: Route;
  game: number;
  event: number;
}

function scan(root: unknown): { ok: false; problem: BackupProblem } | null {
  const stack: Visit[] = [{ value: root, depth: 0, route: Route.File, game: -1, event: -1 }];
  const fail = (key: string, params: Text['params'], at: Visit) => problem(key, params, placeOf(root, at));
  while (stack.length) {
    const at = stack.pop()!;
    const { value, depth } = at;
    if (typeof value === 'string') {
      if (value.length > LIMITS.stringLength) return fail('textTooLong', { max: LIMITS.stringLength }, at);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= LIMITS.depth) return fail('tooDeep', { max: LIMITS.depth }, at);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const route = at.route === Route.Games ? Route.Game : at.route === Route.Events ? Route.Event : Route.Elsewhere;
        stack.push({
          value: value[i],
          depth: depth + 1,
          route,
          game: route === Route.Game ? i : at.game,
          event: route === Route.Event ? i : at.event
        });
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return fail('forbiddenKey', { key }, at);
      if (key.length > LIMITS.stringLength) return fail('textTooLong', { max: LIMITS.stringLength }, at);
      const route =
        at.route === Route.File && key === 'games' ? Route.Games : at.route === Route.Game && key === 'events' ? Route.Events : Route.Elsewhere;
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, route, game: at.game, event: at.event });
    }
  }
  return null;
}

/** The game (and log entry) a value found by the scan is in. */
function placeOf(root: unknown, at: Visit): ProblemPlace | undefined {
  if (at.game < 0) return undefined;
  const entry = (root as { games: unknown[] }).games[at.game];
  return { ...describeGame(entry, at.game), ...(at.event >= 0 ? { event: at.event + 1 } : {}) };
}

/** What a file says about its `index`-th game, as far as it can be read. */
export function describeGame(entry: unknown, index: number): ProblemPlace {
  const place: ProblemPlace = { index: index + 1 };
  const game = isPlainObject(entry) && isPlainObject(entry.game) ? entry.game : null;
  if (!game) return place;
  if (typeof game.gameId === 'string' && game.gameId.length <= 40) place.gameId = game.gameId;
  const summary = isPlainObject(game.summary) ? game.summary : null;
  const names = summary && Array.isArray(summary.players) ? summary.players : null;
  if (names && names.length <= 40 && names.every((n) => typeof n === 'string' && n.length <= 100)) place.players = names as string[];
  return place;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
