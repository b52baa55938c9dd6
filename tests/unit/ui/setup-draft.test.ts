/**
 * A set-up form's draft is written only when the Keeper changes something: the form's first
 * report (the form as drawn, empty or from the draft) writes nothing, so an untouched set-up
 * screen never loads the database library; every real change is kept, a change undone included.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '$lib/db';
import { provideStorage } from '$lib/stores';
import { SetupDraft } from '$lib/ui/setup/draft';

afterEach(() => vi.useRealTimers());

function watched() {
  const storage = new MemoryStorage();
  const writes: unknown[] = [];
  const setSetting = storage.setSetting.bind(storage);
  storage.setSetting = async (key: string, value: unknown) => {
    writes.push((value as { form?: unknown } | null)?.form ?? value);
    return setSetting(key, value);
  };
  provideStorage(storage);
  return { storage, writes };
}

const EMPTY = { players: ['', '', ''] };
const NAMED = { players: ['Ada', 'Bob', ''] };

describe('a set-up draft', () => {
  it('writes nothing for the form as first drawn, then keeps each change, a change undone included', async () => {
    const { storage, writes } = watched();
    const draft = await SetupDraft.open('cluethulhu');
    expect(draft.form).toBeNull();
    vi.useFakeTimers();

    draft.save(EMPTY);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([]);

    draft.save(NAMED);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([NAMED]);
    draft.save(structuredClone(NAMED));
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);

    // Back to empty: storage holds the names, so the empty form is written.
    draft.save(EMPTY);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([NAMED, EMPTY]);
    expect(await storage.getSetting('setup.draft.cluethulhu', null)).toEqual({ form: EMPTY, started: null });
  });

  it('drops a change undone before it was written', async () => {
    const { writes } = watched();
    const draft = await SetupDraft.open('ktulu');
    vi.useFakeTimers();
    draft.save(EMPTY);
    draft.save(NAMED);
    draft.save(EMPTY);
    await vi.advanceTimersByTimeAsync(1000);
    await draft.flush();
    expect(writes).toEqual([]);
  });
});
