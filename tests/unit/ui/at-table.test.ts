/**
 * The script screen at the table, with the browser's speech, wake lock and visibility faked:
 * what is read aloud (in the game's language, with a voice for it; hints never), when, the
 * note for a phone without a voice, the screen kept awake while the script is open, and the
 * night theme following the step's closed eyes or the Keeper's setting.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { MemoryStorage } from '$lib/db';
import { display } from '$lib/device/display.svelte';
import { readAloud, VOICES_WAIT_MS } from '$lib/device/speech.svelte';
import { stayAwake } from '$lib/device/wake-lock.svelte';
import type { AnswerSpec, Step } from '$lib/engine/types';
import { i18n } from '$lib/i18n';
import { provideStorage, Settings } from '$lib/stores';
import { settings } from '$lib/stores/settings.svelte';
import ScriptView from '$lib/ui/ScriptView.svelte';
import {
  installSpeech,
  installWakeLock,
  removeSpeech,
  removeWakeLock,
  resetVisibility,
  setVisibility,
  voice,
  type FakeSynth
} from '../device/fakes';
import { step, view } from './fixtures';

const none: AnswerSpec = { kind: 'none' };
const WIZARD: Partial<Step> = {
  id: 'day.wizard',
  prompt: { key: 'cluethulhu:steps.wizard.prompt' },
  announce: [{ key: 'cluethulhu:announce.murdered', params: { name: 'Cy' } }],
  after: { key: 'cluethulhu:steps.wizard.after' },
  hints: [{ key: 'cluethulhu:hints.investigators.unanimous' }],
  eyesClosed: true
};
const VOICES = [voice('Samantha', 'en-US', { default: true }), voice('Zosia', 'pl-PL'), voice('Ewa', 'pl-PL')];

beforeAll(async () => {
  await i18n.loadNamespace('cluethulhu');
});

let synth: FakeSynth;
// One phone's storage for the whole file, as across reloads.
const storage = new MemoryStorage();
beforeEach(async () => {
  provideStorage(storage);
  synth = installSpeech(VOICES);
  installWakeLock();
  await settings.setAutoRead(true);
  await settings.setNightMode('auto');
  await i18n.setLanguage('en');
});

afterEach(async () => {
  display.showStep(null);
  removeSpeech();
  removeWakeLock();
  resetVisibility();
  await settings.setVoice('pl', null);
  await i18n.setLanguage('en');
});

function show(extra: Partial<Step> = WIZARD, props: Record<string, unknown> = {}) {
  const s = step(none, extra);
  return { ...render(ScriptView, { gameId: 'g1', view: view(s), step: s, onanswer: vi.fn(), onundo: vi.fn(), resetKey: 1, readyAfter: 0, ...props }), step: s };
}

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

describe('reading aloud', () => {
  it('reads a Polish game’s announcements, then its prompt, in Polish, with a Polish voice, and never the hints', async () => {
    await i18n.setLanguage('pl');
    show();
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    // What has just happened first, then the new call: the order the screen shows them in.
    expect(synth.texts).toEqual([t('cluethulhu:announce.murdered', { name: 'Cy' }), t('cluethulhu:steps.wizard.prompt')]);
    expect(synth.texts[1]).toBe('Czarodzieju, otwórz oczy. Kogo chcesz chronić?');
    for (const u of synth.spoken) {
      expect(u.lang).toBe('pl-PL');
      expect(u.voice?.lang).toBe('pl-PL');
    }
    const hint = t('cluethulhu:hints.investigators.unanimous');
    expect(screen.getByTestId('hint')).toHaveTextContent(hint);
    expect(synth.texts.join(' ')).not.toContain(hint);
    expect(synth.texts.join(' ')).not.toContain(t('cluethulhu:steps.wizard.after'));
  });

  it('uses the voice the Keeper chose for the language', async () => {
    await settings.setVoice('pl', 'urn:Ewa');
    await i18n.setLanguage('pl');
    show();
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    expect(synth.spoken.map((u) => u.voice?.name)).toEqual(['Ewa', 'Ewa']);
  });

  it('reads an English game in English', async () => {
    show();
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    expect(synth.texts[1]).toBe('Wizard, open your eyes. Whom would you like to protect?');
    expect(synth.spoken[0].voice?.name).toBe('Samantha');
  });

  it('with auto-read off, says nothing until the Keeper taps the speaker', async () => {
    await settings.setAutoRead(false);
    show();
    await new Promise((r) => setTimeout(r, 0));
    expect(synth.spoken).toHaveLength(0);
    await fireEvent.click(screen.getByRole('button', { name: 'Read the step aloud' }));
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    expect(synth.texts[1]).toBe(t('cluethulhu:steps.wizard.prompt'));
  });

  it('reads the closing line only from its own button', async () => {
    await settings.setAutoRead(false);
    show();
    const after = screen.getByTestId('after');
    await fireEvent.click(within(after).getByRole('button', { name: 'Read aloud' }));
    await vi.waitFor(() => expect(synth.texts).toEqual(['Wizard, close your eyes.']));
  });

  it('reads each new step as it arrives, stopping the previous one, and not the same step twice', async () => {
    const { rerender, step: s } = show();
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    const next = { ...s, id: 'day.investigatorsVote', prompt: { key: 'cluethulhu:steps.discussion.prompt' }, announce: undefined, progress: { index: 4, total: 9 } };
    await rerender({ resetKey: 2, step: next, view: view(next) });
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(3));
    expect(synth.texts[2]).toBe(t('cluethulhu:steps.discussion.prompt'));
    expect(synth.cancels).toBeGreaterThan(0);
    await rerender({ busy: true });
    await rerender({ busy: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(synth.spoken).toHaveLength(3);
  });

  it('stops reading when the script is left', async () => {
    const { unmount } = show();
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    const before = synth.cancels;
    unmount();
    expect(synth.cancels).toBeGreaterThan(before);
  });

  it('says once that the phone has no voice for the language, then stays silent', async () => {
    synth.setVoices([voice('Samantha', 'en-US')]);
    await i18n.setLanguage('pl');
    const { rerender, step: s } = show();
    const note = await screen.findByText(/Ten telefon nie ma polskiego głosu/);
    expect(synth.spoken).toHaveLength(0);
    await fireEvent.click(within(note.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByText(/Ten telefon nie ma polskiego głosu/)).toBeNull();
    const next = { ...s, progress: { index: 4, total: 9 } };
    await rerender({ resetKey: 2, step: next });
    await fireEvent.click(screen.getByRole('button', { name: 'Przeczytaj krok na głos' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(/Ten telefon nie ma polskiego głosu/)).toBeNull();
    expect(synth.spoken).toHaveLength(0);
  });

  it('keeps the note put away on this phone, after a reload too', async () => {
    // The test above put it away for Polish.
    await expect.poll(() => storage.getSetting('readAloud.noVoiceSeen.pl', null)).toBe(true);
    // The next launch: a new page, the same storage.
    const next = new Settings();
    await next.load();
    expect(next.noVoiceSeen('pl')).toBe(true);
    expect(next.noVoiceSeen('en')).toBe(false);
    synth.setVoices([voice('Samantha', 'en-US')]);
    await i18n.setLanguage('pl');
    show();
    await vi.waitFor(() => expect(readAloud.missing).toBe('pl'));
    expect(synth.spoken).toHaveLength(0);
    expect(screen.queryByText(/Ten telefon nie ma polskiego głosu/)).toBeNull();
  });

  it('offers no speaker where the browser cannot speak', () => {
    removeSpeech();
    show();
    expect(screen.queryByRole('button', { name: 'Read the step aloud' })).toBeNull();
  });
});

describe('the first step, while the browser is still listing its voices', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const noNote = () => expect(screen.queryByText(/This phone has no English voice/)).toBeNull();

  for (const seconds of [0, 1, 3, 8]) {
    it(`is read as soon as the voices arrive after ${seconds} s, with no "no voice" note`, async () => {
      synth = installSpeech(VOICES, { arriveAfter: seconds * 1000 });
      show();
      if (seconds > 0) await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(synth.spoken).toHaveLength(0);
      noNote();
      await vi.advanceTimersByTimeAsync(1);
      // What has just happened is read first, then the new call.
      expect(synth.texts).toEqual([t('cluethulhu:announce.murdered', { name: 'Cy' }), 'Wizard, open your eyes. Whom would you like to protect?']);
      await vi.advanceTimersByTimeAsync(2 * VOICES_WAIT_MS);
      noNote();
    });
  }

  it('says the phone has no voice only once the browser has had long enough to list one', async () => {
    synth = installSpeech(VOICES, { arriveAfter: 'never' });
    show();
    await vi.advanceTimersByTimeAsync(VOICES_WAIT_MS - 1);
    noNote();
    await vi.advanceTimersByTimeAsync(1);
    expect(screen.getByText(/This phone has no English voice/)).toBeInTheDocument();
    expect(synth.spoken).toHaveLength(0);
  });

  it('reads the step now on screen, not the one that was when the wait began', async () => {
    synth = installSpeech(VOICES, { arriveAfter: 3000 });
    const { rerender, step: s } = show();
    await vi.advanceTimersByTimeAsync(1000);
    const next = { ...s, id: 'day.discussion', prompt: { key: 'cluethulhu:steps.discussion.prompt' }, announce: undefined, progress: { index: 4, total: 9 } };
    await rerender({ resetKey: 2, step: next, view: view(next) });
    await vi.advanceTimersByTimeAsync(2000);
    expect(synth.texts).toEqual([t('cluethulhu:steps.discussion.prompt')]);
  });
});

describe('keeping the screen on', () => {
  it('holds a wake lock while the script is open, again after the page is shown, and lets go on leaving', async () => {
    const lock = installWakeLock();
    const { unmount } = show();
    await vi.waitFor(() => expect(stayAwake.held).toBe(true));
    expect(lock.held).toHaveLength(1);
    setVisibility('hidden', lock);
    expect(lock.held).toHaveLength(0);
    setVisibility('visible', lock);
    await vi.waitFor(() => expect(lock.held).toHaveLength(1));
    expect(lock.sentinels).toHaveLength(2);
    unmount();
    await vi.waitFor(() => expect(lock.held).toHaveLength(0));
  });

  it('says quietly, once, when the browser cannot keep the screen on', async () => {
    removeWakeLock();
    const first = show();
    const note = await screen.findByText(t('common:atTable.awake.unavailable'));
    await fireEvent.click(within(note.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    first.unmount();
    show();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(t('common:atTable.awake.unavailable'))).toBeNull();
  });
});

describe('night mode', () => {
  const root = document.documentElement;

  it('follows the step’s closed eyes, and stays when the script gives way to another screen', async () => {
    const { rerender, step: s, unmount } = show({ ...WIZARD, eyesClosed: true });
    expect(root).toHaveClass('night');
    expect(root).toHaveClass('in-game');
    const open = { ...s, eyesClosed: false, progress: { index: 4, total: 9 } };
    await rerender({ resetKey: 2, step: open });
    expect(root).not.toHaveClass('night');
    expect(root).toHaveClass('in-game');
    await rerender({ resetKey: 3, step: { ...open, eyesClosed: true } });
    expect(root).toHaveClass('night');
    // The Table or Home opened while eyes are closed: still night, the game is still running.
    unmount();
    expect(root).toHaveClass('night');
    expect(sessionStorage.getItem('lantern.game.eyes')).toBe('closed');
    display.showStep(null);
    expect(root).not.toHaveClass('night');
    expect(root).not.toHaveClass('in-game');
  });

  it('stays on or off when the Keeper forces it', async () => {
    await settings.setNightMode('off');
    const first = show({ ...WIZARD, eyesClosed: true });
    expect(root).not.toHaveClass('night');
    // Off is the Keeper asking for the phone's own look, light or dark.
    expect(root).not.toHaveClass('in-game');
    first.unmount();
    await settings.setNightMode('on');
    show({ ...WIZARD, eyesClosed: false });
    expect(root).toHaveClass('night');
    expect(display.night).toBe(true);
  });
});
