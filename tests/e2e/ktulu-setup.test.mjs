/**
 * Setting up Ktulu in the built app, as the Manitou does on a phone: twelve players typed in
 * seating order, the suggested roster, the counter agreeing, and "Start game" landing on the
 * deal, in English and on a phone set to Polish. The setup page is axe-clean fresh, with a
 * faction open and a controversial role's warning showing, with a physical deal being
 * recorded, and with its list of problems. A bad name is refused with its message, as in every
 * game. A Mayor, dealt physically, shows his card on the first morning: the override records
 * it, the log says so, and Undo takes it back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { answerStep, openTool, screenState, tick, waitForCommit, waitForGameScreen } from './keeper.mjs';

const app = useApp();

const TWELVE = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Janek', 'Kasia', 'Leon'];

const ENGLISH = {
  player: (n) => `Player ${n}`,
  addPlayer: 'Add player',
  suggest: 'Suggest roles for 12 players',
  counter: 'Roles 12 / players 12',
  town: /^Town \d+ cards?$/,
  gambler: 'Gambler',
  advice: 'The book’s advice',
  physical: 'Record a physical deal',
  showCards: 'Show cards',
  app: 'Deal in the app',
  start: 'Start game',
  problems: /things? to fix before starting/
};

const POLISH = {
  player: (n) => `Gracz ${n}`,
  addPlayer: 'Dodaj gracza',
  suggest: 'Zaproponuj postacie dla 12 graczy',
  counter: 'Postacie 12 / gracze 12',
  town: /^Miasto \d+ kart[ay]?$/,
  gambler: 'Hazardzista',
  advice: 'Rady Księgi',
  physical: 'Zapisz rozdanie prawdziwych kart',
  showCards: 'Pokaż karty',
  app: 'Rozdaj w aplikacji',
  start: 'Rozpocznij grę',
  problems: /do poprawienia przed startem/
};

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

async function typePlayers(page, words, names) {
  for (let i = 0; i < names.length; i++) {
    const input = page.getByLabel(words.player(i + 1), { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: words.addPlayer, exact: true }).click();
    await input.fill(names[i]);
  }
  assert.equal(await page.getByLabel(words.player(names.length + 1), { exact: true }).count(), 0, 'no extra player rows');
}

/** The setup screen, filled in from the suggested roster, started; returns the new game's id. */
async function setUpTwelve(page, words, { axe = false } = {}) {
  await page.goto(`${app.url}/new/ktulu`);
  await page.getByLabel(words.player(1), { exact: true }).waitFor();
  if (axe) await assertAxeClean(page, 'setup, fresh');

  // Start refused: six blank seats and no roles. Nothing is created.
  await page.getByRole('button', { name: words.start, exact: true }).click();
  await page.getByRole('alert').getByRole('heading', { name: words.problems }).waitFor();
  assert.match(page.url(), /\/new\/ktulu$/);
  if (axe) await assertAxeClean(page, 'setup, problems listed');

  await typePlayers(page, words, TWELVE);
  await page.getByRole('button', { name: words.suggest, exact: true }).click();
  await page.getByText(words.counter, { exact: true }).waitFor();
  assert.equal(await page.getByRole('alert').count(), 0, 'the problems are fixed');

  if (axe) {
    // A controversial role shows the book's reason beside it and in the advice; then it goes again.
    await page.getByRole('button', { name: words.town }).click();
    const gambler = page.getByLabel(words.gambler, { exact: true });
    await gambler.check();
    await page.getByRole('status', { name: words.advice }).waitFor();
    await assertAxeClean(page, 'setup, a faction open and a controversial role added');
    await gambler.uncheck();
    await page.getByText(words.counter, { exact: true }).waitFor();

    await page.getByLabel(words.physical, { exact: true }).check();
    await page.getByRole('button', { name: words.showCards, exact: true }).click();
    await assertAxeClean(page, 'setup, recording a physical deal');
    await page.getByLabel(words.app, { exact: true }).check();
  }

  await page.getByRole('button', { name: words.start, exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop();
}

describe('setting up Ktulu', () => {
  test('in English: twelve players from the suggested roster, started and dealt', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      const id = await setUpTwelve(page, ENGLISH, { axe: true });
      assert.ok(id);
      const main = page.locator('main');
      assert.equal(await main.getAttribute('data-stage'), 'dealing');
      assert.match(await main.locator('h1').first().innerText(), /Ania/, 'the deal starts with the first player');
      // The game is stored: it comes back after a reload, still at the deal.
      await page.reload();
      await waitForGameScreen(page);
      assert.equal(await page.locator('main').getAttribute('data-stage'), 'dealing');
    } finally {
      await context.close();
    }
  });

  test('a name that shows nothing, or repeats another but for width and case, is refused with its message and its row outlined', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      await page.goto(`${app.url}/new/ktulu`);
      await page.getByLabel(ENGLISH.player(1), { exact: true }).waitFor();
      // Full-width "ＡＮＩＡ" looks like "Ania" typed in capitals; a zero-width space shows nothing.
      await typePlayers(page, ENGLISH, ['Ania', 'Bartek', '\u200b', 'Darek', 'ＡＮＩＡ', 'Filip']);
      await page.getByRole('button', { name: ENGLISH.start, exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: ENGLISH.problems }).waitFor();
      const problems = await alert.innerText();
      assert.match(problems, /Player 3 has no name\./);
      assert.match(problems, /Two players are called “ＡＮＩＡ”: give each a different name\./);
      const outlined = [];
      for (let i = 1; i <= 6; i++) if ((await page.getByLabel(ENGLISH.player(i), { exact: true }).getAttribute('aria-invalid')) === 'true') outlined.push(i);
      assert.deepEqual(outlined, [1, 3, 5], 'the blank row and both rows of the repeated name');
      assert.match(page.url(), /\/new\/ktulu$/, 'no game was started');
      await assertAxeClean(page, 'setup, bad names refused');
    } finally {
      await context.close();
    }
  });

  test('the Mayor shows his card by day: recorded from the override, shown in the log, and undone', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      // Six players, the suggested roster with the Mayor for the Harlot, a physical deal.
      const deal = { Ania: 'sheriff', Bartek: 'mayor', Celina: 'banditLeader', Darek: 'badGunslinger', Ewa: 'shaman', Filip: 'chief' };
      await page.goto(`${app.url}/new/ktulu`);
      await page.getByLabel(ENGLISH.player(1), { exact: true }).waitFor();
      await typePlayers(page, ENGLISH, Object.keys(deal));
      await page.getByRole('button', { name: 'Suggest roles for 6 players', exact: true }).click();
      await page.getByText('Roles 6 / players 6', { exact: true }).waitFor();
      await page.getByRole('button', { name: ENGLISH.town }).click();
      await page.getByLabel('Harlot', { exact: true }).uncheck();
      await page.getByLabel('Mayor', { exact: true }).check();
      await page.getByText('Roles 6 / players 6', { exact: true }).waitFor();
      await page.getByLabel(ENGLISH.physical, { exact: true }).check();
      await page.getByRole('button', { name: ENGLISH.showCards, exact: true }).click();
      for (const [name, role] of Object.entries(deal)) await page.getByLabel(`Card held by ${name}`, { exact: true }).selectOption(role);
      await page.getByRole('button', { name: ENGLISH.start, exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
      await waitForGameScreen(page);

      // Through the zero night to the first morning.
      let state = await screenState(page);
      for (let i = 0; i < 20 && state.phase !== 'Day 1'; i++) state = await answerStep(page);
      assert.equal(state.phase, 'Day 1');

      const override = async () => {
        await openTool(page, 'Manitou’s ruling');
        // The menu and the dialog speak Ktulu's words: the Manitou rules.
        await page.getByRole('dialog', { name: 'Manitou’s ruling' }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Record a card shown', exact: true }).click();
      };
      await override();
      const bartek = page.getByRole('dialog').getByLabel('Bartek', { exact: true });
      await bartek.waitFor();
      // Every living player, by name alone: the list does not tell the table who is the Mayor.
      const labels = await page.getByRole('dialog').locator('.choices label').allInnerTexts();
      assert.ok(labels.length > 1 && labels.every((l) => !l.includes('(')), `names only: ${labels.join(', ')}`);
      await assertAxeClean(page, 'override, choosing who shows their card');
      await tick(page, bartek);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByText('Record that Bartek shows their card to everyone?', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Yes, do it', exact: true }).click();
      state = await waitForCommit(page, state.seq);

      await openTool(page, 'Log');
      await page.getByText('Bartek shows their card: Mayor.', { exact: true }).waitFor();
      await page.goBack();
      await waitForGameScreen(page);

      // Undone like any move: the Mayor may show it again.
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await waitForCommit(page, state.seq);
      await override();
      await tick(page, page.getByRole('dialog').getByLabel('Bartek', { exact: true }));
      await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
      assert.equal(await page.getByRole('dialog').getByRole('alert').count(), 0, 'the Mayor may show it again');
    } finally {
      await context.close();
    }
  });

  test('in Polish: the same, on a phone set to Polish', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'pl-PL' });
    try {
      await setUpTwelve(page, POLISH);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
      const main = page.locator('main');
      assert.equal(await main.getAttribute('data-stage'), 'dealing');
      assert.match(await main.locator('h1').first().innerText(), /Ania/);
    } finally {
      await context.close();
    }
  });
});
