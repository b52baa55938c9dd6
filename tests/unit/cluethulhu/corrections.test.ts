/**
 * The Keeper's corrections (docs/RULES.md, "The Keeper's corrections"): a token moved, roles
 * swapped or changed, a name corrected, a new person in a seat, a player who leaves. Each is
 * logged, undone like any move, replayed from the log, and followed by the rules (a win included).
 */
import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '../../../src/lib/engine/session';
import type { Override } from '../../../src/lib/engine/types';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { game, marks, role, side, SEVEN, until } from './fixture';

// SEVEN: Ania, Bartek Investigators; Celina Wizard; Darek Shoggoth; Ewa Evil Child; Filip, Gosia Cultists.
const toNight = (roles: RoleId[] = SEVEN) => until(game(roles).pick('Ewa'), 'night.wake').next();
type G = ReturnType<typeof game>;

/** The refusal's message key for an override, or null when the game takes it. */
function refusal(g: G, o: Override): string | null {
  try {
    g.override(o);
    return null;
  } catch (e) {
    if (e instanceof RejectedEvent) return e.text.key;
    throw e;
  }
}

const lastLog = (g: G) => g.view.log.at(-1)!;
const token = (g: G, id: string) => g.view.corrections!.tokens.find((t) => t.id === id)!;

describe('moving the Haunted Doll', () => {
  it('gives the doll to another living player, in a public log line, and undo takes it back', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'moveToken', token: 'doll', to: g.id('Filip') });
    expect(marks(g, 'Filip')).toContain('doll');
    expect(marks(g, 'Ewa')).not.toContain('doll');
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperDoll', params: { name: 'Filip' } }, secret: false });
    expect(g.at).toBe('day.wizard');
    g.undo();
    expect(marks(g, 'Ewa')).toContain('doll');
  });

  it('offers every living player but the holder, and says why the others may not', () => {
    const g = until(game(SEVEN).pick('Ewa'), 'day.investigatorsVote').pick('Gosia').next().next();
    const doll = token(g, 'doll');
    expect(doll).toMatchObject({ holder: g.id('Ewa'), secret: false, blocked: null });
    expect(doll.refused).toEqual({ [g.id('Ewa')]: { key: 'cluethulhu:corrections.holdsIt' }, [g.id('Gosia')]: { key: 'cluethulhu:corrections.out' } });
    expect(refusal(g, { kind: 'moveToken', token: 'doll', to: g.id('Gosia') })).toBe('cluethulhu:corrections.out');
    expect(refusal(g, { kind: 'moveToken', token: 'doll', to: g.id('Ewa') })).toBe('cluethulhu:corrections.holdsIt');
    expect(refusal(g, { kind: 'moveToken', token: 'doll', to: g.id('Gosia'), planted: true })).toBe('common:override.problems.notPlantable');
  });

  it('is moved once the Evil Child is out too, giving nothing away, and then sets nothing off', () => {
    const g = game(SEVEN).pick('Filip').next();
    g.override({ kind: 'eliminate', player: g.id('Ewa') });
    expect(token(g, 'doll').blocked).toBeNull();
    g.override({ kind: 'moveToken', token: 'doll', to: g.id('Gosia') });
    // Powerless: no mark for the table, and its holder arrested gives nobody the win.
    expect(marks(g, 'Gosia')).not.toContain('doll');
    until(g, 'day.investigatorsVote').pick('Gosia').next().next();
    expect(g.view.outcome).toBeNull();
  });

  it('can make the Evil Child win: the doll moved to a player who is then arrested', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'moveToken', token: 'doll', to: g.id('Gosia') });
    until(g, 'day.investigatorsVote').pick('Gosia').next().next();
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome?.winner).toBe('evilChild');
  });
});

describe('moving the High Priest’s token', () => {
  it('waits for the first election', () => {
    const g = toNight();
    expect(token(g, 'highPriest').blocked).toEqual({ key: 'cluethulhu:corrections.noHighPriestYet' });
    expect(refusal(g, { kind: 'moveToken', token: 'highPriest', to: g.id('Ania') })).toBe('cluethulhu:corrections.noHighPriestYet');
  });

  it('moves it to another living player, who then counts twice', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'moveToken', token: 'highPriest', to: g.id('Ania') });
    expect(marks(g, 'Ania')).toContain('highPriest');
    expect(marks(g, 'Filip')).not.toContain('highPriest');
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperHighPriest', params: { name: 'Ania' } }, secret: false });
    expect(g.view.facts).toContainEqual({ key: 'cluethulhu:facts.highPriest', params: { name: 'Ania' } });
  });

  it('answers a successor question still waiting: the token has its holder', () => {
    const g = toNight([...SEVEN, 'cultist', 'cultist']).tally({ Filip: 9 });
    until(g, 'night.accusation').pick('Filip').tally({ Filip: 7 });
    expect(g.at).toBe('night.highPriestSuccessor');
    g.override({ kind: 'moveToken', token: 'highPriest', to: g.id('Hubert') });
    expect(g.at).toBe('night.result');
    expect(marks(g, 'Hubert')).toContain('highPriest');
  });
});

describe('correcting roles', () => {
  it('swaps two players’ tablets whole, sides included, in a secret log line; the mix is unchanged', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'swapRoles', a: g.id('Ania'), b: g.id('Celina') });
    expect([role(g, 'Ania'), side(g, 'Ania')]).toEqual(['wizard', 'cult']);
    expect([role(g, 'Celina'), side(g, 'Celina')]).toEqual(['investigator', 'investigators']);
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperSwap', params: { a: 'Ania', b: 'Celina' } }, secret: true });
    // The Wizard's call now names Ania.
    expect(g.at).toBe('day.wizard');
    expect(g.step.hints).toContainEqual({ key: 'cluethulhu:hints.wizard.who', params: { name: 'Ania' } });
    expect(g.view.corrections!.roles.find((r) => r.id === 'wizard')!.holders).toEqual([g.id('Ania')]);
  });

  it('refuses a swap that changes nothing', () => {
    const g = game(SEVEN).pick('Ewa').next();
    expect(refusal(g, { kind: 'swapRoles', a: g.id('Filip'), b: g.id('Gosia') })).toBe('common:override.problems.sameCards');
    expect(refusal(g, { kind: 'swapRoles', a: g.id('Filip'), b: g.id('Filip') })).toBe('common:override.problems.samePlayer');
    expect(refusal(g, { kind: 'swapRoles', a: g.id('Filip'), b: 'nobody' })).toBe('common:override.problems.unknownPlayer');
  });

  it('changes one player’s tablet, its side following, but never makes a second special', () => {
    const g = game(SEVEN).pick('Ewa').next();
    expect(refusal(g, { kind: 'setRole', player: g.id('Filip'), role: 'wizard' })).toBe('common:override.problems.roleHeld');
    expect(refusal(g, { kind: 'setRole', player: g.id('Filip'), role: 'cultist' })).toBe('common:override.problems.sameRole');
    expect(refusal(g, { kind: 'setRole', player: g.id('Filip'), role: 'ghoul' })).toBe('common:override.problems.unknownRole');
    g.override({ kind: 'setRole', player: g.id('Gosia'), role: 'mother' });
    expect([role(g, 'Gosia'), side(g, 'Gosia')]).toEqual(['mother', 'cult']);
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperSetRole', params: { name: 'Gosia', role: 'mother' } }, secret: true });
    until(g, 'day.mother');
    expect(g.step.hints).toContainEqual({ key: 'cluethulhu:hints.mother', params: { name: 'Gosia' } });
    // Filip was an Investigator all along: three against Celina, Darek and Gosia, and they win.
    g.override({ kind: 'setRole', player: g.id('Filip'), role: 'investigator' });
    expect([role(g, 'Filip'), side(g, 'Filip')]).toEqual(['investigator', 'investigators']);
    expect(g.view.outcome?.winner).toBe('investigators');
  });

  it('ends the game when the corrected roles leave a side winning', () => {
    // Day 1: Gosia (a Cultist) arrested. Night 1: Ania (an Investigator) murdered. Bartek is the
    // last Investigator, against Celina, Darek and Filip.
    const g = until(game(SEVEN).pick('Ewa'), 'day.investigatorsVote').pick('Gosia').next().next();
    until(g, 'night.wake').next().tally({ Filip: 6 });
    until(g, 'night.accusation').pick('Ania').tally({ Ania: 6 });
    until(g, 'day.evilChild');
    expect(g.view.stage).toBe('play');
    // The Keeper finds the deal was recorded wrong: Bartek held Gosia's Cultist tablet, and she his.
    g.override({ kind: 'swapRoles', a: g.id('Bartek'), b: g.id('Gosia') });
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome?.winner).toBe('cult');
    expect(g.view.outcome?.winners).toContain(g.id('Bartek'));
    // Undone, the game goes on where it was.
    g.undo();
    expect(g.at).toBe('day.evilChild');
  });
});

describe('names and seats', () => {
  it('corrects a name everywhere the player is named from now on, in a public log line', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'rename', player: g.id('Filip'), name: '  Filipek ' });
    expect(g.alive).toContain('Filipek');
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperRename', params: { old: 'Filip', name: 'Filipek' } }, secret: false });
    g.pick('Filipek');
    expect(g.view.log.at(-1)).toMatchObject({ text: { key: 'cluethulhu:log.protect', params: { name: 'Filipek' } } });
  });

  it('refuses a blank name, a name too long or one another player has', () => {
    const g = game(SEVEN).pick('Ewa').next();
    expect(refusal(g, { kind: 'rename', player: g.id('Filip'), name: ' \u200b ' })).toBe('common:override.problems.blankName');
    expect(refusal(g, { kind: 'rename', player: g.id('Filip'), name: 'x'.repeat(41) })).toBe('common:override.problems.nameTooLong');
    expect(refusal(g, { kind: 'rename', player: g.id('Filip'), name: 'ANIA' })).toBe('common:override.problems.nameTaken');
    // Their own name in another case is a correction.
    g.override({ kind: 'rename', player: g.id('Filip'), name: 'FILIP' });
    expect(g.alive).toContain('FILIP');
  });

  it('seats a new person with the seat’s tablet and tokens, logged as a new person', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'replace', player: g.id('Ewa'), name: 'Zuza' });
    expect(role(g, 'Zuza')).toBe('evilChild');
    expect(marks(g, 'Zuza')).toContain('doll');
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperReplace', params: { old: 'Ewa', name: 'Zuza' } }, secret: false });
    g.override({ kind: 'eliminate', player: g.id('Gosia') });
    expect(refusal(g, { kind: 'replace', player: g.id('Gosia'), name: 'Olga' })).toBe('common:override.problems.replaceOut');
  });
});

describe('a player who leaves', () => {
  it('is out without showing the tablet, and nothing a death sets off follows', () => {
    // Darek, the Shoggoth, leaves while holding the doll: no absorb, no Evil Child win.
    const g = game(SEVEN).pick('Darek').next();
    g.override({ kind: 'leave', player: g.id('Darek') });
    expect(g.alive).not.toContain('Darek');
    expect(g.view.players.find((p) => p.name === 'Darek')!.fate).toEqual({ key: 'cluethulhu:fate.left' });
    expect(g.view.stage).toBe('play');
    expect(g.at).toBe('day.wizard');
    expect(lastLog(g)).toMatchObject({ text: { key: 'cluethulhu:log.keeperLeave', params: { name: 'Darek' } }, secret: false });
    // The doll has no holder: the Evil Child hands it out again next Day.
    expect(token(g, 'doll').holder).toBeNull();
    until(g, 'night.wake').next().tally({ Filip: 6 });
    until(g, 'night.accusation').pick().next();
    expect(g.at).toBe('day.evilChild');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.evilChild.choose' });
  });

  it('takes no Blood Sibling along, and a High Priest still names his successor', () => {
    const g = until(game(['investigator', 'investigator', 'mother', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist']), 'day.mother');
    g.yes().pick('Filip', 'Gosia').next();
    until(g, 'night.wake').next().tally({ Filip: 9 });
    g.override({ kind: 'leave', player: g.id('Filip') });
    expect(g.alive).toContain('Gosia');
    expect(g.at).toBe('night.highPriestSuccessor');
    g.pick('Hubert');
    expect(marks(g, 'Hubert')).toContain('highPriest');
  });

  it('may be the last move a side needed: the game ends at once', () => {
    // Gosia arrested: Ania and Bartek against Celina, Darek and Filip.
    const g = until(until(game(SEVEN).pick('Ewa'), 'day.investigatorsVote').pick('Gosia').next().next(), 'night.wake');
    expect(g.view.stage).toBe('play');
    g.override({ kind: 'leave', player: g.id('Filip') });
    // Two against two: the Investigators match the Cultists left.
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'investigators', reason: { params: { investigators: 2, cult: 2 } } });
    expect(g.view.outcome?.winners).not.toContain(g.id('Filip'));
  });

  it('is refused for a player already out', () => {
    const g = game(SEVEN).pick('Ewa').next();
    g.override({ kind: 'leave', player: g.id('Gosia') });
    expect(refusal(g, { kind: 'leave', player: g.id('Gosia') })).toBe('common:override.problems.leaveOut');
  });
});

describe('the log of corrections', () => {
  it('replays to the same game, and a reload keeps it', () => {
    const g = toNight().tally({ Filip: 7 });
    g.override({ kind: 'rename', player: g.id('Ania'), name: 'Anna' });
    g.override({ kind: 'moveToken', token: 'highPriest', to: g.id('Gosia') });
    g.override({ kind: 'swapRoles', a: g.id('Bartek'), b: g.id('Celina') });
    g.override({ kind: 'setRole', player: g.id('Filip'), role: 'tchoTcho' });
    g.override({ kind: 'leave', player: g.id('Darek') });
    const view = g.view;
    expect(g.def.view(g.replayed())).toEqual(view);
    expect(g.reload().view).toEqual(view);
  });

  it('is not taken while the cards are being dealt', () => {
    const g = game(SEVEN, { deal: { mode: 'app' } });
    expect(g.view.stage).toBe('dealing');
    expect(g.view.corrections).toBeUndefined();
    expect(refusal(g, { kind: 'rename', player: 'p1', name: 'Anna' })).toBe('common:errors.answer.unexpected');
  });
});
