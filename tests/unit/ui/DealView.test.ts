/**
 * Pass-and-peek dealing: each player's screen starts locked for a moment, then shows their card
 * only while they press and hold (600 ms before it shows, gone the moment they let go); a
 * separate control passes the phone on once they have seen it, and answers once. No tap, at any
 * pace, puts a card in the page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import DealView from '$lib/ui/DealView.svelte';
import DealHarness from './DealHarness.svelte';
import { CARDS, player } from './fixtures';

type Card = (typeof CARDS)[keyof typeof CARDS];
const role = (c: Card) => i18n.tx(c.role);
const ability = (c: Card) => i18n.tx(c.ability);

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
  // The fixtures' texts really are translated, so "not on screen" below means something.
  expect(role(CARDS.investigator)).not.toContain('roles.');
  expect(role(CARDS.wizard)).not.toEqual(role(CARDS.investigator));
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ada = { playerId: 'a', name: 'Ada', card: CARDS.investigator, position: 1, total: 3 };
const holdButton = () => screen.getByRole('button', { name: /Hold to see your role|One moment/ });
const passButton = () => screen.queryByRole('button', { name: 'Done, pass on' });

/** Presses the hold control for `ms`, then lets go. */
async function press(el: HTMLElement, ms: number, release = true) {
  await fireEvent.pointerDown(el, { pointerId: 1 });
  await vi.advanceTimersByTimeAsync(ms);
  if (release) await fireEvent.pointerUp(el, { pointerId: 1 });
}

/** Waits out the lock that every player's screen starts with. */
const unlock = () => vi.advanceTimersByTimeAsync(1000);

describe('dealing one player', () => {
  it('starts locked, saying so, with the name and the progress, and no card', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Pass the phone to Ada' })).toBeInTheDocument();
    expect(screen.getByTestId('progress')).toHaveTextContent('1 of 3');
    expect(holdButton()).toBeDisabled();
    expect(holdButton()).toHaveTextContent('One moment…');
    expect(screen.getByText(/locked for a moment/)).toBeInTheDocument();
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(passButton()).toBeNull();

    await unlock();
    expect(holdButton()).toBeEnabled();
    expect(holdButton()).toHaveTextContent('Hold to see your role');
    expect(screen.queryByText(/locked for a moment/)).toBeNull();
  });

  it('ignores a press made while locked, even one held on past the lock', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await press(holdButton(), 1500, false);
    expect(screen.queryByTestId('role-card')).toBeNull();
    await fireEvent.pointerUp(holdButton(), { pointerId: 1 });
    expect(passButton()).toBeNull();
  });

  it('shows nothing for taps, quick or repeated, and offers no way on before the card was seen', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await unlock();
    for (let i = 0; i < 10; i++) {
      await press(holdButton(), 50 + i * 50);
      await fireEvent.click(holdButton());
      expect(screen.queryByTestId('role-card')).toBeNull();
      expect(document.body).not.toHaveTextContent(role(CARDS.investigator));
    }
    expect(passButton()).toBeNull();
  });

  it('shows the role, side and ability on an opaque view only while held, in neutral colours', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await unlock();
    await press(holdButton(), 400, false);
    expect(screen.queryByTestId('role-card')).toBeNull();
    await vi.advanceTimersByTimeAsync(250);
    const view = screen.getByTestId('card-view');
    expect(view).toHaveTextContent('Ada, this is your role');
    const card = screen.getByTestId('role-card');
    expect(card).toHaveTextContent(role(CARDS.investigator));
    expect(card).toHaveTextContent(i18n.tx(CARDS.investigator.side));
    expect(card).toHaveTextContent(ability(CARDS.investigator));
    // No side's colour on the card: nothing to read across the room.
    expect(card.className).not.toMatch(/tone/);
    expect(view.querySelector('[class*="tone"]')).toBeNull();

    await fireEvent.pointerUp(holdButton(), { pointerId: 1 });
    expect(screen.queryByTestId('card-view')).toBeNull();
    expect(document.body).not.toHaveTextContent(role(CARDS.investigator));
  });

  it('hides the card when the finger slides off, the page is hidden or the control loses focus', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await unlock();
    await press(holdButton(), 700, false);
    expect(screen.getByTestId('role-card')).toBeInTheDocument();
    await fireEvent.pointerCancel(holdButton(), { pointerId: 1 });
    expect(screen.queryByTestId('role-card')).toBeNull();

    await press(holdButton(), 700, false);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.queryByTestId('role-card')).toBeNull();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    await fireEvent.keyDown(holdButton(), { key: ' ' });
    await vi.advanceTimersByTimeAsync(700);
    expect(screen.getByTestId('role-card')).toBeInTheDocument();
    await fireEvent.blur(holdButton());
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('works by holding Space on the keyboard, a repeated key included', async () => {
    render(DealView, { ...ada, onpass: vi.fn() });
    await unlock();
    await fireEvent.keyDown(holdButton(), { key: ' ' });
    await vi.advanceTimersByTimeAsync(300);
    await fireEvent.keyDown(holdButton(), { key: ' ', repeat: true });
    await vi.advanceTimersByTimeAsync(350);
    expect(screen.getByTestId('role-card')).toHaveTextContent(role(CARDS.investigator));
    await fireEvent.keyUp(holdButton(), { key: ' ' });
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('passes on with a separate control once seen, and answers once however often it is tapped', async () => {
    let resolve: (ok: boolean) => void = () => {};
    const onpass = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    render(DealView, { ...ada, onpass });
    await unlock();
    await press(holdButton(), 700);
    const pass = passButton();
    expect(pass).not.toBeNull();
    expect(pass).not.toBe(holdButton());
    expect(screen.getByText(/Hold again to see it once more/)).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await fireEvent.click(pass!);
    expect(onpass).toHaveBeenCalledTimes(1);
    // While it is being stored nothing can show the card again.
    expect(holdButton()).toBeDisabled();
    await press(holdButton(), 700);
    expect(screen.queryByTestId('role-card')).toBeNull();
    resolve(true);
  });

  it('lets the same player pass on again when the move was not stored', async () => {
    const onpass = vi.fn(async () => false);
    render(DealView, { ...ada, onpass });
    await unlock();
    await press(holdButton(), 700);
    await fireEvent.click(passButton()!);
    await vi.advanceTimersByTimeAsync(0);
    expect(passButton()).toBeEnabled();
    await fireEvent.click(passButton()!);
    expect(onpass).toHaveBeenCalledTimes(2);
  });

  it('never carries a card, or its "seen", over to a different player given to the same screen', async () => {
    const view = render(DealView, { ...ada, onpass: vi.fn() });
    await unlock();
    await press(holdButton(), 700, false);
    expect(screen.getByTestId('role-card')).toBeInTheDocument();
    await view.rerender({ playerId: 'b', name: 'Bob', card: CARDS.wizard, position: 2 });
    expect(screen.getByRole('heading', { level: 1, name: 'Pass the phone to Bob' })).toBeInTheDocument();
    expect(screen.queryByTestId('role-card')).toBeNull();
    expect(document.body).not.toHaveTextContent(role(CARDS.investigator));
    expect(document.body).not.toHaveTextContent(role(CARDS.wizard));
    expect(holdButton()).toBeDisabled();
    expect(passButton()).toBeNull();
  });
});

describe('dealing round the table', () => {
  const table = [
    player('a', 'Ada', 0, { card: CARDS.investigator }),
    player('b', 'Bob', 1, { card: CARDS.wizard }),
    player('d', 'Dee', 2, { card: CARDS.evilChild })
  ];
  const texts = (p: (typeof table)[number]) => [role(p.card), ability(p.card)];

  /** Whose card texts are in the page now. */
  const inPage = () => table.filter((p) => texts(p).some((t) => document.body.textContent?.includes(t))).map((p) => p.name);

  it('shows each player only their own card, and no earlier one', async () => {
    render(DealHarness, { players: table });
    for (const [i, p] of table.entries()) {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Pass the phone to ${p.name}`);
      expect(screen.getByTestId('progress')).toHaveTextContent(`${i + 1} of ${table.length}`);
      expect(inPage()).toEqual([]);
      await unlock();
      await press(holdButton(), 700, false);
      expect(inPage()).toEqual([p.name]);
      await fireEvent.pointerUp(holdButton(), { pointerId: 1 });
      expect(inPage()).toEqual([]);
      await fireEvent.click(passButton()!);
    }
    expect(screen.getByText('done')).toBeInTheDocument();
    expect(inPage()).toEqual([]);
  });

  it('never puts a card in the page for bursts of taps on every control, at 50 to 400 ms', async () => {
    render(DealHarness, { players: table });
    // A fixed, varied rhythm (no randomness in tests): taps on whatever button is there.
    const gaps = [50, 120, 400, 80, 230, 60, 310, 150, 90, 370, 50, 200];
    for (let n = 0; n < 120; n++) {
      const buttons = screen.queryAllByRole('button');
      if (buttons.length === 0) break;
      const target = buttons[n % buttons.length];
      await fireEvent.pointerDown(target, { pointerId: 1 });
      await vi.advanceTimersByTimeAsync(Math.min(40, gaps[n % gaps.length] / 2));
      await fireEvent.pointerUp(target, { pointerId: 1 });
      await fireEvent.click(target);
      expect(inPage()).toEqual([]);
      await vi.advanceTimersByTimeAsync(gaps[n % gaps.length]);
      expect(inPage()).toEqual([]);
    }
    // No tap ever got anyone past their own turn: Ada has not seen her card, so it is still hers.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pass the phone to Ada');
  });
});
