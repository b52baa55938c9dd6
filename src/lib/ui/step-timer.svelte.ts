/**
 * A step's countdown as Svelte state, kept so that a reload (or a trip to the Table screen)
 * finds it where it was: what is stored is the moment it ends while running, or the time left
 * while paused, never a tick count, so time spent away still counts.
 *
 * One timer per game, in the `settings` table under `timer:<game id>`, tagged with the step it
 * belongs to; a record for another step is ignored, and the script screen clears it when the
 * step changes. A storage failure only costs the reload-proofing: the timer keeps running.
 */
import { ready } from '$lib/stores/storage.svelte';

export interface StoredTimer {
  /** The step it was started on (the script's committed log length and step id). */
  step: string;
  /** Full length, ms. */
  duration: number;
  /** When it reaches zero (epoch ms) while running; null while stopped. */
  endsAt: number | null;
  /** Time left while stopped, ms. */
  left: number;
  /** The end has been signalled (chime and buzz), so a reload does not do it again. */
  ended: boolean;
}

export const timerKey = (gameId: string) => `timer:${gameId}`;

/** Timers this page has stored or found stored: the only ones there is anything to clear. */
const kept = new Set<string>();

/**
 * Forget a game's timer (the step changed). A step without a timer writes nothing: the script
 * calls this on every step, and a write there cost a second IndexedDB transaction per step.
 */
export async function clearStepTimer(gameId: string): Promise<void> {
  if (!kept.delete(timerKey(gameId))) return;
  try {
    await (await ready()).setSetting(timerKey(gameId), null);
  } catch {
    // A stale record is harmless: it names a step that is over.
  }
}

function isStoredTimer(v: unknown): v is StoredTimer {
  const t = v as StoredTimer | null;
  return (
    !!t &&
    typeof t.step === 'string' &&
    Number.isFinite(t.duration) &&
    t.duration > 0 &&
    (t.endsAt === null || Number.isFinite(t.endsAt)) &&
    Number.isFinite(t.left) &&
    typeof t.ended === 'boolean'
  );
}

export interface StepTimerOptions {
  seconds: number;
  /** Where to keep it (`timerKey(gameId)`); without one it lives only on screen. */
  key?: string;
  /** Which step it belongs to. */
  step?: string;
  /** Called once when it reaches zero. */
  onend?: () => void;
  clock?: () => number;
}

const MAX_MS = 60 * 60_000;

export class StepTimer {
  duration: number = $state(0);
  endsAt: number | null = $state(null);
  left: number = $state(0);
  ended: boolean = $state(false);
  now: number = $state(0);
  /** The stored state (if any) has been read. */
  loaded = $state(false);
  readonly #key?: string;
  readonly #step: string;
  readonly #onend?: () => void;
  readonly #clock: () => number;
  #touched = false;

  constructor({ seconds, key, step = '', onend, clock = Date.now }: StepTimerOptions) {
    this.duration = seconds * 1000;
    this.left = this.duration;
    this.#key = key;
    this.#step = step;
    this.#onend = onend;
    this.#clock = clock;
    this.now = clock();
    if (!key) this.loaded = true;
  }

  get running(): boolean {
    return this.endsAt !== null;
  }

  /** Milliseconds left. */
  get remaining(): number {
    return this.endsAt === null ? this.left : Math.max(0, this.endsAt - this.now);
  }

  /** Whole seconds left, rounded up (what the face shows). */
  get seconds(): number {
    return Math.ceil(this.remaining / 1000);
  }

  /** Untouched since the step began: nothing to reset. */
  get pristine(): boolean {
    return !this.running && !this.ended && this.left === this.duration;
  }

  /** How much −/+ changes it: a minute for long timers, 15 s for short ones. */
  get stepSize(): number {
    return this.duration >= 120_000 ? 60_000 : 15_000;
  }

  /** Read the stored state for this step, and signal an end that passed while away. */
  async load(): Promise<void> {
    if (!this.#key) return;
    try {
      const stored = await (await ready()).getSetting<unknown>(this.#key, null);
      if (stored !== null) kept.add(this.#key);
      if (!this.#touched && isStoredTimer(stored) && stored.step === this.#step) {
        this.duration = stored.duration;
        this.endsAt = stored.endsAt;
        this.left = stored.left;
        this.ended = stored.ended;
      }
    } catch {
      // Unreadable: start afresh.
    }
    this.loaded = true;
    this.tick();
  }

  /** Bring `now` up to date; ends the countdown when it reaches zero. */
  tick(): void {
    this.now = this.#clock();
    if (this.endsAt !== null && this.endsAt <= this.now) this.#finish();
  }

  start(): void {
    this.#touched = true;
    this.now = this.#clock();
    const left = this.remaining > 0 ? this.remaining : this.duration;
    this.endsAt = this.now + left;
    this.ended = false;
    this.#save();
  }

  pause(): void {
    if (this.endsAt === null) return;
    this.#touched = true;
    this.now = this.#clock();
    this.left = this.remaining;
    this.endsAt = null;
    this.#save();
  }

  reset(): void {
    this.#touched = true;
    this.endsAt = null;
    this.left = this.duration;
    this.ended = false;
    this.#save();
  }

  /** Add (or, with a negative amount, take away) time; untouched, it changes the length itself. */
  adjust(ms: number): void {
    this.#touched = true;
    this.now = this.#clock();
    if (this.pristine) {
      this.duration = Math.min(MAX_MS, Math.max(this.stepSize, this.duration + ms));
      this.left = this.duration;
    } else {
      const left = Math.min(MAX_MS, Math.max(0, this.remaining + ms));
      if (this.endsAt !== null) this.endsAt = this.now + left;
      else this.left = left;
      if (left > 0) this.ended = false;
    }
    this.#save();
  }

  #finish(): void {
    this.endsAt = null;
    this.left = 0;
    if (!this.ended) {
      this.ended = true;
      this.#onend?.();
    }
    this.#save();
  }

  #save(): void {
    const key = this.#key;
    if (!key) return;
    const record: StoredTimer = { step: this.#step, duration: this.duration, endsAt: this.endsAt, left: this.left, ended: this.ended };
    kept.add(key);
    ready()
      .then((s) => s.setSetting(key, record))
      .catch(() => {
        // Not kept: the timer still runs on screen, it just would not survive a reload.
      });
  }
}
