/**
 * Killer Kloo Doo's arithmetic, number by number: the playing cards' values, who wins a contest,
 * the Part 1 score, each weapon's multiplier, an attack with and without a counter-attack,
 * Assault & Battery, a servant against a Spade, and the Location roll.
 */
import { describe, expect, it } from 'vitest';
import {
  assaultDamage,
  attackDamage,
  cardValue,
  duel,
  locationDone,
  MULTIPLIER,
  part1Score,
  RANKS,
  servantSucceeds,
  total
} from '../../../src/lib/games/kkd';

describe('playing-card values', () => {
  it('2 to 10 as printed, Jack 12, Queen 13, King 15, Ace 20', () => {
    expect(RANKS.map(cardValue)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 15, 20]);
  });

  it('adds a hand up', () => {
    expect(total([])).toBe(0);
    expect(total(['A', 'K', '2'])).toBe(37);
  });
});

describe('contests (Persuasion with Hearts, Aggression with Clubs, a servant against a Spade)', () => {
  it('the higher card wins; a tie leaves it with the defender', () => {
    expect(duel(cardValue('Q'), cardValue('J'))).toBe('by');
    expect(duel(cardValue('9'), cardValue('10'))).toBe('target');
    expect(duel(cardValue('7'), cardValue('7'))).toBe('target');
    expect(duel(cardValue('A'), cardValue('K'))).toBe('by');
  });

  it('a servant works with no Spade against it, or Diamonds above the Spade; a tie holds', () => {
    expect(servantSucceeds(['2'], null)).toBe(true);
    expect(servantSucceeds(['9'], '8')).toBe(true);
    expect(servantSucceeds(['9'], '9')).toBe(false);
    expect(servantSucceeds(['9'], 'J')).toBe(false);
    // Stealing a weapon: two Diamonds summed against one Spade.
    expect(servantSucceeds(['7', '6'], 'Q')).toBe(false);
    expect(servantSucceeds(['7', '7'], 'Q')).toBe(true);
    expect(servantSucceeds(['5', '5'], '10')).toBe(false);
    expect(servantSucceeds(['5', '6'], 'A')).toBe(false);
  });
});

describe('the Part 1 score', () => {
  it('Hearts plus Diamonds, +60 for a right accusation, −20 for a wrong one, no floor', () => {
    expect(part1Score(['A', '5'], ['K'], null)).toBe(40);
    expect(part1Score(['A', '5'], ['K'], true)).toBe(100);
    expect(part1Score(['3'], [], false)).toBe(-17);
    expect(part1Score([], [], false)).toBe(-20);
  });
});

describe('murder weapons', () => {
  it('multiply one die: Revolver 6, Dagger 5, Lead Piping 5, Rope 4, Spanner 4, Candlestick 2', () => {
    expect(MULTIPLIER).toEqual({ revolver: 6, dagger: 5, leadPiping: 5, rope: 4, spanner: 4, candlestick: 2 });
  });

  it('an attack takes its whole score off the victim', () => {
    expect(attackDamage(4 * 6, null)).toEqual({ loser: 'target', damage: 24 });
  });

  it('with a counter-attack the loser loses the difference; equal scores hurt nobody', () => {
    expect(attackDamage(5 * 4, 3 * 5)).toEqual({ loser: 'target', damage: 5 });
    expect(attackDamage(2 * 2, 6 * 6)).toEqual({ loser: 'by', damage: 32 });
    expect(attackDamage(3 * 4, 6 * 2)).toEqual({ loser: null, damage: 0 });
  });
});

describe('Assault & Battery', () => {
  it('wounds the target by the difference of the Clubs only when the attacker’s total is higher', () => {
    expect(assaultDamage(total(['K', '3']), total(['9']))).toBe(9);
    expect(assaultDamage(total(['5']), total(['5']))).toBe(0);
    expect(assaultDamage(total(['5']), total(['J']))).toBe(0);
    expect(assaultDamage(total(['A']), total([]))).toBe(20);
  });
});

describe('the Location roll', () => {
  it('finishes the room on 7 or more with two dice', () => {
    expect(locationDone([3, 3])).toBe(false);
    expect(locationDone([1, 6])).toBe(true);
    expect(locationDone([6, 6])).toBe(true);
    expect(locationDone([1, 1])).toBe(false);
  });
});
