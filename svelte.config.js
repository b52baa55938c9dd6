import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
export default {
  preprocess: vitePreprocess(),
  kit: {
    // A single-page app: every route is rendered on the phone, the server only hands out files.
    adapter: adapter({ fallback: 'index.html' }),
    alias: { $locales: 'locales' }
  }
};
