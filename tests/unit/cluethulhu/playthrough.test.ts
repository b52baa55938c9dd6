/**
 * Whole games played headlessly from setup to a win: one for each band, one for each side
 * and one for the Evil Child. Each script is a list of moves so the same game can be
 * replayed with a reload (persist → JSON → restore) after every move, or with undo and redo.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { elect, game, SEVEN, type G } from './fixture';
type Move = [at: string, (g: G) => unknown];

const cultists = (n: number): RoleId[] => Array(n).fill('cultist');

/** 7 players: an early arrest brings the Ritual on Night 1; the Cult murders both Investigators. */
const SEVEN_SCRIPT: Move[] = [
  ['day.evilChild', (g) => g.pick('Gosia')],
  ['day.dollHandOver', (g) => g.next()],
  ['day.wizard', (g) => g.pick('Darek')],
  ['day.investigatorsVote', (g) => g.pick('Filip')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['night.wake', (g) => g.next()],
  ['night.highPriest', (g) => elect(g, 'Gosia')],
  ['night.ritual', (g) => g.next()],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick('Ania')],
  ['night.vote', (g) => g.tally({ Ania: 6 })],
  ['night.result', (g) => g.next()],
  ['day.evilChild', (g) => g.pick('Celina')],
  ['day.dollHandOver', (g) => g.next()],
  // The Ritual cancelled the Wizard and the Shoggoth's absorb; the Evil Child keeps her doll.
  ['day.investigatorsVote', (g) => g.pick('Darek')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['night.wake', (g) => g.next()],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick('Bartek')],
  ['night.vote', (g) => g.tally({ Bartek: 5 })]
];

const TWELVE: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'wizard', 'tchoTcho', 'mother', 'traitor', 'yithian', ...cultists(4)];
/** 12 players: the Traitor switches, the Ritual falls on Night 1, the Investigators arrest their way to parity. */
const TWELVE_SCRIPT: Move[] = [
  ['day.wizard', (g) => g.pick('Darek')],
  ['day.investigatorsVote', (g) => g.pick('Iga')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['day.mother', (g) => g.yes()],
  ['day.motherPick', (g) => g.pick('Filip', 'Jan')],
  ['day.siblingsWake', (g) => g.next()],
  ['day.psychiatrist', (g) => g.yes()],
  ['day.psychiatristPick', (g) => g.pick('Ewa')],
  ['day.psychiatristSwap', (g) => g.next()],
  ['day.traitor', (g) => g.yes()],
  ['day.yithian', (g) => g.yes()],
  ['day.yithianPick', (g) => g.pick('Kasia')],
  ['day.yithianSwap', (g) => g.next()],
  ['night.wake', (g) => g.next()],
  ['night.highPriest', (g) => elect(g, 'Leon')],
  ['night.ritual', (g) => g.next()],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick('Ania')],
  ['night.vote', (g) => g.tally({ Ania: 8 })],
  ['night.result', (g) => g.next()],
  ['day.investigatorsVote', (g) => g.pick('Jan')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['night.wake', (g) => g.next()],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick()],
  ['night.result', (g) => g.next()],
  ['day.investigatorsVote', (g) => g.pick('Leon')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['night.wake', (g) => g.next()],
  ['night.highPriestSuccessor', (g) => g.pick('Darek')],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick()],
  ['night.result', (g) => g.next()],
  ['day.investigatorsVote', (g) => g.pick('Ewa')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()]
];

const EIGHTEEN: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'shoggoth', 'wizard', ...cultists(11)];
/** 18 players: the Shoggoth absorbs, then the doll's holder is murdered and the Evil Child wins. */
const EIGHTEEN_SCRIPT: Move[] = [
  ['day.evilChild', (g) => g.pick('Marta')],
  ['day.dollHandOver', (g) => g.next()],
  ['day.wizard', (g) => g.pick('Ewa')],
  ['day.detective', (g) => g.pick('Hubert')],
  ['day.investigatorsVote', (g) => g.pick('Filip')],
  ['day.investigatorsSleep', (g) => g.next()],
  ['day.investigatorsArrest', (g) => g.next()],
  ['day.shoggothAbsorb', (g) => g.pick('Iga')],
  ['day.psychiatrist', (g) => g.no()],
  ['night.wake', (g) => g.next()],
  ['night.highPriest', (g) => elect(g, 'Nina')],
  ['night.discussion', (g) => g.next()],
  ['night.accusation', (g) => g.pick('Marta', 'Ania')],
  ['night.vote', (g) => g.tally({ Marta: 10, Ania: 3 })]
];

function play(g: G, script: Move[], between?: (g: G) => void) {
  for (const [at, move] of script) {
    expect(g.at).toBe(at);
    move(g);
    between?.(g);
  }
  return g;
}

describe('whole games', () => {
  it('7 players: the Cult wins by murdering the last Investigator', () => {
    const g = play(game(SEVEN), SEVEN_SCRIPT);
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'cult', reason: { key: 'cluethulhu:outcome.cult' } });
    expect(g.facts).toMatchObject({ stage: 'over', step: null, winner: 'cult', counts: { investigators: 0, cult: 2 }, ritual: true, highPriest: 'Gosia', doll: 'Celina' });
    expect(g.alive.sort()).toEqual(['Celina', 'Ewa', 'Gosia']);
    expect(g.view.log.some((l) => l.text.key === 'cluethulhu:log.fate.arrested' && l.text.params?.name === 'Darek')).toBe(true);
  });

  it('12 players: the Investigators win once they match the Cultists left', () => {
    const g = play(game(TWELVE), TWELVE_SCRIPT);
    expect(g.view.outcome).toMatchObject({ winner: 'investigators', reason: { params: { investigators: 3, cult: 3 } } });
    expect(g.facts.counts).toEqual({ investigators: 3, cult: 3 });
    // The Traitor switched sides; the Psychiatrist cured Ewa; the Yithian swapped with Kasia.
    expect(g.facts.sides.Gosia).toBe('investigators');
    expect(g.facts.roles).toMatchObject({ Ewa: 'cultist', Kasia: 'yithianCard' });
    // The switched Traitor shares the win; the cured Tcho-Tcho and the Yithian's victim do not.
    expect(g.view.outcome!.winners.map((id) => g.name(id)).sort()).toEqual(['Ania', 'Bartek', 'Celina', 'Gosia']);
    expect(g.view.players.find((p) => p.name === 'Filip')!.fate?.key).toBe('cluethulhu:fate.heartbreak');
  });

  it('18 players: the Evil Child wins when the doll holder is murdered', () => {
    const g = play(game(EIGHTEEN), EIGHTEEN_SCRIPT);
    expect(g.view.outcome).toMatchObject({ winner: 'evilChild', winners: [g.id('Ewa')] });
    // Iga absorbed in the Shoggoth's place, who is revealed; the doll's holder murdered.
    expect(g.facts).toMatchObject({ winner: 'evilChild', doll: 'Marta', revealed: ['Filip'], highPriest: 'Nina', detained: 'Hubert' });
    expect(g.facts.alive).not.toContain('Marta');
    expect(g.alive).toContain('Filip');
    expect(g.alive).not.toContain('Iga');
  });
});

describe('persistence and undo', () => {
  for (const [name, roles, script] of [
    ['7', SEVEN, SEVEN_SCRIPT],
    ['12', TWELVE, TWELVE_SCRIPT],
    ['18', EIGHTEEN, EIGHTEEN_SCRIPT]
  ] as const) {
    it(`a ${name}-player game reloaded from JSON after every move ends exactly as one played straight`, () => {
      const straight = play(game([...roles]), script);
      const reloaded = play(game([...roles]), script, (g) => g.reload());
      expect(reloaded.view).toEqual(straight.view);
      expect(reloaded.snapshot.context).toEqual(straight.snapshot.context);
    });
    it(`a ${name}-player game with every move undone and made again ends exactly as one played straight`, () => {
      const straight = play(game([...roles]), script);
      const g = game([...roles]);
      for (const [at, move] of script) {
        const before = g.view;
        move(g);
        if (g.view.stage === 'play') {
          g.undo();
          expect(g.view).toEqual(before);
          move(g);
        }
      }
      expect(g.view).toEqual(straight.view);
      expect(g.at).toBe(straight.at);
    });
  }

  it('undoes any number of steps, back to the first prompt', () => {
    const g = game(SEVEN);
    const first = g.view;
    play(g, SEVEN_SCRIPT.slice(0, 10));
    for (let i = 0; i < 10; i++) g.undo();
    expect(g.view).toEqual(first);
  });
});
