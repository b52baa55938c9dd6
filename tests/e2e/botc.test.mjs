/**
 * Blood on the Clocktower in the built app at a phone's size: Trouble Brewing loaded into the
 * phone's script library, seven players set up with a random legal bag and three bluffs, the
 * characters dealt by hold-to-see (each sees the character they think they are), the grimoire
 * opened on the first night, a reminder placed by a player, and the page reloaded: the reminder
 * is still there. Then dawn and the day's nominations. Axe-clean once on each screen.
 *
 * Every malformed or hostile script file of tests/botc-script-cases.ts (the list the unit suite
 * refuses) picked on the set-up screen: each says why in words, and the phone's storage stays
 * exactly as it was.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { peek, screenState, SEVEN, waitForCommit } from './keeper.mjs';
import { dumpIndexedDB } from './lantern-db.mjs';

const app = useApp();

/** @type {typeof import('../botc-script-cases.ts')} */
const { SCRIPT_CASES } = (
  await runnerImport(fileURLToPath(new URL('../botc-script-cases.ts', import.meta.url)), { configFile: false, logLevel: 'silent' })
).module;

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const circle = (page) => page.getByTestId('grimoire-circle');

async function waitForGrimoire(page) {
  await page.waitForFunction(() => document.querySelector('main[data-seq][data-stage="play"] [data-testid="grimoire-circle"]') !== null, undefined, {
    timeout: 15_000,
    polling: 50
  });
}

describe('Blood on the Clocktower', () => {
  test('load Trouble Brewing, set up seven players, deal, open the grimoire, place a reminder, reload: it is still there', { timeout: 180_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(`${app.url}/new/botc`);
      await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
      await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
      assert.ok(await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).isChecked());
      await page.getByRole('heading', { name: 'Jinxes', exact: true }).waitFor();

      for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
      await page.getByRole('button', { name: 'Random bag', exact: true }).click();
      await page.getByRole('button', { name: 'Draw three bluffs', exact: true }).click();
      // The bag holds the table's counts for 7: 5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon (or as the Baron changes them).
      const counts = await page.locator('table.counts tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent?.trim())));
      for (const [expected, chosen] of counts) assert.equal(chosen, expected, `counts: ${JSON.stringify(counts)}`);
      await page.getByText('Blood on the Clocktower is a game by The Pandemonium Institute.', { exact: false }).waitFor();
      await assertAxeClean(page, 'the set-up');

      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await page.getByTestId('deal').waitFor();
      await assertAxeClean(page, 'the deal');

      // Each player, in seat order, holds to see the character they think they are: never the
      // Drunk itself (a drawn Drunk is shown a Townsfolk).
      const seen = [];
      for (let i = 0; i < SEVEN.length; i++) {
        const { seq } = await screenState(page);
        seen.push(await peek(page, () => page.getByTestId('role-card').locator('.role').textContent()));
        await page.getByRole('button', { name: 'Done, pass on', exact: true }).click();
        await waitForCommit(page, seq);
      }
      assert.equal((await screenState(page)).stage, 'play');
      assert.equal(seen.length, 7);
      assert.ok(!seen.includes('Drunk'), seen.join(', '));

      await waitForGrimoire(page);
      await page.getByRole('heading', { name: 'Night 1', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Night 1: the order', exact: true }).waitFor();
      await page.getByText('Minion info', { exact: true }).waitFor();
      await assertAxeClean(page, 'the grimoire by night');

      // Ada's seat: place the first reminder offered.
      await circle(page).getByRole('button').first().click();
      const select = page.getByLabel('Place a reminder', { exact: true });
      const option = await select.locator('option:not([value=""])').first();
      const label = (await option.textContent())?.trim() ?? '';
      await select.selectOption({ index: 1 });
      const { seq } = await screenState(page);
      await page.getByRole('button', { name: 'Place', exact: true }).click();
      await waitForCommit(page, seq);
      const reminder = label.replace(/ \(.*\)$/, '');
      await page.getByRole('button', { name: `Take off “${reminder}”`, exact: true }).waitFor();

      await page.reload();
      await waitForGrimoire(page);
      await circle(page).getByRole('button').first().click();
      await page.getByRole('button', { name: `Take off “${reminder}”`, exact: true }).waitFor();
      const seat = await circle(page).getByRole('button').first().textContent();
      assert.match(seat ?? '', new RegExp(`reminders: ${reminder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

      // Dawn, and the day's nominations: the grimoire closes by day.
      const before = (await screenState(page)).seq;
      await page.getByRole('button', { name: 'Dawn: end night 1', exact: true }).click();
      await waitForCommit(page, before);
      await page.getByText('Nobody died last night.', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Nominations', exact: true }).waitFor();
      assert.equal(await page.getByRole('heading', { name: /the order$/ }).count(), 0, 'the night list is not on screen by day');
      await assertAxeClean(page, 'the grimoire by day');
    } finally {
      await context.close();
    }
  });

  test('every hostile script file is refused with its message, and nothing stored changes', { timeout: 180_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(`${app.url}/new/botc`);
      await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
      await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
      const before = JSON.stringify(await dumpIndexedDB(page));
      const input = page.locator('input[type="file"]');
      for (const [i, c] of SCRIPT_CASES.entries()) {
        await input.setInputFiles({ name: 'script.json', mimeType: 'application/json', buffer: Buffer.from(c.text) });
        const alert = page.locator(`[data-testid="script-problem"][data-tries="${i + 1}"]`);
        await alert.waitFor({ timeout: 10_000 });
        assert.match((await alert.textContent()) ?? '', /Nothing was changed on this phone\./);
        const message = (await alert.locator('p').first().textContent()) ?? '';
        assert.ok(message.length > 10 && !/botc:|\{\{/.test(message), `${c.name}: ${message}`);
        for (const [k, v] of Object.entries(c.params ?? {})) if (k !== 'count' && (typeof v === 'string' || typeof v === 'number')) assert.ok(message.includes(String(v)), `${c.name}: “${message}” names ${v}`);
      }
      assert.equal(JSON.stringify(await dumpIndexedDB(page)), before, 'the phone’s storage is unchanged');
      assert.equal(await page.getByRole('group', { name: 'Scripts on this phone', exact: true }).getByRole('radio').count(), 1, 'the library still lists one script');
    } finally {
      await context.close();
    }
  });
});
