/**
 * The Keeper's preferences, kept in storage (one `settings` row each):
 *
 * | key                  | value                          | default            |
 * | -------------------- | ------------------------------ | ------------------ |
 * | `language`           | `en` / `pl`                    | the phone's        |
 * | `readAloud.auto`     | read each new step aloud       | false              |
 * | `readAloud.rate`     | speaking pace, one of RATES    | 1                  |
 * | `readAloud.voice.en` | chosen voice's id per language | none (best found)  |
 * | `readAloud.noVoiceSeen.en` | the "no voice" note dismissed | false          |
 * | `display.nightMode`  | `auto` / `on` / `off`          | `auto`             |
 * | `display.textSize`   | `normal` / `large` / `xlarge`  | `normal`           |
 *
 * The language is also kept in localStorage, read synchronously at start so that the first
 * screen is drawn in it (`rememberedLanguage`); the row stays the record (backups carry it), and
 * loading copies it there when the two differ.
 *
 * A stored value that does not fit is ignored. Display choices are applied to the page at once
 * (through `display`), so the whole app follows them.
 */
import { display, isNightMode, isTextSize, type NightMode, type TextSize } from '../device/display.svelte';
import { detectLanguage, i18n, isLanguage, LANGUAGES, rememberedLanguage, rememberLanguage, type Language } from '../i18n';
import { readSettings, ready } from './storage.svelte';

const LANGUAGE_KEY = 'language';
const AUTO_KEY = 'readAloud.auto';
const RATE_KEY = 'readAloud.rate';
const voiceKey = (language: Language) => `readAloud.voice.${language}`;
const noVoiceKey = (language: Language) => `readAloud.noVoiceSeen.${language}`;
const NIGHT_KEY = 'display.nightMode';
const TEXT_KEY = 'display.textSize';

/** Speaking paces offered: slower, normal, faster. */
export const RATES = [0.8, 1, 1.25] as const;
export type Rate = (typeof RATES)[number];
const isRate = (v: unknown): v is Rate => (RATES as readonly unknown[]).includes(v);

export class Settings {
  #language: Language = $state(i18n.language);
  #autoRead = $state(false);
  #rate: Rate = $state(1);
  #voices: Partial<Record<Language, string>> = $state({});
  #noVoiceSeen: Partial<Record<Language, true>> = $state({});
  #loading: Promise<void> | null = null;

  get language(): Language {
    return this.#language;
  }
  /** Read each new step aloud as it appears. */
  get autoRead(): boolean {
    return this.#autoRead;
  }
  get rate(): Rate {
    return this.#rate;
  }
  /** The voice chosen for `language`, or null for the best this phone has. */
  voice(language: Language): string | null {
    return this.#voices[language] ?? null;
  }
  /** The Keeper has dismissed the note that this phone has no voice for `language`. */
  noVoiceSeen(language: string): boolean {
    return (this.#noVoiceSeen as Record<string, true | undefined>)[language] === true;
  }
  get nightMode(): NightMode {
    return display.nightMode;
  }
  get textSize(): TextSize {
    return display.textSize;
  }

  /** Apply the stored choices, or the phone's language when there is none. Safe to call often. */
  load(): Promise<void> {
    this.#loading ??= (async () => {
      let stored: Record<string, unknown> = {};
      try {
        // A small read when nothing has opened the storage yet, so the home screen needs no Dexie.
        stored = await readSettings([LANGUAGE_KEY, AUTO_KEY, RATE_KEY, NIGHT_KEY, TEXT_KEY, ...LANGUAGES.map(voiceKey), ...LANGUAGES.map(noVoiceKey)]);
      } catch {
        // Unreadable settings are no reason to stop: the defaults and the phone's language will do.
      }
      if (typeof stored[AUTO_KEY] === 'boolean') this.#autoRead = stored[AUTO_KEY];
      if (isRate(stored[RATE_KEY])) this.#rate = stored[RATE_KEY];
      for (const l of LANGUAGES) {
        const v = stored[voiceKey(l)];
        if (typeof v === 'string' && v) this.#voices[l] = v;
        if (stored[noVoiceKey(l)] === true) this.#noVoiceSeen[l] = true;
      }
      // Applied even when nothing is stored, so the page (and the browser's bar colour) follow.
      display.setNightMode(isNightMode(stored[NIGHT_KEY]) ? stored[NIGHT_KEY] : display.nightMode);
      display.setTextSize(isTextSize(stored[TEXT_KEY]) ? stored[TEXT_KEY] : display.textSize);
      const language = stored[LANGUAGE_KEY];
      if (isLanguage(language)) {
        if (rememberedLanguage() !== language) rememberLanguage(language);
        await this.#apply(language);
      } else {
        await this.#apply(rememberedLanguage() ?? detectLanguage());
      }
    })();
    return this.#loading;
  }

  /** Switch language now and remember it. Rejects with a StorageError if it could not be saved. */
  async setLanguage(language: Language): Promise<void> {
    // A load still under way must not switch back to the old choice afterwards.
    await this.load();
    await this.#apply(language);
    rememberLanguage(language);
    await this.#save(LANGUAGE_KEY, language);
  }

  async setAutoRead(on: boolean): Promise<void> {
    await this.load();
    this.#autoRead = on;
    await this.#save(AUTO_KEY, on);
  }

  async setRate(rate: Rate): Promise<void> {
    await this.load();
    this.#rate = rate;
    await this.#save(RATE_KEY, rate);
  }

  /** Choose the voice for a language; null goes back to the best this phone has. */
  async setVoice(language: Language, voice: string | null): Promise<void> {
    await this.load();
    if (voice) this.#voices[language] = voice;
    else delete this.#voices[language];
    await this.#save(voiceKey(language), voice);
  }

  /** Never show the "no voice" note for `language` again on this phone. */
  async dismissNoVoice(language: Language): Promise<void> {
    await this.load();
    this.#noVoiceSeen[language] = true;
    await this.#save(noVoiceKey(language), true);
  }

  async setNightMode(mode: NightMode): Promise<void> {
    await this.load();
    display.setNightMode(mode);
    await this.#save(NIGHT_KEY, mode);
  }

  async setTextSize(size: TextSize): Promise<void> {
    await this.load();
    display.setTextSize(size);
    await this.#save(TEXT_KEY, size);
  }

  async #save(key: string, value: unknown): Promise<void> {
    await (await ready()).setSetting(key, value);
  }

  async #apply(language: Language): Promise<void> {
    await i18n.setLanguage(language);
    this.#language = language;
  }
}

export const settings = new Settings();
