/**
 * The machinery of the kill torture (crash.test.mjs, crash-games.test.mjs): Chromium on a profile
 * of its own, killed outright (SIGKILL, as a phone's system or a flat battery does) with nothing
 * going on, as a tap lands, a few milliseconds after it, or while the app is still starting;
 * then started again on the same profile, and the game checked:
 *
 * - the game screen comes back at the last position shown, identical (log length, stage, phase,
 *   prompt, progress, heading), or, when a tap was in flight, one move on with that tap logged
 *   once: a tap killed before its commit is simply not there;
 * - the stored log runs 1..n with no gap and no double, the game row says n, and every stored
 *   snapshot is the replay of the log (read with raw IndexedDB, replayed by the engine in Node);
 * - every log length the screen showed before the kill was stored.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
import { PHONE, screenState, waitForGameScreen } from './keeper.mjs';
import { assertWholeGame, readStoredGame } from './lantern-db.mjs';

/** mulberry32: a small seeded generator, so a failing run can be repeated exactly. */
export function seeded(seed) {
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

/**
 * One browser profile to kill and start again.
 * @param {{ executablePath: string, dir: string, url: string, device?: object,
 *   ready?: (page: import('playwright-core').Page, timeout?: number) => Promise<void> }} options
 *   `ready` waits until the game screen has drawn after a restart (the script's by default).
 */
export function torture({ executablePath, dir, url, device = PHONE, ready = waitForGameScreen }) {
  const t = {
    /** @type {import('playwright-core').BrowserContext} */ context: /** @type {any} */ (null),
    /** @type {import('playwright-core').Page} */ page: /** @type {any} */ (null),
    pid: 0,
    /** Set just before a tap that is to be killed: how long after the tap reaches the page. */
    armed: /** @type {{ delay: number } | null} */ (null),
    /** The game being played, and the longest log its screen has shown. */
    id: '',
    seen: 0,

    async launch() {
      // The service worker is left out: it is not on the storage path (its offline behaviour has
      // its own tests), and without it each of the many restarts is quicker.
      t.context = await chromium.launchPersistentContext(dir, { executablePath, args: CHROMIUM_ARGS, ...device, serviceWorkers: 'block' });
      t.pid = await browserPid(dir);
      // A tap reaches this binding as it reaches the app (a capturing listener runs first), so the
      // kill lands while the app computes and stores the move, not after.
      await t.context.exposeBinding('lanternCrashTap', async () => {
        if (!t.armed) return;
        const delay = t.armed.delay;
        t.armed = null;
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        process.kill(t.pid, 'SIGKILL');
      });
      // Every log length the game screen shows is reported as it is drawn, so a screen that moved
      // on before its move was stored would be caught even when the kill follows within a blink.
      await t.context.exposeBinding('lanternShown', (_source, path, seq) => {
        if (path === `/game/${t.id}` && seq > t.seen) t.seen = seq;
      });
      await t.context.addInitScript(() => {
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
      t.page = t.context.pages()[0] ?? (await t.context.newPage());
      return t.page;
    },

    /** A new game is being played from now on. */
    follow(id) {
      t.id = id;
      t.seen = 0;
    },

    /** Resolves once Playwright has seen the browser go. */
    closed() {
      return new Promise((resolve) => t.context.once('close', resolve));
    },

    /** SIGKILL the browser now. */
    async kill() {
      const gone = t.closed();
      process.kill(t.pid, 'SIGKILL');
      await gone;
    },

    /** Tap `button` and have the browser killed `delay` ms after the tap reaches the page. */
    async tapAndKill(button, delay) {
      const gone = t.closed();
      t.armed = { delay };
      await button.click({ noWaitAfter: true, timeout: 5_000 }).catch(() => {});
      const late = await Promise.race([gone.then(() => false), new Promise((r) => setTimeout(() => r(true), 5_000))]);
      if (late) throw new Error('the tap never reached the page');
    },

    /** Starts the browser, opens the game and kills it `after` ms on, while the app is still opening. */
    async killAtStartup(after) {
      await t.launch();
      const loading = t.page.goto(`${url}/game/${t.id}`).catch(() => {});
      await new Promise((r) => setTimeout(r, after));
      await t.kill();
      await loading;
    },

    /** Starts the browser again on the same profile and opens the game; returns what it shows. */
    async relaunch() {
      await t.launch();
      await t.page.goto(`${url}/game/${t.id}`);
      try {
        await ready(t.page, 30_000);
      } catch (error) {
        // Say what the screen showed instead.
        const text = await t.page.locator('body').innerText().catch(() => '(unreadable)');
        throw new Error(`the game screen did not come back after a restart; it shows: ${text.slice(0, 300)}`, { cause: error });
      }
      return screenState(t.page);
    },

    /**
     * After a kill: starts again and checks the game is whole and where it was, or one move on
     * when the tap in flight (`inFlight`: the type of the log entry it makes) had been stored.
     * @returns {Promise<{ after: Awaited<ReturnType<typeof screenState>>, kept: boolean }>}
     */
    async restartAndCheck(shown, inFlight, where) {
      const shownAtKill = t.seen;
      const after = await t.relaunch();
      const stored = await readStoredGame(t.page, t.id);
      await assertWholeGame(stored, where);
      assert.equal(stored.game.seq, after.seq, `${where}: the screen shows the stored game`);
      assert.ok(after.seq >= shownAtKill, `${where}: every position the screen showed (${shownAtKill}) was stored (${after.seq})`);
      if (inFlight && after.seq === shown.seq + 1) {
        // The tap had committed: it is there, once, and the screen shows where it led.
        assert.equal(stored.events.at(-1).event.type, inFlight, `${where}: the last entry is the tap in flight`);
        return { after, kept: true };
      }
      assert.deepEqual(after, shown, `${where}: back at the last position shown`);
      return { after, kept: false };
    },

    async close() {
      await t.context?.close().catch(() => {});
    }
  };
  return t;
}
