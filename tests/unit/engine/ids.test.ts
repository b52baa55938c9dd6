import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '$lib/engine/ids';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('randomId', () => {
  it('gives a version 4 UUID, a different one each time', () => {
    const ids = Array.from({ length: 50 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID4);
    expect(new Set(ids).size).toBe(50);
  });

  it('still gives one on a page served over plain http, where the browser has no randomUUID', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array<ArrayBuffer>>(a: T) => real.getRandomValues(a) });
    const ids = Array.from({ length: 50 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID4);
    expect(new Set(ids).size).toBe(50);
  });
});
