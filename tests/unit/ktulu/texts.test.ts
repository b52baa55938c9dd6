/**
 * Every text Ktulu shows, as it is played: each key exists in English and in Polish (no
 * fallback to English in a Polish game) and every nested role, faction, action or winner
 * name resolves. Games are played with every ability used where the Manitou is asked.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '../../../src/lib/engine/types';
import { createI18next } from '../../../src/lib/i18n/config';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enGame from '../../../locales/en/ktulu.json';
import plGame from '../../../locales/pl/ktulu.json';
import { ktulu } from '../../../src/lib/games/ktulu';
import { ROLE_IDS, type RoleId } from '../../../src/lib/games/ktulu/roles';
import type { KtuluSettings } from '../../../src/lib/games/ktulu/setup';
import { FOUR, game, until, type G } from './game';
import { SCRIPTS, start } from './scripts';

const resources = {
  en: { common: enCommon, ktulu: enGame },
  pl: { common: plCommon, ktulu: plGame }
};

export function collect(g: G, into: Text[]) {
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

/**
 * Votes for a tally that add up as the step asks: with an exact total, spread over the options
 * starting from a different one each time; otherwise a few votes here and there.
 */
function tally(options: string[], max: number, total: { rule: 'exactly' | 'atMost'; n: number } | undefined, i: number): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(options.map((id) => [id, 0]));
  if (total?.rule === 'exactly') {
    let left = total.n;
    for (let k = 0; left > 0 && k < options.length * (max + 1); k++) {
      const id = options[(i + k) % options.length];
      if (counts[id] < max) {
        counts[id]++;
        left--;
      }
    }
    return counts;
  }
  const cap = total ? total.n : Infinity;
  const first = options[i % options.length];
  counts[first] = Math.min(max, 2, cap);
  if (options[0] !== first) counts[options[0]] = Math.min(max, 1, cap - counts[first]);
  return counts;
}

/** Play with a yes wherever asked and the players the step allows, turning through the candidates so different people are picked. */
function playAll(roles: RoleId[], settings: Partial<KtuluSettings> = {}, seed = 7, moves = 600): Text[] {
  const texts: Text[] = [];
  const g = game(roles, settings, seed);
  for (let i = 0; i < moves && g.view.stage === 'play'; i++) {
    collect(g, texts);
    const a = g.step.answer;
    if (a.kind === 'players') {
      const n = Math.max(1, a.min);
      const start = a.candidates.length ? i % a.candidates.length : 0;
      const ids = [...a.candidates.slice(start), ...a.candidates.slice(0, start)].slice(0, Math.min(n, a.max));
      g.answer({ kind: 'players', ids });
    } else if (a.kind === 'yesno') g.answer({ kind: 'yesno', value: i % 3 !== 0 });
    else if (a.kind === 'tally') g.answer({ kind: 'tally', counts: tally(a.options, a.max, a.total, i) });
    else g.next();
  }
  collect(g, texts);
  return texts;
}

function doctorAndDuel(): Text[] {
  const texts: Text[] = [];
  const g = game(['sheriff', 'doctor', 'goodGunslinger', 'banditLeader', 'bandit', 'chief', 'indian', 'heWhoseName', 'banner']);
  const step = (f: () => unknown) => {
    collect(g, texts);
    f();
  };
  until(g, 'zeroNight.6');
  step(() => g.pick('Ewa'));
  until(g, 'day.discussion');
  step(() => g.pick('Celina'));
  step(() => g.pick('Gosia'));
  step(() => g.yes());
  step(() => g.next());
  step(() => g.tally({ Celina: 1 }));
  step(() => g.next());
  step(() => g.no());
  until(g, 'night.24');
  step(() => g.pick('Darek'));
  until(g, 'night.doctor');
  collect(g, texts);
  return texts;
}

/** Every role of the book, once, with two more plain cards. */
const EVERY: RoleId[] = [...ROLE_IDS.filter((r) => r !== 'drunkJudge'), 'townsman', 'bandit'];
const EVERY_JUDGE: RoleId[] = [...ROLE_IDS.filter((r) => r !== 'drunkard' && r !== 'judge'), 'indian'];

describe('Ktulu text as played', () => {
  const texts = [
    ...playAll(EVERY),
    ...playAll(EVERY, { callAbsentRoles: true, duelsPerDay: 3 }, 11),
    ...playAll(EVERY_JUDGE, {}, 3),
    ...playAll(EVERY_JUDGE, {}, 5),
    ...playAll(FOUR, { callAbsentRoles: true }),
    ...playAll(FOUR, {}, 19)
  ];
  // The whole games of scripts.ts, step by step.
  for (const script of SCRIPTS) {
    const g = start(script);
    for (const [, move] of script.moves) {
      collect(g, texts);
      move(g);
    }
    collect(g, texts);
  }
  // The Doctor by day and at night, and a gunslinger's duel.
  texts.push(...doctorAndDuel());
  const unique = [...new Map(texts.map((t) => [JSON.stringify(t), t])).values()];

  for (const lng of ['en', 'pl'] as const) {
    it(`resolves every key in ${lng === 'en' ? 'English' : 'Polish'}, nested names included`, () => {
      // Only this language is loaded: a key missing in Polish cannot fall back to English.
      const i18n = createI18next(lng, { [lng]: resources[lng] });
      const missing: string[] = [];
      for (const t of unique) {
        const out = i18n.t(t.key, { ...t.params, lng });
        if (!i18n.exists(t.key, { ...t.params, lng }) || out.includes('$t(') || out.includes('{{') || /ktulu:|common:|roles\.|factions\.|actions\.|winners\./.test(out))
          missing.push(`${t.key} → ${out}`);
      }
      expect(unique.length).toBeGreaterThan(300);
      expect(missing).toEqual([]);
    });
  }

  it('covers the night list, the day and the morning card', () => {
    const keys = new Set(texts.map((t) => t.key));
    for (const k of ['night.24.say', 'night.35.title', 'zeroNight.6.say', 'steps.morning', 'steps.searchVote_one', 'steps.duelVote', 'hints.detect.clockwise', 'announce.jailed', 'steps.nightmare'])
      expect([...keys].some((key) => key.startsWith(`ktulu:${k.replace(/_one$/, '')}`)), k).toBe(true);
  });
});

it('names every winner the Manitou may declare, in both languages', () => {
  for (const lng of ['en', 'pl'] as const) {
    const i18n = createI18next(lng, { [lng]: resources[lng] });
    for (const w of ktulu.winners) {
      const key = `common:games.ktulu.winners.${w}`;
      expect(i18n.exists(key, { lng }), key).toBe(true);
    }
  }
  expect(ktulu.winners).toEqual(['town', 'bandits', 'indians', 'aliens', 'luckyLuke', 'runaways', 'gods']);
});

it('has every line of the call sheet in both languages', () => {
  for (const roles of [EVERY, FOUR]) {
    for (const callAbsentRoles of [false, true]) {
      const setup = game(roles, { callAbsentRoles }).input.setup;
      const lines = ktulu.sheet!(setup).flatMap((s) => [s.title, ...s.lines.flatMap((l) => [l.say, ...(l.role ? [l.role] : []), ...(l.note ? [l.note] : [])])]);
      for (const lng of ['en', 'pl'] as const) {
        const i18n = createI18next(lng, { [lng]: resources[lng] });
        for (const t of lines) {
          const out = i18n.t(t.key, { ...t.params, lng });
          expect(!i18n.exists(t.key, { ...t.params, lng }) || out.includes('$t(') || out.includes('{{') || /ktulu:|night\.|roles\./.test(out), `${t.key} → ${out}`).toBe(false);
        }
      }
    }
  }
});
