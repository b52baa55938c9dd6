import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { BASE_PATH, BUILD_DIR } from './scripts/base-path.mjs';

/**
 * The one inline style the app needs: SvelteKit's route announcer (the visually hidden live
 * region that reads the new page title after a navigation) carries a fixed `style` attribute in
 * Kit's generated root component. Its hash, with 'unsafe-hashes', allows exactly that attribute
 * and no other. Read from Kit itself so that an upgrade which changes (or drops) it needs no
 * edit here; the e2e CSP test fails on any blocked style.
 */
function announcerStyleHashes() {
  try {
    const root = readFileSync(new URL('./node_modules/@sveltejs/kit/src/core/sync/write_root.js', import.meta.url), 'utf8');
    const style = root.match(/id="svelte-announcer"[^>]*?\sstyle="([^"]*)"/)?.[1];
    return style ? [`sha256-${createHash('sha256').update(style).digest('base64')}`] : [];
  } catch {
    return [];
  }
}

const announcer = announcerStyleHashes();

/** @type {import('@sveltejs/kit').Config} */
export default {
  preprocess: vitePreprocess(),
  kit: {
    // A single-page app: every route is rendered on the phone, the server only hands out files.
    // Each text file is also written compressed at the smallest size (Brotli at quality 11 and
    // gzip, `.br` and `.gz` beside it) for a host that sends such copies, as scripts/serve.mjs
    // does: about a tenth fewer bytes on a phone's first visit than compressing on the fly.
    adapter: adapter({ fallback: 'index.html', pages: BUILD_DIR, assets: BUILD_DIR, precompress: true }),
    // '' serves the app from the host's root; BASE_PATH=/lantern from /lantern/ (scripts/base-path.mjs).
    // Links go through `resolve` from $app/paths, so none of them assumes the root.
    paths: { base: BASE_PATH },
    alias: { $locales: 'locales' },
    // A strict Content-Security-Policy, written by Kit into the fallback page as a <meta> with the
    // hash of its one inline bootstrap script; scripts/serve.mjs sends the same policy as a header
    // (plus frame-ancestors, which only works as a header). Nothing may load from another origin,
    // and no inline script or style runs except the two hashed here. docs/RELIABILITY.md explains.
    csp: {
      mode: 'hash',
      directives: {
        'default-src': ['self'],
        'script-src': ['self'],
        'style-src': ['self'],
        ...(announcer.length > 0 ? { 'style-src-attr': ['unsafe-hashes', ...announcer] } : {}),
        'img-src': ['self', 'data:', 'blob:'],
        'font-src': ['self'],
        'connect-src': ['self'],
        'worker-src': ['self'],
        'manifest-src': ['self'],
        'object-src': ['none'],
        'base-uri': ['self'],
        'form-action': ['self'],
        // Dropped from the <meta> by Kit (browsers ignore it there); the server's header keeps it.
        'frame-ancestors': ['none']
      }
    }
  }
};
