import setup from '$locales/en/setup.json';
import game from '$locales/en/botc.json';
import { openSetup } from '$lib/ui/setup/open';

export const load = async () => ({ draft: await openSetup('botc', { setup, game }) });
