/**
 * Setting up a game without friction, in the built app: names typed with Enter between them
 * never start the game, going back from the deal finds the setup as it was (also after a
 * reload), and Start again never makes a second game: the same game when nothing changed, a
 * replacement when something did.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { waitForGameScreen } from './keeper.mjs';

const app = useApp();

const NAMES = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay', 'Gus'];

/** The ids of the games stored on this phone. */
function storedGames(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lantern');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('games', 'readonly').objectStore('games').getAllKeys();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      })
  );
}

const gameId = (page) => new URL(page.url()).pathname.split('/').pop();

describe('setting up', () => {
  test('Enter moves through the names; back from the deal keeps the setup; Start again makes no second game', async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(app.url + '/new/cluethulhu');
      const first = page.getByLabel('Player 1', { exact: true });
      await first.waitFor();
      await first.focus();
      for (const name of NAMES) {
        await page.keyboard.type(name);
        await page.keyboard.press('Enter');
      }
      // Seven names and seven Enters: still on the set-up, now in a new eighth row.
      assert.equal(new URL(page.url()).pathname, '/new/cluethulhu', 'Enter never started the game');
      const eighth = page.getByLabel('Player 8', { exact: true });
      assert.equal(await eighth.evaluate((el) => el === document.activeElement), true, 'the focus is in the new row');
      await page.keyboard.type('Hal');
      for (const [i, name] of [...NAMES, 'Hal'].entries()) {
        assert.equal(await page.getByLabel(`Player ${i + 1}`, { exact: true }).inputValue(), name);
      }
      assert.equal(await page.locator('[role="alert"]').count(), 0, 'no problem list: Start was never pressed');
      await page.getByText('Wizard', { exact: true }).click();

      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForGameScreen(page);
      const started = gameId(page);

      // Back from the deal: the form as it was, and a word on the game waiting for its deal.
      await page.goBack();
      await page.getByLabel('Player 8', { exact: true }).waitFor();
      assert.equal(await page.getByLabel('Player 8', { exact: true }).inputValue(), 'Hal');
      assert.equal(await page.getByLabel('Wizard', { exact: true }).isChecked(), true);
      await page.getByText('waiting for its deal').waitFor();

      // Start again with nothing changed: the same game.
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      assert.equal(gameId(page), started);
      assert.deepEqual(await storedGames(page), [started]);

      // Back, a reload (the draft is stored, not only in memory), one name corrected, Start:
      // the corrected game replaces the first.
      await page.goBack();
      await page.getByLabel('Player 8', { exact: true }).waitFor();
      await page.reload();
      const hal = page.getByLabel('Player 8', { exact: true });
      await hal.waitFor();
      assert.equal(await hal.inputValue(), 'Hal');
      await hal.fill('Hank');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL((url) => /\/game\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(started));
      await waitForGameScreen(page);
      const replaced = gameId(page);
      assert.deepEqual(await storedGames(page), [replaced], 'one game: the corrected one');
    } finally {
      await context.close();
    }
  });
});
