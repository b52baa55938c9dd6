/**
 * What the two script games (Cluethulhu, Ktulu) share as table-games drivers: the deal, passed
 * round by hold-to-see, and the script's steps, each answered the way keeper.mjs answers them
 * (the first players who fit, "yes", every vote on the first candidate).
 */
import { DEAL_WORDS, peek, prepareAnswer, screenState, waitForCommit, waitForGameScreen, waitForReady } from '../keeper.mjs';
import { leaveHandBack, orHandBack } from './hand-back.mjs';

/** Where the screen is: the deal, a night or a day of the script. */
export function placeOf(state) {
  if (state.stage === 'dealing') return 'deal';
  return /night/i.test(`${state.phase ?? ''}`) ? 'night' : 'day';
}

/**
 * The control that moves the script on now, ready to be tapped: on the deal, the card seen and
 * "Done, pass on"; on a step, its answer set and Next (or the yes/no step's first button).
 * @returns {Promise<{ place: string, control: string, button: import('playwright-core').Locator, read?: string }>}
 */
export async function scriptControl(page, extra = 0) {
  await leaveHandBack(page);
  const state = await screenState(page);
  if (state.stage === 'dealing') {
    const read = await peek(page, async () => (await page.getByTestId('role-card').getByRole('heading').first().innerText()).trim());
    return { place: 'deal', control: 'Done, pass on', button: page.getByRole('button', { name: DEAL_WORDS.en.passOn, exact: true }), read };
  }
  const button = await prepareAnswer(page, extra);
  const label = ((await button.textContent()) ?? '').trim();
  return { place: placeOf(state), control: label === 'Next' ? 'Next' : 'yes/no answer', button };
}

/** Plays the script's current position to its commit, trying other answers when one is refused. */
export async function scriptAdvance(page) {
  await leaveHandBack(page);
  const state = await screenState(page);
  for (let extra = 0; extra < 4; extra++) {
    await (await scriptControl(page, extra)).button.click();
    const after = await Promise.race([
      waitForCommit(page, state.seq),
      page.locator('main [role="alert"]').first().waitFor().then(() => null)
    ]);
    if (after) return after;
    const now = await screenState(page);
    if (now.seq !== state.seq) return now;
  }
  throw new Error(`no answer fits "${state.prompt}"`);
}

export const scriptReady = orHandBack(waitForGameScreen);

/** Eyes open on the script: the step says so (a script screen in play). */
export async function scriptEyesOpen(page) {
  return page.evaluate(
    () => document.querySelector('main')?.dataset.stage === 'play' && document.querySelector('main header > p')?.textContent?.trim() === 'Eyes open'
  );
}

/** Next on a step whose list asks for a pick, with nothing picked: the screen asks for a choice. */
export const scriptRefusal = {
  at: (page) =>
    page.evaluate(() => {
      const main = document.querySelector('main');
      if (main?.dataset.stage !== 'play') return false;
      const picks = [...(main.querySelectorAll('fieldset input[type="radio"], fieldset input[type="checkbox"]') ?? [])];
      const next = [...main.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Next');
      return next && picks.length > 0 && picks.every((i) => !(/** @type {HTMLInputElement} */ (i).checked));
    }),
  async act(page) {
    await waitForReady(page);
    return { button: page.locator('main').getByRole('button', { name: 'Next', exact: true }), message: null };
  }
};
