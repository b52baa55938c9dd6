/**
 * The timer every step budget of `npm run bench` uses (bench.mjs, bench/botc.mjs,
 * bench/notebook.mjs). `armStepTimer` is called before the tap: in the page it notes the time of
 * the click (capture phase, ahead of the app's own handler), then the moment <main data-seq>
 * moves on (the move committed: the app changes it only after the commit, in the same update
 * that redraws the screen), and the next animation frame, when the new screen gets painted.
 * `stepTiming` waits for that result: `commitMs`, `frameMs`, the stage after the move, whether a
 * script game's prompt changed, and the page's heading.
 *
 * With `prompt`, a script game in play counts as moved on only once its next prompt is drawn too.
 */

/** @param {import('playwright-core').Page} page */
export async function armStepTimer(page, { prompt: needsPrompt = false } = {}) {
  await page.evaluate((needsPrompt) => {
    const seq = document.querySelector('main[data-seq]')?.getAttribute('data-seq');
    const promptNow = document.querySelector('[data-testid="prompt"]')?.textContent ?? null;
    let clickedAt = null;
    window.addEventListener('click', () => (clickedAt ??= performance.now()), { capture: true, once: true });
    // @ts-ignore: a measurement hook on the page
    window.__lanternStep = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const now = document.querySelector('main[data-seq]');
        if (!now || now.getAttribute('data-seq') === seq || clickedAt === null) return;
        const stage = now.getAttribute('data-stage');
        const nextPrompt = document.querySelector('[data-testid="prompt"]')?.textContent ?? null;
        if (needsPrompt && stage === 'play' && nextPrompt === null) return;
        const committed = performance.now();
        observer.disconnect();
        const heading = document.querySelector('main h1')?.textContent?.trim() ?? null;
        requestAnimationFrame(() =>
          resolve({ commitMs: committed - clickedAt, frameMs: performance.now() - clickedAt, stage, promptChanged: nextPrompt !== promptNow, heading })
        );
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, needsPrompt);
}

/**
 * The armed timer's result, once the step has moved on.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ commitMs: number, frameMs: number, stage: string | null, promptChanged: boolean, heading: string | null }>}
 */
export function stepTiming(page) {
  return page.evaluate(() => /** @type {any} */ (window).__lanternStep);
}
