/**
 * The game's plain facts (`HeadlessGame.facts`): what a test reads instead of i18n keys. Each
 * follows the game as it is played: the step by the book's list, number and action (its
 * follow-up, a pretended call), the day's parts, the statue, the jail and the Bodyguard, the
 * factions' counts, the cards shown.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { game, quietDay } from './game';

// Ania Sheriff, Bartek Pastor, Celina Bodyguard, Darek Townsman, Ewa Bandit Leader, Filip Bandit, Gosia Chief, Hubert Indian.
const SMALL: RoleId[] = ['sheriff', 'pastor', 'bodyguard', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

describe('Ktulu’s facts', () => {
  it('name the step by the book’s list, number and action, and its follow-up', () => {
    const g = game(SMALL);
    expect(g.facts.step).toEqual({ list: 'zeroNight', number: '4', actor: { role: 'sheriff' }, does: 'jail', mode: 'act', part: null });
    g.pick('Darek').pick('Hubert');
    expect(g.facts.step).toMatchObject({ list: 'zeroNight', number: '5', does: 'confess', part: 'result' });
    expect(g.facts.jailed).toBe('Darek');
    g.next();
    expect(g.facts.step).toMatchObject({ number: '6', actor: { faction: 'bandits' }, does: 'handStatue' });
    g.pick('Filip').next();
    expect(g.facts.step).toEqual({ list: 'day', part: 'morning' });
    expect(g.facts.statue).toEqual({ holder: 'Filip', planted: false, faction: 'bandits' });
  });

  it('a pretended call for an absent role says so', () => {
    const g = game(SMALL, { callAbsentRoles: true });
    expect(g.facts.step).toMatchObject({ list: 'zeroNight', number: '1', actor: { role: 'harlot' }, mode: 'pretend' });
  });

  it('follow the night’s jail and protection, the statue passing to the killers, and the counts', () => {
    const g = quietDay(game(SMALL).pick('Darek').pick('Hubert').next().pick('Filip').next().next());
    expect(g.facts.phase).toEqual({ kind: 'night', number: 1 });
    expect(g.facts.counts).toMatchObject({ town: 4, bandits: 2, indians: 2, aliens: 0 });
    g.pick('Bartek');
    expect(g.facts.step).toMatchObject({ number: '11', does: 'protect' });
    g.pick('Darek');
    expect(g.facts).toMatchObject({ jailed: 'Bartek', protected: 'Darek' });
    // The bandits search nobody and hand the statue on; the Indians kill its holder and take it.
    for (let i = 0; i < 20 && g.at !== 'night.24'; i++) {
      const a = g.step.answer;
      if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) });
      else g.next();
    }
    expect(g.facts.step).toMatchObject({ number: '24', actor: { faction: 'indians' }, does: 'kill' });
    const holder = g.facts.statue.holder!;
    expect(g.facts.factions[holder]).toBe('bandits');
    g.pick(holder);
    expect(g.facts.statue.faction).toBe('indians');
    expect(g.facts.alive).not.toContain(holder);
    expect(g.facts.counts.bandits).toBe(1);
  });
});
