/**
 * Blood on the Clocktower's set-up numbers: how many Townsfolk, Outsiders, Minions and Demons
 * a game of a given size has (the rule book's set-up table, ../shared/botc/README.md), the
 * editions' minimum player counts, and what a character's bracketed set-up rule does to them.
 */
import type { BagTeam } from './characters';

export type Counts = Record<BagTeam, number>;

export const MIN_PLAYERS = 5;
export const MAX_PLAYERS = 20;
/** Above this many players, the extra players are Travellers. */
export const MAX_BAG_PLAYERS = 15;

const TABLE: Record<number, [number, number, number, number]> = {
  5: [3, 0, 1, 1],
  6: [3, 1, 1, 1],
  7: [5, 0, 1, 1],
  8: [5, 1, 1, 1],
  9: [5, 2, 1, 1],
  10: [7, 0, 2, 1],
  11: [7, 1, 2, 1],
  12: [7, 2, 2, 1],
  13: [9, 0, 3, 1],
  14: [9, 1, 3, 1],
  15: [9, 2, 3, 1]
};

/**
 * The characters in the bag for `players` players (5 to 20), and how many of them play a
 * Traveller (those over 15).
 */
export function baseCounts(players: number): { counts: Counts; travellers: number } | null {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) return null;
  const bag = Math.min(players, MAX_BAG_PLAYERS);
  const [townsfolk, outsider, minion, demon] = TABLE[bag];
  return { counts: { townsfolk, outsider, minion, demon }, travellers: players - bag };
}

/** The fewest players a base edition is played with: 5 for Trouble Brewing, 7 for the others. */
export function editionMinimum(edition: string): number {
  return edition === 'tb' ? 5 : 7;
}

/**
 * What a set-up rule does to the counts, when it is a fixed change (`+2 Outsiders`,
 * `-1 Outsider`, `+1 Minion`): Townsfolk make up the difference so the bag still holds one
 * character per player. Anything else (`+0 or +1 Outsider`, `-? to +? Outsiders`, `No Demon`…)
 * is for the Storyteller to confirm: null.
 */
export function fixedChange(rule: string | null): Partial<Counts> | null {
  if (!rule) return null;
  const m = /^([+-])(\d+) (Outsiders?|Minions?|Demons?)$/.exec(rule.trim());
  if (!m) return null;
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const team: BagTeam = m[3].startsWith('Outsider') ? 'outsider' : m[3].startsWith('Minion') ? 'minion' : 'demon';
  return { [team]: n, townsfolk: -n };
}

/**
 * The counts after the fixed changes of the characters chosen. A change that cannot be made in
 * full (`-1 Outsider` with no Outsider to remove) is made as far as it goes, so the bag still
 * holds one character per player.
 */
export function adjustedCounts(base: Counts, rules: (string | null)[]): Counts {
  const out = { ...base };
  for (const rule of rules) {
    const change = fixedChange(rule);
    if (!change) continue;
    const [team, n] = Object.entries(change).find(([t]) => t !== 'townsfolk') as [BagTeam, number];
    // Townsfolk make up the difference, as far as there are Townsfolk to give or take.
    const moved = n > 0 ? Math.min(n, out.townsfolk) : -Math.min(-n, out[team]);
    out[team] += moved;
    out.townsfolk -= moved;
  }
  return out;
}
