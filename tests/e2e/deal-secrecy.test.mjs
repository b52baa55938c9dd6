/**
 * No role is shown to the wrong person, in the built app in Chromium on a phone (412×823, real
 * touch events):
 *
 * - The deal, under bursts of taps at 50–400 ms on every control of it (where the hold button
 *   is, where "Done, pass on" is or will be), across the change from one player to the next:
 *   after every tap the page holds no role name at all, and while a player holds to see, only
 *   the card of the player the screen names. A tap never moves the deal on before the player
 *   has seen their card, and a burst on "Done, pass on" moves it on by exactly one player.
 * - While the deal is on, the header has no links; the card being held covers the whole
 *   screen, opaque, and carries no side's colour.
 * - A "show the card" step (Cluethulhu's Tcho-Tcho in English, Ktulu's Harlot in Polish)
 *   offers that one card on an opaque screen of its own, held to see; the same for "show a
 *   role again" on the Table.
 * - axe finds nothing on each of these screens.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { answerStep, DEAL_WORDS, dealAll, screenState, SEVEN, tick, waitForCommit, waitForGameScreen } from './keeper.mjs';
import { readStoredGame } from './lantern-db.mjs';
import { choose, dealAndRead, next, readScript, setUpKtulu, WORDS } from './manitou.mjs';
import { roleNames } from './secrets.mjs';

const app = useApp();

/** The phone the issue was found on: 412×823, touch. */
const PHONE_412 = { viewport: { width: 412, height: 823 } };

/** The gaps between taps, in ms: a fixed, varied rhythm from 50 to 400 (no randomness in tests). */
const GAPS = [50, 180, 60, 400, 90, 250, 50, 320, 120, 70, 210, 380, 50, 140];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** A finger on the screen, through Chromium's own touch input (touchstart, pointer events, click). */
async function fingerOn(page) {
  const cdp = await page.context().newCDPSession(page);
  return {
    down: (x, y) => cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
    up: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
    async tap(x, y) {
      await this.down(x, y);
      await this.up();
    }
  };
}

/** The centre of an element, or null when it is not in the page. */
async function centre(locator) {
  if ((await locator.count()) === 0) return null;
  const box = await locator.first().boundingBox();
  return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
}

/**
 * What of the cards is in the page now: the names of the roles in its text outside any shown
 * card (attributes and the title included), and the role named on the shown card, if any.
 */
function secretsInPage(page, names) {
  return page.evaluate((names) => {
    const card = document.querySelector('[data-testid="role-card"]');
    const shown = card ? (card.querySelector('h2, h3')?.textContent?.trim() ?? '?') : null;
    const clone = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
    clone.querySelectorAll('[data-testid="role-card"]').forEach((el) => el.remove());
    const attrs = [...clone.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value));
    const text = [clone.textContent ?? '', ...attrs].join('\n');
    const stage = document.querySelector('main')?.getAttribute('data-stage') ?? null;
    return { shown, outside: names.filter((n) => text.includes(n)), stage };
  }, names);
}

/**
 * Asserts that no role is in the page but `owner`'s card, and that only while `holding`.
 * @param {string} where what just happened, for the message
 */
async function assertOnly(page, names, { owner, ownerRole, holding }, where, { whileDealing = false } = {}) {
  const { shown, outside, stage } = await secretsInPage(page, names);
  // After the last player, the Keeper's script (which names roles) may follow between two looks.
  if (whileDealing && stage !== 'dealing') return;
  assert.deepEqual(outside, [], `${where}: role names in the page outside any card, with the phone at ${owner}`);
  if (holding) assert.equal(shown, ownerRole, `${where}: ${owner} holds and sees their own card`);
  else assert.equal(shown, null, `${where}: no card in the page while ${owner} is not holding`);
}

/** Whether an element covers the whole viewport with an opaque background. */
function coversScreen(page, selector, pseudo = null) {
  return page.evaluate(
    ([selector, pseudo]) => {
      const el = document.querySelector(selector);
      if (!el) return { found: false };
      const r = el.getBoundingClientRect();
      const bg = getComputedStyle(el, pseudo).backgroundColor;
      const alpha = bg.startsWith('rgba') ? Number(bg.split(',')[3].replace(')', '')) : bg === 'transparent' ? 0 : 1;
      const covers = r.left <= 0 && r.top <= 0 && r.right >= innerWidth && r.bottom >= innerHeight;
      return { found: true, covers, alpha, bg, tinted: /tone/.test(el.innerHTML) };
    },
    [selector, pseudo]
  );
}

/** The roles as dealt, by player name, from the game stored on the phone. */
async function dealtRoles(page, id, names) {
  const stored = await readStoredGame(page, id);
  const players = stored.game.snapshot.context.players;
  return Object.fromEntries(players.map((p) => [p.name, names[p.role]]));
}

/** The header's links (Home, Settings, the app's name). */
const headerLinks = (page) => page.locator('header a[href]').count();

describe('the deal shows each card only to its player', () => {
  test('bursts of taps at 50–400 ms never put a card in front of anyone; holding shows only one’s own', { timeout: 300_000 }, async (t) => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      const names = roleNames('cluethulhu', 'en');
      const allNames = Object.values(names);
      const id = await startGame(page, SEVEN, ['Tcho-Tcho']);
      const roles = await dealtRoles(page, id, names);
      t.diagnostic(`deal: ${SEVEN.map((n) => `${n} ${roles[n]}`).join(', ')}`);
      const finger = await fingerOn(page);

      // Nothing but the deal: no way off it, and nothing of anyone's card.
      assert.equal(await headerLinks(page), 0, 'no header links during the deal');
      assert.equal(await page.locator('header nav').count(), 0, 'no header navigation during the deal');
      await assertOnly(page, allNames, { owner: SEVEN[0], ownerRole: roles[SEVEN[0]], holding: false }, 'the first screen');
      await assertAxeClean(page, 'deal, a player’s screen');

      const holdButton = page.getByRole('button', { name: /^(Hold to see your role|One moment…)$/ });
      const holdAt = await centre(holdButton);
      assert.ok(holdAt, 'the hold button is on screen');
      // Where "Done, pass on" will be: the bottom of the screen until it is there.
      let passAt = { x: 206, y: 823 - 60 };
      let taps = 0;
      let gap = 0;

      for (const [i, owner] of SEVEN.entries()) {
        const state = await screenState(page);
        assert.equal(state.heading, `Pass the phone to ${owner}`, `the phone goes to ${owner}`);
        assert.equal(state.seq, i, `one pass per player so far (at ${owner})`);
        const who = { owner, ownerRole: roles[owner], holding: false };

        // A burst on both places before the player has seen their card: nothing shows, nobody
        // is passed over.
        for (let k = 0; k < 8; k++) {
          await finger.tap(...Object.values(k % 2 === 0 ? holdAt : passAt));
          taps++;
          await assertOnly(page, allNames, who, `tap ${taps} (${owner}, before seeing)`);
          await sleep(GAPS[gap++ % GAPS.length]);
          await assertOnly(page, allNames, who, `after tap ${taps} (${owner}, before seeing)`);
        }
        assert.equal((await screenState(page)).seq, i, `taps alone never pass ${owner} on`);
        assert.equal(await page.getByRole('button', { name: DEAL_WORDS.en.passOn }).count(), 0, 'no way on before the card was seen');

        // The named player holds: their card, and nothing else, covering the screen.
        await page.waitForFunction(() => !document.querySelector('[data-testid="deal"] button.hold')?.hasAttribute('disabled'), undefined, { polling: 50 });
        await finger.down(holdAt.x, holdAt.y);
        await page.getByTestId('role-card').waitFor();
        await assertOnly(page, allNames, { ...who, holding: true }, `${owner} holding`);
        const cover = await coversScreen(page, '[data-testid="card-view"]');
        assert.ok(cover.covers, `${owner}'s card covers the screen`);
        assert.equal(cover.alpha, 1, `${owner}'s card view is opaque (${cover.bg})`);
        assert.equal(cover.tinted, false, 'no side colour on the card');
        if (i === 0) await assertAxeClean(page, 'deal, card held');
        await finger.up();
        await page.getByTestId('role-card').waitFor({ state: 'detached' });
        await assertOnly(page, allNames, who, `${owner} let go`);
        if (i === 0) await assertAxeClean(page, 'deal, card seen, ready to pass on');

        // A burst on "Done, pass on" and on the hold button, through to the next player's
        // screen (after the last player, the hand-back): exactly one pass, and nobody's card shows.
        passAt = (await centre(page.getByRole('button', { name: DEAL_WORDS.en.passOn, exact: true }))) ?? passAt;
        const next = SEVEN[i + 1];
        const nobody = { owner: `${owner} or ${next}`, ownerRole: null, holding: false };
        for (let k = 0; k < 7; k++) {
          await finger.tap(...Object.values(k < 3 || k % 2 === 1 ? passAt : holdAt));
          taps++;
          await assertOnly(page, allNames, nobody, `tap ${taps} (passing on from ${owner})`);
          await sleep(k < 3 ? 50 : GAPS[gap++ % GAPS.length]);
          await assertOnly(page, allNames, nobody, `after tap ${taps} (passing on from ${owner})`);
        }
        const after = await waitForCommit(page, i).catch(() => screenState(page));
        assert.equal(after.seq, i + 1, `a burst on "Done, pass on" passes ${owner} on once`);
        if (next) assert.equal(after.heading, `Pass the phone to ${next}`);
      }

      // The deal is over: the hand-back, with nothing of anyone's card and no way off it; the
      // bursts on "Done, pass on" and the hold button did not open it, nor does a tap.
      await page.locator('[data-screen="hand-back"]').waitFor();
      assert.equal((await screenState(page)).heading, 'Give the phone to the Keeper');
      await assertOnly(page, allNames, { owner: 'the Keeper', ownerRole: null, holding: false }, 'the hand-back');
      assert.equal(await headerLinks(page), 0, 'no header links on the hand-back');
      await assertAxeClean(page, 'the hand-back');
      const openAt = await centre(page.locator('[data-hold-open]'));
      assert.ok(openAt, 'the hold-open button is on screen');
      for (const g of [50, 250, 50]) {
        await finger.tap(openAt.x, openAt.y);
        await sleep(g);
      }
      await sleep(700);
      assert.equal(await page.locator('[data-screen="hand-back"]').count(), 1, 'taps do not open the game');
      await assertOnly(page, allNames, { owner: 'the Keeper', ownerRole: null, holding: false }, 'the hand-back after taps');
      // The Keeper holds: the script.
      await finger.down(openAt.x, openAt.y);
      await page.locator('[data-screen="hand-back"]').waitFor({ state: 'detached' });
      await finger.up();
      await waitForGameScreen(page);
      const end = await screenState(page);
      assert.equal(end.stage, 'play');
      assert.equal(end.seq, SEVEN.length, 'one pass per player, none skipped');
      assert.ok((await headerLinks(page)) >= 2, 'the header links are back once the deal is over');
      t.diagnostic(`${taps} taps`);
    } finally {
      await context.close();
    }
  });
});

describe('a card shown to someone is on an opaque screen of its own, held to see', () => {
  test('Cluethulhu, in English: the Tcho-Tcho sees the target’s tablet; a role shown again on the Table', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE_412);
    try {
      const names = roleNames('cluethulhu', 'en');
      const id = await startGame(page, SEVEN, ['Tcho-Tcho']);
      const roles = await dealtRoles(page, id, names);
      await dealAll(page);

      // Day 1 with the first answers (sparing the Tcho-Tcho), to the Tcho-Tcho's target.
      const spy = SEVEN.find((n) => roles[n] === names.tchoTcho);
      let state = await screenState(page);
      for (let n = 0; n < 20 && !(state.prompt ?? '').startsWith('The person I tap is the Tcho-Tcho'); n++) {
        const radios = page.locator('main input[type="radio"]:not([disabled]):not([value=""])');
        const labels = await Promise.all((await radios.all()).map(async (r) => (await page.locator(`label[for="${await r.getAttribute('id')}"]`).innerText()).trim()));
        const pick = labels.findIndex((l) => !l.includes(spy));
        if (pick < 0) state = await answerStep(page);
        else {
          await tick(page, radios.nth(pick));
          await page.locator('main').getByRole('button', { name: 'Next', exact: true }).click();
          state = await waitForCommit(page, state.seq);
        }
      }
      assert.match(state.prompt ?? '', /Tcho-Tcho’s target|Tcho-Tcho's target/);
      const open = page.getByRole('button', { name: /^Show .+’s card to the Tcho-Tcho$/ });
      const target = (await open.innerText()).replace(/^Show (.+)’s card to the Tcho-Tcho$/, '$1');
      assert.ok(SEVEN.includes(target), `the button names a player (${target})`);

      await open.click();
      const dialog = page.getByRole('dialog', { name: `${target}’s card` });
      await dialog.waitFor();
      await assertScreenOfItsOwn(page, dialog, 'Hold to see the card', roles[target], { side: false });
      await assertAxeClean(page, 'show the card, open');
      // Done tapped twice: the second tap lands where Next is, and answers nothing.
      const before = await screenState(page);
      const done = await centre(dialog.getByRole('button', { name: 'Done', exact: true }));
      const finger = await fingerOn(page);
      await finger.tap(done.x, done.y);
      await dialog.waitFor({ state: 'detached' });
      const next = await centre(page.locator('main').getByRole('button', { name: 'Next', exact: true }));
      await finger.tap(next.x, next.y);
      await page.waitForFunction(() => document.querySelector('main')?.getAttribute('data-ready') === 'true', undefined, { polling: 20 });
      assert.equal((await screenState(page)).seq, before.seq, 'the second tap after Done answered nothing');
      assert.equal((await screenState(page)).prompt, before.prompt);
      assert.equal(await page.locator('[data-notice][role="alert"]').count(), 0, 'nor asked for a choice');
      assert.equal(await page.getByTestId('role-card').count(), 0);

      // The Table: a player who forgot their role sees it again, the same way.
      await page.goto(`${app.url}/game/${id}/table`);
      await page.getByLabel('Which player forgot their role?').selectOption({ label: 'Cleo' });
      await page.getByRole('button', { name: 'Show role', exact: true }).click();
      const again = page.getByRole('dialog', { name: 'Cleo’s role' });
      await again.waitFor();
      await assertScreenOfItsOwn(page, again, 'Hold to see the card', roles.Cleo, { side: true });
      await assertAxeClean(page, 'a role shown again');
    } finally {
      await context.close();
    }
  });

  test('Ktulu, in Polish: the Harlot sees her client’s card', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, { ...PHONE_412, locale: 'pl-PL' });
    try {
      const w = WORDS.pl;
      const names = roleNames('ktulu', 'pl');
      const players = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Janek', 'Kasia', 'Leon'];
      await setUpKtulu(page, app.url, w, { names: players });
      const id = new URL(page.url()).pathname.split('/').pop();
      const roles = await dealtRoles(page, id, names);
      assert.equal(await headerLinks(page), 0, 'no header links during the deal');
      await dealAndRead(page, w, players);

      // Zero night, step 1: the Harlot picks a client, then sees their card.
      const harlot = players.find((p) => roles[p] === names.harlot);
      assert.ok(harlot, 'the suggested roster for twelve has the Harlot');
      const client = players.find((p) => p !== harlot);
      await choose(page, client);
      await next(page, w);
      const s = await readScript(page);
      assert.equal(s.number, 'Nr 1');
      const open = page.getByRole('button', { name: `Pokaż kartę, którą ma ${client} – ogląda ją ${names.harlot}`, exact: true });
      await open.click();
      const dialog = page.getByRole('dialog', { name: `Karta: ${client}` });
      await dialog.waitFor();
      await assertScreenOfItsOwn(page, dialog, 'Przytrzymaj, aby zobaczyć kartę', roles[client], { side: false });
      await assertAxeClean(page, 'pokaż kartę');
      await dialog.getByRole('button', { name: 'Gotowe', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

/**
 * Asserts that an open card screen covers everything, opaque, with no card in the page until
 * its button is held (by a real finger), then exactly that card, gone again on letting go.
 */
async function assertScreenOfItsOwn(page, dialog, holdLabel, role, { side }) {
  const cover = await coversScreen(page, 'dialog[open].card-screen');
  assert.ok(cover.covers, 'the card screen covers the whole screen');
  assert.equal(cover.alpha, 1, `the card screen is opaque (${cover.bg})`);
  const backdrop = await coversScreen(page, 'dialog[open].card-screen', '::backdrop');
  assert.equal(backdrop.alpha, 1, `nothing shows through its backdrop (${backdrop.bg})`);
  assert.equal(await dialog.getByTestId('role-card').count(), 0, 'no card before it is held');

  const finger = await fingerOn(page);
  const at = await centre(dialog.getByRole('button', { name: holdLabel, exact: true }));
  // A tap shows nothing.
  await finger.tap(at.x, at.y);
  await sleep(800);
  assert.equal(await page.getByTestId('role-card').count(), 0, 'a tap shows no card');
  await finger.down(at.x, at.y);
  const card = dialog.getByTestId('role-card');
  await card.waitFor();
  assert.equal((await card.getByRole('heading').innerText()).trim(), role, 'the one card asked for');
  if (!side) assert.equal(await card.locator('.side').count(), 0, 'only the card’s face: no side');
  assert.equal(await page.getByTestId('role-card').count(), 1, 'one card in the page');
  await finger.up();
  await card.waitFor({ state: 'detached' });
}

/**
 * Sets up a Cluethulhu game for `names` with `specials` ticked, dealt in the app, and starts it.
 * @returns {Promise<string>} the game's id
 */
async function startGame(page, names, specials) {
  await page.goto(`${app.url}/new/cluethulhu`);
  await page.getByLabel('Player 1', { exact: true }).waitFor();
  for (let i = 0; i < names.length; i++) {
    const input = page.getByLabel(`Player ${i + 1}`, { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await input.fill(names[i]);
  }
  for (const s of specials) await tick(page, page.getByLabel(s, { exact: true }));
  const dealInApp = page.getByLabel('Deal in the app', { exact: true });
  if ((await dealInApp.count()) > 0) await dealInApp.check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop();
}
