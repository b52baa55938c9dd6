/**
 * The screen a deal ends on (`[data-screen="hand-back"]`, docs/ARCHITECTURE.md "One table for every game"): drivers leave it the way
 * the moderator does, by holding `[data-hold-open]` (or, where no moderator follows, with its one
 * button), and count it as drawn after a restart.
 */

import { waitForReady } from '../keeper.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Leaves the hand-back screen when it is on screen; does nothing otherwise. */
export async function leaveHandBack(page) {
  const screen = page.locator('[data-screen="hand-back"]');
  if ((await screen.count()) === 0) return waitForReady(page);
  const opener = page.locator('[data-hold-open]').first();
  if ((await opener.count()) === 0) {
    await screen.getByRole('button').first().click();
  } else {
    await sleep(650);
    await opener.scrollIntoViewIfNeeded();
    const box = await opener.boundingBox();
    if (!box) throw new Error('the hold button has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await sleep(900);
    await page.mouse.up();
  }
  await screen.waitFor({ state: 'detached', timeout: 5_000 });
  // The new position ignores taps for its first moments: a driver taps when a user could.
  await waitForReady(page);
}

/** `ready`, or the hand-back screen drawn instead. */
export function orHandBack(ready) {
  return (page, timeout = 15_000) => Promise.any([ready(page, timeout), page.locator('[data-screen="hand-back"]').waitFor({ timeout })]);
}
