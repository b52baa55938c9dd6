/**
 * The detective's notebook in the built app on a phone (412 × 823, touch): a plain Cluedo game
 * for three set up with the owner's own cards, three suggestions recorded (the page reloaded
 * after each and the grid coming back the same), a card deduced from a shown card and what its
 * holder could not show, with its reason on a tap. Axe-clean once on each kind of screen (the
 * set-up, the notebook, a record's form).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';

const app = useApp();
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NAMES = ['Ania', 'Ben', 'Cela'];
const MINE = ['Miss Scarlett', 'Colonel Mustard', 'Candlestick', 'Dagger', 'Kitchen', 'Ballroom'];

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

async function waitForNotebook(page) {
  await page.waitForFunction(() => document.querySelector('main[data-seq] tr[data-card]') !== null, undefined, { timeout: 15_000, polling: 50 });
}

/** The grid as the owner reads it: each card's marks and its chance of being in the envelope. */
const gridState = (page) =>
  page.evaluate(() => ({
    envelope: [...document.querySelectorAll('[data-envelope]')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim()),
    rows: [...document.querySelectorAll('tr[data-card]')].map((tr) => [...tr.children].map((cell) => cell.textContent?.trim()).join(' '))
  }));

/** Records a suggestion through its form; the page is reloaded once it is stored. */
async function suggest(page, { by, suspect, weapon, room, shower, card }) {
  await page.getByRole('navigation', { name: 'Record' }).getByRole('button', { name: 'Suggestion', exact: true }).click();
  const form = page.locator('form.move-form');
  await form.getByLabel('Who made the suggestion').selectOption({ label: by });
  await form.getByLabel('Suspect', { exact: true }).selectOption({ label: suspect });
  await form.getByLabel('Weapon', { exact: true }).selectOption({ label: weapon });
  await form.getByLabel('Room', { exact: true }).selectOption({ label: room });
  await form.getByLabel('Who showed a card').selectOption({ label: shower });
  if (card) await form.getByLabel('Which card you were shown').selectOption({ label: card });
  const before = await seqOf(page);
  await form.getByRole('button', { name: 'Record', exact: true }).click();
  await page.waitForFunction((s) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > s, before, { timeout: 15_000, polling: 20 });
  await waitForNotebook(page);
  const shown = await gridState(page);
  await page.reload();
  await waitForNotebook(page);
  assert.deepEqual(await gridState(page), shown, 'the reload brings back the same notebook');
  return shown;
}

describe("Detective's notebook", () => {
  test('plain Cluedo for three: suggestions recorded, a card deduced and explained, a reload after every record', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE);
    try {
      await page.goto(`${app.url}/new/notebook`);
      await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
      for (let i = 0; i < 3; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
      await page.getByText('Each player holds 6 cards.').waitFor();
      await page.getByRole('radio', { name: 'Ania', exact: true }).check();
      for (const card of MINE) await page.getByRole('checkbox', { name: card, exact: true }).check();
      await page.getByText('You hold 6 cards; marked: 6.').waitFor();
      await assertAxeClean(page, 'the set-up');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForNotebook(page);
      await page.getByRole('heading', { name: "Ania's notebook" }).waitFor();
      // The owner's own cards are known from the start: hers, nobody else's, not in the envelope.
      const start = await gridState(page);
      assert.match(start.rows[0], /^Miss Scarlett ✓ ✗ ✗ ✗ 0%$/);
      assert.match(start.rows[4], /^Mrs Peacock ✗ · · · 25%$/);
      // The grid scrolls sideways on its own: the page itself does not.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than the phone');
      await assertAxeClean(page, 'the notebook');

      await page.getByRole('navigation', { name: 'Record' }).getByRole('button', { name: 'Suggestion', exact: true }).click();
      await page.locator('form.move-form').getByLabel('Who showed a card').selectOption({ label: 'Ben' });
      await assertAxeClean(page, 'a suggestion form');
      await page.locator('form.move-form').getByRole('button', { name: 'Cancel', exact: true }).click();

      await suggest(page, { by: 'Ania', suspect: 'Mrs White', weapon: 'Lead Piping', room: 'Conservatory', shower: 'Ben', card: 'Mrs White' });
      await suggest(page, { by: 'Cela', suspect: 'Professor Plum', weapon: 'Rope', room: 'Hall', shower: 'Nobody' });
      const after = await suggest(page, { by: 'Cela', suspect: 'Professor Plum', weapon: 'Rope', room: 'Study', shower: 'Ben' });
      // Ben showed a card for Plum, Rope or Study and has neither Plum nor Rope: the Study is his.
      assert.match(after.rows.find((r) => r.startsWith('Study')), /^Study ✗ ✓ ✗ ✗ 0%$/);

      await page.getByRole('button', { name: 'Ben: Has it — Study', exact: true }).click();
      const why = page.locator('.why');
      await why.getByText(/showed a card for Professor Plum, Rope or Study and has neither Professor Plum nor Rope, so it was Study\./).waitFor();
      await page.getByRole('button', { name: 'Ben: Has not — Professor Plum', exact: true }).click();
      await why.getByText(/could not show a card for Professor Plum, Rope or Hall\./).waitFor();
      await page.getByRole('button', { name: 'Cela: Unknown — Mrs Peacock', exact: true }).click();
      await why.getByText(/^Chance: \d+%\.$/).waitFor();
    } finally {
      await context.close();
    }
  });
});
