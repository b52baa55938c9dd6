/**
 * A dark room: while a game is at the table, every screen stays dark, on a phone set to a light
 * theme as on one set to dark. During an eyes-closed step (Cluethulhu's Day) the script, the
 * Table, the Log, the call sheet, Home, Settings and the Keeper's override dialog all have a dark
 * background, in night mode; and no frame is light while a step is answered or a screen changes
 * (the page's background is sampled on every animation frame).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { dealAll, openTool, prepareAnswer, startCluethulhu, waitForCommit, waitForGameScreen, waitForTaps } from './keeper.mjs';

const app = useApp();

/** Darker than this relative luminance is dark (the dark theme's background is about 0.007). */
const DARK = 0.03;

/** Starts recording the page's background colour on every frame. */
async function startSampling(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__frames = [];
    w.__sampling = true;
    const sample = () => {
      if (!w.__sampling) return;
      const dialog = document.querySelector('dialog[open]');
      w.__frames.push({
        html: getComputedStyle(document.documentElement).backgroundColor,
        body: getComputedStyle(document.body).backgroundColor,
        dialog: dialog ? getComputedStyle(dialog).backgroundColor : null,
        path: location.pathname
      });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

/** Stops recording; returns the frames seen. */
async function stopSampling(page) {
  return page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__sampling = false;
    return w.__frames;
  });
}

/** WCAG relative luminance of a computed `rgb(…)`/`rgba(…)` colour; null when transparent. */
function luminance(colour) {
  const m = colour.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
  if (a === 0) return null;
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function assertDark(frames, where) {
  assert.ok(frames.length > 0, `${where}: no frame sampled`);
  for (const f of frames) {
    for (const part of ['html', 'body', 'dialog']) {
      if (!f[part]) continue;
      const l = luminance(f[part]);
      if (l === null) continue;
      assert.ok(l < DARK, `${where}: a light frame (${part} ${f[part]}, luminance ${l.toFixed(3)}) at ${f.path}`);
    }
  }
}

/**
 * Follows a link inside the app (a client-side navigation, as a tap on a link is). A game screen
 * takes no tap for a moment after it changed (a move, a dialog closed): a tap in that moment is
 * stopped before the link sees it, as the table's promise asks, so the tap is made again once the
 * screen takes taps, as a moderator would. (The dialog's close reaches the screen a task after the
 * dialog has gone, so the moment may begin just after the screen said it took taps.)
 */
async function follow(page, href) {
  for (let attempt = 1; ; attempt++) {
    await waitForTaps(page);
    const reached = await page.evaluate((to) => {
      const a = document.createElement('a');
      a.href = to;
      let seen = false;
      a.addEventListener('click', () => (seen = true));
      document.body.append(a);
      a.click();
      a.remove();
      return seen;
    }, href);
    if (reached) break;
    assert.ok(attempt < 3, `${href}: three taps on the link were all stopped by the screen's moment after a change`);
  }
  await page.waitForURL((url) => url.pathname === href, { timeout: 15_000 }).catch((e) => {
    throw new Error(`${href}: the tap on its link did not navigate (still at ${new URL(page.url()).pathname})`, { cause: e });
  });
  await page.locator('main h1').first().waitFor();
}

for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
  describe(`a dark room, with the phone set to ${colorScheme}`, () => {
    test('every screen stays dark during an eyes-closed step, with no light frame in between', { timeout: 180_000 }, async () => {
      const { context, page } = await freshPage(app, { colorScheme, locale: 'en-GB' });
      try {
        // Before any game the phone's own look applies.
        await page.goto(`${app.url}/`);
        await page.locator('main h1').first().waitFor();
        const before = luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
        assert.equal(before !== null && before > DARK, colorScheme === 'light', 'Home follows the phone before any game');

        const id = await startCluethulhu(page, app.url);
        await startSampling(page);
        await dealAll(page);
        assertDark(await stopSampling(page), 'dealing');

        // Day: eyes closed. The script is in night mode.
        await waitForGameScreen(page);
        assert.equal(await page.evaluate(() => document.documentElement.classList.contains('night')), true, 'night mode on an eyes-closed step');
        await startSampling(page);
        const seq = Number(await page.locator('main').getAttribute('data-seq'));
        await (await prepareAnswer(page)).click();
        await waitForCommit(page, seq);
        assertDark(await stopSampling(page), 'answering a step');

        // The override dialog.
        await startSampling(page);
        await openTool(page, 'Keeper’s override');
        await page.locator('dialog[open]').waitFor();
        await page.waitForTimeout(50);
        await page.keyboard.press('Escape');
        await page.locator('dialog[open]').waitFor({ state: 'detached' }).catch(() => {});
        assertDark(await stopSampling(page), 'the override dialog');

        // Every other screen, reached as a tap reaches it, while eyes are still closed.
        for (const path of [`/game/${id}/table`, `/game/${id}/log`, `/game/${id}/sheet`, '/', '/settings', `/game/${id}`]) {
          await startSampling(page);
          await follow(page, path);
          await page.waitForTimeout(100);
          const frames = await stopSampling(page);
          assertDark(frames, path);
          assert.equal(await page.evaluate(() => document.documentElement.classList.contains('night')), true, `${path} in night mode`);
        }

        // A reload mid-game comes back dark.
        await page.goto(`${app.url}/game/${id}/table`);
        await page.locator('main h1').first().waitFor();
        const reloaded = luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
        assert.ok(reloaded !== null && reloaded < DARK, 'the Table after a reload is dark');
      } finally {
        await context.close();
      }
    });
  });
}
