/**
 * The app's one storage, opened on first use, as Svelte state: which kind it is, the problem
 * to show when data cannot be kept, whether the browser promised not to evict it, and the games
 * being played on in memory because storage refused a move (full, or failing mid-game).
 *
 * Such a game is not stopped: from the refused move on, it is written to a memory copy (its
 * record and whole log) and the layout says plainly that it is no longer saved. `saveAgain()`
 * writes each copy back to storage in one transaction; until then a reload would lose the
 * moves made since. Every game write goes through `exclusive()`, so a move never interleaves
 * with a copy being saved back.
 */
import {
  MemoryStorage,
  openStorage,
  peekRows,
  peekSetting,
  peekStorage,
  type CheckpointRecord,
  type EventRecord,
  type GameRecord,
  type Peeked,
  type ScriptRecord,
  type Storage,
  StorageError,
  toStorageError
} from '../db';
import type { Text } from '../engine/types';

/**
 * The Keeper's own request for persistent storage: none made yet, waiting for the browser's
 * answer (some browsers show a question first), or waited long enough that the screen says the
 * browser has not answered (the request stays open: a late answer is still taken).
 */
export type PersistRequest = 'none' | 'pending' | 'unanswered';

/** How long a request waits before the screen says the browser has not answered. */
export const PERSIST_ANSWER_WAIT = 8000;
/** How long reading what the browser already promised may take before it counts as "no". */
const PERSISTED_READ_WAIT = 2000;

/** Why a game is being played on in memory. */
export type UnsavedReason = 'quota' | 'unavailable';

export interface UnsavedGame {
  id: string;
  reason: UnsavedReason;
}

class StorageState {
  storage: Storage | null = $state.raw(null);
  problem: Text | null = $state.raw(null);
  persisted: boolean | null = $state(null);
  request: PersistRequest = $state('none');
  unsaved: readonly UnsavedGame[] = $state.raw([]);
  get kind(): Storage['kind'] | null {
    return this.storage?.kind ?? null;
  }
}

const state = new StorageState();

export const storageState: {
  readonly storage: Storage | null;
  readonly kind: Storage['kind'] | null;
  readonly problem: Text | null;
  /**
   * Whether the browser promised not to evict the games: read without asking (no browser shows
   * a question for it). Null while unread, or when nothing is stored on the phone at all.
   */
  readonly persisted: boolean | null;
  /** The Keeper's own request, while one is out (`requestPersistence`). */
  readonly request: PersistRequest;
  /** Games not being saved right now, oldest first. */
  readonly unsaved: readonly UnsavedGame[];
} = state;

let opening: Promise<Storage> | null = null;

/** The storage, opened once; never rejects (it falls back to memory). */
export function ready(): Promise<Storage> {
  opening ??= openStorage().then(({ storage, problem }) => {
    state.storage = storage;
    state.problem = problem;
    if (storage.kind === 'indexeddb') void readPersisted();
    return storage;
  });
  return opening;
}

/** Use this storage from now on instead of opening one (tests; importing a backup). */
export function provideStorage(storage: Storage, problem: Text | null = null): void {
  opening = Promise.resolve(storage);
  state.storage = storage;
  state.problem = problem;
  state.persisted = null;
  state.request = 'none';
  asking = null;
  askedAtStart = false;
  held.clear();
  state.unsaved = [];
}

/** `promise`'s value, or `fallback` once `ms` have passed without one. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      () => (clearTimeout(timer), resolve(fallback))
    );
  });
}

/**
 * Read whether the browser already promised to keep the games, without asking for it:
 * `persisted()` shows no question in any browser, while `persist()` makes Firefox ask the
 * person at once, so it is called only on a deliberate act (`requestPersistence`). Never
 * waits on the browser for long; a browser with no storage manager (WebKitGTK) has promised
 * nothing. Resolves with what it read.
 */
export async function readPersisted(): Promise<boolean> {
  const manager = globalThis.navigator?.storage;
  const read = typeof manager?.persisted === 'function' ? await within(manager.persisted(), PERSISTED_READ_WAIT, false) : false;
  // A request answered meanwhile knows better than a read that started before it.
  if (state.persisted !== true) state.persisted = read === true;
  return state.persisted;
}

/** Whether this browser lets a page ask for persistent storage at all. */
export function canAskToPersist(): boolean {
  return typeof globalThis.navigator?.storage?.persist === 'function';
}

let asking: Promise<boolean> | null = null;

/**
 * Ask the browser to keep the games, because the Keeper did something that means to keep them
 * (the button in Settings, or starting a game): a browser may show its own question first, and
 * may say yes to a person's request, or once the app is installed. One request at a time; while
 * it is out, `storageState.request` is 'pending', then 'unanswered' after a few seconds without
 * an answer, so no screen waits on the browser's question. Resolves with the answer (false when
 * the browser cannot be asked or the games are not kept on the phone at all); call it without
 * awaiting where the answer is not shown.
 */
export function requestPersistence(): Promise<boolean> {
  if (!canAskToPersist()) return Promise.resolve(false);
  if (asking) return asking;
  // Called now, inside the tap: a browser may only ask the person during a user gesture.
  const asked = navigator.storage.persist();
  asking = (async () => {
    state.request = 'pending';
    const timer = setTimeout(() => {
      if (state.request === 'pending') state.request = 'unanswered';
    }, PERSIST_ANSWER_WAIT);
    try {
      const storage = await ready();
      let granted = false;
      try {
        granted = (await asked) || ((await navigator.storage.persisted?.()) ?? false);
      } catch {
        granted = false;
      }
      if (storage.kind !== 'indexeddb') return false;
      state.persisted = granted;
      return granted;
    } finally {
      clearTimeout(timer);
      state.request = 'none';
      asking = null;
    }
  })();
  return asking;
}

let askedAtStart = false;

/**
 * Starting a game asks the browser to keep the games (the set-up screen says so), once per
 * visit and only while it has not promised to: a browser that shows a question asks it at most
 * once a visit. Not awaited by the start.
 */
export function requestPersistenceOnStart(): void {
  if (askedAtStart || state.persisted === true || state.kind === 'memory') return;
  askedAtStart = true;
  void requestPersistence();
}

// ---------------------------------------------------------------------------------------------
// Games played on in memory

interface Held {
  memory: MemoryStorage;
  /** The seq of the stored copy when the game went on in memory; null when it was never stored. */
  since: number | null;
  reason: UnsavedReason;
}

const held = new Map<string, Held>();

function publish(): void {
  state.unsaved = [...held].map(([id, h]) => ({ id, reason: h.reason }));
}

/** Whether a failed write is one a game can carry on through in memory. */
export function canCarryOn(error: StorageError): error is StorageError & { kind: UnsavedReason } {
  return error.kind === 'quota' || error.kind === 'unavailable';
}

/** Where game `id` is kept now: its memory copy while it is not being saved, else the storage. */
export async function storageFor(id: string): Promise<Storage> {
  return held.get(id)?.memory ?? ready();
}

let queue: Promise<unknown> = Promise.resolve();

/** Run game writes one at a time, in the order asked. */
export function exclusive<T>(op: () => Promise<T>): Promise<T> {
  const run = queue.then(op, op);
  queue = run.catch(() => {});
  return run;
}

/**
 * Carry game `game.id` on in memory from here, starting from `game`, its whole log (what the
 * storage holds, or held until it refused) and the checkpoints at hand. Returns the memory copy to
 * write to. Call inside
 * `exclusive()`.
 */
export async function carryOnInMemory(
  game: GameRecord,
  events: readonly EventRecord[],
  checkpoints: readonly CheckpointRecord[],
  since: number | null,
  reason: UnsavedReason
): Promise<Storage> {
  const memory = new MemoryStorage();
  await memory.saveGame(game, events, checkpoints, null);
  held.set(game.id, { memory, since, reason });
  publish();
  return memory;
}

let firstPeek: Promise<Peeked | null> | null = null;

/**
 * What is stored, from a small read without opening the storage (no Dexie), while no screen has
 * opened it yet; null once it is open, or when IndexedDB cannot be read this way. The first
 * read is shared (the home list and the settings both start from it).
 */
function peek(again: boolean): Promise<Peeked | null> {
  if (opening) return Promise.resolve(null);
  if (again || !firstPeek) firstPeek = peekStorage();
  return firstPeek;
}

let listedOnce = false;

/** The stored settings rows by key, read without opening the storage when that is not done yet. */
export async function readSettings(keys: readonly string[]): Promise<Record<string, unknown>> {
  const peeked = await peek(false);
  if (peeked) return Object.fromEntries(keys.filter((k) => k in peeked.settings).map((k) => [k, peeked.settings[k]]));
  const storage = await ready();
  const values = await Promise.all(keys.map((k) => storage.getSetting<unknown>(k, null)));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}

/** One stored settings row (`fallback` when there is none), read without opening the storage when that is not done yet. */
export async function readSetting<T>(key: string, fallback: T): Promise<T> {
  if (!opening) {
    const peeked = await peekSetting(key);
    if (peeked) return peeked.found ? (peeked.value as T) : fallback;
  }
  return (await ready()).getSetting<T>(key, fallback);
}

/** The Storyteller's scripts, most recently changed first, read without opening the storage when that is not done yet. */
export async function readScripts(): Promise<ScriptRecord[]> {
  if (!opening) {
    const peeked = await peekRows<ScriptRecord>('scripts');
    if (peeked) return peeked;
  }
  return (await ready()).listScripts();
}

/** Every game, most recently updated first: those played on in memory as they are now. */
export async function listAllGames(): Promise<GameRecord[]> {
  // Until a screen opens the storage, no game can be held in memory: the small read is the list.
  const peeked = await peek(listedOnce);
  listedOnce = true;
  if (peeked) return peeked.games;
  const stored = await (await ready()).listGames();
  if (held.size === 0) return stored;
  const byId = new Map(stored.map((g) => [g.id, g]));
  for (const [id, h] of held) {
    const found = await h.memory.getGame(id);
    if (found) byId.set(id, found.game);
  }
  // The same order as the storage's reversed `updatedAt` index.
  return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Delete a game and its log from storage, and its memory copy if it has one. */
export function deleteGame(id: string): Promise<void> {
  return exclusive(async () => {
    await (await ready()).deleteGame(id);
    if (held.delete(id)) publish();
  });
}

/**
 * Write every game played on in memory back to storage, each with its whole log in one
 * transaction. Resolves with the first failure met (the games it concerns stay in memory, with
 * the reason updated), or null once every game is saved.
 */
export function saveAgain(): Promise<StorageError | null> {
  return exclusive(async () => {
    const storage = await ready();
    let failure: StorageError | null = null;
    for (const [id, h] of [...held]) {
      try {
        const found = await h.memory.getGame(id);
        if (found) {
          const checkpoints = await Promise.all(found.checkpoints.map((seq) => h.memory.getCheckpoint(id, seq)));
          await storage.saveGame(found.game, found.events, checkpoints.filter((c) => c !== null), h.since);
        }
        held.delete(id);
      } catch (e) {
        const error = toStorageError(e);
        failure ??= error;
        if (canCarryOn(error)) h.reason = error.kind;
      }
    }
    publish();
    return failure;
  });
}
