/**
 * Ktulu's day ("Dokładniejsze zasady dnia"): duels and their rules, the search vote with its
 * run-offs, the hanging and the Mayor's pardon, and the cards of the dead read out.
 */
import { describe, expect, it } from 'vitest';
import { readLoggedEvent } from '../../../src/lib/backup/validate';
import { RejectedEvent, replay } from '../../../src/lib/engine/session';
import { ktulu } from '../../../src/lib/games/ktulu';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { candidates, fate, game, keys, marks, setupFor, statue, unanimous, type G } from './game';

/** Ania Sheriff, Bartek Mayor, Celina Judge, Darek Good Gunslinger, Ewa Townsman, Filip Bandit Leader, Gosia Bad Gunslinger, Hubert Chief, Iga Indian. */
const DAY: RoleId[] = ['sheriff', 'mayor', 'judge', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'chief', 'indian'];

/** The zero night (the Sheriff jails Ewa, the statue to Filip), the morning and the introductions: day 1's council. */
function council(roles: RoleId[] = DAY, settings = {}): G {
  const g = game(roles, settings);
  for (let i = 0; i < 20 && g.at !== 'day.discussion'; i++) {
    if (g.at === 'zeroNight.4') g.pick('Ewa');
    else if (g.at === 'zeroNight.6') g.pick('Filip');
    else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: g.step.answer.candidates.slice(0, g.step.answer.min) });
    else g.next();
  }
  expect(g.at).toBe('day.discussion');
  return g;
}

/** The council with Gosia out (the Manitou's ruling): eight voters, so a two-way vote can tie. */
function eight(): G {
  const g = council();
  g.override({ kind: 'eliminate', player: g.id('Gosia') });
  return g;
}

/** A duel from the challenge to its vote. */
function duel(g: G, a: string, b: string, votes: Record<string, number>): G {
  g.pick(a).pick(b);
  if (g.at === 'day.accept') g.yes();
  expect(g.at).toBe('day.speeches');
  return g.next().tally(votes);
}

describe('duels', () => {
  it('may be refused while the Sheriff lives; a refused duel does not count', () => {
    const g = council();
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0, max: 1, none: { key: 'ktulu:answers.toSearch' } });
    g.pick('Ewa');
    expect(g.at).toBe('day.challenged');
    expect(candidates(g)).not.toContain('Ewa');
    g.pick('Hubert');
    expect(g.at).toBe('day.accept');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.accept', params: { a: 'Ewa', b: 'Hubert' } });
    g.no();
    expect(g.at).toBe('day.discussion');
    expect(g.step.hints[0]).toEqual({ key: 'ktulu:hints.duels', params: { n: 0, max: 2 } });
  });

  it('kill the one most voted for; the dead are read out with their cards', () => {
    const g = duel(council(), 'Ewa', 'Hubert', { Ewa: 1, Hubert: 4 });
    expect(g.at).toBe('day.duelResult');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.duelOne', params: { name: 'Hubert' } });
    g.pick();
    expect(fate(g, 'Hubert')).toBe('duel');
    expect(g.at).toBe('day.discussion');
    expect(g.step.announce).toEqual([{ key: 'ktulu:announce.fate.duel', params: { name: 'Hubert', role: 'chief' } }]);
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.duels', params: { n: 1, max: 2 } });
  });

  it('kill nobody when everyone abstains, and both on a tie', () => {
    const g = duel(council(), 'Ewa', 'Hubert', {});
    expect(g.step.prompt.key).toBe('ktulu:steps.duelNobody');
    g.pick();
    expect(g.alive).toHaveLength(9);
    // Seven voters may abstain, but never cast more than seven votes.
    g.pick('Ewa').pick('Iga');
    if (g.at === 'day.accept') g.yes();
    g.next();
    expect(g.step.answer).toMatchObject({ total: { rule: 'atMost', n: 7 } });
    expect(() => g.tally({ Ewa: 4, Iga: 4 })).toThrow(RejectedEvent);
    g.tally({ Ewa: 3, Iga: 3 });
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.duelBoth', params: { a: 'Ewa', b: 'Iga' } });
    g.pick();
    expect(g.alive).not.toContain('Ewa');
    expect(g.alive).not.toContain('Iga');
  });

  it('a gunslinger beats a non-gunslinger whatever the vote, and everyone learns he is one', () => {
    const g = duel(council(), 'Darek', 'Hubert', { Darek: 5, Hubert: 1 });
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.duelGunslinger', params: { gun: 'Darek', name: 'Hubert' } });
    g.pick();
    expect(g.alive).toContain('Darek');
    expect(g.alive).not.toContain('Hubert');
    expect(g.view.players.find((p) => p.name === 'Darek')!.marks).toContainEqual({ id: 'gunslinger', text: { key: 'ktulu:marks.gunslinger' }, secret: false });
  });

  it('two gunslingers duel like anyone else', () => {
    const g = duel(council(), 'Darek', 'Gosia', { Darek: 4, Gosia: 2 });
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.duelOne', params: { name: 'Darek' } });
  });

  it('the Judge may overrule once, naming one who dies, even a gunslinger', () => {
    const g = duel(council(), 'Darek', 'Hubert', {});
    // It names the Judge: the Manitou's secret while the town looks on.
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.judge', params: { name: 'Celina', role: 'judge' }, secret: true }]);
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0, max: 1 });
    expect(candidates(g)).toEqual(['Darek', 'Hubert']);
    g.pick('Darek');
    expect(g.alive).toContain('Hubert');
    expect(fate(g, 'Darek')).toBe('duel');
    expect(marks(g, 'Celina')).toContain('revealed');
    duel(g, 'Ewa', 'Iga', { Iga: 2 });
    expect(g.step.answer.kind).toBe('none');
  });

  it('remind the Manitou that the seduced must vote for the Seducer', () => {
    const g = game(['seducer', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']);
    g.pick('Celina');
    expect(g.view.players.find((p) => p.name === 'Celina')!.marks).toContainEqual({ id: 'seduced', text: { key: 'ktulu:marks.seduced' }, secret: true });
    for (let i = 0; i < 10 && g.at !== 'day.discussion'; i++) g.step.answer.kind === 'players' ? g.pick(g.name(g.step.answer.candidates[0])) : g.next();
    g.pick('Ania').pick('Filip').yes().next();
    expect(g.at).toBe('day.duelVote');
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.bound', params: { name: 'Celina', holder: 'Ania', role: 'seducer' }, secret: true });
  });

  it('stop at the day’s limit', () => {
    const g = council(DAY, { duelsPerDay: 1 });
    duel(g, 'Ewa', 'Hubert', {}).pick();
    expect(g.at).toBe('day.discussion');
    expect(g.step.answer.kind).toBe('none');
    expect(keys(g.step.hints)).toContain('hints.noDuels');
    g.next();
    expect(g.at).toBe('day.searchVote');
  });

  it('cannot be refused once the Sheriff is dead', () => {
    const g = duel(council(), 'Ewa', 'Ania', { Ania: 3 }).pick();
    expect(g.alive).not.toContain('Ania');
    g.pick('Ewa').pick('Hubert');
    expect(g.at).toBe('day.speeches');
  });

  it('a holder of the statue killed in a duel: the statue is found, and the Town wins', () => {
    const g = duel(council(), 'Ewa', 'Filip', { Filip: 3 }).pick();
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundOnDeath', params: { name: 'Filip', fate: 'duel' } } });
  });

  it('the Doctor is asked, eyes closed, before the card is shown, and may bring the duel’s loser back', () => {
    const g = duel(council(['sheriff', 'doctor', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']), 'Ewa', 'Filip', { Filip: 3 });
    g.next();
    expect(g.at).toBe('day.doctor');
    expect(g.step.eyesClosed).toBe(true);
    expect(keys(g.step.hints)).toEqual(['hints.doctor', 'hints.doctorStatue']);
    g.yes();
    expect(g.view.outcome).toBeNull();
    expect(g.alive).toContain('Filip');
    expect(statue(g)).toBe('Filip');
    expect(g.at).toBe('day.discussion');
    expect(g.step.announce).toBeUndefined();
  });
});

describe('the Doctor by day', () => {
  it('is asked about each death of a tie in turn; once he has brought one back, the other death stands', () => {
    const g = duel(council(['sheriff', 'doctor', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']), 'Celina', 'Filip', { Celina: 2, Filip: 2 });
    g.next();
    expect(g.at).toBe('day.doctor');
    expect(g.step.hints[0].params).toMatchObject({ name: 'Celina' });
    g.yes();
    expect(g.alive).toContain('Celina');
    // Filip held the statue: with the Doctor spent, it is found on him.
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { params: { name: 'Filip' } } });
  });
});

describe('the search', () => {
  it('searches the most voted, as many as the setting allows, and says whether anyone had the statue', () => {
    const g = council();
    g.pick();
    expect(g.at).toBe('day.searchVote');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.searchVote', params: { count: 2 } });
    // Nine voters with two votes each, no abstaining: exactly 18.
    expect(g.step.answer).toMatchObject({ kind: 'tally', max: 9, total: { rule: 'exactly', n: 18 } });
    expect(() => g.tally({ Ewa: 9, Hubert: 8 })).toThrow(RejectedEvent);
    g.tally({ Ewa: 7, Hubert: 6, Iga: 5 });
    expect(g.at).toBe('day.hangVote');
    expect(g.step.announce).toEqual([
      { key: 'ktulu:announce.searched', params: { names: 'Ewa, Hubert', count: 2 } },
      { key: 'ktulu:announce.notFound' }
    ]);
  });

  it('logs the searched with each name isolated, so a right-to-left name reorders nothing', () => {
    const setup = setupFor(DAY);
    const rtl = { Ewa: '\u0625\u064A\u0641\u0627', Hubert: '\u05D4\u05D5\u05D1\u05E8\u05D8' };
    setup.players = setup.players.map((p) => ({ ...p, name: rtl[p.name as keyof typeof rtl] ?? p.name }));
    const g = new HeadlessGame(ktulu, { setup, seed: 7 });
    for (let i = 0; i < 20 && g.at !== 'day.discussion'; i++) {
      if (g.at === 'zeroNight.4') g.pick(rtl.Ewa);
      else if (g.at === 'zeroNight.6') g.pick('Filip');
      else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: g.step.answer.candidates.slice(0, g.step.answer.min) });
      else g.next();
    }
    g.pick().tally({ [rtl.Ewa]: 9, [rtl.Hubert]: 9 });
    const line = g.view.log.find((l) => l.text.key === 'ktulu:log.searched');
    expect(line?.text.params?.names).toBe(`\u2068${rtl.Ewa}\u2069, \u2068${rtl.Hubert}\u2069`);
  });

  it('finds the statue on a searched holder: the Town wins', () => {
    const g = council().pick().tally({ Filip: 9, Hubert: 9 });
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundBySearch', params: { name: 'Filip' } } });
    expect(g.view.stage).toBe('over');
  });

  it('settles a tie for the last place with a run-off between the tied only', () => {
    const g = council().pick().tally({ Ewa: 8, Hubert: 5, Iga: 5 });
    expect(g.at).toBe('day.searchRunoff');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.searchRunoff', params: { names: 'Hubert, Iga', count: 1 } });
    expect(g.step.answer).toMatchObject({ total: { rule: 'exactly', n: 9 } });
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.searchSure', params: { names: 'Ewa' } });
    g.tally({ Iga: 5, Hubert: 4 });
    expect(g.at).toBe('day.hangVote');
    expect(g.step.announce?.[0].params).toMatchObject({ names: 'Ewa, Iga' });
  });

  it('in a stalemate the Manitou may have fewer searched', () => {
    // Eight voters, so the run-off can tie.
    const g = eight().pick().tally({ Ewa: 6, Hubert: 5, Iga: 5 }).tally({ Hubert: 4, Iga: 4 });
    expect(g.at).toBe('day.searchStalemate');
    g.yes();
    expect(g.at).toBe('day.searchRunoff');
    g.tally({ Hubert: 4, Iga: 4 }).no();
    expect(g.at).toBe('day.hangVote');
    expect(g.step.announce?.[0].params).toMatchObject({ names: 'Ewa', count: 1 });
  });
});

describe('the poison', () => {
  it('kills before the search vote, and a poisoned holder gives the Town the win', () => {
    const roles: RoleId[] = ['sheriff', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'shamaness'];
    const g = game(roles);
    g.pick('Bartek').pick('Darek').next();
    for (let i = 0; i < 20 && g.view.phase?.kind === 'day'; i++) {
      if (g.at === 'day.discussion') g.pick();
      else if (g.at === 'day.searchVote') unanimous(g, 'Ania', 'Bartek');
      else if (g.at === 'day.hangVote') g.no();
      else g.next();
    }
    g.pick('Bartek');
    for (let i = 0; i < 20 && g.at !== 'night.28'; i++) {
      if (g.step.answer.kind === 'players') g.pick(g.at === 'night.24' ? 'Celina' : g.name(g.step.answer.candidates[0]));
      else g.next();
    }
    g.pick('Darek');
    for (let i = 0; i < 10 && g.at !== 'day.poison'; i++) g.step.answer.kind === 'players' ? g.pick() : g.next();
    expect(g.at).toBe('day.poison');
    expect(keys(g.step.hints)).toEqual(['hints.poisonStatue']);
    g.next();
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundOnDeath', params: { name: 'Darek', fate: 'poisoned' } } });
  });
});

describe('the hanging', () => {
  const searched = () => council().pick().tally({ Ewa: 9, Hubert: 9 });

  it('is voted yes or no (a tie is no), then among the searched; a tie hangs nobody', () => {
    // Eight voters, so the hanging can tie.
    const g = eight().pick().tally({ Ewa: 8, Hubert: 8 });
    expect(g.step.answer.kind).toBe('yesno');
    expect(keys(g.step.hints)).toEqual(['hints.hangVote']);
    g.yes();
    expect(g.at).toBe('day.hangWho');
    expect(candidates(g)).toEqual(['Ewa', 'Hubert']);
    expect(g.step.answer).toMatchObject({ total: { rule: 'exactly', n: 8 } });
    expect(() => g.tally({ Ewa: 4, Hubert: 3 })).toThrow(RejectedEvent);
    g.tally({ Ewa: 4, Hubert: 4 });
    expect(g.at).toBe('day.nightfall');
    expect(g.alive).toHaveLength(8);
  });

  it('hangs the one most voted, unless the Mayor shows his card and pardons', () => {
    const g = searched().yes().tally({ Hubert: 9 });
    expect(g.at).toBe('day.sentence');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.sentence', params: { name: 'Hubert' } });
    expect(g.step.answer).toMatchObject({ kind: 'yesno', yes: { key: 'ktulu:answers.pardon' } });
    g.yes();
    expect(g.alive).toContain('Hubert');
    expect(marks(g, 'Bartek')).toContain('revealed');
    expect(g.at).toBe('day.nightfall');
    expect(g.step.announce).toEqual([{ key: 'ktulu:announce.pardon', params: { mayor: 'Bartek', name: 'Hubert' } }]);

    const h = searched().yes().tally({ Hubert: 9 }).no();
    expect(fate(h, 'Hubert')).toBe('hanged');
    expect(h.at).toBe('day.nightfall');
    expect(h.step.announce).toEqual([{ key: 'ktulu:announce.fate.hanged', params: { name: 'Hubert', role: 'chief' } }]);
    h.next();
    expect(h.view.phase).toEqual({ kind: 'night', number: 1 });
  });

  it('without a Mayor able to pardon, the sentence is carried out', () => {
    const g = council(['sheriff', 'townsman', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']).pick().tally({ Bartek: 8, Celina: 8 });
    g.yes().tally({ Bartek: 8 });
    expect(g.at).toBe('day.sentence');
    expect(g.step.answer.kind).toBe('none');
    g.next();
    expect(fate(g, 'Bartek')).toBe('hanged');
  });
});

describe('showing a card outside the pardon', () => {
  // "Burmistrz może w dowolnym momencie gry odkryć swoją kartę"; "W dowolnym momencie gry agent
  // ubezpieczeniowy może ujawnić, że jest agentem ubezpieczeniowym (czyt. pokazać swoją kartę)".
  /** DAY with Ewa the Insurance Agent instead of a Townsman. */
  const AGENT: RoleId[] = DAY.map((r) => (r === 'townsman' ? 'insuranceAgent' : r));
  const show = (g: G, name: string) => g.override({ kind: 'reveal', player: g.id(name) });
  const revealable = (g: G) => (g.view.revealable ?? []).map((id) => g.name(id));
  const refused = (g: G, name: string) => expect(() => show(g, name)).toThrow(RejectedEvent);
  const logged = (g: G) => g.view.log.filter((l) => l.text.key === 'ktulu:log.reveal');

  it('the Mayor shows his card by day: known to all, logged, spent, and he can no longer pardon', () => {
    const g = council(AGENT);
    expect(revealable(g)).toEqual(['Bartek', 'Ewa']);
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.mayReveal', params: { name: 'Bartek', role: 'mayor' }, secret: true });
    show(g, 'Bartek');
    expect(g.at).toBe('day.discussion');
    expect(g.view.players.find((p) => p.name === 'Bartek')!.marks).toContainEqual({ id: 'revealed', text: { key: 'ktulu:marks.revealed' }, secret: false });
    expect(logged(g)).toEqual([{ phase: { kind: 'day', number: 1 }, text: { key: 'ktulu:log.reveal', params: { name: 'Bartek', role: 'mayor' } }, secret: false }]);
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'mayor', action: 'reveal', left: 0, total: 1 }, secret: true });
    expect(revealable(g)).toEqual(['Ewa']);
    expect(g.step.hints).not.toContainEqual(expect.objectContaining({ params: { name: 'Bartek', role: 'mayor' } }));
    // His pardon is his card shown at the sentence: shown already, there is no pardon to offer.
    g.pick().tally({ Ewa: 9, Hubert: 9 }).yes().tally({ Hubert: 9 });
    expect(g.at).toBe('day.sentence');
    expect(g.step.answer.kind).toBe('none');
    g.next();
    expect(fate(g, 'Hubert')).toBe('hanged');
  });

  it('the Insurance Agent shows her card: known to all, and nothing else changes', () => {
    const g = council(AGENT);
    const before = g.view;
    show(g, 'Ewa');
    expect(marks(g, 'Ewa')).toContain('revealed');
    expect(logged(g).map((l) => l.text.params)).toEqual([{ name: 'Ewa', role: 'insuranceAgent' }]);
    expect(g.view.facts).toEqual(before.facts);
    expect(g.view.step).toEqual(before.step && { ...before.step, hints: before.step.hints.filter((h) => h.params?.name !== 'Ewa') });
    expect(statue(g)).toBe('Filip');
    expect(revealable(g)).toEqual(['Bartek']);
  });

  it('is undone like any other move, and survives a reload', () => {
    const g = council(AGENT);
    show(g, 'Bartek').reload();
    expect(marks(g, 'Bartek')).toContain('revealed');
    g.undo();
    expect(marks(g, 'Bartek')).not.toContain('revealed');
    expect(logged(g)).toEqual([]);
    expect(revealable(g)).toEqual(['Bartek', 'Ewa']);
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'mayor', action: 'reveal', left: 1, total: 1 }, secret: true });
    // The pardon is his again.
    g.pick().tally({ Ewa: 9, Hubert: 9 }).yes().tally({ Hubert: 9 });
    expect(g.step.answer).toMatchObject({ kind: 'yesno', yes: { key: 'ktulu:answers.pardon' } });
  });

  it('is a move a backup carries: read back from the log and replayed to the same game', () => {
    const g = council(AGENT);
    show(g, 'Bartek');
    const log = (JSON.parse(JSON.stringify(g.log)) as unknown[]).map(readLoggedEvent);
    expect(log.at(-1)).toEqual({ type: 'keeper.override', override: { kind: 'reveal', player: g.id('Bartek') } });
    expect(ktulu.view(replay(ktulu, g.input, log as NonNullable<(typeof log)[number]>[]))).toEqual(g.view);
  });

  it('is refused twice, for the dead, for a role that may not, and in a game without such a role', () => {
    const g = council(AGENT);
    show(g, 'Bartek');
    refused(g, 'Bartek');
    g.override({ kind: 'eliminate', player: g.id('Ewa') });
    expect(revealable(g)).toEqual([]);
    refused(g, 'Ewa');
    refused(g, 'Ania');
    refused(g, 'Celina');
    const plain = council(['sheriff', 'townsman', 'judge', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'chief', 'indian']);
    expect(plain.view.revealable).toBeUndefined();
    refused(plain, 'Bartek');
    expect(g.view.log.filter((l) => l.text.key === 'ktulu:log.reveal')).toHaveLength(1);
  });

  it('is refused at night, while the Doctor is asked, and for the Mayor at the sentence, whose question is his pardon', () => {
    const night = game(AGENT);
    expect(night.view.phase).toEqual({ kind: 'night', number: 0 });
    expect(night.view.revealable).toEqual([]);
    refused(night, 'Bartek');

    const g = council(AGENT).pick().tally({ Ewa: 9, Hubert: 9 }).yes().tally({ Hubert: 9 });
    expect(g.at).toBe('day.sentence');
    expect(revealable(g)).toEqual(['Ewa']);
    refused(g, 'Bartek');
    show(g, 'Ewa');
    expect(g.at).toBe('day.sentence');
    g.yes();
    expect(g.alive).toContain('Hubert');
    expect(g.at).toBe('day.nightfall');
    expect(g.step.announce).toEqual([{ key: 'ktulu:announce.pardon', params: { mayor: 'Bartek', name: 'Hubert' } }]);
    // After the pardon his card is known: nothing left to show.
    expect(revealable(g)).toEqual([]);

    const doc = council(['sheriff', 'mayor', 'doctor', 'goodGunslinger', 'townsman', 'banditLeader', 'badGunslinger', 'chief', 'indian']);
    duel(doc, 'Darek', 'Ewa', { Darek: 1, Ewa: 4 }).next();
    expect(doc.at).toBe('day.doctor');
    expect(doc.view.revealable).toEqual([]);
    refused(doc, 'Bartek');
  });
});
