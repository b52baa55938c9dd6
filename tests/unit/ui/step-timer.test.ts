/**
 * The step timer at the table: it counts from a stored end time (so a reload loses nothing),
 * chimes and buzzes once at zero, pauses, resumes, resets only when stopped, can be made
 * longer or shorter, and is forgotten when the step changes. Clocks are faked; the chime and
 * the buzz go to fake Web Audio and vibration.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { MemoryStorage } from '$lib/db';
import { i18n } from '$lib/i18n';
import { provideStorage } from '$lib/stores';
import ScriptView from '$lib/ui/ScriptView.svelte';
import Timer from '$lib/ui/Timer.svelte';
import { timerKey, type StoredTimer } from '$lib/ui/step-timer.svelte';
import { game, SEVEN, until } from '../cluethulhu/fixture';
import { installAudio, installVibrate, removeAudio, removeVibrate, type FakeAudio } from '../device/fakes';
import { step, view } from './fixtures';

const KEY = timerKey('g1');
const STEP = '12|night.discussion';
const T0 = new Date('2025-06-01T21:00:00Z').getTime();

let storage: MemoryStorage;
let audio: FakeAudio;
let vibrate: ReturnType<typeof installVibrate>;

beforeAll(async () => {
  await i18n.setLanguage('en');
});

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  storage = new MemoryStorage();
  provideStorage(storage);
  audio = installAudio();
  vibrate = installVibrate();
});

afterEach(() => {
  vi.useRealTimers();
  removeAudio();
  removeVibrate();
});

const stored = (t: Partial<StoredTimer>): StoredTimer => ({ step: STEP, duration: 300_000, endsAt: null, left: 300_000, ended: false, ...t });
const face = () => screen.getByTestId('timer-time').textContent;
const button = (name: string) => screen.getByRole('button', { name });
const showTimer = (seconds = 300, step = STEP) => render(Timer, { seconds, storeKey: KEY, step });
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('a timer kept across reloads', () => {
  it('counts down from the stored end time, still running, and signals once at zero', async () => {
    await storage.setSetting(KEY, stored({ endsAt: T0 + 90_000 }));
    showTimer();
    await settle();
    expect(face()).toBe('1:30');
    expect(button('Pause')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(face()).toBe('1:00');
    expect(audio.notes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(face()).toBe('0:00');
    expect(screen.getByRole('status')).toHaveTextContent('Time is up');
    expect(audio.notes.length).toBeGreaterThan(0);
    expect(vibrate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('stores the end time when started, and the time left when paused', async () => {
    showTimer();
    await settle();
    await fireEvent.click(button('Start timer'));
    await settle();
    expect(await storage.getSetting(KEY, null)).toMatchObject({ step: STEP, endsAt: T0 + 300_000, ended: false });
    await vi.advanceTimersByTimeAsync(100_000);
    await fireEvent.click(button('Pause'));
    await settle();
    expect(await storage.getSetting(KEY, null)).toMatchObject({ endsAt: null, left: 200_000 });
  });

  it('comes back paused where it was, and resumes from there', async () => {
    await storage.setSetting(KEY, stored({ left: 200_000 }));
    showTimer();
    await settle();
    expect(face()).toBe('3:20');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(face()).toBe('3:20');
    await fireEvent.click(button('Resume'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(face()).toBe('3:00');
  });

  it('signals an end that passed while the page was closed, once, and not again on the next reload', async () => {
    await storage.setSetting(KEY, stored({ endsAt: T0 - 5_000 }));
    const first = showTimer();
    await settle();
    expect(face()).toBe('0:00');
    expect(vibrate).toHaveBeenCalledTimes(1);
    first.unmount();
    showTimer();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Time is up');
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('ignores a timer stored for another step', async () => {
    await storage.setSetting(KEY, stored({ step: '11|night.accusation', endsAt: T0 + 10_000 }));
    showTimer();
    await settle();
    expect(face()).toBe('5:00');
    expect(button('Start timer')).toBeInTheDocument();
  });
});

describe('the controls', () => {
  it('resets only once paused, so one tap never throws a running timer away', async () => {
    showTimer(60);
    await settle();
    expect(button('Reset')).toBeDisabled();
    await fireEvent.click(button('Start timer'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(button('Reset')).toBeDisabled();
    await fireEvent.click(button('Pause'));
    await fireEvent.click(button('Reset'));
    expect(face()).toBe('1:00');
    expect(button('Start timer')).toBeInTheDocument();
  });

  it('changes a long timer by the minute, and a short one by 15 seconds', async () => {
    showTimer(300);
    await settle();
    await fireEvent.click(button('Add 1 min'));
    expect(face()).toBe('6:00');
    await fireEvent.click(button('Take away 1 min'));
    await fireEvent.click(button('Take away 1 min'));
    expect(face()).toBe('4:00');
    await fireEvent.click(button('Start timer'));
    await vi.advanceTimersByTimeAsync(30_000);
    await fireEvent.click(button('Add 1 min'));
    expect(face()).toBe('4:30');
  });

  it('never takes a timer below one step', async () => {
    showTimer(60);
    await settle();
    await fireEvent.click(button('Take away 15 s'));
    await fireEvent.click(button('Take away 15 s'));
    await fireEvent.click(button('Take away 15 s'));
    expect(face()).toBe('0:15');
    expect(button('Take away 15 s')).toBeDisabled();
  });

  it('chimes with generated sound (no file) and buzzes at zero', async () => {
    showTimer(60);
    await settle();
    await fireEvent.click(button('Start timer'));
    expect(audio.contexts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(audio.notes).toEqual([659.25, 987.77]);
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
  });

  it('wakes a sound Safari interrupted meanwhile (a call, the phone locked), and replaces one it closed', async () => {
    showTimer(60);
    await settle();
    await fireEvent.click(button('Start timer'));
    const [first] = audio.contexts;
    await settle();
    expect(first.state).toBe('running');
    first.state = 'interrupted';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(first.state).toBe('running');
    expect(audio.notes).toEqual([659.25, 987.77]);
    first.state = 'closed';
    await fireEvent.click(button('Start timer'));
    expect(audio.contexts).toHaveLength(2);
  });
});

describe('on the script', () => {
  it('forgets the stored timer when the step changes', async () => {
    const s = step({ kind: 'none' }, { id: 'night.discussion', timer: 300, eyesClosed: false });
    const { rerender } = render(ScriptView, { gameId: 'g1', view: view(s), step: s, resetKey: 12, onanswer: vi.fn(), onundo: vi.fn() });
    await settle();
    await fireEvent.click(button('Start timer'));
    await settle();
    expect(await storage.getSetting(KEY, null)).toMatchObject({ step: '12|night.discussion' });
    const next = { ...s, id: 'night.accusation', timer: undefined, progress: { index: 4, total: 9 } };
    await rerender({ resetKey: 13, step: next, view: view(next) });
    await settle();
    expect(await storage.getSetting(KEY, 'none')).toBeNull();
  });

  it('offers five minutes for the Night discussion', () => {
    const g = until(game(SEVEN).pick('Ewa'), 'night.highPriest').tally({ Filip: 7 });
    until(g, 'night.discussion');
    expect(g.step.timer).toBe(300);
  });
});
