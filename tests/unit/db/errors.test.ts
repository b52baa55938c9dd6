import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { StorageError, toStorageError } from '$lib/db';

describe('toStorageError', () => {
  it('finds a full disk inside an aborted transaction', () => {
    const aborted = new Dexie.AbortError('Transaction aborted', new DOMException('full', 'QuotaExceededError'));
    const err = toStorageError(aborted);
    expect(err.kind).toBe('quota');
    expect(err.text).toEqual({ key: 'common:storage.quotaFull' });
    expect(err.cause).toBe(aborted);
  });

  it('recognises Dexie’s own quota error', () => {
    expect(toStorageError(new Dexie.QuotaExceededError('full')).kind).toBe('quota');
  });

  it('treats a missing, forbidden or closed database as unavailable', () => {
    for (const e of [
      new Dexie.MissingAPIError('no indexedDB'),
      new DOMException('no', 'SecurityError'),
      new DOMException('private window', 'InvalidStateError'),
      new Dexie.OpenFailedError('failed', new DOMException('no', 'UnknownError')),
      new Dexie.DatabaseClosedError('closed')
    ])
      expect(toStorageError(e).kind, String(e)).toBe('unavailable');
  });

  it('treats a duplicate key as a conflict and anything else as unknown', () => {
    expect(toStorageError(new Dexie.ConstraintError('dup')).kind).toBe('conflict');
    expect(toStorageError(new TypeError('oops')).kind).toBe('unknown');
    expect(toStorageError('a string').text).toEqual({ key: 'common:storage.failed' });
  });

  it('passes a StorageError through unchanged', () => {
    const e = new StorageError('conflict');
    expect(toStorageError(e)).toBe(e);
  });
});
