/**
 * Drives Lantern the way a Keeper does, through the screens only (see the UI conventions in
 * the project notes): set up a Cluethulhu game, deal it pass-and-peek, and answer script
 * steps. Shared by the end-to-end tests and the benchmark (scripts/bench.mjs).
 *
 * Answering is deliberately simple and deterministic: the first player who may be picked (as
 * many as the step needs), "yes" on a yes/no step, and every vote on the first option of a
 * tally, so games move on and end.
 */

export const SEVEN = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay', 'Gus'];

/** A phone-sized window: the app is used one-handed on a phone. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** What the game screen shows now. */
export async function screenState(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
    return {
      seq: main?.dataset.seq === undefined ? null : Number(main.dataset.seq),
      stage: main?.dataset.stage ?? null,
      phase: text('phase'),
      prompt: text('prompt'),
      progress: text('progress'),
      heading: document.querySelector('main h1')?.textContent?.trim() ?? null
    };
  });
}

/** Waits until the game screen has drawn (after a navigation or a reload). */
export async function waitForGameScreen(page, timeout = 15_000) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main[data-seq][data-stage]');
      if (!main) return false;
      const stage = main.getAttribute('data-stage');
      if (document.querySelector('[data-screen="hand-back"]')) return true;
      // A script game's step is drawn with its prompt; a scoreboard game's table (BotC's grimoire,
      // KKD, Gloom, the notebook) has no prompt, and is drawn once its heading is.
      if (stage === 'play' && main.querySelector('form.script, [data-testid="prompt"]')) return document.querySelector('[data-testid="prompt"]') !== null;
      return main.querySelector('h1') !== null;
    },
    undefined,
    { timeout, polling: 50 }
  );
}

/** Waits until the committed log length is no longer `seq`; returns the new state. */
export async function waitForCommit(page, seq, timeout = 15_000) {
  await page.waitForFunction(
    (before) => {
      const main = document.querySelector('main[data-seq]');
      return main !== null && Number(main.getAttribute('data-seq')) !== before;
    },
    seq,
    { timeout, polling: 20 }
  );
  await waitForTaps(page, timeout);
  return screenState(page);
}

/**
 * Waits until taps count again: a new position ignores taps on its controls for a moment, and
 * the game screen's <main> says when they count with `data-ready`.
 */
export async function waitForTaps(page, timeout = 15_000) {
  await page.waitForFunction(() => document.querySelector('main')?.getAttribute('data-ready') !== 'false', undefined, { timeout, polling: 20 });
}

/**
 * The hand-back that ends every deal and pass-round: checks it is there, then opens the game as
 * the moderator does, holding "Hold to open the game" (or the table's words) until the game opens.
 * Resolves once the game's own screen is drawn.
 * @param {import('playwright-core').Page} page
 */
export async function openHandBack(page) {
  const screen = page.locator('[data-screen="hand-back"]');
  await screen.waitFor();
  const button = page.locator('[data-hold-open]');
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the hold-open button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  try {
    await screen.waitFor({ state: 'detached', timeout: 5_000 });
  } finally {
    await page.mouse.up();
  }
  await waitForTaps(page);
}

/**
 * Fills in the Cluethulhu setup screen with `names` and starts a game dealt in the app.
 * @returns {Promise<string>} the new game's id (from the URL)
 */
export async function startCluethulhu(page, baseUrl, names = SEVEN, label = (n) => `Player ${n}`) {
  await page.goto(`${baseUrl}/new/cluethulhu`);
  // The form starts with the fewest players the game takes; wait for it before counting rows.
  await page.getByLabel(label(1), { exact: true }).waitFor();
  for (let i = 0; i < names.length; i++) {
    const input = page.getByLabel(label(i + 1), { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await input.fill(names[i]);
  }
  const extra = await page.getByLabel(label(names.length + 1), { exact: true }).count();
  if (extra > 0) throw new Error(`the setup form has more than ${names.length} player rows`);
  const dealInApp = page.getByLabel('Deal in the app', { exact: true });
  if ((await dealInApp.count()) > 0) await dealInApp.check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  try {
    await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  } catch {
    const problems = await page.locator('[role="alert"]').allInnerTexts();
    throw new Error(`"Start game" did not open a game (still at ${page.url()}): ${problems.join(' | ') || 'no message'}`);
  }
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop();
}

/**
 * Opens one of the game's tools (Table, Log, Sheet, Keeper’s override) as the moderator does:
 * from the script's menu, or directly where a screen shows it as a button of its own.
 */
export async function openTool(page, name) {
  const main = page.locator('main');
  const direct = main.locator(':is(a, button):not(nav *)').filter({ hasText: new RegExp(`^${name}$`) });
  if ((await direct.count()) > 0) return direct.first().click();
  const nav = main.locator('nav:has(> button[aria-expanded])');
  const toggle = nav.locator('> button[aria-expanded]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav.locator('ul > li > *').filter({ hasText: new RegExp(`^${name}$`) }).click();
}

/** The deal's words, by language. */
export const DEAL_WORDS = {
  en: { hold: 'Hold to see your role', passOn: 'Done, pass on' },
  pl: { hold: 'Przytrzymaj, aby zobaczyć swoją rolę', passOn: 'Gotowe, podaj dalej' }
};

/**
 * One player's look at their card, as a finger does it: waits out the screen's lock, presses
 * and holds "Hold to see your role" until the card shows, runs `whileHeld`, then lets go and
 * waits until the card has left the page. Resolves to what `whileHeld` returned.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<T>} [whileHeld]
 * @returns {Promise<T>}
 */
export async function peek(page, whileHeld = async () => /** @type {T} */ (undefined), words = DEAL_WORDS.en) {
  const button = page.getByRole('button', { name: words.hold, exact: true });
  await button.waitFor();
  // Locked for a moment when it appears: the button is disabled until then.
  await page.waitForFunction((name) => [...document.querySelectorAll('main button')].some((b) => b.textContent?.trim() === name && !b.disabled), words.hold, { polling: 50 });
  // Each new position starts at its top: a long name above can push the button below the fold,
  // and a finger scrolls to it before pressing.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the hold button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  try {
    await page.getByTestId('role-card').waitFor({ timeout: 5_000 });
    return await whileHeld();
  } finally {
    await page.mouse.up();
    await page.getByTestId('role-card').waitFor({ state: 'detached' });
  }
}

/**
 * Hands the phone round: each player holds to see their role, lets go and passes on.
 * `afterEach` runs after every committed pass (the tests reload there).
 */
export async function dealAll(page, afterEach = async () => {}) {
  for (let guard = 0; guard < 40; guard++) {
    const state = await screenState(page);
    if (state.stage !== 'dealing') {
      // The last player passed on: the phone goes back to the Keeper, who holds to open the script.
      if (await page.locator('[data-screen="hand-back"]').count()) {
        await openHandBack(page);
        await waitForGameScreen(page);
        return screenState(page);
      }
      return state;
    }
    await peek(page);
    await page.getByRole('button', { name: DEAL_WORDS.en.passOn, exact: true }).click();
    const after = await waitForCommit(page, state.seq);
    await afterEach(after);
  }
  throw new Error('dealing did not end');
}

/**
 * Waits until the script's step has been on screen long enough for a tap on it to count (a new
 * step ignores taps for a moment, and says when it is ready with `data-ready`). Returns at once
 * on any other screen.
 */
export async function waitForReady(page, timeout = 15_000) {
  await page.waitForFunction(() => document.querySelector('form[data-ready]')?.getAttribute('data-ready') !== 'false' && document.querySelector('main')?.getAttribute('data-ready') !== 'false', undefined, {
    timeout,
    polling: 20
  });
}

/**
 * Ticks a radio or checkbox the way a finger does: by tapping its label (the styled label
 * covers the small native control).
 */
export async function tick(page, input) {
  await waitForReady(page);
  const id = await input.getAttribute('id');
  const label = id ? page.locator(`label[for="${id}"]`) : null;
  if (label && (await label.count()) > 0) await label.click();
  else await input.check();
  if (!(await input.isChecked())) throw new Error(`tapping the label of #${id} did not tick it`);
}

/**
 * Sets the answer widget of the current script step and returns the button that sends it:
 * Next, or the first (yes) button of a yes/no step.
 * @param {number} extra players to tick beyond what the instruction asks (retries)
 */
export async function prepareAnswer(page, extra = 0) {
  await waitForReady(page);
  const main = page.locator('main');
  const next = main.getByRole('button', { name: 'Next', exact: true });
  if ((await next.count()) === 0) {
    // Yes/no steps answer with one of two buttons, grouped under the step's question.
    return main.locator('[role="group"]:not(fieldset) button').first();
  }

  const radios = main.locator('input[type="radio"]:not([disabled])');
  // "Nobody" (value "") is ticked only on purpose, never as one of the players.
  const boxes = main.locator('input[type="checkbox"]:not([disabled]):not([value=""])');
  const numbers = main.locator('input[type="number"]:not([disabled])');

  if ((await radios.count()) > 0) {
    const players = main.locator('input[type="radio"]:not([disabled]):not([value=""])');
    await tick(page, (await players.count()) > 0 ? players.first() : radios.first());
  } else if ((await boxes.count()) > 0) {
    // "Pick exactly 2 players." / "Pick 1 to 3 players." / "Pick a player, or nobody."
    const note = await main.locator('fieldset').first().evaluate((fieldset) => {
      const ids = (fieldset.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
    const wanted = Number(note.match(/\d+/)?.[0] ?? 1) + extra;
    const count = Math.min(wanted, await boxes.count());
    for (let i = 0; i < count; i++) {
      const box = boxes.nth(i);
      if (!(await box.isChecked())) await tick(page, box);
    }
  } else if ((await numbers.count()) > 0) {
    const first = numbers.first();
    const max = Number((await first.getAttribute('max')) ?? 1);
    await first.fill(String(extra > 0 ? 1 : max));
  }
  return next;
}

/**
 * Answers the current step and waits for it to be committed. Retries with a different answer
 * when the app explains (role="alert") that the first one does not fit.
 * @returns {Promise<ReturnType<typeof screenState>>} the state after the commit
 */
export async function answerStep(page) {
  const before = await screenState(page);
  for (let attempt = 0; attempt < 4; attempt++) {
    const button = await prepareAnswer(page, attempt);
    await button.click();
    const outcome = await Promise.race([
      waitForCommit(page, before.seq).then((state) => ({ state })),
      page
        .locator('main [role="alert"]')
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 })
        .then(() => ({ alert: true }))
    ]);
    if ('state' in outcome) return outcome.state;
    // The alert might have been raced by a commit that landed right after it.
    const now = await screenState(page);
    if (now.seq !== before.seq) return now;
  }
  const alert = await page.locator('main [role="alert"]').first().textContent();
  throw new Error(`the step "${before.prompt}" refused every answer tried: ${alert}`);
}
