/** Ktulu at the table: six players, the suggested roster, dealt in the app, the Manitou's script in English. */
import { setUpKtulu, WORDS } from '../manitou.mjs';
import { scriptAdvance, scriptControl, scriptReady } from './script.mjs';

export const NAMES = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay'];

export default {
  id: 'ktulu',
  name: 'Ktulu',
  entry: 'step.answer',
  hasDeal: true,
  hasNight: true,
  setUp: (page, url) => setUpKtulu(page, url, WORDS.en, { names: NAMES }),
  ready: scriptReady,
  control: scriptControl,
  advance: scriptAdvance
};
