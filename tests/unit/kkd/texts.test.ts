/**
 * Every text Killer Kloo Doo writes reads whole in English and Polish: each key with every
 * parameter filled in, the non-player characters' forms, and the log, refusals and rolls of
 * real games, translated by i18next with the app's own locale files (card names nested from the
 * `cluedo` namespace, an overruled rule nested in its log line).
 */
import { describe, expect, it } from 'vitest';
import { createI18next } from '$lib/i18n';
import type { Text } from '../../../src/lib/engine/types';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enCluedo from '../../../locales/en/cluedo.json';
import plCluedo from '../../../locales/pl/cluedo.json';
import enKkd from '../../../locales/en/kkd.json';
import plKkd from '../../../locales/pl/kkd.json';
import { boardIn, END, game, toPart2, toScoring } from './fixture';
import type { KkdMove } from '../../../src/lib/games/kkd';

const resources = {
  en: { common: enCommon, cluedo: enCluedo, kkd: enKkd },
  pl: { common: plCommon, cluedo: plCluedo, kkd: plKkd }
};
const t = { en: createI18next('en', resources).t, pl: createI18next('pl', resources).t };

const PARAMS = { name: 'Ania', names: 'Ania, Bartek', other: 'Bartek', target: 'Bartek', nameCard: 'plum', targetCard: 'peacock', card: 'rope', weapon: 'leadPiping', room: 'diningRoom', a: 9, b: 8, sum: 7, count: 2, damage: 12, sp: 18, plus: 30, points: 60, score: 42, hearts: 20, diamonds: 5, value: 13, delta: '+5', dice: '3 + 4', rolls: 'Ania 6, Bartek 2', min: 2, max: 6, rule: 'notHeld', old: 7, rank: 'Q', total: 25, cards: '10 Q', court: 'K' };

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const whole = (s: string) => !/\$t\(|\{\{|kkd:|cluedo:|undefined/.test(s) && s.trim() !== '';

describe('Killer Kloo Doo’s texts', () => {
  // The texts the rules write (the screens' own words are read by the end-to-end test).
  const keys = [...new Set(flatKeys(enKkd).map((k) => k.replace(/_(one|other|npc)$/, '')))].filter((k) => /^(log|refused|rules|roll|end|board|setup\.errors|corrections)\./.test(k));

  it.each(['en', 'pl'] as const)('every text of the rules reads whole in %s, the non-player form too', (lang) => {
    const broken: string[] = [];
    for (const key of keys) {
      for (const context of [undefined, 'npc']) {
        const out = t[lang](`kkd:${key}`, { ...PARAMS, ...(context && { context }) });
        if (!whole(out)) broken.push(`${key}${context ? '_npc' : ''}: ${out}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names a non-player character by its card, in the edition’s name', () => {
    expect(t.en('kkd:log.dies', { target: '', targetCard: 'knife', context: 'npc' })).toBe('Knife is dead.');
    expect(t.pl('kkd:log.hurt', { target: '', targetCard: 'plum', context: 'npc', damage: 4, sp: 3 })).toBe('Profesor Plum traci 4. Punkty przetrwania: 3.');
  });

  it('reads the log and rolls of whole games', () => {
    const lines: Text[] = [];
    const g = game(4, 5, 'roll');
    const m = (move: KkdMove) => g.move(move);
    // Each roll is read while it is on the table: the next move clears it.
    lines.push(boardIn(g).roll!.title, ...boardIn(g).roll!.lines.map((l) => l.label), boardIn(g).roll!.result!);
    m({ kind: 'enter', by: 'white', room: 'hall' });
    m({ kind: 'contest', contest: 'persuasion', by: 'white', target: 'plum', cards: { by: '4', target: '4' } });
    m({ kind: 'contest', contest: 'aggression', by: 'white', target: 'green', cards: { by: '4', target: '4' }, result: 'by', overrule: true });
    m({ kind: 'ace', by: 'white', target: 'green' });
    m(END);
    toScoring(g, 'scarlett', true, [[['A'], []], [['2'], ['3']], [[], []], [['K'], []]]);
    toPart2(g, { white: [1, 1] }, { objectives: 'app', first: undefined, rolls: undefined });
    while (boardIn(g).objectives!.seeing) m({ kind: 'seen', by: boardIn(g).objectives!.seeing!.who });
    lines.push(boardIn(g).roll!.title, ...boardIn(g).roll!.lines.map((l) => l.label), boardIn(g).roll!.result!);
    m({ kind: 'take', by: 'scarlett', weapon: 'dagger' });
    m({ kind: 'take', by: 'mustard', weapon: 'rope' });
    m({ kind: 'attack', by: 'scarlett', target: 'mustard', counter: true });
    lines.push(...boardIn(g).roll!.lines.map((l) => l.label), boardIn(g).roll!.result!);
    m({ kind: 'attack', by: 'scarlett', target: 'plum' });
    lines.push(boardIn(g).roll!.result!);
    m({ kind: 'assault', by: 'green', target: 'peacock', clubs: { by: ['2'], target: ['9'] } });
    m({ kind: 'servant', service: 'lure', by: 'green', target: 'peacock', court: 'Q', diamonds: ['5'], spade: null, room: 'lounge' });
    m({ kind: 'adjust', target: 'peacock', delta: -50 });
    m({ kind: 'roll', count: 2 });
    lines.push(boardIn(g).roll!.title, ...boardIn(g).roll!.lines.map((l) => l.label));
    lines.push(...g.view.log.map((l) => l.text));
    expect(lines.length).toBeGreaterThan(40);
    for (const lang of ['en', 'pl'] as const) {
      const broken = lines.map((x) => t[lang](x.key, x.params)).filter((s) => !whole(s));
      expect(broken).toEqual([]);
    }
    // The overruled rule is read inside its log line, with its own parameters.
    const overruled = g.view.log.find((l) => l.text.key === 'kkd:log.overruled')!.text;
    expect(t.en(overruled.key, overruled.params)).toBe('The players overrule Lantern: The cards tie: Darek holds.');
  });
});
