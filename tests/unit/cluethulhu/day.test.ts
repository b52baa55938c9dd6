import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '../../../src/lib/engine/session';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import en from '../../../locales/en/cluethulhu.json';
import { game, marks, quietNight, role, side, SEVEN, until } from './fixture';

/** Step ids of a Day played with the simplest answers, until nightfall. */
function dayOrder(roles: RoleId[], opts = {}) {
  const g = game(roles, opts);
  const seen: string[] = [];
  while (g.at && g.at.startsWith('day.')) {
    seen.push(g.at.slice(4));
    const a = g.step.answer;
    if (a.kind === 'players') g.answer({ kind: 'players', ids: a.min === 0 ? [] : a.candidates.slice(-a.min) });
    else if (a.kind === 'yesno') g.no();
    else g.next();
  }
  return seen;
}

describe('the Day order', () => {
  it('calls the 7–10 band in the book order with the Evil Child and the Wizard first', () => {
    expect(dayOrder(['investigator', 'investigator', 'evilChild', 'wizard', 'tchoTcho', 'cultist', 'cultist'])).toEqual([
      'evilChild', 'dollHandOver', 'wizard', 'investigatorsVote', 'investigatorsSleep', 'investigatorsArrest', 'tchoTcho', 'tchoTchoShow'
    ]);
  });
  it('calls the 11–15 band with the Psychiatrist and the Traitor in alphabetical place', () => {
    expect(dayOrder(['investigator', 'investigator', 'psychiatrist', 'mother', 'traitor', 'yithian', 'wizard', 'cultist', 'cultist', 'cultist', 'cultist'])).toEqual([
      'wizard', 'investigatorsVote', 'investigatorsSleep', 'investigatorsArrest', 'mother', 'psychiatrist', 'traitor', 'yithian'
    ]);
  });
  it('calls the 16–20 band with the Detective before the Investigators', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'wizard', 'mother', 'tchoTcho', 'traitor', 'yithian', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];
    expect(dayOrder(roles)).toEqual([
      'evilChild', 'dollHandOver', 'wizard', 'detective', 'investigatorsVote', 'investigatorsSleep', 'investigatorsArrest',
      'mother', 'psychiatrist', 'tchoTcho', 'tchoTchoShow', 'traitor', 'yithian'
    ]);
  });
  it('calls absent roles as pretend steps when the Keeper asks for the bluff', () => {
    const g = game(['investigator', 'investigator', 'wizard', ...Array<RoleId>(4).fill('cultist')], { callAbsentRoles: true });
    expect(g.at).toBe('day.evilChild');
    expect(g.step.pretend).toBe(true);
    expect(g.step.answer.kind).toBe('none');
    g.next();
    expect(g.at).toBe('day.wizard');
    expect(g.step.pretend).toBeUndefined();
  });
  it('pretends only the roles the table size can hold (no Detective below 16, no Psychiatrist or Traitor below 11)', () => {
    const calls = (n: number) => {
      const g = game(['investigator', 'investigator', 'wizard', ...Array<RoleId>(n - 3).fill('cultist')], { callAbsentRoles: true });
      const seen: string[] = [];
      for (let i = 0; i < 40 && g.at?.startsWith('day.'); i++) {
        if (g.step.pretend) seen.push(g.at!);
        const a = g.step.answer;
        if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) });
        else if (a.kind === 'yesno') g.no();
        else g.next();
      }
      return seen;
    };
    expect(calls(7)).toEqual(['day.evilChild', 'day.mother', 'day.tchoTcho', 'day.yithian']);
    expect(calls(11)).toEqual(['day.evilChild', 'day.mother', 'day.psychiatrist', 'day.tchoTcho', 'day.traitor', 'day.yithian']);
    expect(calls(16)).toEqual(['day.evilChild', 'day.detective', 'day.mother', 'day.psychiatrist', 'day.tchoTcho', 'day.traitor', 'day.yithian']);
  });
  it('reads the book line when the Investigators agree on no target', () => {
    const g = until(game(['investigator', 'investigator', 'wizard', ...Array<RoleId>(4).fill('cultist')]), 'day.investigatorsVote').pick();
    expect(g.step.prompt.key).toBe('cluethulhu:steps.investigatorsSleep.noTarget');
    // Guide, "Day – Investigators": "No target is chosen tonight."
    expect(en.steps.investigatorsSleep.noTarget).toMatch(/^No target is chosen tonight\./);
  });
  it('shows how far through the Day the Keeper is, steady while abilities are spent', () => {
    const g = game(['investigator', 'investigator', 'psychiatrist', 'mother', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist']);
    expect(g.step.progress).toEqual({ index: 1, total: 3 });
    until(g, 'day.mother');
    expect(g.step.progress).toEqual({ index: 2, total: 3 });
    g.yes().pick('Ania', 'Bartek');
    // The Siblings waking is the Mother's call's third part: the same call, not a new one.
    expect(g.step.progress).toEqual({ index: 2, total: 3, part: 3 });
    g.next();
    expect(g.at).toBe('day.psychiatrist');
    expect(g.step.progress).toEqual({ index: 3, total: 3 });
  });
});

describe('the Evil Child and the Haunted Doll', () => {
  it('lets her give the doll on Day 1, herself included, and the holder pass it on later', () => {
    const g = game(SEVEN);
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 1, max: 1 });
    expect((g.step.answer as { candidates: string[] }).candidates).toContain(g.id('Ewa'));
    g.pick('Ewa');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.dollHandOver.first', params: { name: 'Ewa' } });
    expect(marks(g, 'Ewa')).toContain('doll');
    until(g.next(), 'night.wake');
    quietNight(g);
    expect(g.at).toBe('day.evilChild');
    expect(g.step.prompt.key).toBe('cluethulhu:steps.evilChild.pass');
    expect((g.step.answer as { candidates: string[] }).candidates).not.toContain(g.id('Ewa'));
    g.pick('Ania');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.dollHandOver.pass', params: { name: 'Ania' } });
    // The Keeper names each holder aloud, so the log's doll lines are public.
    const dolls = g.view.log.filter((l) => l.text.key === 'cluethulhu:log.doll').map((l) => [l.text.params?.name, l.secret]);
    expect(dolls).toEqual([
      ['Ewa', false],
      ['Ania', false]
    ]);
  });
});

describe('the Wizard', () => {
  it('protects a player from the arrest, which is used up', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.pick('Filip').pick('Filip').next();
    expect(g.step.hints.map((h) => h.key)).toContain('cluethulhu:hints.arrest.protected');
    g.next();
    expect(g.alive).toContain('Filip');
    expect(g.at).toBe('night.wake');
    // The Keeper taps nobody and says nothing: that Filip was spared is his secret.
    expect(g.view.log.find((l) => l.text.key === 'cluethulhu:log.protected')).toMatchObject({ text: { params: { name: 'Filip' } }, secret: true });
  });
  it('fails when he picks the same player two turns running, and nobody is protected', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick('Filip'), 'night.wake');
    quietNight(g).pick('Ania').next();
    expect(g.step.answer.kind === 'players' && g.step.answer.marks?.[g.id('Filip')]?.key).toBe('cluethulhu:marks.chosenLastTime');
    g.pick('Filip');
    expect(g.at).toBe('day.wizardFails');
    expect(g.step.prompt.key).toBe('cluethulhu:steps.wizardFails.prompt');
    g.next().pick('Filip').next().next();
    expect(g.alive).not.toContain('Filip');
  });
  it('protects only until his next turn', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick('Filip'), 'night.wake');
    quietNight(g).pick('Ania').next();
    expect(marks(g, 'Filip')).toContain('protected');
    g.pick('Gosia');
    expect(marks(g, 'Filip')).not.toContain('protected');
    expect(marks(g, 'Gosia')).toContain('protected');
  });
});

describe('the Investigators', () => {
  it('arrest their unanimous target, who leaves at nightfall without revealing', () => {
    const g = game(SEVEN).pick('Ewa').next().pick();
    expect(g.at).toBe('day.investigatorsVote');
    expect(g.step.timer).toBe(60);
    g.pick('Gosia');
    expect(g.step.prompt.key).toBe('cluethulhu:steps.investigatorsSleep.prompt');
    g.next();
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.arrest.tap', params: { name: 'Gosia' } });
    g.next();
    expect(g.alive).not.toContain('Gosia');
    expect(g.view.players.find((p) => p.name === 'Gosia')!.fate?.key).toBe('cluethulhu:fate.arrested');
    expect(g.at).toBe('night.wake');
    // Only the name: the tablet is never passed to what is read aloud.
    expect(g.step.announce).toEqual([{ key: 'cluethulhu:announce.arrested', params: { name: 'Gosia' } }]);
  });
  it('may fail to agree: no target, nobody tapped', () => {
    const g = game(SEVEN).pick('Ewa').next().pick().pick();
    expect(g.step.prompt.key).toBe('cluethulhu:steps.investigatorsSleep.noTarget');
    g.next();
    expect(g.step.hints[0].key).toBe('cluethulhu:hints.arrest.nobody');
    g.next();
    expect(g.alive).toHaveLength(7);
  });
});

const SIXTEEN: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'tchoTcho', 'wizard', 'mother', 'traitor', 'yithian', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];
// Ania, Bartek Investigators; Celina Psychiatrist; Darek Detective; Ewa Tcho-Tcho; Filip Wizard; Gosia Mother;
// Hubert Traitor; Iga Yithian; Jan Shoggoth; Kasia … Piotr Cultists.

describe('the Detective', () => {
  it('detains a player, who is freed at his next turn; the same player twice is invalid', () => {
    const g = game(SIXTEEN).pick();
    expect(g.at).toBe('day.detective');
    g.pick('Ewa');
    expect(marks(g, 'Ewa')).toContain('detained');
    until(g, 'night.wake');
    quietNight(g);
    g.pick();
    expect(g.step.hints).toContainEqual({ key: 'cluethulhu:hints.detective.freed', params: { name: 'Ewa' } });
    g.pick('Ewa');
    expect(g.at).toBe('day.detectiveInvalid');
    expect(marks(g, 'Ewa')).not.toContain('detained');
  });
  it('keeps a detained Tcho-Tcho in the script but he sees nothing', () => {
    const g = game(SIXTEEN).pick().pick('Ewa').pick().next().next().no().no();
    expect(g.at).toBe('day.tchoTcho');
    expect(g.step.answer.kind).toBe('none');
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.detained', params: { name: 'Ewa' } });
  });
  it('takes a detained player out of the Night vote', () => {
    const g = until(game(SIXTEEN).pick().pick('Kasia'), 'night.wake').next();
    // The election says the detainee does not vote (the Keeper's secret, with every eye open), and
    // takes exactly one vote per other living player.
    expect(g.step.hints).toContainEqual({ key: 'cluethulhu:hints.vote.detained', params: { name: 'Kasia' }, secret: true });
    expect(g.step.answer).toMatchObject({ kind: 'tally', total: { rule: 'exactly', n: 15 } });
    expect(() => g.tally({ Leon: 16 })).toThrow(RejectedEvent);
    expect(() => g.tally({ Leon: 14 })).toThrow(RejectedEvent);
    g.tally({ Leon: 15 });
    until(g, 'night.accusation').pick('Ania');
    // 16 alive, Kasia detained: 15 players, the High Priest counts twice: 16 votes, majority 9.
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.vote.majority', params: { need: 9, total: 16 } });
  });
  it('frees the detainee at nightfall when he is eliminated by Day', () => {
    const g = game(SIXTEEN).pick().pick('Kasia').pick('Darek').next().next();
    expect(g.alive).not.toContain('Darek');
    // "That night the Keeper must free the detained victim": still detained for the rest of the Day.
    expect(marks(g, 'Kasia')).toContain('detained');
    until(g, 'night.wake');
    expect(marks(g, 'Kasia')).not.toContain('detained');
    expect(g.step.announce).toContainEqual({ key: 'cluethulhu:notice.released' });
  });
  it('frees the detainee at the next nightfall when the Psychiatrist cures him', () => {
    const g = game(SIXTEEN).pick().pick('Kasia');
    expect(marks(g, 'Kasia')).toContain('detained');
    until(g, 'day.psychiatrist').yes().pick('Darek');
    expect(role(g, 'Darek')).toBe('investigator');
    expect(marks(g, 'Kasia')).toContain('detained');
    until(g, 'night.wake');
    expect(marks(g, 'Kasia')).not.toContain('detained');
    expect(g.step.announce).toContainEqual({ key: 'cluethulhu:notice.released' });
    g.reload();
    expect(marks(g, 'Kasia')).not.toContain('detained');
  });
});

describe('the once-only abilities', () => {
  it('Mother names two Blood Siblings once; when one is arrested the other dies of a broken heart', () => {
    const g = until(game(SIXTEEN), 'day.mother');
    g.yes().pick('Gosia', 'Kasia').next();
    expect(marks(g, 'Kasia')).toContain('sibling');
    until(g, 'night.wake');
    quietNight(g).pick().pick().pick('Kasia').next().next();
    expect(g.alive).not.toContain('Kasia');
    expect(g.alive).not.toContain('Gosia');
    expect(g.view.players.find((p) => p.name === 'Gosia')!.fate?.key).toBe('cluethulhu:fate.heartbreak');
  });
  it('plays the steps that follow a once-only ability for real, with absent roles called as bluffs', () => {
    // Acting spends the ability; the rest of her call is still hers, not a pretended one.
    const g = until(game(SIXTEEN, { callAbsentRoles: true }), 'day.mother');
    expect(g.step.pretend).toBeUndefined();
    g.yes();
    expect(g.at).toBe('day.motherPick');
    expect(g.step.pretend).toBeUndefined();
    g.pick('Gosia', 'Kasia');
    expect(g.at).toBe('day.siblingsWake');
    expect(g.step.pretend).toBeUndefined();
    expect(g.step.hints).toEqual([{ key: 'cluethulhu:hints.siblingsWake', params: { a: 'Gosia', b: 'Kasia' } }]);
    g.next().yes().pick('Jan');
    expect(g.at).toBe('day.psychiatristSwap');
    expect(g.step.pretend).toBeUndefined();
    g.next().pick('Ania').next().no();
    expect(g.at).toBe('day.yithian');
    g.yes().pick('Hubert');
    expect(g.at).toBe('day.yithianSwap');
    expect(g.step.pretend).toBeUndefined();
    // A spent ability is pretended on a later Day.
    g.next();
    until(quietNight(g), 'day.mother');
    expect(g.step.pretend).toBe(true);
  });
  it('Mother who shakes her head keeps her ability for a later Day', () => {
    const g = game(SIXTEEN).pick().pick().pick().next().next().no();
    until(g, 'night.wake');
    quietNight(g).pick().pick().pick().next().next();
    expect(g.at).toBe('day.mother');
  });
  it('the Psychiatrist cures a special into a plain Cultist, an Investigator into a plain Investigator', () => {
    const g = game(SIXTEEN).pick().pick().pick().next().next().no().yes().pick('Jan');
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.psychiatristSwap', params: { name: 'Jan', role: 'cultist' } });
    expect(role(g, 'Jan')).toBe('cultist');
    const h = game(SIXTEEN).pick().pick().pick().next().next().no().yes().pick('Darek');
    expect(role(h, 'Darek')).toBe('investigator');
    expect(side(h, 'Darek')).toBe('investigators');
  });
  it('the Tcho-Tcho sees the target tablet', () => {
    const g = game(SIXTEEN).pick().pick().pick().next().next().no().no().pick('Hubert');
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.tchoTchoShow', params: { name: 'Hubert', role: 'traitor' } });
  });
  it('the Traitor switches to the Investigators once', () => {
    const g = game(SIXTEEN).pick().pick().pick().next().next().no().no().pick('Ania').next();
    expect(g.at).toBe('day.traitor');
    g.yes();
    expect(side(g, 'Hubert')).toBe('investigators');
    expect(role(g, 'Hubert')).toBe('investigator');
  });
  it('the Yithian takes the target role and its unused ability; the target keeps their side and loses every power', () => {
    const g = game(SIXTEEN).pick().pick().pick().next().next().no().no().pick('Ania').next().no();
    expect(g.at).toBe('day.yithian');
    g.yes().pick('Gosia');
    expect(role(g, 'Iga')).toBe('mother');
    expect(side(g, 'Iga')).toBe('cult');
    expect(role(g, 'Gosia')).toBe('yithianCard');
    expect(side(g, 'Gosia')).toBe('cult');
    g.next();
    expect(g.at).toBe('night.wake');
    quietNight(g).pick().pick().pick().next().next();
    // The Mother's unused ability went with the tablet: the Yithian is now called as Mother.
    expect(g.at).toBe('day.mother');
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.mother', params: { name: 'Iga' } });
  });
});
