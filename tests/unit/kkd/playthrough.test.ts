/**
 * Whole games of Killer Kloo Doo played headlessly through both parts, with Lantern's dice: a
 * 4-player game to an escape up the staircase, and a 3-player one to the last one standing.
 * Every game is reloaded (persist → JSON → restore) after every move, replayed from its log
 * read back from JSON, and undone move by move to the start and played again: the same dice,
 * the same table, every time.
 */
import { describe, expect, it } from 'vitest';
import type { HeadlessGame } from '../../../src/lib/engine/headless';
import { categoryOf, type CardId, type RoomId, type SuspectId, type WeaponId } from '../../../src/lib/games/cluedo-cards';
import type { KkdMove, KkdSetup } from '../../../src/lib/games/kkd';
import { boardIn, END, game, row } from './fixture';

type G = HeadlessGame<KkdSetup>;

/** Make a move, reload, and check the reload changed nothing. */
function play(g: G, moves: KkdMove[], m: KkdMove) {
  g.move(m);
  moves.push(m);
  const before = JSON.stringify(g.view);
  g.reload();
  expect(JSON.stringify(g.view)).toBe(before);
}

/** Replayed from JSON, and undone to the start and redone: the same game every time. */
function checkReplays(g: G, moves: KkdMove[], fresh: () => G) {
  // Every move reads back from a backup as it was made.
  for (const m of moves) expect(g.def.readMove!(JSON.parse(JSON.stringify(m)))).toEqual(m);
  const final = JSON.stringify(g.view);
  expect(JSON.stringify(g.def.view(g.replayed()))).toBe(final);
  const h = fresh();
  const views = [JSON.stringify(h.view)];
  for (const m of moves) views.push(JSON.stringify(h.move(m).view));
  expect(views.at(-1)).toBe(final);
  for (let i = moves.length - 1; i >= 0; i--) {
    h.undo();
    expect(JSON.stringify(h.view)).toBe(views[i]);
  }
  for (const m of moves) h.move(m);
  expect(JSON.stringify(h.view)).toBe(final);
}

/** Part 1 for four: rooms, contests, a drugged player, then Celina's right accusation. */
function part1(g: G, moves: KkdMove[]) {
  const p = (m: KkdMove) => play(g, moves, m);
  p({ kind: 'enter', by: 'scarlett', room: 'lounge' });
  p({ kind: 'contest', contest: 'persuasion', by: 'scarlett', target: 'plum', cards: { by: '9', target: '4' } });
  p(END);
  p({ kind: 'enter', by: 'mustard', room: 'hall' });
  p({ kind: 'contest', contest: 'aggression', by: 'mustard', target: 'scarlett', cards: { by: '5', target: '5' } });
  p({ kind: 'ace', by: 'mustard', target: 'white' });
  p(END);
  expect(boardIn(g).turn.name).toBe('Darek');
  p(END);
  p({ kind: 'enter', by: 'scarlett', room: 'kitchen' });
  p(END);
  p(END);
  p({ kind: 'enter', by: 'white', room: 'library' });
  p({ kind: 'accuse', by: 'white', right: true });
  p({ kind: 'score', by: 'scarlett', hearts: ['A', '7'], diamonds: ['3'] });
  p({ kind: 'score', by: 'mustard', hearts: ['K'], diamonds: ['Q', '2'] });
  p({ kind: 'score', by: 'white', hearts: [], diamonds: ['5'] });
  p({ kind: 'score', by: 'green', hearts: ['10', '9'], diamonds: [] });
  expect(boardIn(g).leaders).toEqual({ score: 65, who: ['white'] });
}

const WEAPON_FOR_KILLING: WeaponId = 'revolver';

describe('whole games', () => {
  it('4 players: Part 1, an accusation, Part 2 with Lantern’s dice and objectives, to an escape', () => {
    const fresh = () => game(4, 2024, 'roll');
    const g = fresh();
    const moves: KkdMove[] = [];
    const p = (m: KkdMove) => play(g, moves, m);
    // Ania starts whoever rolled highest: play on from her turn.
    while (boardIn(g).turn.who !== 'scarlett') p(END);
    part1(g, moves);

    p({ kind: 'part2', objectives: 'app', first: 'scarlett' });
    while (boardIn(g).objectives!.seeing) p({ kind: 'seen', by: boardIn(g).objectives!.seeing!.who });
    expect(boardIn(g).characters.every((c) => c.sp! > 0)).toBe(true);
    const mine = boardIn(g).secret.scarlett!;
    // This seed deals her one objective of each kind.
    expect(mine.map(categoryOf).sort()).toEqual(['room', 'suspect', 'weapon']);

    /** The other players' turns, doing nothing but keeping the turn going. */
    const round = () => {
      p(END);
      while (boardIn(g).turn.who !== 'scarlett' && g.view.stage === 'play') p(END);
    };

    // Ania works through her three objectives, one kind at a time.
    for (const card of mine) {
      switch (categoryOf(card)) {
        case 'suspect': {
          const victim = card as SuspectId;
          if (!row(g, victim).alive) break;
          if (row(g, 'scarlett').weapon !== WEAPON_FOR_KILLING) p({ kind: 'take', by: 'scarlett', weapon: WEAPON_FOR_KILLING });
          while (row(g, victim).alive) {
            p({ kind: 'attack', by: 'scarlett', target: victim });
            round();
          }
          break;
        }
        case 'weapon': {
          const weapon = card as WeaponId;
          if (row(g, 'scarlett').weapon !== weapon) p({ kind: 'take', by: 'scarlett', weapon });
          round();
          p({ kind: 'clean', by: 'scarlett', weapon });
          round();
          p({ kind: 'throwOut', by: 'scarlett', weapon });
          break;
        }
        case 'room': {
          const room = card as RoomId;
          p({ kind: 'enter', by: 'scarlett', room });
          p({ kind: 'search', by: 'scarlett', room, court: 'Q' });
          while (row(g, 'scarlett').searching) {
            p({ kind: 'searchRoll', by: 'scarlett' });
            if (row(g, 'scarlett').searching) round();
          }
          break;
        }
      }
      expect(row(g, 'scarlett').done).toContain(card as CardId);
      round();
    }
    expect(g.view.stage).toBe('play');
    p({ kind: 'staircase', by: 'scarlett' });
    p(END);
    while (g.view.stage === 'play') p(END);
    expect(g.view.outcome).toMatchObject({ winner: 'escape', winners: ['p1'] });
    expect(moves.length).toBeGreaterThan(40);
    checkReplays(g, moves, fresh);
  });

  it('3 players: Part 1 to a wrong accusation, Part 2 with the table’s own dice and Lantern’s, to the last one standing', () => {
    const fresh = () => game(3, 99, 'p2');
    const g = fresh();
    const moves: KkdMove[] = [];
    const p = (m: KkdMove) => play(g, moves, m);
    p({ kind: 'enter', by: 'mustard', room: 'study' });
    p({ kind: 'contest', contest: 'persuasion', by: 'mustard', target: 'white', cards: { by: 'J', target: 'Q' } });
    p(END);
    p({ kind: 'accuse', by: 'white', right: false });
    p({ kind: 'score', by: 'scarlett', hearts: ['4'], diamonds: ['8'] });
    p({ kind: 'score', by: 'mustard', hearts: ['6', '6'], diamonds: [] });
    p({ kind: 'score', by: 'white', hearts: ['A'], diamonds: ['K'] });
    // The table rolled for the players; Lantern rolls for the others and for who starts.
    p({ kind: 'part2', objectives: 'physical', rolls: { scarlett: [2, 3], mustard: [4, 4], white: [6, 1] } });
    expect(['scarlett', 'mustard', 'white'].map((id) => row(g, id as SuspectId).sp)).toEqual([17, 20, 22]);

    p({ kind: 'take', by: boardIn(g).turn.who, weapon: 'rope' });
    const killer = boardIn(g).turn.who;
    const victims = (['scarlett', 'mustard', 'white'] as SuspectId[]).filter((id) => id !== killer);
    p({ kind: 'heal', by: killer, card: 'A' });
    p({ kind: 'ace', by: killer, target: victims[0] });
    for (const victim of victims) {
      while (row(g, victim).alive) {
        if (row(g, victim).sp! > 20) p({ kind: 'assault', by: killer, target: victim, clubs: { by: ['K', '9'], target: ['2'] } });
        else p({ kind: 'attack', by: killer, target: victim });
        if (g.view.stage !== 'play') break;
        p(END);
        while (boardIn(g).turn.who !== killer) p(END);
      }
    }
    expect(g.view.outcome).toMatchObject({ winner: 'lastStanding', winners: [row(g, killer).player] });
    checkReplays(g, moves, fresh);
  });
});
