/**
 * The app as an installable, offline, private, accessible web app, independent of any game:
 * the manifest, the service worker taking over on the first visit, every route opening with
 * the network cut, nothing fetched from elsewhere, and axe passing on the main screens.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  axeViolations,
  collectForeignRequests,
  describeViolations,
  freshPage,
  freshProfile,
  openScreen,
  useApp,
  waitForServiceWorkerControl
} from './harness.mjs';
import { dealAll, startCluethulhu, waitForGameScreen } from './keeper.mjs';
import { WORDS, dealAndRead, setUpKtulu } from './manitou.mjs';

const app = useApp();

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  const signature = '89504e470d0a1a0a';
  assert.equal(bytes.subarray(0, 8).toString('hex'), signature, 'a PNG signature');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable web app', () => {
  test('Chromium finds no installability errors and the manifest describes Lantern', async () => {
    const profile = await freshProfile();
    try {
      const { page, context } = profile;
      await page.goto(app.url + '/');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);

      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      assert.equal(new URL(url).pathname, '/manifest.webmanifest');
      assert.deepEqual(errors, []);
      const manifest = JSON.parse(data ?? '{}');
      assert.equal(manifest.name, 'Lantern — a moderator\u2019s companion');
      assert.equal(manifest.short_name, 'Lantern');
      assert.equal(manifest.lang, 'en');
      assert.equal(manifest.start_url, '/');
      assert.equal(manifest.scope, '/');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.background_color, '#14121c');
      assert.equal(manifest.theme_color, '#14121c');
      assert.ok(manifest.description.length > 20, 'a real description');
    } finally {
      await profile.close();
    }
  });

  test('the page as served links nothing its first screen does not need: the tab icon is inside it, the manifest comes once it is painted', async () => {
    const html = await (await fetch(app.url + '/')).text();
    assert.doesNotMatch(html, /rel="manifest"/, 'no manifest linked in the page as served');
    const icon = html.match(/<link rel="icon" href="data:image\/svg\+xml,([^"]*)"/);
    assert.ok(icon, 'the tab icon is a data: address');
    const drawing = await (await fetch(app.url + '/favicon.svg')).text();
    assert.equal(decodeURIComponent(icon[1]), drawing.trim(), 'the same drawing as favicon.svg');

    const { context, page } = await freshPage(app);
    try {
      /** @type {string[]} */ const asked = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await openScreen(page, app.url, '/');
      await page.waitForSelector('link[rel="manifest"]', { state: 'attached' });
      const linked = await page.evaluate(() => document.querySelectorAll('link[rel="manifest"]').length);
      assert.equal(linked, 1, 'linked once');
      const href = await page.evaluate(() => /** @type {HTMLLinkElement} */ (document.querySelector('link[rel="manifest"]')).href);
      assert.equal(new URL(href).pathname, '/manifest.webmanifest');
      assert.ok(!asked.includes('/favicon.ico'), 'no guess at /favicon.ico');
    } finally {
      await context.close();
    }
  });

  test('every manifest icon loads as declared (an SVG for any size, PNGs of their sizes, a maskable one), 25 KB in all with the touch icon', async () => {
    const response = await fetch(app.url + '/manifest.webmanifest');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const manifest = await response.json();
    const purposes = manifest.icons.map((icon) => icon.purpose ?? 'any');
    assert.ok(purposes.includes('maskable'), 'a maskable icon');
    const anyIcons = manifest.icons.filter((i) => (i.purpose ?? 'any').includes('any'));
    assert.ok(anyIcons.some((i) => i.type === 'image/svg+xml' && i.sizes === 'any'), 'a scalable any-purpose icon');
    assert.ok(anyIcons.some((i) => i.type === 'image/png' && i.sizes === '192x192'), 'an any-purpose 192 PNG');
    let bytes = 0;
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const image = await fetch(new URL(icon.src, app.url));
      assert.equal(image.status, 200, icon.src);
      assert.equal(image.headers.get('content-type'), icon.type, icon.src);
      const body = Buffer.from(await image.arrayBuffer());
      bytes += body.length;
      if (icon.type === 'image/svg+xml') {
        assert.match(body.toString('utf8'), /^<svg[\s>][^]*viewBox="0 0 512 512"/, icon.src);
        continue;
      }
      const { width, height } = pngSize(body);
      assert.equal(`${width}x${height}`, icon.sizes, icon.src);
    }
    assert.ok(bytes <= 25 * 1024, `icons ${bytes} bytes, at most 25 KB`);
  });
});

describe('service worker', () => {
  test('controls the page on the very first visit, without a reload', async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(app.url + '/');
      // A mark on this document: a reload would start a new one without it.
      await page.evaluate(() => Object.assign(window, { firstDocument: true }));
      await waitForServiceWorkerControl(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      assert.equal(scope, app.url + '/');
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
      assert.equal(await page.evaluate(() => 'firstDocument' in window), true, 'the page was never reloaded');
    } finally {
      await context.close();
    }
  });

  test('after one online visit, the home screen and deep links open offline', async () => {
    const { context, page } = await freshPage(app);
    try {
      await openScreen(page, app.url, '/');
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      // Really offline: the server is unreachable from this context now.
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
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      for (const path of ['/new', '/new/cluethulhu', '/settings', '/game/some-id']) {
        await openScreen(page, app.url, path);
        assert.equal(await page.locator('h1').count(), 1, `one heading on ${path}`);
      }
    } finally {
      await context.close();
    }
  });
});

describe('offline after one visit to the home screen', () => {
  /** Every request that failed on `page`: offline, nothing may be missing from the precache. */
  function failures(page) {
    const failed = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
    page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
    return failed;
  }

  /** A fresh load of `path` with the network cut (a deep link typed or opened from a bookmark). */
  async function deepLink(page, path) {
    await page.goto(new URL(path, app.url).href);
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  }

  /** The game's own routes, each opened cold: its script with the step it was left at, its table and log. */
  async function gameRoutesOffline(page, id, seq) {
    await deepLink(page, `/game/${id}`);
    await waitForGameScreen(page);
    const main = page.locator('main');
    assert.equal(await main.getAttribute('data-stage'), 'play', `/game/${id} opens at its script`);
    assert.equal(await main.getAttribute('data-seq'), String(seq), 'at the step it was left at');
    assert.ok((await page.getByTestId('prompt').innerText()).trim().length > 0, 'with its prompt');
    for (const sub of ['table', 'log']) {
      await deepLink(page, `/game/${id}/${sub}`);
      await page.locator(`main[data-seq="${seq}"][data-stage="play"]`).waitFor({ timeout: 15_000 });
    }
  }

  test('each game is set up, dealt and played from deep links with the network cut', async () => {
    const { context, page } = await freshPage(app);
    try {
      const failed = failures(page);
      // One visit to the home screen only: the service worker precaches every game from there.
      await openScreen(page, app.url, '/');
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);

      // Cluethulhu: its set-up page opened cold, a game started and dealt, then its routes.
      await deepLink(page, '/new/cluethulhu');
      const keeper = await startCluethulhu(page, app.url);
      const atPlay = await dealAll(page);
      assert.equal(atPlay.stage, 'play');
      await gameRoutesOffline(page, keeper, atPlay.seq);

      // Ktulu, the same way, in its own words.
      const names = ['Ala', 'Basia', 'Celina', 'Darek', 'Ewa', 'Filip'];
      await deepLink(page, '/new/ktulu');
      const manitou = await setUpKtulu(page, app.url, WORDS.en, { names });
      await dealAndRead(page, WORDS.en, names);
      const seq = Number(await page.locator('main').getAttribute('data-seq'));
      await gameRoutesOffline(page, manitou, seq);

      // Home lists both, read from storage with no network, drawn with its lists at once: no
      // "Loading…" first, nothing that moves when they arrive. A set-up form too.
      await page.addInitScript(() => {
        const seen = (/** @type {any} */ (window).__loadingSeen = []);
        new MutationObserver(() => {
          const text = document.querySelector('main')?.textContent ?? '';
          if (text.includes('Loading…')) seen.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await deepLink(page, '/');
      assert.equal(await page.getByRole('link', { name: /^Resume\b/ }).count(), 2, 'both games, each to resume');
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__loadingSeen), [], 'no "Loading…" on the home screen');
      await deepLink(page, '/new/cluethulhu');
      await page.getByLabel('Player 1', { exact: true }).waitFor();
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__loadingSeen), [], 'no "Loading…" before the set-up form');
      assert.deepEqual(failed, [], 'nothing failed to load offline');
    } finally {
      await context.close();
    }
  });
});

const SCREENS = ['/', '/new', '/new/cluethulhu', '/settings'];

describe('privacy', () => {
  test('no screen fetches anything from another origin', async () => {
    const { context, page } = await freshPage(app);
    try {
      const foreign = collectForeignRequests(context, app.origin);
      for (const path of SCREENS) await openScreen(page, app.url, path);
      await waitForServiceWorkerControl(page);
      await openScreen(page, app.url, '/game/some-id');
      assert.deepEqual(foreign, []);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  for (const path of SCREENS) {
    test(`axe finds no WCAG 2.1 AA violations on ${path}`, async () => {
      const { context, page } = await freshPage(app);
      try {
        await openScreen(page, app.url, path);
        const violations = await axeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));
      } finally {
        await context.close();
      }
    });
  }
});
