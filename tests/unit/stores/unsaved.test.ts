/**
 * A full or failing storage mid-game: the table keeps playing in memory, the app says the game
 * is not being saved, and "Try saving again" writes the whole game back in one transaction
 * without ever overwriting moves made elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError, type EventRecord, type GameRecord, type Storage } from '$lib/db';
import { openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import { persist, replay } from '$lib/engine/session';
import { ActiveGame, gamesList, provideStorage, saveAgain, storageState } from '$lib/stores';
import { storageFor } from '$lib/stores/storage.svelte';
import { failInStore } from '../db/fixtures';
import { ControlledStorage } from './controlled-storage';
import { tiny } from './tiny-game';

vi.mock('$lib/games', async () => {
  const { tiny } = await import('./tiny-game');
  return { isKnownGame: (id: string) => id === 'tiny', loadGame: async () => tiny };
});

const NAMES = ['Ada', 'Bo', 'Cy'];

async function newGame(): Promise<ActiveGame> {
  const made = await ActiveGame.create('tiny', { names: NAMES }, 7);
  if (!('id' in made)) throw new Error('setup refused');
  return (await ActiveGame.open(made.id))!;
}

async function dealAll(game: ActiveGame): Promise<void> {
  for (let i = 0; i < NAMES.length; i++) expect(await game.answer({ kind: 'none' })).toBe(true);
}

/** The stored game is whole: entries 1..n, and its snapshot is what replaying the log gives. */
function expectWhole(found: { game: GameRecord; events: EventRecord[] } | null, seq: number): void {
  expect(found).not.toBeNull();
  const { game, events } = found!;
  expect(game.seq).toBe(seq);
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
  const replayed = persist(tiny, replay(tiny, game.input as never, events.map((e) => e.event)));
  expect(game.snapshot).toEqual(replayed);
}

describe('a full storage mid-game', () => {
  let storage: ControlledStorage;
  beforeEach(() => {
    storage = new ControlledStorage();
    provideStorage(storage);
  });

  it('carries the game on in memory from the refused move, and says it is not being saved', async () => {
    const game = await newGame();
    await dealAll(game);
    storage.fail = new StorageError('quota');
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(true);
    expect(game.view.step?.id).toBe('confirm');
    expect(game.seq).toBe(4);
    expect(game.error).toBeNull();
    expect(game.saved).toBe(false);
    expect(storageState.unsaved).toEqual([{ id: game.id, reason: 'quota' }]);
    expect(await game.answer({ kind: 'yesno', value: false })).toBe(true);
    expect(await game.undo()).toBe(true);
    expect(game.seq).toBe(6);
    // The phone still holds the game as it was before the refused move.
    expectWhole(await storage.inner.getGame(game.id), 3);
    // Another screen of the same game (the table, the log) opens the game as played, not as stored.
    const elsewhere = await ActiveGame.open(game.id);
    expect(elsewhere?.seq).toBe(6);
    expect(elsewhere?.view).toEqual(game.view);
  });

  it('"Try saving again" fails while storage is still full, then writes the whole game back; later moves are saved as usual', async () => {
    const game = await newGame();
    await dealAll(game);
    storage.fail = new StorageError('quota');
    await game.answer({ kind: 'players', ids: ['p1'] });
    await game.answer({ kind: 'yesno', value: false });

    const still = await saveAgain();
    expect(still?.kind).toBe('quota');
    expect(game.saved).toBe(false);
    expectWhole(await storage.inner.getGame(game.id), 3);

    storage.fail = null;
    const appends = storage.appendCalls;
    expect(await saveAgain()).toBeNull();
    expect(storage.saveCalls).toBe(2);
    expect(storageState.unsaved).toEqual([]);
    expect(game.saved).toBe(true);
    expectWhole(await storage.inner.getGame(game.id), 5);

    expect(await game.answer({ kind: 'players', ids: ['p2'] })).toBe(true);
    expect(storage.appendCalls).toBe(appends + 1);
    expectWhole(await storage.inner.getGame(game.id), 6);
    expect((await ActiveGame.open(game.id))?.view).toEqual(game.view);
  });

  it('starts a new game in memory when storage is full, and saves it once there is room', async () => {
    storage.fail = new StorageError('quota');
    const game = await newGame();
    expect(game.saved).toBe(false);
    expect(await storage.inner.getGame(game.id)).toBeNull();
    await dealAll(game);
    storage.fail = null;
    expect(await saveAgain()).toBeNull();
    expectWhole(await storage.inner.getGame(game.id), 3);
    expect(game.saved).toBe(true);
  });

  it('takes a move back even when the disk fails to give its checkpoint, and carries on in memory', async () => {
    const first = await newGame();
    await dealAll(first);
    // Pick, then "no", over and over: past two checkpoints.
    for (let i = 0; i < 30; i++) {
      const picking = first.view.step?.id === 'pick';
      expect(await first.answer(picking ? { kind: 'players', ids: [`p${i % 3}`] } : { kind: 'yesno', value: false })).toBe(true);
    }
    expect((await storage.inner.getGame(first.id))?.checkpoints).toEqual([16, 32]);
    // Opened afresh, nothing is at hand: the undo has to read a checkpoint, and the disk fails.
    const game = (await ActiveGame.open(first.id))!;
    storage.fail = new StorageError('unavailable');
    expect(await game.undo()).toBe(true);
    expect(game.saved).toBe(false);
    const log = (await (await storageFor(game.id)).getGame(game.id))!.events.map((e) => e.event);
    expect(game.view).toEqual(tiny.view(replay(tiny, game.record.input as never, log)));
    expect(game.seq).toBe(34);
  });

  it('never saves back over moves another tab stored meanwhile', async () => {
    const game = await newGame();
    await dealAll(game);
    storage.fail = new StorageError('quota');
    await game.answer({ kind: 'players', ids: ['p1'] });
    storage.fail = null;
    // Another tab, still reading the stored copy, makes its own move there.
    const stored = (await storage.inner.getGame(game.id))!.game;
    const theirs = { ...stored, seq: 4, updatedAt: stored.updatedAt + 1 };
    await storage.inner.appendEvent(theirs, {
      gameId: game.id,
      seq: 4,
      at: theirs.updatedAt,
      event: { type: 'keeper.override', override: { kind: 'eliminate', player: 'p0' } },
      machineVersion: stored.machineVersion
    });
    expect((await saveAgain())?.kind).toBe('conflict');
    expect(game.saved).toBe(false);
    const after = await storage.inner.getGame(game.id);
    expect(after?.events.at(-1)?.event.type).toBe('keeper.override');
    // This tab keeps its game in memory: nothing is lost here either.
    expect(game.seq).toBe(4);
    expect(await game.answer({ kind: 'yesno', value: false })).toBe(true);
  });

  it('lists games played on in memory on the home screen as they are now, and deletes them everywhere', async () => {
    const game = await newGame();
    await dealAll(game);
    storage.fail = new StorageError('quota');
    await game.answer({ kind: 'players', ids: ['p1'] });
    await new Promise((r) => setTimeout(r, 2));
    const started = await newGame();
    await gamesList.refresh();
    expect(gamesList.active.map((g) => [g.id, g.seq, g.summary.stage])).toEqual([
      [started.id, 0, 'dealing'],
      [game.id, 4, 'play']
    ]);
    storage.fail = null;
    await gamesList.remove(started.id);
    await gamesList.remove(game.id);
    expect(gamesList.active).toEqual([]);
    expect(storageState.unsaved).toEqual([]);
    expect(await ActiveGame.open(game.id)).toBeNull();
    expect(await ActiveGame.open(started.id)).toBeNull();
  });

  it('still refuses a move, changing nothing, when storage fails for an unknown reason', async () => {
    const game = await newGame();
    await dealAll(game);
    storage.fail = new StorageError('unknown');
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(false);
    expect(game.saved).toBe(true);
    expect(game.seq).toBe(3);
    expect(game.error).toEqual({ key: 'common:storage.failed' });
  });
});

// The same through the real IndexedDB storage (fake-indexeddb), with the browser's own errors.
describe('IndexedDB failing mid-game', () => {
  let dexie: DexieStorage;
  let n = 0;
  beforeEach(async () => {
    dexie = await openDexieStorage({ name: `lantern-unsaved-${++n}` });
    provideStorage(dexie);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    dexie.db.close();
  });

  async function stored(id: string, s: Storage = dexie) {
    return s.getGame(id);
  }

  it('on a QuotaExceededError, writes nothing, carries on in memory, and saves everything back once there is room', async () => {
    const game = await newGame();
    await dealAll(game);
    const add = failInStore('add', 'events', () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(true);
    expect(add).toHaveBeenCalledTimes(1);
    expect(storageState.unsaved).toEqual([{ id: game.id, reason: 'quota' }]);
    // The refused transaction left no trace: neither the entry nor the game row moved.
    expectWhole(await stored(game.id), 3);
    await game.answer({ kind: 'yesno', value: false });
    add.mockRestore();
    expect(await saveAgain()).toBeNull();
    expectWhole(await stored(game.id), 5);
    expect(game.saved).toBe(true);
    expect(await game.answer({ kind: 'players', ids: ['p0'] })).toBe(true);
    expectWhole(await stored(game.id), 6);
  });

  it('when the database closes mid-game, carries on in memory and reopens it to save again', async () => {
    const game = await newGame();
    await dealAll(game);
    dexie.db.close();
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(true);
    expect(storageState.unsaved).toEqual([{ id: game.id, reason: 'unavailable' }]);
    expect(dexie.db.isOpen()).toBe(false);
    expect(await saveAgain()).toBeNull();
    expect(dexie.db.isOpen()).toBe(true);
    expectWhole(await stored(game.id), 4);
    expect(game.saved).toBe(true);
  });
});
