/**
 * Reading aloud through the speech adapter: the voice it picks for a language, what it hands
 * the browser, a voice list that arrives late, and a phone with no voice for the language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, type Voice } from '$lib/device/speech';
import { readAloud } from '$lib/device/speech.svelte';
import { installSpeech, removeSpeech, voice } from './fakes';

afterEach(() => {
  removeSpeech();
  vi.useRealTimers();
});

const v = (id: string, lang: string, extra: Partial<Voice> = {}): Voice => ({ id, name: id, lang, isDefault: false, local: true, ...extra });

describe('choosing a voice', () => {
  const voices = [v('anna', 'en-GB'), v('zosia', 'pl-PL'), v('ewa', 'pl_PL', { isDefault: true }), v('net', 'pl-PL', { local: false })];

  it('keeps the Keeper’s choice when the phone has it and it speaks the language', () => {
    expect(pickVoice(voices, 'pl', 'zosia')?.id).toBe('zosia');
    expect(pickVoice(voices, 'pl', 'anna')?.id).toBe('ewa');
  });

  it('falls back to the default voice for the language, then an on-device one', () => {
    expect(pickVoice(voices, 'pl')?.id).toBe('ewa');
    expect(pickVoice([v('net', 'pl-PL', { local: false }), v('zosia', 'pl-PL')], 'pl')?.id).toBe('zosia');
  });

  it('finds none for a language the phone does not speak', () => {
    expect(pickVoice(voices, 'de')).toBeNull();
  });
});

describe('readAloud', () => {
  it('reads each line as its own utterance, in the language, voice and pace asked for', async () => {
    const synth = installSpeech([voice('Anna', 'en-GB'), voice('Zosia', 'pl-PL')]);
    const done = readAloud.read(['Wszyscy zamykają oczy.', 'Ewa została aresztowana.'], { lang: 'pl', rate: 1.25 });
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(2));
    expect(synth.spoken.map((u) => [u.text, u.lang, u.voice?.name, u.rate])).toEqual([
      ['Wszyscy zamykają oczy.', 'pl-PL', 'Zosia', 1.25],
      ['Ewa została aresztowana.', 'pl-PL', 'Zosia', 1.25]
    ]);
    expect(readAloud.speaking).toBe(true);
    synth.finish();
    expect(await done).toBe('done');
    expect(readAloud.speaking).toBe(false);
  });

  it('stops what it was reading before reading something new', async () => {
    const synth = installSpeech([voice('Anna', 'en-GB')]);
    const first = readAloud.read(['One'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    const second = readAloud.read(['Two'], { lang: 'en' });
    expect(await first).toBe('stopped');
    await vi.waitFor(() => expect(synth.texts).toEqual(['One', 'Two']));
    synth.finish();
    expect(await second).toBe('done');
  });

  it('waits for a voice list the browser builds late', async () => {
    const synth = installSpeech([]);
    const done = readAloud.read(['Hello'], { lang: 'en' });
    await Promise.resolve();
    expect(synth.spoken).toHaveLength(0);
    synth.setVoices([voice('Anna', 'en-GB')]);
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    expect(synth.spoken[0].voice?.name).toBe('Anna');
    synth.finish();
    expect(await done).toBe('done');
    expect(readAloud.missing).toBeNull();
  });

  it('stays silent without a voice for the language, and says so only the first time', async () => {
    vi.useFakeTimers();
    const synth = installSpeech([voice('Anna', 'en-GB')]);
    const first = readAloud.read(['Dzień dobry'], { lang: 'pl' });
    expect(await first).toBe('failed');
    expect(synth.spoken).toHaveLength(0);
    expect(readAloud.missing).toBe('pl');
    readAloud.dismissMissing();
    expect(await readAloud.read(['Dobranoc'], { lang: 'pl' })).toBe('failed');
    expect(readAloud.missing).toBeNull();
    expect(synth.spoken).toHaveLength(0);
  });

  it('gives up on an empty voice list after a moment, and says so', async () => {
    vi.useFakeTimers();
    const synth = installSpeech([]);
    const done = readAloud.read(['Hello'], { lang: 'en' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await done).toBe('failed');
    expect(readAloud.missing).toBe('en');
    expect(synth.spoken).toHaveLength(0);
  });

  it('knows when the browser cannot speak at all', async () => {
    removeSpeech();
    expect(readAloud.supported).toBe(false);
    expect(await readAloud.read(['Hello'], { lang: 'en' })).toBe('failed');
  });

  it('lists the voices of one language for the Settings picker', () => {
    installSpeech([voice('Anna', 'en-GB'), voice('Zosia', 'pl-PL'), voice('Jan', 'pl')]);
    readAloud.watch();
    expect(readAloud.voicesFor('pl').map((x) => x.name)).toEqual(['Zosia', 'Jan']);
  });
});
