/**
 * The Keeper's table preferences: remembered across launches under their settings keys,
 * applied to the page at once (night mode, text size), and ignored when what is stored does
 * not fit. And the Settings screen that sets them.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { MemoryStorage } from '$lib/db';
import { display } from '$lib/device/display.svelte';
import { VOICES_WAIT_MS } from '$lib/device/speech.svelte';
import { i18n } from '$lib/i18n';
import { provideStorage, Settings } from '$lib/stores';
import { settings } from '$lib/stores/settings.svelte';
import SettingsPage from '../../../src/routes/settings/+page.svelte';
import { installSpeech, installWakeLock, removeSpeech, removeWakeLock, voice, type FakeSynth } from './fakes';

let storage: MemoryStorage;
const root = document.documentElement;

beforeAll(async () => {
  await i18n.setLanguage('en');
});

beforeEach(() => {
  storage = new MemoryStorage();
  provideStorage(storage);
});

afterEach(async () => {
  display.setNightMode('auto');
  display.setTextSize('normal');
  display.showStep(null);
  await i18n.setLanguage('en');
});

describe('Settings store', () => {
  it('starts quiet: no reading on arrival, normal pace, night mode by the step, normal text', async () => {
    const s = new Settings();
    await s.load();
    expect([s.autoRead, s.rate, s.voice('pl'), s.nightMode, s.textSize]).toEqual([false, 1, null, 'auto', 'normal']);
  });

  it('remembers every choice under its own key and brings it back on the next launch', async () => {
    const s = new Settings();
    await s.setAutoRead(true);
    await s.setRate(1.25);
    await s.setVoice('pl', 'urn:Zosia');
    await s.setNightMode('on');
    await s.setTextSize('xlarge');
    expect(await storage.getSetting('readAloud.auto', null)).toBe(true);
    expect(await storage.getSetting('readAloud.rate', null)).toBe(1.25);
    expect(await storage.getSetting('readAloud.voice.pl', null)).toBe('urn:Zosia');
    expect(await storage.getSetting('display.nightMode', null)).toBe('on');
    expect(await storage.getSetting('display.textSize', null)).toBe('xlarge');

    display.setNightMode('auto');
    display.setTextSize('normal');
    const next = new Settings();
    await next.load();
    expect([next.autoRead, next.rate, next.voice('pl'), next.voice('en'), next.nightMode, next.textSize]).toEqual([
      true,
      1.25,
      'urn:Zosia',
      null,
      'on',
      'xlarge'
    ]);
    expect(root).toHaveClass('night');
    expect(root.dataset.textSize).toBe('xlarge');
  });

  it('ignores stored values that do not fit', async () => {
    await storage.setSetting('readAloud.auto', 'yes');
    await storage.setSetting('readAloud.rate', 3);
    await storage.setSetting('display.nightMode', 'dusk');
    await storage.setSetting('display.textSize', 'huge');
    const s = new Settings();
    await s.load();
    expect([s.autoRead, s.rate, s.nightMode, s.textSize]).toEqual([false, 1, 'auto', 'normal']);
  });

  it('goes back to the best voice when the choice is cleared', async () => {
    const s = new Settings();
    await s.setVoice('en', 'urn:Anna');
    await s.setVoice('en', null);
    expect(s.voice('en')).toBeNull();
  });
});

describe('night mode and text size on the page', () => {
  it('follows closed eyes only in auto, and either way when forced', () => {
    display.setNightMode('auto');
    display.showStep(true);
    expect(root).toHaveClass('night');
    display.showStep(false);
    expect(root).not.toHaveClass('night');
    display.setNightMode('on');
    expect(root).toHaveClass('night');
    display.setNightMode('off');
    display.showStep(true);
    expect(root).not.toHaveClass('night');
  });

  it('marks the text size on <html>, and nothing for normal', () => {
    display.setTextSize('large');
    expect(root.dataset.textSize).toBe('large');
    display.setTextSize('normal');
    expect(root.dataset.textSize).toBeUndefined();
  });
});

describe('the Settings screen', () => {
  let synth: FakeSynth;
  beforeEach(async () => {
    synth = installSpeech([voice('Samantha', 'en-US'), voice('Zosia', 'pl-PL'), voice('Ewa', 'pl-PL')]);
    installWakeLock();
    await settings.load();
  });
  afterEach(async () => {
    removeSpeech();
    removeWakeLock();
    await settings.setAutoRead(false);
    await settings.setVoice('pl', null);
    await settings.setRate(1);
  });

  it('turns reading on arrival on, and keeps it', async () => {
    render(SettingsPage);
    await fireEvent.click(screen.getByLabelText('Read each new step aloud'));
    await expect.poll(() => storage.getSetting('readAloud.auto', null)).toBe(true);
    expect(settings.autoRead).toBe(true);
  });

  it('offers each language its own voices, and tries the chosen one in that language', async () => {
    render(SettingsPage);
    const polish = screen.getByLabelText('Polish voice') as HTMLSelectElement;
    expect([...polish.options].map((o) => o.textContent)).toEqual(['Best available', 'Zosia (pl-PL)', 'Ewa (pl-PL)']);
    await fireEvent.change(polish, { target: { value: 'urn:Ewa' } });
    await expect.poll(() => storage.getSetting('readAloud.voice.pl', null)).toBe('urn:Ewa');
    await fireEvent.click(screen.getByRole('button', { name: 'Try the Polish voice' }));
    await expect.poll(() => synth.spoken.length).toBe(1);
    // In Polish, though the app speaks English and has not loaded its Polish texts.
    expect(synth.spoken[0]).toMatchObject({ text: 'Wszyscy zamykają oczy. Zaraz zacznie się noc.', lang: 'pl-PL' });
    expect(synth.spoken[0].voice?.name).toBe('Ewa');
    await fireEvent.click(screen.getByRole('button', { name: 'Try the English voice' }));
    await expect.poll(() => synth.spoken.length).toBe(2);
    expect(synth.spoken[1]).toMatchObject({ text: 'Everyone, close your eyes. The night is about to begin.', lang: 'en-US' });
  });

  it('says the voices are loading while the browser builds its list, never that there are none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      installSpeech([voice('Samantha', 'en-US'), voice('Zosia', 'pl-PL')], { arriveAfter: 5000 });
      render(SettingsPage);
      await vi.advanceTimersByTimeAsync(4000);
      expect(screen.getAllByText('Looking for this phone’s voices…')).toHaveLength(2);
      expect(screen.queryByText(/No (English|Polish) voice/)).toBeNull();
      await vi.advanceTimersByTimeAsync(1000);
      expect(screen.queryByText('Looking for this phone’s voices…')).toBeNull();
      expect(screen.getByLabelText('Polish voice')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says there is no voice once the browser has had long enough to list none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      installSpeech([], { arriveAfter: 'never' });
      render(SettingsPage);
      await vi.advanceTimersByTimeAsync(VOICES_WAIT_MS);
      expect(screen.getByText('No Polish voice on this phone.')).toBeInTheDocument();
      expect(screen.getByText('No English voice on this phone.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the phone has no voice for a language', async () => {
    synth.setVoices([voice('Samantha', 'en-US')]);
    render(SettingsPage);
    expect(screen.getByText('No Polish voice on this phone.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Polish voice')).toBeNull();
  });

  it('sets the pace', async () => {
    render(SettingsPage);
    await fireEvent.click(screen.getByLabelText('Slower'));
    await expect.poll(() => storage.getSetting('readAloud.rate', null)).toBe(0.8);
  });

  it('applies night mode and text size at once', async () => {
    render(SettingsPage);
    const night = screen.getByRole('group', { name: 'Night mode' });
    await fireEvent.click(within(night).getByLabelText('Always'));
    await expect.poll(() => root.classList.contains('night')).toBe(true);
    await fireEvent.click(screen.getByLabelText('Large'));
    await expect.poll(() => root.dataset.textSize).toBe('large');
    await expect.poll(() => storage.getSetting('display.textSize', null)).toBe('large');
  });

  it('says where reading aloud is impossible', () => {
    removeSpeech();
    render(SettingsPage);
    expect(screen.getByText('This browser cannot read aloud.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Read each new step aloud')).toBeNull();
  });
});
