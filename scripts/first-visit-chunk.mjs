/**
 * Puts everything the first visit runs into two chunks (`framework` and `shell`), so the home
 * page arrives in a handful of files instead of twenty small ones, each a round trip on a slow
 * phone network.
 *
 * What belongs there is not listed by hand: it is what Kit's client entry, the root layout and
 * the home page import statically (followed through every static import), plus the service
 * worker's registration, which runs at the load event of every first visit. Anything reached
 * only through a dynamic `import()` stays out, in chunks of its own: each game's rules,
 * machine and texts (src/lib/games/index.ts loads them that way), XState, Dexie (opened by
 * src/lib/db/index.ts on first use), the other screens. So a new game stays out of the first
 * visit as long as the catalogue reaches it only through its loader.
 *
 * Two chunks, not one: over HTTP/1.1 each file has a connection of its own, and a new connection
 * starts sending slowly and speeds up one round trip at a time (TCP's slow start). Two halves
 * of about 30 KB each, fetched side by side, arrive a round trip sooner than one file of 60 KB
 * on a slow phone network; over HTTP/2 the second file costs nothing. The cut follows packages:
 * `framework` holds Svelte's runtime and Kit's client, which import nothing of the app's, so
 * the order in which modules run stays what it was (docs/PERFORMANCE.md, "Two chunks for the
 * first visit's code").
 *
 * Client build only: the server build Kit makes for the fallback page is left as it is.
 */

/** Modules the first visit runs, by id (the roots below and their static imports). */
const ROOTS = [
  /[\\/]@sveltejs[\\/]kit[\\/]src[\\/]runtime[\\/]client[\\/]entry\.js$/,
  /[\\/]src[\\/]routes[\\/]\+layout\.(svelte|ts)$/,
  /[\\/]src[\\/]routes[\\/]\+page\.(svelte|ts)$/,
  /[\\/]\.svelte-kit[\\/]generated[\\/]root\.(svelte|js)$/,
  // Registered at the load event of the first visit: no further round trip for it then.
  /virtual:pwa-register$/,
  /[\\/]workbox-window[\\/]/,
  // Vite's helper for dynamic imports, used by every route's loader.
  /vite[\\/]preload-helper/,
  // Two small modules the set-up screens and the game screens both import: in the shell, so
  // that the set-up chunk below does not take them (a chunk takes its modules' dependencies)
  // and make every game screen fetch the set-up screens' code for them.
  /[\\/]@sveltejs[\\/]kit[\\/]src[\\/]runtime[\\/]app[\\/]navigation\.js$/,
  /[\\/]src[\\/]lib[\\/]engine[\\/]ids\.ts$/
];

/** The framework's modules within the first visit's: Svelte's runtime and Kit's client. */
const FRAMEWORK = /[\\/]node_modules[\\/](svelte|@sveltejs[\\/]kit)[\\/]/;

/** The set-up screens' routes (`/new/<game>`): their shared static imports make one chunk. */
const SETUP_ROOT = /[\\/]src[\\/]routes[\\/]new[\\/][^\\/]+[\\/]\+page\.(svelte|ts)$/;

/** @returns {import('vite').Plugin} */
export function firstVisitChunk() {
  /** @type {Set<string>} */
  const shell = new Set();
  /** @type {Set<string>} */
  const setup = new Set();
  let client = true;
  return {
    name: 'lantern:first-visit-chunk',
    config(_, env) {
      client = !env.isSsrBuild;
      if (!client) return;
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: (/** @type {string} */ id) => shell.has(id) && FRAMEWORK.test(id), priority: 11 },
                  { name: 'shell', test: (/** @type {string} */ id) => shell.has(id), priority: 10 },
                  { name: 'setup', test: (/** @type {string} */ id) => setup.has(id), priority: 5 }
                ]
              }
            }
          }
        }
      };
    },
    buildEnd() {
      if (!client) return;
      shell.clear();
      const ids = [...this.getModuleIds()];
      const queue = ids.filter((id) => ROOTS.some((r) => r.test(id)));
      while (queue.length > 0) {
        const id = /** @type {string} */ (queue.pop());
        const info = this.getModuleInfo(id);
        if (!info || shell.has(id)) continue;
        // Entries (Kit's nodes, its start and app files) stay files of their own, as Kit expects.
        if (!info.isEntry) shell.add(id);
        queue.push(...info.importedIds);
      }
      // What every set-up screen imports statically (the screen's shell, the player list, the
      // draft, the set-up texts): one chunk and one stylesheet, so opening a set-up screen
      // fetches a few files in one wave rather than a dozen small ones, more than a phone's
      // browser asks a server for at once.
      setup.clear();
      /** @type {Map<string, number>} */
      const uses = new Map();
      // A route is its +page.svelte and +page.ts together.
      /** @type {Map<string, Set<string>>} */
      const routes = new Map();
      for (const root of ids.filter((id) => SETUP_ROOT.test(id))) {
        const dir = root.replace(/[\\/][^\\/]+$/, '');
        const seen = routes.get(dir) ?? new Set();
        routes.set(dir, seen);
        const stack = [root];
        while (stack.length > 0) {
          const id = /** @type {string} */ (stack.pop());
          const info = this.getModuleInfo(id);
          if (!info || seen.has(id) || shell.has(id)) continue;
          seen.add(id);
          stack.push(...info.importedIds);
        }
      }
      for (const seen of routes.values()) for (const id of seen) uses.set(id, (uses.get(id) ?? 0) + 1);
      // Only what every set-up screen imports: a module three of them share (XState, for the
      // games without a moderator) stays with those, not in every set-up screen's first wave.
      // Kit's own modules (navigation, used by every screen) are left where Rolldown puts them.
      for (const [id, n] of uses) if (n === routes.size && !/node_modules/.test(id) && !this.getModuleInfo(id)?.isEntry) setup.add(id);
    }
  };
}
