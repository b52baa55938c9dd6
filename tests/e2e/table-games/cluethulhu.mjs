/** Cluethulhu at the table: seven players, dealt in the app, the Keeper's script. */
import { startCluethulhu } from '../keeper.mjs';
import { roleNames } from '../secrets.mjs';
import { scriptAdvance, scriptControl, scriptEyesOpen, scriptReady, scriptRefusal } from './script.mjs';

export default {
  id: 'cluethulhu',
  name: 'Cluethulhu',
  /** The type of the log entry a move makes. */
  entry: 'step.answer',
  hasDeal: true,
  hasNight: true,
  /** A moderator's screen follows the deal. */
  moderated: true,
  setUp: (page, url) => startCluethulhu(page, url),
  ready: scriptReady,
  control: scriptControl,
  refusal: scriptRefusal,
  eyesOpen: scriptEyesOpen,
  /** Every role the game's cards name: none may be on a screen the players see. */
  roles: Object.values(roleNames('cluethulhu', 'en')),
  advance: scriptAdvance
};
