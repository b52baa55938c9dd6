/**
 * Everything Lantern keeps on the phone goes through here; no other module touches IndexedDB.
 * `openStorage` gives the IndexedDB storage, or, when this browser cannot keep data, an
 * in-memory one with a problem to show the moderator.
 */
import type { Text } from '../engine/types';
import { openDexieStorage, type OpenOptions } from './dexie';
import { MemoryStorage } from './memory';
import type { Storage } from './types';

export type { CheckpointRecord, EventRecord, GameRecord, GameSummary, ImportItem, ImportMode, Storage, StoredGame } from './types';
export { CHECKPOINT_EVERY, isCheckpoint } from './types';
export { StorageError, toStorageError, type StorageErrorKind } from './errors';
export { MemoryStorage } from './memory';
export { DB_NAME, DexieStorage, LanternDB, openDexieStorage, type OpenOptions } from './dexie';

export async function openStorage(options?: OpenOptions): Promise<{ storage: Storage; problem: Text | null }> {
  try {
    return { storage: await openDexieStorage(options), problem: null };
  } catch {
    // The game still runs, but nothing survives a reload: the moderator must be told.
    return { storage: new MemoryStorage(), problem: { key: 'common:storage.unavailable' } };
  }
}
