/**
 * Keeping the screen on (Screen Wake Lock API) while the Keeper reads the script: the phone
 * lies on the table for minutes between taps, and a dark screen mid-night means unlocking it
 * in front of everyone.
 *
 * The browser drops the lock whenever the page is hidden, so while it is wanted it is taken
 * again each time the page becomes visible. Where the browser cannot hold one (no API, refused
 * by policy or battery saver) `unavailable` turns true once, for a one-time note.
 */

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
  addEventListener?(type: 'release', listener: () => void): void;
}

interface WakeLockApi {
  request(type: 'screen'): Promise<Sentinel>;
}

export class StayAwake {
  /** The lock is held right now. */
  held = $state(false);
  /** The browser could not keep the screen on: say so, once, until dismissed. */
  unavailable = $state(false);
  #told = false;
  #wanted = false;
  #sentinel: Sentinel | null = null;
  #requesting: Promise<void> | null = null;
  readonly #doc: () => Document | undefined;
  readonly #api: () => WakeLockApi | undefined;

  constructor(
    api: () => WakeLockApi | undefined = () => (globalThis.navigator as { wakeLock?: WakeLockApi } | undefined)?.wakeLock,
    doc: () => Document | undefined = () => globalThis.document
  ) {
    this.#api = api;
    this.#doc = doc;
  }

  /** Whether this browser has the API at all (it may still refuse). */
  get supported(): boolean {
    return this.#api() !== undefined;
  }

  /** Keep the screen on until `release()`. */
  hold(): void {
    if (this.#wanted) return;
    this.#wanted = true;
    this.#doc()?.addEventListener('visibilitychange', this.#onVisibility);
    void this.#request();
  }

  /** Let the screen sleep again (leaving the script). */
  release(): void {
    this.#wanted = false;
    this.#doc()?.removeEventListener('visibilitychange', this.#onVisibility);
    const sentinel = this.#sentinel;
    this.#sentinel = null;
    this.held = false;
    if (sentinel && !sentinel.released) sentinel.release().catch(() => {});
  }

  dismiss(): void {
    this.unavailable = false;
  }

  /** Let go and forget the note was shown (tests start each case afresh). */
  reset(): void {
    this.release();
    this.#told = false;
    this.unavailable = false;
  }

  #onVisibility = () => {
    if (this.#wanted && this.#doc()?.visibilityState === 'visible' && !this.held) void this.#request();
  };

  #request(): Promise<void> {
    this.#requesting ??= this.#take().finally(() => (this.#requesting = null));
    return this.#requesting;
  }

  async #take(): Promise<void> {
    const api = this.#api();
    if (!api) return this.#cannot();
    // A hidden page is always refused; the visibility listener asks again when it shows.
    if (this.#doc()?.visibilityState === 'hidden') return;
    try {
      const sentinel = await api.request('screen');
      if (!this.#wanted) {
        await sentinel.release().catch(() => {});
        return;
      }
      // Dropped already (the page was hidden meanwhile): the visibility listener asks again.
      if (sentinel.released) return;
      this.#sentinel = sentinel;
      this.held = true;
      sentinel.addEventListener?.('release', () => {
        if (this.#sentinel === sentinel) {
          this.#sentinel = null;
          this.held = false;
        }
      });
    } catch {
      this.#cannot();
    }
  }

  #cannot(): void {
    if (this.#told) return;
    this.#told = true;
    this.unavailable = true;
  }
}

export const stayAwake = new StayAwake();
