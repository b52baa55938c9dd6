/**
 * Where the app lives on its host, chosen at build time: `BASE_PATH=/lantern npm run build`
 * builds for https://<host>/lantern/ (a GitHub Pages project site); no BASE_PATH builds for the
 * root. Read by svelte.config.js (Kit's `paths.base`), vite.config.ts (the service worker's scope
 * and the manifest) and scripts/serve.mjs, so the three always agree.
 *
 * `BUILD_DIR` names the folder the static site is written to (default `build`), so a second
 * build under a sub-path can sit beside the usual one (the end-to-end tests do this).
 */

/**
 * The base as Kit wants it: '' for the root, otherwise '/a/b' (a leading slash, no trailing
 * one). Accepts 'lantern', '/lantern', '/lantern/'. Throws on anything that is not a plain path.
 * @param {string | undefined} value
 * @returns {string}
 */
export function normaliseBase(value) {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed) || trimmed.split('/').some((s) => /^\.+$/.test(s))) {
    throw new Error(`BASE_PATH must be a plain path such as /lantern (got ${JSON.stringify(value)}).`);
  }
  return `/${trimmed}`;
}

/** @type {Record<string, string | undefined>} */
const env = /** @type {any} */ (globalThis).process?.env ?? {};

/** The base this build or server uses, from the environment. */
export const BASE_PATH = normaliseBase(env.BASE_PATH);

/** The folder the static site is written to and served from, relative to the project. */
export const BUILD_DIR = env.BUILD_DIR?.trim() || 'build';
