/**
 * Backups in the built app, as the Keeper uses them: save every game to a file (a download in
 * a browser that cannot share files), delete the game, restore it from the file and find it
 * exactly where it was; import the same file again and choose keep both, replace or skip; a
 * damaged file says what is wrong and changes nothing. Axe on the backup screen in each state
 * and on the printable call sheet.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { answerStep, dealAll, openTool, screenState, startCluethulhu, waitForGameScreen } from './keeper.mjs';

const app = useApp();

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** A game dealt and played a few steps in; returns its id and what its screen shows. */
async function playedGame(page) {
  const id = await startCluethulhu(page, app.url);
  await dealAll(page);
  for (let i = 0; i < 4; i++) await answerStep(page);
  return { id, state: await screenState(page) };
}

/** The log screen's text, as the Keeper reads it. */
async function logText(page, id) {
  await page.goto(`${app.url}/game/${id}/log`);
  await page.locator('main li').first().waitFor();
  return page.locator('main').innerText();
}

/** The games on the home screen, as text. */
async function homeList(page) {
  await page.goto(`${app.url}/`);
  await page.locator('main section').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]'));
  return page.locator('main section').allInnerTexts();
}

/** Saves every game from the backup screen and returns the downloaded file. */
async function saveAll(page) {
  await page.goto(`${app.url}/backup`);
  const button = page.getByRole('button', { name: 'Save all games', exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await page.getByText(/^Backup saved to your downloads: lantern-.*\.json$/).waitFor();
  const text = await readFile(await download.path(), 'utf8');
  const name = download.suggestedFilename();
  return { name, text, file: { name, mimeType: 'application/json', buffer: Buffer.from(text) } };
}

/** Chooses a file on the backup screen and waits for the check to end. */
async function choose(page, file) {
  await page.goto(`${app.url}/backup`);
  await page.locator('#backup-file').setInputFiles(file);
  await page.locator('main h3:focus').waitFor();
}

describe('backups', () => {
  test('export, delete and import give back the same game, on the same step', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      const { id, state } = await playedGame(page);
      const log = await logText(page, id);
      const file = await saveAll(page);
      assert.match(file.name, /^lantern-\d{4}-\d\d-\d\d-\d{4}\.json$/);
      assert.equal(JSON.parse(file.text).format, 'lantern-backup');
      await assertAxeClean(page, 'backup screen after saving');

      await page.goto(`${app.url}/`);
      await page.getByRole('button', { name: /^Delete/ }).click();
      await page.getByRole('button', { name: 'Delete game', exact: true }).click();
      await page.getByText('No game in progress. Start one with “New game”.').waitFor();

      await choose(page, file.file);
      await page.getByRole('heading', { name: `1 game in ${file.name}` }).waitFor();
      await page.getByText('Not on this phone yet: it will be added.').waitFor();
      await assertAxeClean(page, 'backup screen, a file checked');
      await page.getByRole('button', { name: 'Import 1 game', exact: true }).click();
      await page.getByRole('heading', { name: '1 game imported.' }).waitFor();
      await assertAxeClean(page, 'backup screen, imported');

      await page.getByRole('link', { name: /^Cluethulhu/ }).click();
      await waitForGameScreen(page);
      assert.equal(new URL(page.url()).pathname, `/game/${id}`);
      assert.deepEqual(await screenState(page), state, 'the same screen, the same committed log length');
      assert.equal(await logText(page, id), log, 'the same log');
      // And the game goes on from there.
      await page.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(page);
      const next = await answerStep(page);
      assert.equal(next.seq, state.seq + 1);
    } finally {
      await context.close();
    }
  });

  test('importing a game that is already here offers keep both, replace and skip', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      const { id, state } = await playedGame(page);
      const file = await saveAll(page);
      // The game moves on after the backup was made.
      await page.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(page);
      await answerStep(page);

      await choose(page, file.file);
      const group = page.getByRole('group', { name: /What to do with it/ });
      await group.waitFor();
      const keep = page.getByLabel('Keep both: import it as a copy', { exact: true });
      assert.equal(await keep.isChecked(), true, 'keeping both is the choice made for the Keeper');
      await page.getByText(/has moved on since this backup/).waitFor();
      await assertAxeClean(page, 'backup screen, a game already here');

      // Skip: nothing to import.
      await page.getByText('Skip it', { exact: true }).click();
      assert.equal(await page.getByRole('button', { name: 'Import 0 games' }).isDisabled(), true);
      await page.getByText('Every game is skipped: there is nothing to import.').waitFor();

      // Replace, after a confirmation: the game is back where the backup left it.
      await page.getByText('Replace the one on this phone', { exact: true }).click();
      await page.getByRole('button', { name: 'Import 1 game', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace games on this phone?' });
      await dialog.waitFor();
      await assertAxeClean(page, 'replace confirmation');
      await dialog.getByRole('button', { name: 'Replace and import', exact: true }).click();
      await page.getByRole('heading', { name: '1 game imported.' }).waitFor();
      await page.goto(`${app.url}/game/${id}`);
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), state, 'replaced by the game as it was saved');
      await homeList(page);
      assert.equal(await page.locator('main a[href^="/game/"]').count(), 1, 'still one game');

      // The same file again: the game is stored exactly as in it, so skipping is the choice
      // made for the Keeper. Keep both: a second copy, under a new id.
      await choose(page, file.file);
      await page.getByText(/exactly as in this file/).waitFor();
      assert.equal(await page.getByLabel('Skip it', { exact: true }).isChecked(), true, 'an identical game is skipped by default');
      await page.getByText('Keep both: import it as a copy', { exact: true }).click();
      await page.getByRole('button', { name: 'Import 1 game', exact: true }).click();
      await page.getByRole('heading', { name: '1 game imported.' }).waitFor();
      const href = await page.getByRole('link', { name: /^Cluethulhu/ }).getAttribute('href');
      assert.notEqual(href, `/game/${id}`);
      await page.goto(`${app.url}${href}`);
      await waitForGameScreen(page);
      assert.deepEqual(await screenState(page), state, 'the copy is the saved game');
      await homeList(page);
      assert.equal(await page.locator('main a[href^="/game/"]').count(), 2, 'two games now');
    } finally {
      await context.close();
    }
  });

  test('a damaged file says what is wrong and changes nothing', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await playedGame(page);
      const file = await saveAll(page);
      const before = await homeList(page);

      const backup = JSON.parse(file.text);
      backup.games[0].events[3].seq = 5;
      await choose(page, { name: 'damaged.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'damaged.json cannot be imported' }).waitFor();
      const text = await alert.innerText();
      assert.match(text, /Game 1 in the file \(Cluethulhu: Ada, Bram, Cleo, Dara, …\), log entry 4/);
      assert.match(text, /Two log entries are numbered 5\./);
      assert.match(text, /Nothing was changed on this phone\./);
      await assertAxeClean(page, 'backup screen, a file refused');

      await choose(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping: milk, eggs') });
      await page.getByText('This is not a Lantern backup: the file is not readable JSON text.').waitFor();

      // A file dropped on the screen is checked like a chosen one.
      await page.goto(`${app.url}/backup`);
      const dropped = await page.evaluateHandle((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
        return data;
      }, file.text);
      await page.locator('.drop').dispatchEvent('drop', { dataTransfer: dropped });
      await page.getByRole('heading', { name: '1 game in dropped.json' }).waitFor();
      await page.getByText(/^Already on this phone/).waitFor();

      assert.deepEqual(await homeList(page), before, 'the home list is unchanged');
    } finally {
      await context.close();
    }
  });

  test('a phone with Blood on the Clocktower scripts and no game yet saves them, and another phone takes them in', { timeout: 120_000 }, async () => {
    const first = await freshPage(app);
    let file;
    try {
      const { page } = first;
      await page.goto(`${app.url}/new/botc`);
      await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
      await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
      await page.goto(`${app.url}/backup`);
      await page.getByText('No games on this phone yet, but your Blood on the Clocktower script can be saved in a file.', { exact: true }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save the script', exact: true }).click()]);
      const text = await readFile(await download.path(), 'utf8');
      const saved = JSON.parse(text);
      assert.deepEqual(saved.games, []);
      assert.deepEqual(
        saved.scripts.map((s) => s.name),
        ['Trouble Brewing']
      );
      file = { name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) };
    } finally {
      await first.context.close();
    }

    const { context, page } = await freshPage(app);
    try {
      await choose(page, file);
      await page.getByRole('heading', { name: `Blood on the Clocktower scripts in ${file.name}` }).waitFor();
      await page.getByText('1 script that is not on this phone: it will be added to your scripts.', { exact: true }).waitFor();
      await assertAxeClean(page, 'backup screen, a file of scripts alone');
      await page.getByRole('button', { name: 'Import the script', exact: true }).click();
      await page.getByRole('heading', { name: '1 Blood on the Clocktower script added.' }).waitFor();
      await page.goto(`${app.url}/new/botc`);
      await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the call sheet lists the calls in order and prints black on white', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      const id = await startCluethulhu(page, app.url);
      await dealAll(page);
      await openTool(page, 'Sheet');
      await page.getByRole('heading', { name: 'Call sheet', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/game/${id}/sheet`);
      const day = page.locator('section', { has: page.getByRole('heading', { name: 'Day: everyone’s eyes closed' }) });
      const roles = await day.locator('.role').allInnerTexts();
      assert.ok(roles.includes('Investigators'), `the Day calls the Investigators: ${roles.join(', ')}`);
      await assertAxeClean(page, 'call sheet');

      await page.emulateMedia({ media: 'print' });
      const looks = await page.evaluate(() => ({
        bar: getComputedStyle(document.querySelector('header')).display,
        print: [...document.querySelectorAll('main button')].map((b) => b.checkVisibility()),
        background: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.querySelector('main h2')).color
      }));
      assert.deepEqual(looks, { bar: 'none', print: [false], background: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
    } finally {
      await context.close();
    }
  });
});
