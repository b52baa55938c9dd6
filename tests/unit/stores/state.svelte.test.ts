import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '$lib/i18n';
import { ActiveGame, provideStorage, Settings } from '$lib/stores';
import { ControlledStorage } from './controlled-storage';

vi.mock('$lib/games', async () => {
  const { tiny } = await import('./tiny-game');
  return { isKnownGame: (id: string) => id === 'tiny', loadGame: async () => tiny };
});

let storage: ControlledStorage;
beforeEach(() => {
  storage = new ControlledStorage();
  provideStorage(storage);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ActiveGame with Svelte state', () => {
  it('stores a setup and answers taken straight from a form’s $state', async () => {
    const form = $state({ names: ['Ada', 'Bo'] });
    const made = await ActiveGame.create('tiny', form, 1);
    const game = (await ActiveGame.open((made as { id: string }).id))!;
    await game.answer({ kind: 'none' });
    await game.answer({ kind: 'none' });
    const picked = $state({ kind: 'players' as const, ids: ['p1'] });
    expect(await game.answer(picked)).toBe(true);
    expect(game.record.input.setup).toEqual({ names: ['Ada', 'Bo'] });
  });

  it('re-renders what reads the view once, after the move is stored', async () => {
    const made = (await ActiveGame.create('tiny', { names: ['Ada', 'Bo'] }, 1)) as { id: string };
    const game = (await ActiveGame.open(made.id))!;
    const seen: (number | undefined)[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(game.deal?.index);
      });
    });
    flushSync();
    const release = storage.hold();
    const answered = game.answer({ kind: 'none' });
    flushSync();
    expect(seen).toEqual([0]);
    release();
    await answered;
    flushSync();
    expect(seen).toEqual([0, 1]);
    stop();
  });
});

describe('settings', () => {
  afterEach(async () => {
    await i18n.setLanguage('en');
    localStorage.clear();
  });

  it('speaks the phone’s language until the Keeper chooses one', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pl-PL');
    const settings = new Settings();
    await settings.load();
    expect(settings.language).toBe('pl');
    expect(i18n.language).toBe('pl');
  });

  it('falls back to English for a phone in a language Lantern does not speak', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const settings = new Settings();
    await settings.load();
    expect(settings.language).toBe('en');
  });

  it('remembers the chosen language across launches', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    await new Settings().setLanguage('pl');
    expect(await storage.getSetting('language', null)).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    await i18n.setLanguage('en');
    const next = new Settings();
    await next.load();
    expect(next.language).toBe('pl');
    expect(i18n.language).toBe('pl');
  });

  it('keeps the chosen language where the next start reads it before drawing anything', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    await new Settings().setLanguage('pl');
    expect(localStorage.getItem('lantern.language')).toBe('pl');
    // A fresh start of the app: its texts start in the chosen language, not the phone's.
    vi.resetModules();
    const fresh = await import('$lib/i18n');
    expect(fresh.i18n.language).toBe('pl');
    await fresh.i18n.ready;
    expect(fresh.i18n.t('common:settings.title')).toBe('Ustawienia');
    expect(document.documentElement.lang).toBe('pl');
  });

  it('copies a choice stored before localStorage kept it, and follows the stored row over it', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    await storage.setSetting('language', 'pl');
    await new Settings().load();
    expect(localStorage.getItem('lantern.language')).toBe('pl');
    // A backup brought back another choice: the row wins, and localStorage follows it.
    await storage.setSetting('language', 'en');
    const next = new Settings();
    await next.load();
    expect(next.language).toBe('en');
    expect(localStorage.getItem('lantern.language')).toBe('en');
  });

  it('ignores a stored value that is not a language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    await storage.setSetting('language', 'xx');
    const settings = new Settings();
    await settings.load();
    expect(settings.language).toBe('en');
  });
});

describe('storageState and ready()', () => {
  const saved = globalThis.indexedDB;
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    globalThis.indexedDB = saved;
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('opens IndexedDB once and reads, without asking, whether the browser keeps the data', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted: async () => false }, configurable: true });
    const { ready, storageState } = await import('$lib/stores/storage.svelte');
    const [a, b] = await Promise.all([ready(), ready()]);
    expect(a).toBe(b);
    expect(await ready()).toBe(a);
    expect(storageState.kind).toBe('indexeddb');
    expect(storageState.problem).toBeNull();
    await vi.waitFor(() => expect(storageState.persisted).toBe(false));
    expect(persist).not.toHaveBeenCalled();
  });

  it('shows a promise the browser already made', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted: async () => true }, configurable: true });
    const { ready, storageState } = await import('$lib/stores/storage.svelte');
    await ready();
    await vi.waitFor(() => expect(storageState.persisted).toBe(true));
    expect(persist).not.toHaveBeenCalled();
  });

  it('runs from memory, with the problem to show, when the browser cannot keep data', async () => {
    // @ts-expect-error a browser without IndexedDB
    delete globalThis.indexedDB;
    const { ready, storageState } = await import('$lib/stores/storage.svelte');
    const storage = await ready();
    expect(storage.kind).toBe('memory');
    expect(storageState.kind).toBe('memory');
    expect(storageState.problem).toEqual({ key: 'common:storage.unavailable' });
    expect(storageState.persisted).toBeNull();
  });
});
