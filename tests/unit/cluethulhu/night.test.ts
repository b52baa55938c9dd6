import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '../../../src/lib/engine/session';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { game, marks, quietNight, SEVEN, until } from './fixture';

// SEVEN: Ania, Bartek Investigators; Celina Wizard; Darek Shoggoth; Ewa Evil Child; Filip, Gosia Cultists.
const toNight = (roles: RoleId[] = SEVEN, doll = 'Ewa') => until(game(roles).pick(doll), 'night.wake').next();
const cultists = (n: number): RoleId[] => Array(n).fill('cultist');

describe('the High Priest', () => {
  it('is elected on Night 1 only and counts twice in the vote', () => {
    const g = toNight();
    expect(g.at).toBe('night.highPriest');
    g.tally({ Filip: 4, Gosia: 3 });
    expect(marks(g, 'Filip')).toContain('highPriest');
    until(g, 'night.accusation').pick('Ania');
    expect(g.step.hints[0]).toEqual({ key: 'cluethulhu:hints.vote.majority', params: { need: 5, total: 8 } });
    until(quietNightAfterVote(g), 'night.wake').next();
    expect(g.at).toBe('night.discussion');
  });
  it('breaks a tied election by the Keeper pick or a seeded draw that undo and redo repeat', () => {
    const g = toNight().tally({ Filip: 3, Gosia: 3, Ania: 1 });
    expect(g.at).toBe('night.highPriestTie');
    expect(g.step.answer).toMatchObject({ kind: 'players', candidates: [g.id('Filip'), g.id('Gosia')], random: true });
    g.random();
    const first = g.view.players.find((p) => p.marks.some((m) => m.id === 'highPriest'))!.name;
    expect(['Filip', 'Gosia']).toContain(first);
    g.undo().random();
    expect(g.view.players.find((p) => p.marks.some((m) => m.id === 'highPriest'))!.name).toBe(first);
  });
  it('names a successor at once when murdered, and at nightfall when arrested by Day', () => {
    const g = toNight([...SEVEN, 'cultist', 'cultist']).tally({ Filip: 9 });
    until(g, 'night.accusation').pick('Filip').tally({ Filip: 7 });
    expect(g.at).toBe('night.highPriestSuccessor');
    expect(g.step.prompt.params).toEqual({ name: 'Filip' });
    g.pick('Gosia').next();
    expect(marks(g, 'Gosia')).toContain('highPriest');
    expect(g.at).toBe('day.evilChild');
    // Gosia arrested by Day: the successor is named after the wake.
    g.pick('Ania').next().pick().pick('Gosia').next().next();
    expect(g.at).toBe('night.wake');
    g.next();
    expect(g.at).toBe('night.highPriestSuccessor');
    expect(g.step.prompt.params).toEqual({ name: 'Gosia' });
  });
});

function quietNightAfterVote(g: ReturnType<typeof game>) {
  g.tally({});
  if (g.at === 'night.noMajority') g.no();
  g.next();
  return g;
}

describe('the Night vote', () => {
  it('murders the one accused with a majority', () => {
    const g = toNight().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Gosia', 'Bartek').tally({ Gosia: 2, Bartek: 5 });
    expect(g.at).toBe('night.result');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.result.murdered', params: { name: 'Bartek' } });
    expect(g.alive).not.toContain('Bartek');
  });
  it('spares the Wizard’s protected player, and says so aloud: a public line in the log', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick('Gosia'), 'night.wake').next().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Gosia').tally({ Gosia: 7 });
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.result.spared', params: { name: 'Gosia' } });
    expect(g.view.log.find((l) => l.text.key === 'cluethulhu:log.protected')).toMatchObject({ text: { params: { name: 'Gosia' } }, secret: false });
  });
  it('votes again among those who had a majority until only one has', () => {
    const g = toNight().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Gosia', 'Bartek', 'Ania').tally({ Gosia: 5, Bartek: 6, Ania: 1 });
    expect(g.at).toBe('night.vote');
    expect(g.step.answer).toMatchObject({ kind: 'tally', options: [g.id('Bartek'), g.id('Gosia')] });
    g.tally({ Gosia: 6, Bartek: 2 });
    expect(g.alive).not.toContain('Gosia');
  });
  it('lets the Keeper vote again or declare a deadlock when nobody has a majority', () => {
    const g = toNight().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Gosia').tally({ Gosia: 4 });
    expect(g.at).toBe('night.noMajority');
    g.yes();
    expect(g.at).toBe('night.vote');
    g.tally({ Gosia: 3 }).no();
    expect(g.step.prompt.key).toBe('cluethulhu:steps.result.deadlock');
    expect(g.alive).toHaveLength(7);
  });
});

describe('the Shoggoth', () => {
  it('absorbs a Cultist instead of being arrested by Day, and the victim is announced at nightfall', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick(), 'day.investigatorsVote').pick('Darek').next();
    expect(g.step.hints).toContainEqual({ key: 'cluethulhu:hints.arrest.shoggoth', params: { name: 'Darek' } });
    g.next();
    expect(g.at).toBe('day.shoggothAbsorb');
    expect(g.step.prompt.key).toBe('cluethulhu:steps.shoggothAbsorb.day');
    g.pick('Gosia');
    expect(g.alive).toContain('Darek');
    expect(g.alive).not.toContain('Gosia');
    expect(g.at).toBe('night.wake');
    expect(g.step.announce).toEqual([{ key: 'cluethulhu:announce.absorbed', params: { name: 'Gosia' } }]);
    // It showed its tablet to absorb ("Secrecy"): known to everyone for the rest of the game.
    const mark = g.view.players.find((p) => p.name === 'Darek')!.marks.find((m) => m.id === 'revealed');
    expect(mark).toEqual({ id: 'revealed', text: { key: 'cluethulhu:marks.revealedShoggoth' }, secret: false });
    quietNight(g);
    expect(marks(g, 'Darek')).toContain('revealed');
    // One line for the absorb, not one for the death and another for the absorb.
    const lines = g.view.log.filter((l) => l.text.params?.victim === 'Gosia' || l.text.params?.name === 'Gosia');
    expect(lines.map((l) => l.text.key)).toEqual(['cluethulhu:log.absorb']);
  });
  it('by Day, an Investigator victim is announced at nightfall as a plain Investigator, and both die', () => {
    // Ania is the Psychiatrist: what is read says "Investigator", never her tablet.
    const roles: RoleId[] = ['psychiatrist', 'investigator', 'investigator', 'shoggoth', ...cultists(7)];
    const g = until(game(roles), 'day.investigatorsVote').pick('Darek').next().next();
    expect(g.at).toBe('day.shoggothAbsorb');
    g.pick('Ania');
    expect(g.alive).not.toContain('Ania');
    expect(g.alive).not.toContain('Darek');
    until(g, 'night.wake');
    expect(g.step.announce).toEqual([
      { key: 'cluethulhu:announce.absorbedInvestigator', params: { name: 'Ania' } },
      { key: 'cluethulhu:announce.vial', params: { name: 'Darek' } }
    ]);
    expect(JSON.stringify(g.step.announce)).not.toContain('psychiatrist');
    expect(marks(g, 'Darek')).toContain('revealed');
    expect(g.view.log.filter((l) => l.text.key.includes('absorb')).map((l) => l.text)).toEqual([
      { key: 'cluethulhu:log.absorbInvestigator', params: { name: 'Darek', victim: 'Ania' } }
    ]);
  });
  it('dies with an Investigator victim', () => {
    const g = toNight().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Darek').tally({ Darek: 6 });
    expect(g.at).toBe('night.shoggothAbsorb');
    expect(g.step.answer.kind === 'players' && g.step.answer.marks?.[g.id('Ania')]?.key).toBe('cluethulhu:marks.bothDie');
    g.pick('Ania');
    expect(g.alive).not.toContain('Ania');
    expect(g.alive).not.toContain('Darek');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.result.absorbedInvestigator', params: { name: 'Darek' } });
    expect(g.step.announce).toEqual([{ key: 'cluethulhu:announce.absorbedInvestigator', params: { name: 'Ania' } }]);
    expect(marks(g, 'Darek')).toContain('revealed');
  });
  it('fails to absorb a player under the Wizard protection, and is out', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick('Gosia'), 'day.investigatorsVote').pick('Darek').next().next();
    // "Protected: the absorb fails" stands for her own "Protected" mark on the answer.
    const spec = g.step.answer.kind === 'players' ? g.step.answer : null;
    expect(spec?.marks?.[g.id('Gosia')]).toEqual({ key: 'cluethulhu:marks.absorbFails', secret: true });
    expect(spec?.covers?.[g.id('Gosia')]).toEqual(['protected']);
    expect(g.view.players.find((p) => p.name === 'Gosia')!.marks.map((m) => m.id)).toContain('protected');
    g.pick('Gosia');
    expect(g.alive).toContain('Gosia');
    expect(g.alive).not.toContain('Darek');
    expect(g.view.log.map((l) => l.text.key)).toContain('cluethulhu:log.absorbFails');
    expect(g.view.log.map((l) => l.text.key)).not.toContain('cluethulhu:log.absorb');
  });
  it('leaves when it absorbs nobody', () => {
    const g = toNight().tally({ Filip: 7 });
    until(g, 'night.accusation').pick('Darek').tally({ Darek: 6 }).pick();
    expect(g.alive).not.toContain('Darek');
    expect(g.alive).toHaveLength(6);
  });
});

describe('the Ritual of Annihilation', () => {
  it('is not declared while the Cultists are exactly twice the Investigators', () => {
    const g = toNight().tally({ Filip: 7 });
    expect(g.at).toBe('night.discussion');
  });
  it('is declared at the first Night with fewer than twice as many Cultists, and never lifts', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'eliminate', player: g.id('Gosia') });
    quietNight(g);
    until(g.pick('Ania'), 'night.wake').next();
    expect(g.at).toBe('night.ritual');
    expect(g.view.facts[0]).toEqual({ key: 'cluethulhu:facts.ritual', params: { night: 2 } });
    g.next();
    quietNight(g);
    g.override({ kind: 'revive', player: g.id('Gosia') });
    g.pick('Bartek').next();
    // The Wizard's ability is cancelled: the Day goes straight to the Investigators.
    expect(g.at).toBe('day.investigatorsVote');
  });
  it('counts neither the Evil Child nor an unused Yithian, and hurls that Yithian back', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'yithian', 'evilChild', ...cultists(3)];
    const g = until(game(roles).pick('Ania'), 'night.wake').next().tally({ Ewa: 7 });
    expect(g.at).toBe('night.ritual');
    expect(g.step.announce).toEqual([{ key: 'cluethulhu:announce.cretaceous', params: { name: 'Celina' } }]);
    expect(g.alive).not.toContain('Celina');
  });
  it('spares the player who was handed the Yithian card', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'yithian', 'wizard', ...cultists(6)];
    // Darek, the Yithian, swaps with Filip (a Cultist): 6 Cultists (Darek now one) against 3.
    const g = until(game(roles), 'day.yithian').yes().pick('Filip').next();
    expect(g.at).toBe('night.wake');
    g.next().tally({ Gosia: 11 });
    for (const n of ['Gosia', 'Hubert', 'Iga']) g.override({ kind: 'eliminate', player: g.id(n) });
    quietNight(g);
    until(g, 'night.wake').next();
    expect(g.at).toBe('night.ritual');
    expect(g.alive).toContain('Filip');
    expect(g.alive).toContain('Darek');
  });
  it('cancels the Shoggoth absorb: an arrested Shoggoth is simply out', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'eliminate', player: g.id('Gosia') });
    quietNight(g);
    until(g.pick('Ania'), 'night.wake').next().next();
    quietNight(g).pick('Bartek').next();
    g.pick('Darek').next().next();
    // No absorb is asked: the Shoggoth is out, and two Investigators now match two Cultists.
    expect(g.alive).not.toContain('Darek');
    expect(g.view.outcome?.winner).toBe('investigators');
  });
});

describe('winning', () => {
  it('the Evil Child wins at once when the doll holder dies while she lives without it', () => {
    const g = until(game(SEVEN).pick('Gosia'), 'day.investigatorsVote').pick('Gosia').next().next();
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'evilChild', winners: [g.id('Ewa')] });
  });
  it('the Evil Child does not win when she holds the doll herself', () => {
    const g = until(game(SEVEN).pick('Ewa'), 'day.investigatorsVote').pick('Ewa').next().next();
    expect(g.view.stage).toBe('play');
  });
  it('an Evil Child whose Blood Sibling held the doll dies with them and loses', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'mother', 'evilChild', ...cultists(6)];
    const g = until(game(roles).pick('Filip'), 'day.mother').yes().pick('Ewa', 'Filip').next();
    until(g, 'night.wake').next().tally({ Gosia: 11 });
    until(g, 'night.accusation').pick('Filip').tally({ Filip: 10 });
    expect(g.alive).not.toContain('Ewa');
    expect(g.view.outcome).toBeNull();
  });
  it('the Cult wins when every Investigator is gone', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'eliminate', player: g.id('Ania') });
    expect(g.view.stage).toBe('play');
    g.override({ kind: 'eliminate', player: g.id('Bartek') });
    expect(g.view.outcome).toMatchObject({ winner: 'cult', winners: ['p3', 'p4', 'p6', 'p7'] });
  });
  it('the Investigators win when they are at least as many as the Cultists left', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'eliminate', player: g.id('Gosia') });
    expect(g.view.outcome).toBeNull();
    g.override({ kind: 'eliminate', player: g.id('Filip') });
    expect(g.view.outcome).toMatchObject({ winner: 'investigators', winners: ['p1', 'p2'] });
  });
  it('Blood Siblings on different sides win only as the last two standing', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'mother', ...cultists(7)];
    const g = until(game(roles), 'day.mother').yes().pick('Ania', 'Ewa').next();
    for (const n of ['Bartek', 'Celina', 'Darek', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Jan']) g.override({ kind: 'eliminate', player: g.id(n) });
    expect(g.view.outcome).toBeNull();
    g.override({ kind: 'eliminate', player: g.id('Kasia') });
    expect(g.view.outcome).toMatchObject({ winner: 'siblings', winners: [g.id('Ania'), g.id('Ewa')] });
  });
  it('the Keeper can declare the result, and undo it', () => {
    const g = toNight();
    g.override({ kind: 'declareWinner', winner: 'cult' });
    expect(g.view.outcome).toMatchObject({ winner: 'cult', reason: { key: 'cluethulhu:outcome.keeper' } });
    g.undo();
    expect(g.view.stage).toBe('play');
    expect(g.at).toBe('night.highPriest');
  });
  it('no tablet is shown by choice: a reveal is refused and nothing is offered', () => {
    // "NEVER show your tablet to another player … unless you are expressly allowed to do so by the rules."
    const g = toNight();
    expect(g.view.revealable).toBeUndefined();
    expect(() => g.override({ kind: 'reveal', player: g.id('Ania') })).toThrow(RejectedEvent);
    expect(g.at).toBe('night.highPriest');
  });
});
