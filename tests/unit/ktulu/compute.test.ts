import { describe, expect, it } from 'vitest';
import { seedRng } from '../../../src/lib/engine/rng';
import { cleaningLadyHouses, detectorAnswer, godsShot, kaszabaraPossesses, runawayMayEscape, scrapesNeeded } from '../../../src/lib/games/ktulu/compute';

const table = (n: number, dead: number[] = []) => Array.from({ length: n }, (_, seat) => ({ seat, alive: !dead.includes(seat) }));

describe("the Cleaning Lady's houses", () => {
  it('is ceil(n / 10) + 1 for n living players', () => {
    expect(cleaningLadyHouses(1)).toBe(2);
    expect(cleaningLadyHouses(10)).toBe(2);
    expect(cleaningLadyHouses(11)).toBe(3);
    expect(cleaningLadyHouses(20)).toBe(3);
    expect(cleaningLadyHouses(21)).toBe(4);
  });
  it('refuses a count that is not a whole number', () => {
    expect(() => cleaningLadyHouses(-1)).toThrow(RangeError);
  });
});

describe("the Detector's arc", () => {
  it('says when the examined player or the Detector holds the statue, or nobody does', () => {
    expect(detectorAnswer(table(8), 0, 3, 3)).toEqual({ kind: 'examinedHolds' });
    expect(detectorAnswer(table(8), 0, 3, 0)).toEqual({ kind: 'detectorHolds' });
    expect(detectorAnswer(table(8), 0, 3, null)).toEqual({ kind: 'nowhere' });
  });
  it('names the arc that holds it, going round the table from the examined player', () => {
    // Detector at seat 1, examined seat 5, 8 seats: clockwise 6, 7, 0; the other way 4, 3, 2.
    expect(detectorAnswer(table(8), 1, 5, 7)).toEqual({ kind: 'arc', direction: 'clockwise', seats: [6, 7, 0] });
    expect(detectorAnswer(table(8), 1, 5, 3)).toEqual({ kind: 'arc', direction: 'counterclockwise', seats: [4, 3, 2] });
  });
  it('leaves the dead out of the circle', () => {
    expect(detectorAnswer(table(8, [6, 0]), 1, 5, 7)).toEqual({ kind: 'arc', direction: 'clockwise', seats: [7] });
  });
  it('finds the statue in the long arc when the two sit side by side', () => {
    expect(detectorAnswer(table(5), 2, 3, 0)).toEqual({ kind: 'arc', direction: 'clockwise', seats: [4, 0, 1] });
    expect(detectorAnswer(table(5), 3, 2, 0)).toEqual({ kind: 'arc', direction: 'counterclockwise', seats: [1, 0, 4] });
  });
});

describe('a Runaway escaping', () => {
  it('may escape after one scrape when no Runaway has died since the last escape', () => {
    expect(runawayMayEscape(0, 0)).toBe(false);
    expect(runawayMayEscape(1, 0)).toBe(true);
  });
  it('needs one more scrape for each Runaway killed since the last escape', () => {
    expect(runawayMayEscape(2, 2)).toBe(false);
    expect(scrapesNeeded(2, 2)).toBe(1);
    expect(runawayMayEscape(3, 2)).toBe(true);
    expect(scrapesNeeded(3, 2)).toBe(0);
  });
});

describe('the 75 % rolls', () => {
  it("the Gods' shot lands about three times in four; a miss kills the target, a hit on the holder hits the statue", () => {
    let rng = seedRng(2024);
    let landed = 0;
    for (let i = 0; i < 2000; i++) {
      const [shot, next] = godsShot(rng, true);
      rng = next;
      if (shot.landed) {
        landed++;
        expect(shot).toEqual({ landed: true, statueHit: true, targetDies: false });
      } else expect(shot).toEqual({ landed: false, statueHit: false, targetDies: true });
    }
    expect(landed / 2000).toBeGreaterThan(0.72);
    expect(landed / 2000).toBeLessThan(0.78);
  });
  it('repeats exactly from the same generator state (undo and replay)', () => {
    const rng = seedRng(7);
    expect(godsShot(rng, false)).toEqual(godsShot(rng, false));
    expect(kaszabaraPossesses(rng)).toEqual(kaszabaraPossesses(rng));
  });
});
