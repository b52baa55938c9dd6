/**
 * The Ktulu log tells the whole story: each tally with its counts, the day's move to the search,
 * and an outcome that names the Indians when only they are left as another faction wins.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { game, type G } from './game';
import { play, SCRIPTS, start } from './scripts';

/** Ania Sheriff, Bartek Mayor, Celina Judge, Darek Good Gunslinger, Ewa Townsman, Filip Bandit Leader, Gosia Bad Gunslinger, Hubert Chief, Iga Indian. */
const DAY: RoleId[] = ['sheriff', 'mayor', 'judge', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'chief', 'indian'];

/** Through the zero night (the Sheriff jails Ewa, the statue to Filip) to day 1's council. */
function council(): G {
  const g = game(DAY);
  for (let i = 0; i < 20 && g.at !== 'day.discussion'; i++) {
    if (g.at === 'zeroNight.4') g.pick('Ewa');
    else if (g.at === 'zeroNight.6') g.pick('Filip');
    else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: g.step.answer.candidates.slice(0, g.step.answer.min) });
    else g.next();
  }
  expect(g.at).toBe('day.discussion');
  return g;
}

const script = (name: string) => SCRIPTS.find((s) => s.name.startsWith(name))!;
const keyed = (log: { text: { key: string; params?: Record<string, unknown> } }[], key: string) => log.filter((l) => l.text.key === `ktulu:log.${key}`).map((l) => l.text.params);

describe('the Ktulu log', () => {
  it('records the search vote with its counts and the council moving on to it', () => {
    const g = play(start(script('the Town finds')), script('the Town finds').moves);
    expect(keyed(g.view.log, 'toSearch').length).toBeGreaterThan(0);
    const votes = keyed(g.view.log, 'searchVotes');
    expect(votes[0]).toEqual({ counts: 'Ania (7), Bartek (7)' });
  });

  it('records a duel’s votes and a hanging’s votes', () => {
    const g = council();
    g.pick('Ewa').pick('Hubert');
    if (g.at === 'day.accept') g.yes();
    g.next().tally({ Ewa: 1, Hubert: 4 });
    expect(keyed(g.view.log, 'duelVotes')).toEqual([{ counts: 'Ewa (1), Hubert (4)' }]);
  });

  it('the special case: the Town wins on the last non-Indian’s death, and the Indians’ condition is named too', () => {
    const s = script('the book’s special case');
    const g = play(start(s), s.moves);
    expect(g.view.outcome).toMatchObject({ winner: 'town', alsoMet: ['indians'] });
  });
});
