/**
 * What the games without a script (the grimoire, the scoreboards, the notebook) share as
 * table-games drivers: their screen is drawn once <main> carries the log length and a heading,
 * and a move is played by tapping the control the driver prepared.
 */
import { screenState, waitForCommit } from '../keeper.mjs';
import { leaveHandBack, orHandBack } from './hand-back.mjs';

/** Waits until the game's screen has drawn (after a navigation or a restart). */
export const boardReady = orHandBack(async (page, timeout = 15_000) => {
  await page.waitForFunction(() => document.querySelector('main[data-seq][data-stage] h1') !== null, undefined, { timeout, polling: 50 });
});

/** Plays one move with the driver's control and waits for it to be stored. */
export function boardAdvance(control) {
  return async (page) => {
    await leaveHandBack(page);
    const state = await screenState(page);
    await (await control(page)).button.click();
    return waitForCommit(page, state.seq);
  };
}

export const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));
