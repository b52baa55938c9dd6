/**
 * The real game through the real storage: a Cluethulhu game dealt in the app and played a few
 * steps comes back identical after the database is closed and opened again, as after the
 * browser was killed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import type { Answer, AnswerSpec } from '$lib/engine/types';
import { ActiveGame, provideStorage } from '$lib/stores';
import { SEVEN, setupFor } from '../cluethulhu/fixture';

const NAME = 'lantern-cluethulhu-store';
let open: DexieStorage[] = [];
afterEach(() => {
  for (const s of open) s.db.close();
  open = [];
});

/** A fresh connection to the same database, as after a reload. */
async function relaunch(): Promise<void> {
  for (const s of open) s.db.close();
  const storage = await openDexieStorage({ name: NAME });
  open = [storage];
  provideStorage(storage);
}

/** The simplest answer that fits: Next, No, the fewest allowed players, or no votes. */
function simplest(spec: AnswerSpec): Answer {
  switch (spec.kind) {
    case 'none':
      return { kind: 'none' };
    case 'yesno':
      return { kind: 'yesno', value: false };
    case 'players':
      return { kind: 'players', ids: spec.candidates.slice(0, spec.min) };
    case 'tally':
      return { kind: 'tally', counts: Object.fromEntries(spec.options.map((id, i) => [id, i === 0 ? (spec.total?.rule === 'exactly' ? spec.total.n : 1) : 0])) };
  }
}

describe('a Cluethulhu game in storage', () => {
  it('survives a relaunch mid-game, and after an undo', async () => {
    await relaunch();
    const made = await ActiveGame.create('cluethulhu', setupFor(SEVEN, { deal: { mode: 'app' } }), 11);
    expect(made).toHaveProperty('id');
    const id = (made as { id: string }).id;
    const game = (await ActiveGame.open(id))!;
    expect(game.view.stage).toBe('dealing');
    for (let i = 0; i < 40 && game.view.stage === 'dealing'; i++) expect(await game.answer({ kind: 'none' })).toBe(true);
    expect(game.view.stage).toBe('play');
    for (let i = 0; i < 12 && game.view.step; i++) expect(await game.answer(simplest(game.view.step.answer))).toBe(true);

    await relaunch();
    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(game.view);
    expect(again.seq).toBe(game.seq);

    const before = game.view;
    expect(await again.undo()).toBe(true);
    expect(again.view).not.toEqual(before);
    await relaunch();
    const third = (await ActiveGame.open(id))!;
    expect(third.view).toEqual(again.view);
    expect(third.record.seq).toBe(game.seq + 1);
  });
});
