/**
 * The note that says, once, what a browser that has not promised to keep the games means for
 * them (it may delete them when short of space; Safari deletes a site's data after seven days
 * without a visit unless it was added to the Home Screen) and what to do about it. Shown on the
 * home screen while games are kept and the browser has promised nothing, until the Keeper
 * dismisses it: then never again on this phone (a `settings` row, `notice.keepGamesSeen`).
 */
import { readPersisted, readSettings, ready, storageState } from './storage.svelte';

const SEEN_KEY = 'notice.keepGamesSeen';

class KeepGamesNote {
  #seen = $state(true);

  /** Read what the note depends on, without asking the browser anything. Never rejects. */
  async load(): Promise<void> {
    const [seen] = await Promise.all([
      readSettings([SEEN_KEY]).then(
        (s) => s[SEEN_KEY] === true,
        () => false
      ),
      readPersisted()
    ]);
    this.#seen = seen;
  }

  /** Whether to show the note, given whether any game is kept on the phone. */
  due(hasGames: boolean): boolean {
    // Once added to the Home Screen, Safari keeps the app's data: the advice is then moot.
    const installed = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
    return hasGames && !this.#seen && storageState.persisted === false && !installed;
  }

  /** Never show it again on this phone. Rejects with a StorageError if that could not be kept. */
  async dismiss(): Promise<void> {
    // Gone once it is kept, so a reload straight after never brings it back.
    await (await ready()).setSetting(SEEN_KEY, true);
    this.#seen = true;
  }
}

export const keepGamesNote = new KeepGamesNote();
