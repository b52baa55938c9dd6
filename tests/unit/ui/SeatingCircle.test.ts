/**
 * The table: seats in order for a screen reader, and a role that shows only while the Keeper
 * holds a seat for 600 ms, by finger or by keyboard.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import SeatingCircle from '$lib/ui/SeatingCircle.svelte';
import { CARDS, players } from './fixtures';

// jsdom has no layout, so no ResizeObserver: the table keeps its default width.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(async () => {
  globalThis.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const adaRole = () => i18n.tx(CARDS.investigator.role);

describe('seating circle', () => {
  it('lists the seats in seating order, with who is out', () => {
    render(SeatingCircle, { players: players().reverse() });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.name')?.textContent)).toEqual(['Ada', 'Bob', 'Cy', 'Dee']);
    expect(items[2]).toHaveTextContent(i18n.t('cluethulhu:fate.murdered'));
    expect(items[1]).toHaveTextContent(i18n.t('cluethulhu:marks.highPriest'));
  });

  it('shows no role until a seat is held for 600 ms, and hides it on release', async () => {
    render(SeatingCircle, { players: players() });
    const ada = screen.getByRole('button', { name: /Ada/ });
    expect(screen.queryByText(adaRole())).toBeNull();
    await fireEvent.pointerDown(ada, { pointerId: 1 });
    await vi.advanceTimersByTimeAsync(400);
    expect(screen.queryByText(adaRole())).toBeNull();
    await vi.advanceTimersByTimeAsync(250);
    expect(screen.getByTestId('role-card')).toHaveTextContent(adaRole());
    await fireEvent.pointerUp(ada, { pointerId: 1 });
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('shows nothing for a short tap', async () => {
    render(SeatingCircle, { players: players() });
    const ada = screen.getByRole('button', { name: /Ada/ });
    await fireEvent.pointerDown(ada, { pointerId: 1 });
    await vi.advanceTimersByTimeAsync(200);
    await fireEvent.pointerUp(ada, { pointerId: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('works by holding Space or Enter on a seat', async () => {
    render(SeatingCircle, { players: players() });
    const ada = screen.getByRole('button', { name: /Ada/ });
    await fireEvent.keyDown(ada, { key: ' ' });
    await vi.advanceTimersByTimeAsync(650);
    expect(screen.getByTestId('role-card')).toHaveTextContent(adaRole());
    await fireEvent.keyUp(ada, { key: ' ' });
    expect(screen.queryByTestId('role-card')).toBeNull();

    await fireEvent.keyDown(ada, { key: 'Enter' });
    await vi.advanceTimersByTimeAsync(650);
    expect(screen.getByTestId('role-card')).toBeInTheDocument();
    await fireEvent.blur(ada);
    expect(screen.queryByTestId('role-card')).toBeNull();
  });

  it('draws each kind of token its own way, and leaves the secret ones off when asked to', () => {
    const mark = (id: string, secret: boolean) => ({ id, text: { key: `cluethulhu:marks.${id}` }, secret });
    const table = players().map((p, i) => (i === 0 ? { ...p, marks: [mark('highPriest', false), mark('doll', false), mark('protected', true)] } : p));
    const { unmount } = render(SeatingCircle, { players: table });
    const ada = screen.getByRole('button', { name: /Ada/ });
    const looks = [...ada.querySelectorAll('[data-mark]')].map((t) => [t.getAttribute('data-mark'), t.querySelector('path')?.getAttribute('d')]);
    expect(looks.map(([id]) => id)).toEqual(['highPriest', 'doll', 'protected']);
    expect(new Set(looks.map(([, d]) => d)).size).toBe(3);
    expect(ada).toHaveAccessibleName(/High Priest.*Haunted Doll.*Protected/);
    unmount();
    render(SeatingCircle, { players: table, showSecrets: false });
    const open = screen.getByRole('button', { name: /Ada/ });
    expect([...open.querySelectorAll('[data-mark]')].map((t) => t.getAttribute('data-mark'))).toEqual(['highPriest', 'doll']);
    expect(open).not.toHaveTextContent('Protected');
  });
});
