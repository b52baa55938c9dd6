/**
 * The grimoire keeps the Storyteller's secrets off an eyes-open screen: by day the characters,
 * reminders and the night's list are not in the page until the Storyteller opens the grimoire,
 * and they go again when the screen is left; by night (eyes closed) it is open.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { ActiveGame } from '$lib/stores/game.svelte';
import Grimoire from '$lib/ui/botc/Grimoire.svelte';
import { by, game as botcGame } from '../botc/fixture';

// jsdom has no layout, so no ResizeObserver: the circle keeps its default width.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(async () => {
  globalThis.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;
  await i18n.setLanguage('en');
  await i18n.loadNamespace('botc');
});

function shown(day: boolean) {
  const g = botcGame();
  if (day) by(g).phase();
  const game = $state({ id: 'g1', view: g.view, deal: null, saving: false, error: null, overrulable: null, canUndo: true, undo: vi.fn(), clearError: vi.fn(), move: vi.fn() });
  // A move is made on the headless game and shown, as the store does once it is stored.
  game.move = vi.fn(async (m) => {
    g.move(m);
    game.view = g.view;
    return true;
  });
  render(Grimoire, { game: game as unknown as ActiveGame });
  return g;
}

const text = () => document.body.textContent ?? '';

describe('the grimoire on screen', () => {
  it('by day shows the town square and the nominations, and no character until it is opened', async () => {
    shown(true);
    // A reminder placed with the grimoire open is not said in the page once it is closed.
    await fireEvent.click(screen.getByRole('button', { name: 'Open the grimoire' }));
    await fireEvent.click(screen.getAllByRole('button', { name: /^Bartek/ })[0]);
    const select = screen.getByLabelText('Place a reminder') as HTMLSelectElement;
    select.value = JSON.stringify(['poisoner', 'Poisoned']);
    await fireEvent.change(select);
    await fireEvent.click(screen.getByRole('button', { name: 'Place' }));
    expect(await screen.findByRole('button', { name: 'Take off “Poisoned”' })).toBeInTheDocument();
    // The seat in the circle: its poisoned mark and its number of reminders while open; closed,
    // the same marks are there without a word in them.
    const marks = () => [...document.querySelectorAll('[data-testid="grimoire-circle"] .seat')].filter((b) => b.textContent?.includes('Bartek')).flatMap((b) => [...b.querySelectorAll('.mark')].map((m) => m.textContent));
    expect(marks()).toEqual(expect.arrayContaining(['P', '1']));
    await fireEvent.click(screen.getByRole('button', { name: 'Close the grimoire' }));
    expect(marks().filter((m) => m !== '')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Nominations' })).toBeInTheDocument();
    expect(text()).toContain('Ania');
    for (const secret of ['Washerwoman', 'Imp', 'Poisoned', 'Night 2: the order']) expect(text()).not.toContain(secret);
    await fireEvent.click(screen.getByRole('button', { name: 'Open the grimoire' }));
    expect(text()).toContain('Imp');
    expect(text()).toContain('Night 2: the order');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(text()).not.toContain('Imp');
  });

  it('keeps the day’s business out of the night: no nominations or execution until dawn, then the new day’s', async () => {
    const g = shown(false);
    // Drawn but hidden by night: nothing of it is offered or read out.
    expect(screen.queryByRole('heading', { name: 'Nominations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nominate' })).toBeNull();
    expect(document.querySelector('section.day')).toHaveAttribute('hidden');
    await fireEvent.click(screen.getByRole('button', { name: 'Dawn: end night 1' }));
    expect(screen.getByRole('heading', { name: 'Nominations' })).toBeInTheDocument();
    expect(document.querySelector('section.day')).not.toHaveAttribute('hidden');
    by(g).nominate('Ania', 'Bartek').vote('Celina', 'Darek', 'Ewa', 'Filip');
    // The day's count, then dusk: the next day starts with none of it.
    await fireEvent.click(screen.getByRole('button', { name: 'Dusk: start night 2' }));
    expect(screen.queryByRole('heading', { name: 'Nominations' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Dawn: end night 2' }));
    expect(screen.getByTestId('about-to-die')).toHaveTextContent('Nobody is about to die');
    expect(document.querySelectorAll('section.day ol.noms > li')).toHaveLength(0);
  });

  it('by night is open: characters, reminders and tonight’s list', () => {
    shown(false);
    expect(text()).toContain('Imp');
    expect(text()).toContain('Poisoned');
    expect(screen.getByRole('heading', { name: 'Night 1: the order' })).toBeInTheDocument();
    expect(text()).toContain('Blood on the Clocktower is a game by The Pandemonium Institute.');
  });
});
