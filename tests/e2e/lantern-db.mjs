/**
 * Reading what the app stored, straight from IndexedDB in the page (no app code involved), and
 * checking it is whole: the log runs 1..n with no gap and no double, the game row says n, and
 * every stored snapshot (the game's, and each checkpoint's) is what replaying the log with the
 * engine gives.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

let engine = null;

/** The games engine.ts exports, by id. */
const GAMES = ['cluethulhu', 'ktulu', 'botc', 'gloom', 'kkd', 'notebook'];

/** The engine and the games, compiled from source by Vite (about a second, once per file). */
export function loadEngine() {
  engine ??= runnerImport(fileURLToPath(new URL('./engine.ts', import.meta.url)), {
    configFile: false,
    logLevel: 'silent'
  }).then((r) => r.module);
  return engine;
}

/**
 * Game `id`, its log and its checkpoints as stored in the `lantern` database, read with raw
 * IndexedDB.
 * @returns {Promise<{ game: any, events: any[], checkpoints: any[] }>}
 */
export function readStoredGame(page, id) {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lantern');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['games', 'events', 'checkpoints'], 'readonly');
          const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
          const game = tx.objectStore('games').get(id);
          const events = tx.objectStore('events').getAll(range);
          const checkpoints = tx.objectStore('checkpoints').getAll(range);
          tx.oncomplete = () => {
            db.close();
            resolve({ game: game.result ?? null, events: events.result, checkpoints: checkpoints.result });
          };
          tx.onerror = () => {
            db.close();
            reject(tx.error);
          };
        };
      }),
    id
  );
}

/**
 * Asserts that a stored game is whole and that its snapshots are the replay of its log.
 * @param {{ game: any, events: any[], checkpoints: any[] }} stored
 */
export async function assertWholeGame(stored, where = '') {
  const { game, events, checkpoints } = stored;
  assert.ok(game, `${where}: the game is stored`);
  const seqs = events.map((e) => e.seq);
  assert.deepEqual(seqs, Array.from({ length: seqs.length }, (_, i) => i + 1), `${where}: the log runs 1..n, no gap, no double`);
  assert.ok(events.every((e) => e.gameId === game.id), `${where}: every entry belongs to the game`);
  assert.equal(game.seq, events.length, `${where}: the game row counts its entries`);
  assert.ok(events.every((e) => !('snapshot' in e)), `${where}: log entries carry no snapshot`);
  const every = Number((await loadEngine()).CHECKPOINT_EVERY);
  assert.deepEqual(
    checkpoints.map((c) => c.seq),
    seqs.filter((s) => s % every === 0),
    `${where}: a checkpoint after every ${every}th entry, and no other`
  );
  const bySeq = new Map(checkpoints.map((c) => [c.seq, c]));

  const engine = await loadEngine();
  const { apply, persist, replay, start } = engine;
  const def = GAMES.includes(game.gameId) ? engine[game.gameId] : null;
  assert.ok(def, `${where}: a game Lantern knows (${game.gameId})`);
  let snapshot = start(def, game.input);
  const log = [];
  for (const entry of events) {
    log.push(entry.event);
    snapshot = entry.event.type === 'undo' ? replay(def, game.input, log) : apply(def, snapshot, entry.event);
    const checkpoint = bySeq.get(entry.seq);
    if (checkpoint) assert.deepEqual(checkpoint.snapshot, persist(def, snapshot), `${where}: the checkpoint after entry ${entry.seq} is the replay of the log`);
  }
  assert.deepEqual(game.snapshot, persist(def, snapshot), `${where}: the game's snapshot is the replay of its whole log`);
}

/**
 * Everything the page's origin keeps in IndexedDB, read raw: every database (name and version),
 * and in each every store with its key path, its indexes, its keys and its values. Two dumps
 * whose JSON is equal hold the same data, byte for byte.
 * @returns {Promise<Record<string, { version: number, stores: Record<string, { keyPath: any, indexes: string[], keys: any[], values: any[] }> }>>}
 */
export function dumpIndexedDB(page) {
  return page.evaluate(async () => {
    /** @type {(request: IDBRequest | IDBTransaction, done: string) => Promise<any>} */
    const settle = (request, done) =>
      new Promise((resolve, reject) => {
        request.addEventListener(done, () => resolve('result' in request ? request.result : undefined));
        request.addEventListener('error', () => reject(request.error));
      });
    const out = {};
    const names = (await indexedDB.databases()).map((d) => d.name).sort();
    for (const name of names) {
      const db = await settle(indexedDB.open(name), 'success');
      const stores = {};
      const storeNames = [...db.objectStoreNames];
      if (storeNames.length) {
        const tx = db.transaction(storeNames, 'readonly');
        const reads = storeNames.map((s) => {
          const store = tx.objectStore(s);
          return [s, store.keyPath, [...store.indexNames], store.getAllKeys(), store.getAll()];
        });
        await settle(tx, 'complete');
        for (const [s, keyPath, indexes, keys, values] of reads) stores[s] = { keyPath, indexes, keys: keys.result, values: values.result };
      }
      out[name] = { version: db.version, stores };
      db.close();
    }
    return out;
  });
}
