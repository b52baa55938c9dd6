/**
 * Reading aloud as Svelte state: which voices this phone has (the list can arrive late), what
 * is being read, and the one-time note when the phone has no voice for the game's language.
 * Screens call `readAloud.read(...)` and `readAloud.stop()`; only `speech.ts` meets the API.
 */
import { baseLanguage, browserSpeech, pickVoice, type SpeechEnd, type SpeechEngine, type Voice } from './speech';

/**
 * How long a browser may take to build its voice list before Lantern takes an empty list as
 * the answer. Chromium on a freshly started phone or computer has taken 2.5 s; a list that
 * arrives later still is used the moment it does.
 */
export const VOICES_WAIT_MS = 10_000;
/** How often to look at the list while waiting, for browsers that never announce it. */
const VOICES_POLL_MS = 1_000;

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
  #poll: ReturnType<typeof setInterval> | undefined;
  #giveUp: ReturnType<typeof setTimeout> | undefined;
  /** Called whenever the voice list changes or becomes known: reads waiting for it look again. */
  readonly #waiting = new Set<() => void>();
  /** Bumped by every `read` and `stop`: a read waiting for voices gives way to a newer one. */
  #run = 0;
  /** The lines last asked for while the phone had no voice for them: read if one arrives. */
  #late: { run: number; lines: string[]; options: ReadOptions } | null = null;
  /**
   * The lines last asked for before the first user gesture on the page. A browser that speaks
   * only after one (Safari, WebKit) drops them without a word: the first tap unlocks speech
   * and reads them then, if nothing else was asked for since and they were not heard.
   */
  #beforeGesture: { run: number; lines: string[]; options: ReadOptions } | null = null;
  #primed = false;
  #unlisten: (() => void) | null = null;
  /** Languages already told about, so the note comes once. */
  readonly #told = new Set<string>();
  #lastArrival = '';
  voices: Voice[] = $state.raw([]);
  /**
   * Whether the voice list is known: the browser has delivered one, or has had `VOICES_WAIT_MS`
   * to do it. Until then "no voice" is never said: the voices may still be loading.
   */
  listed = $state(false);
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
   * Read `lines` aloud, replacing anything being read. While the browser is still building its
   * voice list, waits for it (a newer `read` or a `stop` cancels the wait). Resolves once the
   * lines are read, stopped, or found unreadable. With no voice for the language once the list
   * is known, it stays silent and says so once; should a voice arrive after all, the lines are
   * read then, unless something else was asked for since.
   */
  async read(lines: string[], options: ReadOptions): Promise<SpeechEnd> {
    const engine = this.#get();
    if (!engine) return 'failed';
    engine.cancel();
    const run = ++this.#run;
    this.#late = null;
    // A read still waiting for voices gives way to this one.
    this.#wake();
    this.watch();
    // A browser may fill the list without announcing it.
    if (this.voices.length === 0) {
      const now = engine.voices();
      if (now.length > 0) this.#update(now);
    }
    const { lang, voice: chosen, rate = 1 } = options;
    for (;;) {
      const voice = pickVoice(this.voices, lang, chosen);
      if (voice) {
        this.speaking = true;
        this.#beforeGesture = this.#primed ? null : { run, lines, options };
        const end = await engine.speak(lines, { lang, voice, rate });
        if (end !== 'stopped' && run === this.#run) this.speaking = false;
        return end;
      }
      if (this.listed) {
        this.#late = { run, lines, options };
        if (!this.#told.has(lang)) {
          this.#told.add(lang);
          this.missing = lang;
        }
        this.speaking = false;
        return 'failed';
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiting.delete(wake);
          resolve();
        };
        this.#waiting.add(wake);
      });
      if (run !== this.#run) return 'stopped';
    }
  }

  stop(): void {
    this.#run++;
    this.#late = null;
    this.#engine?.cancel();
    this.speaking = false;
    this.#wake();
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

  /**
   * Start following the voice list: the browser announces it with `voiceschanged`; it is also
   * looked at every second, and after `VOICES_WAIT_MS` an empty list is taken as the answer.
   * Safe to call often.
   */
  watch(): void {
    const engine = this.#get();
    if (!engine || this.#unsubscribe) return;
    this.#primeOnFirstGesture(engine);
    this.#unsubscribe = engine.onVoicesChanged(() => this.#update(engine.voices()));
    this.#update(engine.voices());
    if (this.listed) return;
    this.#poll = setInterval(() => {
      const now = engine.voices();
      if (now.length > 0) this.#update(now);
    }, VOICES_POLL_MS);
    this.#giveUp = setTimeout(() => {
      this.listed = true;
      this.#stopWaiting();
      this.#wake();
    }, VOICES_WAIT_MS);
  }

  /**
   * On the page's first tap or key press, inside it: speak a silent line, so a browser that
   * speaks only after a user gesture (Safari, WebKit) speaks from then on, each new step too;
   * and read again what was asked for before it and not heard.
   */
  #primeOnFirstGesture(engine: SpeechEngine): void {
    if (this.#primed || this.#unlisten || typeof document === 'undefined') return;
    const events = ['pointerup', 'touchend', 'click', 'keydown'] as const;
    const onGesture = () => {
      this.#primed = true;
      this.#unlisten?.();
      this.#unlisten = null;
      const pending = this.#beforeGesture;
      this.#beforeGesture = null;
      if (pending && pending.run === this.#run && !engine.started()) void this.read(pending.lines, pending.options);
      else engine.prime();
    };
    for (const type of events) document.addEventListener(type, onGesture, { capture: true });
    this.#unlisten = () => {
      for (const type of events) document.removeEventListener(type, onGesture, { capture: true });
    };
  }

  #get(): SpeechEngine | null {
    if (this.#engine === undefined) this.#engine = this.#find();
    return this.#engine;
  }

  #update(list: Voice[]): void {
    this.voices = list;
    if (list.length > 0 && !this.listed) {
      this.listed = true;
      this.#stopWaiting();
    }
    this.#wake();
    // A voice has come for lines that had none: read them now, and the note is no longer true.
    const late = this.#late;
    if (late && late.run === this.#run && pickVoice(list, late.options.lang, late.options.voice)) {
      if (this.missing === late.options.lang) this.missing = null;
      void this.read(late.lines, late.options);
    }
  }

  #wake(): void {
    for (const wake of [...this.#waiting]) wake();
  }

  #stopWaiting(): void {
    clearInterval(this.#poll);
    clearTimeout(this.#giveUp);
    this.#poll = this.#giveUp = undefined;
  }

  /** Forget the engine (tests install a new fake between cases). */
  reset(): void {
    this.stop();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#unlisten?.();
    this.#unlisten = null;
    this.#primed = false;
    this.#beforeGesture = null;
    this.#stopWaiting();
    this.#engine = undefined;
    this.#told.clear();
    this.#lastArrival = '';
    this.voices = [];
    this.listed = false;
    this.speaking = false;
    this.missing = null;
  }
}

export const readAloud = new ReadAloud();
