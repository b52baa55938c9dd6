/** Cthulhu Gloom at the table: three families, two Stories; a card recorded, a play passed, the turn ended. */
import { boardAdvance, boardReady } from './board.mjs';
import { leaveHandBack } from './hand-back.mjs';

export const NAMES = ['Ania', 'Bartek', 'Celina'];
const FAMILIES = ['Miskatonic University', 'The Whateleys', 'Arkham Sanitarium'];
const CHARACTERS = [
  ['Herbert West', 'Professor Armitage', 'Walter Gilman', 'Edward Derby', 'Asenath Waite'],
  ['Wilbur Whately', 'Lavinia Whateley', 'Old Whately', 'Rutherford Whately', 'Junior'],
  ['Doctor Willett', 'Henry Akeley', 'Randolph Carter', 'Tigger-Man', 'Anna Tilton']
];

async function setUp(page, url) {
  await page.goto(`${url}/new/gloom`);
  await page.getByRole('textbox', { name: 'Player 1', exact: true }).waitFor();
  for (let i = 0; i < NAMES.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(NAMES[i]);
  await page.getByRole('radio', { name: NAMES[0], exact: true }).check();
  for (let i = 0; i < NAMES.length; i++) {
    // A family is picked as a user does: one tap on its radio in the player's "Family" group,
    // which fills the family's Characters from the card list; the driver's names then overwrite them.
    await page.getByRole('group', { name: NAMES[i], exact: true }).getByRole('group', { name: 'Family', exact: true }).getByText(FAMILIES[i], { exact: true }).click();
    for (let k = 0; k < 5; k++) {
      const field = page.getByLabel(`Character ${k + 1} of ${NAMES[i]}`, { exact: true });
      if ((await field.count()) > 0) await field.fill(CHARACTERS[i][k]);
    }
  }
  const names = page.getByLabel('Story card', { exact: true });
  const points = page.getByLabel('Its Pathos points', { exact: true });
  await names.nth(0).fill('The Necronomicon');
  await points.nth(0).fill('-10');
  await names.nth(1).fill('The King In Yellow');
  await points.nth(1).fill('-5');
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await boardReady(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The Modifiers recorded, one a turn, each a card of its own: the search typed, the card's name. */
const MODIFIERS = [
  ['delved', 'Delved Too Deep'],
  ['hideous', 'Had Hideous Hallucinations'],
  ['librarian', 'Loved A Librarian']
];

/** A Modifier recorded on the player's own first character, a play passed, then the turn ended. */
async function control(page) {
  await leaveHandBack(page);
  const main = page.locator('main');
  if ((await main.getByText('0 of 2 plays made', { exact: true }).count()) > 0) {
    const turn = Number(((await main.locator('h1').first().textContent()) ?? '').match(/\d+/)?.[0] ?? 1);
    const [search, card] = MODIFIERS[(turn - 1) % MODIFIERS.length];
    await main.getByRole('button', { name: 'Record a card', exact: true }).click();
    await page.getByRole('radio', { name: 'Modifier', exact: true }).check();
    await page.getByLabel('Card name', { exact: true }).fill(search);
    await page.getByRole('button', { name: card, exact: true }).click();
    const target = page.getByLabel('Played on', { exact: true });
    const first = await target.locator('option:not([value=""])').first().getAttribute('value');
    await target.selectOption(first ?? '');
    await page.getByLabel('Pathos space 1', { exact: true }).fill('-5');
    return { place: 'turn', control: 'Record (a card)', button: page.getByRole('button', { name: 'Record', exact: true }) };
  }
  if ((await main.getByText('1 of 2 plays made', { exact: true }).count()) > 0) return { place: 'turn', control: 'Pass a play', button: main.getByRole('button', { name: 'Pass a play', exact: true }) };
  return { place: 'turn', control: 'End turn', button: main.getByRole('button', { name: /^End turn: / }) };
}

/**
 * A rule's refusal: an Untimely Death on a character whose Self-Worth is 0, recorded as a free
 * play. Resolves to "Record it anyway", the control that overrules it.
 */
const refusal = {
  at: async (page) => (await page.locator('main').getByText('0 of 2 plays made', { exact: true }).count()) > 0,
  async act(page) {
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Record a card', exact: true }).click();
    await page.getByRole('radio', { name: 'Untimely Death', exact: true }).check();
    await page.getByLabel('Card name', { exact: true }).fill('wasted');
    await page.getByRole('button', { name: 'Wasted Away', exact: true }).click();
    await page.getByLabel('Played on', { exact: true }).selectOption({ label: 'Walter Gilman (Self-Worth 0)' });
    await page.getByLabel('A free play (does not count as one of the turn’s two plays)', { exact: true }).check();
    return {
      button: page.getByRole('button', { name: 'Record', exact: true }),
      message: /needs a negative Self-Worth/,
      then: { control: 'Record it anyway', button: page.getByRole('button', { name: 'Record it anyway', exact: true }) }
    };
  }
};

export default {
  refusal,
  id: 'gloom',
  name: 'Cthulhu Gloom',
  entry: 'move',
  hasDeal: false,
  hasNight: false,
  setUp,
  ready: boardReady,
  control,
  advance: boardAdvance(control)
};
