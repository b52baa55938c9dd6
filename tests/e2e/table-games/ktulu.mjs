/** Ktulu at the table: six players, the suggested roster, dealt in the app, the Manitou's script in English. */
import { setUpKtulu, WORDS } from '../manitou.mjs';
import { roleNames } from '../secrets.mjs';
import { scriptAdvance, scriptControl, scriptEyesOpen, scriptReady, scriptRefusal } from './script.mjs';

export const NAMES = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay'];

export default {
  id: 'ktulu',
  name: 'Ktulu',
  entry: 'step.answer',
  hasDeal: true,
  hasNight: true,
  /** A moderator's screen follows the deal. */
  moderated: true,
  setUp: (page, url) => setUpKtulu(page, url, WORDS.en, { names: NAMES }),
  ready: scriptReady,
  control: scriptControl,
  refusal: scriptRefusal,
  eyesOpen: scriptEyesOpen,
  /** Every role the game's cards name: none may be on a screen the players see. */
  roles: Object.values(roleNames('ktulu', 'en')),
  advance: scriptAdvance
};
