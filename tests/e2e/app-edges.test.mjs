/**
 * The app's own edges: an unknown address gets Lantern's translated "no such page" with a way
 * home; the window title follows a language switch; Settings asks the browser to keep the games
 * when it has not promised to, and says what it answered.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';

const app = useApp();

describe('the app’s edges', () => {
  test('an unknown path shows the app’s own page in its language, with a way home', { timeout: 60_000 }, async () => {
    for (const [locale, title, windowTitle, home, heading] of [
      ['en-GB', 'There is no such page', 'Page not found · Lantern', 'Go to your games', 'Your games'],
      ['pl-PL', 'Nie ma takiej strony', 'Nie ma takiej strony · Lantern', 'Przejdź do swoich gier', 'Twoje gry']
    ]) {
      const { context, page } = await freshPage(app, { locale });
      try {
        await page.goto(`${app.url}/no/such/page`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        assert.equal(await page.title(), windowTitle);
        const violations = await axeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));
        await page.getByRole('link', { name: home, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      } finally {
        await context.close();
      }
    }
  });

  test('the window title follows a language switch', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      await page.goto(`${app.url}/settings`);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      assert.equal(await page.title(), 'Settings · Lantern');
      await page.locator('label[for="lang-pl"]').click();
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
      await page.waitForFunction(() => document.title === 'Ustawienia · Lantern');
      await page.getByRole('link', { name: 'Start', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Twoje gry' }).waitFor();
      await page.goto(`${app.url}/new/cluethulhu`);
      await page.waitForFunction(() => document.title === 'Przygotowanie: Cluethulhu · Lantern');
    } finally {
      await context.close();
    }
  });

  test('Settings asks the browser to keep the games, and says what it answered', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      // A browser that has promised nothing and says yes once a person asks (it is never asked
      // by the app on its own).
      await context.addInitScript(() => {
        let kept = false;
        Object.defineProperty(navigator.storage, 'persisted', { value: async () => kept, configurable: true });
        Object.defineProperty(navigator.storage, 'persist', {
          value: async () => (kept = true),
          configurable: true
        });
      });
      await page.goto(`${app.url}/settings`);
      await page.getByText('No: the browser may delete saved games if the phone runs short of space.').waitFor();
      await page.getByRole('button', { name: 'Ask the browser to keep the games', exact: true }).click();
      await page.getByText('The browser agreed: it will not delete saved games to free space.').waitFor();
      await page.getByText('Yes: the browser will not delete saved games to free space.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Ask the browser to keep the games' }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
