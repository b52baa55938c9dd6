/**
 * How Lantern configures i18next: the languages it speaks, the fallback to English, and the
 * options every instance shares (the app's one, and those tests build around fixture texts).
 */
import i18next, { type i18n as I18next, type Resource } from 'i18next';
import { isolate } from '../engine/names';
import { ownNameIn } from '../engine/own-names';

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The phone's language when Lantern speaks it, else English. */
export function detectLanguage(language: string | undefined = globalThis.navigator?.language): Language {
  return language?.toLowerCase().startsWith('pl') ? 'pl' : 'en';
}

/**
 * The language chosen in Settings, also kept in localStorage (beside its `settings` row in
 * IndexedDB) because localStorage reads synchronously: the app starts in it, and the root
 * layout fetches its texts before the first screen is drawn, so a phone in English with Polish
 * chosen never shows English first. Null when nothing was chosen or localStorage is closed.
 */
export const LANGUAGE_STORAGE_KEY = 'lantern.language';

export function rememberedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keep the chosen language for the next start (see `rememberedLanguage`); best effort. */
export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing with storage closed: the settings row still keeps it, read a moment later.
  }
}

/** A ready instance: `init` runs synchronously because every resource is passed in. */
export function createI18next(language: Language, resources: Resource): I18next {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    // Game namespaces are added later with addResourceBundle; there is no backend.
    partialBundledLanguages: true,
    initAsync: false,
    // Svelte escapes whatever it renders; escaping here too would show "&amp;" to the players.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A card's name the table typed itself (engine/own-names.ts) is no key of ours: it is shown as typed.
    parseMissingKeyHandler: (key: string) => {
      const own = ownNameIn(key);
      return own === null ? key : isolate(own);
    }
  });
  return instance;
}
