import { i18n } from '$lib/i18n';

// Lantern is a client-only single-page app: nothing is rendered on a server.
export const ssr = false;
export const prerender = false;

// A phone in Polish fetches its shared texts before the first screen (a few milliseconds, from
// the service worker's cache), so nothing is drawn in English first.
export const load = async (): Promise<void> => {
  await i18n.ready;
};
