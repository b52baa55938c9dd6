/**
 * Crash torture: a Cluethulhu game played in the built app while the browser process is killed
 * outright (SIGKILL, as a phone's system or a flat battery does) at seeded random moments —
 * with nothing going on, mid-peek at a role card, right after a tap before its transaction
 * commits, a few milliseconds later while it may be committing, and while the app is still
 * starting up. After each kill Chromium starts again on the same profile and the test checks:
 *
 * - the game screen comes back at the last step shown, identical (log length, stage, phase,
 *   prompt, progress, heading), or, when a tap was in flight, one step on with that tap logged
 *   once: a tap killed before its commit is simply not there;
 * - the stored log runs 1..n with no gap and no double, the game row says n, and every stored
 *   snapshot is the replay of the log (read with raw IndexedDB, replayed by the engine in Node).
 *
 * One lost or doubled step fails the test. LANTERN_CRASH_KILLS and LANTERN_CRASH_SEED change
 * the number of kills (default 25) and the moments (a run prints its seed).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { openHandBack, peek, PHONE, prepareAnswer, screenState, startCluethulhu, waitForCommit, waitForGameScreen } from './keeper.mjs';
import { assertWholeGame, loadEngine, readStoredGame } from './lantern-db.mjs';

const KILLS = Number(process.env.LANTERN_CRASH_KILLS ?? 25);
const SEED = Number(process.env.LANTERN_CRASH_SEED ?? 20261121);

/** mulberry32: a small seeded generator, so a failing run can be repeated exactly. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The browser process of the profile in `dir`: Playwright's child with no --type= (not a renderer). */
async function browserPid(dir) {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0');
      if (!args.includes(`--user-data-dir=${dir}`) || args.some((a) => a.startsWith('--type='))) continue;
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) return Number(name);
    } catch {
      // The process ended while being read.
    }
  }
  throw new Error(`no browser process for ${dir}`);
}

test(`a game survives ${KILLS} kills of the browser process, losing and doubling nothing`, { timeout: 600_000 }, async (t) => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install chromium.');
  const rand = seeded(SEED);
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const server = await startServer({ port: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'lantern-crash-'));
  await loadEngine();

  let context;
  let page;
  let pid = 0;
  /** Set just before a tap that is to be killed: how long after the tap reaches the page. */
  let armed = null;
  /** The game being played, and the longest log its screen has shown. */
  let id = '';
  let seen = 0;

  async function launch() {
    // The service worker is left out: it is not on the storage path (its offline behaviour has
    // its own tests), and without it each of the many restarts is quicker.
    context = await chromium.launchPersistentContext(dir, { executablePath, args: CHROMIUM_ARGS, ...PHONE, serviceWorkers: 'block' });
    pid = await browserPid(dir);
    // A tap reaches this binding as it reaches the app (a capturing listener runs first), so the
    // kill lands while the app computes and stores the move, not after.
    await context.exposeBinding('lanternCrashTap', async () => {
      if (!armed) return;
      const delay = armed.delay;
      armed = null;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      process.kill(pid, 'SIGKILL');
    });
    // Every log length the game screen shows is reported as it is drawn, so a screen that moved
    // on before its move was stored would be caught even when the kill follows within a blink.
    await context.exposeBinding('lanternShown', (_source, path, seq) => {
      if (path === `/game/${id}` && seq > seen) seen = seq;
    });
    await context.addInitScript(() => {
      const w = /** @type {any} */ (window);
      document.addEventListener('click', () => void w.lanternCrashTap?.(), { capture: true });
      let last = null;
      new MutationObserver(() => {
        const seq = document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? null;
        if (seq === null || seq === last) return;
        last = seq;
        void w.lanternShown?.(location.pathname, Number(seq));
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'], childList: true });
    });
    page = context.pages()[0] ?? (await context.newPage());
  }

  /** Resolves once Playwright has seen the browser go. */
  const closed = () => new Promise((resolve) => context.once('close', resolve));

  /** SIGKILL the browser now. */
  async function kill() {
    const gone = closed();
    process.kill(pid, 'SIGKILL');
    await gone;
  }

  /** Tap `button` and have the browser killed `delay` ms after the tap reaches the page. */
  async function tapAndKill(button, delay) {
    const gone = closed();
    armed = { delay };
    await button.click({ noWaitAfter: true, timeout: 5_000 }).catch(() => {});
    const late = await Promise.race([gone.then(() => false), new Promise((r) => setTimeout(() => r(true), 5_000))]);
    if (late) throw new Error('the tap never reached the page');
  }

  async function relaunch(id) {
    await launch();
    await page.goto(`${server.url}/game/${id}`);
    try {
      await waitForGameScreen(page, 30_000);
    } catch (error) {
      // Say what the screen showed instead.
      const text = await page.locator('body').innerText().catch(() => '(unreadable)');
      throw new Error(`the game screen did not come back after a restart; it shows: ${text.slice(0, 300)}`, { cause: error });
    }
    return screenState(page);
  }

  /** Plays the current step to its commit (or ends a game and starts the next). */
  async function play(state) {
    if (state.stage === 'over') {
      id = '';
      seen = 0;
      const next = await startCluethulhu(page, server.url);
      games.push(next);
      id = next;
      return screenState(page);
    }
    if (await page.locator('[data-screen="hand-back"]').count()) {
      // The deal is over: the Keeper holds the hand-back to open the script.
      await openHandBack(page);
      await waitForGameScreen(page);
      return screenState(page);
    }
    if (state.stage === 'dealing') {
      await peek(page);
      await page.getByRole('button', { name: 'Done, pass on', exact: true }).click();
      return waitForCommit(page, state.seq);
    }
    for (let extra = 0; extra < 4; extra++) {
      await (await prepareAnswer(page, extra)).click();
      const after = await Promise.race([
        waitForCommit(page, state.seq),
        page.locator('main [role="alert"]').first().waitFor().then(() => null)
      ]);
      if (after) return after;
      const now = await screenState(page);
      if (now.seq !== state.seq) return now;
    }
    throw new Error(`no answer fits "${state.prompt}"`);
  }

  const counts = { idle: 0, peek: 0, tap: 0, committing: 0, undo: 0, startup: 0 };
  let inFlightKept = 0;
  let inFlightDropped = 0;
  let kills = 0;
  let taps = 0;
  await launch();
  id = await startCluethulhu(page, server.url);
  const games = [id];
  let shown = await screenState(page);
  const began = Date.now();

  try {
    while (kills < KILLS) {
      for (let n = between(0, 2); n > 0; n--) {
        shown = await play(shown);
        taps++;
      }
      if (shown.stage === 'over' || (await page.locator('[data-screen="hand-back"]').count())) {
        shown = await play(shown);
        continue;
      }

      // Where the kill lands.
      const canUndo =
        shown.stage === 'play' && (await page.locator('main button:not([disabled])', { hasText: /^Undo$/ }).count()) > 0;
      const modes = ['idle', 'tap', 'tap', 'committing', 'committing', 'startup'];
      if (shown.stage === 'dealing') modes.push('peek');
      if (canUndo) modes.push('undo');
      const mode = modes[between(0, modes.length - 1)];
      // A startup kill follows a kill with nothing going on.
      counts[mode === 'startup' ? 'idle' : mode]++;
      /** What a tap in flight was: null when none was. */
      let inFlight = null;
      if (mode === 'peek') {
        // Killed while a player holds their card up.
        await peek(page, () => kill()).catch(() => {});
      } else if (mode === 'tap' || mode === 'committing') {
        let button;
        if (shown.stage === 'dealing') {
          await peek(page);
          button = page.getByRole('button', { name: 'Done, pass on', exact: true });
        } else {
          button = await prepareAnswer(page);
        }
        inFlight = 'step.answer';
        // `tap`: killed as the tap lands, before the move is stored; `committing`: a few
        // milliseconds on, while it is being stored or has just been.
        await tapAndKill(button, mode === 'tap' ? 0 : between(1, 30));
      } else if (mode === 'undo') {
        inFlight = 'undo';
        await tapAndKill(page.locator('main button:not([disabled])', { hasText: /^Undo$/ }).first(), between(0, 20));
      } else {
        await kill();
      }
      kills++;

      if (mode === 'startup' && kills < KILLS) {
        // Killed again while the app is still opening the database and drawing the game.
        await launch();
        const loading = page.goto(`${server.url}/game/${id}`).catch(() => {});
        await new Promise((r) => setTimeout(r, between(20, 400)));
        await kill();
        await loading;
        kills++;
        counts.startup++;
      }

      const shownAtKill = seen;
      const after = await relaunch(id);
      const stored = await readStoredGame(page, id);
      const where = `kill ${kills} (${mode}, seed ${SEED})`;
      await assertWholeGame(stored, where);
      assert.equal(stored.game.seq, after.seq, `${where}: the screen shows the stored game`);
      assert.ok(after.seq >= shownAtKill, `${where}: every step the screen showed (${shownAtKill}) was stored (${after.seq})`);
      if (inFlight && after.seq === shown.seq + 1) {
        // The tap had committed: it is there, once, and the screen shows where it led.
        assert.equal(stored.events.at(-1).event.type, inFlight, `${where}: the last entry is the tap in flight`);
        inFlightKept++;
      } else {
        assert.deepEqual(after, shown, `${where}: back at the last step shown`);
        if (inFlight) inFlightDropped++;
      }
      shown = after;
    }
  } catch (error) {
    // Say where it happened: the seed and the kill number repeat the run up to there.
    if (error instanceof Error) error.message = `after ${kills} kill(s), seed ${SEED}, game ${id} at ${JSON.stringify(shown)}: ${error.message}`;
    throw error;
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }

  const seconds = Math.round((Date.now() - began) / 1000);
  const summary =
    `${kills} kills survived in ${seconds} s (seed ${SEED}): ${counts.idle} with nothing going on, ${counts.peek} mid-peek at a card, ` +
    `${counts.tap} as a tap landed, ${counts.committing} a few ms after a tap, ${counts.undo} during an Undo, ${counts.startup} during startup; ` +
    `taps in flight: ${inFlightKept} committed and kept once, ${inFlightDropped} not committed and absent; ` +
    `${taps} steps played over ${games.length} game(s)`;
  t.diagnostic(summary);
  console.log(summary);
});
