import setup from '$locales/en/setup.json';
import game from '$locales/en/kkd.json';
import cluedo from '$locales/en/cluedo.json';
import { i18n } from '$lib/i18n';
import { openSetup } from '$lib/ui/setup/open';

// The card names come from the Cluedo texts shared with the notebook.
export const load = async () => {
  i18n.provide('en', 'cluedo', cluedo);
  const [draft] = await Promise.all([openSetup('kkd', { setup, game }), i18n.loadNamespace('cluedo').catch(() => {})]);
  return { draft };
};
