/**
 * Whole games of Cthulhu Gloom played headlessly to the end: 2, 4 and 5 players, each to a win
 * and to a tie. Every game is reloaded (persist → JSON → restore) after every move, replayed
 * from its log read back from JSON, and undone move by move to the start and played again.
 */
import { describe, expect, it } from 'vitest';
import { boardOf, type GloomMove } from '../../../src/lib/games/gloom';
import { death, END, game, mod, print } from './fixture';

/**
 * A script: each player's turn in order, starting with Ania. Ania's family dies first; the
 * others get modifiers and deaths so the values come out as `values`.
 *
 * `aniaWorth` is the Self-Worth each of Ania's characters has when it dies; `others` gives, for
 * each other player, how many of their characters die and with what Self-Worth.
 */
function script(n: number, aniaWorth: number[], others: number[][]): GloomMove[] {
  const out: GloomMove[] = [];
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const left = others.map((list) => [...list]);
  const othersTurns = () => {
    for (let k = 1; k < n; k++) {
      const list = left[k - 1];
      const c = `p${k + 1}.${others[k - 1].length - list.length + 1}`;
      const worth = list.shift();
      if (worth !== undefined) {
        out.push({ kind: 'adjust', character: c, delta: worth });
        out.push(death(c, 'Wasted Away'));
      } else out.push({ kind: 'pass' }, mod(`${players[k]}.4`, 'Fled Frantically', print(3, null, null)));
      out.push(END);
    }
  };
  // Ania's first turn readies her first character with two Modifiers.
  out.push(mod('p1.1', 'Delved Too Deep', print(aniaWorth[0] - 5, null, null, 'magic')), mod('p1.1', 'Dreamed Of Delights', print(null, 5, null)), END);
  othersTurns();
  for (let i = 0; i < aniaWorth.length; i++) {
    // Ania: the first play kills the character readied last turn, the second readies the next.
    out.push(death(`p1.${i + 1}`, i % 2 ? 'Was Trapped In The Ice' : 'Was Haunted In The Dark'));
    if (i + 1 === aniaWorth.length) break;
    out.push(mod(`p1.${i + 2}`, 'Had Hideous Hallucinations', print(aniaWorth[i + 1], null, null, 'madness')), END);
    othersTurns();
  }
  return out;
}

function play(n: number, moves: GloomMove[]) {
  const g = game(n);
  for (const m of moves) {
    g.move(m);
    const before = JSON.stringify(g.view);
    g.reload();
    expect(JSON.stringify(g.view)).toBe(before);
  }
  return g;
}

/** Replayed from JSON, and undone to the start and redone: the same game every time. */
function checkReplays(n: number, moves: GloomMove[]) {
  const g = play(n, moves);
  const final = JSON.stringify(g.view);
  expect(JSON.stringify(g.def.view(g.replayed()))).toBe(final);
  const views: string[] = [];
  const h = game(n);
  views.push(JSON.stringify(h.view));
  for (const m of moves) views.push(JSON.stringify(h.move(m).view));
  for (let i = moves.length - 1; i >= 0; i--) {
    h.undo();
    expect(JSON.stringify(h.view)).toBe(views[i]);
  }
  for (const m of moves) h.move(m);
  expect(JSON.stringify(h.view)).toBe(final);
  return g;
}

describe('whole games', () => {
  it('2 players to a win: Ania’s family all dead, the lowest value wins', () => {
    const moves = script(2, [-10, -20, -5, -15, -10], [[-5, -5]]);
    const g = checkReplays(2, moves);
    expect(g.view.stage).toBe('over');
    expect(boardOf(g.view).families.map((f) => f.value)).toEqual([-60, -10]);
    expect(g.view.outcome).toMatchObject({ winner: 'lowest', winners: ['p1'] });
  });

  it('2 players to a tie, with Bartek’s Story bringing him level', () => {
    const moves = script(2, [-10, -10, -10, -10, -10], [[-20, -25]]);
    // Bartek claims The King In Yellow (−5) over the table's objection, on his last turn.
    const last = moves.lastIndexOf(END, moves.length - 2);
    moves.splice(last, 0, { kind: 'claim', story: 'The King In Yellow', free: true, overrule: true });
    const g = checkReplays(2, moves);
    expect(boardOf(g.view).families.map((f) => f.value)).toEqual([-50, -50]);
    expect(g.view.outcome).toMatchObject({ winner: 'tie', winners: ['p1', 'p2'] });
  });

  it('4 players (families of four) to a win by another family', () => {
    const moves = script(4, [-5, -5, -5, -5], [[-30, -10], [-2], []]);
    const g = checkReplays(4, moves);
    expect(boardOf(g.view).families.map((f) => f.characters.length)).toEqual([4, 4, 4, 4]);
    expect(boardOf(g.view).families.map((f) => f.value)).toEqual([-20, -40, -2, 0]);
    expect(g.view.outcome).toMatchObject({ winner: 'lowest', winners: ['p2'] });
  });

  it('4 players to a three-way tie', () => {
    const g = checkReplays(4, script(4, [-5, -5, -5, -5], [[-20], [-10, -10], []]));
    expect(g.view.outcome).toMatchObject({ winner: 'tie', winners: ['p1', 'p2', 'p3'] });
    expect(g.view.log.at(-1)!.text.key).toBe('gloom:log.tieLine');
  });

  it('5 players, the fifth with the misfit family, to a win', () => {
    const moves = script(5, [-10, -10, -10, -10, -10], [[-5], [-5], [-5], [-30, -30]]);
    const g = checkReplays(5, moves);
    expect(boardOf(g.view).families[4].family).toBe('misfit');
    expect(g.view.outcome).toMatchObject({ winner: 'lowest', winners: ['p5'] });
  });

  it('5 players to a tie between the first and the fifth', () => {
    const g = checkReplays(5, script(5, [-10, -10, -10, -10, -10], [[-5], [], [], [-25, -25]]));
    expect(g.view.outcome).toMatchObject({ winner: 'tie', winners: ['p1', 'p5'] });
  });
});
