/**
 * Kill torture on every game but Cluethulhu (crash.test.mjs tortures it at length): each game of
 * table-games/ is set up and played in the built app while the browser process is killed
 * outright four or five times: a few milliseconds after a tap mid-deal where the game has a deal,
 * as a tap lands and a few milliseconds after it mid-night where it has nights (mid-move where
 * it has none), then with nothing going on and again while the app is starting up. After each kill the checks of torture.mjs: the screen back where
 * it was (or one move on, with the tap in flight logged once), the log 1..n with no gap and no
 * double, every snapshot the replay of the log.
 *
 * LANTERN_CRASH_SEED changes the moments (a run prints its seed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { screenState } from './keeper.mjs';
import { loadEngine } from './lantern-db.mjs';
import { GAMES } from './table-games/index.mjs';
import { seeded, torture } from './torture.mjs';

const SEED = Number(process.env.LANTERN_CRASH_SEED ?? 20261128);

/** Where the game is now: a deal, a night, or a move of the day or turn. */
async function placeNow(page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (main?.querySelector('[data-testid="deal"]') && !document.querySelector('[data-screen="hand-back"]')) return 'deal';
    const phase = main?.querySelector('[data-testid="phase"]')?.textContent ?? main?.querySelector('h1')?.textContent ?? '';
    return /night/i.test(phase) ? 'night' : 'move';
  });
}

/**
 * The kills for a game, in order: each waits for its place ('any' but a deal), then lands as a
 * tap lands (`tap`), a few ms on (`committing`), with nothing going on (`idle`), or idle and
 * again during the startup that follows (`startup`).
 */
function planFor(game) {
  const plan = [];
  if (game.hasDeal) plan.push({ place: 'deal', mode: 'committing' });
  plan.push({ place: game.hasNight ? 'night' : 'any', mode: 'tap' });
  plan.push({ place: game.hasNight ? 'night' : 'any', mode: 'committing' });
  plan.push({ place: 'any', mode: 'startup' });
  return plan;
}

let server;
let executablePath;
before(async () => {
  executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or install chromium.');
  server = await startServer({ port: 0 });
  await loadEngine();
});
after(async () => {
  await server?.close();
});

describe('every game survives kills of the browser process, losing and doubling nothing', () => {
  for (const game of GAMES.filter((g) => g.id !== 'cluethulhu')) {
    test(`${game.name}: killed mid-${game.hasDeal ? 'deal, mid-' : ''}${game.hasNight ? 'night, mid-' : ''}move and at startup`, { timeout: 240_000 }, async (t) => {
      const rand = seeded(SEED + game.id.length);
      const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
      const dir = await mkdtemp(join(tmpdir(), `lantern-crash-${game.id}-`));
      const browser = torture({ executablePath, dir, url: server.url, ready: game.ready });
      const plan = planFor(game);
      const done = [];
      let kills = 0;
      let page = await browser.launch();
      let shown = null;
      const began = Date.now();
      try {
        browser.follow(await game.setUp(page, server.url));
        shown = await screenState(page);
        for (let moves = 0; done.length < plan.length; moves++) {
          if (moves > 40) throw new Error(`the game never reached ${JSON.stringify(plan[done.length])}`);
          const { place, mode } = plan[done.length];
          const now = await placeNow(page);
          if (place !== now && !(place === 'any' && now !== 'deal')) {
            shown = await game.advance(page);
            continue;
          }
          let inFlight = null;
          if (mode === 'tap' || mode === 'committing') {
            const { button } = await game.control(page);
            // Preparing the move may have opened a hand-back (stored before the game's screen
            // shows): what is on screen now is the last position shown before the tap.
            shown = await screenState(page);
            inFlight = game.entry;
            await browser.tapAndKill(button, mode === 'tap' ? 0 : between(1, 30));
          } else {
            await browser.kill();
            if (mode === 'startup') await browser.killAtStartup(between(20, 400));
          }
          kills += mode === 'startup' ? 2 : 1;
          const where = `${game.name}, kill ${kills} (${now}, ${mode}, seed ${SEED})`;
          const { after, kept } = await browser.restartAndCheck(shown, inFlight, where);
          done.push(`${now}/${mode}${inFlight ? (kept ? ': kept' : ': not stored') : ''}`);
          page = browser.page;
          shown = after;
        }
      } catch (error) {
        if (error instanceof Error) error.message = `after ${kills} kill(s) [${done.join(', ')}], seed ${SEED}, at ${JSON.stringify(shown)}: ${error.message}`;
        throw error;
      } finally {
        await browser.close();
        await rm(dir, { recursive: true, force: true });
      }
      t.diagnostic(`${game.name}: ${kills} kills in ${Math.round((Date.now() - began) / 1000)} s: ${done.join(', ')}`);
    });
  }
});
