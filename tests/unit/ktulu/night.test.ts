/**
 * The zero night and the nights, role by role: which step the Manitou is on (the book's
 * number and line), what each answer changes, and what only the Manitou is shown.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { candidates, fate, game, keys, marks, quietDay, statue, until, type G } from './game';

/** Eight players: Ania Sheriff, Bartek Pastor, Celina Bodyguard, Darek Townsman, Ewa Bandit Leader, Filip Bandit, Gosia Chief, Hubert Indian. */
const SMALL: RoleId[] = ['sheriff', 'pastor', 'bodyguard', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

/** The zero night of SMALL: the Sheriff jails `jail`, the Pastor confesses Darek, the bandits give the statue to `holder`. */
function zeroNight(g: G, jail = 'Darek', holder = 'Filip'): G {
  g.pick(jail).pick('Darek').next().pick(holder).next();
  return g;
}

describe('the zero night', () => {
  it('calls the book’s steps for the roles dealt, with their numbers, titles and lines', () => {
    const g = game(SMALL);
    expect(g.view.phase).toEqual({ kind: 'night', number: 0 });
    expect(g.at).toBe('zeroNight.4');
    expect(g.step).toMatchObject({
      number: '4',
      role: { key: 'ktulu:zeroNight.4.title' },
      prompt: { key: 'ktulu:zeroNight.4.say' },
      after: { key: 'ktulu:zeroNight.4.after' },
      eyesClosed: true,
      progress: { index: 1, total: 4 }
    });
    const seen: string[] = [];
    for (let i = 0; i < 20 && g.view.phase?.kind === 'night'; i++) {
      seen.push(g.at!);
      if (g.at === 'zeroNight.6') g.pick('Filip');
      else if (g.at === 'zeroNight.4') g.pick('Darek');
      else if (g.step.answer.kind === 'players') g.pick(candidates(g)[0]);
      else g.next();
    }
    expect(seen).toEqual(['zeroNight.4', 'zeroNight.5', 'zeroNight.5.result', 'zeroNight.6', 'zeroNight.7']);
    expect(g.at).toBe('day.morning');
  });

  it('never lets the Sheriff jail himself', () => {
    const g = game(SMALL);
    expect(candidates(g)).not.toContain('Ania');
    expect(candidates(g)).toHaveLength(7);
  });

  it('tells the Manitou what to show the Pastor: the faction of the person confessed', () => {
    const g = game(SMALL).pick('Darek').pick('Ewa');
    expect(g.at).toBe('zeroNight.5.result');
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.tellFaction', params: { role: 'pastor', name: 'Ewa', faction: 'bandits' } });
    expect(g.step.after).toEqual({ key: 'ktulu:zeroNight.5.after' });
  });

  it('brings the statue into play at step 6: the bandits give it to one of those awake', () => {
    const g = game(SMALL).pick('Darek').pick('Darek').next();
    expect(g.at).toBe('zeroNight.6');
    expect(candidates(g)).toEqual(['Ewa', 'Filip']);
    expect(keys(g.step.hints)).toContain('hints.statueStart');
    g.pick('Filip');
    expect(statue(g)).toBe('Filip');
  });

  it('keeps a bandit jailed on the zero night out of the meeting; the statue still starts with the bandits', () => {
    const g = game(SMALL).pick('Ewa').pick('Darek').next();
    expect(g.at).toBe('zeroNight.6');
    expect(candidates(g)).toEqual(['Filip']);
    // A lone bandit jailed: nobody meets, and the Bandit Leader has it, as at the start of the game.
    const h = game(['sheriff', 'pastor', 'townsman', 'townsman', 'banditLeader', 'chief', 'indian']).pick('Ewa').pick('Darek').next();
    expect(h.at).toBe('zeroNight.7');
    h.next();
    expect(h.at).toBe('day.morning');
    expect(statue(h)).toBe('Ewa');
  });

  it('shows the Harlot the client’s card and wakes the client to see her', () => {
    const g = game(['harlot', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']);
    expect(g.at).toBe('zeroNight.1');
    expect(candidates(g)).not.toContain('Ania');
    g.pick('Darek');
    expect(g.at).toBe('zeroNight.1.reveal');
    expect(g.step.prompt.key).toBe('ktulu:steps.clientWakes');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.clientReveal', params: { client: 'Darek', harlot: 'Ania', role: 'banditLeader' } }]);
    g.next();
    expect(marks(g, 'Darek')).toContain('client');
  });

  it('lets the Blackmailer try once more when he points at a bandit, and fails on a second bandit', () => {
    const roles: RoleId[] = ['blackmailer', 'banditLeader', 'bandit', 'sheriff', 'townsman', 'chief', 'indian'];
    const g = game(roles);
    expect(g.at).toBe('zeroNight.3');
    g.pick('Bartek');
    expect(g.at).toBe('zeroNight.3.again');
    expect(candidates(g)).not.toContain('Bartek');
    g.pick('Darek');
    expect(g.at).toBe('zeroNight.4');
    expect(marks(g, 'Darek')).toContain('blackmailed');
    const h = game(roles).pick('Bartek').pick('Celina');
    expect(h.view.players.some((p) => p.marks.some((m) => m.id === 'blackmailed'))).toBe(false);
    expect(h.view.log.at(-1)?.text.key).toBe('ktulu:log.blackmailFails');
  });
});

describe('the morning', () => {
  it('reads out only the public facts and gives the Manitou the night’s secrets', () => {
    const g = zeroNight(game(SMALL), 'Gosia');
    expect(g.at).toBe('day.morning');
    expect(g.step.eyesClosed).toBe(false);
    expect(g.step.announce).toEqual([
      { key: 'ktulu:announce.jailed', params: { name: 'Gosia' } },
      // The bandits had it from the start: where it is, not a change of hands.
      { key: 'ktulu:announce.statueStart' }
    ]);
    // The jail is read out, so it is not among the Manitou's secrets; the confession and the statue are.
    expect(keys(g.step.hints)).toEqual(['log.confess', 'log.statueTo']);
    expect(g.step.hints.every((h) => h.secret)).toBe(true);
    expect(g.view.log.filter((l) => l.secret).map((l) => l.text.key)).toEqual(['ktulu:log.confess', 'ktulu:log.statueTo']);
    expect(g.view.log.find((l) => l.text.key === 'ktulu:log.jail')).toMatchObject({ text: { params: { name: 'Gosia' } }, secret: false });
  });

  it('starts the first day with introductions, and no other day', () => {
    const g = zeroNight(game(SMALL)).next();
    expect(g.at).toBe('day.intro');
    quietDay(g);
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
    until(g, 'day.morning');
    g.next();
    expect(g.at).toBe('day.discussion');
  });
});

/** SMALL after the zero night and a quiet first day, at night 1's first step. */
const night1 = (holder = 'Ewa') => quietDay(zeroNight(game(SMALL), 'Darek', holder).next());

describe('the night', () => {
  it('calls the Town’s night roles, the bandits and the Indians in the book’s order, with its numbers', () => {
    const g = night1();
    const seen: string[] = [];
    for (let i = 0; i < 40 && g.view.phase?.kind === 'night'; i++) {
      seen.push(g.step.number!);
      if (g.at === 'night.24') g.pick('Darek');
      else if (g.at === 'night.8') g.pick('Darek');
      else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: (g.step.answer.candidates as string[]).slice(0, g.step.answer.min) });
      else g.next();
    }
    expect([...new Set(seen)]).toEqual(['8', '9', '11', '15', '16', '17', '18', '22', '24', '32']);
  });

  it('the Sheriff takes the statue from the person he jails, and the Town wins if he keeps it till dawn', () => {
    const g = night1();
    expect(g.at).toBe('night.8');
    g.pick('Ewa');
    expect(statue(g)).toBe('Ania');
    expect(marks(g, 'Ewa')).toContain('jailed');
    // The bandits no longer hold it: step 17 is not called, and the Indians cannot kill the jailed.
    until(g, 'night.24');
    expect(g.step.answer.kind === 'players' && g.step.answer.marks?.[g.id('Ewa')]).toEqual({ key: 'ktulu:marks.jailedSafe' });
    g.pick('Bartek');
    until(g, 'night.32').next();
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.keptTillDawn', params: { name: 'Ania', role: 'sheriff' } } });
  });

  it('the jailed cannot be killed', () => {
    const g = night1().pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    expect(g.alive).toContain('Bartek');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.savedByJail')).toBe(true);
  });

  it('at a kill, the jailed and the protected carry one mark each: the step’s “cannot be killed” covers their own', () => {
    // The Sheriff jails the Pastor (who then does not wake); the Bodyguard protects Darek.
    const g = night1().pick('Bartek');
    expect(g.at).toBe('night.11');
    g.pick('Darek');
    until(g, 'night.24');
    expect(marks(g, 'Bartek')).toContain('jailed');
    expect(marks(g, 'Darek')).toContain('protected');
    const spec = g.step.answer.kind === 'players' ? g.step.answer : null;
    expect(spec?.marks?.[g.id('Bartek')]).toEqual({ key: 'ktulu:marks.jailedSafe' });
    expect(spec?.covers?.[g.id('Bartek')]).toEqual(['jailed']);
    expect(spec?.marks?.[g.id('Darek')]).toEqual({ key: 'ktulu:marks.protectedSafe' });
    expect(spec?.covers?.[g.id('Darek')]).toEqual(['protected']);
    // The statue's holder has the step's "has the statue", the very words of his own mark.
    expect(spec?.marks?.[g.id('Ewa')]).toEqual({ key: 'ktulu:marks.statue', secret: true });
    expect(spec?.covers?.[g.id('Ewa')]).toBeUndefined();
  });

  it('the Bodyguard protects someone else than last night and never himself; the protected cannot be killed', () => {
    const g = night1().pick('Darek').pick('Darek').next();
    expect(g.at).toBe('night.11');
    expect(candidates(g)).not.toContain('Celina');
    g.pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    expect(g.alive).toContain('Bartek');
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.protected', params: { name: 'Bartek' } });
    // Public in the log too ("kogo chroni ochroniarz"); the failed kill is the Manitou's.
    const night = g.view.log.filter((l) => l.phase.kind === 'night' && l.phase.number === 1);
    expect(night.find((l) => l.text.key === 'ktulu:log.protect')?.secret).toBe(false);
    expect(night.find((l) => l.text.key === 'ktulu:log.savedByBodyguard')?.secret).toBe(true);
    quietDay(g.next());
    until(g, 'night.11');
    expect(candidates(g)).not.toContain('Bartek');
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.protectLast', params: { name: 'Bartek' } });
  });

  it('whom the Bodyguard protected is public in the morning even when he died that night, and the protection ends with him', () => {
    const g = night1().pick('Bartek');
    expect(g.at).toBe('night.11');
    g.pick('Darek');
    expect(marks(g, 'Darek')).toContain('protected');
    until(g, 'night.24').pick('Celina');
    expect(g.alive).not.toContain('Celina');
    // "Gdy ochroniarz zginie w nocy, ochrona przestaje działać."
    expect(marks(g, 'Darek')).not.toContain('protected');
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.protected', params: { name: 'Darek' } });
  });

  it('a kill passes the statue to the killers, who then kill again and decide who holds it', () => {
    const g = night1();
    until(g, 'night.24').pick('Ewa');
    expect(fate(g, 'Ewa')).toBe('killed');
    expect(statue(g)).toBe('Gosia');
    expect(g.at).toBe('night.24.result');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.killTook', params: { name: 'Ewa', holder: 'Gosia' } }]);
    g.next();
    expect(g.at).toBe('night.25');
    g.pick('Darek');
    expect(g.at).toBe('night.30');
    expect(candidates(g)).toEqual(['Gosia', 'Hubert']);
    g.pick('Hubert').next();
    expect(statue(g)).toBe('Hubert');
    expect(g.at).toBe('day.morning');
    expect(g.step.announce).toEqual([
      { key: 'ktulu:announce.fate.killed', params: { name: 'Ewa', role: 'banditLeader' } },
      { key: 'ktulu:announce.fate.killed', params: { name: 'Darek', role: 'townsman' } },
      { key: 'ktulu:announce.jailed', params: { name: 'Bartek' } },
      { key: 'ktulu:announce.protected', params: { name: 'Ania' } },
      { key: 'ktulu:announce.statue', params: { faction: 'indians' } }
    ]);
  });

  it('the bandits’ search takes the statue back', () => {
    const g = night1();
    until(g, 'night.24').pick('Ewa').next().pick('Darek').pick('Hubert').next();
    expect(statue(g)).toBe('Hubert');
    quietDay(g.next());
    until(g, 'night.16');
    expect(keys(g.step.hints)).not.toContain('hints.searchHolding');
    g.pick('Hubert');
    expect(g.at).toBe('night.16.result');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.found', params: { name: 'Hubert', holder: 'Filip' } }]);
    g.next();
    expect(g.at).toBe('night.17');
  });
});
