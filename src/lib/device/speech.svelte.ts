/**
 * Reading aloud as Svelte state: which voices this phone has (the list can arrive late), what
 * is being read, and the one-time note when the phone has no voice for the game's language.
 * Screens call `readAloud.read(...)` and `readAloud.stop()`; only `speech.ts` meets the API.
 */
import { baseLanguage, browserSpeech, pickVoice, type SpeechEnd, type SpeechEngine, type Voice } from './speech';

/** How long to wait for a voice list the browser has not built yet. */
const VOICES_WAIT_MS = 1500;

export interface ReadOptions {
  /** Language of the lines (the game's). */
  lang: string;
  /** The Keeper's chosen voice for that language, if any. */
  voice?: string | null;
  rate?: number;
}

export class ReadAloud {
  #engine: SpeechEngine | null | undefined;
  readonly #find: () => SpeechEngine | null;
  #unsubscribe: (() => void) | null = null;
  /** Languages already told about, so the note comes once. */
  readonly #told = new Set<string>();
  #lastArrival = '';
  voices: Voice[] = $state.raw([]);
  speaking = $state(false);
  /** A language the phone has no voice for, to say so until dismissed; null otherwise. */
  missing: string | null = $state(null);

  constructor(find: () => SpeechEngine | null = browserSpeech) {
    this.#find = find;
  }

  /** Whether this browser can speak at all. */
  get supported(): boolean {
    return this.#get() !== null;
  }

  /** The voices for one language (for the Settings picker). */
  voicesFor(lang: string): Voice[] {
    return this.voices.filter((v) => baseLanguage(v.lang) === baseLanguage(lang));
  }

  /**
   * Read `lines` aloud, replacing anything being read. Resolves once they are read, stopped,
   * or found unreadable; with no voice for the language it stays silent and says so once.
   */
  async read(lines: string[], { lang, voice: chosen, rate = 1 }: ReadOptions): Promise<SpeechEnd> {
    const engine = this.#get();
    if (!engine) return 'failed';
    engine.cancel();
    const voices = await this.#voicesReady(engine);
    const voice = pickVoice(voices, lang, chosen);
    if (!voice) {
      if (!this.#told.has(lang)) {
        this.#told.add(lang);
        this.missing = lang;
      }
      this.speaking = false;
      return 'failed';
    }
    this.speaking = true;
    const end = await engine.speak(lines, { lang, voice, rate });
    if (end !== 'stopped') this.speaking = false;
    return end;
  }

  stop(): void {
    this.#engine?.cancel();
    this.speaking = false;
  }

  /** True the first time it is asked about `key` in a row (a step arriving on screen). */
  firstTime(key: string): boolean {
    if (key === this.#lastArrival) return false;
    this.#lastArrival = key;
    return true;
  }

  dismissMissing(): void {
    this.missing = null;
  }

  /** Start following the voice list (the Settings screen shows it). Safe to call often. */
  watch(): void {
    const engine = this.#get();
    if (!engine || this.#unsubscribe) return;
    this.voices = engine.voices();
    this.#unsubscribe = engine.onVoicesChanged(() => (this.voices = engine.voices()));
  }

  #get(): SpeechEngine | null {
    if (this.#engine === undefined) this.#engine = this.#find();
    return this.#engine;
  }

  /** Some browsers build the list only after the first ask; wait a little for it. */
  async #voicesReady(engine: SpeechEngine): Promise<Voice[]> {
    const now = engine.voices();
    if (now.length > 0) {
      this.voices = now;
      return now;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, VOICES_WAIT_MS);
      const off = engine.onVoicesChanged(done);
      function done() {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
    this.voices = engine.voices();
    return this.voices;
  }

  /** Forget the engine (tests install a new fake between cases). */
  reset(): void {
    this.#engine?.cancel();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#engine = undefined;
    this.#told.clear();
    this.#lastArrival = '';
    this.voices = [];
    this.speaking = false;
    this.missing = null;
  }
}

export const readAloud = new ReadAloud();
