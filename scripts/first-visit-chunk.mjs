/**
 * Puts everything the first visit runs into one chunk (`shell`), so the home page arrives in a
 * handful of files instead of twenty small ones, each a round trip on a slow phone network.
 *
 * What belongs there is not listed by hand: it is what Kit's client entry, the root layout and
 * the home page import statically (followed through every static import), plus the service
 * worker's registration, which runs at the load event of every first visit. Anything reached
 * only through a dynamic `import()` stays out, in chunks of its own: each game's rules,
 * machine and texts (src/lib/games/index.ts loads them that way), XState, Dexie (opened by
 * src/lib/db/index.ts on first use), the other screens. So a new game stays out of the first
 * visit as long as the catalogue reaches it only through its loader.
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
  /vite[\\/]preload-helper/
];

/** @returns {import('vite').Plugin} */
export function firstVisitChunk() {
  /** @type {Set<string>} */
  const shell = new Set();
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
                groups: [{ name: 'shell', test: (/** @type {string} */ id) => shell.has(id), priority: 10 }]
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
    }
  };
}
