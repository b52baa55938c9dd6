import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, StorageError, type CheckpointRecord, type EventRecord, type GameRecord, type Storage } from '$lib/db';
import { openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import { CHECKPOINT_EVERY } from '$lib/db';
import { failInStore, gameRecord, nextEntry, playedRecord } from './fixtures';

let dbCount = 0;
const opened: DexieStorage[] = [];
async function dexie(): Promise<DexieStorage> {
  const s = await openDexieStorage({ name: `lantern-test-${++dbCount}` });
  opened.push(s);
  return s;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of opened.splice(0)) s.db.close();
});

async function rejection(p: Promise<unknown>): Promise<StorageError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  );
  expect(e).toBeInstanceOf(StorageError);
  return e as StorageError;
}

// Both storages must keep the same promises: the app cannot tell which one it got.
describe.each([
  ['IndexedDB', dexie],
  ['in-memory', async () => new MemoryStorage()]
] as const)('%s storage', (_name, make: () => Promise<Storage>) => {
  it('creates, gets and deletes a game with its log', async () => {
    const s = await make();
    const g = gameRecord('g1');
    await s.createGame(g);
    const one = nextEntry(g);
    await s.appendEvent(one.game, one.event);
    expect(await s.getGame('g1')).toEqual({ game: one.game, events: [one.event], checkpoints: [] });
    await s.deleteGame('g1');
    expect(await s.getGame('g1')).toBeNull();
    expect(await s.listGames()).toEqual([]);
  });

  it('returns null for a game that does not exist', async () => {
    const s = await make();
    expect(await s.getGame('nope')).toBeNull();
  });

  it('lists the most recently updated game first', async () => {
    const s = await make();
    await s.createGame(gameRecord('old', { updatedAt: 10 }));
    await s.createGame(gameRecord('new', { updatedAt: 30 }));
    await s.createGame(gameRecord('mid', { updatedAt: 20 }));
    expect((await s.listGames()).map((g) => g.id)).toEqual(['new', 'mid', 'old']);
  });

  it('returns the log in order, past ten entries', async () => {
    const s = await make();
    let g = gameRecord('g');
    await s.createGame(g);
    for (let i = 0; i < 12; i++) {
      const n = nextEntry(g);
      await s.appendEvent(n.game, n.event);
      g = n.game;
    }
    const got = await s.getGame('g');
    expect(got?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(got?.game.seq).toBe(12);
  });

  it('deletes only the given game and its own log', async () => {
    const s = await make();
    for (const id of ['a', 'b']) {
      const g = gameRecord(id);
      await s.createGame(g);
      const n = nextEntry(g);
      await s.appendEvent(n.game, n.event);
    }
    await s.deleteGame('a');
    expect((await s.getGame('b'))?.events).toHaveLength(1);
    expect(await s.getGame('a')).toBeNull();
  });

  it('refuses to create a game twice', async () => {
    const s = await make();
    await s.createGame(gameRecord('g'));
    expect((await rejection(s.createGame(gameRecord('g', { updatedAt: 5 })))).kind).toBe('conflict');
    expect((await s.getGame('g'))?.game.updatedAt).toBe(1000);
  });

  it('writes nothing when the entry is not the stored game’s next one', async () => {
    const s = await make();
    const g = gameRecord('g');
    await s.createGame(g);
    const one = nextEntry(g);
    const two = nextEntry(one.game);
    // Skipping an entry, and writing the same entry twice, are both conflicts.
    const skipped = await rejection(s.appendEvent(two.game, two.event));
    expect(skipped.kind).toBe('conflict');
    expect(skipped.text).toEqual({ key: 'common:storage.conflict' });
    await s.appendEvent(one.game, one.event);
    expect((await rejection(s.appendEvent(one.game, one.event))).kind).toBe('conflict');
    expect(await s.getGame('g')).toEqual({ game: one.game, events: [one.event], checkpoints: [] });
  });

  it('keeps nothing of a move made from a position already moved on from (its entry is stored)', async () => {
    const s = await make();
    const g = gameRecord('g');
    await s.createGame(g);
    const kept = (n: { game: GameRecord; event: EventRecord }): CheckpointRecord => ({ gameId: 'g', seq: n.event.seq, snapshot: n.game.snapshot, machineVersion: 1 });
    // The first entry (checked against the game) and the second (checked against the entry before).
    let base = g;
    for (let k = 0; k < 2; k++) {
      const mine = nextEntry(base);
      await s.appendEvent(mine.game, mine.event, kept(mine));
      // Another tab's move from the same position: the entry before it is stored, so only the
      // entry's own key refuses it, and nothing of it may be kept (neither game nor checkpoint).
      const theirs = nextEntry(base, 777);
      const theirGame = { ...theirs.game, snapshot: { value: 'theirs', context: {} } };
      const err = await rejection(s.appendEvent(theirGame, theirs.event, kept({ game: theirGame, event: theirs.event })));
      expect(err.kind).toBe('conflict');
      const stored = await s.getGame('g');
      expect(stored?.game).toEqual(mine.game);
      expect(stored?.events.at(-1)).toEqual(mine.event);
      expect((await s.getCheckpoint('g', mine.event.seq))?.snapshot).toEqual(mine.game.snapshot);
      base = mine.game;
    }
  });

  it('refuses an entry for a game that does not exist', async () => {
    const s = await make();
    const n = nextEntry(gameRecord('ghost'));
    expect((await rejection(s.appendEvent(n.game, n.event))).kind).toBe('conflict');
    expect(await s.getGame('ghost')).toBeNull();
  });

  it('keeps the hand-back’s opening on the game’s record, only at the log length it names', async () => {
    const s = await make();
    const g = gameRecord('g1');
    await s.createGame(g);
    const n = nextEntry(g);
    await s.appendEvent(n.game, n.event);
    // A stale opening (made at an earlier log length) and one for a missing game change nothing.
    await s.markHandBack('g1', 0);
    await s.markHandBack('ghost', 1);
    expect((await s.getGame('g1'))!.game.handBackOpenedAt).toBeUndefined();
    expect(await s.getGame('ghost')).toBeNull();
    await s.markHandBack('g1', 1);
    const stored = (await s.getGame('g1'))!;
    expect(stored.game).toMatchObject({ seq: 1, handBackOpenedAt: 1 });
    expect(stored.events).toHaveLength(1);
    await s.deleteGame('g1');
    expect(await s.getGame('g1')).toBeNull();
  });

  it('keeps settings, with a fallback for unset ones', async () => {
    const s = await make();
    expect(await s.getSetting('language', 'en')).toBe('en');
    await s.setSetting('language', 'pl');
    await s.setSetting('nothing', null);
    expect(await s.getSetting('language', 'en')).toBe('pl');
    expect(await s.getSetting('nothing', 'x')).toBeNull();
  });

  it('is not changed by mutating what was passed in or read out', async () => {
    const s = await make();
    const g = gameRecord('g');
    await s.createGame(g);
    g.summary.players.push('Mallory');
    const read = await s.getGame('g');
    read!.game.snapshot.value = 'tampered';
    (await s.listGames())[0].seq = 99;
    expect(await s.getGame('g')).toEqual({ game: gameRecord('g'), events: [], checkpoints: [] });
  });

  // Checkpoints: the snapshot after every CHECKPOINT_EVERY-th entry, kept apart from the log.
  /** Store `p` entry by entry, as the game screen does. */
  async function storeByEntry(s: Storage, p: ReturnType<typeof playedRecord>): Promise<void> {
    let g = gameRecord(p.game.id);
    await s.createGame(g);
    for (const e of p.events) {
      const n = nextEntry(g);
      expect(n.event).toEqual(e);
      await s.appendEvent(n.game, n.event, n.checkpoint);
      g = n.game;
    }
  }

  it('keeps a checkpoint with every so many entries, apart from the log, and gives one back by its number', async () => {
    const s = await make();
    const p = playedRecord('g', 2 * CHECKPOINT_EVERY + 3);
    await storeByEntry(s, p);
    const got = await s.getGame('g');
    expect(got?.checkpoints).toEqual([CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY]);
    expect(got?.events).toHaveLength(2 * CHECKPOINT_EVERY + 3);
    // The log rows are small: no snapshot in them.
    expect(got?.events.every((e) => !('snapshot' in e))).toBe(true);
    expect(await s.getCheckpoint('g', CHECKPOINT_EVERY)).toEqual(p.checkpoints[0]);
    expect(await s.getCheckpoint('g', CHECKPOINT_EVERY + 1)).toBeNull();
    expect(await s.getCheckpoint('other', CHECKPOINT_EVERY)).toBeNull();
  });

  it('refuses a checkpoint that is not the one after the entry, writing nothing', async () => {
    const s = await make();
    const g = gameRecord('g');
    await s.createGame(g);
    const one = nextEntry(g);
    const wrong = { gameId: 'g', seq: 2, snapshot: one.game.snapshot, machineVersion: 1 };
    expect((await rejection(s.appendEvent(one.game, one.event, wrong))).kind).toBe('conflict');
    expect((await rejection(s.appendEvent(one.game, one.event, { ...wrong, seq: 1, gameId: 'h' }))).kind).toBe('conflict');
    expect(await s.getGame('g')).toEqual({ game: g, events: [], checkpoints: [] });
    expect(await s.getCheckpoint('g', 2)).toBeNull();
  });

  it('deletes a game’s checkpoints with it, and only its own', async () => {
    const s = await make();
    await storeByEntry(s, playedRecord('a', CHECKPOINT_EVERY));
    await storeByEntry(s, playedRecord('b', CHECKPOINT_EVERY));
    await s.deleteGame('a');
    expect(await s.getCheckpoint('a', CHECKPOINT_EVERY)).toBeNull();
    expect(await s.getCheckpoint('b', CHECKPOINT_EVERY)).not.toBeNull();
  });

  it('imports checkpoints with their game, and replaces them with it', async () => {
    const s = await make();
    const long = playedRecord('g', CHECKPOINT_EVERY * 2);
    await s.importGames([long], 'add');
    expect((await s.getGame('g'))?.checkpoints).toEqual([CHECKPOINT_EVERY, CHECKPOINT_EVERY * 2]);
    const short = playedRecord('g', CHECKPOINT_EVERY + 1);
    await s.importGames([short], 'replace');
    expect(await s.getGame('g')).toEqual({ game: short.game, events: short.events, checkpoints: [CHECKPOINT_EVERY] });
    expect(await s.getCheckpoint('g', CHECKPOINT_EVERY * 2)).toBeNull();
  });

  it('saving back keeps the stored checkpoints up to where the game went on in memory, and adds the new ones', async () => {
    const s = await make();
    const base = playedRecord('g', CHECKPOINT_EVERY + 2);
    await storeByEntry(s, base);
    const later = playedRecord('g', CHECKPOINT_EVERY * 2 + 1);
    // The memory copy holds only the checkpoints made after it started.
    await s.saveGame(later.game, later.events, later.checkpoints.slice(1), base.game.seq);
    expect(await s.getGame('g')).toEqual(asStored(later));
    expect(await s.getCheckpoint('g', CHECKPOINT_EVERY)).toEqual(later.checkpoints[0]);
  });

  // saveGame: a game played on in memory is written back.
  const played = (entries: number) => playedRecord('g', entries);
  /** What getGame gives back for a game built by `played`. */
  const asStored = (p: ReturnType<typeof played>) => ({ game: p.game, events: p.events, checkpoints: p.checkpoints.map((c) => c.seq) });

  it('saves a whole game back over the copy it went on from, in one go', async () => {
    const s = await make();
    const base = played(2);
    await s.createGame(gameRecord('g'));
    for (const e of base.events) await s.appendEvent({ ...base.game, seq: e.seq, snapshot: { value: `step${e.seq}`, context: { n: e.seq } }, updatedAt: e.at }, e);
    const later = played(5);
    await s.saveGame(later.game, later.events, [], 2);
    expect(await s.getGame('g')).toEqual(asStored(later));
    // Appending goes on from there.
    const six = nextEntry(later.game);
    await s.appendEvent(six.game, six.event);
    expect((await s.getGame('g'))?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes a game back whole when the stored copy is gone, or never was', async () => {
    const s = await make();
    const later = played(3);
    await s.saveGame(later.game, later.events, [], null);
    expect(await s.getGame('g')).toEqual(asStored(later));
    await s.deleteGame('g');
    await s.saveGame(later.game, later.events, [], 1);
    expect(await s.getGame('g')).toEqual(asStored(later));
  });

  it('refuses to save back over a stored copy that moved on, writing nothing', async () => {
    const s = await make();
    const stored = played(3);
    await s.saveGame(stored.game, stored.events, [], null);
    const mine = played(4);
    expect((await rejection(s.saveGame(mine.game, mine.events, [], 2))).kind).toBe('conflict');
    expect((await rejection(s.saveGame(mine.game, mine.events, [], null))).kind).toBe('conflict');
    expect(await s.getGame('g')).toEqual(asStored(stored));
  });

  it('refuses to save a log with a gap, writing nothing', async () => {
    const s = await make();
    const mine = played(3);
    const gap = [mine.events[0], mine.events[2]];
    expect((await rejection(s.saveGame({ ...mine.game, seq: 2 }, gap, [], null))).kind).toBe('unknown');
    expect(await s.getGame('g')).toBeNull();
  });
});

describe('IndexedDB storage', () => {
  it('declares schema version 3 with the documented tables and indexes', async () => {
    const { db } = await dexie();
    expect(db.verno).toBe(3);
    const schema = Object.fromEntries(
      db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(', ')])
    );
    expect(schema).toEqual({
      games: 'id, gameId, status, updatedAt',
      events: '[gameId+seq], gameId',
      checkpoints: '[gameId+seq], gameId',
      settings: 'key',
      scripts: 'id, updatedAt'
    });
  });

  it('keeps what it wrote after the database is closed and opened again', async () => {
    const name = `lantern-test-${++dbCount}`;
    const first = await openDexieStorage({ name });
    const g = gameRecord('g');
    await first.createGame(g);
    const n = nextEntry(g);
    await first.appendEvent(n.game, n.event);
    first.db.close();
    const second = await openDexieStorage({ name });
    opened.push(second);
    expect(await second.getGame('g')).toEqual({ game: n.game, events: [n.event], checkpoints: [] });
  });

  it('writes neither the entry nor the game when writing the game fails', async () => {
    const s = await dexie();
    const g = gameRecord('g');
    await s.createGame(g);
    const n = nextEntry(g);
    // A move is written straight to IndexedDB (dexie.ts): its `games` store refuses.
    failInStore('put', 'games', () => new Error('disk on fire'));
    const err = await rejection(s.appendEvent(n.game, n.event));
    expect(err.kind).toBe('unknown');
    expect(await s.getGame('g')).toEqual({ game: g, events: [], checkpoints: [] });
  });

  it('reports a full disk as quota, with the text to show', async () => {
    const s = await dexie();
    const g = gameRecord('g');
    await s.createGame(g);
    const n = nextEntry(g);
    failInStore('put', 'games', () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const err = await rejection(s.appendEvent(n.game, n.event));
    expect(err.kind).toBe('quota');
    expect(err.text).toEqual({ key: 'common:storage.quotaFull' });
    expect(await s.getGame('g')).toEqual({ game: g, events: [], checkpoints: [] });
  });

  it('saves nothing back when the disk is full midway', async () => {
    const s = await dexie();
    const g = gameRecord('g');
    await s.createGame(g);
    const one = nextEntry(g);
    const two = nextEntry(one.game);
    vi.spyOn(s.db.games, 'put').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect((await rejection(s.saveGame(two.game, [one.event, two.event], [], 0))).kind).toBe('quota');
    expect(await s.getGame('g')).toEqual({ game: g, events: [], checkpoints: [] });
  });
});
