/**
 * Blood on the Clocktower's part of `npm run bench` (scripts/bench.mjs calls `botcBench`):
 *
 *   (h) the Storyteller's Next: a script of 25 characters (Trouble Brewing's 22 and three of Bad
 *       Moon Rising's, loaded as a file through the set-up screen's file picker) and 20 players
 *       (five of them Travellers), set up with a random bag and three bluffs and dealt by
 *       hold-to-see, then two more Travellers joining (22 seats) and 24 reminders placed; the
 *       switch from the circle to the list by seat and back, timed from the tap to the frame
 *       after the other view is in the page (budget: the step's 16 ms median); then the grimoire's next phase ("Dawn: end night N" / "Dusk: start night
 *       N"), from the tap to the move committed to IndexedDB (<main data-seq> moves only after
 *       the commit), timed in the page with performance.now(), `moves` times, then `slowMoves`
 *       times with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate); the step budgets
 *       apply (median ≤ 16 ms, ≤ 50 ms slowed); the Nexts at dawn and at dusk are also printed
 *       apart (no budget), since the grimoire opens at dusk and closes at dawn;
 *   (i) the game's code, data and texts load only with its screens, so the first visit's JS
 *       (bench.mjs (a), on `/`) stays within its budget: how many BotC chunks a first visit to
 *       `/` fetches (must be 0), and, for a Storyteller whose first visit is the set-up screen,
 *       the gzipped JS a first visit to /new/botc fetches and what it adds over `/` (figures,
 *       no budget: the shell, the set-up screen's shared parts and the game's own). A BotC chunk is a file holding the game's own code, data or texts, known by
 *       what only those carry: its translation keys (`botc:…` as a string), its character facts
 *       (`washerwoman`) or its notice of the publisher ("Pandemonium Institute"). The set-up
 *       screen must fetch some, or the markers no longer find the game and the figure says
 *       nothing: then the bench fails.
 *
 * Runs alone too, for a quick look: `node scripts/bench/botc.mjs` (MOVES, SLOW_MOVES as for
 * `npm run bench`; builds first when build/ is missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { runnerImport } from 'vite';
import { dealAll, PHONE, waitForTaps } from '../../tests/e2e/keeper.mjs';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.mjs';
import { startServer } from '../serve.mjs';
import { armStepTimer, stepTiming } from './step-timer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const BOTC_BUDGET = { stepMedianMs: 16, stepSlowedMedianMs: 50 };
/** The players: 15 dealt from the bag, and the 5 over 15 play Travellers. */
export const BOTC_PLAYERS = 20;
const TRAVELLERS = 5;
/** Three characters of Bad Moon Rising that wake at night, added to Trouble Brewing's 22. */
const EXTRAS = ['grandmother', 'sailor', 'pukka'];
/** What only Blood on the Clocktower's own chunks carry (see the header). */
const BOTC_MARKER = /[`'"]botc:[a-zA-Z]|washerwoman|Pandemonium Institute/;

const round = (ms) => Math.round(ms * 100) / 100;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, median: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), max: round(sorted.at(-1) ?? NaN) };
};

/** The bench's script file: a `_meta` entry and 25 character ids, from the project's own facts. */
export async function benchScript() {
  /** @type {typeof import('../../src/lib/games/botc/characters.ts')} */
  const { editionCharacters, CHARACTERS } = (
    await runnerImport(join(root, 'src/lib/games/botc/characters.ts'), { configFile: false, logLevel: 'silent' })
  ).module;
  const ids = [...editionCharacters('tb').map((c) => c.id), ...EXTRAS];
  for (const id of EXTRAS) if (!CHARACTERS.some((c) => c.id === id)) throw new Error(`no character “${id}” in the facts`);
  if (ids.length !== 25) throw new Error(`the bench's script has ${ids.length} characters, not 25`);
  return JSON.stringify([{ id: '_meta', name: 'Bench: Trouble Brewing and three', author: 'Lantern bench' }, ...ids]);
}

/** The JS files a first visit to `path` fetches (fresh profile), gzipped, and which are BotC's. */
async function firstVisitJs(browser, url, path) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  try {
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    const files = new Map();
    for (const response of responses) {
      const file = new URL(response.url()).pathname;
      if (!file.endsWith('.js') || files.has(file)) continue;
      const body = await response.body();
      files.set(file, { path: file, bytes: body.length, gzip: gzipSync(body).length, botc: BOTC_MARKER.test(body.toString('utf8')) });
    }
    const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
    return { files: list, gzip: list.reduce((n, f) => n + f.gzip, 0), botc: list.filter((f) => f.botc) };
  } finally {
    await context.close();
  }
}

/** Sets up and deals the bench's game through the screens; resolves on the grimoire of night 1. */
async function setUpGame(page, url, script) {
  await page.goto(`${url}/new/botc`);
  await page.getByLabel('Choose a script file', { exact: true }).setInputFiles({ name: 'bench-script.json', mimeType: 'application/json', buffer: Buffer.from(script) });
  await page.getByRole('radio', { name: 'Bench: Trouble Brewing and three', exact: true }).waitFor();
  if (!(await page.getByRole('radio', { name: 'Bench: Trouble Brewing and three', exact: true }).isChecked())) throw new Error('the loaded script is not chosen');
  const names = Array.from({ length: BOTC_PLAYERS }, (_, i) => `Player${String(i + 1).padStart(2, '0')}`);
  for (let i = 0; i < names.length; i++) {
    const input = page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await input.fill(names[i]);
  }
  // The five over 15 play Travellers: the last five seats, each a different one of those offered.
  for (const [i, name] of names.slice(-TRAVELLERS).entries()) await page.getByLabel(`${name}: Traveller`, { exact: true }).selectOption({ index: i + 1 });
  await page.getByRole('button', { name: 'Random bag', exact: true }).click();
  await page.getByRole('button', { name: 'Draw three bluffs', exact: true }).click();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  try {
    await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  } catch {
    const problems = await page.locator('[role="alert"]').allInnerTexts();
    throw new Error(`"Start game" did not open the BotC game: ${problems.join(' | ') || 'no message'}`);
  }
  await page.getByTestId('deal').waitFor();
  await dealAll(page);
  await page.getByRole('heading', { name: 'Night 1', exact: true }).waitFor();
  const seats = await page.getByTestId('grimoire-circle').getByRole('button').count();
  if (seats !== BOTC_PLAYERS) throw new Error(`the grimoire shows ${seats} seats, not ${BOTC_PLAYERS}`);
}

/** Seats joining in play and reminders placed before timing: a full grimoire. */
export const BOTC_JOINING = 2;
const REMINDERS = 24;

/** Two more Travellers join (22 seats) and `REMINDERS` reminders are placed, one a seat in turn. */
async function fillGrimoire(page) {
  for (let i = 0; i < BOTC_JOINING; i++) {
    if (!(await page.locator('details.join').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await page.locator('details.join summary').click();
    await page.getByLabel('Their name', { exact: true }).fill(`Joiner${i + 1}`);
    await page.getByLabel('Their Traveller', { exact: true }).selectOption({ index: i + 1 });
    await committed(page, () => page.getByRole('button', { name: 'Seat them', exact: true }).click());
  }
  const seats = page.getByTestId('grimoire-circle').getByRole('button');
  const count = await seats.count();
  if (count !== BOTC_PLAYERS + BOTC_JOINING) throw new Error(`the grimoire shows ${count} seats, not ${BOTC_PLAYERS + BOTC_JOINING}`);
  for (let i = 0; i < REMINDERS; i++) {
    await seats.nth(i % count).click();
    const select = page.getByLabel('Place a reminder', { exact: true });
    await select.selectOption({ index: 1 + (i % Math.max(1, (await select.locator('option').count()) - 1)) });
    await committed(page, () => page.getByRole('button', { name: 'Place', exact: true }).click());
  }
}

/**
 * Runs `act` and waits until <main data-seq> moves on (the move committed), then until taps
 * count again (a new position ignores taps for a moment: the next tap would be lost).
 */
async function committed(page, act) {
  const seq = await page.locator('main[data-seq]').getAttribute('data-seq');
  await act();
  await page.waitForFunction((seq) => document.querySelector('main[data-seq]')?.getAttribute('data-seq') !== seq, seq, { polling: 20 });
  await waitForTaps(page);
}

/**
 * Switches between the circle and the list by seat `count` times each, timed in the page from
 * the tap to the frame after the other view is in the page.
 */
async function timeLayouts(page, count) {
  const out = { list: [], circle: [] };
  for (let i = 0; i < count * 2; i++) {
    const to = i % 2 === 0 ? 'list' : 'circle';
    await page.evaluate((to) => {
      const selector = to === 'list' ? '[data-testid="seat-list"]' : '[data-testid="grimoire-circle"]';
      let clickedAt = null;
      window.addEventListener('click', () => (clickedAt ??= performance.now()), { capture: true, once: true });
      // @ts-ignore: a measurement hook on the page
      window.__lanternLayout = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (clickedAt === null || !document.querySelector(selector)) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - clickedAt));
        });
        observer.observe(document.body, { subtree: true, childList: true });
      });
    }, to);
    await page.getByRole('button', { name: to === 'list' ? 'List by seat' : 'Circle', exact: true }).click();
    out[to].push(await page.evaluate(() => /** @type {any} */ (window).__lanternLayout));
  }
  return out;
}

/** Taps the grimoire's next phase `count` times, each timed from the tap to the commit. */
async function timePhases(page, count) {
  const next = page.getByRole('button', { name: /^(Dawn: end night|Dusk: start night) \d+$/ });
  const samples = [];
  for (let i = 0; i < count; i++) {
    await next.waitFor();
    await page.waitForFunction(() => document.querySelector('main[aria-busy="false"]') !== null, undefined, { polling: 20 });
    // The previous Next moved the position: its first moments ignore taps (ui/position.ts).
    await waitForTaps(page);
    await armStepTimer(page);
    await next.click();
    samples.push(await stepTiming(page));
  }
  return samples;
}

/**
 * (h) and (i). `moves` and `slowMoves` timed phases; returns the table's rows (name, value,
 * budget, held or null) and the result for bench-results/latest.json.
 */
export async function botcBench(browser, url, { moves = 60, slowMoves = 30 } = {}) {
  const home = await firstVisitJs(browser, url, '/');
  const setup = await firstVisitJs(browser, url, '/new/botc');
  if (setup.botc.length === 0) throw new Error('no BotC chunk found on /new/botc: the markers no longer recognise the game’s chunks');
  const homeFiles = new Set(home.files.map((f) => f.path));
  const added = setup.files.filter((f) => !homeFiles.has(f.path));
  const addedGzip = added.reduce((n, f) => n + f.gzip, 0);

  const script = await benchScript();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  let normal;
  let slowed;
  let layouts;
  try {
    await setUpGame(page, url, script);
    await fillGrimoire(page);
    layouts = await timeLayouts(page, 15);
    normal = await timePhases(page, moves);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    slowed = await timePhases(page, slowMoves);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The log really is in IndexedDB: a reload brings back the same committed length.
    const seq = await page.locator('main[data-seq]').getAttribute('data-seq');
    await page.reload();
    await page.waitForFunction((seq) => document.querySelector('main[data-seq]')?.getAttribute('data-seq') === seq, seq, { timeout: 15_000 });
  } finally {
    await context.close();
  }
  const commit = stats(normal.map((s) => s.commitMs));
  const frame = stats(normal.map((s) => s.frameMs));
  // The step in two parts: the browser's (from the tap to the first task it lets the page run,
  // after the frame it draws first) and the app's (from there to the commit, redrawn).
  const timed = normal.filter((s) => s.taskMs !== null);
  const browserPart = stats(timed.map((s) => s.taskMs));
  const appPart = stats(timed.map((s) => s.commitMs - s.taskMs));
  // Dawn and dusk apart: at dusk the grimoire opens and the Storyteller's blocks are made, at dawn
  // they are taken down; the median above falls between the two.
  const dawn = stats(normal.filter((s) => /^Day\b/.test(s.heading ?? '')).map((s) => s.commitMs));
  const dusk = stats(normal.filter((s) => /^Night\b/.test(s.heading ?? '')).map((s) => s.commitMs));
  if (dawn.n + dusk.n !== normal.length) throw new Error('a timed Next led neither to a day nor to a night');
  const slowCommit = stats(slowed.map((s) => s.commitMs));
  const slowFrame = stats(slowed.map((s) => s.frameMs));
  const B = BOTC_BUDGET;
  const label = `BotC, 25-character script, ${BOTC_PLAYERS} players and ${BOTC_JOINING} joined, ${REMINDERS} reminders`;
  const toList = stats(layouts.list);
  const toCircle = stats(layouts.circle);
  const rows = [
    ['BotC first visit to /new/botc: JS (gzip)', `${kb(setup.gzip)} KB`, '', null],
    ['BotC first visit to /new/botc: JS added over /', `${kb(addedGzip)} KB in ${added.length} files`, '', null],
    ['BotC first visit to /new/botc: the game’s own chunks (gzip)', `${kb(setup.botc.reduce((n, f) => n + f.gzip, 0))} KB in ${setup.botc.length} files`, '', null],
    ['BotC chunks on / (first visit)', `${home.botc.length}`, '0', home.botc.length === 0],
    [`${label}: Next → committed, median`, `${commit.median} ms`, `≤ ${B.stepMedianMs} ms`, commit.median <= B.stepMedianMs],
    [`${label}: Next → committed, p95`, `${commit.p95} ms`, '', null],
    [`${label}: Next, the browser’s part (tap → first task after its frame), median`, `${browserPart.median} ms`, '', null],
    [`${label}: Next, the app’s part (first task → committed and redrawn), median`, `${appPart.median} ms`, '', null],
    [`${label}: Next at dawn (the grimoire closes), median`, `${dawn.median} ms`, '', null],
    [`${label}: Next at dusk (the grimoire opens), median`, `${dusk.median} ms`, '', null],
    [`${label}: Next, CPU 4× slower, median`, `${slowCommit.median} ms`, `≤ ${B.stepSlowedMedianMs} ms`, slowCommit.median <= B.stepSlowedMedianMs],
    [`${label}: Next, CPU 4× slower, p95`, `${slowCommit.p95} ms`, '', null],
    // The frame after the commit, when the new screen is painted: work moved out of the commit
    // (into the frame) shows here.
    [`${label}: Next → drawn (frame after the commit), median`, `${frame.median} ms`, '', null],
    [`${label}: Next → drawn, CPU 4× slower, median`, `${slowFrame.median} ms`, '', null],
    [`${label}: open the list by seat → drawn, median`, `${toList.median} ms`, `≤ ${B.stepMedianMs} ms`, toList.median <= B.stepMedianMs],
    [`${label}: open the zoomed circle → drawn, median`, `${toCircle.median} ms`, `≤ ${B.stepMedianMs} ms`, toCircle.median <= B.stepMedianMs]
  ];
  const result = {
    script: { characters: 25, players: BOTC_PLAYERS, travellers: TRAVELLERS, joined: BOTC_JOINING, reminders: REMINDERS },
    layouts: { list: toList, circle: toCircle, held: toList.median <= B.stepMedianMs && toCircle.median <= B.stepMedianMs, samples: layouts },
    firstVisit: {
      setupJsGzipBytes: setup.gzip,
      setupFiles: setup.files,
      addedOverHome: { gzipBytes: addedGzip, files: added.map((f) => f.path) },
      botcChunksOnSetup: setup.botc.map((f) => f.path),
      botcChunksOnHome: home.botc.map((f) => f.path),
      held: home.botc.length === 0
    },
    step: {
      move: 'the grimoire’s next phase (Dawn / Dusk)',
      count: normal.length,
      commitMs: commit,
      frameMs: frame,
      browserPartMs: browserPart,
      appPartMs: appPart,
      dawnMs: dawn,
      duskMs: dusk,
      held: commit.median <= B.stepMedianMs,
      slowed: { cpuSlowdown: 4, count: slowed.length, commitMs: slowCommit, frameMs: slowFrame, held: slowCommit.median <= B.stepSlowedMedianMs },
      samples: normal,
      slowedSamples: slowed
    }
  };
  return { rows, result };
}

// Alone: `node scripts/bench/botc.mjs`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!existsSync(join(root, 'build/index.html')) || process.env.BUILD === '1') {
    console.log('Building…');
    const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const before = load();
    const { rows } = await botcBench(browser, server.url, { moves: Number(process.env.MOVES ?? 60), slowMoves: Number(process.env.SLOW_MOVES ?? 30) });
    const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => String(r[c]).length), 8));
    for (const [name, value, budget, ok] of rows) {
      console.log(`${String(name).padEnd(widths[0])}  ${String(value).padStart(widths[1])}  ${String(budget).padEnd(widths[2])}  ${ok === null ? '' : ok ? 'held' : 'NOT held'}`);
    }
    console.log(`\nLoad average (1, 5, 15 min): before ${before.join(', ')}; after ${load().join(', ')} on ${cpus().length} cores.`);
  } finally {
    await browser.close();
    await server.close();
  }
}
