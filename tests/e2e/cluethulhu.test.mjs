/**
 * A Cluethulhu game in the built app, as the Keeper plays it: set up seven players, deal in
 * the app pass-and-peek, then run Day 1 and Night 1, reloading the page after every step to
 * prove the game comes back exactly where it was; axe on every kind of screen on the way, and
 * nothing fetched from elsewhere. A game started and played with the network cut after one
 * visit. And a switch to Polish in the middle of a game, which must not lose a step.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  axeViolations,
  collectForeignRequests,
  describeViolations,
  freshPage,
  useApp,
  waitForServiceWorkerControl
} from './harness.mjs';
import { answerStep, dealAll, openTool, peek, screenState, SEVEN, startCluethulhu, tick, waitForGameScreen } from './keeper.mjs';

const app = useApp();

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Reloads the page and checks the game screen comes back unchanged. */
async function reloadAndCompare(page, before, what) {
  await page.reload();
  await waitForGameScreen(page);
  const after = await screenState(page);
  assert.deepEqual(after, before, `after a reload (${what})`);
}

/** The kind of answer the current step takes, as its widget shows it. */
async function widgetKind(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return 'none';
    if (main.querySelector('input[type="radio"]')) return 'radio';
    if (main.querySelector('input[type="checkbox"]')) return 'checkbox';
    if (main.querySelector('input[type="number"]')) return 'tally';
    const names = [...main.querySelectorAll('button')].map((b) => b.textContent?.trim());
    return names.includes('Next') ? 'none' : 'yesno';
  });
}

describe('a Cluethulhu game for seven', () => {
  test('deals in the app and survives a reload at every step of Day 1 and Night 1', { timeout: 300_000 }, async (t) => {
    const { context, page } = await freshPage(app);
    const foreign = collectForeignRequests(context, app.origin);
    try {
      const id = await startCluethulhu(page, app.url);
      let state = await screenState(page);
      assert.equal(state.stage, 'dealing');
      assert.equal(state.heading, 'Pass the phone to Ada');
      await assertAxeClean(page, 'dealing, card hidden');
      await peek(page, () => assertAxeClean(page, 'dealing, card shown'));
      await page.getByRole('button', { name: 'Done, pass on', exact: true }).click();
      await page.getByRole('heading', { name: 'Pass the phone to Bram' }).waitFor();

      // The rest of the deal, reloading after each pass: nobody's turn is lost or repeated.
      state = await dealAll(page, (after) => reloadAndCompare(page, after, `deal at ${after.seq}`));
      assert.equal(state.stage, 'play');
      assert.equal(state.phase, 'Day 1');
      assert.ok(state.prompt, 'a prompt to read aloud');

      const seen = new Set();
      const phases = [];
      let steps = 0;
      while (state.stage === 'play' && (state.phase === 'Day 1' || state.phase === 'Night 1')) {
        assert.ok(steps < 150, 'Day 1 and Night 1 end');
        if (phases.at(-1) !== state.phase) phases.push(state.phase);
        await reloadAndCompare(page, state, `step ${steps + 1}: ${state.prompt}`);
        const kind = await widgetKind(page);
        if (!seen.has(kind)) {
          seen.add(kind);
          await assertAxeClean(page, `script, ${kind} answer (${state.phase}: ${state.prompt})`);
        }
        const next = await answerStep(page);
        assert.equal(next.seq, state.seq + 1, 'each answer commits exactly one log entry');
        state = next;
        steps += 1;
      }
      t.diagnostic(`${steps} steps answered and reloaded; answer kinds: ${[...seen].join(', ')}`);
      assert.deepEqual(phases, ['Day 1', 'Night 1']);
      assert.ok(state.stage === 'over' || state.phase === 'Day 2', `after Night 1: ${JSON.stringify(state)}`);
      assert.ok(seen.has('radio'), 'some step picks one player');
      await reloadAndCompare(page, state, 'after Night 1');

      await page.goto(`${app.url}/game/${id}/table`);
      await page.locator('main[data-seq] h1').first().waitFor();
      await assertAxeClean(page, 'table');
      // Each kind of token has its own drawing, and its name where the marks are listed.
      const tokens = await page.locator('main [data-mark]').evaluateAll((els) =>
        els.map((el) => ({ id: el.dataset.mark, look: el.querySelector('.chip')?.innerHTML ?? '', label: el.textContent.trim() }))
      );
      assert.ok(tokens.some((t) => t.id === 'highPriest' && t.label === 'High Priest'), `the High Priest's token is on the Table: ${JSON.stringify(tokens.map((t) => t.id))}`);
      const looks = new Map(tokens.map((t) => [t.id, t.look]));
      assert.equal(new Set(looks.values()).size, looks.size, `no two kinds of token look the same: ${[...looks.keys()].join(', ')}`);
      // Every role at once, only while held, on a screen of its own.
      const all = page.getByRole('button', { name: 'Hold to see every role', exact: true });
      const box = await all.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const shown = page.getByTestId('all-roles');
      try {
        await shown.waitFor({ timeout: 5_000 });
        const listed = await shown.locator('li').allInnerTexts();
        assert.equal(listed.length, SEVEN.length, 'every player is listed');
        for (const [i, name] of SEVEN.entries()) assert.match(listed[i], new RegExp(`^${i + 1}\\s+${name}\\s+\\S`), `seat ${i + 1}, its name, then its role`);
        assert.ok(listed.filter((l) => /\bInvestigator\b/.test(l)).length >= 1 && listed.some((l) => /\bCultist\b/.test(l)), `the roles are named: ${listed.join(' | ')}`);
        const covers = await shown.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top <= 0 && r.left <= 0 && r.right >= innerWidth && r.bottom >= innerHeight && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
        });
        assert.ok(covers, 'the held view covers the whole screen');
        await assertAxeClean(page, 'every role, held');
      } finally {
        await page.mouse.up();
      }
      await shown.waitFor({ state: 'detached' });

      await page.goto(`${app.url}/game/${id}/log`);
      await page.locator('main[data-seq] h1').first().waitFor();
      assert.ok((await page.locator('main li').count()) > 0, 'the log lists what happened');
      await assertAxeClean(page, 'log');

      await page.goto(`${app.url}/`);
      await page.getByRole('link', { name: /Cluethulhu/ }).first().waitFor();
      await assertAxeClean(page, 'home with a game in progress');
      assert.deepEqual(foreign, [], 'nothing was fetched from another origin');
    } finally {
      await context.close();
    }
  });

  test('can be set up, dealt and played with the network cut after one visit', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(`${app.url}/`);
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await startCluethulhu(page, app.url);
      const state = await dealAll(page);
      assert.equal(state.phase, 'Day 1');
      const next = await answerStep(page);
      assert.equal(next.seq, state.seq + 1);
      await page.reload();
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), next);
    } finally {
      await context.close();
    }
  });

  test('switching to Polish in the settings keeps the game where it was', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      const id = await startCluethulhu(page, app.url);
      await dealAll(page);
      await answerStep(page);
      const english = await answerStep(page);
      assert.equal(english.phase, 'Day 1');

      await page.goto(`${app.url}/settings`);
      await page.locator('main h1').first().waitFor();
      const polish = page.getByLabel('Polski', { exact: true });
      if ((await polish.count()) > 0 && (await polish.getAttribute('type')) === 'radio') await tick(page, polish);
      else await page.getByLabel('Language', { exact: true }).selectOption('pl');
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');

      await page.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(page);
      const inPolish = await screenState(page);
      assert.equal(inPolish.seq, english.seq, 'no step lost or added');
      assert.equal(inPolish.stage, 'play');
      assert.equal(inPolish.phase, 'Dzień 1');
      assert.notEqual(inPolish.prompt, english.prompt, 'the prompt is read in Polish');
      assert.equal(inPolish.progress, english.progress.replace('Step', 'Krok').replace(' of ', ' z ').replace('part', 'część'));
      await assertAxeClean(page, 'script in Polish');

      await page.reload();
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), inPolish, 'the language and the game survive a reload');
    } finally {
      await context.close();
    }
  });

  test("the Keeper's override ends the game; the game-over screen shows the winner and every role, survives a reload, and the log ends with the result", { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await startCluethulhu(page, app.url);
      await dealAll(page);
      const before = await screenState(page);
      await openTool(page, 'Keeper’s override');
      await page.getByRole('button', { name: 'Declare a winner', exact: true }).click();
      await tick(page, page.getByLabel('The Cult', { exact: true }));
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, do it', exact: true }).click();
      await page.waitForFunction((seq) => Number(document.querySelector('main')?.dataset.seq) > seq, before.seq);
      const main = page.locator('main');
      assert.equal(await main.getAttribute('data-stage'), 'over');
      const text = await main.innerText();
      assert.match(text, /The Cult/);
      assert.match(text, /Declared by the Keeper/);
      // Every role is revealed: the seven tablets of the deal are all named.
      const roles = ['Investigator', 'Cultist'].filter((r) => text.includes(r));
      assert.equal(roles.length, 2, 'the Investigators and the Cultists are revealed');
      await assertAxeClean(page, 'game over');
      await page.reload();
      await page.locator('main[data-stage="over"]').waitFor();
      assert.match(await page.locator('main').innerText(), /Declared by the Keeper/);
      // The log ends with the result: the winner and why, after the ruling itself.
      await page.getByRole('link', { name: 'Log', exact: true }).click();
      const result = page.getByTestId('log-result');
      await result.waitFor();
      assert.match(await result.innerText(), /Winner: The Cult\s+Declared by the Keeper\./);
      const last = await page.locator('main section').last().getAttribute('data-testid');
      assert.equal(last, 'log-result', 'the result is the last thing in the log');
      assert.match(await page.locator('main').innerText(), /Everyone knows\s+The Keeper declared the winner: The Cult\./);
    } finally {
      await context.close();
    }
  });
});
