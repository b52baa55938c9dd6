import { describe, expect, it } from 'vitest';
import { adjustedCounts, baseCounts, editionMinimum, fixedChange } from '$lib/games/botc/setup';

describe('set-up numbers', () => {
  it('give the rule book table from 5 to 15 players, and Travellers above', () => {
    expect(baseCounts(5)).toEqual({ counts: { townsfolk: 3, outsider: 0, minion: 1, demon: 1 }, travellers: 0 });
    expect(baseCounts(9)!.counts).toEqual({ townsfolk: 5, outsider: 2, minion: 1, demon: 1 });
    expect(baseCounts(13)!.counts).toEqual({ townsfolk: 9, outsider: 0, minion: 3, demon: 1 });
    expect(baseCounts(20)).toEqual({ counts: { townsfolk: 9, outsider: 2, minion: 3, demon: 1 }, travellers: 5 });
    for (let n = 5; n <= 15; n++) {
      const c = baseCounts(n)!.counts;
      expect(c.townsfolk + c.outsider + c.minion + c.demon).toBe(n);
    }
    expect(baseCounts(4)).toBeNull();
    expect(baseCounts(21)).toBeNull();
    expect(baseCounts(7.5)).toBeNull();
  });

  it('know each base edition needs 5 (Trouble Brewing) or 7 players', () => {
    expect(editionMinimum('tb')).toBe(5);
    expect(editionMinimum('bmr')).toBe(7);
    expect(editionMinimum('snv')).toBe(7);
  });

  it('follow a fixed set-up rule, and leave any other to the Storyteller', () => {
    expect(fixedChange('+2 Outsiders')).toEqual({ outsider: 2, townsfolk: -2 });
    expect(fixedChange('-1 Outsider')).toEqual({ outsider: -1, townsfolk: 1 });
    expect(fixedChange('+1 Minion')).toEqual({ minion: 1, townsfolk: -1 });
    expect(fixedChange('+0 or +1 Outsider')).toBeNull();
    expect(fixedChange('-? to +? Outsiders')).toBeNull();
    expect(fixedChange('No Demon')).toBeNull();
    expect(fixedChange(null)).toBeNull();
    // Eight players with the Baron: 3 Townsfolk, 3 Outsiders.
    expect(adjustedCounts(baseCounts(8)!.counts, ['+2 Outsiders', null])).toEqual({ townsfolk: 3, outsider: 3, minion: 1, demon: 1 });
    // No Outsider to take away: nothing changes, and the bag still holds one character a player.
    expect(adjustedCounts(baseCounts(7)!.counts, ['-1 Outsider'])).toEqual({ townsfolk: 5, outsider: 0, minion: 1, demon: 1 });
    expect(adjustedCounts(baseCounts(9)!.counts, ['-1 Outsider', '+1 Outsider'])).toEqual({ townsfolk: 5, outsider: 2, minion: 1, demon: 1 });
  });
});
