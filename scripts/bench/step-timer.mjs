/**
 * The timer every step budget of `npm run bench` uses (bench.mjs, bench/botc.mjs,
 * bench/notebook.mjs). `armStepTimer` is called before the tap: in the page it notes the time of
 * the click (capture phase, ahead of the app's own handler), then the moment <main data-seq>
 * moves on (the move committed: the app changes it only after the commit, in the same update
 * that redraws the screen), and the next animation frame, when the new screen gets painted.
 * `stepTiming` waits for that result: `commitMs`, `frameMs`, `taskMs`, the stage after the move,
 * whether a script game's prompt changed, and the page's heading.
 *
 * `taskMs` is when the browser first ran a task after the tap (a timer set in the click). After a
 * tap Chromium draws a frame before it runs any other task, IndexedDB's answers included: the
 * page cannot commit a move before then, whatever it does (measured on a bare page: 11–13 ms
 * after a mouse click, 14–15 ms after a touch tap, with no change to the page at all). So
 * `commitMs - taskMs` is the app's own part of the step: the storage's answers, the commit and
 * the redraw.
 *
 * With `prompt`, a script game in play counts as moved on only once its next prompt is drawn too.
 */

/** @param {import('playwright-core').Page} page */
export async function armStepTimer(page, { prompt: needsPrompt = false } = {}) {
  await page.evaluate((needsPrompt) => {
    const seq = document.querySelector('main[data-seq]')?.getAttribute('data-seq');
    const promptNow = document.querySelector('[data-testid="prompt"]')?.textContent ?? null;
    let clickedAt = null;
    let taskAt = null;
    window.addEventListener(
      'click',
      () => {
        clickedAt ??= performance.now();
        setTimeout(() => (taskAt = performance.now()), 0);
      },
      { capture: true, once: true }
    );
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
          resolve({
            commitMs: committed - clickedAt,
            frameMs: performance.now() - clickedAt,
            // Null when the commit came first (a move answered without the storage: no game has one).
            taskMs: taskAt === null ? null : taskAt - clickedAt,
            stage,
            promptChanged: nextPrompt !== promptNow,
            heading
          })
        );
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, needsPrompt);
}

/**
 * The armed timer's result, once the step has moved on.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ commitMs: number, frameMs: number, taskMs: number | null, stage: string | null, promptChanged: boolean, heading: string | null }>}
 */
export function stepTiming(page) {
  return page.evaluate(() => /** @type {any} */ (window).__lanternStep);
}
