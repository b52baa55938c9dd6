/**
 * Blood on the Clocktower survives a reload at every step, online and offline, in both
 * languages: a script file picked through the file picker, seven players set up with chosen
 * characters and bluffs, the deal, a first night (a reminder placed, a death marked), dawn, a
 * day with two nominations, their votes (a dead player's ghost vote among them) and an
 * execution, then dusk. The grimoire closed by night stays closed after a reload and at the next
 * dusk, and opened again by night stays open after a reload. After every committed step the page is reloaded and the screen must
 * come back exactly as it was: the phase, the seats (alive or dead, vote tokens, reminders),
 * the night's list, the morning card, the nominations with their votes and the verdict. From
 * the execution on, the network is cut (the service worker serves the app); the last steps are
 * played in Polish. Axe-clean once on each kind of screen.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';
import { openHandBack, peek, screenState, SEVEN, waitForCommit } from './keeper.mjs';

const app = useApp();

/** A script file as the script tool writes it: its `_meta`, then ids, one as an `{id}` object. */
const SCRIPT = JSON.stringify([
  { id: '_meta', name: 'Reload Night', author: 'Lantern tests' },
  'washerwoman',
  'librarian',
  'investigator',
  { id: 'chef' },
  'empath',
  'fortuneteller',
  'monk',
  'soldier',
  'mayor',
  'butler',
  'recluse',
  'poisoner',
  'spy',
  'imp'
]);
/** The bag for seven: 5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon. */
const BAG = ['Washerwoman', 'Librarian', 'Investigator', 'Chef', 'Empath', 'Poisoner', 'Imp'];
const BLUFFS = ['Monk', 'Soldier', 'Mayor'];

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** What the game screen shows that a reload must bring back (not what is only being typed or ticked). */
function snapshot(page) {
  return page.evaluate(() => {
    const main = /** @type {HTMLElement} */ (document.querySelector('main'));
    const text = (/** @type {Element | null | undefined} */ el) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    const all = (/** @type {string} */ selector) => [...main.querySelectorAll(selector)].map(text);
    return {
      seq: main.dataset.seq,
      stage: main.dataset.stage,
      heading: text(main.querySelector('h1')),
      deal: text(main.querySelector('[data-testid="progress"]')),
      // Each seat as a screen reader says it: the name, then alive or dead, the vote token, and
      // with the grimoire open the character and the reminders.
      seats: [...main.querySelectorAll('[data-testid="grimoire-circle"] button')].map((b) => `${text(b.querySelector('.name'))}: ${text(b.querySelector('.visually-hidden'))}`),
      night: all('ol.lines > li'),
      morning: text(main.querySelector('[data-testid="dawn"] .say')),
      nominations: all('section.day ol.noms > li'),
      verdict: text(main.querySelector('[data-testid="about-to-die"]')),
      vote: text(main.querySelector('fieldset.vote legend')),
      hands: all('fieldset.vote ol.hands label')
    };
  });
}

/** Reloads and waits until the game screen is drawn at the same committed step; returns what it shows. */
async function reloadSame(page, before, where) {
  await page.reload();
  await page.waitForFunction(
    (seq) => {
      const main = document.querySelector('main[data-seq]');
      if (main?.getAttribute('data-seq') !== seq) return false;
      return main.getAttribute('data-stage') === 'dealing' ? main.querySelector('[data-testid="progress"]') !== null : main.querySelector('[data-testid="grimoire-circle"], [data-screen="hand-back"]') !== null;
    },
    before.seq,
    { timeout: 15_000, polling: 50 }
  );
  const after = await snapshot(page);
  assert.deepEqual(after, before, `after a reload ${where}, the screen is as it was`);
  return after;
}

/** Taps `button` (a locator), waits for the move to be committed, then reloads: the same screen comes back. */
async function step(page, button, where) {
  const { seq } = await screenState(page);
  await button.click();
  await waitForCommit(page, seq);
  return reloadSame(page, await snapshot(page), where);
}

const seatOf = (page, name) => page.getByTestId('grimoire-circle').getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('Blood on the Clocktower, reloaded at every step', () => {
  test('a script file, set-up, deal, first night, a day with two nominations and an execution; offline from the execution, and in Polish', { timeout: 150_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(`${app.url}/new/botc`);
      // The service worker takes control while the game is set up: the offline part needs it.
      // (Its failure is kept until then, so that it is reported by the test rather than unhandled.)
      const controlled = waitForServiceWorkerControl(page).then(
        () => null,
        (error) => error
      );

      // The script file, through the file picker: its name, author and characters by team.
      await page.getByLabel('Choose a script file', { exact: true }).setInputFiles({ name: 'reload-night.json', mimeType: 'application/json', buffer: Buffer.from(SCRIPT) });
      const script = page.getByRole('radio', { name: 'Reload Night', exact: true });
      await script.waitFor();
      assert.ok(await script.isChecked(), 'the loaded script is the one chosen');
      await page.getByText('by Lantern tests', { exact: true }).first().waitFor();

      for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
      for (const name of BAG) await page.getByRole('checkbox', { name, exact: true }).check();
      for (const [i, name] of BLUFFS.entries()) await page.getByLabel(`Bluff ${i + 1}`, { exact: true }).selectOption({ label: name });
      await assertAxeClean(page, 'the set-up with a script file loaded');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await page.getByTestId('deal').waitFor();
      const notControlled = await controlled;
      if (notControlled) throw notControlled;

      // The deal: each player holds to see, passes on; a reload brings back the next player's turn.
      for (let i = 0; i < SEVEN.length; i++) {
        const shown = await snapshot(page);
        assert.equal(shown.heading, `Pass the phone to ${SEVEN[i]}`);
        if (i === 0) await assertAxeClean(page, 'the deal');
        await peek(page);
        await step(page, page.getByRole('button', { name: 'Done, pass on', exact: true }), `${SEVEN[i]} saw their character`);
      }
      // The last player passed on: the hand-back, still there after the reload, until the Storyteller holds it.
      assert.equal((await snapshot(page)).heading, 'Give the phone to the Storyteller');
      await openHandBack(page);

      // The first night, with its list for this script: dusk, Minion and Demon info, dawn.
      let now = await snapshot(page);
      assert.equal(now.stage, 'play');
      assert.equal(now.heading, 'Night 1');
      assert.match(now.night[0] ?? '', /^Dusk/);
      assert.match(now.night.at(-1) ?? '', /^Dawn/);
      assert.ok(now.night.some((l) => /^Minion info/.test(l ?? '')) && now.night.some((l) => /^Demon info.*Bluffs: Monk, Soldier, Mayor\./.test(l ?? '')), now.night.join('\n'));
      await assertAxeClean(page, 'the grimoire by night');

      // A reminder placed by Ada, kept through a reload.
      await seatOf(page, 'Ada').click();
      const select = page.getByLabel('Place a reminder', { exact: true });
      const label = ((await select.locator('option:not([value=""])').first().textContent()) ?? '').trim().replace(/ \(.*\)$/, '');
      await select.selectOption({ index: 1 });
      now = await step(page, page.getByRole('button', { name: 'Place', exact: true }), 'a reminder was placed');
      assert.match(now.seats[0] ?? '', new RegExp(`^Ada: Alive, .*reminders: ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

      // Cleo dies in the night.
      await seatOf(page, 'Cleo').click();
      now = await step(page, page.getByRole('button', { name: 'Mark dead', exact: true }), 'Cleo was marked dead');
      assert.match(now.seats[2] ?? '', /^Cleo: Dead, has a vote token, /);

      // The Storyteller closes the grimoire by night: a reload keeps it closed (no characters,
      // no night list), and so does the next dusk (below).
      await page.getByRole('button', { name: 'Close the grimoire', exact: true }).click();
      await page.getByRole('button', { name: 'Open the grimoire', exact: true }).waitFor();
      now = await reloadSame(page, await snapshot(page), 'the grimoire was closed by night');
      assert.deepEqual(now.night, [], 'closed by night, no list after a reload');
      assert.equal(now.seats[2], 'Cleo: Dead, has a vote token', 'closed by night, no character after a reload');
      await page.getByRole('button', { name: 'Open the grimoire', exact: true }).waitFor();

      // Dawn: the morning card says who died; the grimoire is closed by day.
      now = await step(page, page.getByRole('button', { name: 'Dawn: end night 1', exact: true }), 'dawn');
      assert.equal(now.heading, 'Day 1');
      assert.equal(now.morning, 'Cleo died last night.');
      assert.deepEqual(now.night, [], 'the night list is not on screen by day');

      const nominate = async (by, of) => {
        await page.getByLabel('Who nominates', { exact: true }).selectOption({ label: by });
        await page.getByLabel('Who is nominated', { exact: true }).selectOption({ label: of });
        return step(page, page.getByRole('button', { name: 'Nominate', exact: true }), `${by} nominated ${of}`);
      };
      const vote = async (names) => {
        const box = page.locator('fieldset.vote');
        for (const n of names) await box.getByRole('checkbox', { name: new RegExp(`^${n}`) }).check();
        return step(page, box.getByRole('button', { name: `Record the vote (${names.length})`, exact: true }), `the vote of ${names.join(', ')}`);
      };

      // The first nomination, its vote open after a reload; Cleo's ghost vote among the hands.
      now = await nominate('Ada', 'Bram');
      assert.deepEqual(now.nominations, ['Ada nominated Bram — vote to come']);
      assert.equal(now.vote, 'The vote on Bram');
      assert.ok(now.hands.includes('Cleo dead, has a vote token'), now.hands.join(' | '));
      await assertAxeClean(page, 'the vote');
      now = await vote(['Cleo', 'Dara', 'Emil', 'Fay']);
      assert.equal(now.verdict, 'About to die: Bram (4 votes).');
      assert.equal(now.seats[2], 'Cleo: Dead, vote token used');

      // The second: two hands, fewer than Bram's four; Cleo's vote is spent.
      now = await nominate('Dara', 'Emil');
      assert.ok(now.hands.includes('Cleo dead, vote token used'), now.hands.join(' | '));
      now = await vote(['Gus', 'Ada']);
      assert.deepEqual(now.nominations, ['Ada nominated Bram — 4 votes', 'Dara nominated Emil — 2 votes']);
      assert.equal(now.verdict, 'About to die: Bram (4 votes).');
      await assertAxeClean(page, 'the grimoire by day');

      // Offline from here: the network is cut, and every reload is served by the service worker.
      await context.setOffline(true);
      now = await step(page, page.getByRole('button', { name: 'Execute Bram', exact: true }), 'the execution, offline');
      assert.equal(now.verdict, 'Bram was executed and died.');
      assert.equal(now.seats[1], 'Bram: Dead, has a vote token');
      assert.equal(now.seats[2], 'Cleo: Dead, vote token used');

      // In Polish, still offline: the same day, then dusk and the second night's list.
      const gameUrl = page.url();
      await page.goto(`${app.url}/settings`);
      await page.getByRole('radio', { name: 'Polski', exact: true }).check();
      await page.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
      await page.goto(gameUrl);
      await page.getByRole('heading', { name: 'Nominacje', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
      now = await snapshot(page);
      assert.equal(now.heading, 'Dzień 1');
      assert.deepEqual(now.nominations.map((n) => n?.replace(/ — .*$/, '')), ['Ada nominuje: Bram', 'Dara nominuje: Emil']);
      assert.equal(now.verdict, 'Egzekucja: Bram ginie.');
      assert.equal(now.seats[1], 'Bram: Nie żyje, ma żeton głosu');
      now = await step(page, page.getByRole('button', { name: 'Zmierzch: początek nocy 2', exact: true }), 'dusk, in Polish and offline');
      assert.equal(now.heading, 'Noc 2');
      // Closed by night 1, the grimoire is still closed at this dusk until the Storyteller opens it.
      assert.deepEqual(now.night, [], 'still closed at the next dusk');
      await page.getByRole('button', { name: 'Otwórz grimuar', exact: true }).click();
      now = await reloadSame(page, await snapshot(page), 'the grimoire was opened again by night');
      await page.getByRole('heading', { name: 'Noc 2: kolejność', exact: true }).waitFor();
      assert.match(now.night[0] ?? '', /^Zmierzch/);
      assert.match(now.night.at(-1) ?? '', /^Świt/);
      assert.match(now.seats[1] ?? '', /^Bram: Nie żyje, ma żeton głosu, /);
      await assertAxeClean(page, 'the grimoire by night, in Polish');
    } finally {
      await context.close();
    }
  });
});
