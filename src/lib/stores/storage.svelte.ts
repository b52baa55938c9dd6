/**
 * The app's one storage, opened on first use, as Svelte state: which kind it is, the problem
 * to show when data cannot be kept, and whether the browser promised not to evict it.
 */
import { openStorage, type Storage } from '../db';
import type { Text } from '../engine/types';

class StorageState {
  storage: Storage | null = $state.raw(null);
  problem: Text | null = $state.raw(null);
  persisted: boolean | null = $state(null);
  get kind(): Storage['kind'] | null {
    return this.storage?.kind ?? null;
  }
}

const state = new StorageState();

export const storageState: {
  readonly storage: Storage | null;
  readonly kind: Storage['kind'] | null;
  readonly problem: Text | null;
  readonly persisted: boolean | null;
} = state;

let opening: Promise<Storage> | null = null;

/** The storage, opened once; never rejects (it falls back to memory). */
export function ready(): Promise<Storage> {
  opening ??= openStorage().then(({ storage, problem }) => {
    state.storage = storage;
    state.problem = problem;
    if (storage.kind === 'indexeddb') void askToPersist();
    return storage;
  });
  return opening;
}

/** Use this storage from now on instead of opening one (tests; importing a backup). */
export function provideStorage(storage: Storage, problem: Text | null = null): void {
  opening = Promise.resolve(storage);
  state.storage = storage;
  state.problem = problem;
  state.persisted = null;
}

/**
 * Without this a browser short of space may silently delete a game in progress. Not awaited by
 * `ready()`: some browsers ask the user first, and the app must not wait for that answer.
 */
async function askToPersist(): Promise<void> {
  const manager = globalThis.navigator?.storage;
  if (!manager?.persist) return;
  try {
    state.persisted = (await manager.persisted?.()) || (await manager.persist());
  } catch {
    state.persisted = false;
  }
}
