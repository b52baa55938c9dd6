/**
 * The detective's notebook in the built app on a phone (412 × 823, touch): a plain Cluedo game
 * for three set up with the owner's own cards, three suggestions recorded (the page reloaded
 * after each and the grid coming back the same, the records in the log), a card deduced from a
 * shown card and what its holder could not show, with its reason on a tap. Then a Killer Kloo Doo
 * notebook in Polish with the network cut after one visit (the service worker serves it all):
 * the middle pile in the set-up and the grid, a card dug up blind, a card grabbed unseen and a
 * suggestion, each reload offline bringing the notebook back. Axe-clean once on each kind of
 * screen (the set-up, the notebook, a record's form, and the Kloo Doo notebook with its middle).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp, waitForServiceWorkerControl } from './harness.mjs';
import { holdSecrets } from './manitou.mjs';

const app = useApp();
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NAMES = ['Ania', 'Ben', 'Cela'];
const MINE = ['Miss Scarlett', 'Colonel Mustard', 'Candlestick', 'Dagger', 'Kitchen', 'Ballroom'];

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

async function waitForNotebook(page) {
  await page.waitForFunction(() => document.querySelector('main[data-seq] tr[data-card]') !== null, undefined, { timeout: 15_000, polling: 50 });
}

/** The grid as the owner reads it: each card's marks, with its chance of being in the envelope while that is open. */
const gridState = (page) =>
  page.evaluate(() => ({
    envelope: [...document.querySelectorAll('[data-envelope]')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim()),
    rows: [...document.querySelectorAll('tr[data-card]')].map((tr) => [...tr.children].map((cell) => cell.textContent?.trim()).join(' '))
  }));

/** Sends the open record form with its button `label`; once stored, the page is reloaded and must show the same notebook. */
async function sendAndReload(page, label) {
  const before = await seqOf(page);
  await page.locator('form.move-form').getByRole('button', { name: label, exact: true }).click();
  await page.waitForFunction((s) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) > s, before, { timeout: 15_000, polling: 20 });
  await waitForNotebook(page);
  const shown = await gridState(page);
  await page.reload();
  await waitForNotebook(page);
  assert.deepEqual(await gridState(page), shown, 'the reload brings back the same notebook');
  return shown;
}

/** Records a suggestion through its form (English labels); the page is reloaded once it is stored. */
async function suggest(page, { by, suspect, weapon, room, shower, card }) {
  await page.getByRole('navigation', { name: 'Record' }).getByRole('button', { name: 'Suggestion', exact: true }).click();
  const form = page.locator('form.move-form');
  await form.getByLabel('Who made the suggestion').selectOption({ label: by });
  await form.getByLabel('Suspect', { exact: true }).selectOption({ label: suspect });
  await form.getByLabel('Weapon', { exact: true }).selectOption({ label: weapon });
  await form.getByLabel('Room', { exact: true }).selectOption({ label: room });
  await form.getByLabel('Who showed a card').selectOption({ label: shower });
  if (card) await form.getByLabel('Which card you were shown').selectOption({ label: card });
  return sendAndReload(page, 'Record');
}

describe("Detective's notebook", () => {
  test('plain Cluedo for three: suggestions recorded, a card deduced and explained, a reload after every record', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE);
    try {
      await page.goto(`${app.url}/new/notebook`);
      await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
      for (let i = 0; i < 3; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
      await page.getByText('Each player holds 6 cards.').waitFor();
      await page.getByRole('radio', { name: 'Ania', exact: true }).check();
      for (const card of MINE) await page.getByRole('checkbox', { name: card, exact: true }).check();
      await page.getByText('You hold 6 cards; marked: 6.').waitFor();
      await assertAxeClean(page, 'the set-up');
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForNotebook(page);
      await page.getByRole('heading', { name: "Ania's notebook" }).waitFor();
      // The owner's own cards are known from the start: hers, nobody else's, not in the envelope.
      const start = await gridState(page);
      assert.match(start.rows[0], /^Miss Scarlett ✓ ✗ ✗ ✗$/);
      assert.match(start.rows[4], /^Mrs Peacock ✗ · · 25%$/);
      // The grid scrolls sideways on its own: the page itself does not.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than the phone');
      await assertAxeClean(page, 'the notebook');

      await page.getByRole('navigation', { name: 'Record' }).getByRole('button', { name: 'Suggestion', exact: true }).click();
      await page.locator('form.move-form').getByLabel('Who showed a card').selectOption({ label: 'Ben' });
      await assertAxeClean(page, 'a suggestion form');
      await page.locator('form.move-form').getByRole('button', { name: 'Cancel', exact: true }).click();

      await suggest(page, { by: 'Ania', suspect: 'Mrs White', weapon: 'Lead Piping', room: 'Conservatory', shower: 'Ben', card: 'Mrs White' });
      await suggest(page, { by: 'Cela', suspect: 'Professor Plum', weapon: 'Rope', room: 'Hall', shower: 'Nobody' });
      const after = await suggest(page, { by: 'Cela', suspect: 'Professor Plum', weapon: 'Rope', room: 'Study', shower: 'Ben' });
      // Ben showed a card for Plum, Rope or Study and has neither Plum nor Rope: the Study is his.
      assert.match(after.rows.find((r) => r.startsWith('Study')), /^Study ✗ ✓ ✗ ✗$/);

      await page.getByRole('button', { name: 'Ben: Has it — Study', exact: true }).click();
      const why = page.locator('.why');
      await why.getByText(/showed a card for Professor Plum, Rope or Study and has neither Professor Plum nor Rope, so it was Study\./).waitFor();
      await page.getByRole('button', { name: 'Ben: Has not — Professor Plum', exact: true }).click();
      await why.getByText(/could not show a card for Professor Plum, Rope or Hall\./).waitFor();
      await page.getByRole('button', { name: 'Cela: Unknown — Mrs Peacock', exact: true }).click();
      await why.getByText(/^Chance: \d+%\.$/).waitFor();

      // The records themselves came back with every reload: the log lists them in words.
      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.getByText('Cela suggested Professor Plum, Rope, Study; no card from Ania; Ben showed a card.', { exact: true }).waitFor();
      // The card Ben showed Ania is for her eyes: in the log only while she holds to see it.
      await holdSecrets(page, { holdSecrets: 'Hold to see what only you may know', secretsShown: 'Let go to hide them again' }, () =>
        page.getByText('Ania suggested Mrs White, Lead Piping, Conservatory; Ben showed Mrs White.', { exact: true }).waitFor()
      );
    } finally {
      await context.close();
    }
  });

  test('Killer Kloo Doo in Polish, offline after one visit: the middle pile, a blind dig and grab, a reload after every record', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, { ...PHONE, locale: 'pl-PL' });
    try {
      await page.goto(`${app.url}/`);
      await page.locator('main h1').first().waitFor();
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      await page.goto(`${app.url}/new/notebook`);
      await page.getByRole('textbox', { name: 'Gracz 1', exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Killer Kloo Doo (część 1)', exact: true }).check();
      for (let i = 0; i < 3; i++) await page.getByRole('textbox', { name: `Gracz ${i + 1}`, exact: true }).fill(NAMES[i]);
      // Killer Kloo Doo's deal for three: five cards each, three face down in the middle.
      await page.getByText('Każdy gracz ma 5 kart; 3 leżą zakryte na środku.', { exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Ania', exact: true }).check();
      for (const card of ['Panna Scarlett', 'Pułkownik Mustard', 'Świecznik', 'Sztylet', 'Kuchnia']) await page.getByRole('checkbox', { name: card, exact: true }).check();
      await page.getByText('Masz 5 kart; zaznaczone: 5.', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Rozpocznij grę', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForNotebook(page);
      await page.getByRole('heading', { name: 'Notes: Ania' }).waitFor();
      await page.getByRole('heading', { name: 'Kto ma którą kartę' }).waitFor();
      // A column for the middle, between the players and the envelope.
      const columns = await page.evaluate(() => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()));
      assert.deepEqual(columns.slice(0, 6), ['Karta', 'Ani', 'Ben', 'Cel', 'Śr.', 'Kop.']);
      const start = await gridState(page);
      assert.match(start.rows[0], /^Panna Scarlett ✓ ✗ ✗ ✗ ✗$/);
      assert.match(start.rows[4], /^Pani Peacock ✗ · · · 25%$/);
      await assertAxeClean(page, 'the Killer Kloo Doo notebook, in Polish');

      const record = page.getByRole('navigation', { name: 'Zapisz' });
      // Ben digs a card up from the middle; Ania does not see which.
      await record.getByRole('button', { name: 'Wykopana', exact: true }).click();
      const form = page.locator('form.move-form');
      await form.getByLabel('Kto kopie').selectOption({ label: 'Ben' });
      assert.equal(await form.getByLabel('Która karta').inputValue(), '', 'the card dug up is unknown unless chosen');
      await sendAndReload(page, 'Zapisz');
      // Cela grabs a card from Ben, unseen.
      await record.getByRole('button', { name: 'Przekazana', exact: true }).click();
      await form.getByRole('radio', { name: 'Odebrana siłą (trefl)', exact: true }).check();
      await form.getByLabel('Od kogo').selectOption({ label: 'Ben' });
      await form.getByLabel('Do kogo').selectOption({ label: 'Cela' });
      await sendAndReload(page, 'Zapisz');
      // Ania suggests; Ben shows her the Revolver.
      await record.getByRole('button', { name: 'Podejrzenie', exact: true }).click();
      await form.getByLabel('Kto podejrzewa').selectOption({ label: 'Ania' });
      await form.getByLabel('Podejrzany', { exact: true }).selectOption({ label: 'Pani Peacock' });
      await form.getByLabel('Narzędzie zbrodni', { exact: true }).selectOption({ label: 'Rewolwer' });
      await form.getByLabel('Pokój', { exact: true }).selectOption({ label: 'Hol' });
      await form.getByLabel('Kto pokazał kartę').selectOption({ label: 'Ben' });
      await form.getByLabel('Którą kartę ci pokazano').selectOption({ label: 'Rewolwer' });
      const after = await sendAndReload(page, 'Zapisz');
      assert.match(after.rows.find((r) => r.startsWith('Rewolwer')) ?? '', /^Rewolwer ✗ ✓ ✗ ✗ ✗$/);
      await page.getByRole('button', { name: 'Ben: Ma — Rewolwer', exact: true }).click();
      await page.locator('.why').getByText('Ben pokazuje ci kartę „Rewolwer”.').waitFor();

      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      await page.getByText('Ben wykopuje kartę ze środka.', { exact: true }).waitFor();
      await page.getByText('Cela zabiera graczowi Ben kartę.', { exact: true }).waitFor();
      // The card Ben showed Ania is hers alone to know: off the page until she holds to see it.
      const shownToMe = 'Ania podejrzewa: Pani Peacock, Rewolwer, Hol; Ben pokazuje: Rewolwer.';
      assert.equal(await page.getByText(shownToMe, { exact: true }).count(), 0);
      await holdSecrets(page, { holdSecrets: 'Przytrzymaj, by zobaczyć to, co wiesz tylko ty', secretsShown: 'Puść, by znów je ukryć' }, () =>
        page.locator('li', { hasText: shownToMe }).getByText('Tylko dla Ciebie', { exact: true }).waitFor()
      );
    } finally {
      await context.close();
    }
  });

  test('Killer Kloo Doo for six on a phone, by touch: every column in view, explanations for a full hand and a card passed on, private cards marked in the log', { timeout: 240_000 }, async () => {
    const { context, page } = await freshPage(app, PHONE);
    const six = ['Ania', 'Bartholomew', 'Cela', 'Darek', 'Ewa', 'Filip'];
    try {
      await page.goto(`${app.url}/new/notebook`);
      await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Killer Kloo Doo (Part 1)', exact: true }).check();
      for (let i = 0; i < six.length; i++) {
        const input = page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true });
        if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).tap();
        await input.fill(six[i]);
      }
      await page.getByRole('radio', { name: 'Ania', exact: true }).check();
      for (const card of ['Miss Scarlett', 'Kitchen']) await page.getByRole('checkbox', { name: card, exact: true }).check();
      await page.getByRole('button', { name: 'Start game', exact: true }).tap();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForNotebook(page);

      // Six players, the middle and the envelope: every column is on the phone's screen, the
      // grid needs no sideways scroll, and the names stay in the first column.
      const fit = await page.evaluate(() => {
        const scroll = document.querySelector('.scroll');
        return {
          columns: [...document.querySelectorAll('thead th')].map((th) => ({ text: th.textContent?.trim(), right: th.getBoundingClientRect().right })),
          cells: [...document.querySelectorAll('tr[data-card] td')].map((td) => td.getBoundingClientRect().right),
          scrolls: scroll.scrollWidth > scroll.clientWidth + 1,
          width: window.innerWidth
        };
      });
      assert.deepEqual(fit.columns.map((c) => c.text), ['Card', 'Ani', 'Bar', 'Cel', 'Dar', 'Ewa', 'Fil', 'Mid.', 'Env.']);
      for (const c of fit.columns) assert.ok(c.right <= fit.width, `the ${c.text} column is in view (${c.right} px of ${fit.width})`);
      assert.ok(Math.max(...fit.cells) <= fit.width, 'every cell is in view');
      assert.equal(fit.scrolls, false, 'the grid does not scroll sideways');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing wider than the phone');
      const start = await gridState(page);
      assert.match(start.rows[4], /^Mrs Peacock ✗ · · · · · · 20%$/);
      await assertAxeClean(page, 'the six-player notebook');

      const record = page.getByRole('navigation', { name: 'Record' });
      const form = page.locator('form.move-form');
      // Bartholomew's two cards seen face up: his hand is full.
      for (const card of ['Rope', 'Hall']) {
        await record.getByRole('button', { name: 'Card seen', exact: true }).tap();
        await form.getByLabel('Where').selectOption({ label: 'Bartholomew' });
        await form.getByLabel('Card', { exact: true }).selectOption({ label: card });
        await sendAndReload(page, 'Record');
      }
      // Bartholomew bribes Cela with the Rope, in front of Ania.
      await record.getByRole('button', { name: 'Passed on', exact: true }).tap();
      await form.getByRole('radio', { name: 'A bribe (Diamonds)', exact: true }).check();
      await form.getByLabel('From', { exact: true }).selectOption({ label: 'Bartholomew' });
      await form.getByLabel('To', { exact: true }).selectOption({ label: 'Cela' });
      await form.getByLabel('Which card').selectOption({ label: 'Rope' });
      await sendAndReload(page, 'Record');
      // Ania suggests; Darek shows her the Study. Then Ewa suggests and Ania shows her the Kitchen.
      await record.getByRole('button', { name: 'Suggestion', exact: true }).tap();
      await form.getByLabel('Who made the suggestion').selectOption({ label: 'Ania' });
      await form.getByLabel('Suspect', { exact: true }).selectOption({ label: 'Mrs Peacock' });
      await form.getByLabel('Weapon', { exact: true }).selectOption({ label: 'Revolver' });
      await form.getByLabel('Room', { exact: true }).selectOption({ label: 'Study' });
      await form.getByLabel('Who showed a card').selectOption({ label: 'Darek' });
      await form.getByLabel('Which card you were shown').selectOption({ label: 'Study' });
      await sendAndReload(page, 'Record');
      await record.getByRole('button', { name: 'Suggestion', exact: true }).tap();
      await form.getByLabel('Who made the suggestion').selectOption({ label: 'Ewa' });
      await form.getByLabel('Suspect', { exact: true }).selectOption({ label: 'Mrs White' });
      await form.getByLabel('Weapon', { exact: true }).selectOption({ label: 'Dagger' });
      await form.getByLabel('Room', { exact: true }).selectOption({ label: 'Kitchen' });
      await form.getByLabel('Who showed a card').selectOption({ label: 'Ania' });
      await form.getByLabel('Which card you showed').selectOption({ label: 'Kitchen' });
      await sendAndReload(page, 'Record');

      const why = page.locator('.why');
      // A full hand: the Hall is all Bartholomew has left, so no Plum.
      await page.getByRole('button', { name: 'Bartholomew: Has not — Professor Plum', exact: true }).tap();
      await why.getByText('Every card Bartholomew holds is already known, and Professor Plum is not one of them.', { exact: true }).waitFor();
      // The card passed on: the record that moved it, named.
      await page.getByRole('button', { name: 'Cela: Has it — Rope', exact: true }).tap();
      await why.getByText('Bartholomew passed Rope to Cela.', { exact: true }).waitFor();
      await why.getByText('Record 3: Bartholomew gave Rope to Cela as a bribe.', { exact: true }).waitFor();
      await why.getByText('Known since record 3: no card has moved in or out since in a way that could change it.', { exact: true }).waitFor();

      const id = page.url().split('/').pop();
      await page.goto(`${app.url}/game/${id}/log`);
      const seenLine = 'You saw Rope face up with Bartholomew.';
      await page.getByText(seenLine, { exact: true }).waitFor();
      assert.equal(await page.locator('li', { hasText: seenLine }).getAttribute('data-secret'), 'false');
      // A known card in a bribe between others was seen by the table: everyone knows it.
      const bribe = 'Bartholomew gave Rope to Cela as a bribe.';
      assert.equal(await page.locator('li', { hasText: bribe }).getAttribute('data-secret'), 'false');
      // The cards shown to and by Ania were not: off the page until she holds to see them.
      const privateLines = [
        'Ania suggested Mrs Peacock, Revolver, Study; no card from Bartholomew, Cela; Darek showed Study.',
        'Ewa suggested Mrs White, Dagger, Kitchen; no card from Filip; Ania showed Kitchen.'
      ];
      for (const line of privateLines) assert.equal(await page.getByText(line, { exact: true }).count(), 0, `${line} is hidden while eyes are open`);
      await holdSecrets(page, { holdSecrets: 'Hold to see what only you may know', secretsShown: 'Let go to hide them again' }, async () => {
        for (const line of privateLines) {
          const li = page.locator('li', { hasText: line });
          await li.waitFor();
          assert.equal(await li.getAttribute('data-secret'), 'true');
          assert.equal((await li.locator('.badge').textContent())?.trim(), 'Only for you');
        }
      });
    } finally {
      await context.close();
    }
  });
});
