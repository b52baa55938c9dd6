/**
 * Filling in the players without friction, in the Cluethulhu form (both games share the list):
 * Enter moves on to the next name and never starts the game, "Number the seats" names the
 * empty rows for a table in a hurry, and the form comes back from its draft as it was left.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { CluethulhuSetup } from '$lib/games/cluethulhu/setup';
import SetupForm from '$lib/ui/setup/CluethulhuSetup.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
  await i18n.loadNamespace('setup');
});

const role = (id: string) => i18n.t(`cluethulhu:roles.${id}.name`);

function setup(props: Record<string, unknown> = {}) {
  const onstart = vi.fn<(s: CluethulhuSetup) => Promise<void>>(async () => {});
  const onchange = vi.fn<(form: unknown) => void>();
  render(SetupForm, { onstart, onchange, ...props });
  return { onstart, onchange };
}

/** Types `value` into the focused field the way a keyboard does. */
async function typeInFocused(value: string) {
  const field = document.activeElement as HTMLInputElement;
  await fireEvent.input(field, { target: { value } });
  return field;
}

describe('Enter in a name', () => {
  it('moves to the next name, adds a row after the last, and never starts the game', async () => {
    const { onstart } = setup();
    screen.getByLabelText('Player 1').focus();
    const names = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'];
    for (const [i, name] of names.entries()) {
      const field = await typeInFocused(name);
      expect(field).toBe(screen.getByLabelText(`Player ${i + 1}`));
      const allowed = await fireEvent.keyDown(field, { key: 'Enter' });
      expect(allowed, 'the Enter key is kept from the form').toBe(false);
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.queryByLabelText(`Player ${i + 2}`)));
    }
    // Seven names typed with Enter after each: the focus is on a new, eighth row.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Player 8')));
    expect(screen.getByLabelText('Player 8')).toHaveValue('');
    expect(screen.getByLabelText('Player 7')).toHaveValue('Gus');
    expect(onstart).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves into an existing next row rather than adding one', async () => {
    setup();
    const first = screen.getByLabelText('Player 1');
    first.focus();
    await fireEvent.keyDown(first, { key: 'Enter' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Player 2')));
    expect(screen.queryByLabelText('Player 8')).toBeNull();
  });

  it('offers Next on a phone keyboard', () => {
    setup();
    expect(screen.getByLabelText('Player 1')).toHaveAttribute('enterkeyhint', 'next');
  });
});

describe('Number the seats', () => {
  it('names every empty row by its seat, keeps typed names, and the game can start', async () => {
    const { onstart } = setup();
    await fireEvent.input(screen.getByLabelText('Player 2'), { target: { value: 'Bob' } });
    await fireEvent.input(screen.getByLabelText('Player 4'), { target: { value: 'Seat 5' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Number the seats' }));
    expect(screen.getByLabelText('Player 1')).toHaveValue('Seat 1');
    expect(screen.getByLabelText('Player 2')).toHaveValue('Bob');
    expect(screen.getByLabelText('Player 3')).toHaveValue('Seat 3');
    // Seat 5 is somebody's name already: the fifth row gets a name of its own.
    expect(screen.getByLabelText('Player 4')).toHaveValue('Seat 5');
    expect(screen.getByLabelText('Player 5')).not.toHaveValue('Seat 5');
    expect(screen.getByLabelText('Player 7')).toHaveValue('Seat 7');

    await fireEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await vi.waitFor(() => expect(onstart).toHaveBeenCalledTimes(1));
    expect(onstart.mock.calls[0][0].players.map((p) => p.name)).toEqual(['Seat 1', 'Bob', 'Seat 3', 'Seat 5', 'Seat 5.1', 'Seat 6', 'Seat 7']);
  });
});

describe('the draft', () => {
  it('reports the form after each change', async () => {
    const { onchange } = setup();
    await fireEvent.input(screen.getByLabelText('Player 1'), { target: { value: 'Ada' } });
    await fireEvent.click(screen.getByLabelText(role('wizard')));
    await vi.waitFor(() => {
      const last = onchange.mock.lastCall?.[0] as { players: { name: string }[]; specials: string[] };
      expect(last.players[0].name).toBe('Ada');
      expect(last.specials).toEqual(['wizard']);
    });
  });

  it('opens as the draft left it, and ignores what does not fit', () => {
    const players = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].map((name, i) => ({ id: `p${i}`, name }));
    setup({ draft: { players, specials: ['wizard', 'notARole'], callAbsentRoles: true, dealMode: 'physical', psychiatrist: 'yes' } });
    expect(screen.getByLabelText('Player 8')).toHaveValue('Hal');
    expect(screen.getByLabelText(role('wizard'))).not.toBeChecked(); // a list with an unknown role is dropped whole
    expect(screen.getByLabelText('Call absent or dead roles anyway (the book’s bluff)')).toBeChecked();
    expect(screen.getByLabelText('Record a physical deal')).toBeChecked();
  });
});
