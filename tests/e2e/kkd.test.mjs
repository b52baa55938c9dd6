/**
 * Killer Kloo Doo on the table, in the built app on a phone (412 × 823, touch): three players set
 * up, a contest against a non-player character, an accusation and the Part 1 scores, Part 2 with
 * its objectives passed round by hold-to-see and Lantern's dice, a weapon taken and an attack
 * with the table's own die, a Location objective searched and finished (shown done on the
 * scoreboard), and Survival Points put right through the correction dialog. The page is reloaded
 * after every move and the table comes back the same; axe-clean once on each kind of screen (the
 * set-up, the table, a form, the pass-and-peek, the table with dice, the correction dialog). Then
 * a contest in Polish with the network cut after one visit (and the correction dialog in Polish
 * words). Last, by touch: what the rules allow that the forms once could not record (a defender
 * with no card, a servant's trick in Part 1), the rules' reminders where they apply (cards back
 * into the pack, the weapons in the Lounge), why a list of who may act is empty, and the last
 * dice cleared by the next move.
 *
 * The game's seed is pinned (the app's one request for a random 32-bit number is answered with
 * SEED), so Ania's secret objectives are known: the Revolver (named "Pistol" at set-up), the
 * Lounge and the Hall.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';
import { openHandBack, waitForTaps } from './keeper.mjs';

const app = useApp();
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NAMES = ['Ania', 'Bartek', 'Celina'];
const CHARACTERS = ['Miss Scarlett', 'Colonel Mustard', 'Mrs White'];
const SEED = 16;

/** Answers the app's request for a new game's seed with `seed`. */
async function pinSeed(context, seed) {
  await context.addInitScript((value) => {
    const random = crypto.getRandomValues.bind(crypto);
    crypto.getRandomValues = (array) => {
      if (array instanceof Uint32Array && array.length === 1) {
        array[0] = value;
        return array;
      }
      return random(array);
    };
  }, seed);
}

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

async function waitForTable(page) {
  await page.waitForFunction(() => document.querySelector('main[data-seq][data-stage] h1') !== null, undefined, { timeout: 15_000, polling: 50 });
}

/** What the table shows: the heading, every character's row, the dice. */
async function tableState(page) {
  return page.evaluate(() => ({
    seq: Number(document.querySelector('main')?.getAttribute('data-seq')),
    heading: document.querySelector('main h1')?.textContent?.replace(/\s+/g, ' ').trim(),
    rows: [...document.querySelectorAll('[data-character]')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim()),
    roll: document.querySelector('[data-roll]')?.textContent?.replace(/\s+/g, ' ').trim() ?? null
  }));
}

/** Waits for a move to be stored, then reloads and checks the table came back the same. */
async function storedAndReloaded(page, before) {
  await page.waitForFunction((s) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > s, before, { timeout: 15_000, polling: 20 });
  const shown = await tableState(page);
  await page.reload();
  await waitForTable(page);
  assert.deepEqual(await tableState(page), shown, 'the reload brings back the same table');
  return shown;
}

/** Opens a move's form from the table's buttons. */
async function open(page, name) {
  await page.getByRole('navigation', { name: 'Moves' }).getByRole('button', { name, exact: true }).click();
  return page.locator('form.move-form');
}

/** Records the open form and waits for it to be stored and survive a reload. */
async function record(page, button = 'Record') {
  const before = await seqOf(page);
  await page.locator('form.move-form').getByRole('button', { name: button, exact: true }).click();
  return storedAndReloaded(page, before);
}

/** Adds playing cards by rank to a list of cards (a suit). */
async function addCards(form, legend, ranks) {
  const group = form.getByRole('group', { name: legend, exact: true });
  for (const r of ranks) await group.getByRole('button', { name: new RegExp(`^Add: \\w+ \\(${r}\\)$`) }).click();
}

/** A finger held on the hold-to-see button: the objectives show only while it is down. */
async function holdToSee(page) {
  const button = page.getByRole('button', { name: 'Hold to see your objectives' });
  await button.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="deal"] button.hold')?.hasAttribute('disabled'), undefined, { timeout: 5_000 });
  const box = await button.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const card = page.getByTestId('card-view');
  await card.waitFor({ timeout: 3_000 });
  const text = (await card.textContent()).replace(/\s+/g, ' ');
  await page.mouse.up();
  await card.waitFor({ state: 'detached' });
  return text;
}

describe('Killer Kloo Doo', () => {
  test('three players: a contest, an accusation, Part 2 with objectives, an attack, a room searched and a correction, a reload after every move', { timeout: 300_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE);
    try {
      await pinSeed(context, SEED);
      await page.goto(`${app.url}/new/kkd`);
      await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
      for (let i = 0; i < 3; i++) {
        await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
        await page.getByLabel(`${NAMES[i]} plays`, { exact: true }).selectOption({ label: CHARACTERS[i] });
      }
      await page.getByText('With 3 players: three clue cards go in the envelope, 5 to each player, 3 face down in the middle.').waitFor();
      await page.getByRole('radio', { name: 'We rolled real dice: Ania starts', exact: true }).check();
      // The table's Revolver card says "Pistol": named so at set-up, and so everywhere after.
      await page.getByText('Your cards print other names?', { exact: true }).click();
      await page.getByLabel('Your name for: Revolver', { exact: true }).fill('Pistol');
      await assertAxeClean(page, 'the set-up');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      assert.equal((await tableState(page)).heading, 'Turn 1: Ania (Miss Scarlett)');
      await page.getByText('Three clue cards in the envelope, 5 to each player, 3 face down in the middle.', { exact: false }).waitFor();
      await assertAxeClean(page, 'the table');

      // Persuasion against a non-player character: the top card of the pack answers Ania's Heart.
      let form = await open(page, 'Contest');
      await form.getByLabel('Against', { exact: true }).selectOption({ label: 'Professor Plum' });
      await form.getByRole('group', { name: 'Ania’s Heart' }).getByText('9', { exact: true }).click();
      await form.getByRole('group', { name: 'The top card of the pack for Professor Plum (any suit)' }).getByText('4', { exact: true }).click();
      await form.getByText('9 against 4: Ania wins.').waitFor();
      await assertAxeClean(page, 'a form');
      await record(page);

      let before = await seqOf(page);
      await page.getByRole('button', { name: 'End Ania’s turn', exact: true }).click();
      let s = await storedAndReloaded(page, before);
      assert.equal(s.heading, 'Turn 2: Bartek (Colonel Mustard)');

      // Bartek accuses, rightly: Part 1 ends, and each player's Hearts and Diamonds are entered.
      form = await open(page, 'Accusation');
      await form.getByRole('radio', { name: 'Right: +60' }).check();
      s = await record(page);
      assert.equal(s.heading, 'Part 1 scores');
      const cards = [
        ['Ania', ['10', '5'], ['13']],
        ['Bartek', ['2'], []],
        ['Celina', ['20'], ['12', '3']]
      ];
      for (const [name, hearts, diamonds] of cards) {
        form = await open(page, 'Enter cards');
        await form.getByLabel('Player', { exact: true }).selectOption({ label: `${name} (${CHARACTERS[NAMES.indexOf(name)]})` });
        await addCards(form, `${name}’s Hearts`, hearts);
        await addCards(form, `${name}’s Diamonds`, diamonds);
        await record(page);
      }
      s = await tableState(page);
      assert.deepEqual(
        s.rows.map((r) => r.match(/\d+/)?.[0]),
        ['28', '62', '35'],
        s.rows.join(' | ')
      );
      await page.getByText('Bartek leads with 62. Stop here, or play Part 2.').waitFor();

      // Part 2: Lantern deals the objectives and rolls the dice; Ania starts.
      form = await open(page, 'Start Part 2');
      await form.getByRole('group', { name: 'Who starts Part 2' }).getByRole('radio', { name: 'Ania (Miss Scarlett)' }).check();
      before = await seqOf(page);
      await form.getByRole('button', { name: 'Start Part 2', exact: true }).click();
      await page.waitForFunction((b) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > b, before);
      const seen = [];
      for (const name of NAMES) {
        await page.getByRole('heading', { name: `Pass the phone to ${name}` }).waitFor();
        if (name === 'Ania') {
          // Nothing of the objectives is in the page until the finger is down.
          assert.equal(await page.getByTestId('card-view').count(), 0);
          await assertAxeClean(page, 'the pass-and-peek');
        }
        if (name === 'Bartek') {
          // Undo is not within a player's reach: only behind the menu at the top, and it asks first.
          assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).count(), 0, 'no Undo on the pass-and-peek');
          const at = await seqOf(page);
          await waitForTaps(page);
          await page.getByRole('navigation', { name: 'Game' }).getByRole('button', { name: 'Menu', exact: true }).click();
          await page.getByRole('button', { name: 'Undo', exact: true }).click();
          const ask = page.getByRole('dialog', { name: 'Undo while the phone goes round?' });
          await ask.waitFor();
          await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
          await ask.waitFor({ state: 'hidden' });
          assert.equal(await seqOf(page), at, 'nothing undone until confirmed');
        }
        const text = await holdToSee(page);
        assert.match(text, new RegExp(`${name}, these are your objectives`));
        seen.push(text);
        before = await seqOf(page);
        await page.getByRole('button', { name: 'Done, pass on', exact: true }).click();
        await page.waitForFunction((b) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > b, before);
      }
      assert.equal(new Set(seen.map((t) => t.replace(/^.*objectives/, ''))).size, 3, 'three different hands');
      assert.match(seen[0], /Pistol · Lounge · Hall/, seen[0]);
      // The last player has looked: the phone goes back on the table, nothing of anyone's
      // objectives in the page, until someone holds to show the scoreboard.
      await page.locator('[data-screen="hand-back"]').waitFor();
      assert.equal((await tableState(page)).heading, 'Put the phone back on the table');
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      assert.ok(!/these are your objectives|Pistol · Lounge/.test(html), 'no objective in the hand-back');
      await assertAxeClean(page, 'the hand-back');
      await openHandBack(page);
      await waitForTable(page);
      s = await tableState(page);
      assert.equal(s.heading, 'Turn 3: Ania (Miss Scarlett)');
      // Each Survival Points figure is the Part 1 score plus the two dice shown.
      assert.match(s.roll, /Ania.*\+ 28 = (\d+)/);
      const sp = (name) => Number(s.roll.match(new RegExp(`${name}.*?\\+ \\d+ = (\\d+)`))[1]);
      const bartek = sp('Bartek');
      assert.ok(bartek >= 64 && bartek <= 74, s.roll);

      // Ania takes the Pistol (the Revolver, × 6) and attacks Bartek with a die the table rolled: 4 × 6 = 24.
      form = await open(page, 'Take a weapon');
      await form.getByLabel('Weapon', { exact: true }).selectOption({ label: 'Pistol' });
      await record(page);
      form = await open(page, 'Attack');
      await form.getByLabel('Victim', { exact: true }).selectOption({ label: 'Bartek (Colonel Mustard)' });
      await form.getByRole('radio', { name: 'We rolled real dice' }).check();
      await form.getByLabel('Ania’s die', { exact: true }).fill('4');
      s = await record(page);
      assert.match(s.roll, /× 6 = 24/);
      assert.match(s.roll, /Bartek loses 24\./);
      assert.ok(s.rows[1].includes(String(bartek - 24)), s.rows[1]);
      assert.match(s.rows[0], /Carries the Pistol \(× 6\)/);
      await page.getByRole('img', { name: 'A die showing 4' }).waitFor();
      await assertAxeClean(page, 'the table with dice');

      // Ania's Location objective: a servant (a Queen) in the Lounge, then the table's dice, 4 + 5.
      form = await open(page, 'Objective');
      await form.getByRole('radio', { name: 'A servant plays in the room to search' }).check();
      await form.getByLabel('Room', { exact: true }).selectOption({ label: 'Lounge' });
      await form.getByRole('group', { name: 'The servant (a Court card)' }).getByText('Q', { exact: true }).click();
      s = await record(page);
      assert.match(s.rows[0], /Searching the Lounge/);
      assert.match(s.rows[0], /0 of 3 objectives done/);
      form = await open(page, 'Objective');
      await form.getByRole('radio', { name: 'The search roll' }).check();
      await form.getByRole('radio', { name: 'We rolled real dice' }).check();
      await form.getByLabel('Die 1', { exact: true }).fill('4');
      await form.getByLabel('Die 2', { exact: true }).fill('5');
      s = await record(page);
      // Done, shown on the scoreboard, and still there after the reload `record` made.
      assert.match(s.rows[0], /1 of 3 objectives done: Lounge/, s.rows[0]);
      assert.doesNotMatch(s.rows[0], /Searching/);

      // Bartek's Survival Points were miscounted: put right through the correction dialog.
      const wrong = bartek - 24;
      await page.getByRole('button', { name: 'Correct a mistake', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Correct a number or mark', exact: true }).click();
      await dialog.getByRole('radio', { name: 'Bartek (Colonel Mustard)', exact: true }).check();
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await dialog.getByRole('radio', { name: `Survival Points (now: ${wrong})`, exact: true }).check();
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      const field = dialog.getByLabel('Survival Points (-999 to 999)', { exact: true });
      // The game's own check answers before anything is sent: the same number is no correction.
      await dialog.getByText('That is already so: nothing to correct.').waitFor();
      await field.fill(String(wrong + 5));
      await assertAxeClean(page, 'the correction dialog');
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await dialog.getByText(`Bartek (Colonel Mustard) – Survival Points: set to ${wrong + 5}?`).waitFor();
      before = await seqOf(page);
      await dialog.getByRole('button', { name: 'Yes, do it', exact: true }).click();
      s = await storedAndReloaded(page, before);
      assert.ok(s.rows[1].includes(String(wrong + 5)), s.rows[1]);

      // The log says what happened, in words.
      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.getByText('Ania persuades Professor Plum: 9 against the top card of the pack, 4.', { exact: true }).waitFor();
      await page.getByText('Bartek makes an accusation and is right: +60. Part 1 is over.', { exact: true }).waitFor();
      await page.getByText('Ania attacks Bartek with the Pistol: 24.', { exact: true }).waitFor();
      await page.getByText(`Correction: Bartek’s Survival Points were ${wrong}, now ${wrong + 5}.`, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('in Polish, with the network cut after one visit', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { ...PHONE, locale: 'pl-PL' });
    try {
      await page.goto(`${app.url}/`);
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await page.goto(`${app.url}/new/kkd`);
      await page.getByRole('textbox', { name: 'Gracz 1', exact: true }).waitFor();
      for (let i = 0; i < 3; i++) {
        await page.getByRole('textbox', { name: `Gracz ${i + 1}`, exact: true }).fill(NAMES[i]);
        await page.getByLabel(`${NAMES[i]} gra postacią`, { exact: true }).selectOption({ index: i + 1 });
      }
      await page.getByText('Przy 3 graczach: trzy karty Cluedo do koperty, po 5 dla każdego gracza, 3 zakrytych na środek.').waitFor();
      await page.getByRole('radio', { name: 'Rzuciliśmy prawdziwą kością: zaczyna Ania', exact: true }).check();
      await page.getByRole('button', { name: 'Rozpocznij grę', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      assert.equal((await tableState(page)).heading, 'Tura 1: Ania (Panna Scarlett)');
      const form = await page.getByRole('navigation', { name: 'Ruchy' }).getByRole('button', { name: 'Starcie', exact: true }).click().then(() => page.locator('form.move-form'));
      await form.getByLabel('Przeciw komu', { exact: true }).selectOption({ label: 'Profesor Plum' });
      await form.getByRole('group', { name: 'Kier: Ania' }).getByText('D', { exact: true }).click();
      await form.getByRole('group', { name: 'Wierzchnia karta talii za postać Profesor Plum (dowolny kolor)' }).getByText('D', { exact: true }).click();
      await form.getByText('13 do 13: remis, Profesor Plum się broni.').waitFor();
      await record(page, 'Zapisz');
      await page.getByRole('button', { name: 'Popraw pomyłkę', exact: true }).click();
      await page.getByRole('dialog', { name: 'Popraw stan gry' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Anuluj', exact: true }).click();
      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.getByText('Perswazja: Ania kontra Profesor Plum, remis po 13 z wierzchnią kartą talii. Nic się nie dzieje.', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** Records the open form by a tap and returns what the table says happened, in its notice. */
async function said(page, button = 'Record') {
  const before = await seqOf(page);
  await page.locator('form.move-form').getByRole('button', { name: button, exact: true }).tap();
  await page.waitForFunction((b) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > b, before, { timeout: 15_000, polling: 20 });
  // What the move did is said in the shell's one notice region, above the bottom bar; the new
  // position takes taps again once it says it is ready.
  const text = (await page.locator('[data-notice] p').textContent()).replace(/\s+/g, ' ').trim();
  await waitForTaps(page);
  return text;
}

/** A form's reminders, as shown. */
const reminders = (form) => form.locator('[data-reminder]').allInnerTexts();

describe('Killer Kloo Doo: what the rules allow and remind', () => {
  test('by touch: a defender with no card, a servant’s trick, the cards back into the pack, the weapons in the Lounge, no dice left behind', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE);
    try {
      await page.goto(`${app.url}/new/kkd`);
      await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
      for (let i = 0; i < 3; i++) {
        await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
        await page.getByLabel(`${NAMES[i]} plays`, { exact: true }).selectOption({ label: CHARACTERS[i] });
      }
      await page.getByRole('radio', { name: 'We rolled real dice: Ania starts', exact: true }).check();
      await page.getByRole('button', { name: 'Start game', exact: true }).tap();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      const tap = async (name) => {
        // After a move the new position takes no tap for its first moments (main[data-ready]).
        await waitForTaps(page);
        await page.getByRole('navigation', { name: 'Moves' }).getByRole('button', { name, exact: true }).tap();
        return page.locator('form.move-form');
      };

      // Bartek has no Heart to play: Ania's persuasion succeeds without a contest of cards.
      let form = await tap('Contest');
      await form.getByLabel('Against', { exact: true }).selectOption({ label: 'Bartek (Colonel Mustard)' });
      await form.getByRole('group', { name: 'Ania’s Heart' }).getByText('9', { exact: true }).tap();
      await form.getByText('Bartek has no Heart to play', { exact: true }).tap();
      assert.equal(await form.getByRole('group', { name: 'Bartek’s Heart' }).count(), 0, 'no card asked of Bartek');
      await form.getByText('9 with no card against it: Ania wins.', { exact: true }).waitFor();
      await assertAxeClean(page, 'a contest with no card to answer');
      assert.match(await said(page), /Bartek has no Heart to play: Ania persuades them \(9\)\./);

      // A servant's trick: Professor Plum brought to Ania's room, then the Rope fetched; no defence.
      form = await tap('Servant’s trick');
      await form.getByText(/The affected player cannot defend against a trick\./).waitFor();
      await form.getByRole('group', { name: 'The Court card', exact: true }).getByText('K', { exact: true }).tap();
      await form.getByLabel('On whom or what', { exact: true }).selectOption({ label: 'Professor Plum' });
      await assertAxeClean(page, 'the trick form');
      assert.match(await said(page), /Ania sends a servant \(K\): Professor Plum comes to Ania’s room\./);
      form = await tap('Servant’s trick');
      await form.getByRole('group', { name: 'The Court card', exact: true }).getByText('J', { exact: true }).tap();
      await form.getByLabel('On whom or what', { exact: true }).selectOption({ label: 'Rope' });
      assert.match(await said(page), /Ania sends a servant \(J\) to fetch the Rope to Ania’s room\./);

      // Part 1 ends; the cards are entered.
      form = await tap('Accusation');
      await form.getByText('Right: +60', { exact: true }).tap();
      await said(page);
      for (const name of NAMES) {
        form = await tap('Enter cards');
        await form.getByLabel('Player', { exact: true }).selectOption({ label: `${name} (${CHARACTERS[NAMES.indexOf(name)]})` });
        await addCards(form, `${name}’s Hearts`, ['10']);
        await said(page);
      }

      // Part 2: where the weapons are, said on the form and in what the start says.
      form = await tap('Start Part 2');
      assert.deepEqual(await reminders(form), ['Reminder: All the murder weapons start Part 2 in a cupboard in the Lounge, and every character begins in the Study.']);
      await form.getByText('We draw them from the clue cards', { exact: true }).tap();
      await form.getByRole('group', { name: 'Who starts Part 2' }).getByText('Ania (Miss Scarlett)', { exact: true }).tap();
      assert.match(await said(page, 'Start Part 2'), /all the murder weapons wait in the cupboard in the Lounge\./);
      assert.notEqual((await tableState(page)).roll, null, 'the Survival Points dice on the table');
      form = await tap('Take a weapon');
      assert.equal((await reminders(form)).length, 1, 'the Lounge said where a weapon is taken, while none is');
      await form.getByRole('button', { name: 'Cancel', exact: true }).tap();

      // Nobody carries a weapon yet: the Attacker list is empty, and the form says why.
      form = await tap('Attack');
      await form.getByText(/^Nobody can attack with a murder weapon yet: no living player carries one\./).waitFor();
      await form.getByRole('button', { name: 'Cancel', exact: true }).tap();
      form = await tap('Leave a weapon');
      await form.getByText('Nobody is carrying a murder weapon to leave.', { exact: true }).waitFor();
      await form.getByRole('button', { name: 'Cancel', exact: true }).tap();

      // A Heart cashed in goes back into the pack; the Part 2 dice leave the table with the move.
      form = await tap('Heart');
      assert.deepEqual(await reminders(form), ['Reminder: Once cashed in, the Heart goes back into the pack: shuffle it in.']);
      await form.getByRole('group', { name: 'The Heart', exact: true }).getByText('5', { exact: true }).tap();
      assert.match(await said(page), /The Heart goes back into the pack: shuffle it in\./);
      assert.equal((await tableState(page)).roll, null, 'the last dice cleared by the next move');
      await page.reload();
      await waitForTable(page);
      assert.equal((await tableState(page)).roll, null, 'and still cleared after a reload');

      // A servant's cards go back into the pack, whatever the result.
      form = await tap('Servant');
      await form.getByText('Steal a murder weapon (two Diamonds)', { exact: true }).tap();
      await form.getByText('Nobody else carries a murder weapon: there is nothing to steal yet.', { exact: true }).waitFor();
      await form.getByText('Lure & Misdirect: send someone to another room', { exact: true }).tap();
      assert.equal((await reminders(form))[0], 'Reminder: Whatever the result, the Court card, the Diamonds and any Spade played go back into the pack: shuffle them in.');
      await form.getByLabel('Target', { exact: true }).selectOption({ label: 'Bartek (Colonel Mustard)' });
      await form.getByRole('group', { name: 'The servant (a Court card)', exact: true }).getByText('Q', { exact: true }).tap();
      await form.getByRole('group', { name: 'The Diamond paid', exact: true }).getByRole('button', { name: /\(7\)$/ }).tap();
      await form.getByLabel('Sent to (not the room you are in)', { exact: true }).selectOption({ label: 'Kitchen' });
      assert.match(await said(page), /The 2 cards played go back into the pack: shuffle them in\./);

      // A search abandoned: the servant goes, its Court card back into the pack.
      form = await tap('Objective');
      await form.getByText('A servant plays in the room to search', { exact: true }).tap();
      await form.getByLabel('Room', { exact: true }).selectOption({ label: 'Lounge' });
      await form.getByRole('group', { name: 'The servant (a Court card)' }).getByText('Q', { exact: true }).tap();
      assert.deepEqual(await reminders(form), ['Reminder: If the searcher leaves the room before it is clean, the servant goes: the Court card goes back into the pack, and carrying on needs another.']);
      await assertAxeClean(page, 'a form with a reminder');
      await said(page);
      form = await tap('Objective');
      await form.getByText('Left the room being searched', { exact: true }).tap();
      assert.match(await said(page), /the servant goes, and the search needs another Court card\. The Court card goes back into the pack: shuffle it in\./);

      // The correction dialog speaks this game's words: the table, not a Keeper.
      await waitForTaps(page);
      await page.getByRole('button', { name: 'Correct a mistake', exact: true }).tap();
      await page.getByRole('dialog', { name: 'Correct the table' }).waitFor();
      assert.equal(await page.getByRole('dialog').getByText(/Keeper/).count(), 0);
      await assertAxeClean(page, 'the correction dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).tap();

      // The log keeps what was said.
      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.getByText('Bartek has no Heart to play: Ania persuades them (9).', { exact: true }).waitFor();
      await page.getByText('The 2 cards played go back into the pack: shuffle them in.', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
