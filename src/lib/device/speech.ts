/**
 * The browser's speech synthesis (Web Speech API), and nothing else touches it. Lantern uses
 * it to read a step's lines aloud in the game's language.
 *
 * The API is looked up on every call rather than at import, so tests can put a fake
 * `speechSynthesis` and `SpeechSynthesisUtterance` on `globalThis` first, and a browser
 * without them simply reports `null`.
 */

export interface Voice {
  /** The voice's URI: stable across launches on one phone, so it is what a setting stores. */
  id: string;
  name: string;
  /** BCP 47 tag as the browser reports it, e.g. `pl-PL`. */
  lang: string;
  /** The browser's default voice for its language. */
  isDefault: boolean;
  /** Works without a network (on-device voice). */
  local: boolean;
}

export interface SpeakOptions {
  /** The language of the lines: `en`, `pl`, … */
  lang: string;
  /** The voice to use; it must speak `lang`. */
  voice: Voice;
  /** 1 is the voice's normal pace. */
  rate: number;
}

/** How one `speak` call ended. */
export type SpeechEnd = 'done' | 'stopped' | 'failed';

export interface SpeechEngine {
  voices(): Voice[];
  /** Calls `listener` whenever the browser's voice list changes; returns the unsubscribe. */
  onVoicesChanged(listener: () => void): () => void;
  /** Reads `lines` one after another (each its own utterance, so each ends with a pause). */
  speak(lines: string[], options: SpeakOptions): Promise<SpeechEnd>;
  /** Stops whatever is being read and drops the queue. */
  cancel(): void;
  /**
   * Speak a silent, empty line when nothing is being read: called inside the first user gesture,
   * it lets a browser that speaks only after one (Safari, WebKit) speak later without one.
   */
  prime(): void;
  /** Whether anything of the last `speak` was heard to start (or end): false while a browser drops it silently. */
  started(): boolean;
}

/** The browser's speech engine, or null where there is none. */
export function browserSpeech(): SpeechEngine | null {
  const g = globalThis as {
    speechSynthesis?: SpeechSynthesis;
    SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
  };
  const synth = g.speechSynthesis;
  const Utterance = g.SpeechSynthesisUtterance;
  if (!synth || typeof Utterance !== 'function') return null;
  return new BrowserSpeech(synth, Utterance);
}

/** The primary language subtag, lower case: `pl-PL` and `pl_pl` are both `pl`. */
export function baseLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** A language tag in one form: lower case, `-` between subtags (`en_GB` and `en-gb` are `en-gb`). */
function normalTag(tag: string): string {
  return tag.toLowerCase().replaceAll('_', '-');
}

/** The phone's own languages, most preferred first (`navigator.languages`). */
function phoneLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

/**
 * The voice for `lang`: the one the Keeper chose if this phone still has it; else one in the
 * phone's own variety of the language (a phone set to British English reads English with a
 * British voice, even when the browser lists an American one first, marks none as default, or
 * marks another variety's as default), following the order of the phone's languages; else the
 * browser's default for the language, else an on-device one (it works offline), else any. Within
 * one variety, too, the default comes first, then an on-device voice.
 */
export function pickVoice(voices: Voice[], lang: string, preferred?: string | null, phone: readonly string[] = phoneLanguages()): Voice | null {
  const fitting = voices.filter((v) => baseLanguage(v.lang) === baseLanguage(lang));
  if (fitting.length === 0) return null;
  const chosen = preferred ? fitting.find((v) => v.id === preferred) : undefined;
  if (chosen) return chosen;
  const best = (among: Voice[]): Voice | undefined => among.find((v) => v.isDefault) ?? among.find((v) => v.local) ?? among[0];
  for (const tag of phone) {
    // Only a tag with a region says which variety; a bare `en` leaves it to the browser.
    if (baseLanguage(tag) !== baseLanguage(lang) || !normalTag(tag).includes('-')) continue;
    const variety = best(fitting.filter((v) => normalTag(v.lang) === normalTag(tag)));
    if (variety) return variety;
  }
  return best(fitting) ?? null;
}

class BrowserSpeech implements SpeechEngine {
  readonly #synth: SpeechSynthesis;
  readonly #Utterance: typeof SpeechSynthesisUtterance;
  /** Utterances still queued. Holding them keeps some browsers from dropping their `end` event. */
  #queued = new Set<SpeechSynthesisUtterance>();
  #run = 0;
  #started = false;

  constructor(synth: SpeechSynthesis, Utterance: typeof SpeechSynthesisUtterance) {
    this.#synth = synth;
    this.#Utterance = Utterance;
  }

  voices(): Voice[] {
    let list: SpeechSynthesisVoice[] = [];
    try {
      list = this.#synth.getVoices() ?? [];
    } catch {
      // Some browsers throw while the list is still being built: no voices yet.
    }
    return list.map((v) => ({ id: v.voiceURI || v.name, name: v.name, lang: v.lang, isDefault: v.default, local: v.localService }));
  }

  onVoicesChanged(listener: () => void): () => void {
    const synth = this.#synth as SpeechSynthesis & Partial<EventTarget>;
    if (typeof synth.addEventListener !== 'function') return () => {};
    synth.addEventListener('voiceschanged', listener);
    return () => synth.removeEventListener?.('voiceschanged', listener);
  }

  speak(lines: string[], { lang, voice, rate }: SpeakOptions): Promise<SpeechEnd> {
    this.cancel();
    const run = ++this.#run;
    const native = this.#synth.getVoices().find((v) => (v.voiceURI || v.name) === voice.id) ?? null;
    const spoken = lines.map((l) => l.trim()).filter(Boolean);
    this.#started = false;
    if (spoken.length === 0) return Promise.resolve('done');
    return new Promise((resolve) => {
      let left = spoken.length;
      let settled = false;
      const finish = (end: SpeechEnd) => {
        if (settled) return;
        settled = true;
        resolve(run === this.#run ? end : 'stopped');
      };
      for (const line of spoken) {
        const u = new this.#Utterance(line);
        u.lang = voice.lang || lang;
        if (native) u.voice = native;
        u.rate = rate;
        u.onstart = () => {
          if (run === this.#run) this.#started = true;
        };
        u.onend = () => {
          if (run === this.#run) this.#started = true;
          this.#queued.delete(u);
          if (--left === 0) finish('done');
        };
        u.onerror = (event: SpeechSynthesisErrorEvent) => {
          this.#queued.delete(u);
          // Cancelling raises `interrupted`/`canceled`: that is a stop, not a failure.
          const error = (event as { error?: string }).error;
          finish(error === 'interrupted' || error === 'canceled' ? 'stopped' : 'failed');
        };
        this.#queued.add(u);
        this.#synth.speak(u);
      }
    });
  }

  prime(): void {
    try {
      if (this.#synth.speaking || this.#synth.pending) return;
      const u = new this.#Utterance('');
      u.volume = 0;
      this.#synth.speak(u);
    } catch {
      // Nothing to unlock.
    }
  }

  started(): boolean {
    return this.#started;
  }

  cancel(): void {
    this.#run++;
    this.#queued.clear();
    try {
      this.#synth.cancel();
    } catch {
      // Nothing was being read.
    }
  }
}
