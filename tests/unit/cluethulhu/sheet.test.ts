/**
 * The Keeper's printable call sheet: the same calls, in the same order, as the script plays
 * them for this setup; once-only and bluff calls marked; every word in both languages; and
 * never a player's name.
 */
import { describe, expect, it } from 'vitest';
import type { SheetSection } from '../../../src/lib/engine/game';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import type { Text } from '../../../src/lib/engine/types';
import { createI18next } from '../../../src/lib/i18n/config';
import { cluethulhu, type CluethulhuSetup, type RoleId } from '../../../src/lib/games/cluethulhu';
import { sheet } from '../../../src/lib/games/cluethulhu/sheet';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enGame from '../../../locales/en/cluethulhu.json';
import plGame from '../../../locales/pl/cluethulhu.json';
import { NAMES, SEVEN, setupFor } from './fixture';

const ALL: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'wizard', 'mother', 'tchoTcho', 'traitor', 'yithian', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];

const section = (s: SheetSection[], key: string) => s.find((x) => x.title.key === `cluethulhu:sheet.${key}`)!;
/** The roles called, in order, as their keys' last part (`roles.wizard.name` → `wizard`). */
const roleOf = (t: Text) => t.key.replace('cluethulhu:roles.', '').replace('.name', '').replace('cluethulhu:sides.', '');
const called = (sec: SheetSection) => sec.lines.filter((l) => l.role).map((l) => roleOf(l.role!));
const noteOf = (sec: SheetSection, role: string) => sec.lines.find((l) => l.role?.key === `cluethulhu:roles.${role}.name`)?.note?.key.replace('cluethulhu:sheet.notes.', '');

/** The roles the script calls on Day 1, in order, answering each step as simply as it allows. */
function scriptDay1(setup: CluethulhuSetup): string[] {
  const h = new HeadlessGame(cluethulhu, { setup, seed: 3 });
  const roles: string[] = [];
  while (h.view.phase?.kind === 'day') {
    const s = h.step;
    const r = s.role && roleOf(s.role);
    if (r && roles.at(-1) !== r) roles.push(r);
    const a = s.answer;
    if (a.kind === 'players') h.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) });
    else if (a.kind === 'yesno') h.no();
    else h.next();
  }
  return roles;
}

describe('the Cluethulhu call sheet', () => {
  it('lists the tablets in play, adding up to the players', () => {
    const s = sheet(setupFor(SEVEN));
    const mix = s[0];
    expect(mix.title).toEqual({ key: 'cluethulhu:sheet.mix', params: { count: 7 } });
    const counts = mix.lines.filter((l) => l.role).map((l) => [l.role!.key, l.say.params?.count]);
    expect(counts).toEqual([
      ['cluethulhu:roles.investigator.name', 2],
      ['cluethulhu:roles.wizard.name', 1],
      ['cluethulhu:roles.shoggoth.name', 1],
      ['cluethulhu:roles.evilChild.name', 1],
      ['cluethulhu:roles.cultist.name', 2]
    ]);
    expect(mix.lines[0].say.key).toBe('cluethulhu:sheet.bluffOff');
  });

  it('calls the Day in the script’s order, only the roles in play, the Shoggoth after the arrest', () => {
    const day = section(sheet(setupFor(SEVEN)), 'day');
    expect(called(day)).toEqual(['evilChild', 'wizard', 'investigators', 'shoggoth']);
    expect(day.lines[0].say).toEqual({ key: 'cluethulhu:steps.evilChild.choose' });
  });

  it.each([
    ['seven players', setupFor(SEVEN)],
    ['seven players with bluff calls', setupFor(SEVEN, { callAbsentRoles: true })],
    ['sixteen players with every role', setupFor(ALL)],
    ['sixteen players with bluff calls', setupFor(ALL, { callAbsentRoles: true })]
  ])('matches the roles the script calls on Day 1 (%s)', (_name, setup) => {
    const day = section(sheet(setup), 'day');
    // The Shoggoth is only woken by an arrest, which the simplest answers never make.
    expect(called(day).filter((r) => r !== 'shoggoth')).toEqual(scriptDay1(setup));
  });

  it('marks once-only abilities, and what to do after, with and without bluff calls', () => {
    const plain = section(sheet(setupFor(ALL)), 'day');
    for (const r of ['mother', 'psychiatrist', 'traitor', 'yithian']) expect(noteOf(plain, r)).toBe('once');
    expect(noteOf(plain, 'wizard')).toBe('goneSkip');
    const bluff = section(sheet(setupFor(ALL, { callAbsentRoles: true })), 'day');
    for (const r of ['mother', 'psychiatrist', 'traitor', 'yithian']) expect(noteOf(bluff, r)).toBe('onceBluff');
    expect(noteOf(bluff, 'wizard')).toBe('goneBluff');
  });

  it('marks the calls of roles not in play as bluffs, one line each, only when bluffing is on', () => {
    const off = section(sheet(setupFor(SEVEN)), 'day');
    expect(noteOf(off, 'mother')).toBeUndefined();
    const s = sheet(setupFor(SEVEN, { callAbsentRoles: true }));
    const on = section(s, 'day');
    for (const r of ['mother', 'tchoTcho', 'yithian']) expect(noteOf(on, r)).toBe('absent');
    // A bluff calls only the roles seven players can hold: no Detective, Psychiatrist or Traitor.
    for (const r of ['detective', 'psychiatrist', 'traitor']) expect(noteOf(on, r)).toBeUndefined();
    const sixteen = section(sheet(setupFor([...SEVEN, ...Array<RoleId>(9).fill('cultist')], { callAbsentRoles: true })), 'day');
    for (const r of ['detective', 'psychiatrist', 'traitor']) expect(noteOf(sixteen, r)).toBe('absent');
    const mother = on.lines.findIndex((l) => l.role?.key === 'cluethulhu:roles.mother.name');
    expect(on.lines[mother + 1].role).toBeDefined();
    expect(s[0].lines[0].say.key).toBe('cluethulhu:sheet.bluffOn');
  });

  it('gives a role in play every line of its call', () => {
    const day = section(sheet(setupFor(ALL)), 'day');
    const mother = day.lines.findIndex((l) => l.role?.key === 'cluethulhu:roles.mother.name');
    expect(day.lines.slice(mother, mother + 4).map((l) => l.say.key.replace('cluethulhu:steps.', ''))).toEqual([
      'mother.prompt',
      'mother.afterNo',
      'motherPick.prompt',
      'siblingsWake.prompt'
    ]);
  });

  it('runs the Night in its order, the High Priest on Night 1 only, the Shoggoth only when in play', () => {
    const keys = (s: SheetSection) => s.lines.map((l) => l.say.key.replace('cluethulhu:', ''));
    const night = section(sheet(setupFor(SEVEN)), 'night');
    expect(keys(night)).toEqual([
      'steps.wake.prompt',
      'steps.highPriest.prompt',
      'steps.ritual.prompt',
      'steps.discussion.prompt',
      'steps.accusation.prompt',
      'sheet.say.vote',
      'sheet.say.murdered',
      'steps.result.after',
      'sheet.say.shoggothNight',
      'sheet.say.successor'
    ]);
    expect(night.lines[1].note?.key).toBe('cluethulhu:sheet.notes.highPriest');
    expect(night.lines.at(-1)!.role).toEqual({ key: 'cluethulhu:marks.highPriest' });
    const noShoggoth = section(sheet(setupFor(['investigator', 'investigator', 'wizard', 'cultist', 'cultist', 'cultist', 'cultist'])), 'night');
    expect(keys(noShoggoth)).not.toContain('sheet.say.shoggothNight');
  });

  it('never names a player', () => {
    const text = JSON.stringify(sheet(setupFor(ALL, { callAbsentRoles: true })));
    for (const name of NAMES.slice(0, ALL.length)) expect(text).not.toContain(name);
  });

  it('is what the game definition offers', () => {
    expect(cluethulhu.sheet?.(setupFor(SEVEN))).toEqual(sheet(setupFor(SEVEN)));
  });

  for (const lng of ['en', 'pl'] as const) {
    it(`reads in ${lng === 'en' ? 'English' : 'Polish'}, every word`, () => {
      const i18n = createI18next(lng, { en: { common: enCommon, cluethulhu: enGame }, pl: { common: plCommon, cluethulhu: plGame } });
      const texts: Text[] = [];
      for (const setup of [setupFor(SEVEN), setupFor(ALL, { callAbsentRoles: true }), setupFor(SEVEN, { callAbsentRoles: true })])
        for (const s of sheet(setup)) texts.push(s.title, ...s.lines.flatMap((l) => [l.role, l.say, l.note].filter((t): t is Text => !!t)));
      const missing = texts
        .map((t) => [t.key, i18n.t(t.key, { ...t.params, lng, fallbackLng: false })])
        .filter(([key, out]) => out === key.replace('cluethulhu:', '') || out === key || out.includes('{{'));
      expect(missing).toEqual([]);
    });
  }
});
