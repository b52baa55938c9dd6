/** The Keeper's preferences, kept in storage: for now the language Lantern speaks. */
import { detectLanguage, i18n, isLanguage, type Language } from '../i18n';
import { ready } from './storage.svelte';

const LANGUAGE_KEY = 'language';

export class Settings {
  #language: Language = $state(i18n.language);
  #loading: Promise<void> | null = null;

  get language(): Language {
    return this.#language;
  }

  /** Apply the stored choice, or the phone's language when there is none. Safe to call often. */
  load(): Promise<void> {
    this.#loading ??= (async () => {
      let stored: unknown = null;
      try {
        stored = await (await ready()).getSetting<unknown>(LANGUAGE_KEY, null);
      } catch {
        // Unreadable settings are no reason to stop: the phone's language will do.
      }
      await this.#apply(isLanguage(stored) ? stored : detectLanguage());
    })();
    return this.#loading;
  }

  /** Switch language now and remember it. Rejects with a StorageError if it could not be saved. */
  async setLanguage(language: Language): Promise<void> {
    // A load still under way must not switch back to the old choice afterwards.
    await this.load();
    await this.#apply(language);
    await (await ready()).setSetting(LANGUAGE_KEY, language);
  }

  async #apply(language: Language): Promise<void> {
    await i18n.setLanguage(language);
    this.#language = language;
  }
}

export const settings = new Settings();
