/**
 * Build configuration: SvelteKit plus the service worker that keeps Lantern working with no
 * network. The PWA plugin lives only here; vitest.config.ts is separate so tests never build a
 * service worker.
 */
import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vite';
import { firstVisitChunk } from './scripts/first-visit-chunk.mjs';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { BASE_PATH } from './scripts/base-path.mjs';

const DARK = '#14121c';

/** The app's root URL path on its host: '/' or, built with BASE_PATH=/lantern, '/lantern/'. */
const ROOT = `${BASE_PATH}/`;

/** The manifest's own paths written from the root ('/…'), moved under the build's base path. */
function underBase(manifest: Partial<ManifestOptions>): Partial<ManifestOptions> {
  const at = <T extends string | undefined>(path: T): T => (path?.startsWith('/') ? `${BASE_PATH}${path}` : path) as T;
  return {
    ...manifest,
    id: at(manifest.id),
    start_url: at(manifest.start_url),
    scope: at(manifest.scope),
    icons: manifest.icons?.map((icon) => ({ ...icon, src: at(icon.src) }))
  };
}

export default defineConfig({
  // Rolldown's report of slow plugins is printed in a warning's yellow on every build, though
  // nothing is wrong; the build's time is measured by `npm run bench`, not read off its log.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  plugins: [
    sveltekit(),
    // The first visit's code in one file (what is in it, and what stays out: scripts/first-visit-chunk.mjs).
    firstVisitChunk(),
    SvelteKitPWA({
      // The page asks before an update replaces a running game's code.
      registerType: 'prompt',
      // Absolute base and scope: Kit's relative asset paths would otherwise register the worker
      // at ./sw.js with scope ./, which misses deep links such as /game/<id>.
      base: ROOT,
      scope: ROOT,
      // The layout registers the worker itself through virtual:pwa-register.
      injectRegister: false,
      kit: {
        // adapter-static writes index.html after the worker is generated; these two put that
        // fallback in the precache and make it the navigation fallback, so every route opens
        // offline. (A navigateFallback of '/' would name a URL that is not precached.)
        adapterFallback: 'index.html',
        spa: true
      },
      manifest: underBase({
        name: 'Lantern — a moderator\u2019s companion',
        short_name: 'Lantern',
        description:
          'Runs hidden-role party games for the moderator: the script to read aloud, who is alive, and what happened, on one phone, offline.',
        lang: 'en',
        dir: 'ltr',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: DARK,
        theme_color: DARK,
        categories: ['games', 'utilities'],
        // scripts/icons.mjs draws them: the SVG where a browser takes one (any size), a 192 PNG
        // for one that does not, the maskable PNG for Android's shaped launchers.
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable'
          }
        ]
      }),
      workbox: {
        // Everything the app can ever load is precached on the first visit, including the
        // lazily loaded games and their translations, so nothing needs the network later.
        globPatterns: ['client/**/*.{js,css,html,svg,png,json,webmanifest,woff2}'],
        // Given (and empty: it changes no URL), so that the SvelteKit integration keeps the
        // patterns above as they are instead of adding one for prerendered pages, which this
        // app has none of and which workbox reports as a pattern that matches nothing.
        modifyURLPrefix: {},
        // Take control of the page that registered the worker, so a game started on the very
        // first visit survives going offline without a reload.
        clientsClaim: true,
        cleanupOutdatedCaches: true
      }
    })
  ]
});
