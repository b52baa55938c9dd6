/**
 * Every malformed or hostile backup file of tests/backup-cases.ts (the list the unit suite
 * refuses against fake-indexeddb), chosen on the backup screen of the built app in Chromium: each
 * shows its own message, in the Keeper's words (the English text with its parameters, the game
 * and log entry it names, the game's own explanation), nothing offers to import, and everything
 * stored in IndexedDB stays exactly as it was, byte for byte. A few again in Polish; axe once on
 * a refused file.
 *
 * The phone holds the games the unit fixture plays (tests/unit/backup/fixture.ts), made through
 * the screens: the same seven players, setup and seed, so the hostile files are the same files.
 * The seed is pinned by answering the app's one request for a random 32-bit number with 11;
 * every other random value (ids) stays random.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { dealAll, openTool, tick, waitForCommit, waitForGameScreen } from './keeper.mjs';
import { dumpIndexedDB } from './lantern-db.mjs';

const app = useApp();

/** @type {typeof import('../backup-cases.ts')} */
const { CASES, paramsOf } = (
  await runnerImport(fileURLToPath(new URL('../backup-cases.ts', import.meta.url)), { configFile: false, logLevel: 'silent' })
).module;

const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia'];
const SEED = 11;

// ---------------------------------------------------------------- the texts the Keeper reads

const locale = async (language, ns) => JSON.parse(await readFile(new URL(`../../locales/${language}/${ns}.json`, import.meta.url), 'utf8'));
const TEXTS = {
  en: { common: await locale('en', 'common'), backup: await locale('en', 'backup'), cluethulhu: await locale('en', 'cluethulhu'), botc: await locale('en', 'botc') },
  pl: { common: await locale('pl', 'common'), backup: await locale('pl', 'backup'), cluethulhu: await locale('pl', 'cluethulhu'), botc: await locale('pl', 'botc') }
};

/** `ns:path.to.key` in `language`, its plural form picked by `count`, its `{{params}}` filled. */
function text(language, key, params = {}) {
  const [ns, path] = key.split(':');
  const at = (p) => p.split('.').reduce((o, k) => o?.[k], TEXTS[language][ns]);
  const plural = typeof params.count === 'number' ? at(`${path}_${new Intl.PluralRules(language).select(params.count)}`) : undefined;
  const found = plural ?? at(path);
  assert.equal(typeof found, 'string', `${language} has a text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    assert.ok(name in params, `${key} needs {{${name}}}`);
    return String(params[name]);
  });
}

/** The refusal a case must show for file `name`: its heading, then each paragraph. */
function expectedRefusal(language, c, name, good) {
  const lines = [text(language, 'backup:refusedTitle', { name })];
  if (c.game !== undefined) {
    const game =
      c.shownAs === null
        ? text(language, 'backup:where.game', { index: c.game })
        : text(language, 'backup:where.gameNamed', {
            index: c.game,
            game: c.shownAs ?? text(language, 'common:games.cluethulhu.name'),
            players: `${NAMES.slice(0, 4).join(', ')}, …`
          });
    lines.push(c.event === undefined ? game : `${game}, ${text(language, 'backup:where.entry', { event: c.event })}`);
  }
  lines.push(text(language, `backup:errors.${c.key}`, paramsOf(c, good)));
  if (c.detail) lines.push(text(language, c.detail, c.detailParams));
  lines.push(text(language, 'backup:nothingChanged'));
  return lines;
}

// ---------------------------------------------------------------- the games on the phone

/** A Cluethulhu game set up as the unit fixture's: seven players, the Wizard, the Shoggoth and the Evil Child, dealt in the app. */
async function startGame(page) {
  await page.goto(`${app.url}/new/cluethulhu`);
  await page.getByLabel('Player 1', { exact: true }).waitFor();
  for (let i = 0; i < NAMES.length; i++) {
    const input = page.getByLabel(`Player ${i + 1}`, { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await input.fill(NAMES[i]);
  }
  // In the order setupFor lists them: the order of the tablets before the shuffle.
  for (const role of ['Wizard', 'Shoggoth', 'Evil Child']) await tick(page, page.getByLabel(role, { exact: true }));
  await tick(page, page.getByLabel('Deal in the app', { exact: true }));
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/);
  await waitForGameScreen(page);
  await dealAll(page);
}

/** Picks `name` on the current step and sends it; returns the log length after the commit. */
async function pick(page, name) {
  const seq = Number(await page.locator('main').getAttribute('data-seq'));
  await tick(page, page.locator('main').getByLabel(name, { exact: true }));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  return (await waitForCommit(page, seq)).seq;
}

/** The unit fixture's mid-Day game: the doll to Ania, the hand-over, the Wizard's Bartek undone, then Celina. */
async function midDayGame(page) {
  await startGame(page);
  assert.equal(await pick(page, 'Ania'), 8, 'the Evil Child gives the doll (entry 8)');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  assert.equal((await waitForCommit(page, 8)).seq, 9, 'the hand-over (entry 9)');
  assert.equal(await pick(page, 'Bartek'), 10, 'the Wizard picks (entry 10)');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  assert.equal((await waitForCommit(page, 10)).seq, 11, 'the undo (entry 11)');
  assert.equal(await pick(page, 'Celina'), 12, 'the Wizard picks again (entry 12)');
}

/** A game the Keeper ends by declaring the Cult the winner. */
async function finishedGame(page) {
  await startGame(page);
  await openTool(page, 'Keeper’s override');
  await page.getByRole('button', { name: 'Declare a winner', exact: true }).click();
  await tick(page, page.getByLabel('The Cult', { exact: true }));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, do it', exact: true }).click();
  await page.locator('main[data-stage="over"]').waitFor();
}

/** Saves every game from the backup screen; returns the file's text. */
async function saveAll(page) {
  await page.goto(`${app.url}/backup`);
  const button = page.getByRole('button', { name: 'Save all games', exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await page.getByText(/^Backup saved to your downloads: lantern-.*\.json$/).waitFor();
  return readFile(await download.path(), 'utf8');
}

/** The games on the home screen, as text. */
async function homeList(page) {
  await page.goto(`${app.url}/`);
  await page.locator('main section').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]'));
  return page.locator('main section').allInnerTexts();
}

// ---------------------------------------------------------------- refusing

/** The databases and stores whose contents differ between two dumps (or that only one has). */
function changed(before, after) {
  const out = [];
  for (const db of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [before[db], after[db]];
    if (!a || !b || a.version !== b.version) {
      out.push(db);
      continue;
    }
    for (const store of new Set([...Object.keys(a.stores), ...Object.keys(b.stores)])) {
      if (JSON.stringify(a.stores[store]) !== JSON.stringify(b.stores[store])) out.push(`${db}.${store}`);
    }
  }
  return out;
}

/**
 * Chooses case number `n` on the backup screen (already open: a refused file leaves the file
 * chooser in place) and returns the refusal's heading and paragraphs, once it has the focus.
 */
async function refuse(page, c, n, good) {
  const name = `hostile-${String(n).padStart(2, '0')}.json`;
  const made = c.file(good);
  const buffer = typeof made === 'string' ? Buffer.from(made, 'utf8') : Buffer.from(made.buffer, made.byteOffset, made.byteLength);
  await page.locator('#backup-file').setInputFiles({ name, mimeType: 'application/json', buffer });
  // The check's result takes the focus, refused or not: its heading names the file.
  await page.locator('main h3:focus').filter({ hasText: name }).waitFor();
  // Nothing to import: no list of games found, no choice, no button in the import section.
  assert.equal(await page.locator('section[aria-labelledby="import-title"] :is(button, fieldset, ul.found)').count(), 0, `${c.name}: nothing offers to import`);
  return { name, lines: await page.getByRole('alert').locator(':scope > h3, :scope > p').allInnerTexts() };
}

describe('a malformed or hostile backup in the app', () => {
  test('each file says what is wrong, offers nothing to import, and changes nothing stored', { timeout: 240_000 }, async (t) => {
    const { context, page } = await freshPage(app);
    try {
      // The app asks for one random 32-bit number, the new game's seed: answer with the fixture's.
      await context.addInitScript((seed) => {
        const random = crypto.getRandomValues.bind(crypto);
        crypto.getRandomValues = (array) => {
          if (array instanceof Uint32Array && array.length === 1) {
            array[0] = seed;
            return array;
          }
          return random(array);
        };
      }, SEED);
      await midDayGame(page);
      await finishedGame(page);
      const good = await saveAll(page);
      const backup = JSON.parse(good);
      assert.deepEqual(
        backup.games.map((g) => [g.game.status, g.game.seq, g.game.input.seed, g.game.summary.players]),
        [
          ['over', 8, SEED, NAMES],
          ['active', 12, SEED, NAMES]
        ],
        'the backup holds the finished game, then the one mid-Day'
      );
      const home = await homeList(page);
      const before = await dumpIndexedDB(page);
      assert.ok(before.lantern?.stores.games.values.length === 2, 'two games stored');

      await page.goto(`${app.url}/backup`);
      let refused = 0;
      for (const [i, c] of CASES.entries()) {
        const { name, lines } = await refuse(page, c, i + 1, good);
        assert.deepEqual(lines, expectedRefusal('en', c, name, good), `${c.name}: the message`);
        assert.deepEqual(changed(before, await dumpIndexedDB(page)), [], `${c.name}: nothing stored changed`);
        refused++;
        // Once, on a refusal naming a game, an entry and the game's own explanation.
        if (c.key === 'moveRejected') {
          const violations = await axeViolations(page);
          assert.equal(violations.length, 0, `a refused file:\n${describeViolations(violations)}`);
        }
      }
      t.diagnostic(`${refused} of ${CASES.length} hostile files refused in the app, each with its message, nothing stored changed`);
      assert.deepEqual(await homeList(page), home, 'the home list shows the same games');

      // In Polish: the Keeper's language, and the game's own explanation in it.
      await page.goto(`${app.url}/settings`);
      await page.locator('label[for="lang-pl"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'pl');
      const polish = await dumpIndexedDB(page);
      assert.deepEqual(changed(before, polish), ['lantern.settings'], 'switching language changes a setting, no game');
      await page.goto(`${app.url}/backup`);
      const inPolish = ['a future version', 'one entry number twice', 'a setup the game refuses', 'a move the game refuses'];
      for (const wanted of inPolish) {
        const i = CASES.findIndex((c) => c.name === wanted);
        const { name, lines } = await refuse(page, CASES[i], i + 1, good);
        assert.deepEqual(lines, expectedRefusal('pl', CASES[i], name, good), `${wanted}, in Polish`);
        assert.deepEqual(changed(polish, await dumpIndexedDB(page)), [], `${wanted}, in Polish: nothing stored changed`);
      }
      t.diagnostic(`${inPolish.length} refused again in Polish`);
    } finally {
      await context.close();
    }
  });
});
