/** The Keeper's override: every ruling is chosen, then confirmed, then sent. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import OverrideDialog from '$lib/ui/OverrideDialog.svelte';
import { players } from './fixtures';

beforeAll(async () => {
  await i18n.setLanguage('en');
});

const winners = [
  { id: 'investigators', label: 'The Investigators' },
  { id: 'cult', label: 'The Cult' }
];

function open(revealable?: string[]) {
  const onoverride = vi.fn();
  const onclose = vi.fn();
  render(OverrideDialog, { open: true, players: players(), winners, revealable, onoverride, onclose });
  return { onoverride, onclose };
}

describe('Keeper’s override', () => {
  it('is a labelled dialog offering the three rulings', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Keeper’s override' })).toBeInTheDocument();
    for (const name of ['Mark a player eliminated', 'Bring a player back', 'Declare a winner'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('eliminates only a living player, after confirmation', async () => {
    const { onoverride, onclose } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Mark a player eliminated' }));
    expect(screen.queryByLabelText('Cy')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Bob'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onoverride).not.toHaveBeenCalled();
    expect(screen.getByText('Mark Bob as eliminated?')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledWith({ kind: 'eliminate', player: 'b' });
    expect(onclose).toHaveBeenCalled();
  });

  it('brings back only a player who is out', async () => {
    const { onoverride } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Bring a player back' }));
    expect(screen.queryByLabelText('Ada')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Cy'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledWith({ kind: 'revive', player: 'c' });
  });

  it('declares a winner from the game’s list, and can step back before confirming', async () => {
    const { onoverride } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Declare a winner' }));
    await fireEvent.click(screen.getByLabelText('The Cult'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onoverride).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByLabelText('The Investigators'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'declareWinner', winner: 'investigators' });
  });

  it('offers recording a card shown only in a game where a role may show it', () => {
    open();
    expect(screen.queryByRole('button', { name: 'Record a card shown' })).toBeNull();
  });

  it('records a card shown by a player who may show it now, named with their role, after confirmation', async () => {
    const { onoverride, onclose } = open(['b']);
    await fireEvent.click(screen.getByRole('button', { name: 'Record a card shown' }));
    expect(screen.getByRole('group', { name: 'Who shows their card to everyone?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    await fireEvent.click(screen.getByLabelText(/^Bob \(/));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onoverride).not.toHaveBeenCalled();
    expect(screen.getByText(/^Record that Bob \(.+\) shows their card to everyone\?$/)).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'reveal', player: 'b' });
    expect(onclose).toHaveBeenCalled();
  });

  it('says why when nobody may show a card at this moment', async () => {
    open([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Record a card shown' }));
    expect(screen.getByText(/^Nobody may show their card now\./)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
