/**
 * Killer Kloo Doo at the table: three players; a turn ended, a right accusation, the Part 1
 * scores entered, Part 2 started with its objectives passed round by hold-to-see, then turns.
 */
import { peek } from '../keeper.mjs';
import { boardAdvance, boardReady, seqOf } from './board.mjs';

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
  const main = page.locator('main');
  if ((await main.getByTestId('deal').count()) > 0) {
    const read = await peek(page, async () => ((await page.getByTestId('card-view').textContent()) ?? '').replace(/\s+/g, ' ').trim(), OBJECTIVE_WORDS);
    return { place: 'deal', control: 'Done, pass on', button: page.getByRole('button', { name: OBJECTIVE_WORDS.passOn, exact: true }), read };
  }
  const seq = await seqOf(page);
  if (seq === 1) {
    const form = await open(page, 'Accusation');
    await form.getByRole('radio', { name: 'Right: +60' }).check();
    return { place: 'move', control: 'Record (a form)', button: form.getByRole('button', { name: 'Record', exact: true }) };
  }
  if (seq >= 2 && seq <= 4) {
    const name = NAMES[seq - 2];
    const form = await open(page, 'Enter cards');
    await form.getByLabel('Player', { exact: true }).selectOption({ label: `${name} (${CHARACTERS[seq - 2]})` });
    const hearts = form.getByRole('group', { name: `${name}’s Hearts`, exact: true });
    if ((await hearts.getByRole('button', { name: /^Remove/ }).count()) === 0) await hearts.getByRole('button', { name: /^Add: \w+ \(2\)$/ }).click();
    return { place: 'move', control: 'Record (a form)', button: form.getByRole('button', { name: 'Record', exact: true }) };
  }
  if (seq === 5) {
    const form = await open(page, 'Start Part 2');
    await form.getByRole('group', { name: 'Who starts Part 2' }).getByRole('radio', { name: 'Ania (Miss Scarlett)' }).check();
    return { place: 'move', control: 'Start Part 2', button: form.getByRole('button', { name: 'Start Part 2', exact: true }) };
  }
  return { place: 'move', control: 'End turn', button: main.getByRole('button', { name: /^End .+’s turn$/ }) };
}

export default {
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
