/**
 * The override's corrections in a backup: each is read field by field and rebuilt (nothing else
 * the file carries gets through), a field of the wrong shape refuses the move, and a game played
 * with every kind of correction comes back exactly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames } from '$lib/backup/backup';
import { readLoggedEvent } from '$lib/backup/validate';
import { ActiveGame } from '$lib/stores';
import { setupFor } from '../ktulu/game';
import { blob, dump, freshStorage, importFile } from './fixture';

const opened: DexieStorage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

const read = (override: unknown) => readLoggedEvent({ type: 'keeper.override', override });

describe('a correction read from a backup', () => {
  it('is rebuilt from its own fields only', () => {
    const cases = [
      { kind: 'moveToken', token: 'statue', to: 'p2' },
      { kind: 'moveToken', token: 'statue', to: 'p2', planted: true },
      { kind: 'swapRoles', a: 'p1', b: 'p2' },
      { kind: 'setRole', player: 'p1', role: 'townsman' },
      { kind: 'rename', player: 'p1', name: 'Anna' },
      { kind: 'replace', player: 'p1', name: 'Zuza' },
      { kind: 'leave', player: 'p3' }
    ];
    for (const o of cases) expect(read({ ...o, alive: true, role2: 'sheriff', outcome: { winner: 'town' } })).toEqual({ type: 'keeper.override', override: o });
  });

  it('keeps the position it was made at, and refuses one of the wrong shape', () => {
    const o = { kind: 'leave', player: 'p3' };
    expect(readLoggedEvent({ type: 'keeper.override', override: o, at: { seq: 4, extra: 1 } })).toEqual({ type: 'keeper.override', override: o, at: { seq: 4 } });
    for (const at of [null, { seq: -1 }, { seq: 1.5 }, { seq: '4' }, 4]) expect(readLoggedEvent({ type: 'keeper.override', override: o, at }), JSON.stringify(at)).toBeNull();
  });

  it('is refused when a field is missing or of the wrong shape', () => {
    const bad = [
      { kind: 'moveToken', token: 'statue' },
      { kind: 'moveToken', token: 'statue', to: 'p2', planted: 'yes' },
      { kind: 'moveToken', token: '../statue', to: 'p2' },
      { kind: 'moveToken', token: { id: 'statue' }, to: 'p2' },
      { kind: 'swapRoles', a: 'p1' },
      { kind: 'swapRoles', a: 'p1', b: ['p2'] },
      { kind: 'setRole', player: 'p1', role: 'x'.repeat(65) },
      { kind: 'setRole', player: 'p1', role: null },
      { kind: 'rename', player: 'p1' },
      { kind: 'rename', player: 'p1', name: 7 },
      { kind: 'rename', player: 'p1', name: 'A'.repeat(101) },
      { kind: 'replace', player: '<script>', name: 'Zuza' },
      { kind: 'leave', player: '' },
      { kind: 'leave' },
      { kind: 'teleport', player: 'p1' }
    ];
    for (const o of bad) expect(read(o), JSON.stringify(o)).toBeNull();
  });
});

describe('a game played with corrections', () => {
  it('comes back exactly from its backup', async () => {
    const s = await freshStorage();
    opened.push(s);
    const roles = ['sheriff', 'pastor', 'doctor', 'townsman', 'banditLeader', 'bandit', 'chief', 'silentFoot'] as const;
    const made = await ActiveGame.create('ktulu', setupFor([...roles]), 3);
    const id = (made as { id: string }).id;
    const g = (await ActiveGame.open(id))!;
    expect(await g.override({ kind: 'rename', player: 'p1', name: 'Anna' })).toBe(true);
    expect(await g.override({ kind: 'swapRoles', a: 'p2', b: 'p4' })).toBe(true);
    expect(await g.override({ kind: 'setRole', player: 'p3', role: 'judge' })).toBe(true);
    expect(await g.override({ kind: 'replace', player: 'p6', name: 'Zuza' })).toBe(true);
    expect(await g.override({ kind: 'leave', player: 'p5' })).toBe(true);
    // Through the zero night to the statue's handing out, then a statue planted by correction.
    while (g.view.step && g.view.step.id !== 'zeroNight.7') {
      const a = g.view.step.answer;
      const answer = a.kind === 'players' ? { kind: 'players' as const, ids: a.candidates.slice(0, Math.max(1, a.min)) } : { kind: 'none' as const };
      expect(await g.answer(answer, g.stepTag ?? undefined)).toBe(true);
    }
    expect(await g.override({ kind: 'moveToken', token: 'statue', to: 'p4', planted: true })).toBe(true);
    const before = await dump(s);
    const screen = g.view;
    const file = await exportGames(s, [id]);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    expect(await dump(s)).toBe(before);
    expect((await ActiveGame.open(id))!.view).toEqual(screen);
  });
});
