import { describe, expect, it } from 'vitest';
import { I18nState } from '$lib/i18n';

// `common` in English is bundled; the Polish one is fetched when the phone speaks Polish.
const en = { hello: 'Hello' };
function loaders() {
  const calls: string[] = [];
  return {
    calls,
    files: {
      '/locales/pl/common.json': async () => {
        calls.push('pl/common');
        return { hello: 'Cześć' };
      }
    }
  };
}

describe('the shared texts of a language that is not bundled', () => {
  it('are fetched before anything is shown when the phone starts in that language', async () => {
    const { calls, files } = loaders();
    const i18n = new I18nState('pl', { en }, files);
    await i18n.ready;
    expect(calls).toEqual(['pl/common']);
    expect(i18n.t('common:hello')).toBe('Cześć');
  });

  it('are not fetched at all on a phone that stays in English', async () => {
    const { calls, files } = loaders();
    const i18n = new I18nState('en', { en }, files);
    await i18n.ready;
    expect(i18n.t('common:hello')).toBe('Hello');
    expect(calls).toEqual([]);
  });

  it('are fetched on switching language, before the switch shows', async () => {
    const { calls, files } = loaders();
    const i18n = new I18nState('en', { en }, files);
    await i18n.setLanguage('pl');
    expect(calls).toEqual(['pl/common']);
    expect(i18n.language).toBe('pl');
    expect(i18n.t('common:hello')).toBe('Cześć');
  });

  it('fall back to English when they cannot be fetched, and the app still starts', async () => {
    const i18n = new I18nState('pl', { en }, { '/locales/pl/common.json': async () => Promise.reject(new Error('offline')) });
    await expect(i18n.ready).resolves.toBeUndefined();
    expect(i18n.t('common:hello')).toBe('Hello');
  });
});
