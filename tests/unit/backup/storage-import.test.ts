/**
 * Storage.importGames: whole games with their logs go in all at once or not at all, and a
 * stored game is only ever overwritten when the caller asked for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage, StorageError, type ImportItem, type Storage } from '$lib/db';
import { openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import { gameRecord, nextEntry } from '../db/fixtures';

let dbCount = 0;
const opened: DexieStorage[] = [];
async function dexie(): Promise<DexieStorage> {
  const s = await openDexieStorage({ name: `lantern-import-${++dbCount}` });
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

/** A game with `n` log entries, as an import item. */
function item(id: string, n: number, over: Parameters<typeof gameRecord>[1] = {}): ImportItem {
  let game = gameRecord(id, over);
  const events = [];
  const checkpoints = [];
  for (let i = 0; i < n; i++) {
    const next = nextEntry(game);
    game = next.game;
    events.push(next.event);
    if (next.checkpoint) checkpoints.push(next.checkpoint);
  }
  return { game, events, checkpoints };
}

/** What `getGame` gives back for an item. */
const stored = (it: ImportItem) => ({ game: it.game, events: it.events, checkpoints: it.checkpoints.map((c) => c.seq) });

async function store(s: Storage, it: ImportItem): Promise<void> {
  await s.createGame({ ...it.game, seq: 0 });
  for (const e of it.events) await s.appendEvent({ ...it.game, seq: e.seq }, e, it.checkpoints.find((c) => c.seq === e.seq));
}

async function everything(s: Storage) {
  const games = await s.listGames();
  return Promise.all(games.map((g) => s.getGame(g.id)));
}

describe.each([
  ['IndexedDB', dexie],
  ['in-memory', async () => new MemoryStorage()]
] as const)('%s storage import', (_name, make: () => Promise<Storage>) => {
  it('stores new games with their whole logs', async () => {
    const s = await make();
    const a = item('a', 3);
    const b = item('b', 0);
    await s.importGames([a, b], 'add');
    expect(await s.getGame('a')).toEqual(stored(a));
    expect(await s.getGame('b')).toEqual(stored(b));
  });

  it('refuses, writing nothing, when an id is taken in add mode', async () => {
    const s = await make();
    const kept = item('a', 2);
    await store(s, kept);
    const before = await everything(s);
    const err = await s.importGames([item('new', 1), item('a', 4, { updatedAt: 5 })], 'add').catch((e) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).kind).toBe('conflict');
    expect(await everything(s)).toEqual(before);
    expect(await s.getGame('new')).toBeNull();
  });

  it('replaces a stored game, its old log and its checkpoints in replace mode', async () => {
    const s = await make();
    await store(s, item('a', 20));
    expect((await s.getGame('a'))?.checkpoints).toEqual([16]);
    const shorter = item('a', 2, { updatedAt: 9 });
    await s.importGames([shorter], 'replace');
    expect(await s.getGame('a')).toEqual(stored(shorter));
  });

  it('refuses a log that does not belong to its game or has a gap, writing nothing', async () => {
    const s = await make();
    const gap = item('g', 3);
    gap.events.splice(1, 1);
    gap.game.seq = 2;
    const foreign = item('f', 1);
    foreign.events[0].gameId = 'other';
    const strayCheckpoint = item('c', 16);
    strayCheckpoint.checkpoints[0].gameId = 'other';
    const checkpointAhead = item('d', 3);
    checkpointAhead.checkpoints.push({ gameId: 'd', seq: 4, snapshot: {}, machineVersion: 1 });
    for (const bad of [[item('ok', 1), gap], [foreign], [item('twin', 1), item('twin', 2)], [strayCheckpoint], [checkpointAhead]]) {
      await expect(s.importGames(bad, 'add')).rejects.toBeInstanceOf(StorageError);
      expect(await s.listGames()).toEqual([]);
    }
  });
});

describe('IndexedDB import', () => {
  it('keeps nothing of an import whose transaction fails half way', async () => {
    const s = await dexie();
    const kept = item('kept', 2);
    await store(s, kept);
    const before = await everything(s);
    // A value IndexedDB cannot clone fails the second game's write, after the first was put.
    const broken = item('broken', 1);
    (broken.events[0] as unknown as { snapshot: unknown }).snapshot = { fn: () => 1 };
    await expect(s.importGames([item('first', 2), broken], 'replace')).rejects.toBeInstanceOf(StorageError);
    expect(await everything(s)).toEqual(before);
  });
});
