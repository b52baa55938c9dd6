import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, StorageError } from '$lib/db';
import { openDexieStorage, DexieStorage } from '$lib/db/dexie';

describe('openStorage', () => {
  const saved = globalThis.indexedDB;
  afterEach(() => {
    globalThis.indexedDB = saved;
  });

  it('opens the IndexedDB storage when the browser has one', async () => {
    const { storage, problem } = await openStorage({ name: 'lantern-open-ok' });
    expect(storage.kind).toBe('indexeddb');
    expect(problem).toBeNull();
    (storage as DexieStorage).db.close();
  });

  it('falls back to memory, and says so, when the browser has no IndexedDB', async () => {
    // @ts-expect-error a browser without IndexedDB
    delete globalThis.indexedDB;
    expect(globalThis.indexedDB).toBeUndefined();
    const { storage, problem } = await openStorage({ name: 'lantern-open-none' });
    expect(storage.kind).toBe('memory');
    expect(problem).toEqual({ key: 'common:storage.unavailable' });
    // The fallback still works as a storage.
    expect(await storage.listGames()).toEqual([]);
  });

  it('falls back to memory when opening is refused by the browser', async () => {
    const refusing = {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }
    } as unknown as IDBFactory;
    const err = await openDexieStorage({ name: 'lantern-open-refused', indexedDB: refusing }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).kind).toBe('unavailable');
    const { storage, problem } = await openStorage({ name: 'lantern-open-refused', indexedDB: refusing });
    expect(storage.kind).toBe('memory');
    expect(problem?.key).toBe('common:storage.unavailable');
  });

  it('gives up on an open that never finishes', async () => {
    // A request that never fires success, error or blocked, as some mobile browsers do.
    const hanging = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
    const began = Date.now();
    const { storage, problem } = await openStorage({ name: 'lantern-open-hang', indexedDB: hanging, timeoutMs: 80 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(75);
    expect(storage.kind).toBe('memory');
    expect(problem?.key).toBe('common:storage.unavailable');
  });
});
