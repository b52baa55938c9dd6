/**
 * Cthulhu Gloom's set-up by touch from the card list (a tap per family, the Character set aside
 * with four players, Stories tapped in and their points remembered for the next set-up and shown
 * in the card list). Then Cthulhu Gloom on the table, in the built app at a phone's size: a 3-player game set up, a
 * dozen plays recorded (Modifiers from the searchable card list, a death, a death the players
 * overrule Lantern on, a Story claim, passes, quick adjustments), the page reloaded after every
 * move and the table unchanged, played to the end and the final table shown; axe-clean on every
 * screen. Then the same in Polish with the network cut after one visit.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';

const app = useApp();

const EN = {
  player: (n) => `Player ${n}`,
  family: 'Family',
  character: (k, name) => `Character ${k} of ${name}`,
  storyName: 'Story card',
  storyPoints: 'Its Pathos points',
  start: 'Start game',
  record: 'Record a card',
  cardName: 'Card name',
  target: 'Played on',
  space: (n) => `Pathos space ${n}`,
  icon: 'Story-icon space',
  free: 'A free play (does not count as one of the turn’s two plays)',
  save: 'Record',
  pass: 'Pass a play',
  endTurn: /^End turn: /,
  overrule: 'Record it anyway',
  types: { modifier: 'Modifier', death: 'Untimely Death' },
  families: ['Miskatonic University', 'The Whateleys', 'Arkham Sanitarium'],
  magic: 'Magic',
  madness: 'Madness'
};

const PL = {
  ...EN,
  player: (n) => `Gracz ${n}`,
  family: 'Rodzina',
  character: (k, name) => `Postać ${k} gracza ${name}`,
  storyName: 'Karta Opowieści',
  storyPoints: 'Jej punkty Patosu',
  start: 'Rozpocznij grę',
  record: 'Zapisz kartę',
  cardName: 'Nazwa karty',
  target: 'Zagrana na',
  space: (n) => `Pole Patosu ${n}`,
  icon: 'Pole ikony opowieści',
  save: 'Zapisz',
  types: { modifier: 'Modyfikator', death: 'Przedwczesna śmierć' },
  families: ['Uniwersytet Miskatonic', 'Whateleyowie', 'Sanatorium w Arkham'],
  magic: 'Magia',
  madness: 'Obłęd'
};

const NAMES = ['Ania', 'Bartek', 'Celina'];
const CHARACTERS = [
  ['Herbert West', 'Professor Armitage', 'Walter Gilman', 'Edward Derby', 'Asenath Waite'],
  ['Wilbur Whately', 'Lavinia Whateley', 'Old Whately', 'Rutherford Whately', 'Junior'],
  ['Doctor Willett', 'Henry Akeley', 'Randolph Carter', 'Tigger-Man', 'Anna Tilton']
];

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

async function waitForTable(page) {
  await page.waitForFunction(() => document.querySelector('main[data-seq][data-stage] h1') !== null, undefined, { timeout: 15_000, polling: 50 });
}

/** What the table shows: every character's Self-Worth and state, each family's value, the turn. */
async function tableState(page) {
  return page.evaluate(() => ({
    seq: Number(document.querySelector('main')?.getAttribute('data-seq')),
    stage: document.querySelector('main')?.getAttribute('data-stage'),
    heading: document.querySelector('main h1')?.textContent?.trim(),
    rows: [...document.querySelectorAll('[data-character]')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim()),
    values: [...document.querySelectorAll('.if-now, .standings tbody tr')].map((e) => e.textContent?.replace(/\s+/g, ' ').trim())
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

async function setUp(page, w) {
  await page.goto(`${app.url}/new/gloom`);
  await page.getByRole('textbox', { name: w.player(1), exact: true }).waitFor();
  for (let i = 0; i < NAMES.length; i++) await page.getByRole('textbox', { name: w.player(i + 1), exact: true }).fill(NAMES[i]);
  // Ania goes first.
  await page.getByRole('radio', { name: 'Ania', exact: true }).check();
  for (let i = 0; i < NAMES.length; i++) {
    const box = page.getByRole('group', { name: NAMES[i], exact: true });
    await box.getByRole('group', { name: w.family, exact: true }).getByRole('radio', { name: new RegExp(`^${w.families[i]}`) }).check();
    // The family's five from the card list, typed over where the table has other cards.
    for (let k = 0; k < 5; k++) await page.getByLabel(w.character(k + 1, NAMES[i]), { exact: true }).fill(CHARACTERS[i][k]);
  }
  const names = page.getByLabel(w.storyName, { exact: true });
  const points = page.getByLabel(w.storyPoints, { exact: true });
  await names.nth(0).fill('The Necronomicon');
  await points.nth(0).fill('-10');
  await page.getByRole('group', { name: /1$/ }).last().getByLabel(w.magic, { exact: true }).check();
  await page.getByRole('group', { name: /1$/ }).last().getByLabel(w.madness, { exact: true }).check();
  await names.nth(1).fill('The King In Yellow');
  await points.nth(1).fill('-5');
  return page;
}

async function record(page, w, { kind, search, card, target, pathos = [], icon, free = false }) {
  const before = await seqOf(page);
  await page.getByRole('button', { name: w.record, exact: true }).click();
  await page.getByRole('radio', { name: w.types[kind], exact: true }).check();
  await page.getByLabel(w.cardName, { exact: true }).fill(search);
  await page.getByRole('button', { name: card, exact: true }).click();
  await page.getByLabel(w.target, { exact: true }).selectOption({ label: target });
  for (let i = 0; i < 3; i++) await page.getByLabel(w.space(i + 1), { exact: true }).fill(pathos[i] == null ? '' : String(pathos[i]));
  if (icon) await page.getByLabel(w.icon, { exact: true }).selectOption({ label: icon });
  if (free) await page.getByLabel(w.free, { exact: true }).check();
  await page.getByRole('button', { name: w.save, exact: true }).click();
  return before;
}

async function press(page, name) {
  const before = await seqOf(page);
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  return before;
}

/** The name fields of a player's family, as filled in. */
const familyFields = (page, name) =>
  page.getByRole('group', { name, exact: true }).locator('input[type="text"]').evaluateAll((inputs) => inputs.map((i) => /** @type {HTMLInputElement} */ (i).value));

describe('Cthulhu Gloom', () => {
  test('set up by touch from the card list: a tap per family, one set aside with four players, Stories remembered', { timeout: 180_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await page.goto(`${app.url}/new/gloom`);
      const players = ['Ania', 'Bartek', 'Celina', 'Darek'];
      for (let i = 0; i < players.length; i++) {
        const field = page.getByRole('textbox', { name: EN.player(i + 1), exact: true });
        if ((await field.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).tap();
        await field.fill(players[i]);
      }
      const family = (player, name) => page.getByRole('group', { name: player, exact: true }).getByRole('group', { name: 'Family', exact: true }).getByText(name, { exact: true });

      // One tap each: the family's Characters as the card list runs them, four of the five.
      await family('Ania', 'Miskatonic University').tap();
      assert.deepEqual(await familyFields(page, 'Ania'), ['Asenath Waite', 'Edward Derby', 'Herbert West', 'Walter Gilman']);
      await family('Bartek', 'The Whateleys').tap();
      await family('Celina', 'Village of Innsmouth').tap();
      await family('Darek', 'Arkham Sanitarium').tap();
      assert.deepEqual(await familyFields(page, 'Darek'), ['Doctor Willett', 'Casilda & Camila', 'Henry Akeley', 'Randolph Carter']);
      // Another player's family says whose it is.
      await page.getByRole('group', { name: 'Ania', exact: true }).getByText('Bartek’s', { exact: true }).waitFor();

      // The one set aside: a tap on another brings the fifth back.
      const aside = (player) => page.getByRole('group', { name: `Which Character does ${player} set aside?`, exact: true });
      assert.equal(await aside('Ania').getByRole('radio', { name: 'Professor Armitage', exact: true }).isChecked(), true);
      await aside('Ania').getByText('Edward Derby', { exact: true }).tap();
      assert.deepEqual(await familyFields(page, 'Ania'), ['Asenath Waite', 'Herbert West', 'Walter Gilman', 'Professor Armitage']);
      // Still text fields in the app's style, and editable: a card not on the list typed in.
      const typed = page.getByLabel('Character 4 of Celina', { exact: true });
      assert.equal(await typed.getAttribute('type'), 'text');
      assert.equal(await typed.inputValue(), 'Pth’thya-I’yi'.replace(/’/g, "'"));
      await typed.fill('Obed Marsh');

      // Stories: a tap puts each in the next place; the points are asked for once.
      const stories = page.getByRole('group', { name: 'Tap two from the card list', exact: true });
      await stories.getByText('The Necronomicon', { exact: true }).tap();
      const names = page.getByLabel('Story card', { exact: true });
      const points = page.getByLabel('Its Pathos points', { exact: true });
      assert.equal(await names.nth(0).inputValue(), 'The Necronomicon');
      assert.equal(await points.nth(0).inputValue(), '');
      await page.getByText('Enter its points once: this phone will remember them.', { exact: true }).first().waitFor();
      await points.nth(0).fill('-10');
      await stories.getByText('Yog Sothoth', { exact: true }).tap();
      assert.equal(await names.nth(1).inputValue(), 'Yog Sothoth');
      await points.nth(1).fill('3');
      await stories.getByText('The King In Yellow', { exact: true }).tap();
      await page.getByText('Two Stories are already chosen: tap one of them to put it back first.', { exact: true }).waitFor();
      assert.equal(await names.nth(1).inputValue(), 'Yog Sothoth');
      await assertAxeClean(page, 'the set-up picked from the card list');

      await page.getByRole('button', { name: EN.start, exact: true }).tap();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      const rows = (await tableState(page)).rows.join(' | ');
      for (const name of ['Professor Armitage', 'Rutherford Whately', 'Obed Marsh', 'Randolph Carter']) assert.ok(rows.includes(name), `${name} on the table: ${rows}`);
      for (const name of ['Edward Derby', 'Wilbur Whately', 'Tigger-Man']) assert.ok(!rows.includes(name), `${name} set aside: ${rows}`);
      // The card list at the table says what the Stories are worth, as remembered.
      await page.getByRole('button', { name: 'Cards', exact: true }).tap();
      await page.getByLabel('Find a card', { exact: true }).fill('necro');
      await page.locator('li').filter({ hasText: 'The Necronomicon' }).getByText('Worth -10; no family requirement entered.', { exact: true }).waitFor();

      // The next set-up: the Story's points come back from the phone's memory.
      await page.goto(`${app.url}/new/gloom`);
      await page.getByRole('group', { name: 'Tap two from the card list', exact: true }).getByText('The Necronomicon', { exact: true }).tap();
      assert.equal(await page.getByLabel('Its Pathos points', { exact: true }).nth(0).inputValue(), '-10');
      await page.getByText('This phone remembers its points: -10.', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a 3-player game: a dozen plays, a death, a Story claim, a reload after every move, to the final table', { timeout: 300_000 }, async () => {
    const { context, page } = await freshPage(app);
    try {
      await setUp(page, EN);
      await assertAxeClean(page, 'setup filled in');
      await page.getByRole('button', { name: EN.start, exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      assert.equal((await tableState(page)).heading, 'Turn 1: Ania');
      await assertAxeClean(page, 'the table');

      // Turn 1, Ania: two Modifiers from the card list.
      let s = await storedAndReloaded(page, await record(page, EN, { kind: 'modifier', search: 'delved', card: 'Delved Too Deep', target: 'Herbert West (Self-Worth 0)', pathos: [-10], icon: 'Magic' }));
      assert.ok(s.rows[0].includes('-10'), s.rows[0]);
      s = await storedAndReloaded(page, await record(page, EN, { kind: 'modifier', search: 'hideous', card: 'Had Hideous Hallucinations', target: 'Professor Armitage (Self-Worth 0)', pathos: [-5, null, 10], icon: 'Madness' }));
      assert.ok(s.rows[1].includes('+5'), s.rows[1]);
      // End turn tapped three times in a burst (a finger, 150 ms apart): one turn ends, not three.
      {
        const before = await seqOf(page);
        const end = page.getByRole('button', { name: EN.endTurn });
        const box = await end.boundingBox();
        for (let k = 0; k < 3; k++) {
          await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
          await new Promise((r) => setTimeout(r, 150));
        }
        await page.waitForFunction(() => document.querySelector('main')?.getAttribute('data-ready') === 'true', undefined, { polling: 20 });
        assert.equal(await seqOf(page), before + 1, 'a burst on End turn ends one turn');
        assert.equal((await tableState(page)).heading, 'Turn 2: Bartek');
        await storedAndReloaded(page, before);
      }
      // Bartek: a Modifier on Ania's character covers its first space.
      s = await storedAndReloaded(page, await record(page, EN, { kind: 'modifier', search: 'librarian', card: 'Loved A Librarian', target: 'Herbert West (Self-Worth -10)', pathos: [-20] }));
      assert.ok(s.rows[0].includes('-20'), s.rows[0]);
      await storedAndReloaded(page, await press(page, EN.pass));
      await storedAndReloaded(page, await press(page, EN.endTurn));
      // Celina passes her turn.
      await storedAndReloaded(page, await press(page, EN.pass));
      await storedAndReloaded(page, await press(page, EN.endTurn));

      // Bartek draws one card fewer from now on (a continuous effect the players set).
      await page.getByRole('button', { name: /^Change\s*: Bartek$/ }).click();
      await page.getByLabel('How many cards Bartek draws up to', { exact: true }).fill('4');
      const limited = await seqOf(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await storedAndReloaded(page, limited);
      await page.getByText(/^Draws up to 4 cards/).waitFor();

      // The card list: what this phone remembers Delved Too Deep prints, corrected, kept over a
      // reload, then forgotten.
      await page.getByRole('button', { name: 'Cards', exact: true }).click();
      await page.getByLabel('Find a card', { exact: true }).fill('delved');
      const delved = page.locator('li').filter({ hasText: 'Delved Too Deep' });
      await delved.getByText('Prints: -10 / · / · / Magic', { exact: true }).waitFor();
      // A card remembered when the phone already held others (the Stories of the set-up, Delved).
      await page.getByLabel('Find a card', { exact: true }).fill('hideous');
      await page.locator('li').filter({ hasText: 'Had Hideous Hallucinations' }).getByText('Prints: -5 / · / +10 / Madness', { exact: true }).waitFor();
      await page.getByLabel('Find a card', { exact: true }).fill('delved');
      await assertAxeClean(page, 'the table mid-game, with the card list');
      await delved.getByRole('button', { name: /^Correct\s*: Delved Too Deep$/ }).click();
      await delved.getByLabel(EN.space(1), { exact: true }).fill('-15');
      await delved.getByRole('button', { name: 'Remember', exact: true }).click();
      await delved.getByText('Prints: -15 / · / · / Magic', { exact: true }).waitFor();
      await page.reload();
      await waitForTable(page);
      await page.getByRole('button', { name: 'Cards', exact: true }).click();
      await page.getByLabel('Find a card', { exact: true }).fill('delved');
      await delved.getByText('Prints: -15 / · / · / Magic', { exact: true }).waitFor();
      await delved.getByRole('button', { name: /^Forget\s*: Delved Too Deep$/ }).click();
      await delved.getByText(/^Not remembered yet/).waitFor();
      await page.getByRole('button', { name: 'Cards', exact: true }).click();

      // Ania: an Untimely Death as her first play, then claims The Necronomicon.
      s = await storedAndReloaded(page, await record(page, EN, { kind: 'death', search: 'yuggoth', card: 'Was Taken To Yuggoth', target: 'Herbert West (Self-Worth -20)' }));
      assert.match(s.rows[0], /Dead/);
      s = await storedAndReloaded(page, await press(page, 'Ania claims The Necronomicon'));
      assert.ok(s.values[0].includes('-30'), `dead −20 and the Story's −10: ${s.values[0]}`);

      // A death on a character with a Self-Worth of 0: refused, then recorded anyway.
      const refusedAt = await record(page, EN, { kind: 'death', search: 'wasted', card: 'Wasted Away', target: 'Walter Gilman (Self-Worth 0)', free: true });
      await page.getByRole('alert').getByText(/needs a negative Self-Worth/).waitFor();
      assert.equal(await seqOf(page), refusedAt, 'nothing stored for the refused play');
      // The warning is where the buttons are, not at the top: the notice, in view above the bottom edge.
      const warning = page.locator('[data-notice] .notice');
      assert.match((await warning.textContent()) ?? '', /needs a negative Self-Worth/);
      assert.ok(
        await warning.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight && r.bottom > innerHeight / 2;
        }),
        'the warning is in view, in the lower half of the screen'
      );
      await assertAxeClean(page, 'a refused play');
      await page.getByRole('button', { name: EN.overrule, exact: true }).click();
      await storedAndReloaded(page, refusedAt);

      // The rest of Ania's family, each brought low with a quick adjustment and a free death.
      for (const [name, worth] of [['Professor Armitage', 5], ['Edward Derby', 0], ['Asenath Waite', 0]]) {
        const before = await seqOf(page);
        await page.getByRole('button', { name: `Adjust ${name}`, exact: true }).click();
        await page.getByLabel(`Add to ${name}’s Self-Worth (e.g. −10 or 5)`, { exact: true }).fill('-7');
        await page.getByRole('button', { name: 'Adjust', exact: true }).click();
        await storedAndReloaded(page, before);
        await storedAndReloaded(page, await record(page, EN, { kind: 'death', search: 'ice', card: 'Was Trapped In The Ice', target: `${name} (Self-Worth ${worth - 7})`, free: true }));
      }

      const end = await tableState(page);
      assert.equal(end.stage, 'over');
      assert.equal(end.heading, 'The final table');
      await page.getByText('Ania wins with the lowest Family Value, -46.', { exact: true }).waitFor();
      await assertAxeClean(page, 'the final table');

      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.locator('main[data-seq] h1').first().waitFor();
      await page.getByText('Ania plays Was Taken To Yuggoth: Herbert West dies with a Self-Worth of -20.', { exact: true }).waitFor();
      await page.getByText(/^The players overrule Lantern: Walter Gilman’s Self-Worth is 0/).waitFor();
      await page.getByRole('heading', { name: 'Turn 4', exact: true }).waitFor();
      await assertAxeClean(page, 'the log');
    } finally {
      await context.close();
    }
  });

  test('in Polish, with the network cut after one visit', { timeout: 180_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'pl-PL' });
    try {
      await page.goto(`${app.url}/`);
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await setUp(page, PL);
      await page.getByRole('button', { name: PL.start, exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForTable(page);
      assert.equal((await tableState(page)).heading, 'Tura 1: Ania');
      const s = await storedAndReloaded(
        page,
        await record(page, PL, { kind: 'modifier', search: 'delved', card: 'Delved Too Deep', target: 'Herbert West (poczucie własnej wartości 0)', pathos: [-10], icon: 'Magia' })
      );
      assert.ok(s.values[0].startsWith('Gdyby gra skończyła się teraz: 0'), s.values[0]);
      await page.getByText('Wykonano 1 z 2 zagrań', { exact: true }).waitFor();
      await assertAxeClean(page, 'the table in Polish');
    } finally {
      await context.close();
    }
  });
});
