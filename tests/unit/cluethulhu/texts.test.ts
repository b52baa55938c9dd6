/**
 * Every text the game shows, as it is played: each key exists in English and in Polish (no
 * fallback to English in a Polish game) and every nested role or winner name resolves.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '../../../src/lib/engine/types';
import { createI18next } from '../../../src/lib/i18n/config';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enGame from '../../../locales/en/cluethulhu.json';
import plGame from '../../../locales/pl/cluethulhu.json';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { game, SEVEN, until } from './fixture';

const resources = {
  en: { common: enCommon, cluethulhu: enGame },
  pl: { common: plCommon, cluethulhu: plGame }
};

function collect(g: ReturnType<typeof game>, into: Text[]) {
  const v = g.view;
  const s = v.step;
  if (s) {
    into.push(s.prompt, ...(s.announce ?? []), ...s.hints);
    if (s.after) into.push(s.after);
    if (s.role) into.push(s.role);
    const a = s.answer;
    if (a.kind === 'players') into.push(...Object.values(a.marks ?? {}), ...(a.none ? [a.none] : []));
    if (a.kind === 'yesno') into.push(...[a.yes, a.no].filter((t): t is Text => !!t));
  }
  for (const p of v.players) into.push(p.card.role, p.card.side, p.card.ability, ...p.marks.map((m) => m.text), ...(p.fate ? [p.fate] : []));
  into.push(...v.log.map((l) => l.text), ...v.facts);
  if (v.outcome) into.push(v.outcome.reason);
}

/** Play with the first allowed answers and a yes wherever asked, so every ability is used. */
function playAll(roles: RoleId[], opts = {}): Text[] {
  const texts: Text[] = [];
  const g = game(roles, opts);
  for (let i = 0; i < 400 && g.view.stage === 'play'; i++) {
    collect(g, texts);
    const a = g.step.answer;
    if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, Math.max(1, a.min)).slice(0, a.max) });
    else if (a.kind === 'yesno') g.yes();
    else if (a.kind === 'tally') g.answer({ kind: 'tally', counts: { [a.options[0]]: a.max } });
    else g.next();
  }
  collect(g, texts);
  return texts;
}

const ALL: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'wizard', 'mother', 'tchoTcho', 'traitor', 'yithian', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];

describe('Cluethulhu text as played', () => {
  const texts = [...playAll(ALL), ...playAll(SEVEN, { callAbsentRoles: true }), ...playAll(['investigator', 'investigator', 'yithian', 'evilChild', 'cultist', 'cultist', 'cultist'])];
  const unique = [...new Map(texts.map((t) => [JSON.stringify(t), t])).values()];

  for (const lng of ['en', 'pl'] as const) {
    it(`resolves every key in ${lng === 'en' ? 'English' : 'Polish'}, nested names included`, () => {
      // Only the language checked is loaded, so a key missing in it cannot be answered by the
      // English fallback; exists() is asked because a missing key comes back without its namespace.
      const i18n = createI18next(lng, { [lng]: resources[lng] });
      const missing: string[] = [];
      for (const t of unique) {
        const out = i18n.t(t.key, { ...t.params, lng });
        if (!i18n.exists(t.key, { ...t.params, lng }) || out.includes('$t(') || out.includes('{{') || /cluethulhu:|roles\.|winners\./.test(out))
          missing.push(`${t.key} → ${out}`);
      }
      expect(unique.length).toBeGreaterThan(80);
      expect(missing).toEqual([]);
    });
  }

  it('covers the whole Day and Night of a game with every role', () => {
    const keys = new Set(texts.map((t) => t.key));
    for (const k of ['steps.siblingsWake.prompt', 'steps.yithianSwap.prompt', 'steps.tchoTchoShow.prompt', 'steps.highPriest.prompt', 'steps.vote.prompt'])
      expect(keys).toContain(`cluethulhu:${k}`);
  });
});

it('names the investigator step by its side', () => {
  const g = until(game(SEVEN).pick('Ewa'), 'day.investigatorsVote');
  expect(g.step.role).toEqual({ key: 'cluethulhu:sides.investigators' });
});

it('names every winner the Keeper may declare, in both languages', async () => {
  const { cluethulhu } = await import('../../../src/lib/games/cluethulhu');
  for (const lng of ['en', 'pl'] as const) {
    const i18n = createI18next(lng, { [lng]: resources[lng] });
    for (const w of cluethulhu.winners) expect(i18n.exists(`common:games.cluethulhu.winners.${w}`, { lng })).toBe(true);
  }
  expect(cluethulhu.winners).toHaveLength(4);
});
