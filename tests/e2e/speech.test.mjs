/**
 * Reading aloud in a freshly started browser, whose voice list arrives seconds after the page
 * asks for it (Chromium took 2.5 s on a real machine). The page's speech synthesis is replaced by
 * an init script: it holds its voices back for a while after the first `getVoices()` call (or
 * for ever), then announces them with `voiceschanged`, and records every utterance it is given
 * instead of sounding it. The app must read the first step once the voices arrive, and never say
 * "no voice" while they may still be loading.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freshPage, useApp } from './harness.mjs';
import { dealAll, startCluethulhu, tick } from './keeper.mjs';

const app = useApp();

/** The "no voice" note on the script screen, in English. */
const NO_VOICE = 'voice, so Lantern stays silent';

/**
 * Replaces the page's speech synthesis. `delay` is how long after the first `getVoices()` call
 * the voices arrive, in milliseconds, or null for never.
 */
function slowVoices(delay) {
  const w = /** @type {any} */ (window);
  const voices = [
    { voiceURI: 'urn:en', name: 'Test English', lang: 'en-GB', default: true, localService: true },
    { voiceURI: 'urn:pl', name: 'Test Polish', lang: 'pl-PL', default: false, localService: true }
  ];
  const spoken = (w.__spoken = []);
  w.__noVoiceShown = false;
  let arrived = false;
  let asked = false;
  const synth = new EventTarget();
  Object.assign(synth, {
    speaking: false,
    pending: false,
    paused: false,
    getVoices() {
      if (!asked) w.__firstAsk = performance.now();
      if (!asked && delay !== null) {
        asked = true;
        setTimeout(() => {
          arrived = true;
          synth.dispatchEvent(new Event('voiceschanged'));
        }, delay);
      }
      asked = true;
      return arrived ? voices : [];
    },
    speak(u) {
      // The silent empty line that unlocks speech on the first tap is not something heard.
      if (u.text === '') return void setTimeout(() => u.onend?.(new Event('end')), 0);
      spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null, at: performance.now() });
      setTimeout(() => u.onend?.(new Event('end')), 10);
    },
    cancel() {},
    pause() {},
    resume() {}
  });
  class Utterance extends EventTarget {
    constructor(text) {
      super();
      this.text = text;
      this.lang = '';
      this.voice = null;
      this.rate = 1;
      this.onend = null;
      this.onerror = null;
    }
  }
  Object.defineProperty(w, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(w, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  // Whether the "no voice" note was ever drawn, however briefly.
  new MutationObserver(() => {
    if (w.__noVoiceShown || !document.body?.textContent?.includes('voice, so Lantern stays silent')) return;
    w.__noVoiceShown = true;
    w.__noVoiceAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const spoken = (page) => page.evaluate(() => /** @type {any} */ (window).__spoken);
const noVoiceShown = (page) => page.evaluate(() => /** @type {any} */ (window).__noVoiceShown);

/** Turns "Read each new step aloud" on in Settings (kept in storage for the next page load). */
async function turnOnReading(page) {
  await page.goto(`${app.url}/settings`);
  const auto = page.getByLabel('Read each new step aloud', { exact: true });
  await auto.waitFor();
  await tick(page, auto);
  // Stored: it is still on after a reload.
  await page.reload();
  await page.waitForFunction(() => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Read each new step aloud');
    const input = label && document.getElementById(label.htmlFor);
    return input instanceof HTMLInputElement && input.checked;
  });
}

describe('reading aloud while the browser is still listing its voices', () => {
  test('Settings says the voices are loading, then offers them; never "no voice"', { timeout: 60_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      await context.addInitScript(slowVoices, 3000);
      await page.goto(`${app.url}/settings`);
      await page.getByLabel('Read each new step aloud', { exact: true }).waitFor();
      assert.equal(await page.getByText('Looking for this phone’s voices…', { exact: true }).count(), 2);
      assert.equal(await page.getByText(/^No (English|Polish) voice on this phone\.$/).count(), 0);
      await page.getByLabel('Polish voice', { exact: true }).waitFor({ timeout: 10_000 });
      assert.equal(await page.getByText('Looking for this phone’s voices…', { exact: true }).count(), 0);
      // The Polish sample is read in Polish, though the app speaks English.
      await page.getByRole('button', { name: 'Try the Polish voice', exact: true }).click();
      await page.waitForFunction(() => /** @type {any} */ (window).__spoken.length === 1);
      assert.deepEqual((await spoken(page)).map((u) => [u.text, u.voice]), [['Wszyscy zamykają oczy. Zaraz zacznie się noc.', 'Test Polish']]);
    } finally {
      await context.close();
    }
  });

  test('the first prompt of a new game is spoken once the voices arrive, 3 s after it is on screen', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      await context.addInitScript(slowVoices, 3000);
      await turnOnReading(page);
      await startCluethulhu(page, app.url);
      await dealAll(page);
      const prompt = (await page.getByTestId('prompt').innerText()).trim();
      assert.ok(prompt.length > 0);
      await page.waitForFunction(() => /** @type {any} */ (window).__spoken.length > 0, undefined, { timeout: 15_000 });
      const said = await spoken(page);
      assert.equal(said[0].text, prompt, 'the first thing said is the first step’s prompt');
      assert.equal(said[0].voice, 'Test English');
      assert.equal(said[0].lang, 'en-GB');
      assert.equal(await noVoiceShown(page), false, 'no "no voice" note while the voices were loading');
    } finally {
      await context.close();
    }
  });

  test('with no voice ever listed, the note comes only after the wait, and nothing is said', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      await context.addInitScript(slowVoices, null);
      await turnOnReading(page);
      await startCluethulhu(page, app.url);
      await dealAll(page);
      await page.getByText(NO_VOICE, { exact: false }).waitFor({ timeout: 20_000 });
      const { asked, shown } = await page.evaluate(() => ({ asked: /** @type {any} */ (window).__firstAsk, shown: /** @type {any} */ (window).__noVoiceAt }));
      // The app gives the browser 10 s from its first question (speech.svelte.ts, VOICES_WAIT_MS).
      assert.ok(shown - asked >= 10_000, `the note came ${Math.round(shown - asked)} ms after the first look at the voices`);
      assert.deepEqual(await spoken(page), []);
    } finally {
      await context.close();
    }
  });
});
