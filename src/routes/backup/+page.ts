import { i18n } from '$lib/i18n';

// The backup screen's texts are a namespace of their own, kept out of the first visit: the
// screen draws once they are here (offline too: the service worker holds them).
export async function load(): Promise<void> {
  await i18n.loadNamespace('backup').catch(() => {});
}
