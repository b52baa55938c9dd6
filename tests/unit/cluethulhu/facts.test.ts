/**
 * The game's plain facts (`HeadlessGame.facts`): what a test reads instead of i18n keys. Each
 * follows the game as it is played: the step in the guide's terms (its call, and whether it is
 * played for real, to a detained player or as a bluff), the tokens' holders, the detainee, the
 * protected, the sides' counts, the revealed Shoggoth.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { game, SEVEN, until } from './fixture';

const SIXTEEN: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'tchoTcho', 'wizard', 'mother', 'traitor', 'yithian', 'shoggoth', ...Array<RoleId>(6).fill('cultist')];

describe('Cluethulhu’s facts', () => {
  it('name the step by its call and how it is played: for real, to a detainee, as a bluff', () => {
    const g = game(SIXTEEN).pick().pick('Ewa');
    expect(g.facts.detained).toBe('Ewa');
    g.pick().next().next().no().no();
    // The detained Tcho-Tcho is still called, to keep his secret.
    expect(g.facts.step).toEqual({ id: 'day.tchoTcho', phase: 'day', call: 'tchoTcho', slot: 'tchoTcho', mode: 'detained' });
    expect(g.facts.step?.id).toBe(g.at);

    const bluff = game(['investigator', 'investigator', 'wizard', ...Array<RoleId>(4).fill('cultist')], { callAbsentRoles: true });
    expect(bluff.facts.step).toMatchObject({ call: 'evilChild', mode: 'pretend' });
    expect(bluff.next().facts.step).toMatchObject({ call: 'wizard', mode: 'act' });
  });

  it('follow the doll, the Wizard’s protection and the counts; a Shoggoth’s absorb is a consequence, not a call', () => {
    const g = game(SEVEN);
    expect(g.facts).toMatchObject({ stage: 'play', phase: { kind: 'day', number: 1 }, doll: null, counts: { investigators: 2, cult: 4 } });
    g.pick('Gosia').next().pick('Celina');
    expect(g.facts).toMatchObject({ doll: 'Gosia', protected: 'Celina' });
    // The Investigators arrest the Shoggoth, who wakes to absorb.
    g.pick('Darek').next().next();
    expect(g.facts.step).toEqual({ id: 'day.shoggothAbsorb', phase: 'day', call: 'shoggothAbsorb', slot: null, mode: 'act' });
    g.pick('Filip');
    expect(g.facts).toMatchObject({ revealed: ['Darek'], counts: { investigators: 2, cult: 3 } });
    expect(g.facts.alive).not.toContain('Filip');
    until(g, 'night.wake');
    expect(g.facts.step).toMatchObject({ phase: 'night', call: 'wake', slot: 'wake' });
  });

  it('are plain data: the same after a trip through JSON, and nothing in them is a translation key', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick('Gosia'), 'night.wake');
    expect(JSON.parse(JSON.stringify(g.facts))).toEqual(g.facts);
    expect(JSON.stringify(g.facts)).not.toMatch(/cluethulhu:|common:/);
  });
});
