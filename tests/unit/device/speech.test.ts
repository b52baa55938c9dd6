/**
 * Reading aloud through the speech adapter: the voice it picks for a language, what it hands
 * the browser, a voice list that arrives late, and a phone with no voice for the language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, type Voice } from '$lib/device/speech';
import { readAloud, VOICES_WAIT_MS } from '$lib/device/speech.svelte';
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

describe("the best voice follows the phone's own language and region", () => {
  const american = voice('Samantha', 'en-US');
  const british = voice('Daniel', 'en-GB');

  /** The phone's languages as `navigator.languages` reports them, for the test's length. */
  function phoneIn(...languages: string[]) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]);
  }
  afterEach(() => vi.restoreAllMocks());

  it('reads English with a British voice on a phone in British English, none marked default', async () => {
    phoneIn('en-GB', 'en');
    const synth = installSpeech([american, british]);
    const done = readAloud.read(['Everyone, close your eyes.'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    expect(synth.spoken[0].voice?.name).toBe('Daniel');
    expect(synth.spoken[0].lang).toBe('en-GB');
    synth.finish();
    expect(await done).toBe('done');
  });

  it('and an American one on a phone in American English, whatever the list’s order', async () => {
    phoneIn('en-US');
    const synth = installSpeech([british, american]);
    void readAloud.read(['Everyone, close your eyes.'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    expect(synth.spoken[0].voice?.name).toBe('Samantha');
  });

  it("prefers the phone's variety to another variety's default, and the Keeper's choice to both", () => {
    const usDefault = { ...american, default: true };
    const list = [usDefault, british].map((x) => ({ id: x.voiceURI, name: x.name, lang: x.lang, isDefault: x.default, local: x.localService }));
    expect(pickVoice(list, 'en', null, ['en-GB'])?.name).toBe('Daniel');
    expect(pickVoice(list, 'en', 'urn:Samantha', ['en-GB'])?.name).toBe('Samantha');
    // A phone that names no region, or speaks another language first, leaves it to the browser's default.
    expect(pickVoice(list, 'en', null, ['en'])?.name).toBe('Samantha');
    expect(pickVoice(list, 'en', null, ['pl-PL'])?.name).toBe('Samantha');
  });

  it("follows the order of the phone's languages, and the game's language over the phone's", () => {
    const list = [v('us', 'en-US'), v('au', 'en-AU'), v('gb', 'en_GB'), v('pl', 'pl-PL')];
    expect(pickVoice(list, 'en', null, ['pl-PL', 'en-AU', 'en-GB'])?.id).toBe('au');
    expect(pickVoice(list, 'en', null, ['en-gb'])?.id).toBe('gb');
    expect(pickVoice(list, 'pl', null, ['en-GB'])?.id).toBe('pl');
    // Within the phone's variety: the default, then an on-device voice.
    const two = [v('gb-net', 'en-GB', { local: false }), v('gb-local', 'en-GB'), v('us', 'en-US', { isDefault: true })];
    expect(pickVoice(two, 'en', null, ['en-GB'])?.id).toBe('gb-local');
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

describe('a voice list the browser builds late', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  const ANNA = voice('Anna', 'en-GB');

  for (const seconds of [0, 1, 3, 8]) {
    it(`reads the lines as soon as the voices arrive after ${seconds} s, and never says there is none`, async () => {
      const synth = installSpeech([ANNA], { arriveAfter: seconds * 1000 });
      const done = readAloud.read(['Everyone, close your eyes.'], { lang: 'en' });
      if (seconds > 0) await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(synth.spoken).toHaveLength(0);
      expect(readAloud.listed).toBe(false);
      expect(readAloud.missing).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(synth.texts).toEqual(['Everyone, close your eyes.']);
      expect(synth.spoken[0].voice?.name).toBe('Anna');
      expect(readAloud.listed).toBe(true);
      synth.finish();
      expect(await done).toBe('done');
      await vi.advanceTimersByTimeAsync(2 * VOICES_WAIT_MS);
      expect(readAloud.missing).toBeNull();
      expect(synth.spoken).toHaveLength(1);
    });
  }

  it('says there is no voice only once the browser has had long enough to list them', async () => {
    const synth = installSpeech([ANNA], { arriveAfter: 'never' });
    const done = readAloud.read(['Hello'], { lang: 'en' });
    await vi.advanceTimersByTimeAsync(VOICES_WAIT_MS - 1);
    expect(readAloud.missing).toBeNull();
    expect(readAloud.listed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('failed');
    expect(readAloud.listed).toBe(true);
    expect(readAloud.missing).toBe('en');
    expect(synth.spoken).toHaveLength(0);
  });

  it('reads what is on screen if the voices come after it said there were none, and takes the note back', async () => {
    const synth = installSpeech([ANNA], { arriveAfter: VOICES_WAIT_MS + 5000 });
    void readAloud.read(['The first step'], { lang: 'en' });
    await vi.advanceTimersByTimeAsync(VOICES_WAIT_MS);
    expect(readAloud.missing).toBe('en');
    await vi.advanceTimersByTimeAsync(5000);
    expect(synth.texts).toEqual(['The first step']);
    expect(readAloud.missing).toBeNull();
  });

  it('says at once when the list arrives without a voice for the language', async () => {
    const synth = installSpeech([ANNA], { arriveAfter: 2000 });
    const done = readAloud.read(['Dzień dobry'], { lang: 'pl' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(readAloud.missing).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('failed');
    expect(readAloud.missing).toBe('pl');
    expect(synth.spoken).toHaveLength(0);
  });

  it('reads only the latest lines asked for while waiting, and nothing after a stop', async () => {
    const synth = installSpeech([ANNA], { arriveAfter: 3000 });
    const first = readAloud.read(['Step one'], { lang: 'en' });
    await vi.advanceTimersByTimeAsync(1000);
    const second = readAloud.read(['Step two'], { lang: 'en' });
    expect(await first).toBe('stopped');
    await vi.advanceTimersByTimeAsync(2000);
    expect(synth.texts).toEqual(['Step two']);
    synth.finish();
    expect(await second).toBe('done');

    const later = installSpeech([ANNA], { arriveAfter: 3000 });
    const third = readAloud.read(['Step three'], { lang: 'en' });
    readAloud.stop();
    expect(await third).toBe('stopped');
    await vi.advanceTimersByTimeAsync(VOICES_WAIT_MS);
    expect(later.spoken).toHaveLength(0);
    expect(readAloud.missing).toBeNull();
  });

  it('follows the list for the Settings screen: loading, then the voices', async () => {
    installSpeech([ANNA, voice('Zosia', 'pl-PL')], { arriveAfter: 3000 });
    readAloud.watch();
    expect(readAloud.listed).toBe(false);
    expect(readAloud.voicesFor('pl')).toEqual([]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(readAloud.listed).toBe(true);
    expect(readAloud.voicesFor('pl').map((x) => x.name)).toEqual(['Zosia']);
  });
});

describe('a browser that speaks only after a user gesture (Safari, WebKit)', () => {
  const tap = () => document.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
  const ANNA = voice('Anna', 'en-GB');

  it('reads the step that arrived before any tap on the first tap, inside it', async () => {
    const synth = installSpeech([ANNA], { needsGesture: true });
    void readAloud.read(['Everyone, close your eyes.'], { lang: 'en' });
    await Promise.resolve();
    // Dropped without a word, as WebKit does before a gesture.
    expect(synth.dropped.map((u) => u.text)).toEqual(['Everyone, close your eyes.']);
    expect(synth.texts).toEqual([]);
    tap();
    expect(synth.texts).toEqual(['Everyone, close your eyes.']);
    // From then on, a step read without a tap is heard too.
    const next = readAloud.read(['The Keeper wakes.'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.texts).toEqual(['Everyone, close your eyes.', 'The Keeper wakes.']));
    synth.finish();
    expect(await next).toBe('done');
  });

  it('unlocks speech with a silent line on the first tap when nothing waits, so a later step is heard', async () => {
    const synth = installSpeech([ANNA], { needsGesture: true });
    readAloud.watch();
    tap();
    expect(synth.primes).toBe(1);
    expect(synth.texts).toEqual([]);
    tap();
    expect(synth.primes).toBe(1);
    void readAloud.read(['The Keeper wakes.'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.texts).toEqual(['The Keeper wakes.']));
    expect(synth.dropped).toEqual([]);
  });

  it('does not read again what was heard, nor what was stopped or replaced before the tap', async () => {
    let synth = installSpeech([ANNA]);
    void readAloud.read(['Heard already.'], { lang: 'en' });
    await vi.waitFor(() => expect(synth.texts).toEqual(['Heard already.']));
    synth.finish();
    tap();
    expect(synth.texts).toEqual(['Heard already.']);

    synth = installSpeech([ANNA], { needsGesture: true });
    void readAloud.read(['Stopped.'], { lang: 'en' });
    await Promise.resolve();
    readAloud.stop();
    tap();
    expect(synth.texts).toEqual([]);
    expect(synth.primes).toBe(1);
  });
});
