/**
 * Whole games of Ktulu as lists of moves, from the zero night to a win: one for each faction
 * (and the book's special case of a poisoned last holder). Played by playthrough.test.ts and
 * read for their text by texts.test.ts.
 */
import { expect } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import type { KtuluSettings } from '../../../src/lib/games/ktulu/setup';
import { game, unanimous, type G } from './game';

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
const nobody = (g: G) => g.pick();
const no = (g: G) => g.no();

/**
 * A run of moves through the Manitou's list for one night (`night`) or the zero night
 * (`zeroNight`): each a step alone (read aloud, then Next), `[step, ...names]` (those players
 * picked) or `[step, move]` (`nobody`, `no`).
 */
type At = number | string;
const steps =
  (list: 'night' | 'zeroNight') =>
  (...moves: (At | [At, ...string[]] | [At, (g: G) => unknown])[]): Move[] =>
    moves.map((m): Move => {
      const [step, ...rest] = Array.isArray(m) ? m : [m];
      const at = `${list}.${step}`;
      if (!Array.isArray(m)) return [at, n];
      if (typeof rest[0] === 'function') return [at, rest[0]];
      const names = rest as string[];
      return [at, (g) => g.pick(...names)];
    });
const night = steps('night');
const zeroNight = steps('zeroNight');

const quietDay = (search: [string, string], intro = false): Move[] => [
  ['day.morning', n],
  ...(intro ? ([['day.intro', n]] as Move[]) : []),
  ['day.discussion', nobody],
  ['day.searchVote', (g) => unanimous(g, search[0], search[1])],
  ['day.hangVote', no],
  ['day.nightfall', n]
];

/** Ania Sheriff, Bartek Pastor, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Indian. */
const SEVEN: RoleId[] = ['sheriff', 'pastor', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];
const zeroSeven: Move[] = zeroNight([4, 'Celina'], [5, 'Darek'], '5.result', [6, 'Ewa'], 7);

export const SCRIPTS: Script[] = [
  {
    name: 'the Town finds the statue in the day’s search',
    roles: SEVEN,
    winner: 'town',
    reason: 'foundBySearch',
    moves: [
      ...zeroSeven,
      ...quietDay(['Ania', 'Bartek'], true),
      ...night([8, 'Gosia'], [9, 'Ewa'], '9.result', 15, [16, nobody], [17, 'Ewa'], 18, 22, [24, 'Bartek'], 32),
      ['day.morning', n],
      ['day.discussion', nobody],
      ['day.searchVote', (g) => unanimous(g, 'Ewa', 'Darek')]
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
      ...night([8, 'Gosia'], [9, 'Filip'], '9.result', 15, [16, nobody], [17, 'Darek'], 18, 22, [24, 'Celina'], 32)
    ]
  },
  {
    name: 'the Indians are the only ones left alive',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Chief, Ewa Indian, Filip Warrior.
    roles: ['sheriff', 'townsman', 'banditLeader', 'chief', 'indian', 'warrior'],
    winner: 'indians',
    reason: 'indians',
    moves: [
      ...zeroNight([4, 'Bartek'], [6, 'Celina'], 7),
      ...quietDay(['Ania', 'Bartek'], true),
      ...night([8, 'Ewa'], 15, [16, nobody], [17, 'Celina'], 18, 22, [24, 'Celina'], '24.result', [25, 'Ania'], [29, 'Bartek'])
    ]
  },
  {
    name: 'the Aliens send their third signal',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Great Alien, Hubert Alien.
    roles: ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'greatAlien', 'alien'],
    winner: 'aliens',
    reason: 'signals',
    moves: [
      ...zeroNight([4, 'Bartek'], [6, 'Celina'], 7, 8),
      ...quietDay(['Ania', 'Bartek'], true),
      ...night(
        [8, 'Bartek'], 15, [16, nobody], [17, 'Celina'], 18, 22, [24, 'Darek'], 32, 34, [37, 'Celina'], '37.result', 40,
        [41, 'Gosia'], 42
      ),
      ...quietDay(['Ania', 'Bartek']),
      ...night([8, 'Bartek'], 15, [16, nobody], 18, 22, [24, 'Celina'], 32, 34, [37, 'Ania'], '37.result', 40, [41, 'Hubert'], 42),
      ...quietDay(['Ania', 'Bartek']),
      ...night([8, 'Bartek'], 22, [24, 'Ania'], 32, 34, [37, 'Bartek'], '37.result', 40)
    ]
  },
  {
    name: 'Lucky Luke starts his turn with the statue and rides off',
    // Ania Lucky Luke, Bartek Sheriff, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Indian.
    roles: ['luckyLuke', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'],
    winner: 'luckyLuke',
    reason: 'rodeOff',
    moves: [
      ...zeroNight([4, 'Celina'], [6, 'Darek'], 7),
      ...quietDay(['Celina', 'Ewa'], true),
      ...night(1, [3, 'Darek'], '3.result', [4, nobody], [5, nobody], 6, 7, [8, 'Celina'], 15, [16, nobody], 18, 22, [24, 'Celina'], 32),
      ...quietDay(['Celina', 'Ewa']),
      ...night(1, 2)
    ]
  },
  {
    name: 'the last Runaway escapes',
    // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Kali, Hubert Cleaning Lady.
    roles: ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'kali', 'cleaningLady'],
    winner: 'runaways',
    reason: 'escaped',
    moves: [
      ...zeroNight([4, 'Bartek'], [6, 'Celina'], 7, 9),
      ...quietDay(['Ania', 'Bartek'], true),
      ...night(
        [8, 'Bartek'], 15, [16, nobody], [17, 'Celina'], 18, 22, [24, 'Darek'], 32, 43, ['45a', 'Celina'], '45a.result',
        [46, 'Ania'], '46.result', [47, no], [48, nobody], '48.result', 49, [50, 'Gosia'], 51
      ),
      ...quietDay(['Ania', 'Bartek']),
      ...night(
        [8, 'Bartek'], 15, [16, nobody], 18, 22, [24, 'Celina'], 32, 43, [44, 'Gosia'], 45, ['45a', 'Ania'], '45a.result',
        [48, 'Ania', 'Bartek'], '48.result', 49, [50, 'Hubert'], 51
      ),
      ...quietDay(['Ania', 'Bartek']),
      ...night([8, 'Bartek'], 22, [24, 'Ania'], 32, 43, [44, 'Hubert'], 45)
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
      ...zeroNight([4, 'Bartek'], [6, 'Celina'], 7, 10),
      ...quietDay(['Ania', 'Bartek'], true),
      ...night(
        [8, 'Bartek'], 15, [16, nobody], [17, 'Celina'], 18, 22, [24, 'Darek'], 32, [52, nobody], 53, [54, 'Celina'], '54.result',
        ['54.take', no], [55, 'Celina'], '55.result', ['55.take', no], [56, 'Ania'], '56.result', 59
      ),
      ...quietDay(['Ania', 'Bartek']),
      ...night([8, 'Bartek'], 15, [16, nobody], [17, 'Celina'], 18, 22, [24, 'Ania'], 32, [52, nobody], 53, [54, 'Celina'])
    ]
  },
  {
    name: 'the book’s special case: the last non-Indian, holding the statue, is poisoned — the Town wins',
    // Ania Sheriff, Bartek Bandit Leader, Celina Chief, Darek Shamaness, Ewa Indian, Filip Indian.
    roles: ['sheriff', 'banditLeader', 'chief', 'shamaness', 'indian', 'indian'],
    winner: 'town',
    reason: 'foundOnDeath',
    moves: [
      ...zeroNight([4, 'Ewa'], [6, 'Bartek'], 7),
      ...quietDay(['Ania', 'Filip'], true),
      ...night([8, 'Ewa'], 15, [16, nobody], [17, 'Bartek'], 18, 22, [24, 'Ania'], [28, 'Bartek'], 32),
      ['day.morning', n],
      ['day.discussion', nobody],
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

