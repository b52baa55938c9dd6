/** Cluethulhu at the table: seven players, dealt in the app, the Keeper's script. */
import { startCluethulhu } from '../keeper.mjs';
import { scriptAdvance, scriptControl, scriptReady } from './script.mjs';

export default {
  id: 'cluethulhu',
  name: 'Cluethulhu',
  /** The type of the log entry a move makes. */
  entry: 'step.answer',
  hasDeal: true,
  hasNight: true,
  setUp: (page, url) => startCluethulhu(page, url),
  ready: scriptReady,
  control: scriptControl,
  advance: scriptAdvance
};
