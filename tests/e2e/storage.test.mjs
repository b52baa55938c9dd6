/**
 * Storage that does not cooperate, in the built app: a disk that fills up mid-game, a browser
 * with no IndexedDB at all, and one that refuses to open it. Each time the Keeper is told
 * plainly and the table keeps playing. And Settings shows whether the browser promised to keep
 * the games.
 *
 * The full disk is simulated in the page: Chromium's DevTools quota override
 * (Storage.overrideQuotaForOrigin) does not take effect in the Chromium used here, so an init
 * script makes IndexedDB's add/put throw the browser's QuotaExceededError while a flag is set.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { axeViolations, describeViolations, freshPage, openScreen, useApp, waitForServiceWorkerControl } from './harness.mjs';
import { answerStep, dealAll, openTool, screenState, startCluethulhu, waitForGameScreen } from './keeper.mjs';
import { assertWholeGame, readStoredGame } from './lantern-db.mjs';

const app = useApp();

const NOT_SAVED = 'Not being saved: the phone’s storage is full';
const NO_STORAGE = 'Saving is not available in this browser; a reload will lose the game.';

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Plays a fresh game through the deal and two steps: the table can play. */
async function playSomeSteps(page) {
  await startCluethulhu(page, app.url);
  const dealt = await dealAll(page);
  assert.equal(dealt.stage, 'play');
  const one = await answerStep(page);
  const two = await answerStep(page);
  assert.equal(two.seq, one.seq + 1);
  return two;
}

/** Makes IndexedDB's add and put throw the browser's QuotaExceededError while `lanternDiskFull` is set. */
function fillableDisk() {
  for (const name of ['add', 'put']) {
    const original = IDBObjectStore.prototype[name];
    IDBObjectStore.prototype[name] = function (...args) {
      if (/** @type {any} */ (globalThis).lanternDiskFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  }
}

const setDiskFull = (page, full) => page.evaluate((full) => (/** @type {any} */ (globalThis).lanternDiskFull = full), full);

describe('a full disk mid-game', () => {
  test('the game carries on in memory with a plain warning, then "Try saving again" saves every move', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    await context.addInitScript(fillableDisk);
    try {
      const id = await startCluethulhu(page, app.url);
      await dealAll(page);
      const saved = await answerStep(page);

      await setDiskFull(page, true);
      const first = await answerStep(page);
      assert.equal(first.seq, saved.seq + 1, 'the refused move is played all the same');
      const warning = page.getByRole('alert').filter({ hasText: NOT_SAVED });
      await warning.waitFor();
      assert.match(await warning.innerText(), /closing or reloading it now would lose every move/);
      await assertAxeClean(page, 'script with the not-saved warning');
      let state = first;
      for (let i = 0; i < 3; i++) state = await answerStep(page);
      assert.equal((await readStoredGame(page, id)).game.seq, saved.seq, 'nothing more reached the disk');

      // Closing the page now would lose the game: the browser asks first.
      const asked = new Promise((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.dismiss();
        })
      );
      await page.close({ runBeforeUnload: true });
      const none = new Promise((resolve) => setTimeout(() => resolve('no dialog'), 5_000));
      assert.equal(await Promise.race([asked, none]), 'beforeunload');
      assert.equal(page.isClosed(), false, 'the page stays open when the Keeper chooses to stay');

      // Moving around the app (the table, then back) keeps the game as played.
      await openTool(page, 'Table');
      await page.waitForURL(/\/table$/);
      await warning.waitFor();
      await page.getByRole('link', { name: /Back/ }).first().click();
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), state);

      // Still full: it says so and keeps the game.
      await page.getByRole('button', { name: 'Try saving again', exact: true }).click();
      await page.getByText('Still not saved: the storage is still full.').waitFor();
      assert.equal((await readStoredGame(page, id)).game.seq, saved.seq);

      // Space freed: everything is written, the warning goes, and later moves are saved as usual.
      await setDiskFull(page, false);
      await page.getByRole('button', { name: 'Try saving again', exact: true }).click();
      await page.getByText('Saved: every move is on the phone again.').waitFor();
      assert.equal(await warning.count(), 0);
      await assertWholeGame(await readStoredGame(page, id), 'after saving again');
      assert.equal((await readStoredGame(page, id)).game.seq, state.seq);
      const later = await answerStep(page);
      assert.equal((await readStoredGame(page, id)).game.seq, later.seq);

      await page.reload();
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), later, 'a reload brings back every move');
    } finally {
      await context.close();
    }
  });

  test('an app update is not offered while a game is not saved: its reload would lose the game', { timeout: 120_000 }, async () => {
    // A copy of the build whose sw.js can change, as in updates.test.mjs.
    const dir = await mkdtemp(join(tmpdir(), 'lantern-unsaved-update-'));
    await cp(fileURLToPath(new URL('../../build', import.meta.url)), dir, { recursive: true });
    const server = await startServer({ port: 0, root: dir });
    const { context, page } = await freshPage(app);
    await context.addInitScript(fillableDisk);
    try {
      await page.goto(server.url + '/');
      await waitForServiceWorkerControl(page);
      await startCluethulhu(page, server.url);
      await dealAll(page);
      await setDiskFull(page, true);
      await answerStep(page);
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: NOT_SAVED }).waitFor();

      const sw = join(dir, 'sw.js');
      await writeFile(sw, (await readFile(sw, 'utf8')) + '\n// the next version\n');
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      // The new version is installed and waiting: the app has been told it may offer it.
      for (let tries = 0; ; tries++) {
        const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
        if (waiting === 'installed') break;
        assert.ok(tries < 150, 'the new version installs');
        await page.waitForTimeout(100);
      }
      const banner = page.getByRole('status').filter({ hasText: 'Update ready' });
      await assert.rejects(banner.waitFor({ timeout: 2_000 }), 'no update offer while the game is not saved');

      await setDiskFull(page, false);
      await page.getByRole('button', { name: 'Try saving again', exact: true }).click();
      await page.getByText('Saved: every move is on the phone again.').waitFor();
      await banner.waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a browser that cannot keep data', () => {
  test('with no IndexedDB at all, the app says a reload will lose the game, and the game plays', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    try {
      await openScreen(page, app.url, '/');
      assert.equal(await page.evaluate(() => typeof window.indexedDB), 'undefined');
      await page.getByText(NO_STORAGE).waitFor();
      await assertAxeClean(page, 'home without IndexedDB');
      await playSomeSteps(page);
      await page.getByText(NO_STORAGE).waitFor();

      // In-app navigation keeps the game; Settings says where games are kept.
      await page.getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const storage = page.locator('section', { has: page.getByRole('heading', { name: 'Saving games' }) });
      assert.match(await storage.innerText(), /Nowhere: only until the page is closed/);
      assert.match(await storage.innerText(), /Nothing to protect: games are not kept on this phone\./);
    } finally {
      await context.close();
    }
  });

  test('with IndexedDB refused by the browser, the same message, and the game plays', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    await context.addInitScript(() => {
      IDBFactory.prototype.open = function () {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    });
    try {
      await openScreen(page, app.url, '/');
      await page.getByText(NO_STORAGE).waitFor();
      await playSomeSteps(page);
    } finally {
      await context.close();
    }
  });
});

describe('persistent storage', () => {
  for (const granted of [true, false]) {
    test(`Settings shows the browser's answer to the request to keep the games (${granted ? 'granted' : 'refused'})`, { timeout: 60_000 }, async () => {
      const { context, page } = await freshPage(app);
      await context.addInitScript((granted) => {
        const asked = { persisted: 0, persist: 0 };
        /** @type {any} */ (window).lanternPersistAsked = asked;
        StorageManager.prototype.persisted = async () => (asked.persisted++, false);
        StorageManager.prototype.persist = async () => (asked.persist++, granted);
      }, granted);
      try {
        await openScreen(page, app.url, '/settings');
        const storage = page.locator('section', { has: page.getByRole('heading', { name: 'Saving games' }) });
        const answer = granted
          ? 'Yes: the browser will not delete saved games to free space.'
          : 'No: the browser may delete saved games if the phone runs short of space.';
        await storage.getByText(answer).waitFor();
        assert.match(await storage.innerText(), /On this phone, in the browser’s database/);
        assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).lanternPersistAsked), { persisted: 1, persist: 1 });
      } finally {
        await context.close();
      }
    });
  }
});
