/**
 * The Content-Security-Policy: strict as declared (no inline script but the hashed bootstrap, no
 * inline style but the hashed route announcer, nothing from another origin), sent as a header
 * too, refusing to be framed, and never in the way: every screen, online and then offline with
 * the service worker, draws with no policy violation, no console error and no request leaving
 * the machine.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { collectForeignRequests, freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';
import { SEVEN } from './keeper.mjs';
import { setUp, walkApp, walkGame, walker } from './screens.mjs';

const app = useApp();

/** A policy as a map from directive to its sources. */
function parse(policy) {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources])
  );
}

const metaPolicy = (html) =>
  html.match(/<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i)?.[1].replaceAll('&#39;', "'") ?? null;

describe('Content-Security-Policy', () => {
  test('the app declares a strict policy, and the server sends it as a header with frame-ancestors', async () => {
    const response = await fetch(app.url + '/');
    const html = await response.text();
    const declared = metaPolicy(html);
    assert.ok(declared, 'the page carries a <meta http-equiv="content-security-policy">');
    const d = parse(declared);

    assert.deepEqual(d.get('default-src'), ["'self'"]);
    assert.deepEqual(d.get('style-src'), ["'self'"], 'no inline <style>, no unsafe-inline');
    assert.deepEqual(d.get('img-src'), ["'self'", 'data:', 'blob:']);
    for (const name of ['connect-src', 'worker-src', 'manifest-src', 'base-uri', 'form-action']) {
      assert.deepEqual(d.get(name), ["'self'"], name);
    }
    assert.deepEqual(d.get('object-src'), ["'none'"]);
    assert.equal(d.has('frame-ancestors'), false, 'frame-ancestors is ignored in a <meta>: the header carries it');

    // Scripts: this origin, plus the hash of each inline script in the page and nothing else.
    const script = d.get('script-src') ?? [];
    assert.equal(script[0], "'self'");
    const hashes = script.slice(1);
    assert.ok(hashes.every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)), `only hashes beside 'self': ${script.join(' ')}`);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.ok(inline.length > 0, 'Kit bootstraps with an inline script');
    for (const body of inline) {
      const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      assert.ok(hashes.includes(hash), `the inline script's hash ${hash} is allowed`);
    }
    // Inline style attributes: only exact, hashed ones.
    for (const source of d.get('style-src-attr') ?? []) {
      assert.match(source, /^'unsafe-hashes'$|^'sha256-[A-Za-z0-9+/]+=*'$/, 'style-src-attr');
    }
    assert.doesNotMatch(declared, /unsafe-inline|unsafe-eval|\*|https?:/, 'no wildcard, no other origin, no unsafe-inline or eval');

    const expected = `${declared.replace(/;\s*$/, '')}; frame-ancestors 'none'`;
    for (const path of ['/', '/game/some-id', '/sw.js', '/manifest.webmanifest']) {
      const r = path === '/' ? response : await fetch(app.url + path);
      assert.equal(r.headers.get('content-security-policy'), expected, `header on ${path}`);
    }
  });

  test('another page cannot show Lantern in a frame', async () => {
    const { context, page } = await freshPage(app);
    try {
      // setContent waits for the page's load event, which waits for its frames.
      await page.setContent(`<iframe title="framed" src="${app.url}/"></iframe>`, { waitUntil: 'load' });
      const framed = page.frames().find((f) => f !== page.mainFrame());
      assert.ok(framed, 'the frame exists');
      assert.match(framed.url(), /^chrome-error:/, `the browser refused to frame the app (frame at ${framed.url()})`);
    } finally {
      await context.close();
    }
  });

  test(
    'every screen works under the policy with no violation, no console error and nothing from elsewhere, online and offline',
    { timeout: 600_000 },
    async () => {
      const { context, page } = await freshPage(app);
      /** @type {string[]} */ const problems = [];
      let where = 'before the first screen';
      const foreign = collectForeignRequests(context, app.origin);
      await context.exposeBinding('__lanternCspViolation', (_source, text) => problems.push(`${where}: CSP violation ${text}`));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          /** @type {any} */ (window).__lanternCspViolation(
            `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`
          )
        );
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${where}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${where}: uncaught ${error.message}`));

      const screens = [];
      const walk = walker(page, app.url, async (name) => {
        screens.push(name);
        // Violations are reported asynchronously: let the page settle before judging the screen.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        assert.deepEqual(problems, [], `on ${name}`);
        assert.deepEqual(foreign, [], `requests to other origins, on ${name}`);
        where = `after ${name}`;
      });
      try {
        await walkApp(page, app.url, walk.at);
        const id = await setUp(page, app.url, SEVEN, walk.at);
        await walkGame(page, app.url, id, SEVEN, walk.at);
        await walk.rest();

        // The service worker registered and took over under the same policy...
        await waitForServiceWorkerControl(page);
        // ...so with the network cut, a new game still loads its lazily split code and text.
        await context.setOffline(true);
        where = 'offline';
        const offline = (at) => (name, info) => at(`offline: ${name}`, info);
        await walkApp(page, app.url, offline(walk.at));
        const second = await setUp(page, app.url, SEVEN, offline(walk.at));
        await walkGame(page, app.url, second, SEVEN, offline(walk.at), { steps: 12 });
        await walk.rest();

        assert.ok(screens.length > 60, `a full walk (${screens.length} screens)`);
        assert.deepEqual(problems, []);
        assert.deepEqual(foreign, []);
      } finally {
        await context.close();
      }
    }
  );
});
