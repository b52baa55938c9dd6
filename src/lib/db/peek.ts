/**
 * A small read of what is stored, without Dexie: the game list and a few settings, straight
 * from IndexedDB in one read-only transaction. The home screen draws from it, so the first
 * visit does not fetch and run the database library (about a third of its JavaScript) before
 * anything is on screen; Dexie is loaded by `openStorage` when a screen writes or plays.
 *
 * The same way, a set-up screen reads one settings row (`peekSetting`) or a table's rows
 * (`peekRows`: Blood on the Clocktower's scripts) to draw itself before Dexie is needed.
 *
 * It reads stores as Dexie declared them (`games` with its `updatedAt` index and `settings`
 * since version 1, `scripts` with its `updatedAt` index since version 3; a store an older
 * database lacks is left to Dexie, which upgrades it) and never creates or upgrades the
 * database: when there is none yet, the open is cancelled inside its upgrade, so nothing is
 * left behind and Dexie later creates it as usual.
 */
import { DB_NAME } from './name';
import type { GameRecord } from './types';

export interface Peeked {
  /** Most recently updated first, as `Storage.listGames` gives them. */
  games: GameRecord[];
  settings: Record<string, unknown>;
}

/**
 * Settings rows that hold a whole file (Blood on the Clocktower's character texts, which the
 * Storyteller imports: up to megabytes). No screen is drawn from them, so the small read leaves
 * them out; `peekSetting` reads one when a screen needs it.
 */
export const BULKY_SETTINGS: readonly string[] = ['botc.characterTexts'];

/**
 * Open the database read-only, for one read: `read` gets it and resolves with what it found
 * (the database is closed after). When there is no database yet, the open is cancelled inside
 * its upgrade and `empty` is the answer: nothing is stored. Null when IndexedDB cannot be read
 * here (the full storage then decides).
 */
function withDatabase<T>(name: string, empty: T, read: (db: IDBDatabase) => Promise<T | null>): Promise<T | null> {
  const factory = globalThis.indexedDB;
  if (!factory) return Promise.resolve(null);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch {
      return resolve(null);
    }
    let fresh = false;
    request.onupgradeneeded = () => {
      // No database yet: nothing stored. Cancelling leaves no empty database behind.
      fresh = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(fresh ? empty : null);
    };
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Never stand in the way of Dexie opening or upgrading the database.
      db.onversionchange = () => db.close();
      read(db)
        .catch(() => null)
        .then((found) => {
          db.close();
          resolve(found);
        });
    };
  });
}

/** The requests' results once `tx` completes; null if it fails. */
function settled<T>(tx: IDBTransaction, collect: () => T): Promise<T | null> {
  return new Promise((resolve) => {
    tx.oncomplete = () => resolve(collect());
    tx.onerror = tx.onabort = () => resolve(null);
  });
}

/** What the phone holds (every game row and the settings but the bulky ones), or null when IndexedDB cannot be read here (the full storage then decides). */
export function peekStorage(name = DB_NAME): Promise<Peeked | null> {
  return withDatabase<Peeked>(name, { games: [], settings: {} }, async (db) => {
    if (!db.objectStoreNames.contains('games') || !db.objectStoreNames.contains('settings')) return null;
    const tx = db.transaction(['games', 'settings'], 'readonly');
    const games = tx.objectStore('games').index('updatedAt').getAll();
    // A handful of small rows: the Keeper's preferences, drafts, a running step timer. The
    // bulky ones are skipped by key range, so they are never read here.
    const store = tx.objectStore('settings');
    const bulky = [...BULKY_SETTINGS].sort();
    const ranges: (IDBKeyRange | undefined)[] = [];
    let lower: string | undefined;
    for (const key of bulky) {
      ranges.push(lower === undefined ? IDBKeyRange.upperBound(key, true) : IDBKeyRange.bound(lower, key, true, true));
      lower = key;
    }
    ranges.push(lower === undefined ? undefined : IDBKeyRange.lowerBound(lower, true));
    const parts = ranges.map((range) => store.getAll(range));
    return settled(tx, () => {
      const settings: Record<string, unknown> = {};
      for (const part of parts) for (const row of part.result as { key: string; value: unknown }[]) settings[row.key] = row.value;
      return { games: (games.result as GameRecord[]).reverse(), settings };
    });
  });
}

/** One settings row (found or not), or null when it cannot be read this way. */
export function peekSetting(key: string, name = DB_NAME): Promise<{ found: boolean; value?: unknown } | null> {
  return withDatabase(name, { found: false }, async (db) => {
    if (!db.objectStoreNames.contains('settings')) return null;
    const tx = db.transaction('settings', 'readonly');
    const row = tx.objectStore('settings').get(key);
    return settled(tx, () => {
      const found = row.result as { key: string; value: unknown } | undefined;
      return found ? { found: true, value: found.value } : { found: false };
    });
  });
}

/**
 * Every row of `store`, most recently updated first (its `updatedAt` index, as Dexie's lists
 * give them), or null when this database has no such store yet (an older version Dexie will
 * upgrade) or it cannot be read this way.
 */
export function peekRows<T>(store: string, name = DB_NAME): Promise<T[] | null> {
  return withDatabase<T[]>(name, [], async (db) => {
    if (!db.objectStoreNames.contains(store)) return null;
    const tx = db.transaction(store, 'readonly');
    const rows = tx.objectStore(store).index('updatedAt').getAll();
    return settled(tx, () => (rows.result as T[]).reverse());
  });
}
