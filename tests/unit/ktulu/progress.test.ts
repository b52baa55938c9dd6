/**
 * "Step 5 of 13" that the Manitou can trust: the night's count is fixed when the night starts.
 * Whole games of twelve and fourteen players are walked with answers drawn from a seeded
 * generator; at every step of every phase the total stays what it was at the phase's first
 * step, the number never goes back, and it moves on by more than one only over calls the
 * night's events passed over, which the step names (eyes closed) or counts (eyes open).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Step } from '../../../src/lib/engine/types';
import { i18n } from '../../../src/lib/i18n';
import { progressLabel } from '../../../src/lib/ui/text';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { FOUR, game } from './game';
import { generator, jumps, randomMove, walk } from '../engine/progress-walk';

/** The twelve of the report: Town 6, Bandits 3, Indians 3. */
const TWELVE: RoleId[] = ['sheriff', 'harlot', 'pastor', 'doctor', 'gambler', 'townsman', 'banditLeader', 'thief', 'avenger', 'chief', 'shaman', 'warrior'];

const SETS: [string, RoleId[], boolean][] = [
  ['twelve players', TWELVE, false],
  ['twelve players, absent roles called too', TWELVE, true],
  ['four factions, fourteen players', FOUR, false]
];

describe('progress through whole games', () => {
  for (const [name, roles, callAbsentRoles] of SETS) {
    it(`${name}: within a phase the total never changes, and the number never goes back or jumps unexplained`, () => {
      let passedSeen = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const seen = walk(game(roles, { callAbsentRoles }, seed), seed * 7919);
        expect(jumps(seen), `seed ${seed}`).toEqual([]);
        for (const s of seen) {
          expect(s.progress.index).toBeGreaterThanOrEqual(1);
          expect(s.progress.index).toBeLessThanOrEqual(s.progress.total + (s.progress.extra ? 1 : 0));
          if (!s.progress.passed) continue;
          passedSeen++;
          // Named only with eyes closed; on an eyes-open step only counted.
          if (s.eyesClosed) expect(s.progress.passed.names?.length).toBeGreaterThan(0);
          else expect(s.progress.passed.names).toBeUndefined();
        }
      }
      // The walks do meet calls that the night's events remove, so the check above is tested.
      if (!callAbsentRoles) expect(passedSeen).toBeGreaterThan(0);
    });
  }
});

describe('how the screen says a call is passed over', () => {
  /** The first step of a walk that passes calls over with eyes closed. */
  function firstPassed(): Step {
    for (let seed = 1; seed <= 40; seed++) {
      const g = game(TWELVE, {}, seed);
      const next = generator(seed * 7919);
      for (let i = 0; i < 400 && g.view.stage === 'play'; i++) {
        if (g.step.progress.passed?.names?.length && g.step.eyesClosed) return g.step;
        randomMove(g, next);
      }
    }
    throw new Error('no walk passed a call over');
  }

  afterEach(async () => {
    await i18n.setLanguage('en');
  });

  it('names the calls passed over beside the step, in English and in Polish', async () => {
    const step = firstPassed();
    const { index, total, passed } = step.progress;
    await i18n.loadNamespace('ktulu');
    const names = (passed!.names ?? []).map((n) => i18n.tx(n));
    expect(names.every((n) => !n.includes('ktulu:'))).toBe(true);
    expect(progressLabel(step.progress)).toBe(`Step ${index} of ${total} · passed over: ${names.join(', ')}`);
    await i18n.setLanguage('pl');
    const polish = (passed!.names ?? []).map((n) => i18n.tx(n));
    expect(progressLabel(step.progress)).toBe(`Krok ${index} z ${total} · pominięto: ${polish.join(', ')}`);
  });

  it('only counts them on a step played with eyes open, in both languages’ plural forms', async () => {
    expect(progressLabel({ index: 5, total: 13, passed: { count: 1 } })).toBe('Step 5 of 13 · 1 call passed over');
    expect(progressLabel({ index: 6, total: 13, passed: { count: 2 } })).toBe('Step 6 of 13 · 2 calls passed over');
    await i18n.setLanguage('pl');
    expect(progressLabel({ index: 5, total: 13, passed: { count: 1 } })).toBe('Krok 5 z 13 · pominięto 1 wywołanie');
    expect(progressLabel({ index: 6, total: 13, passed: { count: 3 } })).toBe('Krok 6 z 13 · pominięto 3 wywołania');
    expect(progressLabel({ index: 9, total: 13, passed: { count: 5 } })).toBe('Krok 9 z 13 · pominięto 5 wywołań');
  });
});
