/**
 * Undo in a long game: it returns to exactly the game a replay of the log gives, through any
 * mix of moves and undos, by restoring the nearest stored checkpoint whose moves are all still
 * in effect and applying the few moves after it (not a replay of the whole log); and it
 * replays instead when that checkpoint was written by another machine version.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, MemoryStorage } from '$lib/db';
import type { GameInput } from '$lib/engine/game';
import { replay, type LoggedEvent } from '$lib/engine/session';
import type { Answer, AnswerSpec } from '$lib/engine/types';
import { cluethulhu, type CluethulhuSetup } from '$lib/games/cluethulhu';
import { ActiveGame, provideStorage } from '$lib/stores';
import { SEVEN, setupFor } from '../cluethulhu/fixture';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  provideStorage(storage);
});

/** The fewest players a step allows, "no", no votes: nobody dies, the game goes on. */
function simplest(spec: AnswerSpec | undefined): Answer {
  switch (spec?.kind) {
    case 'yesno':
      return { kind: 'yesno', value: false };
    case 'players':
      return { kind: 'players', ids: spec.candidates.slice(0, spec.min) };
    case 'tally':
      return { kind: 'tally', counts: Object.fromEntries(spec.options.map((id, i) => [id, i === 0 && spec.total?.rule === 'exactly' ? spec.total.n : 0])) };
    default:
      return { kind: 'none' };
  }
}

async function newGame(): Promise<ActiveGame> {
  const made = await ActiveGame.create('cluethulhu', setupFor(SEVEN), 11);
  if (!('id' in made)) throw new Error('setup refused');
  const game = await ActiveGame.open(made.id);
  if (!game) throw new Error('not stored');
  return game;
}

/** What a replay of the stored log from the start shows. */
async function replayed(game: ActiveGame) {
  const stored = await storage.getGame(game.id);
  const log: LoggedEvent[] = stored!.events.map((e) => e.event);
  return cluethulhu.view(replay(cluethulhu, game.record.input as GameInput<CluethulhuSetup>, log));
}

describe('undo', () => {
  it('lands exactly where a replay of the log lands, through moves and undos in any order', async () => {
    const game = await newGame();
    // 60 moves with an undo after every seventh, then undos in a row back past two checkpoints,
    // an answer, and more undos.
    for (let i = 1; i <= 60; i++) {
      expect(await game.answer(simplest(game.view.step?.answer))).toBe(true);
      if (i % 7 === 0) {
        expect(await game.undo()).toBe(true);
        expect(game.view).toEqual(await replayed(game));
      }
    }
    for (let i = 0; i < CHECKPOINT_EVERY + 4; i++) {
      expect(await game.undo()).toBe(true);
      expect(game.view).toEqual(await replayed(game));
    }
    expect(await game.answer(simplest(game.view.step?.answer))).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect(await game.undo()).toBe(true);
      expect(game.view).toEqual(await replayed(game));
    }
    // And a reopened game undoes the same way.
    const reopened = (await ActiveGame.open(game.id))!;
    for (let i = 0; i < 3; i++) {
      expect(await reopened.undo()).toBe(true);
      expect(reopened.view).toEqual(await replayed(reopened));
    }
  });

  /**
   * A game of CHECKPOINT_EVERY + 4 moves whose stored checkpoint (after entry CHECKPOINT_EVERY)
   * carries a mark and `version`, reopened, with its last move undone.
   */
  async function markedGame(version: number): Promise<ActiveGame> {
    const game = await newGame();
    for (let i = 0; i < CHECKPOINT_EVERY + 4; i++) expect(await game.answer(simplest(game.view.step?.answer))).toBe(true);
    const stored = (await storage.getGame(game.id))!;
    expect(stored.checkpoints).toEqual([CHECKPOINT_EVERY]);
    const checkpoint = (await storage.getCheckpoint(game.id, CHECKPOINT_EVERY))!;
    const marked = structuredClone(checkpoint.snapshot) as { context: { players: { name: string }[] } };
    marked.context.players[0].name = 'Read from the stored checkpoint';
    await storage.importGames([{ game: stored.game, events: stored.events, checkpoints: [{ ...checkpoint, snapshot: marked, machineVersion: version }] }], 'replace');
    const reopened = (await ActiveGame.open(game.id))!;
    expect(reopened.view.players[0].name).toBe('Ania');
    // Back to the game after entry CHECKPOINT_EVERY + 3: the checkpoint and three moves on it.
    expect(await reopened.undo()).toBe(true);
    return reopened;
  }

  it('takes the game back from the nearest checkpoint, without replaying the log', async () => {
    const game = await markedGame(cluethulhu.machineVersion);
    expect(game.view.players[0].name).toBe('Read from the stored checkpoint');
  });

  it('replays the log instead when that checkpoint was written by another machine version', async () => {
    const game = await markedGame(cluethulhu.machineVersion - 1);
    expect(game.view.players[0].name).toBe('Ania');
    expect(game.view).toEqual(await replayed(game));
  });
});
