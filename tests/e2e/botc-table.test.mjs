/**
 * Blood on the Clocktower at a real table, in the built app at 412×823 with touch: the random
 * bag says in view why it cannot draw a legal bag; a Fabled chosen at the set-up is on the first
 * night's list at its place and in the circle's centre; three Village Idiots set up (copies
 * added, each counted) and dealt.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { dealAll, SEVEN } from './keeper.mjs';

const app = useApp();
const TABLE = { viewport: { width: 412, height: 823 } };

/** Loads `items` as a script file on the set-up screen and waits for it to be chosen. */
async function loadScript(page, name, items) {
  const file = JSON.stringify([{ id: '_meta', name, author: 'Lantern tests' }, ...items]);
  await page.getByLabel('Choose a script file', { exact: true }).setInputFiles({ name: 'script.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  const radio = page.getByRole('radio', { name, exact: true });
  await radio.waitFor();
  assert.ok(await radio.isChecked(), `${name} is the script chosen`);
}

const TOWNSFOLK = ['washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'undertaker', 'monk', 'ravenkeeper'];

describe('Blood on the Clocktower at a real table', () => {
  test('the random bag says in view why no legal bag exists, and what it leaves to the Storyteller', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, TABLE);
    try {
      await page.goto(`${app.url}/new/botc`);
      // The Baron is the only Minion a draw can take (the Godfather's set-up is the Storyteller's):
      // every bag needs two Outsiders, and the script has one.
      await loadScript(page, 'One Outsider', [...TOWNSFOLK, 'saint', 'baron', 'godfather', 'imp']);
      for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
      await page.getByRole('button', { name: 'Random bag', exact: true }).click();
      const why = page.getByTestId('bag-why');
      await why.waitFor();
      assert.ok(await why.isVisible(), 'the reason is on screen, not only for a screen reader');
      const box = await why.boundingBox();
      assert.ok(box && box.width > 100 && box.height > 20, `drawn at a readable size: ${JSON.stringify(box)}`);
      assert.deepEqual(await why.locator('p').allTextContents(), [
        'No legal bag can be drawn: it needs 2 Outsiders, and the random bag can take only 1 from this script.',
        'The random bag never takes these, as their set-up is yours to decide: Godfather. Choose them below.'
      ]);
      assert.equal(await page.locator('input[type="checkbox"]:checked').count(), 0, 'nothing was put in the bag');
    } finally {
      await context.close();
    }
  });

  test('a Fabled in play is on the night list at its place, and in the centre of the grimoire', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage(app, TABLE);
    try {
      await page.goto(`${app.url}/new/botc`);
      await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
      await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
      for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
      await page.getByRole('button', { name: 'Random bag', exact: true }).click();
      await page.getByRole('button', { name: 'Draw three bluffs', exact: true }).click();
      await page.locator('details.travellers summary', { hasText: 'Fabled' }).click();
      await page.getByRole('checkbox', { name: 'Toymaker', exact: true }).check();
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await dealAll(page);
      await page.getByRole('heading', { name: 'Night 1', exact: true }).waitFor();
      const lines = await page.locator('ol.lines > li').evaluateAll((els) => els.map((el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
      // The publisher's first night: dusk, then the Toymaker, before Minion info.
      assert.match(lines[0], /^Dusk/);
      assert.match(lines[1], /^Toymaker Fabled in the centre of the grimoire/, lines.join('\n'));
      assert.match(lines[2], /^Minion info/);
      const centre = page.getByTestId('grimoire-circle').locator('.centre');
      assert.match((await centre.textContent()) ?? '', /^Fabled: Toymaker · Bluffs: /);
      // Public: still in the centre with the grimoire closed.
      await page.getByRole('button', { name: 'Close the grimoire', exact: true }).click();
      assert.equal(await centre.textContent(), 'Fabled: Toymaker');
    } finally {
      await context.close();
    }
  });

  test('three Village Idiots: copies added at the set-up, each counted, and dealt to three players', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage(app, TABLE);
    try {
      await page.goto(`${app.url}/new/botc`);
      await loadScript(page, 'Idiots', ['villageidiot', ...TOWNSFOLK, 'saint', 'poisoner', 'imp']);
      for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
      for (const name of ['Village Idiot', 'Chef', 'Empath', 'Poisoner', 'Imp']) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
      const more = page.getByRole('button', { name: 'One more Village Idiot', exact: true });
      const fewer = page.getByRole('button', { name: 'One fewer Village Idiot', exact: true });
      assert.ok(await fewer.isDisabled(), 'one copy cannot go below one');
      await more.click();
      await more.click();
      assert.equal(await page.getByTestId('copies-villageidiot').textContent(), '3 copies');
      // The bag is full (seven characters for seven players): no fourth copy.
      assert.ok(await more.isDisabled(), 'no more copies than seats');
      for (const b of [more, fewer]) {
        const box = await b.boundingBox();
        assert.ok(box && box.width >= 44 && box.height >= 44, `the copy buttons are 44 px to tap: ${JSON.stringify(box)}`);
      }
      const counts = await page.locator('table.counts tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent?.trim())));
      assert.deepEqual(counts, [['5', '5'], ['0', '0'], ['1', '1'], ['1', '1']], 'each copy is counted as a Townsfolk');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await dealAll(page);
      await page.getByRole('heading', { name: 'Night 1', exact: true }).waitFor();
      const characters = await page.getByTestId('grimoire-circle').locator('.character').allTextContents();
      assert.equal(characters.filter((c) => c.trim() === 'Village Idiot').length, 3, characters.join(', '));
    } finally {
      await context.close();
    }
  });
});
