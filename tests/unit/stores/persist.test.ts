/**
 * Persistent storage: opening the storage only reads what the browser already promised
 * (`persisted()`, which shows no question in any browser); `persist()`, which makes Firefox ask
 * the person at once, is called only on a deliberate act (Settings' button, starting a game).
 * A request the browser leaves unanswered never leaves a screen waiting: it reads as pending,
 * then as unanswered, and a late answer is still taken.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh storage module (it opens storage once per page), with `storage` as navigator.storage. */
async function openWith(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal('navigator', { ...navigator, storage });
  const mod = await import('$lib/stores/storage.svelte');
  const opened = await mod.ready();
  await vi.waitFor(() => expect(mod.storageState.persisted).not.toBeNull());
  return { mod, state: mod.storageState, opened };
}

/** A persist() the person has not answered yet: resolve it with `answer`. */
function prompting() {
  let answer: (granted: boolean) => void = () => {};
  const persist = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  return { persist, answer: (granted: boolean) => answer(granted) };
}

describe('opening the storage', () => {
  it('reads what the browser promised, and asks nothing', async () => {
    const persist = vi.fn(async () => true);
    const { state, opened } = await openWith({ persisted: async () => false, persist });
    expect(opened.kind).toBe('indexeddb');
    expect(state.persisted).toBe(false);
    expect(state.request).toBe('none');
    expect(persist).not.toHaveBeenCalled();
  });

  it('shows a promise already made', async () => {
    const persist = vi.fn(async () => true);
    const { state } = await openWith({ persisted: async () => true, persist });
    expect(state.persisted).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('says no when the browser has no storage manager, or its read fails or never answers', async () => {
    expect((await openWith(undefined)).state.persisted).toBe(false);
    vi.resetModules();
    expect((await openWith({ persisted: () => Promise.reject(new Error('no')) })).state.persisted).toBe(false);
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { ...navigator, storage: { persisted: () => new Promise<boolean>(() => {}) } });
    const mod = await import('$lib/stores/storage.svelte');
    const read = mod.readPersisted();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await read).toBe(false);
    expect(mod.storageState.persisted).toBe(false);
  });
});

describe("the Keeper's request", () => {
  it('asks once per tap and keeps the answer', async () => {
    const persist = vi.fn(async () => true);
    const { mod, state } = await openWith({ persisted: async () => false, persist });
    expect(await mod.requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(state.persisted).toBe(true);
    expect(state.request).toBe('none');
  });

  it('reads as pending, then unanswered, while the browser’s question waits; a late answer is taken', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { persist, answer } = prompting();
    const { mod, state } = await openWith({ persisted: async () => false, persist });
    const request = mod.requestPersistence();
    expect(state.request).toBe('pending');
    // A second tap meanwhile joins the same request: the browser is not asked twice.
    expect(mod.requestPersistence()).toBe(request);
    await vi.advanceTimersByTimeAsync(mod.PERSIST_ANSWER_WAIT - 1);
    expect(state.request).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state.request).toBe('unanswered');
    expect(state.persisted).toBe(false);
    answer(true);
    expect(await request).toBe(true);
    expect(state.persisted).toBe(true);
    expect(state.request).toBe('none');
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('says no when refused or when asking fails, and cannot ask without a storage manager', async () => {
    let { mod } = await openWith({ persisted: async () => false, persist: async () => false });
    expect(await mod.requestPersistence()).toBe(false);
    vi.resetModules();
    ({ mod } = await openWith({ persisted: async () => false, persist: () => Promise.reject(new Error('no')) }));
    expect(await mod.requestPersistence()).toBe(false);
    expect(mod.storageState.persisted).toBe(false);
    vi.resetModules();
    ({ mod } = await openWith(undefined));
    expect(mod.canAskToPersist()).toBe(false);
    expect(await mod.requestPersistence()).toBe(false);
  });
});

describe('starting a game', () => {
  it('asks once a visit, and not when the browser already keeps the games', async () => {
    const { persist, answer } = prompting();
    const { mod } = await openWith({ persisted: async () => false, persist });
    mod.requestPersistenceOnStart();
    mod.requestPersistenceOnStart();
    expect(persist).toHaveBeenCalledTimes(1);
    answer(false);
    await vi.waitFor(() => expect(mod.storageState.request).toBe('none'));
    mod.requestPersistenceOnStart();
    expect(persist).toHaveBeenCalledTimes(1);

    vi.resetModules();
    const kept = vi.fn(async () => true);
    const second = await openWith({ persisted: async () => true, persist: kept });
    second.mod.requestPersistenceOnStart();
    expect(kept).not.toHaveBeenCalled();
  });
});
