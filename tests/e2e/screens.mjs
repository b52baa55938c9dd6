/**
 * A walk through every screen of Lantern, the way a Keeper reaches each one, for checks that
 * must hold everywhere (the Content-Security-Policy, hostile player names). The walk calls
 * `visit(where, info)` once each screen is drawn, with the player names that screen must show
 * as text; the caller decides what to check there.
 *
 * Screens: home (empty, with a game in play, with a finished game), the game choice, setup,
 * dealing (card hidden and shown, for every player), the script (every step of Day 1 and Night 1,
 * each kind of answer), the Keeper's override (menu, a list of players, a confirmation naming
 * one), the table (and a card held up), the log, the delete confirmation, game over, settings,
 * and every other same-origin screen any of them links to (so a screen added later is walked
 * too).
 */
import { answerStep, openHandBack, openTool, peek, screenState, waitForGameScreen } from './keeper.mjs';

/**
 * @typedef {{ names: string[], axe?: boolean, kind?: string }} ScreenInfo
 *   names: the player names the screen shows as text; axe: worth a full accessibility scan
 *   (false on repeats of a kind of screen already scanned).
 * @typedef {(where: string, info: ScreenInfo) => Promise<void>} Visit
 */

/** Same-origin paths the current screen links to. */
async function linksOn(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((a) => new URL(/** @type {HTMLAnchorElement} */ (a).href))
      .filter((u) => u.origin === location.origin)
      .map((u) => u.pathname)
  );
}

/** Opens a path and waits for its one heading; on a game's screens, for the game itself. */
export async function open(page, baseUrl, path) {
  await page.goto(new URL(path, baseUrl).href);
  // While a game loads its screens show a heading of their own: wait for the committed log.
  const heading = path.startsWith('/game/') ? 'main[data-seq] h1' : 'main h1';
  await page.locator(heading).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Wraps `visit` so every screen's links are noted; `rest()` then visits each linked screen not
 * walked yet.
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {Visit} visit
 */
export function walker(page, baseUrl, visit) {
  const walked = new Set();
  const linked = new Set();
  /** @type {Visit} */
  const at = async (where, info) => {
    walked.add(new URL(page.url()).pathname);
    for (const path of await linksOn(page)) linked.add(path);
    await visit(where, info);
  };
  return {
    at,
    /** Every linked screen not walked yet; the names to expect there are not known. */
    async rest() {
      for (let round = 0; round < 3; round++) {
        const todo = [...linked].filter((p) => !walked.has(p));
        if (todo.length === 0) return;
        for (const path of todo) {
          await open(page, baseUrl, path).catch((e) => {
            throw new Error(`the linked screen ${path} did not draw: ${e.message}`);
          });
          await at(`linked screen ${path}`, { names: [] });
        }
      }
    }
  };
}

/**
 * Fills the Cluethulhu setup with `names`, deals in the app and starts the game.
 * @returns {Promise<string>} the game's id
 */
export async function setUp(page, baseUrl, names, at) {
  await open(page, baseUrl, '/new/cluethulhu');
  await fillPlayers(page, names);
  await at('setup, players entered', { names: [] });
  const dealInApp = page.getByLabel('Deal in the app', { exact: true });
  if ((await dealInApp.count()) > 0) await dealInApp.check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  try {
    await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  } catch {
    const problems = await page.locator('[role="alert"]').allInnerTexts();
    throw new Error(`"Start game" did not open a game: ${problems.join(' | ') || 'no message'}`);
  }
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Types `names` into the player rows, adding rows as needed. */
export async function fillPlayers(page, names) {
  const field = (n) => page.getByLabel(`Player ${n}`, { exact: true });
  await field(1).waitFor();
  for (let i = 0; i < names.length; i++) {
    if ((await field(i + 1).count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await field(i + 1).fill(names[i]);
  }
}

/**
 * Every screen of one game, from its deal to game over.
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {string} id
 * @param {string[]} names in seating order
 * @param {Visit} at
 */
export async function walkGame(page, baseUrl, id, names, at, { steps = 80 } = {}) {
  // The deal: every player's screen, card hidden then shown.
  let state = await screenState(page);
  for (let i = 0; state.stage === 'dealing'; i++) {
    if (i > names.length) throw new Error('dealing did not end');
    const who = [names[i]];
    await at(`dealing, phone passed to player ${i + 1}`, { names: who, axe: i === 0, kind: 'deal-hidden' });
    await peek(page, () => at(`dealing, card of player ${i + 1} shown`, { names: who, axe: i === 0, kind: 'deal-shown' }));
    await page.getByRole('button', { name: 'Done, pass on', exact: true }).click();
    await page.waitForFunction((seq) => Number(document.querySelector('main')?.dataset.seq) > seq, state.seq);
    await waitForGameScreen(page);
    state = await screenState(page);
  }
  // The last player has looked: the Keeper holds the hand-back to open the script.
  if (await page.locator('[data-screen="hand-back"]').count()) {
    await openHandBack(page);
    await waitForGameScreen(page);
    state = await screenState(page);
  }

  // The script through Day 1 and Night 1: every step, a full scan on each kind of answer.
  const kinds = new Set();
  for (let n = 0; n < steps && state.stage === 'play' && (state.phase === 'Day 1' || state.phase === 'Night 1'); n++) {
    const kind = await widgetKind(page);
    await at(`script, ${state.phase}, step ${state.progress} (${kind} answer)`, {
      // A pick lists every player, the dead too; a tally only the candidates.
      names: kind === 'players' ? names : kind === 'tally' ? await candidates(page, names) : [],
      axe: !kinds.has(kind),
      kind
    });
    kinds.add(kind);
    state = await answerStep(page);
  }

  if (state.stage === 'play') {
    // The Keeper's override: its menu, the list of players, and a confirmation naming one.
    await openTool(page, 'Keeper’s override');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await at('override menu', { names: [] });
    await dialog.getByRole('button', { name: 'Mark a player eliminated', exact: true }).click();
    const alive = await dialog.locator('input[type="radio"]').count();
    await at('override, choosing a player', { names: alive === names.length ? names : [] });
    for (let i = 0; i < alive; i++) {
      const radio = dialog.locator('input[type="radio"]').nth(i);
      await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
      const name = await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).innerText();
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await at(`override, confirming a player (${i + 1})`, { names: [name.trim()], axe: i === 0 });
      await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  // The table, and one card held up.
  await open(page, baseUrl, `/game/${id}/table`);
  await at('table', { names });
  const seat = page.locator('main .seat').first();
  await seat.focus();
  await page.keyboard.down(' ');
  await page.locator('main [role="status"]').first().waitFor({ timeout: 5_000 });
  await at('table, a card held up', { names });
  await page.keyboard.up(' ');

  await open(page, baseUrl, `/game/${id}/log`);
  await at('log', { names: [] });

  // Home with the game listed, and the delete confirmation (cancelled).
  await open(page, baseUrl, '/');
  await page.locator(`main a[href="/game/${id}"]`).waitFor();
  await at('home, a game in play', { names });
  await page.locator('main article').filter({ has: page.locator(`a[href="/game/${id}"]`) }).getByRole('button').first().click();
  await page.getByRole('dialog').waitFor();
  await at('home, delete confirmation', { names: [] });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  // Game over, declared by the Keeper.
  await open(page, baseUrl, `/game/${id}`);
  await waitForGameScreen(page);
  state = await screenState(page);
  if (state.stage === 'play') {
    await openTool(page, 'Keeper’s override');
    await page.getByRole('button', { name: 'Declare a winner', exact: true }).click();
    await page.getByRole('dialog').locator('label').filter({ hasText: 'The Cult' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, do it', exact: true }).click();
    await page.locator('main[data-stage="over"]').waitFor();
  }
  await at('game over', { names });
  await open(page, baseUrl, '/');
  await at('home, a finished game', { names });
}

/** The kind of answer the current step takes. */
async function widgetKind(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return 'none';
    if (main.querySelector('input[type="radio"], input[type="checkbox"]')) return 'players';
    if (main.querySelector('input[type="number"]')) return 'tally';
    const labels = [...main.querySelectorAll('button')].map((b) => b.textContent?.trim());
    return labels.includes('Next') ? 'none' : 'yesno';
  });
}

/** The names among `names` that the step's answer widget lists. */
async function candidates(page, names) {
  const shown = await page.locator('main fieldset').first().innerText();
  return names.filter((n) => shown.includes(n));
}

/** Home, the game choice and settings: the screens outside any game. */
export async function walkApp(page, baseUrl, at) {
  await open(page, baseUrl, '/');
  await at('home', { names: [] });
  await open(page, baseUrl, '/new');
  await at('choose a game', { names: [] });
  await open(page, baseUrl, '/settings');
  await at('settings', { names: [] });
}
