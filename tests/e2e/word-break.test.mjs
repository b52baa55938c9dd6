/**
 * Words that fit, in both languages, at a phone's size (412 × 823, touch): a walk through every
 * screen of every game (home, settings, the game choice, each game's set-up, a deal, the
 * Cluethulhu and Ktulu scripts with their yes/no steps, the menu and the override dialog, the
 * table, log and sheet, the Storyteller's grimoire and day panel, Gloom's table and its final
 * tally, Kloo Doo's table, the notebook), in English and in Polish, each screen checked at the
 * normal and the extra large text size. It fails on a word broken inside itself ("wiesz/amy"),
 * or cut or spilling out of its box, in any button, heading, label, legend, table header, tab or
 * seat (tests/e2e/word-fit.mjs reads the layout the browser drew).
 *
 * The names are long real names of each language: a seat or a button must hold "Przemysław".
 * The game's seed is pinned, so every run deals and plays the same. Both languages run side by
 * side. To look into one part: WB_LANG=pl, WB_ONLY=walkKtulu,walkGloom, WB_TRACE=1 (each screen
 * as it is checked, with the seconds since the start).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { openHandBack, peek, tick, waitForCommit, waitForGameScreen, waitForReady, waitForTaps } from './keeper.mjs';
import { findUnfitWords } from './word-fit.mjs';

const app = useApp();
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Left out of the walk: the seat labels inside the grimoire's circle, which is being redrawn
 * (a zoomable circle and a list by seat) with a layout test of its own. The rest of the
 * grimoire's screens are walked.
 */
const SKIP = ['[data-testid="grimoire-circle"] .seats'];

const NAMES = {
  en: ['Alexandra', 'Bartholomew', 'Christopher', 'Genevieve', 'Maximilian', 'Penelope', 'Sebastian', 'Theodora', 'Wilhelmina'],
  pl: ['Małgorzata', 'Przemysław', 'Bartłomiej', 'Krzysztof', 'Katarzyna', 'Grzegorz', 'Agnieszka', 'Władysław', 'Stanisława']
};

/** The app's own words, read from its locale files, so the walk follows any change of wording. */
function words(lang) {
  const cache = {};
  const ns = (name) => (cache[name] ??= JSON.parse(readFileSync(new URL(`../../locales/${lang}/${name}.json`, import.meta.url), 'utf8')));
  const plural = lang === 'pl' ? (n) => (n === 1 ? 'one' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'few' : 'many') : (n) => (n === 1 ? 'one' : 'other');
  /** @param {string} key "ns:dotted.key" @param {Record<string, string | number>} [params] */
  return function t(key, params = {}) {
    const [name, path] = key.split(':');
    const parts = path.split('.');
    const last = parts.pop() ?? '';
    let node = ns(name);
    for (const p of parts) node = node?.[p];
    let text = 'count' in params ? (node?.[`${last}_${plural(Number(params.count))}`] ?? node?.[`${last}_other`]) : node?.[last];
    if (typeof text !== 'string') throw new Error(`no text for ${key} in ${lang}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k] ?? `{{${k}}}`));
  };
}

/**
 * Checks the screen as drawn now, at the normal and at the extra large text size (the size is
 * set on <html> as Settings sets it; the app's own setting is put back after).
 */
const T0 = Date.now();
async function check(page, problems, where) {
  if (process.env.WB_TRACE) console.error(((Date.now() - T0) / 1000).toFixed(1), where);
  const before = await page.evaluate(() => document.documentElement.dataset.textSize ?? 'normal');
  for (const size of ['normal', 'xlarge']) {
    const found = await page.evaluate(
      async ({ size, skip }) => {
        document.documentElement.dataset.textSize = size;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        // The checker is passed in as source: it runs in the page.
        return /** @type {any} */ (window).__findUnfitWords({ skip });
      },
      { size, skip: SKIP }
    );
    for (const p of found) problems.push(`${where} [${size}]: ${p.what}: “${p.word ?? ''}” in “${p.text.slice(0, 90)}”`);
  }
  await page.evaluate((size) => (document.documentElement.dataset.textSize = size), before);
}

async function open(page, path) {
  await page.goto(new URL(path, app.url).href);
  await page.locator(path.startsWith('/game/') ? 'main[data-seq] h1' : 'main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

/** Waits for a move to be stored, then until the new position takes taps again (`data-ready`). */
async function waitForMove(page, before) {
  await page.waitForFunction((s) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > s, before, { timeout: 15_000, polling: 20 });
  await waitForTaps(page);
}

async function fillPlayers(page, t, names) {
  const field = (n) => page.getByRole('textbox', { name: t('setup:playerLabel', { number: n }), exact: true });
  await field(1).waitFor();
  for (let i = 0; i < names.length; i++) {
    if ((await field(i + 1).count()) === 0) await page.getByRole('button', { name: t('setup:addPlayer'), exact: true }).click();
    await field(i + 1).fill(names[i]);
  }
}

/** @type {((page: import('playwright-core').Page) => Promise<void>) | null} */
let warnedCheck = null;

async function startGame(page, t, { warned = null } = {}) {
  await page.getByRole('button', { name: t('setup:start'), exact: true }).click();
  if (warned) {
    // A warning the first Start gives (the Storyteller's missing bluffs) is walked too, then a
    // second Start deals as it says.
    await page.getByText(t(warned), { exact: true }).waitFor();
    await warnedCheck?.(page);
    await page.getByRole('button', { name: t('setup:start'), exact: true }).click();
  }
  try {
    await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  } catch {
    const said = await page.locator('[role="alert"]').allInnerTexts();
    throw new Error(`the game did not start: ${said.join(' | ') || 'no message'}`);
  }
  await page.locator('main[data-seq][data-stage] h1').first().waitFor({ timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The pass-and-peek deal: every player's screen, card hidden and shown (each game's roles). */
async function deal(page, t, problems, where) {
  const deal = { hold: t('common:deal.hold'), passOn: t('common:deal.done') };
  for (let i = 0; (await page.locator('main').getAttribute('data-stage')) === 'dealing'; i++) {
    if (i > 20) throw new Error('the deal did not end');
    const seq = await seqOf(page);
    await check(page, problems, `${where}: deal, the phone passed to player ${i + 1}`);
    await peek(page, () => check(page, problems, `${where}: deal, the card of player ${i + 1} shown`), deal);
    await page.getByRole('button', { name: deal.passOn, exact: true }).click();
    await waitForCommit(page, seq);
    await page.locator('main[data-seq][data-stage] h1').first().waitFor();
  }
  // Every deal ends on the hand-back: its words are checked, then the moderator holds it open.
  if (await page.locator('[data-screen="hand-back"]').count()) {
    await check(page, problems, `${where}: the hand-back`);
    await openHandBack(page);
  }
}

/**
 * Answers the script's step: yes on a yes/no step (or the other answer when `no`), else the
 * first players the step asks for, the highest count on a tally; then Next. Tries more players
 * when the app explains that the answer does not fit.
 */
async function answer(page, t, { no = false } = {}) {
  const main = page.locator('main');
  const before = await seqOf(page);
  for (let extra = 0; extra < 4; extra++) {
    await waitForReady(page);
    const next = main.getByRole('button', { name: t('common:script.next'), exact: true });
    let send = next;
    if ((await next.count()) === 0) {
      const buttons = main.locator('[role="group"]:not(fieldset) button');
      send = no && (await buttons.count()) > 1 ? buttons.nth(1) : buttons.first();
    } else {
      const players = main.locator('input[type="radio"]:not([disabled]):not([value=""])');
      const radios = main.locator('input[type="radio"]:not([disabled])');
      const boxes = main.locator('input[type="checkbox"]:not([disabled]):not([value=""])');
      const numbers = main.locator('input[type="number"]:not([disabled])');
      if ((await radios.count()) > 0) await tick(page, (await players.count()) > 0 ? players.first() : radios.first());
      else if ((await boxes.count()) > 0) {
        const note = await main.locator('fieldset').first().evaluate((f) =>
          (f.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        );
        const wanted = Math.min(Number(note.match(/\d+/)?.[0] ?? 1) + extra, await boxes.count());
        for (let i = 0; i < wanted; i++) if (!(await boxes.nth(i).isChecked())) await tick(page, boxes.nth(i));
      } else if ((await numbers.count()) > 0) {
        // The highest count on the last name; when the app says what the votes must add up to,
        // that sum, spread from the last name back (the first players hold what the night
        // handed out, the statue among it: a search there would end the day at once).
        const said = extra > 0 ? await main.locator('[role="alert"]').first().innerText() : '';
        let left = Number(said.match(/\d+/)?.[0] ?? NaN);
        const count = await numbers.count();
        for (let i = count - 1; i >= 0; i--) {
          const max = Number((await numbers.nth(i).getAttribute('max')) ?? 1);
          const value = Number.isNaN(left) ? (i === count - 1 ? max : 0) : Math.min(max, left);
          if (!Number.isNaN(left)) left -= value;
          await numbers.nth(i).fill(String(value));
        }
      }
    }
    await send.click();
    const outcome = await Promise.race([
      waitForMove(page, before).then(() => 'stored'),
      main.locator('[role="alert"]').first().waitFor({ state: 'visible', timeout: 15_000 }).then(() => 'refused')
    ]);
    if (outcome === 'stored' || (await seqOf(page)) !== before) {
      await waitForGameScreen(page);
      return;
    }
  }
  throw new Error(`the step refused every answer: ${await main.locator('[role="alert"]').first().innerText()}`);
}

/**
 * The script: each step checked, until a step offers the answer `until` (checked, then left
 * unanswered) or after `steps` steps. A yes/no step is answered yes and no in turn.
 */
async function walkScript(page, t, problems, where, steps, until = '') {
  for (let n = 0; n < steps; n++) {
    if ((await page.locator('main').getAttribute('data-stage')) !== 'play') return;
    await waitForReady(page);
    const answers = await page.locator('main [role="group"]:not(fieldset) button').allTextContents();
    const yesNo = answers.length > 1;
    if (until && answers.some((a) => a.trim() === until)) return check(page, problems, `${where}: script, the step answered “${until}”`);
    const progress = (await page.getByTestId('progress').textContent().catch(() => null))?.trim() ?? n;
    await check(page, problems, `${where}: script, step ${progress}${yesNo ? ' (yes/no)' : ''}`);
    await answer(page, t, { no: yesNo && n % 2 === 1 });
  }
}

/** The game's menu, opened and checked, then the override dialog and its first list. */
async function menuAndOverride(page, t, problems, where, overrideTitle) {
  const main = page.locator('main');
  // A random deal may end the game within the steps walked: its last screen is checked instead.
  if ((await main.getAttribute('data-stage')) === 'over') return check(page, problems, `${where}: game over`);
  const toggle = main.locator('nav > button[aria-expanded]').first();
  if ((await toggle.count()) > 0) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await check(page, problems, `${where}: the menu`);
  }
  const item = main.locator(':is(a, button)').filter({ hasText: new RegExp(`^${overrideTitle}$`) }).first();
  // The menu closes when the focus leaves it (another page of the run may take it): open it
  // again until the item is tapped.
  for (let tries = 0; ; tries++) {
    if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    try {
      await item.click({ timeout: 5_000 });
      break;
    } catch (e) {
      if (tries === 3) {
        const shown = await main.evaluate((m) => `${m.dataset.stage}: ${[...m.querySelectorAll('a, button')].map((b) => b.textContent?.trim()).join(' | ')}`);
        throw new Error(`${e.message}\nthe screen shows ${shown}`);
      }
    }
  }
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await check(page, problems, `${where}: the override dialog`);
  await dialog.locator('.btn').first().click();
  await check(page, problems, `${where}: the override dialog, a correction open`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** The game's sub-screens: table, log, sheet, as far as the game has them. */
async function subScreens(page, problems, where, id, screens) {
  for (const screen of screens) {
    await open(page, `/game/${id}/${screen}`);
    await check(page, problems, `${where}: ${screen}`);
  }
}

async function walkCluethulhu(page, t, problems, names) {
  const where = 'Cluethulhu';
  await open(page, '/new/cluethulhu');
  await fillPlayers(page, t, names.slice(0, 7));
  const inApp = page.getByLabel(t('setup:dealApp'), { exact: true });
  if ((await inApp.count()) > 0) await inApp.check();
  await check(page, problems, `${where}: set-up`);
  const id = await startGame(page, t);
  await deal(page, t, problems, where);
  await waitForGameScreen(page);
  await walkScript(page, t, problems, where, 16);
  await menuAndOverride(page, t, problems, where, t('common:override.open'));
  await subScreens(page, problems, where, id, ['table', 'log', 'sheet']);
  await declareWinner(page, t, problems, where, id, t('common:games.cluethulhu.winners.cult'));
}

/** The game over screen, with a win the moderator declares (unless the game ended already). */
async function declareWinner(page, t, problems, where, id, winner) {
  await open(page, `/game/${id}`);
  await waitForGameScreen(page);
  if ((await page.locator('main').getAttribute('data-stage')) === 'play') {
    const main = page.locator('main');
    const toggle = main.locator('nav > button[aria-expanded]').first();
    const item = main.locator(':is(a, button)').filter({ hasText: new RegExp(`^${t('common:override.open')}$`) }).first();
    for (let tries = 0; ; tries++) {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      if (await item.click({ timeout: 5_000 }).then(() => true, () => tries === 3)) break;
    }
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('common:override.declareWinner.title'), exact: true }).click();
    await dialog.locator('label').filter({ hasText: winner }).click();
    await dialog.getByRole('button', { name: t('common:confirm.continue'), exact: true }).click();
    await check(page, problems, `${where}: the override dialog, a confirmation`);
    await dialog.getByRole('button', { name: t('common:confirm.yes'), exact: true }).click();
    await page.locator('main[data-stage="over"]').waitFor();
  }
  await check(page, problems, `${where}: game over`);
}

async function walkKtulu(page, t, problems, names) {
  const where = 'Ktulu';
  await open(page, '/new/ktulu');
  await fillPlayers(page, t, names);
  await page.getByRole('button', { name: t('ktulu:setupScreen.suggest', { count: names.length }), exact: true }).click();
  await check(page, problems, `${where}: set-up`);
  const id = await startGame(page, t);
  await deal(page, t, problems, where);
  await waitForGameScreen(page);
  // The zero night and Day 1, up to the hanging vote ("Tak, wieszamy" / "Nie (także przy remisie)").
  await walkScript(page, t, problems, where, 60, t('ktulu:answers.hang'));
  await menuAndOverride(page, t, problems, where, t('ktulu:override.open'));
  await subScreens(page, problems, where, id, ['table', 'log', 'sheet']);
}

/** Picks in a select the option whose text starts with `start`. */
async function selectStarting(select, start) {
  const value = await select.evaluate((el, start) => [...el.options].find((o) => o.text.trim().startsWith(start))?.value ?? null, start);
  if (value === null) throw new Error(`no option starts with ${start}`);
  await select.selectOption(value);
}

async function walkBotc(page, t, problems, names) {
  const where = 'Blood on the Clocktower';
  await open(page, '/new/botc');
  await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
  await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
  await fillPlayers(page, t, names.slice(0, 7));
  await page.getByRole('button', { name: t('botc:setupScreen.randomBag'), exact: true }).click();
  await check(page, problems, `${where}: set-up`);
  warnedCheck = (p) => check(p, problems, `${where}: the warning of no bluffs`);
  const id = await startGame(page, t, { warned: 'botc:setupScreen.noBluffsWarning' });
  warnedCheck = null;
  await deal(page, t, problems, where);
  await page.getByTestId('grimoire-circle').waitFor();
  await check(page, problems, `${where}: the grimoire by night`);
  // A seat opened: its panel beside the circle.
  await page.getByTestId('grimoire-circle').getByRole('button').nth(1).click();
  await check(page, problems, `${where}: a seat's panel`);
  const before = await seqOf(page);
  await page.getByRole('button', { name: t('botc:grimoire.markDead'), exact: true }).click();
  await waitForMove(page, before);
  const dawn = await seqOf(page);
  await page.getByRole('button', { name: t('botc:grimoire.toDay', { number: 1 }), exact: true }).click();
  await waitForMove(page, dawn);
  await check(page, problems, `${where}: the day`);
  await selectStarting(page.getByLabel(t('botc:day.nominator'), { exact: true }), names[0]);
  await selectStarting(page.getByLabel(t('botc:day.nominee'), { exact: true }), names[2]);
  const nominated = await seqOf(page);
  await page.getByRole('button', { name: t('botc:day.nominateButton'), exact: true }).click();
  await waitForMove(page, nominated);
  await check(page, problems, `${where}: a vote`);
  await subScreens(page, problems, where, id, ['log', 'sheet']);
}

async function walkGloom(page, t, problems, names) {
  const where = 'Cthulhu Gloom';
  const players = names.slice(0, 3);
  await open(page, '/new/gloom');
  await fillPlayers(page, t, players);
  await page.getByRole('radio', { name: players[0], exact: true }).check();
  for (let i = 0; i < players.length; i++) {
    // One tap on a family from the card list, as a table sets up; the names are typed over after.
    const box = page.getByRole('group', { name: players[i], exact: true });
    await box.getByRole('group', { name: t('gloom:setup.family'), exact: true }).getByRole('radio').nth(i).check();
    for (let k = 0; k < 5; k++) {
      await page.getByLabel(t('gloom:setup.character', { number: k + 1, name: players[i] }), { exact: true }).fill(`${['Herbert West', 'Wilbur Whateley', 'Randolph Carter'][i]} ${k + 1}`);
    }
  }
  const stories = page.getByLabel(t('gloom:setup.storyName'), { exact: true });
  for (let i = 0; i < (await stories.count()); i++) {
    await stories.nth(i).fill(['The Necronomicon', 'The King In Yellow', 'The Shadow Out Of Time'][i % 3]);
    await page.getByLabel(t('gloom:setup.storyPoints'), { exact: true }).nth(i).fill('-10');
  }
  await check(page, problems, `${where}: set-up`);
  const id = await startGame(page, t);
  await check(page, problems, `${where}: the table`);
  // The first family dies, one free Untimely Death each, recorded anyway at a Self-Worth of 0.
  for (let k = 0; k < 5; k++) {
    const before = await seqOf(page);
    await page.getByRole('button', { name: t('gloom:table.recordCard'), exact: true }).click();
    await page.getByRole('radio', { name: t('gloom:types.death'), exact: true }).check();
    await page.getByLabel(t('gloom:play.card'), { exact: true }).fill('Was Trapped In The Ice');
    await selectStarting(page.getByLabel(t('gloom:play.target'), { exact: true }), `Herbert West ${k + 1}`);
    await page.getByLabel(t('gloom:play.free'), { exact: true }).check();
    if (k === 0) await check(page, problems, `${where}: recording a card`);
    await page.getByRole('button', { name: t('gloom:play.record'), exact: true }).click();
    const overrule = page.getByRole('button', { name: t('gloom:table.overrule'), exact: true });
    await Promise.race([waitForMove(page, before), overrule.waitFor()]);
    if ((await seqOf(page)) === before) {
      if (k === 0) await check(page, problems, `${where}: a play refused`);
      await overrule.click();
      await waitForMove(page, before);
    }
  }
  await page.getByRole('heading', { name: t('gloom:table.finalTitle'), exact: true }).waitFor();
  await check(page, problems, `${where}: the final tally`);
  await subScreens(page, problems, where, id, ['log']);
}

async function walkKkd(page, t, problems, names) {
  const where = 'Killer Kloo Doo';
  const players = names.slice(0, 3);
  await open(page, '/new/kkd');
  await fillPlayers(page, t, players);
  for (let i = 0; i < players.length; i++) {
    await page.getByLabel(t('kkd:setup.characterOf', { name: players[i] }), { exact: true }).selectOption({ index: i + 1 });
  }
  await page.getByRole('radio', { name: t('kkd:setup.firstNamed', { name: players[0] }), exact: true }).check();
  await check(page, problems, `${where}: set-up`);
  const id = await startGame(page, t);
  await check(page, problems, `${where}: the table`);
  await page.getByRole('navigation', { name: t('kkd:table.moves') }).getByRole('button', { name: t('kkd:table.open.contest'), exact: true }).click();
  await page.locator('form.move-form').waitFor();
  await check(page, problems, `${where}: a move's form`);
  await page.locator('form.move-form').getByRole('button', { name: t('common:confirm.cancel'), exact: true }).click();
  await page.getByRole('button', { name: t('kkd:table.correct'), exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await check(page, problems, `${where}: the correction dialog`);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await subScreens(page, problems, where, id, ['log']);
}

async function walkNotebook(page, t, problems, names) {
  const where = 'Notebook';
  const players = names.slice(0, 3);
  await open(page, '/new/notebook');
  await fillPlayers(page, t, players);
  await page.getByRole('radio', { name: players[0], exact: true }).check();
  const cards = page.locator('main input[type="checkbox"]');
  for (let i = 0; i < 6; i++) await cards.nth(i).check();
  await check(page, problems, `${where}: set-up`);
  const id = await startGame(page, t);
  await check(page, problems, `${where}: the grid`);
  await page.getByRole('navigation', { name: t('notebook:table.record') }).getByRole('button', { name: t('notebook:table.open.suggestion'), exact: true }).click();
  await page.locator('form.move-form').waitFor();
  await check(page, problems, `${where}: a record's form`);
  await subScreens(page, problems, where, id, ['log']);
}

describe('words that fit at 412 px, normal and extra large text', { concurrency: 2 }, () => {
  for (const lang of (process.env.WB_LANG ?? 'en,pl').split(',')) {
    test(`every screen in ${lang === 'en' ? 'English' : 'Polish'}`, { timeout: 240_000 }, async () => {
      const t = words(lang);
      const names = NAMES[lang];
      const { context, page } = await freshPage(app, { ...PHONE, locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
      await context.addInitScript(`window.__findUnfitWords = ${findUnfitWords.toString()};`);
      // The walk reads layout, not timing: the deal's lock and hold and a new step's pause pass
      // ten times faster (their timing has tests of its own: deal-secrecy, script-screen).
      await context.addInitScript(() => {
        const later = window.setTimeout;
        // @ts-ignore a browser's setTimeout, called as one
        // Not the shell's 500 ms guard after a new position (POSITION_GUARD_MS): it is measured by
        // performance.now(), and only its `data-ready` flag by a timer, so a faster timer would say
        // "ready" while taps are still ignored.
        window.setTimeout = (fn, ms, ...rest) => later(fn, typeof ms === 'number' && ms >= 200 && ms <= 2000 && ms !== 500 ? ms / 10 : ms, ...rest);
      });
      // The same deal on every run: the game's seed is pinned (the app's one request for a
      // random 32-bit number).
      await context.addInitScript(() => {
        const random = crypto.getRandomValues.bind(crypto);
        // @ts-ignore the browser's own signature
        crypto.getRandomValues = (array) => (array instanceof Uint32Array && array.length === 1 ? ((array[0] = 20261128), array) : random(array));
      });
      const problems = [];
      try {
        for (const path of ['/', '/settings', '/new', '/backup']) {
          await open(page, path);
          await check(page, problems, path);
        }
        const only = process.env.WB_ONLY?.split(',');
        const games = { walkCluethulhu, walkKtulu, walkBotc, walkGloom, walkKkd, walkNotebook };
        for (const [name, walk] of Object.entries(games)) if (!only || only.includes(name)) await walk(page, t, problems, names);
        await open(page, '/');
        await check(page, problems, 'home, games listed');
      } finally {
        await context.close();
      }
      assert.deepEqual(problems, [], `words that do not fit:\n${problems.join('\n')}`);
    });
  }
});
