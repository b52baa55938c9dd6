/**
 * Cluethulhu at the table: seven players with the Mother (whose yes/no step comes on the first
 * day), dealt in the app, the Keeper's script.
 */
import { SEVEN, tick, waitForGameScreen } from '../keeper.mjs';
import { fillPlayers } from '../screens.mjs';
import { roleNames } from '../secrets.mjs';
import { scriptAdvance, scriptControl, scriptEyesOpen, scriptReady, scriptRefusal } from './script.mjs';

async function setUp(page, url) {
  await page.goto(`${url}/new/cluethulhu`);
  await fillPlayers(page, SEVEN);
  await tick(page, page.getByLabel('Mother', { exact: true }));
  const dealInApp = page.getByLabel('Deal in the app', { exact: true });
  if ((await dealInApp.count()) > 0) await dealInApp.check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

export default {
  id: 'cluethulhu',
  name: 'Cluethulhu',
  /** The type of the log entry a move makes. */
  entry: 'step.answer',
  hasDeal: true,
  hasNight: true,
  /** A moderator's screen follows the deal. */
  moderated: true,
  setUp,
  ready: scriptReady,
  control: scriptControl,
  refusal: scriptRefusal,
  eyesOpen: scriptEyesOpen,
  /** Every role the game's cards name: none may be on a screen the players see. */
  roles: Object.values(roleNames('cluethulhu', 'en')),
  advance: scriptAdvance
};
