/**
 * The game's tools behind one button: closed, nothing of it takes room or is reachable; open,
 * its links and its action are there; Escape or a tap elsewhere closes it, and an action gives
 * focus back to the button before it runs (so a dialog it opens returns focus there).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import GameMenu from '$lib/ui/GameMenu.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
});

function menu() {
  const onselect = vi.fn(() => expect(document.activeElement).toBe(toggle()));
  render(GameMenu, { label: 'Game', items: [{ label: 'Table', href: '/game/g1/table' }, { label: 'Keeper’s override', dialog: true, onselect }] });
  return { onselect };
}
const toggle = () => screen.getByRole('button', { name: 'Menu' });

describe('the game menu', () => {
  it('opens to its tools and closes with Escape, focus back on its button', async () => {
    menu();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Table' })).toBeNull();
    await fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Game' })).toContainElement(screen.getByRole('link', { name: 'Table' }));
    expect(screen.getByRole('link', { name: 'Table' })).toHaveAttribute('href', '/game/g1/table');
    screen.getByRole('link', { name: 'Table' }).focus();
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on a tap elsewhere, and runs an action after closing', async () => {
    const { onselect } = menu();
    await fireEvent.click(toggle());
    await fireEvent.pointerDown(document.body);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await fireEvent.click(toggle());
    const action = screen.getByRole('button', { name: 'Keeper’s override' });
    expect(action).toHaveAttribute('aria-haspopup', 'dialog');
    await fireEvent.click(action);
    expect(onselect).toHaveBeenCalledOnce();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });
});
