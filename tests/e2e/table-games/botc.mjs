/**
 * Blood on the Clocktower at the table: Trouble Brewing, seven players with a random bag and
 * three bluffs, dealt by hold-to-see; then the grimoire: a death marked by night, dawn; by
 * day a nomination, its vote and the execution; dusk.
 */
import { peek, screenState, SEVEN } from '../keeper.mjs';
import { boardAdvance, boardReady } from './board.mjs';
import { leaveHandBack } from './hand-back.mjs';

async function setUp(page, url) {
  await page.goto(`${url}/new/botc`);
  await page.getByRole('button', { name: 'Trouble Brewing', exact: true }).click();
  await page.getByRole('radio', { name: 'Trouble Brewing', exact: true }).waitFor();
  for (let i = 0; i < SEVEN.length; i++) await page.getByRole('textbox', { name: `Player ${i + 1}`, exact: true }).fill(SEVEN[i]);
  await page.getByRole('button', { name: 'Random bag', exact: true }).click();
  await page.getByRole('button', { name: 'Draw three bluffs', exact: true }).click();
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await boardReady(page);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The control that moves the game on now: pass the phone on, mark a death by night, dawn, dusk. */
async function control(page) {
  await leaveHandBack(page);
  const state = await screenState(page);
  const main = page.locator('main');
  if (state.stage === 'dealing') {
    const read = await peek(page, async () => ((await page.getByTestId('role-card').locator('.role').textContent()) ?? '').trim());
    return { place: 'deal', control: 'Done, pass on', button: page.getByRole('button', { name: 'Done, pass on', exact: true }), read };
  }
  const night = /^Night/.test(state.heading ?? '');
  if (night && (await main.locator('button.seat.dead').count()) === 0) {
    // Cleo dies in the night: her seat opened, then "Mark dead".
    const seat = main.locator('button.seat').nth(2);
    if ((await seat.getAttribute('aria-pressed')) !== 'true') await seat.click();
    return { place: 'night', control: 'Mark dead', button: main.getByRole('button', { name: 'Mark dead', exact: true }) };
  }
  if (!night) {
    // The day: Ada nominates Bram, four hands go up (Cleo's ghost vote among them), Bram is
    // executed; then dusk. Each is read from the screen, so a restarted page carries on.
    const vote = main.locator('fieldset.vote');
    if ((await vote.count()) > 0) {
      for (const name of ['Cleo', 'Dara', 'Emil', 'Fay']) {
        const box = vote.getByRole('checkbox', { name: new RegExp(`^${name}`) });
        if ((await box.count()) > 0 && !(await box.isChecked())) await box.check();
      }
      return { place: 'day', control: 'Record the vote', button: vote.getByRole('button', { name: /^Record the vote/ }) };
    }
    const verdict = ((await page.getByTestId('about-to-die').textContent({ timeout: 1000 }).catch(() => '')) ?? '').trim();
    const execute = main.getByRole('button', { name: /^Execute / });
    if (/^About to die/.test(verdict) && (await execute.count()) > 0 && (await execute.first().isEnabled())) return { place: 'day', control: 'Execute', button: execute.first() };
    if (!/executed/.test(verdict) && (await main.getByLabel('Who nominates', { exact: true }).count()) > 0) {
      const nominator = main.getByLabel('Who nominates', { exact: true });
      const nominee = main.getByLabel('Who is nominated', { exact: true });
      if ((await nominator.locator('option', { hasText: /^Ada$/ }).count()) > 0 && (await nominee.locator('option', { hasText: /^Bram$/ }).count()) > 0) {
        await nominator.selectOption({ label: 'Ada' });
        await nominee.selectOption({ label: 'Bram' });
        return { place: 'day', control: 'Nominate', button: main.getByRole('button', { name: 'Nominate', exact: true }) };
      }
    }
  }
  const phase = main.getByRole('button', { name: night ? /^Dawn: end night/ : /^Dusk: start night/ });
  return { place: night ? 'night' : 'day', control: night ? 'Dawn' : 'Dusk', button: phase };
}

/** By day, Cleo (who died in the night) nominates: only the living nominate. */
const refusal = {
  at: async (page) => /^Day/.test(((await page.locator('main h1').first().textContent()) ?? '').trim()),
  async act(page) {
    await page.getByLabel('Who nominates', { exact: true }).selectOption({ label: 'Cleo (Dead)' });
    await page.getByLabel('Who is nominated', { exact: true }).selectOption({ label: 'Dara' });
    return { button: page.getByRole('button', { name: 'Nominate', exact: true }), message: 'Cleo is dead: only the living nominate.' };
  }
};

export default {
  refusal,
  /** The script's characters offered to pick from (a Fabled, a Traveller joining): public, like the script sheet. */
  publicParts: ['option'],
  /** By day the players' eyes are open (the grimoire closed). */
  eyesOpen: async (page) => /^Day/.test(((await page.locator('main h1').first().textContent()) ?? '').trim()),
  id: 'botc',
  name: 'Blood on the Clocktower',
  entry: 'move',
  hasDeal: true,
  hasNight: true,
  /** A moderator's screen follows the deal. */
  moderated: true,
  setUp,
  ready: boardReady,
  control,
  advance: boardAdvance(control)
};
