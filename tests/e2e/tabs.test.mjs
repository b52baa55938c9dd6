/**
 * One game open in two tabs of the same browser. Only one tab runs it; the other says so and
 * offers to take control, which moves the game over with every step made so far. Where the
 * browser has no Web Locks, a move made on a stale screen is refused by the storage and that
 * screen reloads the game instead. Either way the stored log has no gap and no double.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { answerStep, dealAll, screenState, startCluethulhu, waitForGameScreen } from './keeper.mjs';
import { assertWholeGame, readStoredGame } from './lantern-db.mjs';

const app = useApp();

const ELSEWHERE = 'This game is open in another tab';
const TAKEN = 'This game is now open in another tab';

/** Waits until `page` shows that another tab runs the game, and checks it cannot play. */
async function assertShut(page, heading) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  assert.equal(await page.locator('[data-testid="prompt"]').count(), 0, 'no step to read or answer');
  assert.equal(await page.locator('main button', { hasText: /^(Next|Hold to see your role|Done, pass on|Undo)$/ }).count(), 0, 'no button that plays');
  assert.equal(await page.getByRole('button', { name: 'Take control here', exact: true }).count(), 1);
}

async function takeControl(page) {
  await page.getByRole('button', { name: 'Take control here', exact: true }).click();
  await waitForGameScreen(page);
  return screenState(page);
}

describe('two tabs on one game', () => {
  test('only one tab plays; taking control moves the game over whole, back and forth', { timeout: 120_000 }, async (t) => {
    const { context, page: first } = await freshPage(app);
    try {
      const id = await startCluethulhu(first, app.url);
      await dealAll(first);
      await answerStep(first);

      const second = await context.newPage();
      await second.goto(`${app.url}/game/${id}`);
      await assertShut(second, ELSEWHERE);
      const violations = await axeViolations(second);
      assert.equal(violations.length, 0, describeViolations(violations));

      // The first tab plays on, undisturbed.
      const played = await answerStep(first);

      // Taking control in the second tab shows the latest step, and shuts the first.
      assert.deepEqual(await takeControl(second), played, 'the second tab resumes at the first tab’s last step');
      await assertShut(first, TAKEN);
      const there = await answerStep(second);
      assert.equal(there.seq, played.seq + 1);

      // And back again.
      assert.deepEqual(await takeControl(first), there, 'the first tab resumes at the second tab’s last step');
      await assertShut(second, TAKEN);
      const last = await answerStep(first);
      assert.equal(last.seq, there.seq + 1);

      const stored = await readStoredGame(first, id);
      assert.equal(stored.game.seq, last.seq);
      await assertWholeGame(stored, 'after two changes of tab');
      t.diagnostic(`${last.seq} entries, no gap, no double, snapshots equal to the replay`);
    } finally {
      await context.close();
    }
  });

  test('without Web Locks, a move on a stale screen is refused and that screen reloads the stored game', { timeout: 120_000 }, async () => {
    const { context, page: first } = await freshPage(app);
    // A browser with no Web Locks API: both tabs run the game.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
    });
    try {
      const id = await startCluethulhu(first, app.url);
      await dealAll(first);
      const second = await context.newPage();
      await second.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(second);
      const stale = await screenState(second);
      assert.deepEqual(stale, await screenState(first));

      const moved = await answerStep(first);
      // The second tab still shows the step before, and answers it.
      assert.deepEqual(await screenState(second), stale);
      const reloaded = await answerStep(second);
      assert.deepEqual(reloaded, moved, 'the stale tab now shows the stored game, not its own move');
      const alert = await second.locator('main [role="alert"]').first().textContent();
      assert.match(alert ?? '', /changed in another tab\. It has been reloaded/);

      const stored = await readStoredGame(first, id);
      assert.equal(stored.game.seq, moved.seq, 'the stale move was not stored');
      await assertWholeGame(stored, 'after a refused stale move');

      // From there the reloaded tab plays normally.
      const next = await answerStep(second);
      assert.equal(next.seq, moved.seq + 1);
      await assertWholeGame(await readStoredGame(second, id), 'after the reloaded tab played on');
    } finally {
      await context.close();
    }
  });
});
