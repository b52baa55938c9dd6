/**
 * Translations are complete or the build fails: every text in English exists in Polish and
 * the reverse, nothing is left empty, no interpolated value is dropped, and every Polish
 * plural has all four forms (1 gracz, 2 graczy, 5 graczy, …).
 */
import { describe, expect, it } from 'vitest';
import { createI18next } from '$lib/i18n';

// Every locale file, read the way the app's build reads them.
const files = import.meta.glob<unknown>('/locales/*/*.json', { eager: true, import: 'default' });
const namespaces = (lang: string) =>
  Object.keys(files)
    .filter((path) => path.startsWith(`/locales/${lang}/`))
    .map((path) => path.slice(`/locales/${lang}/`.length, -'.json'.length))
    .sort();
// A missing file reads as empty, so its keys are reported as missing one by one.
const load = (lang: string, ns: string): unknown => files[`/locales/${lang}/${ns}.json`] ?? {};

type Texts = Map<string, unknown>;

/** Dotted path → leaf value. */
function flatten(value: unknown, prefix = '', out: Texts = new Map()): Texts {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
/** `{{name}}`, `{{- name}}`, `{{count, number}}` → name */
const variables = (s: unknown) => new Set([...String(s).matchAll(/\{\{-?\s*([^}\s,]+)/g)].map((m) => m[1]));

/** Base key → its plural forms, for keys that have any. */
function pluralGroups(texts: Texts): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const key of texts.keys()) {
    const f = PLURAL.exec(key)?.[1];
    if (f) groups.set(base(key), (groups.get(base(key)) ?? new Set()).add(f));
  }
  return groups;
}

function missingKeys(en: Texts, pl: Texts) {
  const enKeys = new Set([...en.keys()].map(base));
  const plKeys = new Set([...pl.keys()].map(base));
  return {
    missingInPolish: [...enKeys].filter((k) => !plKeys.has(k)),
    missingInEnglish: [...plKeys].filter((k) => !enKeys.has(k))
  };
}

function emptyTexts(en: Texts, pl: Texts): string[] {
  const all = [...[...en].map(([k, v]) => [`en:${k}`, v]), ...[...pl].map(([k, v]) => [`pl:${k}`, v])];
  return all.filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => String(k));
}

function droppedVariables(en: Texts, pl: Texts): string[] {
  const problems: string[] = [];
  const groups = pluralGroups(en);
  for (const [key, text] of en) {
    if (groups.has(base(key)) || !pl.has(key)) continue; // plurals below; missing keys reported apart
    const have = variables(pl.get(key));
    for (const v of variables(text)) if (!have.has(v)) problems.push(`${key}: {{${v}}}`);
  }
  for (const [b, forms] of groups) {
    // Polish may say "jeden gracz" for one, so {{count}} is required only in the forms for many.
    const needed = new Set([...forms].flatMap((f) => [...variables(en.get(`${b}_${f}`))]));
    const count = needed.delete('count');
    for (const f of ['one', 'few', 'many', 'other']) {
      if (!pl.has(`${b}_${f}`)) continue;
      const have = variables(pl.get(`${b}_${f}`));
      for (const v of needed) if (!have.has(v)) problems.push(`${b}_${f}: {{${v}}}`);
      if (count && f !== 'one' && !have.has('count')) problems.push(`${b}_${f}: {{count}}`);
    }
  }
  return problems;
}

function pluralProblems(en: Texts, pl: Texts): string[] {
  const problems: string[] = [];
  const enGroups = pluralGroups(en);
  const plGroups = pluralGroups(pl);
  for (const [b, forms] of enGroups) for (const f of ['one', 'other']) if (!forms.has(f)) problems.push(`en:${b}_${f}`);
  for (const b of new Set([...enGroups.keys(), ...plGroups.keys()]))
    for (const f of ['one', 'few', 'many', 'other']) if (!plGroups.get(b)?.has(f)) problems.push(`pl:${b}_${f}`);
  return problems;
}

const en = namespaces('en');

describe('locale files', () => {
  it('exist for the same namespaces in English and Polish, common included', () => {
    expect(en).toContain('common');
    expect(namespaces('pl')).toEqual(en);
  });
});

describe.each(en)('namespace %s', (ns) => {
  const english = flatten(load('en', ns));
  const polish = flatten(load('pl', ns));

  it('has the same texts in both languages', () => {
    expect(missingKeys(english, polish)).toEqual({ missingInPolish: [], missingInEnglish: [] });
  });

  it('has no empty or non-text values', () => {
    expect(emptyTexts(english, polish)).toEqual([]);
  });

  it('keeps every interpolated value of the English text in Polish', () => {
    expect(droppedVariables(english, polish)).toEqual([]);
  });

  it('gives every plural its English _one/_other and Polish _one/_few/_many/_other forms', () => {
    expect(pluralProblems(english, polish)).toEqual([]);
  });
});

describe('the completeness checks', () => {
  // The checks above pass on good files; these prove they would catch bad ones.
  const english = flatten({
    a: { b: 'Hi {{name}}', c: 'Only English' },
    n_one: '{{count}} player of {{team}}',
    n_other: '{{count}} players of {{team}}',
    d: ''
  });
  const polish = flatten({
    a: { b: 'Cześć' },
    extra: 'Tylko po polsku',
    n_one: 'jeden gracz z {{team}}',
    n_few: '{{count}} graczy z {{team}}',
    n_other: 'graczy z {{team}}',
    d: 'x'
  });

  it('name the missing keys in each language', () => {
    expect(missingKeys(english, polish)).toEqual({ missingInPolish: ['a.c'], missingInEnglish: ['extra'] });
  });

  it('name empty texts', () => {
    expect(emptyTexts(english, polish)).toEqual(['en:d']);
  });

  it('name dropped variables, allowing a Polish singular without the count', () => {
    expect(droppedVariables(english, polish)).toEqual(['a.b: {{name}}', 'n_other: {{count}}']);
  });

  it('name missing plural forms', () => {
    expect(pluralProblems(english, polish)).toEqual(['pl:n_many']);
  });
});

describe('common:players.count', () => {
  const resources = () => ({ en: { common: load('en', 'common') as object }, pl: { common: load('pl', 'common') as object } });

  it('counts players in Polish', () => {
    const t = createI18next('pl', resources()).t;
    expect([1, 2, 5, 22].map((count) => t('common:players.count', { count }))).toEqual([
      '1 gracz',
      '2 graczy',
      '5 graczy',
      '22 graczy'
    ]);
  });

  it('counts players in English', () => {
    const t = createI18next('en', resources()).t;
    expect([1, 2].map((count) => t('common:players.count', { count }))).toEqual(['1 player', '2 players']);
  });
});
