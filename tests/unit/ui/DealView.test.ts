/**
 * Pass-and-peek dealing: a player's role is on screen only between "Show my role" and "Hide and
 * pass on", never for the next player, and never again after the screen is mounted afresh.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import DealView from '$lib/ui/DealView.svelte';
import DealHarness from './DealHarness.svelte';
import { CARDS, player } from './fixtures';

const role = (c: (typeof CARDS)[keyof typeof CARDS]) => i18n.tx(c.role);
const ability = (c: (typeof CARDS)[keyof typeof CARDS]) => i18n.tx(c.ability);

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
  // The fixtures' texts really are translated, so "not on screen" below means something.
  expect(role(CARDS.investigator)).not.toContain('roles.');
  expect(role(CARDS.wizard)).not.toEqual(role(CARDS.investigator));
});

const ada = { playerId: 'a', name: 'Ada', card: CARDS.investigator, position: 1, total: 3 };

describe('dealing one player', () => {
  it('starts hidden, asking to pass the phone, with the progress', () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Pass the phone to Ada' })).toBeInTheDocument();
    expect(screen.getByTestId('progress')).toHaveTextContent('1 of 3');
    expect(screen.queryByText(role(CARDS.investigator))).toBeNull();
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('shows the role, side and ability once "Show my role" is pressed', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await fireEvent.click(screen.getByRole('button', { name: 'Show my role' }));
    const card = screen.getByTestId('role-card');
    expect(card).toHaveTextContent(role(CARDS.investigator));
    expect(card).toHaveTextContent(i18n.tx(CARDS.investigator.side));
    expect(card).toHaveTextContent(ability(CARDS.investigator));
    expect(card).toHaveClass('tone-investigators');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('hides the card before passing on, and answers once', async () => {
    const onpass = vi.fn();
    render(DealView, { ...ada, onpass });
    await fireEvent.click(screen.getByRole('button', { name: 'Show my role' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Hide and pass on' }));
    expect(onpass).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(screen.queryByText(role(CARDS.investigator))).toBeNull();
  });

  it('starts hidden again when mounted afresh, even after the card was shown', async () => {
    const first = render(DealView, { ...ada, onpass: vi.fn() });
    await fireEvent.click(screen.getByRole('button', { name: 'Show my role' }));
    expect(screen.getByTestId('role-card')).toBeInTheDocument();
    first.unmount();
    render(DealView, { ...ada, onpass: vi.fn() });
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show my role' })).toBeInTheDocument();
  });

  it('never carries a shown card over to a different player given to the same screen', async () => {
    const view = render(DealView, { ...ada, onpass: vi.fn() });
    await fireEvent.click(screen.getByRole('button', { name: 'Show my role' }));
    await view.rerender({ playerId: 'b', name: 'Bob', card: CARDS.wizard, position: 2 });
    expect(screen.getByRole('heading', { level: 1, name: 'Pass the phone to Bob' })).toBeInTheDocument();
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(screen.queryByText(role(CARDS.investigator))).toBeNull();
  });
});

describe('dealing round the table', () => {
  const table = [
    player('a', 'Ada', 0, { card: CARDS.investigator }),
    player('b', 'Bob', 1, { card: CARDS.wizard }),
    player('d', 'Dee', 2, { card: CARDS.evilChild })
  ];

  it('shows each player only their own card, and no earlier one', async () => {
    render(DealHarness, { players: table });
    const seen: string[] = [];
    for (const [i, p] of table.entries()) {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Pass the phone to ${p.name}`);
      expect(screen.getByTestId('progress')).toHaveTextContent(`${i + 1} of ${table.length}`);
      // Before this player peeks, nothing of anyone's card is on screen.
      expect(screen.queryByTestId('role-card')).toBeNull();
      for (const text of seen) expect(document.body).not.toHaveTextContent(text);

      await fireEvent.click(screen.getByRole('button', { name: 'Show my role' }));
      const card = screen.getByTestId('role-card');
      expect(card).toHaveTextContent(role(p.card));
      for (const text of seen) expect(card).not.toHaveTextContent(text);
      seen.push(role(p.card), ability(p.card));

      await fireEvent.click(screen.getByRole('button', { name: 'Hide and pass on' }));
    }
    expect(screen.getByText('done')).toBeInTheDocument();
    for (const text of seen) expect(document.body).not.toHaveTextContent(text);
  });
});
