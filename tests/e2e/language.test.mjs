/**
 * A phone set to Polish: its shared texts are not in the first visit's bundle (only English is),
 * yet the very first screen is drawn in Polish, with no English flash, and so are the screens
 * opened offline afterwards.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';

const app = useApp();

describe('a phone in Polish', () => {
  test('draws its first screen in Polish, online and then offline', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'pl-PL' });
    try {
      // Every heading text the page ever draws, from the first mutation on.
      await context.addInitScript(() => {
        const seen = (/** @type {any} */ (window).__headings = []);
        new MutationObserver(() => {
          const h1 = document.querySelector('main h1')?.textContent?.trim();
          if (h1 && seen.at(-1) !== h1) seen.push(h1);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(app.url + '/');
      await page.getByRole('heading', { level: 1, name: 'Twoje gry' }).waitFor();
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__headings), ['Twoje gry']);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');

      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await page.goto(app.url + '/settings');
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__headings), ['Ustawienia']);
    } finally {
      await context.close();
    }
  });
});
