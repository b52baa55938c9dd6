/**
 * Turning whatever IndexedDB or Dexie throws into one of the few failures the moderator can
 * act on: the phone is full, saving is impossible in this browser, the game was changed
 * elsewhere, or something else went wrong. Each carries the text to show (`common:storage.*`).
 */
import type { Text } from '../engine/types';

export type StorageErrorKind = 'quota' | 'unavailable' | 'conflict' | 'unknown';

const TEXT: Record<StorageErrorKind, Text> = {
  quota: { key: 'common:storage.quotaFull' },
  unavailable: { key: 'common:storage.unavailable' },
  conflict: { key: 'common:storage.conflict' },
  unknown: { key: 'common:storage.failed' }
};

export class StorageError extends Error {
  readonly text: Text;
  constructor(
    readonly kind: StorageErrorKind,
    options?: { cause?: unknown }
  ) {
    super(`storage: ${kind}`, options);
    this.name = 'StorageError';
    this.text = TEXT[kind];
  }
}

// Names as thrown by browsers and by Dexie (which renames and wraps the DOM errors).
const UNAVAILABLE = new Set([
  'MissingAPIError', // no indexedDB at all
  'SecurityError', // storage blocked by the browser's settings
  'InvalidStateError', // Firefox private windows (older versions)
  'OpenFailedError',
  'DatabaseClosedError',
  'VersionError', // the phone holds a newer schema than this app knows
  'BlockedError'
]);

/** The error, then what it wraps: Dexie's `inner` (AbortError, OpenFailedError…), `cause`, bulk `failures`. */
function* chain(e: unknown, depth = 0): Generator<{ name?: unknown; code?: unknown }> {
  if (!e || typeof e !== 'object' || depth > 8) return;
  const err = e as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  yield err;
  yield* chain(err.inner, depth + 1);
  yield* chain(err.cause, depth + 1);
  if (Array.isArray(err.failures)) for (const f of err.failures) yield* chain(f, depth + 1);
}

/** The StorageError for anything thrown by a storage operation. */
export function toStorageError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  const errors = [...chain(e)];
  // A full disk usually surfaces as an aborted transaction whose inner error is the quota one,
  // so the whole chain is searched before anything else is concluded.
  if (errors.some((x) => x.name === 'QuotaExceededError' || x.name === 'NS_ERROR_DOM_QUOTA_REACHED' || x.code === 22))
    return new StorageError('quota', { cause: e });
  for (const x of errors) {
    if (typeof x.name !== 'string') continue;
    if (UNAVAILABLE.has(x.name)) return new StorageError('unavailable', { cause: e });
    if (x.name === 'ConstraintError') return new StorageError('conflict', { cause: e });
  }
  return new StorageError('unknown', { cause: e });
}
