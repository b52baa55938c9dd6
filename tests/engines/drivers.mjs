/**
 * The two engines of the cross-engine smoke run, behind one small adapter, so that each test
 * body in smoke.mjs is written once and runs in both:
 *
 * - Firefox ESR (Debian's `firefox-esr`), driven over WebDriver BiDi, which Firefox speaks
 *   itself, through puppeteer-core. Headless, 412×823. Taps and holds are touch events.
 * - WebKitGTK (Debian's `webkit2gtk-driver`): `WebKitWebDriver` is a W3C WebDriver (classic)
 *   server that starts MiniBrowser, which needs a display: it runs under `xvfb-run`. Its
 *   window will not go narrower than 447 CSS px. The few commands used are sent over HTTP
 *   here, with no client library. A touch pointer action arrives as mouse pointer events.
 *
 * Neither emulates a phone (no touch-only viewport, device pixel ratio 1): these runs prove
 * the app works in the engine; Chromium runs the phone-sized, touch-driven suite.
 *
 * An engine's page, as the tests see it (`open()` gives one; the tests keep one page for the
 * whole run and give each test an origin of its own, so each starts with empty storage):
 *   exec(source)        evaluates a JavaScript expression in the page (awaited), returns its JSON value
 *   goto(url), reload() navigates and waits for the load
 *   tap(x, y)           a quick press and release at viewport coordinates
 *   press(x, y), release()   a held press, then letting go
 *   type(css, text)     types into the element `css` names (focusing it)
 *   errors()            console errors and uncaught errors seen so far
 *   beforeLoad(source)  (Firefox only) runs `source` in each new document before the page's
 *                       scripts; resolves to a function that stops it
 *   close()
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export { findEngines } from '../../scripts/engines.mjs';

export const WIDTH = 412;
export const HEIGHT = 823;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Firefox over WebDriver BiDi.

/** Starts Firefox; `open()` gives a page in a fresh browser context (its own storage). */
export async function launchFirefox({ path }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: path,
    headless: true,
    defaultViewport: { width: WIDTH, height: HEIGHT, hasTouch: true },
    // Keep a quiet browser on a closed network: no updates, telemetry or studies calling home.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'app.normandy.enabled': false,
      'browser.safebrowsing.downloads.remote.enabled': false
    }
  });
  return {
    name: 'Firefox',
    version: await browser.version(),
    async open() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: WIDTH, height: HEIGHT, hasTouch: true });
      const errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      let touch = null;
      return {
        exec: (source) => page.evaluate(source),
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        reload: async () => void (await page.reload({ waitUntil: 'load' })),
        url: () => page.url(),
        tap: async (x, y) => {
          await page.touchscreen.tap(x, y);
        },
        press: async (x, y) => {
          touch = await page.touchscreen.touchStart(x, y);
        },
        release: async () => {
          await (touch ? touch.end() : page.touchscreen.touchEnd());
          touch = null;
        },
        type: async (css, text) => {
          await page.focus(css);
          await page.keyboard.type(text);
        },
        errors: async () => [...errors],
        /**
         * Runs `source` in every document this page loads from now on, before the page's own
         * scripts; resolves to a function that stops it.
         */
        beforeLoad: async (source) => {
          const { identifier } = await page.evaluateOnNewDocument(source);
          return () => page.removeScriptToEvaluateOnNewDocument(identifier);
        },
        close: () => context.close()
      };
    },
    close: () => browser.close()
  };
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK over W3C WebDriver (classic).

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * In-page hooks that keep what WebKitWebDriver cannot report itself (it has no log of the
 * console): console errors and uncaught errors, from the moment they are installed.
 */
const ERROR_HOOK = `(() => {
  if (window.__smokeErrors) return;
  const seen = (window.__smokeErrors = []);
  const text = (v) => (v && v.stack) || (v && v.message) || String(v);
  const original = console.error;
  console.error = function (...args) { seen.push('console.error: ' + args.map(text).join(' ')); return original.apply(this, args); };
  addEventListener('error', (e) => seen.push('uncaught: ' + (e.error ? text(e.error) : e.message)));
  addEventListener('unhandledrejection', (e) => seen.push('unhandled rejection: ' + text(e.reason)));
})()`;

/**
 * Starts WebKitWebDriver under xvfb-run; `open()` starts a MiniBrowser session, so each page
 * has storage of its own (an automation session keeps its data in memory).
 */
export async function launchWebKit({ driver, xvfb, browser }) {
  const port = await freePort();
  const child = spawn(xvfb, ['-a', '-s', '-screen 0 1280x1024x24', driver, `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body)
    });
    const json = await response.json();
    if (json.value?.error) throw new Error(`WebDriver ${path.replace(/^\/session\/[^/]+/, '')}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  for (let waited = 0; ; waited += 100) {
    try {
      await fetch(`${base}/status`);
      break;
    } catch {
      if (waited > 15_000 || child.exitCode !== null) throw new Error(`WebKitWebDriver did not start: ${stderr}`);
      await sleep(100);
    }
  }
  const stop = () => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  let version = '';
  return {
    name: 'WebKitGTK',
    get version() {
      return version;
    },
    async open() {
      const session = await call('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] } } }
      });
      version = `MiniBrowser ${session.capabilities.browserVersion}`;
      const s = `/session/${session.sessionId}`;
      // MiniBrowser's window is at least 447 px wide; as close to a phone as it goes.
      await call('POST', `${s}/window/rect`, { width: WIDTH, height: HEIGHT });
      const errors = [];
      const exec = async (source) => {
        const result = await call('POST', `${s}/execute/async`, {
          script: `const done = arguments[0];
            Promise.resolve().then(() => (${source})).then((value) => done({ value: value === undefined ? null : value }), (e) => done({ error: String((e && e.stack) || e) }));`,
          args: []
        });
        if (result?.error) throw new Error(result.error);
        return result?.value;
      };
      /** Keeps the errors the page has collected before it is left. */
      const collect = async () => {
        try {
          errors.push(...((await exec('window.__smokeErrors ? window.__smokeErrors.splice(0) : []')) ?? []));
        } catch {
          /* the page is already gone */
        }
      };
      const loaded = async () => {
        await exec(ERROR_HOOK);
      };
      const pointer = (actions) =>
        call('POST', `${s}/actions`, {
          actions: [{ type: 'pointer', id: 'finger', parameters: { pointerType: 'touch' }, actions }]
        });
      return {
        exec,
        goto: async (url) => {
          await collect();
          await call('POST', `${s}/url`, { url });
          await loaded();
        },
        reload: async () => {
          await collect();
          await call('POST', `${s}/refresh`, {});
          await loaded();
        },
        url: async () => call('GET', `${s}/url`),
        tap: async (x, y) => {
          await pointer([
            { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 }
          ]);
        },
        press: async (x, y) => {
          await pointer([
            { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
            { type: 'pointerDown', button: 0 }
          ]);
        },
        release: async () => {
          await pointer([{ type: 'pointerUp', button: 0 }]);
        },
        type: async (css, text) => {
          const element = await call('POST', `${s}/element`, { using: 'css selector', value: css });
          const id = Object.values(element)[0];
          await call('POST', `${s}/element/${id}/value`, { text });
        },
        errors: async () => (await collect(), [...errors]),
        close: async () => {
          await call('DELETE', s).catch(() => {});
        }
      };
    },
    close: async () => stop()
  };
}
