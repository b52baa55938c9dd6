/**
 * Lantern built for a sub-path, as GitHub Pages serves a project site
 * (https://<owner>.github.io/lantern/): installable with its manifest and service worker scoped
 * to /lantern/, every link staying under it, and after one online visit the home screen and the
 * deep links a moderator reopens (a game's set-up, a game, its table) working offline.
 *
 * The test makes that build itself (BASE_PATH=/lantern into build-lantern/, one more `vite
 * build`), so it always checks the current source; the build's own output is checked too.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { freshPage, freshProfile, openScreen, waitForServiceWorkerControl } from './harness.mjs';
import { startCluethulhu, waitForGameScreen } from './keeper.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE = '/lantern';
const OUT = 'build-lantern';

/** Runs `vite build` for BASE into OUT; resolves with everything it printed. */
function buildUnderBase() {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/vite'), ['build'], {
      cwd: ROOT,
      env: { ...process.env, BASE_PATH: BASE, BUILD_DIR: OUT, NO_COLOR: '1', FORCE_COLOR: '0' }
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`vite build exited with ${code}:\n${output.slice(-3000)}`))
    );
  });
}

const app = {
  /** @type {string} */ url: '',
  /** @type {string} */ origin: '',
  /** @type {string} */ buildLog: '',
  /** @type {import('playwright-core').Browser} */ browser: /** @type {any} */ (null),
  /** @type {() => Promise<void>} */ close: async () => {}
};

before(
  async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install chromium.');
    app.buildLog = await buildUnderBase();
    const server = await startServer({ port: 0, root: join(ROOT, OUT) });
    app.url = server.url;
    app.origin = new URL(server.url).origin;
    app.browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    app.close = async () => {
      await app.browser.close();
      await server.close();
    };
  },
  { timeout: 300_000 }
);
after(async () => {
  await app.close();
  await rm(join(ROOT, OUT), { recursive: true, force: true });
});

/** Every link on the page, as written in its href. */
function hrefs(page) {
  return page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('the build', () => {
  test('prints no warning and no advice the README contradicts', () => {
    const log = app.buildLog;
    assert.match(log, /Wrote site to "build-lantern"/);
    assert.doesNotMatch(log, /warning/i, 'no warnings block');
    assert.doesNotMatch(log, /glob pattern/i);
    assert.doesNotMatch(log, /PLUGIN_TIMINGS/);
    // Kit's closing hint names `npm run preview`; package.json makes it serve the build.
    const preview = log.match(/Run (.+?) to preview/)?.[1];
    if (preview) assert.equal(preview.trim(), 'npm run preview');
  });

  test('is served under /lantern/ only', async () => {
    const root = await fetch(app.origin + '/', { redirect: 'manual' });
    assert.equal(root.status, 301);
    assert.equal(root.headers.get('location'), `${BASE}/`);
    assert.equal((await fetch(app.origin + '/new/cluethulhu')).status, 404, 'nothing outside the base');
    assert.equal((await fetch(app.url + '/new/cluethulhu')).status, 200);
  });
});

describe('installable under a sub-path', () => {
  test('no installability errors; the manifest, icons and worker are all scoped to /lantern/', async () => {
    const profile = await freshProfile();
    try {
      const { page, context } = profile;
      await page.goto(app.url + '/');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);

      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      assert.equal(new URL(url).pathname, `${BASE}/manifest.webmanifest`);
      assert.deepEqual(errors, []);
      const manifest = JSON.parse(data ?? '{}');
      assert.equal(manifest.start_url, `${BASE}/`);
      assert.equal(manifest.scope, `${BASE}/`);
      assert.equal(manifest.id, `${BASE}/`);
      for (const icon of manifest.icons) {
        assert.ok(icon.src.startsWith(`${BASE}/`), icon.src);
        const image = await fetch(new URL(icon.src, app.origin));
        assert.equal(image.status, 200, icon.src);
        assert.equal(image.headers.get('content-type'), icon.type, icon.src);
      }

      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      assert.equal(scope, `${app.url}/`);
      // The tab icon is in the page itself (a data: address); what is linked by address is under
      // the sub-path.
      const head = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map(
          (l) => /** @type {HTMLLinkElement} */ (l).href
        )
      );
      assert.equal(head.length, 3, 'icon, touch icon and manifest are linked');
      for (const href of head) {
        if (href.startsWith('data:image/svg+xml,')) continue;
        assert.ok(new URL(href).pathname.startsWith(`${BASE}/`), href);
      }
      assert.equal(head.filter((href) => href.startsWith('data:')).length, 1, 'only the tab icon is inline');
    } finally {
      await profile.close();
    }
  });
});

describe('offline under a sub-path', () => {
  test('after one online visit, a reload and the deep links to a set-up, a game and its table open offline', async () => {
    const { context, page } = await freshPage(app);
    try {
      await openScreen(page, app.url + '/', './');
      await waitForServiceWorkerControl(page);
      for (const href of await hrefs(page)) assert.ok(href.startsWith(`${BASE}/`), `home links under the base: ${href}`);

      // Through the app's own links, as a moderator would: home → new game → Cluethulhu.
      await page.getByRole('link', { name: 'New game' }).click();
      await page.waitForURL(`${app.url}/new`);
      await page.getByRole('link', { name: 'Cluethulhu' }).click();
      await page.waitForURL(`${app.url}/new/cluethulhu`);
      const id = await startCluethulhu(page, app.url);
      assert.equal(new URL(page.url()).pathname, `${BASE}/game/${id}`);
      for (const href of await hrefs(page)) assert.ok(href.startsWith(`${BASE}/`), `game links under the base: ${href}`);

      await context.setOffline(true);
      const reachable = await page.evaluate(async (url) => {
        try {
          await fetch(url + '/does-not-exist-' + Date.now(), { cache: 'no-store' });
          return true;
        } catch {
          return false;
        }
      }, app.url);
      assert.equal(reachable, false, 'the network is cut');

      await page.reload();
      await waitForGameScreen(page);
      assert.equal(await page.locator('main').getAttribute('data-stage'), 'dealing', 'the game reopens offline');

      await openScreen(page, app.url + '/', './');
      assert.equal(await page.getByRole('link', { name: 'Cluethulhu' }).count(), 1, 'the home screen lists the game');
      await openScreen(page, app.url + '/', 'new/cluethulhu');
      // The form is drawn once the game's texts and the draft are read.
      await page.getByRole('button', { name: 'Start game' }).waitFor({ timeout: 15_000 }).catch(() => {});
      assert.equal(await page.getByRole('button', { name: 'Start game' }).count(), 1, 'the set-up form opens');

      await page.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(page);
      assert.equal(await page.locator('main').getAttribute('data-stage'), 'dealing');

      await page.goto(`${app.url}/game/${id}/table`);
      await page.locator('main[data-seq] h1').waitFor({ timeout: 15_000 });
      assert.ok(await page.getByRole('link', { name: /back/i }).count(), 'the table opens, with its way back');
      for (const href of await hrefs(page)) assert.ok(href.startsWith(`${BASE}/`), `table links under the base: ${href}`);
    } finally {
      await context.close();
    }
  });
});
