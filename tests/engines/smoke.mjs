/**
 * The cross-engine smoke run: the built app in an engine other than Chromium, used as a new
 * user would. Each test body is written once and runs in Firefox ESR and in WebKitGTK
 * (firefox.test.mjs, webkit.test.mjs), through the adapter of drivers.mjs and the hands of
 * hands.mjs. It proves the app works in the engine: it opens with no console error, a
 * pass-and-peek deal answers a pointer (a hold shows the role, letting go hides it, a quick tap
 * shows nothing), every game takes a few moves and a reload brings back exactly the same
 * screen, the service worker controls the page after a reload, Settings reads the storage
 * state, and a backup saved comes back. The phone-sized, touch-driven suite runs in Chromium
 * (tests/e2e/).
 *
 * A smoke run: a few moves of each game, not the rules; each game's own suite proves those.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { findEngines } from './drivers.mjs';
import { hands } from './hands.mjs';

const SEVEN = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay', 'Gus'];
const HOLD = 'Hold to see your role';
const PASS_ON = 'Done, pass on';

/**
 * Registers the smoke tests for one engine. When the engine is not installed, the run says so
 * and its tests are skipped (not failed).
 * @param {'firefox' | 'webkit'} key
 * @param {(found: any) => Promise<{ name: string, version: string, open: () => Promise<any>, close: () => Promise<void> }>} launch
 */
export function smokeSuite(key, launch) {
  const found = findEngines()[key];
  const title = key === 'firefox' ? 'Firefox ESR' : 'WebKitGTK';
  if (found.missing) {
    console.log(`${title}: skipped, ${found.missing}.`);
    describe(`${title} (smoke)`, { skip: found.missing }, () => {
      test('not run');
    });
    return;
  }

  /** @type {Awaited<ReturnType<typeof launch>>} */
  let engine;
  /** One page for the whole run: starting a browser session takes seconds on a busy machine. */
  let shared;
  /** The app's address in the running test. */
  let server;
  before(async () => {
    engine = await launch(found);
    shared = await engine.open();
  });
  after(async () => {
    await shared?.close();
    await engine?.close();
  });

  /**
   * Runs `body` on the shared page with empty storage: each test serves the app on a port of
   * its own, so it is a new origin (storage and service workers are kept per origin). The
   * errors the page reports are those of this test only.
   */
  const withPage = async (body) => {
    server = await startServer({ port: 0 });
    const start = (await shared.errors()).length;
    const page = { ...shared, errors: async () => (await shared.errors()).slice(start) };
    try {
      return await body(hands(page), page);
    } finally {
      await shared.release().catch(() => {});
      await shared.goto('about:blank').catch(() => {});
      await server.close();
    }
  };
  const url = (path) => new URL(path, server.url).href;

  describe(`${title} (smoke)`, { concurrency: 1 }, () => {
    test('the app opens, and each screen outside a game draws, with no console error', async () => {
      await withPage(async (h, page) => {
        console.log(`  ${engine.name}: ${engine.version}`);
        for (const [path, heading] of [
          ['/', 'Your games'],
          ['/new', null],
          ['/settings', 'Settings'],
          ['/backup', null]
        ]) {
          await page.goto(url(path));
          await h.see({ css: 'main h1' });
          if (heading) assert.equal(await h.text({ css: 'main h1' }), heading, path);
        }
        // Client-side navigation too: the game choice, from home, by a tap.
        await page.goto(url('/'));
        await h.tap({ link: 'New game' });
        await h.until(async () => (await h.state()).path === '/new', 'the game choice to open');
        await h.see({ link: /^Cluethulhu/ });
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Cluethulhu: the deal answers a pointer (hold shows, letting go hides, a tap shows nothing); steps; a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        await setUpPlayers(h, page, url('/new/cluethulhu'), SEVEN);
        await h.tick({ label: 'Deal in the app' });
        await startGame(h);

        // The first player: a quick tap shows nothing, however long one then waits. The
        // pointer events the button receives are noted, to be sure the tap reached it.
        await h.see({ button: HOLD });
        await page.exec(`(() => {
          const seen = (window.__smokePointer = []);
          window.__smokePointerType = null;
          for (const type of ['pointerdown', 'pointerup']) {
            addEventListener(type, (e) => {
              seen.push(type + ':' + (e.target.closest('button')?.textContent.trim() ?? ''));
              window.__smokePointerType = e.pointerType;
            }, true);
          }
        })()`);
        await h.tap({ button: HOLD }, 5_000);
        await h.sleep(1_000);
        assert.deepEqual(await page.exec('window.__smokePointer'), [`pointerdown:${HOLD}`, `pointerup:${HOLD}`], 'the tap reached the button');
        console.log(`  ${engine.name}: the deal's tap arrived as ${await page.exec('window.__smokePointerType')} pointer events`);
        assert.equal(await h.exists({ css: '[data-testid="role-card"]' }), false, 'a quick tap showed the role');
        // A hold shows the role while the finger stays; letting go hides it.
        await h.press({ button: HOLD });
        await h.see({ css: '[data-testid="role-card"]' }, 5_000);
        const role = await h.text({ css: '[data-testid="role-card"]' });
        assert.ok(role && role.length > 0, 'the role card has words');
        await h.sleep(300);
        assert.equal(await h.exists({ css: '[data-testid="role-card"]' }), true, 'the role stays while held');
        await h.release();
        await h.gone({ css: '[data-testid="role-card"]' }, 5_000);
        await passOn(h);
        await dealRest(h);

        await answerSteps(h, 3);
        await reloadResumes(h, page);
        // And the game goes on from there.
        await answerSteps(h, 1);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Ktulu: the suggested roster, recorded as a physical deal, a few steps, a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        const six = SEVEN.slice(0, 6);
        await setUpPlayers(h, page, url('/new/ktulu'), six);
        await h.tap({ button: `Suggest roles for ${six.length} players` });
        await h.see({ text: `Roles ${six.length} / players ${six.length}` });
        // Dealt with real cards (the pass-and-peek deal is Cluethulhu's and the Clocktower's
        // test): each player's card picked from the roster, a different one each.
        await h.tick({ label: 'Record a physical deal' });
        await h.tap({ button: 'Show cards' });
        for (let i = 0; i < six.length; i++) await h.choose({ label: `Card held by ${six[i]}` }, i + 1);
        await startGame(h);
        await dealRest(h);
        await answerSteps(h, 3);
        await reloadResumes(h, page);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Blood on the Clocktower: Trouble Brewing, five players, a random bag, dealt, the grimoire takes moves, a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        await page.goto(url('/new/botc'));
        await h.tap({ button: 'Trouble Brewing' });
        await h.see({ label: 'Trouble Brewing' });
        await fillNames(h, SEVEN.slice(0, 5));
        // A tap that lands while the form is still settling is tried once more.
        for (let attempt = 0; !(await h.exists({ text: '5 characters drawn.' })); attempt++) {
          if (attempt === 2) throw new Error('"Random bag" drew nothing');
          await h.tap({ button: 'Random bag' });
          await h.see({ text: '5 characters drawn.' }, 3_000).catch(() => {});
        }
        await h.tap({ button: 'Draw three bluffs' });
        await startGame(h);
        await dealRest(h);
        await h.see({ css: 'main[data-stage="play"] [data-testid="grimoire-circle"]' });
        // A seat opened, and its player marked dead: a move stored.
        let { seq } = await h.state();
        // A tap that lands while the circle is still settling after the hand-back is tried again
        // (a second tap on an open seat would close it, so only while it is not open).
        for (let attempt = 0; !(await h.exists({ button: 'Mark dead' })); attempt++) {
          if (attempt === 3) throw new Error('Cleo’s seat did not open');
          await h.tap({ button: /Cleo/, within: '[data-testid="grimoire-circle"]' });
          await h.see({ button: 'Mark dead' }, 3_000).catch(() => {});
        }
        await h.tap({ button: 'Mark dead' });
        await h.committed(seq);
        ({ seq } = await h.state());
        await h.tap({ button: 'Dawn: end night 1' });
        await h.committed(seq);
        await h.see({ text: 'Cleo died last night.' });
        // The seat stays open until closed; which seat was open is not part of the game.
        if (await h.exists({ button: 'Close', within: 'main' })) await h.tap({ button: 'Close', within: 'main' });
        await reloadResumes(h, page);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Cthulhu Gloom: set up, plays recorded, a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        await setUpGloom(h, page, url('/new/gloom'));
        await startGame(h);
        await h.gameScreen();
        for (let i = 0; i < 2; i++) {
          const { seq } = await h.state();
          await h.tap({ button: 'Pass a play' });
          await h.committed(seq);
        }
        const { seq } = await h.state();
        await h.tap({ button: /^End turn: / });
        await h.committed(seq);
        await reloadResumes(h, page);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Killer Kloo Doo: set up, two turns played, a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        await startKkd(h, page, url('/new/kkd'));
        await reloadResumes(h, page);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('the notebook: set up, marks made, a reload resumes exactly', async () => {
      await withPage(async (h, page) => {
        const names = ['Ania', 'Ben', 'Cela'];
        await setUpPlayers(h, page, url('/new/notebook'), names);
        await h.tick({ label: 'Ania' });
        for (const card of ['Miss Scarlett', 'Colonel Mustard', 'Candlestick', 'Dagger', 'Kitchen', 'Ballroom']) await h.tick({ label: card });
        await startGame(h);
        await h.see({ text: "Ania's notebook" });
        // A suggestion recorded: Ben showed Ania the Mrs White card, so the grid marks it his.
        await h.tap({ button: 'Suggestion', within: 'main nav' });
        await h.see({ css: 'form.move-form' });
        for (const [label, option] of [
          ['Who made the suggestion', 'Ania'],
          ['Suspect', 'Mrs White'],
          ['Weapon', 'Lead Piping'],
          ['Room', 'Conservatory'],
          ['Who showed a card', 'Ben'],
          ['Which card you were shown', 'Mrs White']
        ]) {
          await h.choose({ label, within: 'form.move-form' }, option);
        }
        const { seq } = await h.state();
        await h.tap({ button: 'Record', within: 'form.move-form' });
        await h.committed(seq);
        await h.see({ button: 'Ben: Has it — Mrs White' });
        await reloadResumes(h, page);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('the service worker controls the page after a reload', async () => {
      await withPage(async (h, page) => {
        await page.goto(url('/'));
        await h.see({ css: 'main h1' });
        await h.until(
          // \`ready\` waits for ever where nothing registers: asked for a second at a time.
          () =>
            page
              .exec(`Promise.race([navigator.serviceWorker.ready.then((r) => r.active && r.active.state), new Promise((r) => setTimeout(r, 1000))])`)
              .then((s) => s === 'activated'),
          'the service worker to be active',
          60_000
        );
        await page.reload();
        await h.see({ css: 'main h1' });
        const state = await page.exec('navigator.serviceWorker.controller ? navigator.serviceWorker.controller.state : null');
        assert.equal(state, 'activated', 'a service worker controls the page after a reload');
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('Settings opens and its storage line reads its state, with no prompt left waiting', async () => {
      await withPage(async (h, page) => {
        // Where the engine lets a script run before the page's own (Firefox), every request for
        // persistent storage is counted: each would put the browser's prompt in front of the
        // player. WebKit has no storage manager to ask.
        const undo = await page.beforeLoad?.(`(() => {
          window.__smokePersistAsked = 0;
          const storage = navigator.storage;
          if (!storage || !storage.persist) return;
          const persist = storage.persist.bind(storage);
          storage.persist = () => (window.__smokePersistAsked++, persist());
        })()`);
        await page.goto(url('/settings'));
        await h.see({ text: 'Protected from automatic clean-up' });
        // The line under it: "Yes…", "No…" or what the browser cannot say; never still checking.
        const line = await h
          .until(async () => {
            const text = await page.exec(`(() => {
              const term = [...document.querySelectorAll('main dt, main h3, main p, main strong, main span, main div')]
                .find((e) => e.textContent.trim() === 'Protected from automatic clean-up');
              const next = term && (term.nextElementSibling || term.parentElement.nextElementSibling);
              return next ? next.textContent.replace(/\\s+/g, ' ').trim() : null;
            })()`);
            return text && !/^Checking/.test(text) ? text : null;
          }, 'the storage line to read its state', 8_000)
          .catch((error) => error);
        if (undo) {
          await undo();
          const asked = await page.exec('window.__smokePersistAsked');
          assert.equal(asked, 0, `opening Settings asked the browser for persistent storage ${asked} time(s): a prompt nobody asked for`);
        }
        assert.ok(typeof line === 'string', line instanceof Error ? line.message : 'no storage line');
        assert.ok(line.length > 3, line);
        assert.deepEqual(await page.errors(), []);
      });
    });

    test('a backup saved, then read back: the game returns on the same turn', async () => {
      await withPage(async (h, page) => {
        await startKkd(h, page, url('/new/kkd'));
        const before = await h.state();
        const id = before.path.split('/').pop();
        const board = await boardText(h);

        // The file the browser would save: kept as the app hands it to the download.
        await page.goto(url('/backup'));
        await h.see({ button: 'Save all games' });
        await page.exec(`(() => {
          window.__smokeSaved = null;
          const blobs = new Map();
          const make = URL.createObjectURL;
          URL.createObjectURL = (blob) => { const href = make.call(URL, blob); blobs.set(href, blob); return href; };
          const click = HTMLAnchorElement.prototype.click;
          HTMLAnchorElement.prototype.click = function () {
            const blob = this.download && blobs.get(this.href);
            if (!blob) return click.call(this);
            window.__smokeSaved = { name: this.download, text: null };
            blob.text().then((t) => (window.__smokeSaved.text = t));
          };
        })()`);
        await h.tap({ button: 'Save all games' });
        const saved = await h.until(() => page.exec('window.__smokeSaved && window.__smokeSaved.text && window.__smokeSaved'), 'the backup file');
        assert.match(saved.name, /^lantern-.*\.json$/);
        assert.equal(JSON.parse(saved.text).format, 'lantern-backup');
        await h.see({ text: /^Backup saved to your downloads: lantern-.*\.json$/ });

        // The game deleted from the phone.
        await page.goto(url('/'));
        await h.tap({ button: /^Delete/ });
        await h.tap({ button: 'Delete game' });
        await h.see({ text: 'No game in progress. Start one with “New game”.' });

        // The file chosen on the backup screen, as the file picker hands it over.
        await page.goto(url('/backup'));
        await h.see({ css: '#backup-file' });
        await page.exec(`(() => {
          const input = document.querySelector('#backup-file');
          const transfer = new DataTransfer();
          transfer.items.add(new File([${JSON.stringify(saved.text)}], ${JSON.stringify(saved.name)}, { type: 'application/json' }));
          input.files = transfer.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        })()`);
        await h.see({ text: 'Not on this phone yet: it will be added.' });
        await h.tap({ button: 'Import 1 game' });
        await h.see({ text: '1 game imported.' });
        await page.goto(url(`/game/${id}`));
        await h.gameScreen();
        assert.deepEqual(await h.state(), before, 'the same game, on the same turn');
        assert.equal(await boardText(h), board, 'the same board');
        assert.deepEqual(await page.errors(), []);
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Shared steps.

/** Opens a set-up screen and types the players' names, adding rows as needed. */
async function setUpPlayers(h, page, href, names) {
  await page.goto(href);
  await fillNames(h, names);
}

async function fillNames(h, names) {
  await h.see({ label: 'Player 1' });
  for (let i = 0; i < names.length; i++) {
    if (!(await h.exists({ label: `Player ${i + 1}` }))) await h.tap({ button: 'Add player' });
    await h.fill({ label: `Player ${i + 1}` }, names[i]);
  }
  // The form may start with more rows than players: the empty ones are removed, last first.
  for (let guard = 0; await h.exists({ label: `Player ${names.length + 1}` }); guard++) {
    if (guard > 20) throw new Error('the empty player rows did not go');
    let rows = names.length + 1;
    while (await h.exists({ label: `Player ${rows + 1}` })) rows++;
    await h.tap({ button: new RegExp(`Remove Player ${rows}$`) });
    // A tap that lands while the form is drawn again (a notice arriving above it on a busy
    // machine moves the rows) is lost: the row is then still there, and the loop taps it again.
    await h.gone({ label: `Player ${rows}` }, 5_000).catch(() => {});
  }
}

/** Taps "Start game" and waits for the game's screen. */
async function startGame(h) {
  await h.tap({ button: 'Start game' });
  await h
    .until(async () => /^\/game\/[^/]+$/.test((await h.state()).path), '"Start game" to open the game')
    .catch(async (error) => {
      const problems = await h.page.exec(`[...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent.trim()).join(' | ')`);
      throw new Error(`${problems || 'no message'}: ${error.message}`);
    });
  return h.gameScreen();
}

/** One player passes the phone on after looking. */
async function passOn(h) {
  const { seq } = await h.state();
  await h.tap({ button: PASS_ON });
  await h.committed(seq);
  await h.gameScreen();
}

/**
 * Deals to everyone left: each holds to see their role, lets go and passes on. Where the deal
 * ends on a hand-back screen, the moderator holds its button to open their screen.
 */
async function dealRest(h) {
  for (let guard = 0; guard < 30; guard++) {
    const state = await h.state();
    if (state.handBack) {
      await handBack(h);
      continue;
    }
    if (state.stage !== 'dealing') return state;
    await h.press({ button: HOLD });
    try {
      await h.see({ css: '[data-testid="role-card"]' }, 5_000);
    } finally {
      await h.release();
    }
    await h.gone({ css: '[data-testid="role-card"]' }, 5_000);
    await passOn(h);
  }
  throw new Error('the deal did not end');
}

/** The moderator holds the hand-back screen's button until their own screen opens. */
async function handBack(h) {
  await h.press({ css: '[data-screen="hand-back"] [data-hold-open]' });
  try {
    await h.gone({ css: '[data-screen="hand-back"]' }, 5_000);
  } finally {
    await h.release();
  }
}

/**
 * Answers `count` steps of a moderator's script, each the simplest way it takes: the first
 * player who may be picked (as many as asked), "yes" on a yes/no step, the largest count on a
 * tally; another answer where the app explains the first does not fit.
 */
async function answerSteps(h, count) {
  if ((await h.state()).handBack) await handBack(h);
  await h.see({ css: '[data-testid="prompt"]' });
  for (let n = 0; n < count; n++) {
    const before = await h.gameScreen();
    let done = null;
    for (let attempt = 0; attempt < 4 && !done; attempt++) {
      await h.until(() => h.page.exec(`document.querySelector('form[data-ready]')?.getAttribute('data-ready') !== 'false'`), 'the step to be ready');
      const kind = await h.page.exec(`(() => {
        const main = document.querySelector('main');
        const buttons = [...main.querySelectorAll('button')].map((b) => b.textContent.trim());
        if (!buttons.includes('Next')) return 'yesno';
        if (main.querySelector('input[type="radio"]:not([disabled])')) return 'radio';
        if (main.querySelector('input[type="checkbox"]:not([disabled]):not([value=""])')) return 'boxes';
        if (main.querySelector('input[type="number"]:not([disabled])')) return 'number';
        return 'next';
      })()`);
      if (kind === 'yesno') {
        await h.tap({ css: 'main [role="group"]:not(fieldset) button' });
      } else {
        if (kind === 'radio') {
          const player = (await h.exists({ css: 'main input[type="radio"]:not([disabled]):not([value=""])' }))
            ? 'main input[type="radio"]:not([disabled]):not([value=""])'
            : 'main input[type="radio"]:not([disabled])';
          await h.tap({ css: player });
        } else if (kind === 'boxes') {
          const wanted = await h.page.exec(`(() => {
            const fieldset = document.querySelector('main fieldset');
            const ids = (fieldset.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
            const note = ids.map((id) => document.getElementById(id)?.textContent || '').join(' ');
            return Number((note.match(/\\d+/) || [1])[0]);
          })()`);
          for (let i = 0; i < wanted + attempt; i++) {
            const spec = { css: 'main input[type="checkbox"]:not([disabled]):not([value=""])', nth: i };
            if ((await h.exists(spec)) && !(await h.checked(spec))) await h.tap(spec);
          }
        } else if (kind === 'number') {
          const max = await h.page.exec(`document.querySelector('main input[type="number"]:not([disabled])').getAttribute('max') || '1'`);
          await h.fill({ css: 'main input[type="number"]:not([disabled])' }, attempt > 0 ? '1' : max);
        }
        await h.tap({ button: 'Next', within: 'main' });
      }
      done = await h
        .until(async () => {
          const now = await h.state();
          if (now.seq !== before.seq) return now;
          if (await h.exists({ css: 'main [role="alert"]' })) return 'refused';
          return null;
        }, `the step "${before.prompt}" to be answered`)
        .then((r) => (r === 'refused' ? null : r));
    }
    if (!done) throw new Error(`the step "${before.prompt}" refused every answer tried`);
  }
}

/** Reloads the page: the game comes back on exactly the same screen. */
async function reloadResumes(h, page) {
  const before = await h.gameScreen();
  const text = await boardText(h);
  await page.reload();
  const after = await h.gameScreen();
  assert.deepEqual(after, before, 'the same step, the same board, after a reload');
  assert.equal(await boardText(h), text, 'the screen reads the same after a reload');
}

/**
 * The game screen's words, without the notice that answered the last tap (it stays only until
 * the next action, and a reload is one).
 */
function boardText(h) {
  return h.page.exec(`(() => {
    const main = document.querySelector('main').cloneNode(true);
    main.querySelectorAll('[data-notice], [role="status"], [role="alert"], [aria-live]').forEach((e) => e.remove());
    return main.textContent.replace(/\\s+/g, ' ').trim();
  })()`);
}

/** Killer Kloo Doo set up for three, real dice rolled, and two turns ended: two moves stored. */
async function startKkd(h, page, href) {
  const names = SEVEN.slice(0, 3);
  await setUpPlayers(h, page, href, names);
  for (let i = 0; i < names.length; i++) await h.choose({ label: `${names[i]} plays` }, i + 1);
  await h.tick({ label: `We rolled real dice: ${names[0]} starts` });
  await startGame(h);
  for (const name of names.slice(0, 2)) {
    const { seq } = await h.state();
    await h.tap({ button: `End ${name}’s turn` });
    await h.committed(seq);
  }
}

/** Cthulhu Gloom's set-up: two players, their families, the two Stories. */
async function setUpGloom(h, page, href) {
  const names = ['Ania', 'Bartek'];
  await setUpPlayers(h, page, href, names);
  await h.tick({ label: 'Ania' });
  const families = ['Miskatonic University', 'The Whateleys', 'Arkham Sanitarium'];
  for (let i = 0; i < names.length; i++) {
    // One tap on a family from the card list: each name stands once in every player's
    // "Family" group, in seat order, so the i-th of them is player i's.
    await h.tick({ label: new RegExp(`^${families[i]}`), nth: i });
    for (let k = 1; k <= 5; k++) await h.fill({ label: `Character ${k} of ${names[i]}` }, `${names[i][0]}${k}`);
  }
  await h.fill({ label: 'Story card', nth: 0 }, 'The Necronomicon');
  await h.fill({ label: 'Its Pathos points', nth: 0 }, '-10');
  await h.tick({ label: 'Magic', nth: 0 });
  await h.fill({ label: 'Story card', nth: 1 }, 'The King In Yellow');
  await h.fill({ label: 'Its Pathos points', nth: 1 }, '-5');
}
