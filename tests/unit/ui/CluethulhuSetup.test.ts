/**
 * Setting up Cluethulhu: players by name in seating order, the role mix for that many players,
 * specials within the book's limits, and nothing started until every problem is fixed.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { CluethulhuSetup } from '$lib/games/cluethulhu/setup';
import SetupForm from '$lib/ui/setup/CluethulhuSetup.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
  await i18n.loadNamespace('setup');
});

const NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu'];
const role = (id: string) => i18n.t(`cluethulhu:roles.${id}.name`);

function setup() {
  const onstart = vi.fn<(s: CluethulhuSetup) => Promise<void>>(async () => {});
  render(SetupForm, { onstart });
  return { onstart };
}

async function fill(count: number) {
  for (let i = 1; i <= count; i++) {
    if (!screen.queryByLabelText(`Player ${i}`)) await fireEvent.click(screen.getByRole('button', { name: 'Add player' }));
    await fireEvent.input(screen.getByLabelText(`Player ${i}`), { target: { value: NAMES[i - 1] } });
  }
}

describe('players', () => {
  it('starts with seven empty seats labelled Player 1 to Player 7', () => {
    setup();
    for (let i = 1; i <= 7; i++) expect(screen.getByLabelText(`Player ${i}`)).toHaveValue('');
    expect(screen.queryByLabelText('Player 8')).toBeNull();
  });

  it('labels only the name field "Player 1", so a lookup by label finds one field', () => {
    setup();
    expect(screen.getAllByLabelText(/Player 1/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Player 1' })).toBeInTheDocument();
  });

  it('adds, moves and removes players with real buttons', async () => {
    setup();
    await fill(8);
    await fireEvent.click(screen.getByRole('button', { name: 'Move Bob up' }));
    expect(screen.getByLabelText('Player 1')).toHaveValue('Bob');
    expect(screen.getByLabelText('Player 2')).toHaveValue('Ada');
    await fireEvent.click(screen.getByRole('button', { name: 'Move Bob down' }));
    expect(screen.getByLabelText('Player 1')).toHaveValue('Ada');
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Cy' }));
    expect(screen.getByLabelText('Player 3')).toHaveValue('Dee');
    expect(screen.queryByLabelText('Player 8')).toBeNull();
  });
});

describe('roles', () => {
  it('says in one line what each role it offers does, beside its box', async () => {
    setup();
    await fill(12);
    for (const r of ['shoggoth', 'wizard', 'tchoTcho', 'mother', 'yithian', 'evilChild', 'traitor', 'psychiatrist']) {
      const brief = i18n.t(`cluethulhu:briefs.${r}`);
      expect(brief.length).toBeGreaterThan(10);
      expect(brief).not.toBe(i18n.t(`cluethulhu:roles.${r}.ability`));
      const box = r === 'psychiatrist' ? screen.getByLabelText(`Use the ${role(r)}`) : screen.getByLabelText(role(r));
      expect(box).toHaveAccessibleDescription(expect.stringContaining(brief));
      expect(screen.getByText(brief)).toBeVisible();
    }
  });

  it('shows the mix for the number of players, live', async () => {
    setup();
    await fill(7);
    const mix = screen.getByRole('heading', { name: 'Tablets for 7 players' }).parentElement!;
    expect(mix).toHaveTextContent(`2 × ${role('investigator')}`);
    expect(mix).toHaveTextContent(`5 × ${role('cultist')}`);
    await fireEvent.click(screen.getByLabelText(role('wizard')));
    expect(mix).toHaveTextContent(`1 × ${role('wizard')}`);
    expect(mix).toHaveTextContent(`4 × ${role('cultist')}`);
  });

  it('allows three specials and no Traitor below eleven players, saying why', async () => {
    setup();
    await fill(7);
    expect(screen.getByLabelText(role('traitor'))).toBeDisabled();
    expect(screen.getByLabelText(role('traitor'))).toHaveAccessibleDescription(/^From 11 players/);
    for (const r of ['wizard', 'mother', 'shoggoth']) await fireEvent.click(screen.getByLabelText(role(r)));
    expect(screen.getByLabelText(role('yithian'))).toBeDisabled();
    expect(screen.getByLabelText(role('wizard'))).toBeEnabled();
    expect(screen.getByText(/up to 3 \(chosen: 3\)/)).toBeInTheDocument();
  });

  it('offers the Psychiatrist from eleven players and the Traitor with it', async () => {
    setup();
    await fill(10);
    expect(screen.queryByLabelText(`Use the ${role('psychiatrist')}`)).toBeNull();
    await fill(11);
    const psych = screen.getByLabelText(`Use the ${role('psychiatrist')}`);
    expect(psych).toBeChecked();
    expect(screen.getByLabelText(role('traitor'))).toBeEnabled();
    await fireEvent.click(psych);
    const mix = screen.getByRole('heading', { name: 'Tablets for 11 players' }).parentElement!;
    expect(mix).toHaveTextContent(`3 × ${role('investigator')}`);
  });
});

describe('starting', () => {
  it('lists every problem in an alert and starts nothing', async () => {
    const { onstart } = setup();
    await fireEvent.input(screen.getByLabelText('Player 1'), { target: { value: 'Ada' } });
    await fireEvent.input(screen.getByLabelText('Player 2'), { target: { value: 'ada ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(onstart).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    const items = within(alert).getAllByRole('listitem');
    // Five blank seats and one repeated name.
    expect(items.length).toBe(6);
    expect(screen.getByLabelText('Player 3')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Player 1')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses fewer than seven players', async () => {
    const { onstart } = setup();
    await fill(7);
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Gus' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(onstart).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('cluethulhu:setup.errors.tooFew', { count: 6, min: 7 }));
  });

  it('starts with the players in seating order, names trimmed, and the options chosen', async () => {
    const { onstart } = setup();
    await fill(7);
    await fireEvent.input(screen.getByLabelText('Player 7'), { target: { value: '  Gus ' } });
    await fireEvent.click(screen.getByLabelText(role('evilChild')));
    await fireEvent.click(screen.getByLabelText('Call absent or dead roles anyway (the book’s bluff)'));
    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onstart).toHaveBeenCalledTimes(1);
    const s = onstart.mock.calls[0][0];
    expect(s.players.map((p) => [p.name, p.seat])).toEqual(NAMES.slice(0, 7).map((n, i) => [n, i]));
    expect(new Set(s.players.map((p) => p.id)).size).toBe(7);
    expect(s.specials).toEqual(['evilChild']);
    expect(s.callAbsentRoles).toBe(true);
    expect(s.deal).toEqual({ mode: 'app' });
  });

  it('records a physical deal behind a show/hide toggle and checks it', async () => {
    const { onstart } = setup();
    await fill(7);
    await fireEvent.click(screen.getByLabelText('Record a physical deal'));
    const toggle = screen.getByRole('button', { name: 'Show tablets' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Tablet held by Ada')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(onstart).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Ada');

    await fireEvent.click(toggle);
    const dealt = ['investigator', 'investigator', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];
    for (const [i, r] of dealt.entries())
      await fireEvent.change(screen.getByLabelText(`Tablet held by ${NAMES[i]}`), { target: { value: r } });
    await fireEvent.click(screen.getByRole('button', { name: 'Hide tablets' }));
    expect(screen.queryByLabelText('Tablet held by Ada')).toBeNull();
    expect(screen.getByText('Recorded: 7 of 7.')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(onstart).toHaveBeenCalledTimes(1);
    const s = onstart.mock.calls[0][0];
    expect(s.deal.mode).toBe('physical');
    if (s.deal.mode === 'physical') expect(s.players.map((p) => s.deal.mode === 'physical' && s.deal.roles[p.id])).toEqual(dealt);
  });
});
