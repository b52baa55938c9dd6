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
      await page.locator('main h1', { hasText: 'Table' }).waitFor();
      await warning.waitFor();
      await page.locator('main').getByRole('link', { name: /Back/ }).first().click();
      await page.waitForURL((url) => !url.pathname.endsWith('/table'));
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
  /**
   * A browser like Firefox: persisted() answers at once, persist() shows the person a question
   * and waits for it (here: until the test answers through `lanternAnswer`, or never). Counts
   * every call of each.
   */
  async function promptingBrowser(context, { kept = false } = {}) {
    await context.addInitScript((kept) => {
      const w = /** @type {any} */ (window);
      const asked = (w.lanternPersistAsked = { persisted: 0, persist: 0 });
      StorageManager.prototype.persisted = async () => (asked.persisted++, kept);
      StorageManager.prototype.persist = () => {
        asked.persist++;
        return new Promise((resolve) => (w.lanternAnswer = resolve));
      };
    }, kept);
  }
  const asked = (page) => page.evaluate(() => /** @type {any} */ (window).lanternPersistAsked);
  const storageSection = (page) => page.locator('section', { has: page.getByRole('heading', { name: 'Saving games' }) });

  test('opening any screen asks nothing; Settings reads the state at once and asks only on the button', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app);
    await promptingBrowser(context);
    try {
      await startCluethulhu(page, app.url);
      await openScreen(page, app.url, '/');
      assert.equal((await asked(page)).persist, 0, 'the home screen asks nothing');
      await openScreen(page, app.url, '/settings');
      const storage = storageSection(page);
      // The state the browser can tell at once, not "Checking…" while a question waits.
      await storage.getByText('No: the browser may delete saved games if the phone runs short of space.').waitFor();
      assert.match(await storage.innerText(), /On this phone, in the browser’s database/);
      assert.doesNotMatch(await storage.innerText(), /Checking…/);
      assert.equal((await asked(page)).persist, 0, 'Settings asks nothing by itself');
      await storage.getByText(/Safari deletes a site’s data after seven days without a visit/).waitFor();

      const button = page.getByRole('button', { name: 'Ask the browser to keep the games', exact: true });
      await button.click();
      await storage.getByText('Waiting for the browser’s answer. It may be asking you: look for its question at the top of the screen.').waitFor();
      assert.equal(await button.isDisabled(), true);
      assert.equal((await asked(page)).persist, 1);
      // Left unanswered: after a few seconds the line says so and the button can be tapped again.
      await storage.getByText('The browser has not answered yet. If it shows a question, answer it; if not, ask again.').waitFor({ timeout: 15_000 });
      assert.equal(await button.isDisabled(), false);
      assert.match(await storage.innerText(), /No: the browser may delete saved games/);
      // The person answers the browser's question at last: the answer is taken.
      await page.evaluate(() => /** @type {any} */ (window).lanternAnswer(true));
      await storage.getByText('The browser agreed: it will not delete saved games to free space.').waitFor();
      await storage.getByText('Yes: the browser will not delete saved games to free space.').waitFor();
      assert.equal(await button.count(), 0);
      assert.equal((await asked(page)).persist, 1, 'one question for one tap');
    } finally {
      await context.close();
    }
  });

  test('starting a game asks once, as the set-up screen says, and the start does not wait for the answer', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app);
    await promptingBrowser(context);
    try {
      await page.goto(`${app.url}/new/cluethulhu`);
      await page.getByText('Starting the game also asks this browser to keep Lantern’s games on the phone.', { exact: false }).waitFor();
      assert.equal((await asked(page)).persist, 0, 'the set-up screen asks nothing by itself');
      // The browser's question is never answered: the game starts anyway.
      await startCluethulhu(page, app.url);
      assert.equal((await asked(page)).persist, 1);
    } finally {
      await context.close();
    }
  });

  test('a browser that already keeps the games is not asked, and Settings says so', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app);
    await promptingBrowser(context, { kept: true });
    try {
      await page.goto(`${app.url}/new/cluethulhu`);
      await page.getByRole('button', { name: 'Start game', exact: true }).waitFor();
      assert.equal(await page.getByText(/also asks this browser to keep/).count(), 0);
      await startCluethulhu(page, app.url);
      await openScreen(page, app.url, '/settings');
      await storageSection(page).getByText('Yes: the browser will not delete saved games to free space.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Ask the browser to keep the games' }).count(), 0);
      assert.equal((await asked(page)).persist, 0);
    } finally {
      await context.close();
    }
  });

  test('a browser with no storage manager: the home screen says once what that means, with the backup one tap away', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app);
    // As WebKitGTK: no navigator.storage at all.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'storage', { get: () => undefined, configurable: true }));
    try {
      const note = page.getByRole('region', { name: 'Keeping your games in this browser' });
      await openScreen(page, app.url, '/');
      assert.equal(await note.count(), 0, 'no note before any game is kept');
      await startCluethulhu(page, app.url);
      await openScreen(page, app.url, '/');
      await note.waitFor();
      assert.match(await note.innerText(), /Safari deletes a site’s data after seven days without a visit/);
      assert.match(await note.innerText(), /add Lantern to the Home Screen/);
      await assertAxeClean(page, 'the note about keeping games');
      await note.getByRole('link', { name: 'Make a backup' }).click();
      await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
      await openScreen(page, app.url, '/');
      await note.getByRole('button', { name: 'Got it, do not show this again' }).click();
      await note.waitFor({ state: 'detached' });
      // Gone for good: not on the next visit either.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your games' }).waitFor();
      await page.locator('main li').first().waitFor();
      assert.equal(await note.count(), 0);
      // Settings still says it, plainly, with no button to ask.
      await openScreen(page, app.url, '/settings');
      const storage = storageSection(page);
      await storage.getByText('No: the browser may delete saved games if the phone runs short of space.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Ask the browser to keep the games' }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
