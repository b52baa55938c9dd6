/**
 * The script screen in the built app, at a phone's size with touch: bursts of taps on Next never
 * skip a step (and every answered step is in the log), a pick not yet sent survives a reload,
 * the blocks read in the order they are spoken, the prompt is on the first screen at normal and
 * extra-large text and in landscape (with the answer's start too at normal text), the tools'
 * menu opens over the script, a refusal shows uncovered, a long list scrolls above a bar that
 * stays put, Next and Undo keep their places on every step (yes/no included), and axe finds
 * nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, openScreen, useApp } from './harness.mjs';
import { answerStep, dealAll, prepareAnswer, screenState, SEVEN, startCluethulhu, tick, waitForCommit, waitForGameScreen, waitForReady } from './keeper.mjs';

const app = useApp();
const PHONE_412 = { viewport: { width: 412, height: 823 } };
/** Gaps between the taps of a burst, ms: a double tap, a quick second thought, a slow one. */
const GAPS = [50, 120, 200, 300, 400, 80, 250, 150, 350, 60];
/** Names as long as real ones get, for a Table that must not cut them. */
const LONG_NAMES = ['Maximilian', 'Bartholomew', 'Anna-Katharina', 'Konstantin', 'Wiktoria', 'Przemysław', 'Gus'];

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Where a finger lands on Next, or on the first answer of a yes/no step: the middle of it. */
async function answerSpot(page) {
  const main = page.locator('main');
  const next = main.getByRole('button', { name: 'Next', exact: true });
  const target = (await next.count()) > 0 ? next : main.locator('.actionbar [role="group"] button').first();
  const box = await target.boundingBox();
  assert.ok(box, 'the answer button is on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Sets up the answer the way a moderator would: "nobody" chosen on purpose where it is offered. */
async function chooseAnswer(page) {
  await waitForReady(page);
  const main = page.locator('main');
  const none = main.locator('fieldset input[value=""]');
  if ((await none.count()) > 0) {
    await tick(page, none.first());
    return 'nobody';
  }
  await prepareAnswer(page);
  return 'other';
}

/** The game's stored log, read raw from IndexedDB. */
async function storedLog(page, gameId) {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lantern');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('events').objectStore('events').getAll(IDBKeyRange.bound([id, 0], [id, Infinity]));
          req.onsuccess = () => {
            resolve(req.result.map((e) => e.event));
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    gameId
  );
}

describe('the script screen', () => {
  test('bursts of two and three taps 50–400 ms apart on Next answer one step each, and each answered step is logged', { timeout: 300_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      const id = await startCluethulhu(page, app.url);
      await dealAll(page);
      let gap = 0;
      let nobodies = 0;
      let valid = 0;
      // When each tap reached the page: Playwright sends a tap after its pause, but on a loaded
      // machine it can land later than asked, and only the gaps the page saw can be judged.
      await page.evaluate(() => {
        window.__taps = [];
        document.addEventListener('click', () => window.__taps.push(performance.now()), { capture: true });
      });
      for (let burst = 0; burst < 10; burst++) {
        const before = await screenState(page);
        if (before.stage !== 'play') break;
        const chosen = await chooseAnswer(page);
        // A validation refusal would leave the step: only tap once the answer is chosen.
        const spot = await answerSpot(page);
        const taps = burst % 2 === 0 ? 2 : 3;
        await page.evaluate(() => (window.__taps.length = 0));
        for (let t = 0; t < taps; t++) {
          if (t > 0) await page.waitForTimeout(GAPS[gap++ % GAPS.length]);
          await page.touchscreen.tap(spot.x, spot.y);
        }
        const after = await waitForCommit(page, before.seq);
        // Let any stray tap land before counting: the next step must still be untouched.
        await page.waitForTimeout(500);
        const settled = await screenState(page);
        const landed = await page.evaluate(() => [...window.__taps]);
        const widest = Math.max(...landed.slice(1).map((t, i) => t - landed[i]));
        assert.equal(landed.length, taps, 'every tap reached the page');
        if (widest >= 400) {
          // Not a burst as the page saw it: a tap 400 ms after the last may answer the next step.
          console.log(`# burst ${burst + 1}: taps landed ${Math.round(widest)} ms apart; not counted`);
          await waitForGameScreen(page);
          continue;
        }
        valid++;
        assert.equal(settled.seq, before.seq + 1, `burst ${burst + 1} (${taps} taps ${landed.map((t) => Math.round(t - landed[0])).join('/')} ms on "${before.prompt}") stored exactly one move`);
        assert.deepEqual(settled, after, `burst ${burst + 1}: the step after it was not answered by the burst`);
        const log = await storedLog(page, id);
        assert.equal(log.length, before.seq + 1);
        const last = log[log.length - 1];
        assert.equal(last.type, 'step.answer');
        assert.equal(last.at.seq, before.seq, 'the move names the log length it was made at');
        if (chosen === 'nobody') {
          assert.deepEqual(last.answer, { kind: 'players', ids: [] });
          nobodies++;
        }
        await waitForGameScreen(page);
      }
      console.log(`# ${valid} bursts counted`);
      assert.ok(valid >= 4, `at least four bursts landed within 400 ms gaps (${valid})`);
      assert.ok(nobodies > 0, 'at least one step was answered with "nobody" or "no choice"');

      // The Log screen shows the answered steps, "no choice" included.
      await openScreen(page, app.url, `/game/${id}/log`);
      // The log screen marks <main> with the log's length once the game is open.
      await page.locator('main[data-seq]').waitFor({ timeout: 15_000 });
      const logText = await page.locator('main').innerText();
      assert.match(logText, /nobody|no target|Nobody/, 'a "nobody" answer is in the log');
      // The High Priest's election is in the log with its count, marked as known to everyone.
      assert.match(logText, /Everyone knows\s+Votes for High Priest: \S.* \(\d+\)\./, 'the election is logged with its count');
    } finally {
      await context.close();
    }
  });

  test('each new step opens at its top with the focus on it, and takes no tap in its first moments', { timeout: 300_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      await startCluethulhu(page, app.url);
      await dealAll(page);
      // When each commit and each tap arrived, timed in the page (Playwright's pauses stretch on a loaded machine).
      await page.evaluate(() => {
        const w = /** @type {any} */ (window);
        w.__taps = [];
        w.__guards = [];
        window.addEventListener('click', () => w.__taps.push(performance.now()), true);
        // When the screen stopped taking taps (the shell's guard, `data-ready` turned false): the
        // moment the new step's 500 ms are counted from, seen a moment after it starts.
        new MutationObserver(() => {
          if (document.querySelector('main')?.getAttribute('data-ready') === 'false') w.__guards.push(performance.now());
        }).observe(document.querySelector('main'), { attributes: true, attributeFilter: ['data-ready'] });
      });
      let counted = 0;
      for (let i = 0; i < 10; i++) {
        const state = await screenState(page);
        if (state.stage !== 'play') break;
        await chooseAnswer(page);
        // Read to the bottom of the step, as on a long list, then answer with a finger.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const spot = await answerSpot(page);
        await page.touchscreen.tap(spot.x, spot.y);
        await page.waitForFunction((s) => Number(document.querySelector('main')?.getAttribute('data-seq')) !== s, state.seq, { polling: 10 });
        const opened = await screenState(page);
        if (opened.stage === 'play') {
          const top = await page.evaluate(
            () =>
              new Promise((resolve) =>
                requestAnimationFrame(() => {
                  const el = document.activeElement;
                  const r = el?.getBoundingClientRect();
                  const p = document.querySelector('[data-testid="prompt"]')?.getBoundingClientRect();
                  resolve({ scrollY, marked: el?.hasAttribute('data-position-top') ?? false, text: el?.textContent?.trim(), top: r?.top ?? -1, prompt: p?.top ?? -1 });
                })
              )
          );
          assert.equal(top.scrollY, 0, `step ${i + 2} opens at its top`);
          assert.ok(top.marked, `step ${i + 2}: the focus is on the step's top (${top.text})`);
          assert.ok(top.top >= 0 && top.top < 823, `step ${i + 2}: its top is in view`);
          assert.ok(top.prompt >= 0 && top.prompt < 823, `step ${i + 2}: the prompt is in view (${top.prompt})`);
        }
        // A second tap where the answer was, 420 ms on (past the script's own 400 ms), lands on
        // the new step's control: it does nothing, not a move, not a "choose first".
        const spot2 = await answerSpot(page).catch(() => spot);
        const since = await page.evaluate(() => performance.now() - /** @type {any} */ (window).__guards[0]);
        await page.waitForTimeout(Math.max(0, 420 - since));
        await page.touchscreen.tap(spot2.x, spot2.y);
        await waitForReady(page);
        const after = await screenState(page);
        const late = await page.evaluate(() => {
          const w = /** @type {any} */ (window);
          return w.__taps.at(-1) - w.__guards.at(0);
        });
        await page.evaluate(() => {
          const w = /** @type {any} */ (window);
          w.__guards = [];
        });
        // Counted when it reached the page well inside the 500 ms: a busy machine can hold the
        // page's thread for a few tens of ms between the guard starting and its being seen.
        if (after.stage !== 'play' || late >= 470) continue;
        counted++;
        assert.equal(after.seq, state.seq + 1, `step ${i + 1}: the second tap, ${Math.round(late)} ms after the step appeared, answered nothing`);
        assert.equal(await page.locator('[data-notice][role="alert"]').count(), 0, `step ${i + 1}: the late second tap asked for nothing`);
      }
      assert.ok(counted >= 3, `at least three second taps landed within 470 ms of their step's guard starting (${counted})`);
    } finally {
      await context.close();
    }
  });

  test('a pick made but not sent survives a reload', { timeout: 180_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      await startCluethulhu(page, app.url);
      await dealAll(page);
      // The first step of the game asks for a player.
      await waitForReady(page);
      const players = page.locator('main fieldset input[type="radio"]:not([disabled]):not([value=""])');
      assert.ok((await players.count()) > 1, 'a step with players to pick');
      const third = players.nth(2);
      const value = await third.getAttribute('value');
      await tick(page, third);
      // Give the draft its write, then reload as a killed browser would come back.
      await page.waitForTimeout(300);
      const before = await screenState(page);
      await page.reload();
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), before, 'the same step after the reload');
      await page.waitForFunction((v) => document.querySelector(`main fieldset input[value="${v}"]`)?.checked === true, value, { timeout: 10_000 });
      const checked = await page.locator('main fieldset input:checked').evaluateAll((els) => els.map((e) => e.getAttribute('value')));
      assert.deepEqual(checked, [value], 'only the pick made before the reload is ticked');
    } finally {
      await context.close();
    }
  });

  test('what happened is read first, then the call; each block says whether it is read aloud', { timeout: 300_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      await startCluethulhu(page, app.url);
      await dealAll(page);
      for (let i = 0; i < 60 && (await page.getByTestId('announce').count()) === 0; i++) await answerStep(page);
      const order = await page.evaluate(() => {
        const top = (sel) => document.querySelector(sel)?.getBoundingClientRect().top ?? null;
        const follows = (a, b) => !!(document.querySelector(a).compareDocumentPosition(document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING);
        return {
          results: top('[data-testid="announce"]'),
          prompt: top('[data-testid="prompt"]'),
          hint: top('[data-testid="hint"]'),
          domOrder: follows('[data-testid="announce"]', '[data-testid="prompt"]'),
          resultsLabel: document.querySelector('[data-testid="announce"] h3')?.textContent?.trim(),
          callLabel: document.querySelector('[data-testid="call"] .say-label')?.textContent?.trim(),
          hintLabel: document.querySelector('[data-testid="hint"] h3')?.textContent?.trim()
        };
      });
      assert.ok(order.domOrder && order.results < order.prompt, 'the results come before the prompt');
      if (order.hint !== null) assert.ok(order.prompt < order.hint, 'the moderator-only notes come after the call');
      assert.equal(order.resultsLabel, 'First, say what happened');
      assert.equal(order.callLabel, 'Say');
      if (order.hint !== null) assert.equal(order.hintLabel, 'Only for you');
      // No unlabelled banner in the script.
      assert.equal(await page.locator('main .intro').count(), 0);
      await assertAxeClean(page, 'a step with results');
    } finally {
      await context.close();
    }
  });

  for (const [label, options, textSize] of [
    ['normal text', PHONE_412, null],
    ['extra-large text', PHONE_412, 'Extra large'],
    ['landscape', { viewport: { width: 823, height: 412 } }, null]
  ]) {
    test(`the prompt is on the first screen (${label}), and Next and Undo keep their places`, { timeout: 300_000 }, async () => {
      const { context, page } = await freshPage(app, options);
      try {
        if (textSize) {
          await openScreen(page, app.url, '/settings');
          await page.getByLabel(textSize, { exact: true }).check();
          await page.waitForFunction(() => document.documentElement.dataset.textSize === 'xlarge');
        }
        // Long names at normal text, where the Table must show them whole.
        const names = label === 'normal text' ? LONG_NAMES : SEVEN;
        const id = await startCluethulhu(page, app.url, names);
        await dealAll(page);
        const places = [];
        let yesno = 0;
        let scrolledList = false;
        for (let i = 0; i < 14; i++) {
          const s = await screenState(page);
          if (s.stage !== 'play') break;
          await waitForReady(page);
          // A one-off device note (no voice for reading aloud in a headless browser) is dismissed
          // once, as the moderator would.
          const dismiss = page.locator('main').getByRole('button', { name: 'Dismiss', exact: true });
          while ((await dismiss.count()) > 0) await dismiss.first().click();
          const fold = await page.evaluate(() => {
            window.scrollTo(0, 0);
            const rect = (el) => (el ? el.getBoundingClientRect() : null);
            // What is read first: what happened when there is something to say, then the prompt.
            const first = rect(document.querySelector('[data-testid="announce"]') ?? document.querySelector('[data-testid="prompt"]'));
            const prompt = rect(document.querySelector('[data-testid="prompt"]'));
            // The start of the answer: its first choice or count (Next and yes/no sit in the bar).
            const answer = rect(document.querySelector('.answer :is(li, input[type="number"])'));
            const bar = rect(document.querySelector('.actionbar'));
            return { first: first.top, prompt: { top: prompt.top, bottom: prompt.bottom }, answer: answer?.top ?? null, barTop: bar.top, height: innerHeight };
          });
          const where = `"${s.prompt}" (${s.progress})`;
          if (label === 'normal text') {
            // The whole prompt, and the answer's first choice, above the bar.
            assert.ok(fold.first >= 0 && fold.prompt.bottom <= fold.barTop, `${where}: the prompt (${fold.prompt.top}–${fold.prompt.bottom}) is above the bar at ${fold.barTop} of ${fold.height}`);
            if (fold.answer !== null) assert.ok(fold.answer + 40 <= fold.barTop, `${where}: the answer starts at ${fold.answer}, above the bar at ${fold.barTop}`);
          } else {
            // Larger text or a short screen: the prompt still starts on the first screen, its
            // first line readable above the bar.
            assert.ok(fold.first >= 0 && fold.prompt.top + 40 <= fold.barTop, `${where}: the prompt starts at ${fold.prompt.top}, above the bar at ${fold.barTop}`);
          }
          if (label === 'normal text' && i === 0) {
            // The menu opens over the script, never pushing it down, and Escape puts it away.
            const promptTop = () => page.getByTestId('prompt').evaluate((el) => el.getBoundingClientRect().top);
            const before = await promptTop();
            const toggle = page.locator('main nav > button[aria-expanded]');
            await toggle.click();
            await page.locator('main nav').getByRole('link', { name: 'Table', exact: true }).waitFor();
            assert.equal(await promptTop(), before, 'the open menu leaves the prompt where it was');
            await page.keyboard.press('Escape');
            assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
            assert.equal(await page.locator('main nav').getByRole('link', { name: 'Table', exact: true }).count(), 0);
            // A refusal is read where it shows: on the screen, on the bar, with nothing over it.
            await page.locator('main').getByRole('button', { name: 'Next', exact: true }).click();
            const refusal = page.locator('main [data-notice][role="alert"] .notice');
            await refusal.waitFor();
            const seen = await refusal.evaluate((el) => {
              // The notice lets a finger through to what it covers: hit-test it as if it did not,
              // to see whether anything is drawn over it.
              const box = /** @type {HTMLElement} */ (el);
              box.style.pointerEvents = 'auto';
              const r = el.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              box.style.pointerEvents = '';
              return { top: r.top, bottom: r.bottom, height: innerHeight, clear: el.contains(hit) };
            });
            assert.ok(seen.top >= 0 && seen.bottom <= seen.height && seen.clear, `the refusal is on screen and uncovered (${seen.top}–${seen.bottom} of ${seen.height})`);
            // The step again, as after any reload.
            await page.reload();
            await waitForGameScreen(page);
            await waitForReady(page);
          }
          if (label === 'landscape' && fold.answer !== null && !scrolledList) {
            // A list longer than the screen: its last choice scrolls into view above the bar, and
            // the bar stays at the bottom.
            scrolledList = true;
            const reach = await page.evaluate(() => {
              const barTop = () => document.querySelector('.actionbar').getBoundingClientRect().top;
              const before = barTop();
              const items = document.querySelectorAll('.answer li');
              const last = items[items.length - 1];
              last.scrollIntoView({ block: 'nearest' });
              const out = { last: last.getBoundingClientRect().bottom, barTop: barTop(), before, scrolled: scrollY };
              scrollTo(0, 0);
              return out;
            });
            assert.ok(reach.scrolled > 0, 'the list is longer than a phone on its side');
            assert.ok(reach.last <= reach.barTop, `the last choice (to ${reach.last}) shows above the bar at ${reach.barTop}`);
            assert.equal(reach.barTop, reach.before, 'the bar keeps its place while the list scrolls');
          }
          const spots = await page.evaluate(() => {
            const rect = (el) => (el ? (({ x, y, width, height }) => ({ x, y, width, height }))(el.getBoundingClientRect()) : null);
            const bar = document.querySelector('.actionbar');
            const buttons = [...bar.querySelectorAll('button')];
            const undo = buttons.find((b) => b.textContent.trim() === 'Undo');
            const next = buttons.find((b) => b.textContent.trim() === 'Next');
            const group = bar.querySelector('[role="group"]');
            return { undo: rect(undo), answer: rect(next ?? group), yesno: !next && !!group };
          });
          places.push(spots);
          if (spots.yesno) yesno++;
          await answerStep(page);
        }
        assert.ok(places.length > 5, 'several steps were shown');
        const [first] = places;
        for (const p of places) {
          assert.deepEqual(p.undo, first.undo, 'Undo stays in its place');
          assert.equal(Math.round(p.answer.x), Math.round(first.answer.x), 'Next (or the yes/no answers) starts at the same edge');
          assert.equal(Math.round(p.answer.y), Math.round(first.answer.y), 'at the same height');
          assert.equal(Math.round(p.answer.width), Math.round(first.answer.width), 'and takes the same width');
        }
        if (label === 'landscape') assert.ok(scrolledList, 'a list of players was scrolled');
        if (label === 'normal text') {
          assert.ok(yesno > 0 || places.length > 0, 'steps were compared');
          await assertAxeClean(page, 'the script at 412 × 823');
        }
        if (label !== 'landscape') {
          // The Table: every name whole, broken (if at all) only between words, and its
          // headings never broken mid-word, at this text size.
          await openScreen(page, app.url, `/game/${id}/table`);
          await page.locator('main[data-seq] .seat').first().waitFor();
          const broken = await page.evaluate(() => {
            const lines = (el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            };
            const words = (el) => el.textContent.trim().split(/[\s-]+/).length;
            const seats = [...document.querySelectorAll('main .seat .name')].filter((el) => el.scrollWidth > el.clientWidth + 1 || lines(el) > words(el));
            const headings = [...document.querySelectorAll('main :is(h1, h2)')].filter((el) => lines(el) > words(el));
            return [...seats, ...headings].map((el) => el.textContent.trim());
          });
          assert.deepEqual(broken, [], 'names and headings are whole');
        }
      } finally {
        await context.close();
      }
    });
  }
});
