/**
 * The override puts right what went wrong at the table, in the built app on a phone (412×823,
 * touch): a Cluethulhu game recorded from a physical deal, where the Keeper corrects a player's
 * name, gives the Haunted Doll to the player who really has it, and swaps two players' tablets
 * that were recorded the wrong way round. The roles are on screen only while the Keeper holds
 * to see them; every correction is saved, in the log, and the script follows it (the
 * Investigators' call names the corrected pair). Axe once, on the dialog.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { openTool, screenState, tick, waitForCommit, waitForGameScreen, waitForReady } from './keeper.mjs';

const app = useApp();
const NAMES = ['Ada', 'Bram', 'Cleo', 'Dara', 'Emil', 'Fay', 'Gus'];
/** The tablets as recorded: Ada and Bram Investigators, Cleo the Evil Child, the rest Cultists. */
const DEALT = { Ada: 'Investigator', Bram: 'Investigator', Cleo: 'Evil Child', Dara: 'Cultist', Emil: 'Cultist', Fay: 'Cultist', Gus: 'Cultist' };

/** Sets up seven players with the Evil Child, the tablets recorded by hand, and starts. */
async function setUp(page) {
  await page.goto(`${app.url}/new/cluethulhu`);
  await page.getByLabel('Player 1', { exact: true }).waitFor();
  for (let i = 0; i < NAMES.length; i++) {
    const input = page.getByLabel(`Player ${i + 1}`, { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add player', exact: true }).click();
    await input.fill(NAMES[i]);
  }
  const specials = page.locator('input[type="checkbox"][id*="-sp-"]:checked');
  for (let n = await specials.count(); n > 0; n = await specials.count()) await specials.first().uncheck();
  await page.getByLabel('Evil Child', { exact: true }).check();
  await page.getByLabel('Record a physical deal', { exact: true }).check();
  await page.getByRole('button', { name: 'Show tablets', exact: true }).click();
  for (const [name, tablet] of Object.entries(DEALT)) await page.getByLabel(`Tablet held by ${name}`, { exact: true }).selectOption({ label: tablet });
  await page.getByRole('button', { name: 'Start game', exact: true }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: 15_000 });
  await waitForGameScreen(page);
}

/** Opens the override and one of its corrections. */
async function openOverride(page, what) {
  await openTool(page, 'Keeper’s override');
  // Named in the game's own words: in Cluethulhu, the Keeper's.
  await page.getByRole('dialog', { name: 'Keeper’s override' }).waitFor();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: what, exact: true }).click();
  return dialog;
}

/** Continue, then the confirmation's question, then "Yes, do it"; waits until it is saved. */
async function confirm(page, question, seq) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Yes, do it', exact: true }).click();
  return waitForCommit(page, seq);
}

describe('the Keeper’s corrections', () => {
  test('rename a player, give the doll to its real holder, swap two tablets recorded the wrong way round', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { viewport: { width: 412, height: 823 } });
    try {
      await setUp(page);
      let state = await screenState(page);
      assert.equal(state.stage, 'play');
      await waitForReady(page);

      // A name typed wrong at setup.
      let dialog = await openOverride(page, 'Correct a name');
      const violations = await axeViolations(page);
      assert.equal(violations.length, 0, `override dialog:\n${describeViolations(violations)}`);
      await tick(page, dialog.getByLabel('Gus', { exact: true }));
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await dialog.getByLabel('The right name', { exact: true }).fill('Gustaw');
      state = await confirm(page, 'Change the name Gus to Gustaw?', state.seq);
      assert.match(await page.locator('main').innerText(), /Gustaw/, 'the script names the player by the new name');

      // The doll went to Dara at the table; the Keeper records it.
      dialog = await openOverride(page, 'Move a token');
      await tick(page, dialog.getByLabel('Haunted Doll', { exact: true }));
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await dialog.getByText('Haunted Doll. Nobody holds it now.', { exact: true }).waitFor();
      await tick(page, dialog.getByLabel('Dara', { exact: true }));
      state = await confirm(page, 'Haunted Doll: give it to Dara?', state.seq);

      // Ada and Fay were recorded the wrong way round.
      dialog = await openOverride(page, 'Swap two players’ roles');
      assert.equal(await dialog.getByText('Investigator').count(), 0, 'no role on screen before the Keeper holds to see');
      await tick(page, dialog.getByLabel('Ada', { exact: true }));
      await tick(page, dialog.getByLabel('Fay', { exact: true }));
      assert.ok(await dialog.getByLabel('Bram', { exact: true }).isDisabled(), 'two players at most');
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await dialog.getByText('Swap the roles of Ada and Fay?', { exact: true }).waitFor();
      assert.equal(await dialog.getByText('Ada: Investigator').count(), 0);
      const peek = dialog.getByRole('button', { name: 'Hold to see both roles now', exact: true });
      const box = await peek.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await dialog.getByText('Ada: Investigator', { exact: true }).waitFor();
      await dialog.getByText('Fay: Cultist', { exact: true }).waitFor();
      await page.mouse.up();
      await dialog.getByText('Ada: Investigator', { exact: true }).waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Yes, do it', exact: true }).click();
      state = await waitForCommit(page, state.seq);

      // The script follows: Dara passes the doll on, and the Investigators called are Bram and Fay.
      await waitForReady(page);
      assert.match(state.prompt ?? '', /Haunted doll/i);
      await tick(page, page.locator('main').getByLabel('Emil', { exact: true }));
      await page.locator('main').getByRole('button', { name: 'Next', exact: true }).click();
      state = await waitForCommit(page, state.seq);
      await waitForReady(page);
      await page.locator('main').getByRole('button', { name: 'Next', exact: true }).click();
      state = await waitForCommit(page, state.seq);
      const hints = await page.getByTestId('hint').allInnerTexts();
      assert.ok(hints.some((h) => h.includes('The Investigators: Bram, Fay.')), hints.join(' | '));

      // Every correction is in the log, the swap as the Keeper's secret; a reload keeps them.
      await page.goto(`${page.url()}/log`);
      await page.locator('main[data-seq]').waitFor();
      const log = await page.locator('main').innerText();
      for (const line of ['The Keeper corrected a name: Gus is Gustaw.', 'The Keeper gave the Haunted Doll to Dara.', 'The Keeper swapped the tablets of Ada and Fay.'])
        assert.ok(log.includes(line), `the log has "${line}"`);
    } finally {
      await context.close();
    }
  });
});
