import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '$lib/db';
import { ActiveGame, gamesList, provideStorage } from '$lib/stores';
import { ControlledStorage } from './controlled-storage';

vi.mock('$lib/games', async () => {
  const { tiny } = await import('./tiny-game');
  return {
    isKnownGame: (id: string) => id === 'tiny',
    loadGame: async (id: string) => {
      if (id !== 'tiny') throw new Error(`Unknown game: ${id}`);
      return tiny;
    }
  };
});

let storage: ControlledStorage;
beforeEach(() => {
  storage = new ControlledStorage();
  provideStorage(storage);
});

const NAMES = ['Ada', 'Bo', 'Cy'];

async function newGame(names = NAMES): Promise<ActiveGame> {
  const made = await ActiveGame.create('tiny', { names }, 7);
  if (!('id' in made)) throw new Error('setup refused');
  const game = await ActiveGame.open(made.id);
  if (!game) throw new Error('not stored');
  return game;
}

/** Deal every card: the game is then on the pick step. */
async function dealAll(game: ActiveGame): Promise<void> {
  for (let i = 0; i < NAMES.length; i++) expect(await game.answer({ kind: 'none' })).toBe(true);
}

describe('ActiveGame.create', () => {
  it('refuses a setup with problems and stores nothing', async () => {
    const made = await ActiveGame.create('tiny', { names: ['Solo'] });
    expect(made).toEqual({ problems: [{ field: 'players', text: { key: 'tiny:tooFew' } }] });
    expect(await storage.listGames()).toEqual([]);
  });

  it('stores a new game at its start, with its seed and a summary for the home screen', async () => {
    const made = await ActiveGame.create('tiny', { names: NAMES }, 7);
    expect(made).toHaveProperty('id');
    const [record] = await storage.listGames();
    expect(record).toMatchObject({
      id: (made as { id: string }).id,
      gameId: 'tiny',
      input: { setup: { names: NAMES }, seed: 7 },
      machineVersion: 3,
      seq: 0,
      status: 'active',
      summary: { players: NAMES, phase: null, stage: 'dealing', winner: null }
    });
  });

  it('draws a seed when none is given', async () => {
    const a = (await ActiveGame.create('tiny', { names: NAMES })) as { id: string };
    const b = (await ActiveGame.create('tiny', { names: NAMES })) as { id: string };
    const seeds = await Promise.all([a.id, b.id].map(async (id) => (await storage.getGame(id))!.game.input.seed));
    expect(seeds[0]).not.toBe(seeds[1]);
  });
});

describe('ActiveGame.open', () => {
  it('gives null for a game that is not stored', async () => {
    expect(await ActiveGame.open('missing')).toBeNull();
  });

  it('starts at the deal of the first card', async () => {
    const game = await newGame();
    expect(game.view.stage).toBe('dealing');
    expect(game.deal).toEqual({ player: 'p0', index: 0, total: 3 });
    expect(game.seq).toBe(0);
    expect(game.canUndo).toBe(false);
    expect(game.busy).toBe(false);
    expect(game.error).toBeNull();
  });

  it('brings a reopened game back exactly where it was', async () => {
    const game = await newGame();
    await dealAll(game);
    await game.answer({ kind: 'players', ids: ['p1'] });
    await game.override({ kind: 'eliminate', player: 'p2' });
    const again = await ActiveGame.open(game.id);
    expect(again?.view).toEqual(game.view);
    expect(again?.seq).toBe(game.seq);
    expect(again?.seq).toBe(5);
    expect(again?.record).toEqual(game.record);
    expect(again?.canUndo).toBe(true);
  });

  it('replays the log when the stored snapshot was written by another machine version', async () => {
    const game = await newGame();
    await dealAll(game);
    await game.answer({ kind: 'players', ids: ['p1'] });
    await game.undo();
    storage.onRead = (found) => {
      // An older version's snapshot this machine could not read.
      found.game.machineVersion = 2;
      found.game.snapshot = { unreadable: true };
    };
    const again = await ActiveGame.open(game.id);
    expect(again?.view).toEqual(game.view);
    expect(again?.view.step?.id).toBe('pick');
  });
});

describe('ActiveGame moves', () => {
  it('changes the view only after the storage has committed the move', async () => {
    const game = await newGame();
    const before = game.view;
    const release = storage.hold();
    const answered = game.answer({ kind: 'none' });
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 10));
    expect(storage.appendCalls).toBe(1);
    expect(game.busy).toBe(true);
    expect(game.view).toBe(before);
    expect(game.deal?.index).toBe(0);
    expect(game.seq).toBe(0);
    release();
    expect(await answered).toBe(true);
    expect(game.busy).toBe(false);
    expect(game.deal?.index).toBe(1);
    expect(game.seq).toBe(1);
  });

  it('says it is saving only once a move takes longer than a moment to store', async () => {
    const game = await newGame();
    const release = storage.hold();
    const answered = game.answer({ kind: 'none' });
    await new Promise((r) => setTimeout(r, 10));
    // A move stored within a frame or two changes nothing on screen before it lands.
    expect(game.busy).toBe(true);
    expect(game.saving).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(game.saving).toBe(true);
    release();
    expect(await answered).toBe(true);
    expect(game.saving).toBe(false);
    expect(game.busy).toBe(false);
  });

  it('ignores a second tap while the first is being stored', async () => {
    const game = await newGame();
    const release = storage.hold();
    const first = game.answer({ kind: 'none' });
    expect(await game.answer({ kind: 'none' })).toBe(false);
    expect(await game.undo()).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(game.seq).toBe(1);
    expect((await storage.getGame(game.id))?.events).toHaveLength(1);
  });

  it('refuses, silently, a tap meant for a step that is already answered, and stores nothing', async () => {
    const game = await newGame();
    await dealAll(game);
    const tag = game.stepTag!;
    expect(tag).toEqual({ seq: 3, step: 'pick' });
    expect(await game.answer({ kind: 'players', ids: ['p1'] }, tag)).toBe(true);
    expect(game.view.step?.id).toBe('confirm');
    // The same tap again, landing after the first was stored: it names the pick step.
    expect(await game.answer({ kind: 'yesno', value: true }, tag)).toBe(false);
    expect(game.error).toBeNull();
    expect(game.seq).toBe(4);
    expect(game.view.step?.id).toBe('confirm');
    const stored = (await storage.getGame(game.id))!.events;
    expect(stored).toHaveLength(4);
    // What is stored names the step it answered.
    expect(stored[3].event).toEqual({ type: 'step.answer', answer: { kind: 'players', ids: ['p1'] }, at: { seq: 3, step: 'pick' } });
    // A second Undo for the same screen takes back nothing more.
    expect(await game.undo(4)).toBe(true);
    expect(await game.undo(4)).toBe(false);
    expect(game.seq).toBe(5);
    expect(game.view.step?.id).toBe('pick');
  });

  it('keeps the game where it was and says why when storage fails for an unknown reason', async () => {
    const game = await newGame();
    await dealAll(game);
    const before = game.view;
    storage.fail = new StorageError('unknown');
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(false);
    expect(game.error).toEqual({ key: 'common:storage.failed' });
    expect(game.saved).toBe(true);
    expect(game.view).toBe(before);
    expect(game.seq).toBe(3);
    expect(game.busy).toBe(false);
    game.clearError();
    expect(game.error).toBeNull();
    // Once storage works again the same answer goes through.
    storage.fail = null;
    expect(await game.answer({ kind: 'players', ids: ['p1'] })).toBe(true);
    expect(game.view.step?.id).toBe('confirm');
  });

  it('refuses an answer that does not fit the step, writing nothing', async () => {
    const game = await newGame();
    await dealAll(game);
    const before = game.view;
    expect(await game.answer({ kind: 'players', ids: ['p1', 'p2'] })).toBe(false);
    expect(game.error).toEqual({ key: 'common:errors.answer.pickExactly', params: { count: 1 } });
    expect(game.view).toBe(before);
    expect(storage.appendCalls).toBe(3);
  });

  it('clears the error once a move succeeds', async () => {
    const game = await newGame();
    await dealAll(game);
    await game.answer({ kind: 'yesno', value: true });
    expect(game.error).not.toBeNull();
    await game.answer({ kind: 'players', ids: ['p0'] });
    expect(game.error).toBeNull();
  });

  it('reloads the stored game, and says so, when it moved on elsewhere (another tab), overwriting nothing', async () => {
    const here = await newGame();
    await dealAll(here);
    const there = (await ActiveGame.open(here.id))!;
    expect(await there.answer({ kind: 'players', ids: ['p2'] })).toBe(true);
    // This screen still shows the pick step and tries another answer to it.
    expect(here.view.step?.id).toBe('pick');
    expect(await here.answer({ kind: 'players', ids: ['p1'] })).toBe(false);
    expect(here.error).toEqual({ key: 'common:reliability.reloaded' });
    expect(here.view).toEqual(there.view);
    expect(here.view.step?.id).toBe('confirm');
    expect(here.seq).toBe(4);
    const stored = await storage.getGame(here.id);
    expect(stored?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(stored?.events.at(-1)?.event).toEqual({ type: 'step.answer', answer: { kind: 'players', ids: ['p2'] } });
    // From the reloaded state the game goes on normally.
    expect(await here.answer({ kind: 'yesno', value: false })).toBe(true);
    expect(here.error).toBeNull();
    expect((await storage.getGame(here.id))?.game.seq).toBe(5);
  });

  it('records the Keeper’s overrides', async () => {
    const game = await newGame();
    await dealAll(game);
    const seq = game.seq;
    expect(await game.override({ kind: 'eliminate', player: 'p0' })).toBe(true);
    expect(game.view.players.find((p) => p.id === 'p0')?.alive).toBe(false);
    expect(game.view.step?.answer).toMatchObject({ candidates: ['p1', 'p2'] });
    // Logged with the position it was made at, like every move.
    expect((await storage.getGame(game.id))?.events.at(-1)?.event).toEqual({
      type: 'keeper.override',
      override: { kind: 'eliminate', player: 'p0' },
      at: { seq }
    });
  });

  it('marks a finished game as over, with its winner, and refuses further answers', async () => {
    const game = await newGame();
    await dealAll(game);
    await game.answer({ kind: 'players', ids: ['p1'] });
    expect(await game.answer({ kind: 'yesno', value: true })).toBe(true);
    expect(game.view.stage).toBe('over');
    expect(game.record.status).toBe('over');
    expect(game.record.summary).toEqual({ players: NAMES, phase: null, stage: 'over', winner: 'village' });
    expect(await game.answer({ kind: 'none' })).toBe(false);
    expect(game.error).toEqual({ key: 'common:errors.answer.finished' });
  });
});

describe('ActiveGame.undo', () => {
  it('goes back to the previous step by replaying the log, and logs the undo', async () => {
    const game = await newGame();
    await dealAll(game);
    const atPick = game.view;
    await game.answer({ kind: 'players', ids: ['p1'] });
    expect(game.view.step?.id).toBe('confirm');
    expect(await game.undo()).toBe(true);
    expect(game.view).toEqual(atPick);
    expect(game.seq).toBe(5);
    const stored = await storage.getGame(game.id);
    expect(stored?.events.map((e) => e.event.type)).toEqual(['step.answer', 'step.answer', 'step.answer', 'step.answer', 'undo']);
    // What was stored with the undo is the replayed game, so a reload shows the same.
    expect((await ActiveGame.open(game.id))?.view).toEqual(atPick);
  });

  it('undoes one move per tap, and can undo a win', async () => {
    const game = await newGame();
    await dealAll(game);
    const atPick = game.view;
    await game.answer({ kind: 'players', ids: ['p1'] });
    const atConfirm = game.view;
    await game.answer({ kind: 'yesno', value: true });
    expect(game.record.status).toBe('over');
    await game.undo();
    expect(game.view).toEqual(atConfirm);
    expect(game.record.status).toBe('active');
    await game.undo();
    expect(game.view).toEqual(atPick);
  });

  it('is not offered before any move, while cards are being dealt, nor back into the deal', async () => {
    const game = await newGame();
    expect(game.canUndo).toBe(false);
    expect(await game.undo()).toBe(false);
    await game.answer({ kind: 'none' });
    expect(game.view.stage).toBe('dealing');
    expect(game.canUndo).toBe(false);
    expect(await game.undo()).toBe(false);
    expect(game.seq).toBe(1);
    await game.answer({ kind: 'none' });
    await game.answer({ kind: 'none' });
    // The first step after the deal: undoing it would reopen the last player's card.
    expect(game.view.stage).toBe('play');
    expect(game.canUndo).toBe(false);
    expect(await game.undo()).toBe(false);
    await game.answer({ kind: 'players', ids: ['p1'] });
    expect(game.canUndo).toBe(true);
  });
});

describe('gamesList', () => {
  it('lists games in play and finished games apart, most recent first', async () => {
    const first = await newGame();
    const second = await newGame();
    await dealAll(first);
    await first.answer({ kind: 'players', ids: ['p1'] });
    await first.answer({ kind: 'yesno', value: true });
    await new Promise((r) => setTimeout(r, 2));
    const third = await newGame();
    await gamesList.refresh();
    expect(gamesList.loaded).toBe(true);
    expect(gamesList.active.map((g) => g.id)).toEqual([third.id, second.id]);
    expect(gamesList.finished.map((g) => g.id)).toEqual([first.id]);
  });

  it('removes a game with its log', async () => {
    const game = await newGame();
    await game.answer({ kind: 'none' });
    await gamesList.refresh();
    expect(gamesList.active).toHaveLength(1);
    await gamesList.remove(game.id);
    expect(gamesList.active).toEqual([]);
    expect(await storage.getGame(game.id)).toBeNull();
    expect(await ActiveGame.open(game.id)).toBeNull();
  });
});

describe('the deal', () => {
  it('passes on once per drawn screen: a second "Done, pass on" from the same screen is refused, the stored answer names its step', async () => {
    const game = await newGame();
    game.drawn();
    expect(await game.answer({ kind: 'none' })).toBe(true);
    // The same screen's button tapped again after the first was stored.
    expect(await game.answer({ kind: 'none' })).toBe(false);
    expect(game.error).toBeNull();
    expect(game.seq).toBe(1);
    const [entry] = (await storage.getGame(game.id))!.events;
    expect(entry.event).toMatchObject({ type: 'step.answer', at: { seq: 0 } });
  });

  it('ends on the hand-back, which only the moderator opens, and a reopened game is still on it', async () => {
    const game = await newGame();
    for (let i = 0; i < NAMES.length; i++) {
      expect(game.passing).toMatchObject({ index: i, total: NAMES.length });
      game.drawn();
      expect(await game.answer({ kind: 'none' })).toBe(true);
      expect(game.handBack).toBe(i === NAMES.length - 1);
    }
    expect(game.passing).toBeNull();
    expect((await ActiveGame.open(game.id))!.handBack).toBe(true);
    await game.handedBack();
    expect(game.handBack).toBe(false);
    expect((await ActiveGame.open(game.id))!.handBack).toBe(false);
  });
});
