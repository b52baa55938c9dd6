/**
 * Player names are whatever the Keeper types, or whatever a file brings: markup and script tags,
 * ten thousand characters, emoji sequences, right-to-left text with bidi controls, i18next
 * placeholders, or nothing visible at all. On every screen they must show as plain text, run
 * nothing, keep the layout inside a 390 px phone, keep axe clean, and a right-to-left name must
 * be isolated so it cannot reorder the sentence around it. Names that show nothing are refused.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { PHONE, waitForGameScreen } from './keeper.mjs';
import { fillPlayers, open, setUp, walkGame, walker } from './screens.mjs';

const app = useApp();

const LONG = 'W'.repeat(10_000);
/** A name is the longest a field takes; W is the widest letter, and the name has no space to break at. */
const NAME_MAX = 40;

const HOSTILE = [
  '<img src=x onerror=window.__pwned=1>',
  '<script>window.__pwned=2</script>',
  LONG,
  '👩‍👩‍👧‍👦 🏳️‍🌈 Zoë',
  'سارة',
  // A right-to-left override that is never closed, then digits: the classic reordering trap.
  '\u202eדוד 12',
  '{{name}} $t(common:app.name)',
  'Ada'
];
const RTL = /[\u0590-\u08ff\u202a-\u202e\u2066-\u2069]/;

/** Everything checked on each screen; returns nothing, fails with the screen's name. */
async function checkScreen(page, where, names, { axe = true, dialogs }) {
  const found = await page.evaluate((names) => {
    const text = document.body.innerText;
    // Every text node holding a right-to-left name: is it set apart from the text around it?
    const unisolated = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      for (const name of names) {
        if (!/[\u0590-\u08ff\u202a-\u202e\u2066-\u2069]/.test(name) || !value.includes(name)) continue;
        const box = node.parentElement?.closest('bdi, [dir="auto"]');
        const alone = box && box.textContent?.trim() === name.trim();
        const marked = value.includes(`\u2068${name}\u2069`);
        if (!alone && !marked) unisolated.push(`${name} in <${node.parentElement?.tagName.toLowerCase()}>: ${value.slice(0, 80)}`);
      }
    }
    return {
      pwned: /** @type {any} */ (window).__pwned ?? null,
      injected: document.querySelectorAll('img[src="x"], [onerror], [onload]:not(body)').length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__pwned')).length,
      missing: names.filter((n) => !text.includes(n)),
      unisolated,
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
      layoutWidth: document.documentElement.clientWidth
    };
  }, names);
  assert.equal(found.pwned, null, `${where}: a name's script ran`);
  assert.equal(found.injected, 0, `${where}: a name became markup`);
  assert.equal(found.scripts, 0, `${where}: a name became a script element`);
  assert.deepEqual(dialogs, [], `${where}: no alert, confirm or prompt`);
  assert.deepEqual(found.missing.map((n) => n.slice(0, 40)), [], `${where}: every name shows as text`);
  assert.deepEqual(found.unisolated, [], `${where}: right-to-left names are isolated`);
  // A phone zooms out to fit a page that is too wide, which widens innerWidth with it: compare
  // with the phone's own width as well.
  const width = PHONE.viewport.width;
  assert.ok(
    found.scrollWidth <= found.innerWidth && found.scrollWidth <= width && found.innerWidth === width,
    `${where}: the page is ${found.scrollWidth}px wide, the window ${found.innerWidth}px, on a ${width}px phone`
  );
  if (axe) {
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
  }
}

/**
 * A copy of a stored game with one name replaced in its setup, snapshots and log, written
 * straight into IndexedDB: what an imported file could hold, past what the setup screen lets in.
 */
async function copyGameRenaming(page, id, from, to) {
  return page.evaluate(
    async ({ id, from, to }) => {
      const request = indexedDB.open('lantern');
      /** @type {IDBDatabase} */
      const db = await new Promise((ok, fail) => {
        request.onsuccess = () => ok(request.result);
        request.onerror = () => fail(request.error);
      });
      const done = (r) => new Promise((ok, fail) => ((r.onsuccess = () => ok(r.result)), (r.onerror = () => fail(r.error))));
      const read = db.transaction(['games', 'events'], 'readonly');
      const game = await done(read.objectStore('games').get(id));
      const events = await done(read.objectStore('events').index('gameId').getAll(id));
      const copy = crypto.randomUUID();
      const rename = (value) => JSON.parse(JSON.stringify(value).split(from).join(to));
      const write = db.transaction(['games', 'events'], 'readwrite');
      write.objectStore('games').put({ ...rename(game), id: copy, updatedAt: Date.now() });
      for (const e of events) write.objectStore('events').put({ ...rename(e), gameId: copy });
      await new Promise((ok, fail) => ((write.oncomplete = ok), (write.onerror = () => fail(write.error))));
      db.close();
      return copy;
    },
    { id, from, to }
  );
}

describe('hostile player names', () => {
  test('are refused when they show nothing, and otherwise shown as text on every screen, laid out and isolated', { timeout: 600_000 }, async () => {
    const { context, page } = await freshPage(app);
    /** @type {string[]} */ const dialogs = [];
    /** @type {string[]} */ const violations = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.dismiss();
    });
    await context.exposeBinding('__lanternCspViolation', (_source, text) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        /** @type {any} */ (window).__lanternCspViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`)
      );
    });
    try {
      // Names that show nothing are refused with the usual message, and their rows marked.
      await open(page, app.url, '/new/cluethulhu');
      await fillPlayers(page, ['   ', '\u200b\u00a0\u200b', ...HOSTILE.slice(2, 7)]);
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      const alert = page.locator('main [role="alert"]');
      await alert.waitFor();
      const problems = await alert.innerText();
      assert.match(problems, /Player 1 has no name\./);
      assert.match(problems, /Player 2 has no name\./);
      assert.equal(await page.getByLabel('Player 1', { exact: true }).getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByLabel('Player 2', { exact: true }).getAttribute('aria-invalid'), 'true');
      assert.ok(new URL(page.url()).pathname.endsWith('/new/cluethulhu'), 'no game was started');
      await checkScreen(page, 'setup, blank names refused', [], { dialogs });

      // A pasted ten thousand characters stop at the field's safety cap, and the name is refused
      // with the rule's message until it is cut to the longest name allowed.
      await fillPlayers(page, HOSTILE);
      const third = page.getByLabel('Player 3', { exact: true });
      assert.ok((await third.inputValue()).length < LONG.length, 'the field caps a pasted text');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.locator('main [role="alert"]').getByText(`Player 3’s name is too long: keep it to ${NAME_MAX} characters.`).waitFor();
      assert.equal(await third.getAttribute('aria-invalid'), 'true');
      // Forty characters a reader counts fit whole, however many UTF-16 units they take.
      const redheads = '\u{1F469}\u200D\u{1F9B0}'.repeat(NAME_MAX);
      await third.fill(redheads);
      assert.equal(await third.inputValue(), redheads, 'a 40-emoji name is not cut by the field');
      const long = LONG.slice(0, NAME_MAX);
      await third.fill(long);
      const names = HOSTILE.map((n) => (n === LONG ? long : n));
      for (let i = 0; i < names.length; i++) {
        assert.equal(await page.getByLabel(`Player ${i + 1}`, { exact: true }).inputValue(), names[i], `player ${i + 1}'s field`);
      }

      const screens = [];
      const walk = walker(page, app.url, async (where, info) => {
        screens.push(where);
        await checkScreen(page, where, info.names, { axe: info.axe !== false, dialogs });
        assert.deepEqual(violations, [], `${where}: no CSP violation`);
      });
      const id = await setUp(page, app.url, names, walk.at);

      // The same game, with the long name at ten thousand characters.
      const copy = await copyGameRenaming(page, id, long, LONG);
      await walkGame(page, app.url, id, names, walk.at);

      const absurd = names.map((n) => (n === long ? LONG : n));
      await open(page, app.url, `/game/${copy}`);
      await waitForGameScreen(page);
      const absurdly = (name, info) => walk.at(`${name} (a 10,000-character name)`, info);
      await walkGame(page, app.url, copy, absurd, absurdly, { steps: 15 });
      await walk.rest();

      assert.ok(screens.length > 50, `a full walk (${screens.length} screens)`);
      // Nothing that looked like a placeholder was filled in.
      await open(page, app.url, `/game/${id}`);
      assert.match(await page.locator('main').innerText(), /\{\{name\}\} \$t\(common:app\.name\)/);
    } finally {
      await context.close();
    }
  });
});
