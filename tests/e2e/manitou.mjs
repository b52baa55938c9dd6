/**
 * Drives a Ktulu game the way a Manitou does, through the screens only: the setup form (players,
 * the suggested roster, a physical deal recorded card by card), the pass-and-peek deal read card
 * by card, and the script: ticking a player by name, "nobody", yes/no buttons by their words,
 * vote counts typed per name, Next, Undo. Every move waits for the app to say it has been saved (the
 * log length on <main>), never for a fixed time.
 *
 * `readScript` reads the step as the Manitou sees it: the book's number and title, the line read
 * aloud, the public lines, what only the Manitou sees, the game state panel, and every player in
 * the answer with the marks beside their name. The words of each language are in `WORDS`.
 */
import { openHandBack, peek, tick, waitForCommit, waitForGameScreen } from './keeper.mjs';

/** The Manitou's words on the screens, by language. */
export const WORDS = {
  pl: {
    player: (n) => `Gracz ${n}`,
    addPlayer: 'Dodaj gracza',
    suggest: (n) => `Zaproponuj postacie dla ${n} graczy`,
    counter: (n) => `Postacie ${n} / gracze ${n}`,
    physical: 'Zapisz rozdanie prawdziwych kart',
    showCards: 'Pokaż karty',
    cardOf: (name) => `Karta gracza: ${name}`,
    start: 'Rozpocznij grę',
    hold: 'Przytrzymaj, aby zobaczyć swoją rolę',
    passOn: 'Gotowe, podaj dalej',
    next: 'Dalej',
    undo: 'Cofnij',
    holdSecrets: 'Przytrzymaj, by zobaczyć to, co wiesz tylko ty',
    secretsShown: 'Puść, by znów je ukryć',
  },
  en: {
    player: (n) => `Player ${n}`,
    addPlayer: 'Add player',
    suggest: (n) => `Suggest roles for ${n} players`,
    counter: (n) => `Roles ${n} / players ${n}`,
    physical: 'Record a physical deal',
    showCards: 'Show cards',
    cardOf: (name) => `Card held by ${name}`,
    start: 'Start game',
    hold: 'Hold to see your role',
    passOn: 'Done, pass on',
    next: 'Next',
    undo: 'Undo',
    holdSecrets: 'Hold to see what only you may know',
    secretsShown: 'Let go to hide them again',
  }
};

/**
 * Fills in the Ktulu setup: `names` in seating order, the suggested roster with `factions`
 * ticked as extra factions, and either the deal in the app or, with `physical` (a card name per
 * player name, as the select lists them), a recorded physical deal. Starts the game.
 * @returns {Promise<string>} the new game's id
 */
export async function setUpKtulu(page, baseUrl, words, { names, factions = [], physical = null }) {
  await page.goto(`${baseUrl}/new/ktulu`);
  await page.getByLabel(words.player(1), { exact: true }).waitFor();
  for (let i = 0; i < names.length; i++) {
    const input = page.getByLabel(words.player(i + 1), { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: words.addPlayer, exact: true }).click();
    await input.fill(names[i]);
  }
  if ((await page.getByLabel(words.player(names.length + 1), { exact: true }).count()) > 0) {
    throw new Error(`the setup form has more than ${names.length} player rows`);
  }
  for (const faction of factions) await tick(page, page.getByLabel(faction, { exact: true }));
  await page.getByRole('button', { name: words.suggest(names.length), exact: true }).click();
  await page.getByText(words.counter(names.length), { exact: true }).waitFor();

  if (physical) {
    await tick(page, page.getByLabel(words.physical, { exact: true }));
    await page.getByRole('button', { name: words.showCards, exact: true }).click();
    for (const name of names) {
      await page.getByLabel(words.cardOf(name), { exact: true }).selectOption({ label: physical[name] });
    }
  }

  await page.getByRole('button', { name: words.start, exact: true }).click();
  try {
    await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  } catch {
    const problems = await page.locator('[role="alert"]').allInnerTexts();
    throw new Error(`"${words.start}" did not open a game (still at ${page.url()}): ${problems.join(' | ') || 'no message'}`);
  }
  await waitForGameScreen(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/**
 * The pass-and-peek deal: each player in turn holds to see their card, which is read, lets go
 * and passes on.
 * @returns {Promise<Record<string, string>>} the card's name shown to each player, by name
 */
export async function dealAndRead(page, words, names) {
  const cards = {};
  const main = page.locator('main');
  for (const name of names) {
    const seq = Number(await main.getAttribute('data-seq'));
    if ((await main.getAttribute('data-stage')) !== 'dealing') throw new Error(`the deal ended before ${name}`);
    // The phone is handed to each player in seating order, by name.
    const heading = await main.locator('h1').first().innerText();
    if (!heading.includes(name)) throw new Error(`expected the phone to go to ${name}, the screen says "${heading}"`);
    cards[name] = await peek(page, async () => (await page.getByTestId('role-card').getByRole('heading').first().innerText()).trim(), words);
    await page.getByRole('button', { name: words.passOn, exact: true }).click();
    await waitForCommit(page, seq);
    await waitForGameScreen(page);
  }
  // The last player has looked: the Manitou holds the hand-back to open the script.
  if (await page.locator('[data-screen="hand-back"]').count()) await openHandBack(page);
  await waitForGameScreen(page);
  return cards;
}

/**
 * The script screen as the Manitou reads it.
 * @returns {Promise<{ seq: number, stage: string | null, phase: string | null, progress: string | null,
 *   eyes: string | null, night: boolean, number: string | null, title: string | null, pretend: boolean,
 *   prompt: string | null, announce: string[], hints: string[], after: string | null, facts: string[],
 *   instruction: string | null, choices: { name: string, enabled: boolean, checked: boolean, marks: string[] }[],
 *   buttons: string[], tally: string[] }>}
 */
export async function readScript(page) {
  return page.evaluate(() => {
    const main = /** @type {HTMLElement} */ (document.querySelector('main'));
    const text = (el) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    const byTestId = (id) => main.querySelector(`[data-testid="${id}"]`);
    const items = (el) => (el ? [...el.querySelectorAll('li')].map((li) => text(li) ?? '') : []);
    const aside = (h3) => h3?.closest('aside') ?? null;
    const headings = [...main.querySelectorAll('aside h3')];
    // The step's heading: "Nr 4", then the book's line, then a "pretend" badge when there is one.
    const role = main.querySelector('section h2');
    const number = role?.querySelector('.number') ?? null;
    const titleOnly = role ? /** @type {HTMLElement} */ (role.cloneNode(true)) : null;
    titleOnly?.querySelectorAll('span').forEach((s) => s.remove());
    const pickList = main.querySelector('fieldset');
    const choices = [...main.querySelectorAll('fieldset li')]
      .filter((li) => li.querySelector('input[type="radio"], input[type="checkbox"]'))
      .map((li) => {
        const input = /** @type {HTMLInputElement} */ (li.querySelector('input'));
        return {
          name: text(li.querySelector('label')) ?? '',
          enabled: !input.disabled,
          checked: input.checked,
          marks: [...li.querySelectorAll('.badge')].map((b) => text(b) ?? '')
        };
      });
    return {
      seq: Number(main.dataset.seq),
      stage: main.dataset.stage ?? null,
      phase: text(byTestId('phase')),
      progress: text(byTestId('progress')),
      eyes: text(main.querySelector('header > p')),
      night: document.documentElement.classList.contains('night'),
      number: text(number),
      title: text(titleOnly),
      pretend: !!role?.querySelector('.badge'),
      prompt: text(byTestId('prompt')),
      announce: items(byTestId('announce')),
      hints: items(byTestId('hint')),
      after: text(byTestId('after')?.querySelector('p:last-child')),
      facts: items(aside(headings.find((h) => aside(h) !== byTestId('hint')))),
      instruction: text(pickList?.querySelector('legend')),
      choices,
      buttons: [...main.querySelectorAll('[role="group"]:not(fieldset) button')].map((b) => text(b) ?? ''),
      tally: [...main.querySelectorAll('input[type="number"]')].map((i) => text(main.querySelector(`label[for="${i.id}"]`)) ?? '')
    };
  });
}

/**
 * What only the moderator may see on an eyes-open step, seen as a finger does it: presses and
 * holds "Hold to see what only you may know" until it says the secrets are shown, runs
 * `whileHeld` (by default, reads the step), then lets go and waits until they are hidden again.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {{ holdSecrets: string, secretsShown: string }} words
 * @param {() => Promise<T>} [whileHeld]
 * @returns {Promise<T>}
 */
export async function holdSecrets(page, words, whileHeld = /** @type {() => Promise<T>} */ (() => readScript(page))) {
  const main = page.locator('main');
  const button = main.getByRole('button', { name: words.holdSecrets, exact: true }).first();
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the hold button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  try {
    await main.getByRole('button', { name: words.secretsShown, exact: true }).first().waitFor({ timeout: 5_000 });
    return await whileHeld();
  } finally {
    await page.mouse.up();
    await page.waitForFunction((shown) => ![...document.querySelectorAll('main button')].some((b) => b.textContent?.trim() === shown), words.secretsShown, { polling: 20 });
  }
}

/** Waits until night mode is `on` (it follows the step's closed eyes) or off. */
export async function waitForNightMode(page, on = true) {
  await page
    .waitForFunction((want) => document.documentElement.classList.contains('night') === want, on, { timeout: 15_000, polling: 50 })
    .catch(() => {
      throw new Error(`night mode did not turn ${on ? 'on' : 'off'}`);
    });
}

/** Ticks `name` (a player, or the "nobody" choice by its words) in the step's answer. */
export async function choose(page, name) {
  await tick(page, page.locator('main fieldset').getByLabel(name, { exact: true }));
}

/** Sends the step's answer with Next and waits for it to be saved; returns the next screen. */
export async function next(page, words) {
  const seq = Number(await page.locator('main').getAttribute('data-seq'));
  await page.locator('main').getByRole('button', { name: words.next, exact: true }).click();
  return settle(page, seq);
}

/** Takes back the last move with Undo and waits for it to be saved; returns the screen it lands on. */
export async function undo(page, words) {
  const seq = Number(await page.locator('main').getAttribute('data-seq'));
  await page.locator('main').getByRole('button', { name: words.undo, exact: true }).click();
  return settle(page, seq);
}

/** Ticks `name` and sends it. */
export async function chooseAndNext(page, words, name) {
  await choose(page, name);
  return next(page, words);
}

/** Answers a yes/no step with the button that says `label`. */
export async function press(page, label) {
  const seq = Number(await page.locator('main').getAttribute('data-seq'));
  await page.locator('main [role="group"]').getByRole('button', { name: label, exact: true }).click();
  return settle(page, seq);
}

/** Types the votes counted for each name (the others stay at 0) and sends them. */
export async function count(page, words, votes) {
  for (const [name, n] of Object.entries(votes)) {
    await page.locator('main fieldset').getByLabel(name, { exact: true }).fill(String(n));
  }
  return next(page, words);
}

async function settle(page, seq) {
  const outcome = await Promise.race([
    waitForCommit(page, seq).then(() => 'saved'),
    page
      .locator('main [role="alert"]')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => 'refused')
  ]);
  if (outcome === 'refused' && Number(await page.locator('main').getAttribute('data-seq')) === seq) {
    throw new Error(`the answer was refused: ${await page.locator('main [role="alert"]').first().innerText()}`);
  }
  await waitForGameScreen(page);
  return readScript(page);
}

/**
 * Text that reached the screen untranslated: an i18n key ("ktulu:hints.jail", "steps.jail.say"),
 * a placeholder left unfilled, or a nesting left unresolved.
 * @returns {Promise<string[]>}
 */
export async function rawTexts(page) {
  const shown = await page.locator('main').innerText();
  const found = shown.match(/\b(?:ktulu|common|cluethulhu):[\w.]+|\b[a-z][a-zA-Z]*(?:\.[a-zA-Z0-9]+){2,}\b|\{\{[^}]*\}\}|\$t\(/g);
  return found ?? [];
}

/**
 * Names in the answer that are broken across lines: on a phone, a row whose marks took the
 * room left the name a letter wide.
 * @returns {Promise<string[]>}
 */
export async function brokenNames(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main fieldset li label bdi')]
      .filter((bdi) => {
        const range = document.createRange();
        range.selectNodeContents(bdi);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1;
      })
      .map((bdi) => bdi.textContent ?? '')
  );
}
