/**
 * The IndexedDB storage, through Dexie: the schema of the `lantern` database, every version of
 * it ever shipped, and the transactions that keep a game and its log in step.
 */
import Dexie, { type Table } from 'dexie';
import { StorageError, toStorageError } from './errors';
import { DB_NAME } from './name';
import {
  isCheckpoint,
  isNextEntry,
  isUnchangedSince,
  isWholeLog,
  type CheckpointRecord,
  type EventRecord,
  type GameRecord,
  type ImportItem,
  type ImportMode,
  type ScriptRecord,
  type SettingRecord,
  type Storage,
  type StoredGame
} from './types';

export { DB_NAME };

export class LanternDB extends Dexie {
  games!: Table<GameRecord, string>;
  events!: Table<EventRecord, [string, number]>;
  checkpoints!: Table<CheckpointRecord, [string, number]>;
  settings!: Table<SettingRecord, string>;
  scripts!: Table<ScriptRecord, string>;

  constructor(name: string, deps: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }) {
    // The factory is passed in rather than read by Dexie when it loads, so that a browser
    // (or a test) without IndexedDB is noticed at open time.
    // Dexie's query cache and change notices (other tabs told of every write by a broadcast)
    // serve its live queries, which Lantern does not use: off, the end of every move's write
    // (which the screen waits for) does none of that work. Tabs are kept apart by a lock
    // (stores/tab-lock) and the storage's sequence check, never by those notices.
    super(name, { ...deps, cache: 'disabled' });
    this.unuse({ stack: 'dbcore', name: 'Observability' });
    // Keep every version ever shipped, oldest first: a phone may still hold any of them, and
    // Dexie upgrades through each in turn. To change the schema, add a new declaration below
    // the last one and never edit an old one, e.g.
    //   this.version(2)
    //     .stores({ games: 'id, gameId, status, updatedAt, createdAt' })
    //     .upgrade((tx) => tx.table('games').toCollection().modify((g) => { g.createdAt ??= g.updatedAt; }));
    // Tables left out of a later `stores()` keep their schema; `null` deletes one.
    //
    // Every version has a fixture, a raw dump of a database as that version leaves it on a
    // phone (tests/unit/db/fixtures/v<N>.json), and tests/unit/db/upgrade.test.ts opens each
    // one with today's code and checks every row is kept and every game is whole and playable.
    // So, with the new declaration and its upgrade in place:
    //   1. LANTERN_WRITE_DB_FIXTURE=1 npx vitest run tests/unit/db/fixtures/generate.test.ts
    //      writes v<N>.json from real games stored by the new code (until it exists, the
    //      generator's own check and the upgrade test fail);
    //   2. the upgrade test now also upgrades every older fixture to version N: make it pass,
    //      adding checks of what the upgrade changed;
    //   3. commit the new fixture and never regenerate an older one: it stands for phones
    //      that still hold that version.
    this.version(1).stores({
      games: 'id, gameId, status, updatedAt',
      // The log is keyed by game and position, so a second entry at the same position is refused.
      events: '[gameId+seq], gameId',
      settings: 'key'
    });
    // Version 2: log entries lose their snapshot; every CHECKPOINT_EVERY-th is kept as a
    // checkpoint of its own. (In version 1 every entry carried the whole game, so the stored
    // log grew with the square of the game and opening a long one took a third of a second.)
    this.version(2)
      .stores({ checkpoints: '[gameId+seq], gameId' })
      .upgrade(async (tx) => {
        const kept: CheckpointRecord[] = [];
        await tx
          .table('events')
          .toCollection()
          .modify((e: EventRecord & { snapshot?: CheckpointRecord['snapshot'] }) => {
            if (e.snapshot && isCheckpoint(e.seq))
              kept.push({ gameId: e.gameId, seq: e.seq, snapshot: e.snapshot, machineVersion: e.machineVersion });
            delete e.snapshot;
          });
        await tx.table('checkpoints').bulkAdd(kept);
      });
    // Version 3: the Storyteller's Blood on the Clocktower scripts, one row a script. A new
    // table: nothing stored before changes.
    this.version(3).stores({ scripts: 'id, updatedAt' });
  }
}

/** Every key of game `id` in a table keyed by `[gameId+seq]`. */
const ofGame = (id: string): [[string, unknown], [string, unknown]] => [
  [id, Dexie.minKey],
  [id, Dexie.maxKey]
];

export class DexieStorage implements Storage {
  readonly kind = 'indexeddb' as const;

  constructor(readonly db: LanternDB) {}

  async #run<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (e) {
      throw toStorageError(e);
    }
  }

  listGames(): Promise<GameRecord[]> {
    return this.#run(() => this.db.games.orderBy('updatedAt').reverse().toArray());
  }

  getGame(id: string): Promise<StoredGame | null> {
    const { games, events, checkpoints } = this.db;
    return this.#run(() =>
      this.db.transaction('r', games, events, checkpoints, async () => {
        const game = await games.get(id);
        if (!game) return null;
        // The compound key keeps the log in order without sorting.
        const log = await events.where('[gameId+seq]').between(...ofGame(id)).toArray();
        // Only the keys: a checkpoint's snapshot is read when an undo needs it.
        const keys = await checkpoints.where('[gameId+seq]').between(...ofGame(id)).primaryKeys();
        return { game, events: log, checkpoints: keys.map(([, seq]) => seq) };
      })
    );
  }

  getCheckpoint(id: string, seq: number): Promise<CheckpointRecord | null> {
    return this.#run(async () => (await this.db.checkpoints.get([id, seq])) ?? null);
  }

  createGame(game: GameRecord): Promise<void> {
    return this.#run(async () => {
      await this.db.games.add(game);
    });
  }

  /**
   * One move: its entry, the game as it now stands and, every few moves, a checkpoint, in one
   * transaction, refused as a whole (a conflict) unless the entry before it is stored and this one
   * is not. The move's screen waits for this, so it goes straight to IndexedDB rather than
   * through Dexie, for two reasons. The commit is asked for as soon as the check has passed,
   * without waiting for the writes' answers to be handed to the page: after a tap the browser
   * hands the page nothing before it has drawn a frame, and the writes are done by then. And no
   * write's failure is ever caught here: IndexedDB aborts the whole transaction on it, even once
   * the commit is asked for (Dexie catches a failed request so as to decide itself, which an
   * early commit would turn into half a move stored).
   */
  appendEvent(game: GameRecord, event: EventRecord, checkpoint?: CheckpointRecord): Promise<void> {
    return this.#run(async () => {
      // A connection the browser closed is opened again, as Dexie does for its own requests; one
      // closed on purpose stays closed, and the move is refused as storage that cannot be used.
      if (!this.db.isOpen()) {
        if (this.db.hasBeenClosed()) throw new StorageError('unavailable');
        await this.db.open();
      }
      const idb = this.db.backendDB();
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction(['games', 'events', 'checkpoints'], 'readwrite');
        let failure: unknown = null;
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(failure ?? tx.error ?? new StorageError('unknown'));
        try {
          const events = tx.objectStore('events');
          // Where the stored game is, without reading its row (which carries a whole snapshot):
          // the entry before this one is stored (for the first, the game is), and this one is
          // not, since `add` refuses a key that exists (a ConstraintError: a conflict too).
          const before = event.seq > 1 ? events.count([game.id, event.seq - 1]) : tx.objectStore('games').count(game.id);
          // The check and the writes go to IndexedDB together rather than one after the other.
          events.add(event);
          if (checkpoint) tx.objectStore('checkpoints').put(checkpoint);
          tx.objectStore('games').put(game);
          before.onsuccess = () => {
            const stored = before.result > 0 ? (event.seq > 1 ? event.seq - 1 : 0) : null;
            if (isNextEntry(stored, game, event, checkpoint)) {
              tx.commit?.();
              return;
            }
            // Another tab (or a stale screen) moved the game on, or it is gone: nothing of this
            // move is kept, so nothing forks the game's history.
            failure = new StorageError('conflict');
            tx.abort();
          };
        } catch (e) {
          // A write refused at once (a value that cannot be stored, a full disk in some browsers).
          failure = e;
          try {
            tx.abort();
          } catch {
            // Already finished: onabort has run or will run with the transaction's own error.
          }
        }
      });
    });
  }

  deleteGame(id: string): Promise<void> {
    const { games, events, checkpoints } = this.db;
    return this.#run(() =>
      this.db.transaction('rw', games, events, checkpoints, async () => {
        await events.where('gameId').equals(id).delete();
        await checkpoints.where('gameId').equals(id).delete();
        await games.delete(id);
      })
    );
  }

  importGames(items: readonly ImportItem[], mode: ImportMode): Promise<void> {
    const { games, events, checkpoints } = this.db;
    return this.#run(async () => {
      if (!isWholeLog(items)) throw new TypeError('import: an item does not hold its whole log');
      // Anything thrown inside aborts the transaction: nothing of the import is kept.
      await this.db.transaction('rw', games, events, checkpoints, async () => {
        for (const { game, events: log, checkpoints: kept } of items) {
          if ((await games.where(':id').equals(game.id).count()) > 0) {
            if (mode === 'add') throw new StorageError('conflict');
            await events.where('gameId').equals(game.id).delete();
            await checkpoints.where('gameId').equals(game.id).delete();
          }
          await games.put(game);
          await events.bulkAdd(log);
          await checkpoints.bulkAdd(kept);
        }
      });
    });
  }

  saveGame(game: GameRecord, log: readonly EventRecord[], kept: readonly CheckpointRecord[], since: number | null): Promise<void> {
    const { games, events, checkpoints } = this.db;
    return this.#run(async () => {
      if (!isWholeLog([{ game, events: [...log], checkpoints: [...kept] }])) throw new TypeError('save: not the game’s whole log');
      // Saving back follows a failure, after which the connection may have been closed (by the
      // browser, or by the app): open it again rather than give up.
      if (!this.db.isOpen()) await this.db.open();
      await this.db.transaction('rw', games, events, checkpoints, async () => {
        const stored = await games.get(game.id);
        if (!isUnchangedSince(stored, since)) throw new StorageError('conflict');
        await events.where('gameId').equals(game.id).delete();
        // The stored log is unchanged up to `since`, and so are its checkpoints; any beyond
        // belong to a log that is being replaced.
        const keepTo = stored ? (since ?? 0) : 0;
        await checkpoints.where('[gameId+seq]').between([game.id, keepTo + 1], [game.id, Dexie.maxKey]).delete();
        await events.bulkAdd([...log]);
        await checkpoints.bulkPut([...kept]);
        await games.put(game);
      });
    });
  }

  markHandBack(id: string, seq: number): Promise<void> {
    const { games } = this.db;
    return this.#run(async () => {
      await this.db.transaction('rw', games, async () => {
        const stored = await games.get(id);
        if (stored && stored.seq === seq) await games.put({ ...stored, handBackOpenedAt: seq });
      });
    });
  }

  getSetting<T>(key: string, fallback: T): Promise<T> {
    return this.#run(async () => {
      const row = await this.db.settings.get(key);
      return row ? (row.value as T) : fallback;
    });
  }

  setSetting(key: string, value: unknown): Promise<void> {
    return this.#run(async () => {
      await this.db.settings.put({ key, value });
    });
  }

  listScripts(): Promise<ScriptRecord[]> {
    return this.#run(() => this.db.scripts.orderBy('updatedAt').reverse().toArray());
  }

  putScript(script: ScriptRecord): Promise<void> {
    return this.#run(async () => {
      await this.db.scripts.put(script);
    });
  }

  deleteScript(id: string): Promise<void> {
    return this.#run(() => this.db.scripts.delete(id));
  }
}

export interface OpenOptions {
  name?: string;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Give up on an open that neither succeeds nor fails (seen on some mobile browsers). */
  timeoutMs?: number;
}

/** Open (and, on first use, create or upgrade) the database. Rejects with an `unavailable` StorageError. */
export async function openDexieStorage(options: OpenOptions = {}): Promise<DexieStorage> {
  const {
    name = DB_NAME,
    indexedDB = globalThis.indexedDB,
    IDBKeyRange = globalThis.IDBKeyRange,
    timeoutMs = 5000
  } = options;
  if (!indexedDB || !IDBKeyRange) throw new StorageError('unavailable');
  let db: LanternDB;
  try {
    db = new LanternDB(name, { indexedDB, IDBKeyRange });
  } catch (e) {
    throw new StorageError('unavailable', { cause: e });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageError('unavailable')), timeoutMs);
    // Another tab holds an older version open and does not let go: waiting would freeze the app.
    db.on('blocked', () => reject(new StorageError('unavailable')));
  });
  try {
    await Promise.race([db.open(), givenUp]);
    return new DexieStorage(db);
  } catch (e) {
    db.close();
    const err = toStorageError(e);
    // Whatever stopped the open, this browser cannot keep the game.
    throw err.kind === 'unavailable' ? err : new StorageError('unavailable', { cause: e });
  } finally {
    clearTimeout(timer);
  }
}
