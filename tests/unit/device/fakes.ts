/**
 * Stand-ins for the browser APIs Lantern uses at the table, installed on `globalThis` /
 * `navigator` / `document` the way a browser provides them: speech synthesis with its voices
 * and utterances, the Screen Wake Lock, page visibility, vibration and Web Audio. Each records
 * what the app asked of it, so a test can check what a Keeper would hear, see or feel.
 */
import { vi } from 'vitest';
import { readAloud } from '$lib/device/speech.svelte';
import { resetSound } from '$lib/device/signal';
import { stayAwake } from '$lib/device/wake-lock.svelte';

// ---------------------------------------------------------------- speech

export interface FakeVoice {
  voiceURI: string;
  name: string;
  lang: string;
  default: boolean;
  localService: boolean;
}

export const voice = (name: string, lang: string, extra: Partial<FakeVoice> = {}): FakeVoice => ({
  voiceURI: `urn:${name}`,
  name,
  lang,
  default: false,
  localService: true,
  ...extra
});

export class FakeUtterance {
  text: string;
  lang = '';
  voice: FakeVoice | null = null;
  rate = 1;
  volume = 1;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

export class FakeSynth extends EventTarget {
  #voices: FakeVoice[];
  /** Every utterance ever handed to speak(), in order. */
  spoken: FakeUtterance[] = [];
  #queue: FakeUtterance[] = [];
  cancels = 0;
  /** Silent empty lines spoken to unlock speech (not something the table hears). */
  primes = 0;
  /** Utterances dropped without a word because no user gesture had unlocked speech yet. */
  dropped: FakeUtterance[] = [];
  /** Like Safari: nothing is spoken until some speak() call comes inside a user gesture. */
  #locked: boolean;
  #inGesture = false;

  constructor(voices: FakeVoice[], { needsGesture = false }: { needsGesture?: boolean } = {}) {
    super();
    this.#voices = voices;
    this.#locked = needsGesture;
    if (needsGesture) {
      // A user event is a gesture while it is being dispatched (window's capture listeners run first).
      for (const type of ['pointerup', 'touchend', 'click', 'keydown']) {
        window.addEventListener(
          type,
          () => {
            this.#inGesture = true;
            queueMicrotask(() => (this.#inGesture = false));
          },
          { capture: true }
        );
      }
    }
  }

  get speaking(): boolean {
    return this.#queue.length > 0;
  }
  get pending(): boolean {
    return false;
  }

  getVoices(): FakeVoice[] {
    return this.#voices;
  }

  /** The browser's list arrives (or changes). */
  setVoices(voices: FakeVoice[]): void {
    this.#voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }

  speak(u: FakeUtterance): void {
    if (this.#locked && !this.#inGesture) {
      this.dropped.push(u);
      return;
    }
    this.#locked = false;
    if (u.text === '') {
      this.primes++;
      queueMicrotask(() => u.onend?.());
      return;
    }
    this.spoken.push(u);
    this.#queue.push(u);
    u.onstart?.();
  }

  cancel(): void {
    this.cancels++;
    const dropped = this.#queue;
    this.#queue = [];
    for (const u of dropped) u.onerror?.({ error: 'interrupted' });
  }

  /** Everything queued is read to the end. */
  finish(): void {
    const done = this.#queue;
    this.#queue = [];
    for (const u of done) u.onend?.();
  }

  get texts(): string[] {
    return this.spoken.map((u) => u.text);
  }
}

const g = globalThis as Record<string, unknown>;

/**
 * A browser that can speak, with `voices`. With `arriveAfter`, its list starts empty, as a
 * freshly started browser's does, and `voices` arrive (with `voiceschanged`) that many
 * milliseconds later, or never.
 */
export function installSpeech(
  voices: FakeVoice[],
  { arriveAfter, needsGesture }: { arriveAfter?: number | 'never'; needsGesture?: boolean } = {}
): FakeSynth {
  const synth = new FakeSynth(arriveAfter === undefined ? voices : [], { needsGesture });
  if (typeof arriveAfter === 'number') setTimeout(() => synth.setVoices(voices), arriveAfter);
  g.speechSynthesis = synth;
  g.SpeechSynthesisUtterance = FakeUtterance;
  readAloud.reset();
  return synth;
}

export function removeSpeech(): void {
  delete g.speechSynthesis;
  delete g.SpeechSynthesisUtterance;
  readAloud.reset();
}

// ---------------------------------------------------------------- wake lock and visibility

export class FakeSentinel extends EventTarget {
  released = false;
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

export class FakeWakeLock {
  sentinels: FakeSentinel[] = [];
  refuse = false;
  async request(type: string): Promise<FakeSentinel> {
    if (type !== 'screen') throw new TypeError(type);
    if (this.refuse) throw new DOMException('Wake lock refused', 'NotAllowedError');
    const s = new FakeSentinel();
    this.sentinels.push(s);
    return s;
  }
  get held(): FakeSentinel[] {
    return this.sentinels.filter((s) => !s.released);
  }
}

export function installWakeLock(): FakeWakeLock {
  const lock = new FakeWakeLock();
  Object.defineProperty(navigator, 'wakeLock', { value: lock, configurable: true });
  stayAwake.reset();
  return lock;
}

export function removeWakeLock(): void {
  Reflect.deleteProperty(navigator, 'wakeLock');
  stayAwake.reset();
}

/** The page is hidden (the browser drops any wake lock) or shown again. */
export function setVisibility(state: 'visible' | 'hidden', lock?: FakeWakeLock): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  if (state === 'hidden') for (const s of lock?.held ?? []) void s.release();
  document.dispatchEvent(new Event('visibilitychange'));
}

export function resetVisibility(): void {
  Reflect.deleteProperty(document, 'visibilityState');
}

// ---------------------------------------------------------------- vibration and sound

export function installVibrate() {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  return vibrate;
}

export function removeVibrate(): void {
  Reflect.deleteProperty(navigator, 'vibrate');
}

export interface FakeAudio {
  contexts: FakeAudioContext[];
  /** Frequencies of the notes started, across all contexts. */
  notes: number[];
}

class FakeParam {
  value = 0;
  setValueAtTime() {}
  exponentialRampToValueAtTime() {}
  linearRampToValueAtTime() {}
}

class FakeAudioContext {
  static audio: FakeAudio;
  state: 'suspended' | 'running' | 'interrupted' | 'closed' = 'suspended';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.audio.contexts.push(this);
  }
  async resume() {
    this.state = 'running';
  }
  createGain() {
    return { gain: new FakeParam(), connect() {} };
  }
  createOscillator() {
    const audio = FakeAudioContext.audio;
    const osc = {
      type: 'sine',
      frequency: new FakeParam(),
      connect() {},
      start() {
        audio.notes.push(osc.frequency.value);
      },
      stop() {}
    };
    return osc;
  }
}

export function installAudio(): FakeAudio {
  const audio: FakeAudio = { contexts: [], notes: [] };
  FakeAudioContext.audio = audio;
  g.AudioContext = FakeAudioContext;
  resetSound();
  return audio;
}

export function removeAudio(): void {
  delete g.AudioContext;
  resetSound();
}
