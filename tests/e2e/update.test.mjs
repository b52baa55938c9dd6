/**
 * A new version never takes over by itself: the waiting service worker is announced, and only
 * the Keeper's "Reload" switches to it. The new version is simulated by serving a copy of the
 * build whose sw.js changed by one comment, which is all a browser needs to see an update.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { useApp, waitForServiceWorkerControl } from './harness.mjs';

const app = useApp();
const BUILD = fileURLToPath(new URL('../../build', import.meta.url));

describe('updates', () => {
  /** @type {string} */ let dir;
  /** @type {Awaited<ReturnType<typeof startServer>>} */ let server;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lantern-update-'));
    await cp(BUILD, dir, { recursive: true });
    server = await startServer({ port: 0, root: dir });
  });
  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a new version waits until the Keeper chooses to reload', { timeout: 60_000 }, async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(server.url + '/');
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      await page.evaluate(() => Object.assign(window, { firstDocument: true }));

      const sw = join(dir, 'sw.js');
      await writeFile(sw, (await readFile(sw, 'utf8')) + '\n// the next version\n');
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const banner = page.getByRole('status').filter({ hasText: 'Update ready' });
      await banner.waitFor({ timeout: 15_000 });
      assert.equal(await page.evaluate(() => 'firstDocument' in window), true, 'nothing reloaded by itself');
      assert.equal(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
        'installed',
        'the new worker waits'
      );

      await banner.getByRole('button', { name: 'Reload', exact: true }).click();
      await page.waitForFunction(() => !('firstDocument' in window), undefined, { timeout: 15_000 });
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: r?.waiting ?? null, active: r?.active?.state };
      });
      assert.deepEqual(registration, { waiting: null, active: 'activated' });
      assert.equal(await banner.count(), 0, 'no offer once updated');
    } finally {
      await context.close();
    }
  });
});
