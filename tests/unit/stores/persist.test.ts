/**
 * Asking the browser to keep the games (persistent storage), and what Settings is given to
 * show: the browser's answer, "no" when it cannot be asked, and nothing when no database was
 * opened at all.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh storage module (it opens storage once per page), with `storage` as navigator.storage. */
async function openWith(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal('navigator', { ...navigator, storage });
  const mod = await import('$lib/stores/storage.svelte');
  const opened = await mod.ready();
  await vi.waitFor(() => expect(mod.storageState.persisted).not.toBeNull());
  return { state: mod.storageState, opened };
}

describe('persistent storage', () => {
  it('asks once the database is open, and keeps the answer', async () => {
    const persist = vi.fn(async () => true);
    const { state, opened } = await openWith({ persisted: async () => false, persist });
    expect(opened.kind).toBe('indexeddb');
    expect(state.persisted).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the browser already keeps the games', async () => {
    const persist = vi.fn(async () => false);
    const { state } = await openWith({ persisted: async () => true, persist });
    expect(state.persisted).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('says no when refused, when asking fails, and when the browser cannot be asked', async () => {
    expect((await openWith({ persisted: async () => false, persist: async () => false })).state.persisted).toBe(false);
    vi.resetModules();
    expect((await openWith({ persisted: async () => false, persist: async () => Promise.reject(new Error('no')) })).state.persisted).toBe(false);
    vi.resetModules();
    expect((await openWith(undefined)).state.persisted).toBe(false);
  });
});
