/**
 * Whole games of Ktulu as lists of moves, from the zero night to a win: one for each faction
 * (and the book's special case of a poisoned last holder). Played by playthrough.test.ts and
 * read for their text by texts.test.ts.
 */
import { expect } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import type { KtuluSettings } from '../../../src/lib/games/ktulu/setup';
import { game, type G } from './game';

export type Move = [at: string, (g: G) => unknown];
export interface Script {
  name: string;
  roles: RoleId[];
  settings?: Partial<KtuluSettings>;
  seed?: number;
  moves: Move[];
  winner: string;
  reason: string;
}

const n = (g: G) => g.next();
const quietDay = (search: [string, string], intro = false): Move[] => [
  ['day.morning', n],
  ...(intro ? ([['day.intro', n]] as Move[]) : []),
  ['day.discussion', (g) => g.pick()],
  ['day.searchVote', (g) => g.tally({ [search[0]]: 1, [search[1]]: 1 })],
  ['day.hangVote', (g) => g.no()],
  ['day.nightfall', n]
];

/** Ania Sheriff, Bartek Pastor, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Indian. */
const SEVEN: RoleId[] = ['sheriff', 'pastor', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];
const zeroSeven: Move[] = [
  ['zeroNight.4', (g) => g.pick('Celina')],
  ['zeroNight.5', (g) => g.pick('Darek')],
  ['zeroNight.5.result', n],
  ['zeroNight.6', (g) => g.pick('Ewa')],
  ['zeroNight.7', n]
];

export const SCRIPTS: Script[] = [
  {
    name: 'the Town finds the statue in the day’s search',
    roles: SEVEN,
    winner: 'town',
    reason: 'foundBySearch',
    moves: [
      ...zeroSeven,
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Gosia')],
      ['night.9', (g) => g.pick('Ewa')],
      ['night.9.result', n],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Ewa')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Bartek')],
      ['night.32', n],
      ['day.morning', n],
      ['day.discussion', (g) => g.pick()],
      ['day.searchVote', (g) => g.tally({ Ewa: 5, Darek: 4 })]
    ]
  },
  {
    name: 'the Bandits sail off with the statue on their ship’s morning',
    roles: SEVEN,
    settings: { shipNight: 1 },
    winner: 'bandits',
    reason: 'ship',
    moves: [
      ...zeroSeven,
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Gosia')],
      ['night.9', (g) => g.pick('Filip')],
      ['night.9.result', n],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Darek')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Celina')],
      ['night.32', n]
    ]
  },
  {
    name: 'the Indians are the only ones left alive',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Chief, Ewa Indian, Filip Warrior.
    roles: ['sheriff', 'townsman', 'banditLeader', 'chief', 'indian', 'warrior'],
    winner: 'indians',
    reason: 'indians',
    moves: [
      ['zeroNight.4', (g) => g.pick('Bartek')],
      ['zeroNight.6', (g) => g.pick('Celina')],
      ['zeroNight.7', n],
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Ewa')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Celina')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Celina')],
      ['night.24.result', n],
      ['night.25', (g) => g.pick('Ania')],
      ['night.29', (g) => g.pick('Bartek')]
    ]
  },
  {
    name: 'the Aliens send their third signal',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Great Alien, Hubert Alien.
    roles: ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'greatAlien', 'alien'],
    winner: 'aliens',
    reason: 'signals',
    moves: [
      ['zeroNight.4', (g) => g.pick('Bartek')],
      ['zeroNight.6', (g) => g.pick('Celina')],
      ['zeroNight.7', n],
      ['zeroNight.8', n],
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Celina')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Darek')],
      ['night.32', n],
      ['night.34', n],
      ['night.37', (g) => g.pick('Celina')],
      ['night.37.result', n],
      ['night.40', n],
      ['night.41', (g) => g.pick('Gosia')],
      ['night.42', n],
      ...quietDay(['Ania', 'Bartek']),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Celina')],
      ['night.32', n],
      ['night.34', n],
      ['night.37', (g) => g.pick('Ania')],
      ['night.37.result', n],
      ['night.40', n],
      ['night.41', (g) => g.pick('Hubert')],
      ['night.42', n],
      ...quietDay(['Ania', 'Bartek']),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.22', n],
      ['night.24', (g) => g.pick('Ania')],
      ['night.32', n],
      ['night.34', n],
      ['night.37', (g) => g.pick('Bartek')],
      ['night.37.result', n],
      ['night.40', n]
    ]
  },
  {
    name: 'Lucky Luke starts his turn with the statue and rides off',
    // Ania Lucky Luke, Bartek Sheriff, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Indian.
    roles: ['luckyLuke', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'],
    winner: 'luckyLuke',
    reason: 'rodeOff',
    moves: [
      ['zeroNight.4', (g) => g.pick('Celina')],
      ['zeroNight.6', (g) => g.pick('Darek')],
      ['zeroNight.7', n],
      ...quietDay(['Celina', 'Ewa'], true),
      ['night.1', n],
      ['night.3', (g) => g.pick('Darek')],
      ['night.3.result', n],
      ['night.4', (g) => g.pick()],
      ['night.5', (g) => g.pick()],
      ['night.6', n],
      ['night.7', n],
      ['night.8', (g) => g.pick('Celina')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Celina')],
      ['night.32', n],
      ...quietDay(['Celina', 'Ewa']),
      ['night.1', n],
      ['night.2', n]
    ]
  },
  {
    name: 'the last Runaway escapes',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Kali, Hubert Cleaning Lady.
    roles: ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'kali', 'cleaningLady'],
    winner: 'runaways',
    reason: 'escaped',
    moves: [
      ['zeroNight.4', (g) => g.pick('Bartek')],
      ['zeroNight.6', (g) => g.pick('Celina')],
      ['zeroNight.7', n],
      ['zeroNight.9', n],
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Celina')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Darek')],
      ['night.32', n],
      ['night.43', n],
      ['night.45a', (g) => g.pick('Celina')],
      ['night.45a.result', n],
      ['night.46', (g) => g.pick('Ania')],
      ['night.46.result', n],
      ['night.47', (g) => g.no()],
      ['night.48', (g) => g.pick()],
      ['night.48.result', n],
      ['night.49', n],
      ['night.50', (g) => g.pick('Gosia')],
      ['night.51', n],
      ...quietDay(['Ania', 'Bartek']),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Celina')],
      ['night.32', n],
      ['night.43', n],
      ['night.44', (g) => g.pick('Gosia')],
      ['night.45', n],
      ['night.45a', (g) => g.pick('Ania')],
      ['night.45a.result', n],
      ['night.48', (g) => g.pick('Ania', 'Bartek')],
      ['night.48.result', n],
      ['night.49', n],
      ['night.50', (g) => g.pick('Hubert')],
      ['night.51', n],
      ...quietDay(['Ania', 'Bartek']),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.22', n],
      ['night.24', (g) => g.pick('Ania')],
      ['night.32', n],
      ['night.43', n],
      ['night.44', (g) => g.pick('Hubert')],
      ['night.45', n]
    ]
  },
  {
    name: 'the Bungling Gods hit the statue a third time (seed 18: every roll lands)',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Kaszabara, Hubert Banner, Iga He Whose Name.
    roles: ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'kaszabara', 'banner', 'heWhoseName'],
    seed: 18,
    winner: 'gods',
    reason: 'destroyed',
    moves: [
      ['zeroNight.4', (g) => g.pick('Bartek')],
      ['zeroNight.6', (g) => g.pick('Celina')],
      ['zeroNight.7', n],
      ['zeroNight.10', n],
      ...quietDay(['Ania', 'Bartek'], true),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Celina')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Darek')],
      ['night.32', n],
      ['night.52', (g) => g.pick()],
      ['night.53', n],
      ['night.54', (g) => g.pick('Celina')],
      ['night.54.result', n],
      ['night.54.take', (g) => g.no()],
      ['night.55', (g) => g.pick('Celina')],
      ['night.55.result', n],
      ['night.55.take', (g) => g.no()],
      ['night.56', (g) => g.pick('Ania')],
      ['night.56.result', n],
      ['night.59', n],
      ...quietDay(['Ania', 'Bartek']),
      ['night.8', (g) => g.pick('Bartek')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Celina')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Ania')],
      ['night.32', n],
      ['night.52', (g) => g.pick()],
      ['night.53', n],
      ['night.54', (g) => g.pick('Celina')]
    ]
  },
  {
    name: 'the book’s special case: the last non-Indian, holding the statue, is poisoned — the Town wins',
    // Ania Sheriff, Bartek Bandit Leader, Celina Chief, Darek Shamaness, Ewa Indian, Filip Indian.
    roles: ['sheriff', 'banditLeader', 'chief', 'shamaness', 'indian', 'indian'],
    winner: 'town',
    reason: 'foundOnDeath',
    moves: [
      ['zeroNight.4', (g) => g.pick('Ewa')],
      ['zeroNight.6', (g) => g.pick('Bartek')],
      ['zeroNight.7', n],
      ...quietDay(['Ania', 'Filip'], true),
      ['night.8', (g) => g.pick('Ewa')],
      ['night.15', n],
      ['night.16', (g) => g.pick()],
      ['night.17', (g) => g.pick('Bartek')],
      ['night.18', n],
      ['night.22', n],
      ['night.24', (g) => g.pick('Ania')],
      ['night.28', (g) => g.pick('Bartek')],
      ['night.32', n],
      ['day.morning', n],
      ['day.discussion', (g) => g.pick()],
      ['day.poison', n]
    ]
  }
];

export function play(g: G, moves: Move[], between?: (g: G) => void) {
  for (const [at, move] of moves) {
    expect(g.at).toBe(at);
    move(g);
    between?.(g);
  }
  return g;
}

export const start = (s: Script) => game(s.roles, s.settings ?? {}, s.seed ?? 7);

