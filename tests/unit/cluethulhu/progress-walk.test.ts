/**
 * Cluethulhu's count, like Ktulu's, is fixed when a phase starts: whole games walked with
 * answers drawn from a seeded generator never see a phase's total change, nor its number go
 * back or move on by more than one but over calls said to be passed over (an arrested or
 * eliminated role's call, a Ritual that did not come).
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { jumps, walk } from '../engine/progress-walk';
import { game, SEVEN } from './fixture';

const TWELVE: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'wizard', 'mother', 'tchoTcho', 'traitor', 'yithian', 'shoggoth', 'cultist'];

describe('progress through whole games of Cluethulhu', () => {
  for (const [name, roles, callAbsentRoles] of [
    ['seven players', SEVEN, false],
    ['twelve players', TWELVE, false],
    ['twelve players, absent roles called too', TWELVE, true]
  ] as const) {
    it(`${name}: within a phase the total never changes, and the number never goes back or jumps unexplained`, () => {
      let steps = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const seen = walk(game([...roles], { callAbsentRoles }, seed), seed * 104729);
        steps += seen.length;
        expect(jumps(seen), `seed ${seed}`).toEqual([]);
        for (const s of seen) if (s.progress.passed && !s.eyesClosed) expect(s.progress.passed.names).toBeUndefined();
      }
      expect(steps).toBeGreaterThan(100);
    });
  }
});
