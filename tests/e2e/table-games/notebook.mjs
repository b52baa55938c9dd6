/** The detective's notebook: plain Cluedo for three, Ania's own six cards; suggestions recorded. */
import { boardAdvance, seqOf } from './board.mjs';
import { leaveHandBack } from './hand-back.mjs';

export const NAMES = ['Ania', 'Ben', 'Cela'];
const MINE = ['Miss Scarlett', 'Colonel Mustard', 'Candlestick', 'Dagger', 'Kitchen', 'Ballroom'];
const ROOMS = ['Hall', 'Study', 'Library', 'Lounge', 'Billiard Room', 'Dining Room', 'Conservatory'];

async function ready(page, timeout = 15_000) {
  await page.waitForFunction(() => document.querySelector('main[data-seq] tr[data-card]') !== null, undefined, { timeout, polling: 50 });
}

async function setUp(page, url) {
  await page.goto(`${url}/new/notebook`);
  await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
  for (let i = 0; i < 3; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
  await page.getByRole('radio', { name: 'Ania', exact: true }).check();
  for (const card of MINE) await page.getByRole('checkbox', { name: card, exact: true }).check();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await ready(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Cela suggests Plum with the Rope in a room (another each time) and Ben shows her a card. */
async function control(page) {
  await leaveHandBack(page);
  const seq = await seqOf(page);
  const form = page.locator('form.move-form');
  const open = page.getByRole('navigation', { name: 'Record' }).getByRole('button', { name: 'Suggestion', exact: true });
  if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
  await form.getByLabel('Who made the suggestion').selectOption({ label: 'Cela' });
  await form.getByLabel('Suspect', { exact: true }).selectOption({ label: 'Professor Plum' });
  await form.getByLabel('Weapon', { exact: true }).selectOption({ label: 'Rope' });
  await form.getByLabel('Room', { exact: true }).selectOption({ label: ROOMS[seq % ROOMS.length] });
  await form.getByLabel('Who showed a card').selectOption({ label: 'Ben' });
  return { place: 'record', control: 'Record a suggestion', button: form.getByRole('button', { name: 'Record', exact: true }) };
}

export default {
  id: 'notebook',
  name: 'the notebook',
  entry: 'move',
  hasDeal: false,
  hasNight: false,
  setUp,
  ready,
  control,
  advance: boardAdvance(control)
};
