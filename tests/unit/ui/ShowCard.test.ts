/**
 * Showing one card to someone: a step that shows a player's card to a role offers it on a
 * screen of its own, and "show a role again" on the Table does the same for a player who forgot
 * theirs. The screen covers everything behind it, the card is in the page only while the button
 * is held, and nothing else of anyone's card is there.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import RevealAgain from '$lib/ui/RevealAgain.svelte';
import ScriptView from '$lib/ui/ScriptView.svelte';
import ShowCard from '$lib/ui/ShowCard.svelte';
import { CARDS, players, step, view } from './fixtures';

type Card = (typeof CARDS)[keyof typeof CARDS];
const role = (c: Card) => i18n.tx(c.role);
const ability = (c: Card) => i18n.tx(c.ability);
const everyRole = () => Object.values(CARDS).map(role);
const rolesInPage = () => everyRole().filter((r) => document.body.textContent?.includes(r));

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const toTchoTcho = { player: 'b', to: { key: 'cluethulhu:roles.tchoTcho.name' } };
const holdButton = () => screen.getByRole('button', { name: 'Hold to see the card' });

async function hold(ms: number) {
  await fireEvent.pointerDown(holdButton(), { pointerId: 1 });
  await vi.advanceTimersByTimeAsync(ms);
}
const letGo = () => fireEvent.pointerUp(holdButton(), { pointerId: 1 });

describe('showing a card to a role', () => {
  it('offers nothing when the step shows no card', () => {
    render(ShowCard, { show: undefined, players: players() });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names whose card and to whom, and shows no card before it is held', async () => {
    render(ShowCard, { show: toTchoTcho, players: players() });
    const open = screen.getByRole('button', { name: 'Show Bob’s card to the Tcho-Tcho' });
    expect(rolesInPage()).toEqual([]);
    await fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Bob’s card' });
    expect(dialog).toHaveClass('card-screen');
    expect(dialog).toHaveTextContent('Turn the screen to the Tcho-Tcho only');
    expect(within(dialog).getByText('The card is hidden.')).toBeInTheDocument();
    expect(rolesInPage()).toEqual([]);
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('shows that one card’s name and ability, not its side, only while held', async () => {
    render(ShowCard, { show: toTchoTcho, players: players() });
    await fireEvent.click(screen.getByRole('button', { name: /Show Bob’s card/ }));
    // A tap shows nothing.
    await hold(200);
    await letGo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.queryByTestId('role-card')).toBeNull();

    await hold(650);
    const card = screen.getByTestId('role-card');
    expect(card).toHaveTextContent(role(CARDS.wizard));
    expect(card).toHaveTextContent(ability(CARDS.wizard));
    expect(card).not.toHaveTextContent(i18n.tx(CARDS.wizard.side));
    expect(rolesInPage()).toEqual([role(CARDS.wizard)]);
    await letGo();
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(rolesInPage()).toEqual([]);
  });

  it('closes with Done or Escape, and the card is gone', async () => {
    render(ShowCard, { show: toTchoTcho, players: players() });
    await fireEvent.click(screen.getByRole('button', { name: /Show Bob’s card/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: /Show Bob’s card/ }));
    await hold(650);
    const dialog = screen.getByRole('dialog');
    await fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('is offered on the script screen for a step that carries it', async () => {
    const s = step({ kind: 'none' }, { role: { key: 'cluethulhu:roles.tchoTcho.name' }, showCard: toTchoTcho });
    render(ScriptView, { view: view(s), step: s, onanswer: vi.fn(), onundo: vi.fn(), resetKey: 1 });
    const open = screen.getByRole('button', { name: 'Show Bob’s card to the Tcho-Tcho' });
    expect(open).toHaveAttribute('type', 'button');
    await fireEvent.click(open);
    expect(screen.getByRole('dialog', { name: 'Bob’s card' })).toBeInTheDocument();
    expect(rolesInPage()).toEqual([]);
  });
});

describe('showing a player their role again', () => {
  it('asks for the player first', async () => {
    render(RevealAgain, { players: players() });
    await fireEvent.click(screen.getByRole('button', { name: 'Show role' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the player first.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a screen of its own for that player, the card only while held, with their side', async () => {
    render(RevealAgain, { players: players() });
    await fireEvent.change(screen.getByLabelText('Which player forgot their role?'), { target: { value: 'd' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show role' }));
    const dialog = screen.getByRole('dialog', { name: 'Dee’s role' });
    expect(dialog).toHaveClass('card-screen');
    expect(dialog).toHaveTextContent('Hand the phone to Dee');
    expect(rolesInPage()).toEqual([]);

    await hold(650);
    const card = screen.getByTestId('role-card');
    expect(card).toHaveTextContent(role(CARDS.evilChild));
    expect(card).toHaveTextContent(i18n.tx(CARDS.evilChild.side));
    expect(rolesInPage()).toEqual([role(CARDS.evilChild)]);
    await letGo();
    expect(rolesInPage()).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rolesInPage()).toEqual([]);
  });
});
