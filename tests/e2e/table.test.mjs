/**
 * At the table, in the built app: a running step timer survives a reload (it is kept as an
 * end time, so it shows the same time left and keeps counting), and the script and Settings
 * stay axe-clean with night mode forced on and with the largest text size, in the dark and
 * the light colour scheme.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, openScreen, useApp } from './harness.mjs';
import { answerStep, dealAll, startCluethulhu, waitForGameScreen } from './keeper.mjs';

const app = useApp();

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Plays on from the deal until a step with a timer is on screen. */
async function toTimerStep(page) {
  await dealAll(page);
  for (let i = 0; i < 40; i++) {
    if ((await page.getByTestId('timer').count()) > 0) return;
    await answerStep(page);
  }
  throw new Error('no step with a timer came up');
}

/** Seconds shown on the timer's face ("0:57" → 57). */
async function shownSeconds(page) {
  const text = (await page.getByTestId('timer-time').textContent())?.trim() ?? '';
  const m = /^(\d+):(\d\d)$/.exec(text);
  assert.ok(m, `a m:ss time on the timer, got "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Waits until the face shows something other than `seconds`. */
async function waitForTick(page, seconds) {
  await page.waitForFunction(
    (before) => {
      const m = /^(\d+):(\d\d)$/.exec(document.querySelector('[data-testid="timer-time"]')?.textContent?.trim() ?? '');
      return m !== null && Number(m[1]) * 60 + Number(m[2]) !== before;
    },
    seconds,
    { timeout: 10_000, polling: 100 }
  );
}

describe('the step timer', () => {
  test('keeps running through a reload, with the same time left', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await startCluethulhu(page, app.url);
      await toTimerStep(page);
      const timer = page.getByTestId('timer');
      await timer.getByRole('button', { name: 'Start timer', exact: true }).click();
      await timer.getByRole('button', { name: 'Pause', exact: true }).waitFor();
      const first = await shownSeconds(page);
      await waitForTick(page, first);

      const before = await shownSeconds(page);
      const reloadedAt = Date.now();
      await page.reload();
      await waitForGameScreen(page);
      await page.getByTestId('timer').getByRole('button', { name: 'Pause', exact: true }).waitFor();
      const after = await shownSeconds(page);
      const elapsed = (Date.now() - reloadedAt) / 1000;
      // Same time left, less what the reload itself took, to within a second.
      assert.ok(Math.abs(before - elapsed - after) <= 1, `before ${before}s, ${elapsed.toFixed(1)}s to reload, after ${after}s`);
      assert.ok(after < 60, 'it did not start again from the full minute');

      // Still running: the face keeps counting down without a tap.
      await waitForTick(page, after);
      assert.ok((await shownSeconds(page)) < after);
    } finally {
      await context.close();
    }
  });
});

for (const colorScheme of ['dark', 'light']) {
  describe(`axe, ${colorScheme} colour scheme`, () => {
    test('night mode forced on: Settings and the script', { timeout: 120_000 }, async () => {
      const { context, page } = await freshPage(app, { colorScheme });
      try {
        await openScreen(page, app.url, '/settings');
        await page.getByLabel('Always', { exact: true }).check();
        await page.waitForFunction(() => document.documentElement.classList.contains('night'));
        await assertAxeClean(page, 'Settings, night mode on');
        await startCluethulhu(page, app.url);
        await dealAll(page);
        // An eyes-open step, shown in night mode all the same.
        for (let i = 0; i < 40 && (await page.getByText('Eyes open', { exact: true }).count()) === 0; i++) await answerStep(page);
        assert.ok(await page.evaluate(() => document.documentElement.classList.contains('night')), 'night mode stays on');
        await assertAxeClean(page, 'script, night mode on, eyes open');
      } finally {
        await context.close();
      }
    });

    test('night mode by the step, and the largest text size: Settings, dealing and the script', { timeout: 120_000 }, async () => {
      const { context, page } = await freshPage(app, { colorScheme });
      try {
        await openScreen(page, app.url, '/settings');
        await page.getByLabel('Extra large', { exact: true }).check();
        await page.waitForFunction(() => document.documentElement.dataset.textSize === 'xlarge');
        await assertAxeClean(page, 'Settings, extra large text');
        await startCluethulhu(page, app.url);
        await assertAxeClean(page, 'dealing, extra large text');
        await dealAll(page);
        await page.getByText('Eyes closed', { exact: true }).waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.classList.contains('night')), 'eyes closed: night mode');
        await assertAxeClean(page, 'script, eyes closed, extra large text');
        for (let i = 0; i < 40 && (await page.getByText('Eyes open', { exact: true }).count()) === 0; i++) await answerStep(page);
        assert.ok(!(await page.evaluate(() => document.documentElement.classList.contains('night'))), 'eyes open: no night mode');
        await assertAxeClean(page, 'script, eyes open, extra large text');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `nothing runs off the side of the screen (${overflow}px)`);
      } finally {
        await context.close();
      }
    });
  });
}
