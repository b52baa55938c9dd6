/**
 * Which tab runs a game. The game screen holds a Web Lock named after the game while it is
 * open, so a second tab on the same game knows it and says so instead of playing alongside;
 * taking control there steals the lock, and the tab that held it is told in turn.
 *
 * Without the Web Locks API (older browsers, a page not served over https) every tab may run
 * the game: the storage's sequence check still refuses a move made on a stale screen, and the
 * game then reloads (see ActiveGame), so nothing is lost or doubled either way.
 */

/** `claiming`: not known yet (a moment); `elsewhere`: another tab runs it; `taken`: another tab took it from this one. */
export type TabControl = 'claiming' | 'here' | 'elsewhere' | 'taken';

export const lockName = (gameId: string) => `lantern-game-${gameId}`;

export class GameLock {
  status: TabControl = $state('claiming');
  readonly #name: string;
  /** Lets go of the lock this tab holds; null when it holds none. */
  #release: (() => void) | null = null;
  #closed = false;

  constructor(gameId: string) {
    this.#name = lockName(gameId);
  }

  /**
   * Run the game in this tab if no other tab does; with `steal`, take it from the one that does.
   * Resolves once the answer is known (`status`).
   */
  claim(steal = false): Promise<void> {
    const locks = globalThis.navigator?.locks;
    if (!locks) {
      this.status = 'here';
      return Promise.resolve();
    }
    this.#release?.();
    this.#release = null;
    return new Promise<void>((known) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      locks
        .request(this.#name, steal ? { steal: true } : { ifAvailable: true }, async (lock) => {
          if (this.#closed) return;
          if (!lock) {
            this.status = 'elsewhere';
            known();
            return;
          }
          this.#release = release;
          this.status = 'here';
          known();
          // The lock is held as long as this callback has not finished.
          await held;
        })
        .catch(() => {
          // Another tab stole the lock ("AbortError"): this one must stop playing.
          if (this.#release === release && !this.#closed) {
            this.#release = null;
            this.status = 'taken';
          }
        })
        .finally(known);
    });
  }

  /** Let go (the screen closes). */
  release(): void {
    this.#closed = true;
    this.#release?.();
    this.#release = null;
  }
}
