import setup from '$locales/en/setup.json';
import game from '$locales/en/ktulu.json';
import { openSetup } from '$lib/ui/setup/open';

export const load = async () => ({ draft: await openSetup('ktulu', { setup, game }) });
