/**
 * Killer Kloo Doo's arithmetic: playing-card values, the contests they decide, the Part 1 score,
 * the murder weapons' multipliers, attacks, Assault & Battery, the servants' duels and the
 * Location roll. Pure functions of numbers; the rules (rules.ts) apply them to the table.
 *
 * A playing card is entered by its rank alone: every place the text compares cards names the
 * suit (Hearts to persuade, Clubs to fight, Diamonds to pay, a Spade to see through a servant),
 * or says the suit does not matter (a non-player character's top card of the pack).
 */
import type { WeaponId } from '../cluedo-cards';

export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export const COURT: readonly Rank[] = ['J', 'Q', 'K'];

export const isRank = (v: unknown): v is Rank => typeof v === 'string' && (RANKS as readonly string[]).includes(v);
export const isCourt = (r: Rank): boolean => COURT.includes(r);

/**
 * "The values of the Playing Cards": 2 to 10 as printed, a Jack 12, a Queen 13, a King 15, and
 * the Ace, always the highest, 20.
 */
export function cardValue(rank: Rank): number {
  switch (rank) {
    case 'J':
      return 12;
    case 'Q':
      return 13;
    case 'K':
      return 15;
    case 'A':
      return 20;
    default:
      return Number(rank);
  }
}

export const total = (ranks: readonly Rank[]): number => ranks.reduce((sum, r) => sum + cardValue(r), 0);

/** Who wins a duel of cards: the higher side; a tie leaves things as they are (the defender holds, RULES-NOTES). */
export type Side = 'by' | 'target';
export const duel = (by: number, target: number): Side => (by > target ? 'by' : 'target');

// ---------------------------------------------------------------- Part 1

/** "Making an Accusation!": right +60, wrong −20 (RULES-NOTES: the −20 counts). */
export const ACCUSATION = { right: 60, wrong: -20 } as const;

/** "Total Your Scores for Part 1": Hearts plus Diamonds, plus or minus the accusation. No floor. */
export function part1Score(hearts: readonly Rank[], diamonds: readonly Rank[], accusation: boolean | null): number {
  const bonus = accusation === null ? 0 : accusation ? ACCUSATION.right : ACCUSATION.wrong;
  return total(hearts) + total(diamonds) + bonus;
}

// ---------------------------------------------------------------- Part 2

/** "Using a Murder Weapon": one die times the weapon's number (the Revolver is the Pistol, RULES-NOTES). */
export const MULTIPLIER: Readonly<Record<WeaponId, number>> = {
  revolver: 6,
  dagger: 5,
  leadPiping: 5,
  rope: 4,
  spanner: 4,
  candlestick: 2
};

export const isDie = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6;

/**
 * What an attack does. Without a counter-attack the victim loses die × multiplier. With one,
 * both sides score and the loser loses the difference ("compare scores and the loser takes
 * damage"); equal scores hurt nobody.
 */
export function attackDamage(by: number, counter: number | null): { loser: Side | null; damage: number } {
  if (counter === null) return { loser: by > 0 ? 'target' : null, damage: by };
  if (by === counter) return { loser: null, damage: 0 };
  return by > counter ? { loser: 'target', damage: by - counter } : { loser: 'by', damage: counter - by };
}

/**
 * Assault & Battery: each side's Clubs added up; "the highest total wins". The target is wounded
 * by the difference only when the attacker's total is higher; otherwise nothing happens.
 */
export function assaultDamage(by: number, target: number): number {
  return by > target ? by - target : 0;
}

/**
 * A bribed servant against a Spade (Lure & Misdirect, Spy, Steal Murder Weapon): the higher of
 * the Diamonds (two of them summed for a theft) or the Spade wins; with no Spade played the
 * servant does the job; a tie: the target holds.
 */
export function servantSucceeds(diamonds: readonly Rank[], spade: Rank | null): boolean {
  return spade === null || duel(total(diamonds), cardValue(spade)) === 'by';
}

/** The Location objective's roll: two dice, 7 or higher finishes the room. */
export const LOCATION_TARGET = 7;
export const locationDone = (dice: readonly number[]): boolean => dice.reduce((a, b) => a + b, 0) >= LOCATION_TARGET;
