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

  test('a phone in English with Polish chosen in Settings: a reload paints Polish first, and a tap lands', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-US' });
    try {
      await page.goto(app.url + '/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByLabel('Polski').check();
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();

      // From the next load on: the text of the first frame painted with anything on it (read
      // in the frame's requestAnimationFrame, just before it is painted), and every text the
      // header's links and the heading ever held.
      await context.addInitScript(() => {
        const w = /** @type {any} */ (window);
        w.__firstFrame = null;
        w.__texts = [];
        const look = () => {
          const text = document.body?.innerText.trim();
          if (text) w.__firstFrame = text;
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('main h1, header nav a')) {
            const text = el.textContent?.trim();
            if (text && !w.__texts.includes(text)) w.__texts.push(text);
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      for (const path of ['/', '/settings']) {
        await page.goto(app.url + path);
        await page.waitForFunction(() => /** @type {any} */ (window).__firstFrame !== null);
        const first = await page.evaluate(() => /** @type {any} */ (window).__firstFrame);
        assert.match(first, /Ustawienia/, `the first frame of ${path} is in Polish:\n${first}`);
        assert.doesNotMatch(first, /\b(Settings|Home|Your games|Language|New game)\b/, `no English in the first frame of ${path}:\n${first}`);
        const texts = await page.evaluate(() => /** @type {any} */ (window).__texts);
        assert.deepEqual(
          texts.filter((t) => ['Settings', 'Home', 'Your games'].includes(t)),
          [],
          `no English heading or link was ever drawn on ${path}: ${texts.join(' | ')}`
        );
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
      }
      // A tap as soon as the screen is there lands where it was aimed: nothing is redrawn under it.
      await page.goto(app.url + '/');
      await page.getByRole('link', { name: 'Ustawienia', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
