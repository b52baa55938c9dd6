import { describe, expect, it } from 'vitest';
import { activeMembers, decider, nightPlan, stepMode, zeroNightPlan } from '../../../src/lib/games/ktulu/plan';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { statueFaction, type KtuluPlanState } from '../../../src/lib/games/ktulu/state';
import { NIGHT, ZERO_NIGHT } from '../../../src/lib/games/ktulu/steps';
import { BOOK_NIGHT, BOOK_ZERO_NIGHT, EVERY_ROLE, acted, kill, numbers, pretended, range, tonight, who, without } from './fixture';

const step = (n: string) => NIGHT.find((s) => s.n === n)!;
/** Steps whose condition is about the statue's holder or the Indians' night. */
const STATUE_STEPS = ['2', '17', '25', '30', '31', '40', '41', '49', '50', '57', '58'];

describe('the night with every role in play', () => {
  /** Every role dealt, night 2 (the Gambler may play), a Runaway free to escape. */
  const everyone = (patch: (s: KtuluPlanState) => Partial<KtuluPlanState> = () => ({})) =>
    tonight(EVERY_ROLE, (s) => ({ runaways: { scrapesSinceEscape: 1, killedSinceEscape: 0 }, ...patch(s) }), 2);

  it('calls every step of the book, in its order with its numbers, once each condition holds', () => {
    // One statue cannot be everywhere at once: each holder makes its own steps' conditions true.
    const holders: RoleId[] = ['luckyLuke', 'bandit', 'silentFoot', 'alien', 'kali', 'heWhoseName'];
    const called = new Set<string>();
    for (const holder of holders) {
      const state = everyone((s) => ({ statue: { holder: who(s, holder), planted: false }, indiansTookStatueTonight: true }));
      for (const n of acted(nightPlan(state))) called.add(n);
    }
    // "Indianie zabijają ponownie (jeśli działa tylko samotny kojot)": every other Indian dead.
    const coyote = everyone((s) => ({ seats: kill(s, 'chief', 'shaman', 'shamaness', 'warrior', 'burningRage', 'eagleEye', 'silentFoot', 'indian') }));
    for (const n of acted(nightPlan(coyote))) called.add(n);
    expect(BOOK_NIGHT.filter((n) => called.has(n))).toEqual(BOOK_NIGHT);
  });

  it('with the statue with the Silent Foot, who took it tonight, calls all but the other holders’ steps and the Lone Coyote’s', () => {
    const state = everyone((s) => ({ statue: { holder: who(s, 'silentFoot'), planted: false }, indiansTookStatueTonight: true }));
    const plan = nightPlan(state);
    expect(numbers(plan)).toEqual(without(BOOK_NIGHT, '2', '17', '26', '40', '41', '49', '50', '57', '58'));
    expect(plan.every((p) => p.mode === 'act')).toBe(true);
  });

  it('with "call absent roles" on, reads out all 60 steps and marks those that cannot happen as pretend', () => {
    const state = everyone((s) => ({ statue: { holder: who(s, 'silentFoot'), planted: false }, indiansTookStatueTonight: true, callAbsentRoles: true }));
    const plan = nightPlan(state);
    expect(numbers(plan)).toEqual(BOOK_NIGHT);
    expect(pretended(plan)).toEqual(['2', '17', '26', '40', '41', '49', '50', '57', '58']);
  });
});

describe('the zero night', () => {
  it('calls its ten steps in order when every role is dealt', () => {
    const plan = zeroNightPlan(tonight(EVERY_ROLE, () => ({}), 0));
    expect(numbers(plan)).toEqual(BOOK_ZERO_NIGHT);
    expect(acted(plan)).toEqual(BOOK_ZERO_NIGHT);
  });

  it('calls only the roles and factions dealt', () => {
    const roles: RoleId[] = ['sheriff', 'harlot', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'shaman', 'chief'];
    expect(numbers(zeroNightPlan(tonight(roles, () => ({}), 0)))).toEqual(['1', '4', '6', '7']);
  });

  it('keeps a player jailed at step 4 asleep for the rest of it: a lone jailed bandit misses the meeting', () => {
    const roles: RoleId[] = ['sheriff', 'pastor', 'banditLeader', 'shaman', 'chief', 'townsman'];
    const jailedLeader = tonight(roles, (s) => ({ jailed: who(s, 'banditLeader') }), 0);
    expect(numbers(zeroNightPlan(jailedLeader))).toEqual(['4', '5', '7']);
    const jailedPastor = tonight(roles, (s) => ({ jailed: who(s, 'pastor') }), 0);
    expect(numbers(zeroNightPlan(jailedPastor))).toEqual(['4', '6', '7']);
  });

  it('pretends the absent roles of the factions in play when asked, never a faction not dealt', () => {
    const roles: RoleId[] = ['sheriff', 'harlot', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'shaman', 'chief'];
    const plan = zeroNightPlan(tonight(roles, () => ({ callAbsentRoles: true }), 0));
    expect(numbers(plan)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(pretended(plan)).toEqual(['2', '3', '5']);
  });
});

/** A classic four-faction table of 14: Town 6, Bandits 3, Indians 3, Aliens 2. */
const FOUR: RoleId[] = [
  'sheriff', 'harlot', 'goodGunslinger', 'drunkard', 'pastor', 'townsman',
  'banditLeader', 'badGunslinger', 'avenger',
  'chief', 'shaman', 'warrior',
  'greatAlien', 'detector'
];

describe('a four-faction game', () => {
  it('calls the Town’s night roles, the three factions and their roles, with the bandits holding the statue', () => {
    const state = tonight(FOUR, (s) => ({ statue: { holder: who(s, 'banditLeader'), planted: false } }));
    expect(numbers(nightPlan(state))).toEqual(['8', '9', '13', '15', '16', '17', '18', '19', '22', '23', '24', '29', '32', '34', '35', '37', '42']);
  });

  it('once the Indians have the statue: they kill twice and decide who holds it', () => {
    const state = tonight(FOUR, (s) => ({ statue: { holder: who(s, 'shaman'), planted: false } }));
    expect(numbers(nightPlan(state))).toEqual(['8', '9', '13', '15', '16', '18', '19', '22', '23', '24', '25', '29', '30', '32', '34', '35', '37', '42']);
  });

  it('with "call absent roles", adds every missing role of these four factions as pretend, and nothing of the others', () => {
    const state = tonight(FOUR, (s) => ({ statue: { holder: who(s, 'banditLeader'), planted: false }, callAbsentRoles: true }));
    const plan = nightPlan(state);
    expect(numbers(plan)).toEqual(range('8', '42'));
    expect(pretended(plan)).toEqual(['10', '11', '12', '14', '20', '21', '25', '26', '27', '28', '30', '31', '33', '36', '38', '39', '40', '41']);
  });
});

describe('players out of action tonight', () => {
  const BANDITS: RoleId[] = ['sheriff', 'drunkard', 'banditLeader', 'avenger', 'thief', 'chief', 'indian'];

  it('a jailed Bandit Leader sleeps, but his gang still wakes and the Manitou picks who decides', () => {
    const state = tonight(BANDITS, (s) => ({ jailed: who(s, 'banditLeader'), statue: { holder: who(s, 'thief'), planted: false } }));
    expect(numbers(nightPlan(state))).toEqual(['8', '13', '15', '16', '17', '18', '19', '20', '22', '24', '32']);
    expect(activeMembers(state, 'bandits', 'night', '17').map((s) => s.role)).toEqual(['avenger', 'thief']);
    expect(activeMembers(state, 'bandits', 'night', '7').map((s) => s.role)).toEqual(['banditLeader', 'avenger', 'thief']);
    expect(decider(state, 'bandits', 'night', '17')).toBeNull();
    const free = tonight(BANDITS, (s) => ({ statue: { holder: who(s, 'thief'), planted: false } }));
    expect(decider(free, 'bandits', 'night', '17')).toBe(who(free, 'banditLeader'));
  });

  it('a jailed player’s own step is left out (or pretended), and the rest of his faction goes on', () => {
    const jailedThief = tonight(BANDITS, (s) => ({ jailed: who(s, 'thief') }));
    expect(numbers(nightPlan(jailedThief))).toEqual(['8', '13', '15', '16', '18', '19', '22', '24', '32']);
    const bluffing = { ...jailedThief, callAbsentRoles: true };
    expect(stepMode(bluffing, 'night', step('20'))).toBe('pretend');
  });

  it('the bandits do not wake when every one of them is out of action', () => {
    const state = tonight(['sheriff', 'drunkard', 'banditLeader', 'avenger', 'chief', 'indian'], (s) => ({
      jailed: who(s, 'banditLeader'),
      drinking: [who(s, 'avenger')]
    }));
    expect(numbers(nightPlan(state))).toEqual(['8', '13', '22', '24', '32']);
  });

  it('takes effect from the step that caused it: jailed at 8, Lucky Luke still had his turn; drunk at 13, the Pastor had confessed at 9', () => {
    const roles: RoleId[] = ['luckyLuke', 'sheriff', 'pastor', 'drunkard', 'banditLeader', 'chief', 'shaman'];
    const state = tonight(roles, (s) => ({ jailed: who(s, 'luckyLuke'), drinking: [who(s, 'pastor'), who(s, 'shaman')] }));
    expect(numbers(nightPlan(state))).toEqual(['1', '3', '4', '5', '6', '7', '8', '9', '13', '15', '16', '18', '22', '24', '32']);
  });

  it('a Cardsharp’s partner misses everything after step 21', () => {
    const roles: RoleId[] = ['sheriff', 'banditLeader', 'cardsharp', 'chief', 'shaman', 'warrior'];
    const state = tonight(roles, (s) => ({ playingCards: who(s, 'shaman') }));
    expect(numbers(nightPlan(state))).toEqual(['8', '15', '16', '18', '21', '22', '24', '29', '32']);
  });

  it('a holder out of action cannot pass the statue: the faction’s "decide who has it" is left out', () => {
    const roles: RoleId[] = ['sheriff', 'drunkard', 'banditLeader', 'bandit', 'chief', 'indian'];
    const state = tonight(roles, (s) => ({ drinking: [who(s, 'banditLeader')], statue: { holder: who(s, 'banditLeader'), planted: false } }));
    expect(numbers(nightPlan(state))).toEqual(['8', '13', '15', '16', '18', '22', '24', '32']);
  });
});

describe('the Indians’ extra kills', () => {
  const INDIANS: RoleId[] = ['sheriff', 'drunkard', 'banditLeader', 'chief', 'loneCoyote', 'burningRage'];

  it('"only the Lone Coyote is active": the Coyote kills again when every other Indian sleeps or is dead', () => {
    const state = tonight(INDIANS, (s) => ({ jailed: who(s, 'chief'), seats: kill(s, 'burningRage') }));
    expect(numbers(nightPlan(state))).toEqual(['8', '13', '15', '16', '18', '22', '24', '26', '32']);
    const withOthers = tonight(INDIANS);
    expect(numbers(nightPlan(withOthers))).toEqual(['8', '13', '15', '16', '18', '22', '24', '32']);
  });

  it('a dead Lone Coyote’s step is left out even when one Indian is left, or pretended when asked', () => {
    const state = tonight(INDIANS, (s) => ({ seats: kill(s, 'loneCoyote', 'burningRage') }));
    expect(numbers(nightPlan(state))).not.toContain('26');
    expect(stepMode({ ...state, callAbsentRoles: true }, 'night', step('26'))).toBe('pretend');
  });

  it('the Burning Rage kills only on a night when the Indians took the statue', () => {
    expect(stepMode(tonight(INDIANS), 'night', step('27'))).toBe('skip');
    expect(stepMode(tonight(INDIANS, () => ({ indiansTookStatueTonight: true })), 'night', step('27'))).toBe('act');
  });
});

describe('limited abilities', () => {
  const TOWN: RoleId[] = ['luckyLuke', 'sheriff', 'drunkard', 'drunkJudge', 'gambler', 'banditLeader', 'avenger', 'chief', 'indian'];

  it('once spent, a once-per-game ability is no longer called', () => {
    const fresh = tonight(TOWN, () => ({}), 2);
    const spent = tonight(TOWN, () => ({ spent: { 'avenger.kill': 1, 'luckyLuke.kill': 1, 'gambler.gamble': 1 } }), 2);
    expect(acted(nightPlan(fresh))).toEqual(expect.arrayContaining(['4', '12', '19']));
    expect(numbers(nightPlan(spent))).toEqual(['1', '3', '5', '6', '7', '8', '13', '15', '16', '18', '22', '24', '32']);
  });

  it('is pretended when spent if absent roles are called, so nobody learns it was used', () => {
    const spent = tonight(TOWN, () => ({ spent: { 'avenger.kill': 1 }, callAbsentRoles: true }), 2);
    expect(stepMode(spent, 'night', step('19'))).toBe('pretend');
  });

  it('counts twice-per-game drinking per role: the Drunk Judge still drinks after the Drunkard’s two', () => {
    const drunkardDone = tonight(TOWN, () => ({ spent: { 'drunkard.drink': 2 } }));
    expect(stepMode(drunkardDone, 'night', step('13'))).toBe('act');
    const bothDone = tonight(TOWN, () => ({ spent: { 'drunkard.drink': 2, 'drunkJudge.drink': 1 } }));
    expect(stepMode(bothDone, 'night', step('13'))).toBe('act');
    const allDone = tonight(TOWN, () => ({ spent: { 'drunkard.drink': 2, 'drunkJudge.drink': 2 } }));
    expect(stepMode(allDone, 'night', step('13'))).toBe('skip');
  });

  it('the Gambler plays only from the second night', () => {
    expect(stepMode(tonight(TOWN, () => ({}), 1), 'night', step('12'))).toBe('skip');
    expect(stepMode(tonight(TOWN, () => ({}), 2), 'night', step('12'))).toBe('act');
  });
});

describe('statue conditions', () => {
  it('Lucky Luke rides away only when he starts his turn with the statue', () => {
    const roles: RoleId[] = ['luckyLuke', 'sheriff', 'banditLeader', 'chief'];
    expect(numbers(nightPlan(tonight(roles, (s) => ({ statue: { holder: who(s, 'luckyLuke'), planted: false } }))))).toContain('2');
    expect(numbers(nightPlan(tonight(roles, (s) => ({ statue: { holder: who(s, 'banditLeader'), planted: false } }))))).not.toContain('2');
  });

  it('the Silent Foot is called while the statue he planted is still where he put it, to take it back', () => {
    const roles: RoleId[] = ['sheriff', 'townsman', 'banditLeader', 'chief', 'silentFoot'];
    const planted = tonight(roles, (s) => ({ statue: { holder: who(s, 'townsman'), planted: true } }));
    expect(stepMode(planted, 'night', step('31'))).toBe('act');
    expect(stepMode(planted, 'night', step('30'))).toBe('skip');
    const lost = tonight(roles, (s) => ({ statue: { holder: who(s, 'townsman'), planted: false } }));
    expect(stepMode(lost, 'night', step('31'))).toBe('skip');
  });

  it('the Aliens signal and hand the statue on only while they hold it', () => {
    const roles: RoleId[] = ['sheriff', 'banditLeader', 'chief', 'greatAlien', 'alien'];
    const theirs = tonight(roles, (s) => ({ statue: { holder: who(s, 'alien'), planted: false } }));
    expect(numbers(nightPlan(theirs))).toEqual(['8', '15', '16', '18', '22', '24', '32', '34', '37', '40', '41', '42']);
  });
});

describe('the Runaways’ escape', () => {
  const roles: RoleId[] = ['sheriff', 'banditLeader', 'chief', 'kali', 'cleaningLady'];
  const escape = (scrapesSinceEscape: number, killedSinceEscape: number) =>
    numbers(nightPlan(tonight(roles, () => ({ runaways: { scrapesSinceEscape, killedSinceEscape } })))).filter((n) => ['44', '45'].includes(n));

  it('is offered once gold has been scraped one time more than Runaways were killed since the last escape', () => {
    expect(escape(0, 0)).toEqual([]);
    expect(escape(1, 0)).toEqual(['44', '45']);
    expect(escape(1, 1)).toEqual([]);
    expect(escape(2, 1)).toEqual(['44', '45']);
  });

  it('is followed every night by the Runaways’ search (45a), then Kali and the Cleaning Lady', () => {
    expect(numbers(nightPlan(tonight(roles))).slice(-6)).toEqual(['43', '45a', '46', '47', '48', '51']);
  });
});

describe('the plan', () => {
  it('reads the statue’s faction from its holder, and none before the bandits hand it out', () => {
    expect(statueFaction(tonight(FOUR, () => ({}), 0))).toBeNull();
    expect(statueFaction(tonight(FOUR, (s) => ({ statue: { holder: who(s, 'detector'), planted: false } })))).toBe('aliens');
  });

  it('is the same for the same state, and does not change the state', () => {
    const state = tonight(FOUR, (s) => ({ statue: { holder: who(s, 'banditLeader'), planted: false }, callAbsentRoles: true }));
    const copy = structuredClone(state);
    expect(nightPlan(state)).toEqual(nightPlan(state));
    expect(state).toEqual(copy);
  });

  it('lists zero-night and night steps from the two lists only', () => {
    const state = tonight(EVERY_ROLE, () => ({ callAbsentRoles: true }), 0);
    expect(zeroNightPlan(state).every((p) => ZERO_NIGHT.includes(p.step))).toBe(true);
    expect(nightPlan(state).every((p) => NIGHT.includes(p.step))).toBe(true);
  });
});
