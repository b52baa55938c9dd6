/**
 * Everything Lantern keeps on the phone goes through here; no other module touches IndexedDB.
 * `openStorage` gives the IndexedDB storage, or, when this browser cannot keep data, an
 * in-memory one with a problem to show the moderator.
 */
import type { Text } from '../engine/types';
import type { OpenOptions } from './dexie';
import { MemoryStorage } from './memory';
import type { Storage } from './types';

export type { CheckpointRecord, EventRecord, GameRecord, GameSummary, ImportItem, ImportMode, ScriptRecord, Storage, StoredGame } from './types';
export { CHECKPOINT_EVERY, isCheckpoint } from './types';
export { StorageError, toStorageError, type StorageErrorKind } from './errors';
export { MemoryStorage } from './memory';
export { DB_NAME } from './name';
export { peekRows, peekSetting, peekStorage, type Peeked } from './peek';
// Dexie itself (`./dexie`: DexieStorage, LanternDB, openDexieStorage) is imported only below, when
// storage is first opened, so a screen that only reads (home) never loads the library.

export async function openStorage(options?: OpenOptions): Promise<{ storage: Storage; problem: Text | null }> {
  try {
    const { openDexieStorage } = await import('./dexie');
    return { storage: await openDexieStorage(options), problem: null };
  } catch {
    // The game still runs, but nothing survives a reload: the moderator must be told.
    return { storage: new MemoryStorage(), problem: { key: 'common:storage.unavailable' } };
  }
}
