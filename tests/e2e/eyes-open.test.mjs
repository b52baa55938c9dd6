/**
 * Nothing the moderator alone knows is in the page while the players' eyes are open, hidden
 * nodes and attributes included, until the moderator holds to see it; it goes when the finger
 * lifts. Cluethulhu's Night in English (the tablets of the living, the Wizard's protection, the
 * sides' counts behind the Ritual; the doll's holder is public and stays), and Ktulu's first
 * morning in
 * Polish (the statue's holder, the Harlot's client, the cards behind the powers left). Both
 * games are dealt physically, so the test knows who holds what without a pass-and-peek. The
 * call sheet says, on paper too, that it is the moderator's own.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { tick, waitForGameScreen, waitForReady } from './keeper.mjs';
import { choose, count, holdSecrets, next, readScript, setUpKtulu, WORDS } from './manitou.mjs';

const app = useApp();

/**
 * The whole page as it stands (as `page.content()`: hidden nodes and attributes too), without
 * the lines read aloud to everyone, which may name a role ("Who accuses someone of being an
 * Investigator?") or a card the book makes public.
 * @param {import('playwright-core').Page} page
 */
async function silentPage(page) {
  return page.evaluate(() => {
    const copy = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
    // The notice repeats what the step opens with (read aloud too): that much of it is not silent.
    const said = [...document.querySelectorAll('[data-testid="announce"] li')].map((li) => li.textContent?.trim()).join(' ');
    const notice = copy.querySelector('[data-notice]');
    if (notice && said && notice.textContent?.trim().endsWith(said)) notice.replaceChildren();
    copy.querySelectorAll('[data-testid="announce"], [data-testid="prompt"], [data-testid="more"], [data-testid="after"]').forEach((el) => el.remove());
    return copy.outerHTML;
  });
}

/** Each of `texts` that is in `page`, as the moderator's secret that should not be. */
const found = (page, texts) => texts.filter((t) => page.includes(t));

/** Next, once the step may be answered; returns the step that follows. */
async function go(page, words) {
  await waitForReady(page);
  return next(page, words);
}

async function pickAndGo(page, words, name) {
  await choose(page, name);
  return go(page, words);
}

describe('eyes open: the moderator’s secrets are not in the page until held', () => {
  test('Cluethulhu’s Night, in English', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    const w = WORDS.en;
    try {
      // Seven players, the Wizard, the Shoggoth and the Evil Child; the tablets as they fell.
      const deal = { Ada: 'investigator', Bram: 'investigator', Cleo: 'wizard', Dara: 'shoggoth', Emil: 'evilChild', Fay: 'cultist', Gus: 'cultist' };
      await page.goto(`${app.url}/new/cluethulhu`);
      await page.getByLabel('Player 1', { exact: true }).waitFor();
      const names = Object.keys(deal);
      for (let i = 0; i < names.length; i++) await page.getByLabel(`Player ${i + 1}`, { exact: true }).fill(names[i]);
      for (const special of ['Wizard', 'Shoggoth', 'Evil Child']) await tick(page, page.getByLabel(special, { exact: true }));
      await tick(page, page.getByLabel('Record a physical deal', { exact: true }));
      await page.getByRole('button', { name: 'Show tablets', exact: true }).click();
      for (const [name, role] of Object.entries(deal)) await page.getByLabel(`Tablet held by ${name}`, { exact: true }).selectOption(role);
      await page.getByRole('button', { name: 'Start game', exact: true }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      await waitForGameScreen(page);
      const id = new URL(page.url()).pathname.split('/').pop();

      // Day 1, every eye closed: the doll to Gus, the Wizard protects Ada, Fay is arrested.
      await pickAndGo(page, w, 'Gus');
      await go(page, w);
      await pickAndGo(page, w, 'Ada');
      await pickAndGo(page, w, 'Fay');
      await go(page, w);
      let s = await go(page, w);
      assert.equal(s.phase, 'Night 1');
      assert.equal(s.eyes, 'Eyes open');

      // Night 1: the High Priest; three Cultists left against two Investigators bring the Ritual.
      s = await go(page, w);
      await waitForReady(page);
      s = await count(page, w, { Ada: 6 });
      assert.ok(s.prompt?.includes('Ritual of Annihilation'), `the Ritual: ${s.prompt}`);
      const COUNTS = 'Alive: 2 on the investigator side, 3 in the cult.';
      const RITUAL = 'Cultists 3, fewer than twice the Investigators (2).';
      const SECRETS = ['Wizard', 'Shoggoth', 'Evil Child', 'Cultist', 'Investigator', 'Protected', COUNTS, RITUAL];
      assert.deepEqual(found(await silentPage(page), SECRETS), [], 'the Ritual is declared; the counts behind it are the Keeper’s');
      assert.deepEqual(found(await page.content(), [COUNTS, RITUAL]), [], 'anywhere in the page');
      assert.deepEqual(s.hints, [], 'the Keeper’s note is held back');

      const held = await holdSecrets(page, w, async () => ({ script: await readScript(page), page: await silentPage(page) }));
      assert.ok(held.script.hints.some((h) => h.startsWith(RITUAL)), `held: the counts behind the Ritual, ${held.script.hints}`);
      assert.ok(held.script.facts.includes(COUNTS), `held: the counts, ${held.script.facts}`);
      assert.deepEqual(found(held.page, [COUNTS, RITUAL]), [COUNTS, RITUAL]);
      assert.deepEqual(found(await silentPage(page), SECRETS), [], 'gone once the finger lifts');

      // The accusations, with every player listed and marked.
      await go(page, w);
      s = await go(page, w);
      assert.ok(s.prompt?.startsWith('Who accuses someone'), `the accusations: ${s.prompt}`);
      assert.deepEqual(found(await silentPage(page), SECRETS), [], 'no tablet of the living, no counts');
      // The doll can be shown at any time; the High Priest was elected before everyone.
      assert.ok(s.choices.find((c) => c.name === 'Gus')?.marks.includes('Haunted Doll'), 'the doll’s holder is public');
      assert.ok(s.facts.includes('High Priest: Ada.'), `${s.facts}`);

      // The call sheet lists the tablets in play: it says so, on paper too.
      await page.goto(`${app.url}/game/${id}/sheet`);
      await page.locator('main[data-stage]').waitFor();
      await page.emulateMedia({ media: 'print' });
      await page.getByText('keep it out of the players’ sight', { exact: false }).waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  test('Ktulu’s first morning, in Polish', { timeout: 90_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'pl-PL' });
    const w = WORDS.pl;
    try {
      // Twelve players, the suggested roster with the Aliens, as the cards fell.
      const cards = {
        Ania: 'Szeryf',
        Bartek: 'Dziwka',
        Celina: 'Dobry rewolwerowiec',
        Darek: 'Opój',
        Ewa: 'Zły rewolwerowiec',
        Filip: 'Herszt',
        Gosia: 'Mściciel',
        Hubert: 'Szaman',
        Iga: 'Wódz',
        Janek: 'Indianin',
        Kasia: 'Wielki Ufol',
        Leon: 'Zielona macka'
      };
      await setUpKtulu(page, app.url, w, { names: Object.keys(cards), factions: ['Ufoki'], physical: cards });

      // The zero night: the Harlot's client is the Sheriff, the Sheriff jails the Chief, the
      // bandits give the statue to their leader.
      await pickAndGo(page, w, 'Ania');
      await go(page, w);
      await pickAndGo(page, w, 'Iga');
      await pickAndGo(page, w, 'Filip');
      await go(page, w);
      const s = await go(page, w);
      assert.equal(s.title, 'Poranek');
      assert.equal(s.eyes, 'Oczy otwarte');
      assert.ok(s.announce.includes('Szeryf zamknął w więzieniu: Iga.'), `the jail is read aloud: ${s.announce}`);

      const STATUE = ['Posążek przechodzi do: Filip (Bandyci).', 'Posążek: Filip (Bandyci).', 'Ma posążek'];
      const CLIENT = 'Klient Dziwki: Ania (Szeryf).';
      const silent = await silentPage(page);
      assert.deepEqual(found(silent, [...STATUE, CLIENT, ...Object.values(cards)]), [], 'no holder, no client, no card outside what is read aloud');
      assert.deepEqual(found(await page.content(), STATUE), [], 'and the statue’s holder nowhere');

      const held = await holdSecrets(page, w, async () => ({ script: await readScript(page), page: await silentPage(page) }));
      assert.ok(held.script.hints.includes(STATUE[0]), `held: the night's secrets, ${held.script.hints}`);
      assert.ok(held.script.hints.includes(CLIENT), `${held.script.hints}`);
      assert.ok(held.script.facts.includes(STATUE[1]), `held: where the statue is, ${held.script.facts}`);
      assert.ok(held.script.facts.some((f) => f.startsWith('Szaman – ')), `held: the powers left, by card: ${held.script.facts}`);
      assert.deepEqual(found(await silentPage(page), [...STATUE, CLIENT, ...Object.values(cards)]), [], 'gone once the finger lifts');
    } finally {
      await context.close();
    }
  });
});
