/**
 * What Lantern keeps on the phone: one record per game (its setup, seed and latest snapshot),
 * its event log, one small row per move, a checkpoint (the snapshot after an entry) every
 * `CHECKPOINT_EVERY` entries, where an undo starts from, plus a few settings. These shapes are shared by the
 * IndexedDB storage and the in-memory fallback, which must behave the same, as is the rule
 * both apply before appending to a log.
 */
import type { GameInput } from '../engine/game';
import type { LoggedEvent, PersistedSnapshot } from '../engine/session';
import type { Phase } from '../engine/types';

/** Enough to list a game on the home screen without loading its rules. */
export interface GameSummary {
  /** Player names in seating order. */
  players: string[];
  phase: Phase | null;
  stage: 'dealing' | 'play' | 'over';
  /** The game-specific winner id once the game is over. */
  winner: string | null;
}

export interface GameRecord {
  /** This game's own id (a UUID); `EventRecord.gameId` refers to it. */
  id: string;
  /** Which game is played, e.g. `cluethulhu`. */
  gameId: string;
  createdAt: number;
  updatedAt: number;
  input: GameInput<unknown>;
  /** The machine version `snapshot` was written by. */
  machineVersion: number;
  /** Snapshot after the latest log entry. */
  snapshot: PersistedSnapshot;
  /** Number of log entries so far (undo entries included). */
  seq: number;
  status: 'active' | 'over';
  summary: GameSummary;
  /**
   * The log length at which the moderator opened the hand-back screen (see `markHandBack`):
   * while it equals `seq`, the game reopens on the moderator's screen, not on the hand-back.
   */
  handBackOpenedAt?: number;
}

export interface EventRecord {
  /** The `GameRecord.id` this entry belongs to (not the kind of game). */
  gameId: string;
  /** 1-based position in the log; equals the game's `seq` once this entry is written. */
  seq: number;
  at: number;
  event: LoggedEvent;
  /** The machine version that took this entry. */
  machineVersion: number;
}

/**
 * The game after log entry `seq`, kept for every `CHECKPOINT_EVERY`-th entry: an undo restores
 * the nearest usable one and applies the few moves after it (see `restorePlan`), instead of
 * replaying the whole log. Kept apart from the log so that opening a game reads only the
 * small log rows: a snapshot per entry made the stored log grow with the square of the game
 * (11 MB at 1,000 entries, a third of a second to read back).
 */
export interface CheckpointRecord {
  gameId: string;
  seq: number;
  snapshot: PersistedSnapshot;
  /** The machine version that wrote `snapshot`; only that version can read it. */
  machineVersion: number;
}

/** How often a checkpoint is stored: an undo applies at most about this many moves. */
export const CHECKPOINT_EVERY = 16;

/** Whether the entry numbered `seq` gets a checkpoint. */
export const isCheckpoint = (seq: number): boolean => seq > 0 && seq % CHECKPOINT_EVERY === 0;

export interface Storage {
  kind: 'indexeddb' | 'memory';
  /** Most recently updated first. */
  listGames(): Promise<GameRecord[]>;
  /**
   * The game, its log in order and the entry numbers that have a checkpoint (without the
   * snapshots: `getCheckpoint` reads one), or null when there is no such game.
   */
  getGame(id: string): Promise<StoredGame | null>;
  /** The checkpoint stored after entry `seq` of game `id`, or null. */
  getCheckpoint(id: string, seq: number): Promise<CheckpointRecord | null>;
  /** Rejects with a `conflict` StorageError when a game with this id exists. */
  createGame(game: GameRecord): Promise<void>;
  /**
   * Add one log entry, its checkpoint when it has one, and the game's new state in ONE
   * transaction. Rejects with a `conflict` StorageError, writing nothing, unless the stored
   * game is exactly one entry behind.
   */
  appendEvent(game: GameRecord, event: EventRecord, checkpoint?: CheckpointRecord): Promise<void>;
  /** Delete the game, its whole log and its checkpoints, in one transaction. */
  deleteGame(id: string): Promise<void>;
  /**
   * Store whole games with their logs (a backup being restored) in ONE transaction: all of
   * them or, on any failure, none. In `add` mode a game whose id is already stored rejects the
   * whole import with a `conflict` StorageError; in `replace` mode that game and its old log
   * are replaced. Each item must hold its complete log (see `isWholeLog`).
   */
  importGames(items: readonly ImportItem[], mode: ImportMode): Promise<void>;
  /**
   * Write one game and its whole log in ONE transaction, replacing what is stored for it: how
   * a game played on in memory (storage full or failing) is saved back. `since` is the
   * sequence number the stored copy had when the game went on in memory (null: it was never
   * stored). Rejects with a `conflict` StorageError, writing nothing, when a stored copy has
   * moved on from there (another tab played it), so nobody's moves are ever overwritten. A
   * stored copy that has gone missing is simply written again. Checkpoints stored up to
   * `since` stay (the log up to there is unchanged); `checkpoints` are added to them.
   */
  saveGame(game: GameRecord, events: readonly EventRecord[], checkpoints: readonly CheckpointRecord[], since: number | null): Promise<void>;
  /**
   * The moderator opened game `id`'s hand-back screen at log length `seq`: written on the game's
   * record, so it lasts through a killed browser and goes with the game when it is deleted. Does
   * nothing when the stored game is missing or no longer at `seq`.
   */
  markHandBack(id: string, seq: number): Promise<void>;
  getSetting<T>(key: string, fallback: T): Promise<T>;
  setSetting(key: string, value: unknown): Promise<void>;
  /** The Storyteller's scripts (Blood on the Clocktower), most recently changed first. */
  listScripts(): Promise<ScriptRecord[]>;
  /** Store a script, or replace the one with its id. */
  putScript(script: ScriptRecord): Promise<void>;
  deleteScript(id: string): Promise<void>;
}

/**
 * A script kept on the phone for Blood on the Clocktower: the file as Lantern read it and
 * writes it back (`scriptToJson`: nothing it dropped, no URL), under the name the Storyteller
 * gave it. Checked again by `readScript` whenever it is used.
 */
export interface ScriptRecord {
  id: string;
  name: string;
  script: unknown[];
  createdAt: number;
  updatedAt: number;
}

/** A game as storage gives it back to be played. */
export interface StoredGame {
  game: GameRecord;
  events: EventRecord[];
  /** Entry numbers with a stored checkpoint, ascending. */
  checkpoints: number[];
}

/** A game, its complete log and its checkpoints, as a backup is restored. */
export interface ImportItem {
  game: GameRecord;
  events: EventRecord[];
  checkpoints: CheckpointRecord[];
}

/** `add`: every game must be new. `replace`: a stored game with the same id is overwritten. */
export type ImportMode = 'add' | 'replace';

/** A settings row. */
export interface SettingRecord {
  key: string;
  value: unknown;
}

/**
 * The rule both storages apply before appending: the entry is the stored game's next one.
 * `storedSeq` is the number of the stored game's last entry (0 for none), or null when the
 * game is not stored. A checkpoint must be the one after this very entry.
 */
export function isNextEntry(storedSeq: number | null, game: GameRecord, event: EventRecord, checkpoint?: CheckpointRecord): boolean {
  if (checkpoint && (checkpoint.gameId !== game.id || checkpoint.seq !== event.seq)) return false;
  return storedSeq !== null && event.gameId === game.id && event.seq === game.seq && storedSeq === event.seq - 1;
}

/**
 * The rule both storages apply before importing: the log belongs to the game, runs 1..n with
 * no gap, and the game says it has n entries; no two items share an id.
 */
export function isWholeLog(items: readonly ImportItem[]): boolean {
  const ids = new Set(items.map((i) => i.game.id));
  if (ids.size !== items.length) return false;
  return items.every(
    ({ game, events, checkpoints }) =>
      game.seq === events.length &&
      events.every((e, i) => e.gameId === game.id && e.seq === i + 1) &&
      belongTo(game, checkpoints)
  );
}

/** Checkpoints of `game`, each after one of its entries, none twice. */
export function belongTo(game: GameRecord, checkpoints: readonly CheckpointRecord[]): boolean {
  const seqs = new Set(checkpoints.map((c) => c.seq));
  return seqs.size === checkpoints.length && checkpoints.every((c) => c.gameId === game.id && Number.isInteger(c.seq) && c.seq >= 1 && c.seq <= game.seq);
}

/** The rule both storages apply before saving a game back: nothing was stored on top of `since`. */
export function isUnchangedSince(stored: GameRecord | undefined, since: number | null): boolean {
  return !stored || stored.seq === since;
}
