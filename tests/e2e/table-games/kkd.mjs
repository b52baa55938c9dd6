/**
 * Killer Kloo Doo at the table: three players; a turn ended, a right accusation, the Part 1
 * scores entered, Part 2 started with its objectives passed round by hold-to-see, then turns:
 * Ania takes the Revolver and attacks with Lantern's dice.
 */
import { peek } from '../keeper.mjs';
import { boardAdvance, boardReady } from './board.mjs';
import { leaveHandBack } from './hand-back.mjs';

export const NAMES = ['Ania', 'Bartek', 'Celina'];
const CHARACTERS = ['Miss Scarlett', 'Colonel Mustard', 'Mrs White'];
export const OBJECTIVE_WORDS = { hold: 'Hold to see your objectives', passOn: 'Done, pass on' };

async function setUp(page, url) {
  await page.goto(`${url}/new/kkd`);
  await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
  for (let i = 0; i < 3; i++) {
    await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
    await page.getByLabel(`${NAMES[i]} plays`, { exact: true }).selectOption({ label: CHARACTERS[i] });
  }
  await page.getByRole('radio', { name: 'We rolled real dice: Ania starts', exact: true }).check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await boardReady(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Opens a move's form from the table's buttons (unless it is open). */
async function open(page, name) {
  const form = page.locator('form.move-form');
  const button = page.getByRole('navigation', { name: 'Moves' }).getByRole('button', { name, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return form;
}

async function control(page) {
  await leaveHandBack(page);
  const main = page.locator('main');
  if ((await main.getByTestId('deal').count()) > 0) {
    const read = await peek(page, async () => ((await page.getByTestId('card-view').textContent()) ?? '').replace(/\s+/g, ' ').trim(), OBJECTIVE_WORDS);
    return { place: 'deal', control: 'Done, pass on', button: page.getByRole('button', { name: OBJECTIVE_WORDS.passOn, exact: true }), read };
  }
  const heading = ((await main.locator('h1').first().textContent()) ?? '').trim();
  const part1 = (await main.getByText('Part 1: the investigation', { exact: true }).count()) > 0;
  if (part1 && !/^Turn 1:/.test(heading)) {
    // Part 1's second turn: an accusation, rightly, ends it.
    const form = await open(page, 'Accusation');
    await form.getByRole('radio', { name: 'Right: +60' }).check();
    return { place: 'move', control: 'Record (a form)', button: form.getByRole('button', { name: 'Record', exact: true }) };
  }
  if (heading === 'Part 1 scores') {
    const rows = main.locator('[data-character]');
    const pending = [];
    for (let i = 0; i < NAMES.length; i++) if ((await rows.nth(i).getByText('Part 1 score not entered').count()) > 0) pending.push(i);
    if (pending.length > 0) {
      const i = pending[0];
      const form = await open(page, 'Enter cards');
      await form.getByLabel('Player', { exact: true }).selectOption({ label: `${NAMES[i]} (${CHARACTERS[i]})` });
      const hearts = form.getByRole('group', { name: `${NAMES[i]}’s Hearts`, exact: true });
      if ((await hearts.getByRole('button', { name: /^Remove/ }).count()) === 0) await hearts.getByRole('button', { name: /^Add: \w+ \(2\)$/ }).click();
      return { place: 'move', control: 'Record (a form)', button: form.getByRole('button', { name: 'Record', exact: true }) };
    }
    const form = await open(page, 'Start Part 2');
    await form.getByRole('group', { name: 'Who starts Part 2' }).getByRole('radio', { name: 'Ania (Miss Scarlett)' }).check();
    return { place: 'move', control: 'Start Part 2', button: form.getByRole('button', { name: 'Start Part 2', exact: true }) };
  }
  if (!part1 && /^Turn \d+: Ania /.test(heading)) {
    // Part 2, Ania's turns: she takes the Revolver, then attacks Bartek with Lantern's dice; once
    // the roll is on the table, her turn ends.
    const rolled = /loses|×/.test(((await main.locator('[data-roll]').textContent().catch(() => '')) ?? '').trim());
    const carries = /Carries the/.test((await main.locator('[data-character]', { hasText: 'Ania' }).first().textContent()) ?? '');
    if (!carries) {
      const form = await open(page, 'Take a weapon');
      await form.getByLabel('Weapon', { exact: true }).selectOption({ label: 'Revolver' });
      return { place: 'move', control: 'Record (a form)', button: form.getByRole('button', { name: 'Record', exact: true }) };
    }
    if (!rolled) {
      const form = await open(page, 'Attack');
      await form.getByLabel('Victim', { exact: true }).selectOption({ label: 'Bartek (Colonel Mustard)' });
      await form.getByRole('radio', { name: 'Lantern rolls' }).check();
      return { place: 'move', control: 'Roll and record', button: form.getByRole('button', { name: 'Roll and record', exact: true }) };
    }
  }
  return { place: 'move', control: 'End turn', button: main.getByRole('button', { name: /^End .+’s turn$/ }) };
}

/** Part 2 started before anyone's Part 1 cards are entered: refused until they are. */
const refusal = {
  at: async (page) =>
    ((await page.locator('main h1').first().textContent()) ?? '').trim() === 'Part 1 scores' &&
    (await page.locator('main [data-character]').getByText('Part 1 score not entered').count()) === NAMES.length,
  async act(page) {
    const form = await open(page, 'Start Part 2');
    await form.getByRole('group', { name: 'Who starts Part 2' }).getByRole('radio', { name: 'Ania (Miss Scarlett)' }).check();
    return { button: form.getByRole('button', { name: 'Start Part 2', exact: true }), message: /Enter the Hearts and Diamonds of .+ first\./ };
  }
};

/** The secret a player saw: their three objectives. */
const secretOf = (read) => read.match(/objectives\s*(.+?·.+?·\s*\S+(?: \S+)?)/)?.[1]?.trim() ?? read;

export default {
  refusal,
  secretOf,
  /** The table is in everyone's view once the objectives have gone round. */
  eyesOpen: async (page) => (await page.locator('main').getByTestId('deal').count()) === 0,
  id: 'kkd',
  name: 'Killer Kloo Doo',
  entry: 'move',
  hasDeal: true,
  hasNight: false,
  setUp,
  ready: boardReady,
  control,
  advance: boardAdvance(control)
};
