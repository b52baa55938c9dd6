/**
 * A small read of what is stored, without Dexie: the game list and a few settings, straight
 * from IndexedDB in one read-only transaction. The home screen draws from it, so the first
 * visit does not fetch and run the database library (about a third of its JavaScript) before
 * anything is on screen; Dexie is loaded by `openStorage` when a screen writes or plays.
 *
 * It reads the stores of every schema version Dexie ever declared here (`games` with its
 * `updatedAt` index, and `settings`, both unchanged since version 1) and never creates or
 * upgrades the database: when there is none yet, the open is cancelled inside its upgrade, so
 * nothing is left behind and Dexie later creates it as usual.
 */
import { DB_NAME } from './name';
import type { GameRecord } from './types';

export interface Peeked {
  /** Most recently updated first, as `Storage.listGames` gives them. */
  games: GameRecord[];
  settings: Record<string, unknown>;
}

/** What the phone holds (every game row and every setting), or null when IndexedDB cannot be read here (the full storage then decides). */
export function peekStorage(name = DB_NAME): Promise<Peeked | null> {
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
      resolve(fresh ? { games: [], settings: {} } : null);
    };
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Never stand in the way of Dexie opening or upgrading the database.
      db.onversionchange = () => db.close();
      try {
        const names = ['games', 'settings'].filter((n) => db.objectStoreNames.contains(n));
        if (names.length < 2) {
          db.close();
          return resolve(null);
        }
        const tx = db.transaction(names, 'readonly');
        const games = tx.objectStore('games').index('updatedAt').getAll();
        // A handful of small rows: the Keeper's preferences and a running step timer.
        const rows = tx.objectStore('settings').getAll();
        tx.oncomplete = () => {
          db.close();
          const settings: Record<string, unknown> = {};
          for (const row of rows.result as { key: string; value: unknown }[]) settings[row.key] = row.value;
          resolve({ games: (games.result as GameRecord[]).reverse(), settings });
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}
