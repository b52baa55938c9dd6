/**
 * The Manitou's corrections (docs/RULES.md, "The Manitou's corrections"): the statue put where it
 * really is (planted or not), cards swapped or changed, a name corrected, a new person in a seat,
 * a player who leaves. Each is logged, undone like any move, replayed, and followed by the rules.
 */
import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '../../../src/lib/engine/session';
import type { Override } from '../../../src/lib/engine/types';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { fate, filled, game, keys, marks, quietDay, role, statue, until, type G } from './game';

// Ania Sheriff, Bartek Pastor, Celina Bodyguard, Darek Townsman; Ewa Bandit Leader, Filip Bandit; Gosia Chief, Hubert Indian.
const SMALL: RoleId[] = ['sheriff', 'pastor', 'bodyguard', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];
// The same with a Silent Foot for Hubert and a Doctor for Celina.
const FOOT: RoleId[] = ['sheriff', 'pastor', 'doctor', 'townsman', 'banditLeader', 'bandit', 'chief', 'silentFoot'];

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
const statueChoice = (g: G) => g.view.corrections!.tokens[0];
/** The zero night past the bandits' meeting (step 6: Ewa keeps the statue), on step 7. */
const afterBandits = (roles: RoleId[] = SMALL) => until(game(roles), 'zeroNight.6').pick('Ewa');
/** Day 1, its first step, with the statue wherever the zero night left it. */
const dayOne = (roles: RoleId[] = SMALL) => until(afterBandits(roles), 'day.morning');

describe('putting the statue where it is', () => {
  it('waits for the bandits to meet on the zero night', () => {
    const g = game(SMALL);
    expect(g.at).toBe('zeroNight.4');
    expect(statueChoice(g)).toMatchObject({ id: 'statue', secret: true, blocked: { key: 'ktulu:corrections.statueNotYet' } });
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Ewa') })).toBe('ktulu:corrections.statueNotYet');
  });

  it('is a secret line in the log, and the Town wins when a townsperson still has it at dawn', () => {
    const g = afterBandits();
    expect(statueChoice(g)).toMatchObject({ holder: g.id('Ewa'), planted: false, blocked: null, plantable: true });
    expect(statueChoice(g).refusedPlanted![g.id('Darek')]).toEqual({ key: 'ktulu:corrections.noSilentFoot' });
    const move: Override = { kind: 'moveToken', token: 'statue', to: g.id('Darek') };
    g.override(move);
    expect(statue(g)).toBe('Darek');
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.keeperStatue', params: { name: 'Darek', faction: 'town' } }, secret: true });
    g.undo();
    expect(statue(g)).toBe('Ewa');
    g.override(move);
    until(g, 'day.morning');
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.keptTillDawn', params: { name: 'Darek' } } });
  });

  it('goes to nobody out of the game, is not given to its holder again, and is planted only with a Silent Foot', () => {
    const g = afterBandits();
    g.override({ kind: 'eliminate', player: g.id('Bartek') });
    expect(statueChoice(g).refused).toEqual({ [g.id('Bartek')]: { key: 'ktulu:corrections.out' } });
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Bartek') })).toBe('ktulu:corrections.out');
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Ewa') })).toBe('common:override.problems.holdsIt');
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Darek'), planted: true })).toBe('ktulu:corrections.noSilentFoot');
    expect(refusal(g, { kind: 'moveToken', token: 'doll', to: g.id('Darek') })).toBe('common:override.problems.unknownToken');
  });

  it('planted by the Silent Foot: never on himself, and a townsperson who does not know it wins nothing at dawn', () => {
    const g = afterBandits(FOOT);
    expect(statueChoice(g)).toMatchObject({ plantable: true, refusedPlanted: { [g.id('Hubert')]: { key: 'ktulu:corrections.plantSelf' } } });
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Hubert'), planted: true })).toBe('ktulu:corrections.plantSelf');
    g.override({ kind: 'moveToken', token: 'statue', to: g.id('Darek'), planted: true });
    expect(marks(g, 'Darek')).toContain('planted');
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.keeperStatuePlanted' }, secret: true });
    // The same holder, no longer planted, is a correction too.
    expect(refusal(g, { kind: 'moveToken', token: 'statue', to: g.id('Darek'), planted: true })).toBe('common:override.problems.holdsIt');
    until(g, 'day.morning');
    expect(g.view.outcome).toBeNull();
  });

  it('found by the day’s search wherever the Manitou put it', () => {
    const g = dayOne();
    g.override({ kind: 'moveToken', token: 'statue', to: g.id('Gosia') });
    until(g, 'day.searchVote');
    const a = g.step.answer as Extract<G['step']['answer'], { kind: 'tally' }>;
    g.answer({ kind: 'tally', counts: filled(a, [g.id('Gosia')]) });
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundBySearch', params: { name: 'Gosia' } } });
  });
});

describe('correcting cards', () => {
  it('swaps two players’ cards in a secret log line, and the Indians win when only they are left', () => {
    const g = game(SMALL);
    for (const n of ['Ania', 'Bartek', 'Celina', 'Ewa', 'Filip', 'Hubert']) g.override({ kind: 'eliminate', player: g.id(n) });
    expect(g.view.stage).toBe('play');
    // Darek held Hubert's Indian card, and Hubert Darek's.
    g.override({ kind: 'swapRoles', a: g.id('Darek'), b: g.id('Hubert') });
    expect(role(g, 'Darek')).toBe('indian');
    expect(role(g, 'Hubert')).toBe('townsman');
    expect(g.view.log.at(-2)).toMatchObject({ text: { key: 'ktulu:log.keeperSwap', params: { a: 'Darek', b: 'Hubert' } }, secret: true });
    expect(g.view.outcome?.winner).toBe('indians');
  });

  it('moves what the table knows of a card with it: shown, a gunslinger', () => {
    const g = dayOne(['mayor', 'pastor', 'bodyguard', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian']);
    g.override({ kind: 'reveal', player: g.id('Ania') });
    expect(marks(g, 'Ania')).toContain('revealed');
    g.override({ kind: 'swapRoles', a: g.id('Ania'), b: g.id('Darek') });
    expect(role(g, 'Darek')).toBe('mayor');
    expect(marks(g, 'Darek')).toContain('revealed');
    expect(marks(g, 'Ania')).not.toContain('revealed');
  });

  it('changes one card, refusing a second of a one-of-a-kind card but not of a plain one', () => {
    const g = game(SMALL);
    expect(refusal(g, { kind: 'setRole', player: g.id('Darek'), role: 'sheriff' })).toBe('common:override.problems.roleHeld');
    expect(refusal(g, { kind: 'setRole', player: g.id('Darek'), role: 'townsman' })).toBe('common:override.problems.sameRole');
    expect(refusal(g, { kind: 'setRole', player: g.id('Darek'), role: 'wizard' })).toBe('common:override.problems.unknownRole');
    g.override({ kind: 'setRole', player: g.id('Bartek'), role: 'townsman' });
    expect(role(g, 'Bartek')).toBe('townsman');
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.keeperSetRole', params: { name: 'Bartek', role: 'townsman' } }, secret: true });
    const townsman = g.view.corrections!.roles.find((r) => r.id === 'townsman')!;
    expect(townsman).toMatchObject({ single: false, side: { key: 'ktulu:factions.town' }, holders: [g.id('Bartek'), g.id('Darek')] });
    // With no Pastor left, the zero night no longer calls him.
    g.pick('Darek');
    expect(g.at).not.toBe('zeroNight.5');
  });
});

describe('names and seats', () => {
  it('corrects a name and seats a new person, each in a public log line', () => {
    const g = game(SMALL);
    g.override({ kind: 'rename', player: g.id('Darek'), name: 'Dariusz' });
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.keeperRename', params: { old: 'Darek', name: 'Dariusz' } }, secret: false });
    g.override({ kind: 'replace', player: g.id('Ewa'), name: 'Zuza' });
    expect(role(g, 'Zuza')).toBe('banditLeader');
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.keeperReplace', params: { old: 'Ewa', name: 'Zuza' } }, secret: false });
    expect(refusal(g, { kind: 'rename', player: g.id('Zuza'), name: 'dariusz' })).toBe('common:override.problems.nameTaken');
  });
});

describe('a player who leaves', () => {
  it('shows their card, and a statue on them by day stays with their faction: the Town finds nothing', () => {
    const g = dayOne();
    g.override({ kind: 'moveToken', token: 'statue', to: g.id('Filip') });
    const at = g.at;
    g.override({ kind: 'leave', player: g.id('Filip') });
    expect(g.view.outcome).toBeNull();
    expect(g.at).toBe(at);
    expect(fate(g, 'Filip')).toBe('left');
    expect(statue(g)).toBe('Ewa');
    expect(g.view.log.at(-2)).toMatchObject({ text: { key: 'ktulu:log.fate.left', params: { name: 'Filip', role: 'bandit' } }, secret: false });
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.statueStays', params: { name: 'Ewa', faction: 'bandits' } }, secret: true });
    expect(keys(g.step.announce)).toContain('announce.fate.left');
  });

  it('does not call the Doctor, and a planted statue goes back to the Silent Foot', () => {
    const g = dayOne(FOOT);
    g.override({ kind: 'moveToken', token: 'statue', to: g.id('Darek'), planted: true });
    g.override({ kind: 'leave', player: g.id('Darek') });
    expect(g.view.step?.id).not.toBe('doctor');
    expect(statue(g)).toBe('Hubert');
    expect(marks(g, 'Hubert')).toContain('statue');
  });

  it('leaves the statue off the table when nobody of that faction is left', () => {
    const g = dayOne();
    g.override({ kind: 'eliminate', player: g.id('Filip') });
    g.override({ kind: 'leave', player: g.id('Ewa') });
    expect(statue(g)).toBeNull();
    expect(lastLog(g)).toMatchObject({ text: { key: 'ktulu:log.statueOff', params: { faction: 'bandits' } }, secret: true });
    expect(g.view.outcome).toBeNull();
  });

  it('can leave only the Indians alive: they win', () => {
    const g = game(SMALL);
    for (const n of ['Ania', 'Bartek', 'Celina', 'Ewa', 'Filip']) g.override({ kind: 'eliminate', player: g.id(n) });
    g.override({ kind: 'leave', player: g.id('Darek') });
    expect(g.view.outcome?.winner).toBe('indians');
  });
});

describe('the log of corrections', () => {
  it('replays to the same game, and a reload keeps it', () => {
    const g = dayOne(FOOT);
    g.override({ kind: 'rename', player: g.id('Ania'), name: 'Anna' });
    g.override({ kind: 'moveToken', token: 'statue', to: g.id('Bartek'), planted: true });
    g.override({ kind: 'swapRoles', a: g.id('Celina'), b: g.id('Gosia') });
    g.override({ kind: 'setRole', player: g.id('Darek'), role: 'judge' });
    g.override({ kind: 'leave', player: g.id('Filip') });
    quietDay(g);
    const view = g.view;
    expect(g.def.view(g.replayed())).toEqual(view);
    expect(g.reload().view).toEqual(view);
  });
});
