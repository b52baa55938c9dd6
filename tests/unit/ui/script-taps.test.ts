/**
 * No step is answered by a tap meant for another, on the script screen itself: a new step
 * ignores taps until it has been on screen long enough to be read (and shows when it is ready),
 * an optional answer starts with nothing chosen, every answer names the step it was given on,
 * and a pick not yet sent is kept with its step and comes back after a reload.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { MemoryStorage } from '$lib/db';
import { i18n } from '$lib/i18n';
import { provideStorage } from '$lib/stores';
import type { AnswerSpec } from '$lib/engine/types';
import ScriptView from '$lib/ui/ScriptView.svelte';
import { draftKey } from '$lib/ui/step-draft';
import { step, view } from './fixtures';

let storage: MemoryStorage;

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});

beforeEach(() => {
  storage = new MemoryStorage();
  provideStorage(storage);
});

afterEach(() => {
  vi.useRealTimers();
});

const maybeOne: AnswerSpec = { kind: 'players', min: 0, max: 1, candidates: ['a', 'b', 'd'], none: { key: 'cluethulhu:answers.noChoice' } };
const some: AnswerSpec = { kind: 'players', min: 0, max: 3, candidates: ['a', 'b', 'd'], none: { key: 'cluethulhu:answers.noAccusation' } };

function show(answer: AnswerSpec, props: Record<string, unknown> = {}, id = 'day.test') {
  const s = step(answer, { id });
  const onanswer = vi.fn();
  const onundo = vi.fn();
  const result = render(ScriptView, { view: view(s), step: s, onanswer, onundo, resetKey: 4, tag: { seq: 4, step: id }, canUndo: true, ...props });
  return { ...result, onanswer, onundo, step: s };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('a new step ignores taps until it can have been read', () => {
  it('drops Next, Undo, yes/no and picks tapped in its first moments, and shows when it is ready', async () => {
    vi.useFakeTimers();
    const { onanswer, onundo, container } = show({ kind: 'none' }, { readyAfter: 400 });
    const next = screen.getByRole('button', { name: 'Next' });
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    expect(container.querySelector('form')).toHaveAttribute('data-ready', 'false');
    await fireEvent.click(next);
    await fireEvent.click(undo);
    vi.advanceTimersByTime(250);
    await fireEvent.click(next);
    expect(onanswer).not.toHaveBeenCalled();
    expect(onundo).not.toHaveBeenCalled();
    // Each ignored tap starts the wait again: still locked 200 ms after the last one.
    vi.advanceTimersByTime(200);
    await Promise.resolve();
    expect(container.querySelector('form')).toHaveAttribute('data-ready', 'false');
    vi.advanceTimersByTime(200);
    await Promise.resolve();
    expect(container.querySelector('form')).toHaveAttribute('data-ready', 'true');
    expect(next).not.toHaveAttribute('aria-disabled');
    await fireEvent.click(next);
    expect(onanswer).toHaveBeenCalledTimes(1);
    expect(onanswer).toHaveBeenCalledWith({ kind: 'none' }, { seq: 4, step: 'day.test' });
    await fireEvent.click(undo);
    expect(onundo).toHaveBeenCalledWith(4);
  });

  it('does not let an early tap tick a player either', async () => {
    vi.useFakeTimers();
    show(maybeOne, { readyAfter: 400 });
    const ada = screen.getByLabelText('Ada');
    expect(ada.closest('fieldset')).toHaveAttribute('aria-disabled', 'true');
    await fireEvent.click(ada);
    expect(ada).not.toBeChecked();
    vi.advanceTimersByTime(400);
    await Promise.resolve();
    await fireEvent.click(ada);
    expect(ada).toBeChecked();
  });

  it('is locked again on the next step, and sends that step’s own tag', async () => {
    vi.useFakeTimers();
    const { onanswer, rerender, step: first } = show({ kind: 'none' }, { readyAfter: 400 });
    vi.advanceTimersByTime(400);
    await Promise.resolve();
    const second = { ...first, id: 'day.wizard', answer: { kind: 'yesno' } as AnswerSpec };
    await rerender({ step: second, view: view(second), resetKey: 5, tag: { seq: 5, step: 'day.wizard' } });
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(yes).toHaveAttribute('aria-disabled', 'true');
    await fireEvent.click(yes);
    expect(onanswer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    await Promise.resolve();
    await fireEvent.click(yes);
    expect(onanswer).toHaveBeenCalledWith({ kind: 'yesno', value: true }, { seq: 5, step: 'day.wizard' });
  });
});

describe('an optional answer starts with nothing chosen', () => {
  it('asks for a choice when Next is pressed with nothing ticked, then sends "no choice" once chosen', async () => {
    const { onanswer } = show(maybeOne, { readyAfter: 0 });
    const none = screen.getByLabelText('No choice');
    expect(none).not.toBeChecked();
    for (const p of ['Ada', 'Bob', 'Dee']) expect(screen.getByLabelText(p)).not.toBeChecked();
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an answer first: a player, or “No choice”.');
    await fireEvent.click(none);
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'players', ids: [] }, { seq: 4, step: 'day.test' });
  });

  it('offers "nobody" as its own box where several may be picked: ticking it clears the others and back', async () => {
    const { onanswer } = show(some, { readyAfter: 0 });
    const none = screen.getByLabelText(i18n.t('cluethulhu:answers.noAccusation'));
    expect(none).toHaveAttribute('type', 'checkbox');
    await fireEvent.click(screen.getByLabelText('Ada'));
    await fireEvent.click(screen.getByLabelText('Dee'));
    await fireEvent.click(none);
    expect(screen.getByLabelText('Ada')).not.toBeChecked();
    expect(none).toBeChecked();
    await fireEvent.click(screen.getByLabelText('Bob'));
    expect(none).not.toBeChecked();
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'players', ids: ['b'] }, { seq: 4, step: 'day.test' });
  });
});

describe('a pick not yet sent survives a reload', () => {
  it('keeps the pick with its step in storage and puts it back on the same step', async () => {
    const first = show(maybeOne, { readyAfter: 0, gameId: 'g1' });
    await settle();
    await fireEvent.click(screen.getByLabelText('Dee'));
    await settle();
    expect(await storage.getSetting(draftKey('g1'), null)).toMatchObject({ step: '4|day.test', picked: ['d'], nobody: false });
    first.unmount();

    // The page comes back (a reload, a killed browser): the same step finds its pick.
    show(maybeOne, { readyAfter: 0, gameId: 'g1' });
    await settle();
    expect(screen.getByLabelText('Dee')).toBeChecked();
    expect(screen.getByLabelText('No choice')).not.toBeChecked();
  });

  it('brings back "no choice" chosen on purpose, and a tally being counted', async () => {
    const first = show(maybeOne, { readyAfter: 0, gameId: 'g1' });
    await settle();
    await fireEvent.click(screen.getByLabelText('No choice'));
    await settle();
    first.unmount();
    show(maybeOne, { readyAfter: 0, gameId: 'g1' });
    await settle();
    expect(screen.getByLabelText('No choice')).toBeChecked();

    await storage.setSetting(draftKey('g2'), { step: '4|day.test', picked: [], nobody: false, counts: { a: 2, b: 9 } });
    show({ kind: 'tally', options: ['a', 'b'], max: 5 }, { readyAfter: 0, gameId: 'g2' });
    await settle();
    const counts = screen.getAllByRole('spinbutton') as HTMLInputElement[];
    // A count past what the step allows is brought within it.
    expect(counts.map((c) => c.value).slice(-2)).toEqual(['2', '5']);
  });

  it('ignores a draft kept for another step, and forgets it once the step changes', async () => {
    await storage.setSetting(draftKey('g1'), { step: '3|day.test', picked: ['a'], nobody: false, counts: {} });
    const { rerender, step: s } = show(maybeOne, { readyAfter: 0, gameId: 'g1' });
    await settle();
    expect(screen.getByLabelText('Ada')).not.toBeChecked();
    await fireEvent.click(screen.getByLabelText('Bob'));
    await settle();
    expect(await storage.getSetting(draftKey('g1'), null)).toMatchObject({ step: '4|day.test', picked: ['b'] });
    const next = { ...s, id: 'day.next' };
    await rerender({ step: next, view: view(next), resetKey: 5, tag: { seq: 5, step: 'day.next' } });
    await settle();
    expect(await storage.getSetting(draftKey('g1'), null)).toBeNull();
    expect(screen.getByLabelText('Bob')).not.toBeChecked();
  });
});
