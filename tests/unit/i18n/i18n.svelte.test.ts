import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { createI18next, detectLanguage, i18n, I18nState } from '$lib/i18n';
import { isolateParams } from '$lib/i18n/bidi';

const common = {
  en: { hello: 'Hello, {{name}}', only: 'English only' },
  pl: { hello: 'Cześć, {{name}}' }
};

function fixture(fail = false) {
  const calls: string[] = [];
  const file = (path: string, bundle: Record<string, unknown>) => async () => {
    calls.push(path);
    if (fail) throw new Error('offline');
    return bundle;
  };
  const loaders = {
    '/locales/en/game.json': file('en/game', { title: 'The game', role: '$t(game:roles.{{role}})', roles: { wizard: 'Wizard' } }),
    '/locales/pl/game.json': file('pl/game', { title: 'Gra', roles: { wizard: 'Czarodziej' } })
  };
  return { calls, loaders };
}

/** Every value `read` returns, each time Svelte re-runs it. */
function track(read: () => string): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      seen.push(read());
    });
  });
  flushSync();
  return { seen, stop };
}

describe('the i18next configuration', () => {
  const pluralFixture = {
    en: { common: { n_one: '{{count}} thing', n_other: '{{count}} things' } },
    pl: { common: { n_one: '{{count}} rzecz', n_few: '{{count}} rzeczy(few)', n_many: '{{count}} rzeczy(many)', n_other: '{{count}} rzeczy(other)' } }
  };

  it('picks the Polish plural forms by the CLDR rules', () => {
    const t = createI18next('pl', pluralFixture).t;
    expect([1, 2, 4, 5, 12, 21, 22, 25, 112].map((count) => t('common:n', { count }))).toEqual([
      '1 rzecz',
      '2 rzeczy(few)',
      '4 rzeczy(few)',
      '5 rzeczy(many)',
      '12 rzeczy(many)',
      '21 rzeczy(many)',
      '22 rzeczy(few)',
      '25 rzeczy(many)',
      '112 rzeczy(many)'
    ]);
  });

  it('leaves escaping to Svelte', () => {
    const t = createI18next('en', { en: { common: { name: 'Player {{name}}' } } }).t;
    expect(t('common:name', { name: '<Ann & Bo>' })).toBe('Player <Ann & Bo>');
  });

  it('resolves a nested key built from a parameter, as game texts do with role ids', () => {
    const inst = createI18next('en', { en: { common: {}, game: { line: '$t(game:roles.{{role}}) wakes up', roles: { wizard: 'The Wizard' } } } });
    expect(inst.t('game:line', { role: 'wizard' })).toBe('The Wizard wakes up');
  });

  it('falls back to English for a text missing in Polish, and to the key when missing everywhere', () => {
    const t = createI18next('pl', { en: { common: { a: 'A' } }, pl: { common: {} } }).t;
    expect(t('common:a')).toBe('A');
    expect(t('common:missing')).toBe('missing');
  });
});

describe('detectLanguage', () => {
  it('speaks Polish to a Polish phone and English to everyone else', () => {
    expect(detectLanguage('pl-PL')).toBe('pl');
    expect(detectLanguage('PL')).toBe('pl');
    expect(detectLanguage('en-GB')).toBe('en');
    expect(detectLanguage('de-DE')).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
  });
});

describe('I18nState', () => {
  it('re-runs a translation when the language changes, and marks the document', async () => {
    const state = new I18nState('en', common, {});
    const { seen, stop } = track(() => state.t('common:hello', { name: 'Ann' }));
    await state.setLanguage('pl');
    flushSync();
    expect(seen).toEqual(['Hello, Ann', 'Cześć, Ann']);
    expect(state.language).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    stop();
  });

  it('translates a Text with its parameters', () => {
    const state = new I18nState('pl', common, {});
    expect(state.tx({ key: 'common:hello', params: { name: 'Ola' } })).toBe('Cześć, Ola');
    expect(state.tx({ key: 'common:only' })).toBe('English only');
  });

  it('loads a game namespace only when asked, then re-runs what shows it', async () => {
    const { calls, loaders } = fixture();
    const state = new I18nState('pl', common, loaders);
    const { seen, stop } = track(() => state.t('game:title'));
    expect(calls).toEqual([]);
    await state.loadNamespace('game');
    flushSync();
    // Polish, and English as the fallback for texts Polish lacks.
    expect(calls.sort()).toEqual(['en/game', 'pl/game']);
    expect(seen.at(-1)).toBe('Gra');
    expect(state.t('game:role', { role: 'wizard' })).toBe('Czarodziej');
    await state.loadNamespace('game');
    expect(calls).toHaveLength(2);
    stop();
  });

  it('loads the namespaces in use before switching language', async () => {
    const { calls, loaders } = fixture();
    const state = new I18nState('en', common, loaders);
    await state.loadNamespace('game');
    expect(calls).toEqual(['en/game']);
    await state.setLanguage('pl');
    expect(calls).toEqual(['en/game', 'pl/game']);
    expect(state.t('game:title')).toBe('Gra');
  });

  it('lets a namespace that failed to load be tried again', async () => {
    const failing = fixture(true);
    const state = new I18nState('en', common, failing.loaders);
    await expect(state.loadNamespace('game')).rejects.toThrow('offline');
    await expect(state.loadNamespace('game')).rejects.toThrow('offline');
    expect(failing.calls).toEqual(['en/game', 'en/game']);
  });

  it('gives the same text for a repeated call, and another for other parameters', () => {
    const state = new I18nState('en', common, {});
    expect(state.t('common:hello', { name: 'Ann' })).toBe('Hello, Ann');
    expect(state.t('common:hello', { name: 'Ann' })).toBe('Hello, Ann');
    expect(state.t('common:hello', { name: 'Bo' })).toBe('Hello, Bo');
    // A number and the string of it are different parameters; neither is mistaken for the other.
    expect(state.t('common:hello', { name: 1 })).toBe('Hello, 1');
    expect(state.t('common:hello', { name: '1' })).toBe('Hello, 1');
    expect(state.t('common:hello')).toBe('Hello, {{name}}');
    // An object parameter (not kept) is translated every time, with its own value.
    expect(state.t('common:hello', { name: { toString: () => 'Cy' } })).toBe('Hello, Cy');
  });

  it('never answers with a text from before a language change or a namespace arriving', async () => {
    const { loaders } = fixture();
    const state = new I18nState('en', common, loaders);
    expect(state.t('common:hello', { name: 'Ann' })).toBe('Hello, Ann');
    expect(state.t('game:title')).toBe('title');
    await state.loadNamespace('game');
    expect(state.t('game:title')).toBe('The game');
    await state.setLanguage('pl');
    expect(state.t('common:hello', { name: 'Ann' })).toBe('Cześć, Ann');
    expect(state.t('game:title')).toBe('Gra');
    state.provide('pl', 'extra', { line: 'Nowy tekst' });
    expect(state.t('extra:line')).toBe('Nowy tekst');
  });

  it('resolves a text that nests another, with no parameters', () => {
    const state = new I18nState('pl', common, {});
    state.provide('en', 'game', { see: 'See: $t(common:only)', plain: 'Plain' });
    expect(state.t('game:see')).toBe('See: English only');
    expect(state.t('game:plain')).toBe('Plain');
    expect(state.t('game:missing')).toBe('missing');
  });

  it('answers every text of every namespace, in both languages, as i18next does', async () => {
    const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });
    const byLanguage: Record<string, Record<string, Record<string, unknown>>> = { en: {}, pl: {} };
    for (const [path, bundle] of Object.entries(files)) {
      const [, , language, file] = path.split('/');
      byLanguage[language][file.replace(/\.json$/, '')] = bundle;
    }
    const keys = (value: unknown, prefix: string): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
    for (const language of ['en', 'pl'] as const) {
      const state = new I18nState(language, { en: byLanguage.en.common, pl: byLanguage.pl.common }, {});
      const reference = createI18next(language, Object.fromEntries(Object.entries(byLanguage).map(([l, b]) => [l, b])));
      for (const [ns, bundle] of Object.entries(byLanguage.en)) {
        if (ns === 'common') continue;
        state.provide('en', ns, bundle);
        if (byLanguage.pl[ns]) state.provide('pl', ns, byLanguage.pl[ns]);
      }
      let compared = 0;
      for (const [ns, bundle] of Object.entries(byLanguage.en)) {
        for (const key of keys(bundle, '')) {
          expect(state.t(`${ns}:${key}`), `${language} ${ns}:${key}`).toBe(String(reference.t(`${ns}:${key}`)));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(1000);
    }
  });

  it('does not fetch anything for common, which is bundled', async () => {
    const loader = vi.fn();
    const state = new I18nState('en', common, { '/locales/en/common.json': loader });
    await state.loadNamespace('common');
    expect(loader).not.toHaveBeenCalled();
  });
});

describe('the app’s i18n', () => {
  it('starts in a language Lantern speaks and can switch', async () => {
    expect(['en', 'pl']).toContain(i18n.language);
    await i18n.setLanguage('pl');
    expect(i18n.language).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    await i18n.setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('texts with parameters, filled in without i18next', () => {
  // Every text of both languages, as the app has them.
  const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, bundle] of Object.entries(files)) {
    const [, language, ns] = path.match(/\/locales\/(\w+)\/(\w+)\.json$/) ?? [];
    (resources[language] ??= {})[ns] = bundle;
  }
  /** Every key whose text is a string, with its placeholders. */
  function leaves(bundle: unknown, prefix: string, out: Array<[string, string]>): Array<[string, string]> {
    if (typeof bundle === 'string') out.push([prefix, bundle]);
    else if (bundle && typeof bundle === 'object') for (const [k, v] of Object.entries(bundle)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  }

  for (const language of ['en', 'pl'] as const) {
    it(`gives what i18next gives, for every ${language === 'en' ? 'English' : 'Polish'} text with a parameter`, () => {
      const state = new I18nState(language, { en: resources.en.common, pl: resources.pl.common }, {});
      for (const [ns, bundle] of Object.entries(resources.en)) if (ns !== 'common') state.provide('en', ns, bundle);
      for (const [ns, bundle] of Object.entries(resources[language])) if (ns !== 'common') state.provide(language, ns, bundle);
      const reference = createI18next(language, resources);
      let compared = 0;
      for (const ns of Object.keys(resources[language])) {
        for (const [key, text] of leaves(resources[language][ns], '', [])) {
          const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
          if (names.length === 0) continue;
          // A name in a right-to-left script (isolated), a Latin one, a number.
          const params = Object.fromEntries(names.map((name, i) => [name, i % 3 === 0 ? 'Ala' : i % 3 === 1 ? 7 : 'אבי']));
          expect(state.t(`${ns}:${key}`, params), `${language} ${ns}:${key}`).toBe(reference.t(`${ns}:${key}`, isolateParams(params) as never));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }

  it('leaves a plural, a nested text, a missing value and braces in a value to i18next, with its results', async () => {
    const { loaders } = fixture();
    const texts = { n_one: '{{count}} thing', n_other: '{{count}} things', hello: 'Hello, {{name}}' };
    const state = new I18nState('en', { en: texts }, loaders);
    await state.loadNamespace('game');
    const reference = createI18next('en', { en: { common: texts, game: { title: 'The game', role: '$t(game:roles.{{role}})', roles: { wizard: 'Wizard' } } } });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['common:n', { count: 1 }],
      ['common:n', { count: 2 }],
      ['common:hello', {}],
      ['common:hello', { name: '{{count}}', count: 3 }],
      ['common:hello', { name: '{{name}}' }],
      ['game:role', { role: 'wizard' }],
      ['common:hello', { name: 'Ann', lng: 'en' }]
    ];
    for (const [key, params] of calls) expect(state.t(key, params), `${key} ${JSON.stringify(params)}`).toBe(reference.t(key, params as never));
    expect(state.t('game:role', { role: 'wizard' })).toBe('Wizard');
  });
});
