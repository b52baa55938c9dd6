/**
 * What every end-to-end test shares: the built app served on a free local port, one headless
 * Chromium, a fresh browser context per test, and helpers to wait for the service worker,
 * watch for requests leaving the machine, and run axe.
 *
 * Tests expect `build/` to exist (scripts/test.mjs builds it) and Chromium to be installed
 * (CHROME_PATH or a usual location, see scripts/chromium.mjs).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { PHONE } from './keeper.mjs';

/** axe rule sets the app must pass: WCAG 2.0 A and AA, and WCAG 2.1 AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];


/**
 * Registers before/after hooks for the calling test file and returns a live object whose
 * `url`, `origin` and `browser` are filled in once the hooks have run.
 */
export function useApp() {
  const app = {
    /** @type {string} */ url: '',
    /** @type {string} */ origin: '',
    /** @type {import('playwright-core').Browser} */ browser: /** @type {any} */ (null),
    /** @type {() => Promise<void>} */ close: async () => {}
  };
  before(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install chromium.');
    const server = await startServer({ port: 0 });
    app.url = server.url;
    app.origin = new URL(server.url).origin;
    app.browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    app.close = async () => {
      await app.browser.close();
      await server.close();
    };
  });
  after(async () => {
    await app.close();
  });
  return app;
}

/**
 * A fresh, empty browser context (no storage, no service worker) with one page.
 * @param {{ browser: import('playwright-core').Browser }} app
 */
export async function freshPage(app, options = {}) {
  const context = await app.browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A fresh on-disk profile (some Chromium checks, e.g. installability, refuse the in-memory
 * contexts that `browser.newContext()` makes).
 */
export async function freshProfile(options = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found');
  const dir = await mkdtemp(join(tmpdir(), 'lantern-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    args: CHROMIUM_ARGS,
    ...PHONE,
    ...options
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/**
 * Waits until a service worker controls `page` (no reload allowed in between). The worker first
 * precaches the whole app (80 files): with other browsers busy on two cores that can take a
 * while, so the wait is generous; `npm run bench` times it.
 */
export async function waitForServiceWorkerControl(page, timeout = 45_000) {
  // The predicate must be synchronous: waitForFunction treats a returned promise as truthy.
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout,
    polling: 100
  });
}

/**
 * Records every request the context makes to an origin other than `origin` (pages and service
 * worker alike). Inline data: and blob: URLs never leave the machine and are ignored.
 * @returns {string[]} a live list of offending URLs
 */
export function collectForeignRequests(context, origin) {
  const foreign = [];
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

/** Runs axe on the page as it is now and returns its violations. */
export async function axeViolations(page) {
  // A theme change (night mode following the step) runs CSS transitions: judge the colours they
  // end on, not one sampled half-way (a button's 120 ms fade failed contrast at random).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => {}))
    )
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations;
}

/** A readable summary of axe violations for an assertion message. */
export function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n')
    )
    .join('\n');
}

/** Opens `path` and waits until the screen has drawn its heading. */
export async function openScreen(page, url, path) {
  await page.goto(new URL(path, url).href);
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
}
