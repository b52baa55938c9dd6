/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker that keeps Lantern working offline, and tells the page when a
 * new version is waiting. The worker itself is generated at build time (vite.config.ts).
 *
 * It registers at the window's load event (this module and workbox-window come with the first
 * visit's own code, so nothing more is fetched for it then): the page's own files are fetched
 * first, and the worker's precache does not compete with them. On the first visit the worker
 * installs, precaches the whole app and takes control of this page at once (clientsClaim), so going offline afterwards loses nothing. Later versions wait
 * until the moderator accepts them (`onNeedRefresh`), so an update never reloads a game mid-step.
 */

export interface RegisterOptions {
  /** A new version is installed and waiting; call `update` to switch to it (the page reloads). */
  onNeedRefresh: (update: () => Promise<void>) => void;
  /** The app is cached and will work offline from now on. */
  onOfflineReady?: () => void;
}

export async function registerServiceWorker(opts: RegisterOptions): Promise<void> {
  // No worker in development or tests: the dev server has no built precache to serve, and jsdom
  // has no service worker support.
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;

  const sw = navigator.serviceWorker;

  // Activates the waiting worker, then reloads once it has taken over this page (or after a
  // while, should it never). The plugin's own reload only happens when the page was already
  // controlled when it registered, which a first visit never is, so the page does it here.
  async function switchToWaiting(): Promise<void> {
    const takenOver = new Promise((resolve) => {
      sw.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(resolve, 10_000);
    });
    await updateSW(true);
    await takenOver;
    window.location.reload();
  }

  const updateSW = registerSW({
    // At the load event (at once when it has passed): the first paint's files come first.
    immediate: false,
    onNeedRefresh: () => opts.onNeedRefresh(switchToWaiting),
    onOfflineReady: () => opts.onOfflineReady?.(),
    onNeedReload: () => {}
  });
}
