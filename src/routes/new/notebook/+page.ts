import setup from '$locales/en/setup.json';
import game from '$locales/en/notebook.json';
import cluedo from '$locales/en/cluedo.json';
import { i18n } from '$lib/i18n';
import { openSetup } from '$lib/ui/setup/open';

// The card names come from the Cluedo texts shared with Killer Kloo Doo.
export const load = async () => {
  i18n.provide('en', 'cluedo', cluedo);
  const [draft] = await Promise.all([openSetup('notebook', { setup, game }), i18n.loadNamespace('cluedo').catch(() => {})]);
  return { draft };
};
