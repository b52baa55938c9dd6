/**
 * The Log keeps the Keeper's secrets off the screen while the players' eyes are open: the secret
 * lines are not in the page until the Keeper holds to see them, and go when the finger lifts.
 * With eyes closed, or once the game is over, every line is there, marked.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { LogLine } from '$lib/engine/types';
import LogView from '$lib/ui/LogView.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});
afterEach(() => vi.useRealTimers());

const day = { kind: 'day' as const, number: 1 };
const LOG: LogLine[] = [
  { phase: day, text: { key: 'cluethulhu:log.doll', params: { name: 'Ada' } } },
  { phase: day, text: { key: 'cluethulhu:log.protect', params: { name: 'Bob' } }, secret: true }
];
const PUBLIC = () => i18n.tx(LOG[0].text);
const SECRET = () => i18n.tx(LOG[1].text);
const HOLD = () => i18n.t('common:script.holdForSecrets');

describe('the log while eyes are open', () => {
  it('has no secret line in the page until the Keeper holds to see, and none once released', async () => {
    vi.useFakeTimers();
    render(LogView, { log: LOG, gameId: 'cluethulhu', eyesOpen: true });
    expect(PUBLIC()).not.toBe(SECRET());
    expect(screen.getByText(PUBLIC())).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET());

    const peek = screen.getByRole('button', { name: HOLD() });
    // A tap shows nothing.
    await fireEvent.pointerDown(peek, { pointerId: 1, button: 0 });
    await fireEvent.pointerUp(peek, { pointerId: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.body.textContent).not.toContain(SECRET());

    await fireEvent.pointerDown(peek, { pointerId: 2, button: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(screen.getByText(SECRET())).toBeInTheDocument();
    await fireEvent.pointerUp(peek, { pointerId: 2 });
    expect(document.body.textContent).not.toContain(SECRET());
  });

  it('shows every line, marked, while eyes are closed, with nothing to hold', () => {
    render(LogView, { log: LOG, gameId: 'cluethulhu', eyesOpen: false });
    expect(screen.getByText(SECRET()).closest('li')?.dataset.secret).toBe('true');
    expect(screen.queryByRole('button', { name: HOLD() })).toBeNull();
  });
});
