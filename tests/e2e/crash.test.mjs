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
 * One lost or doubled step fails the test. The machinery is in torture.mjs (shared with
 * crash-games.test.mjs, which kills every other game a few times). LANTERN_CRASH_KILLS and LANTERN_CRASH_SEED change
 * the number of kills (default 15) and the moments (a run prints its seed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { openHandBack, peek, prepareAnswer, screenState, startCluethulhu, waitForCommit, waitForGameScreen } from './keeper.mjs';
import { loadEngine } from './lantern-db.mjs';
import { seeded, torture } from './torture.mjs';

const KILLS = Number(process.env.LANTERN_CRASH_KILLS ?? 15);
const SEED = Number(process.env.LANTERN_CRASH_SEED ?? 20261121);

test(`a game survives ${KILLS} kills of the browser process, losing and doubling nothing`, { timeout: 600_000 }, async (t) => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install chromium.');
  const rand = seeded(SEED);
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const server = await startServer({ port: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'lantern-crash-'));
  await loadEngine();
  const browser = torture({ executablePath, dir, url: server.url });
  let page;
  let id = '';

  /** Plays the current step to its commit (or ends a game and starts the next). */
  async function play(state) {
    if (state.stage === 'over') {
      browser.follow('');
      const next = await startCluethulhu(page, server.url);
      games.push(next);
      id = next;
      browser.follow(id);
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
  page = await browser.launch();
  id = await startCluethulhu(page, server.url);
  browser.follow(id);
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
        await peek(page, () => browser.kill()).catch(() => {});
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
        await browser.tapAndKill(button, mode === 'tap' ? 0 : between(1, 30));
      } else if (mode === 'undo') {
        inFlight = 'undo';
        await browser.tapAndKill(page.locator('main button:not([disabled])', { hasText: /^Undo$/ }).first(), between(0, 20));
      } else {
        await browser.kill();
      }
      kills++;

      if (mode === 'startup' && kills < KILLS) {
        // Killed again while the app is still opening the database and drawing the game.
        await browser.killAtStartup(between(20, 400));
        kills++;
        counts.startup++;
      }

      const where = `kill ${kills} (${mode}, seed ${SEED})`;
      const { after, kept } = await browser.restartAndCheck(shown, inFlight, where);
      page = browser.page;
      if (kept) inFlightKept++;
      else if (inFlight) inFlightDropped++;
      shown = after;
    }
  } catch (error) {
    // Say where it happened: the seed and the kill number repeat the run up to there.
    if (error instanceof Error) error.message = `after ${kills} kill(s), seed ${SEED}, game ${id} at ${JSON.stringify(shown)}: ${error.message}`;
    throw error;
  } finally {
    await browser.close();
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
