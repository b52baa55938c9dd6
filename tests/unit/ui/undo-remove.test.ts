/**
 * No tap on the setup screen throws typed work away for good: a named player removed by
 * mistake comes back, name and seat, with Undo. (Deleting a game asks first; a running timer
 * only resets once paused: see step-timer.test.ts.)
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import SetupForm from '$lib/ui/setup/CluethulhuSetup.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
  await i18n.loadNamespace('setup');
});

const NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];

async function filled() {
  render(SetupForm, { onstart: vi.fn(async () => {}) });
  for (let i = 1; i <= NAMES.length; i++) await fireEvent.input(screen.getByLabelText(`Player ${i}`), { target: { value: NAMES[i - 1] } });
}

const names = () => NAMES.map((_, i) => (screen.queryByLabelText(`Player ${i + 1}`) as HTMLInputElement | null)?.value ?? null);

describe('removing a player', { timeout: 20_000 }, () => {
  it('offers Undo, which puts the player back in the same seat', async () => {
    await filled();
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Cy' }));
    expect(names()).toEqual(['Ada', 'Bob', 'Dee', 'Eve', 'Fay', 'Gus', null]);
    expect(screen.getByText('Cy was removed.')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(NAMES);
    expect(screen.queryByText('Cy was removed.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers nothing for an empty row', async () => {
    render(SetupForm, { onstart: vi.fn(async () => {}) });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Player 3' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('forgets the offer once a player is added', async () => {
    await filled();
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Ada' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Add player' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says so in Polish', async () => {
    await filled();
    await i18n.setLanguage('pl');
    try {
      await fireEvent.click(screen.getByRole('button', { name: 'Usuń: Bob' }));
      expect(screen.getByText('Usunięto z listy: Bob.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cofnij' })).toBeInTheDocument();
    } finally {
      await i18n.setLanguage('en');
    }
  });
});
