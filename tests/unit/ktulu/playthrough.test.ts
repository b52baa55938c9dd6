/**
 * Whole games of Ktulu played headlessly from the zero night to a win, one for each faction
 * (and the book's special case of a poisoned last holder), from scripts.ts. Each script is a
 * list of moves, so the same game is replayed with a reload (persist → JSON → restore) after
 * every move, and with every move undone and made again.
 */
import { describe, expect, it } from 'vitest';
import { play, SCRIPTS, start } from './scripts';

describe('whole games', () => {
  for (const s of SCRIPTS) {
    it(s.name, () => {
      const g = play(start(s), s.moves);
      expect(g.view.stage).toBe('over');
      expect(g.view.step).toBeNull();
      expect(g.view.outcome).toMatchObject({ winner: s.winner, reason: { key: `ktulu:outcome.${s.reason}` } });
      expect(g.facts.winner).toBe(s.winner);
      // Every member of the winning faction shares the win, the dead too.
      const faction = Object.entries(g.facts.factions).filter(([, f]) => f === s.winner).map(([name]) => name);
      expect(g.view.outcome!.winners.map((id) => g.name(id)).sort()).toEqual(faction.sort());
    });
  }
});

describe('persistence and undo', () => {
  for (const s of SCRIPTS.slice(0, 7)) {
    it(`${s.winner}: reloaded from JSON after every move, the game ends exactly as one played straight`, () => {
      const straight = play(start(s), s.moves);
      const reloaded = play(start(s), s.moves, (g) => g.reload());
      expect(reloaded.view).toEqual(straight.view);
      expect(reloaded.snapshot.context).toEqual(straight.snapshot.context);
    });
    it(`${s.winner}: with every move undone and made again, the game ends exactly as one played straight`, () => {
      const straight = play(start(s), s.moves);
      const g = start(s);
      for (const [, move] of s.moves) {
        const before = g.view;
        move(g);
        if (g.view.stage === 'play') {
          g.undo();
          expect(g.view).toEqual(before);
          move(g);
        }
      }
      expect(g.view).toEqual(straight.view);
      expect(g.snapshot.context).toEqual(straight.snapshot.context);
    });
  }

  it('undoes any number of moves, back to the first step of the zero night', () => {
    const s = SCRIPTS[6];
    const g = start(s);
    const first = g.view;
    play(g, s.moves.slice(0, 20));
    for (let i = 0; i < 20; i++) g.undo();
    expect(g.view).toEqual(first);
  });
});
