import setup from '$locales/en/setup.json';
import game from '$locales/en/cluethulhu.json';
import { openSetup } from '$lib/ui/setup/open';

export const load = async () => ({ draft: await openSetup('cluethulhu', { setup, game }) });
