/**
 * What Lantern keeps on the phone: one record per game (its setup, seed and latest snapshot)
 * and its event log, one row per move, plus a few settings. These shapes are shared by the
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
}

export interface EventRecord {
  /** The `GameRecord.id` this entry belongs to (not the kind of game). */
  gameId: string;
  /** 1-based position in the log; equals the game's `seq` once this entry is written. */
  seq: number;
  at: number;
  event: LoggedEvent;
  /** Snapshot after this entry, so any point of the game can be shown without a replay. */
  snapshot: PersistedSnapshot;
  machineVersion: number;
}

export interface Storage {
  kind: 'indexeddb' | 'memory';
  /** Most recently updated first. */
  listGames(): Promise<GameRecord[]>;
  /** The game and its log in order, or null when there is no such game. */
  getGame(id: string): Promise<{ game: GameRecord; events: EventRecord[] } | null>;
  /** Rejects with a `conflict` StorageError when a game with this id exists. */
  createGame(game: GameRecord): Promise<void>;
  /**
   * Add one log entry and the game's new state in ONE transaction. Rejects with a `conflict`
   * StorageError, writing nothing, unless the stored game is exactly one entry behind.
   */
  appendEvent(game: GameRecord, event: EventRecord): Promise<void>;
  /** The game and its whole log, in one transaction. */
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
   * stored copy that has gone missing is simply written again.
   */
  saveGame(game: GameRecord, events: readonly EventRecord[], since: number | null): Promise<void>;
  getSetting<T>(key: string, fallback: T): Promise<T>;
  setSetting(key: string, value: unknown): Promise<void>;
}

/** A game and its complete log, as a backup holds it. */
export interface ImportItem {
  game: GameRecord;
  events: EventRecord[];
}

/** `add`: every game must be new. `replace`: a stored game with the same id is overwritten. */
export type ImportMode = 'add' | 'replace';

/** A settings row. */
export interface SettingRecord {
  key: string;
  value: unknown;
}

/** The rule both storages apply before appending: the entry is the stored game's next one. */
export function isNextEntry(stored: GameRecord | undefined, game: GameRecord, event: EventRecord): boolean {
  return !!stored && event.gameId === game.id && event.seq === game.seq && stored.seq === event.seq - 1;
}

/**
 * The rule both storages apply before importing: the log belongs to the game, runs 1..n with
 * no gap, and the game says it has n entries; no two items share an id.
 */
export function isWholeLog(items: readonly ImportItem[]): boolean {
  const ids = new Set(items.map((i) => i.game.id));
  if (ids.size !== items.length) return false;
  return items.every(
    ({ game, events }) => game.seq === events.length && events.every((e, i) => e.gameId === game.id && e.seq === i + 1)
  );
}

/** The rule both storages apply before saving a game back: nothing was stored on top of `since`. */
export function isUnchangedSince(stored: GameRecord | undefined, since: number | null): boolean {
  return !stored || stored.seq === since;
}
