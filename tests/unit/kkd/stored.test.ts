/**
 * A Killer Kloo Doo game through the same store, storage and backups as every game: each move
 * stored before the screen changes, a refused move leaves nothing written and says whether the
 * players may overrule it, Lantern's dice come back the same after reopening and undo, and a
 * backup is checked by replay and imported exactly. A backup's moves are rebuilt field by field:
 * a forged one is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames } from '$lib/backup/backup';
import { validateBackup } from '$lib/backup/validate';
import { ActiveGame } from '$lib/stores';
import { boardOf, kkd } from '$lib/games/kkd';
import { blob, dump, freshStorage, importFile } from '../backup/fixture';
import { setupFor } from './fixture';

const opened: DexieStorage[] = [];
async function storage() {
  const s = await freshStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

async function played(s: DexieStorage) {
  const made = await ActiveGame.create('kkd', setupFor(3), 9);
  const id = (made as { id: string }).id;
  const g = (await ActiveGame.open(id))!;
  expect(g.def.kind).toBe('scoreboard');
  expect(await g.move({ kind: 'contest', contest: 'persuasion', by: 'scarlett', target: 'plum', cards: { by: 'Q', target: '9' } })).toBe(true);
  expect(await g.move({ kind: 'accuse', by: 'mustard', right: true })).toBe(true);
  for (const by of ['scarlett', 'mustard', 'white']) expect(await g.move({ kind: 'score', by, hearts: ['A'], diamonds: ['5'] })).toBe(true);
  expect(await g.move({ kind: 'part2', objectives: 'physical' })).toBe(true);
  expect(await g.move({ kind: 'take', by: 'scarlett', weapon: 'revolver' })).toBe(true);
  expect(await g.move({ kind: 'attack', by: 'scarlett', target: 'white' })).toBe(true);
  return { id, g, s };
}

describe('a Killer Kloo Doo game stored', () => {
  it('stores each move, refuses a broken rule with nothing written, and takes the overrule', async () => {
    const { id, g, s } = await played(await storage());
    expect(g.seq).toBe(8);
    const rolled = boardOf(g.view).roll;
    expect(rolled?.lines[0].times).toBe(6);
    const before = await dump(s);
    // Ania does not carry the Rope.
    expect(await g.move({ kind: 'clean', by: 'scarlett', weapon: 'rope' })).toBe(false);
    expect(g.error?.key).toBe('kkd:rules.notHeld');
    expect(g.overrulable).toMatchObject({ kind: 'clean', weapon: 'rope' });
    expect(await dump(s)).toBe(before);
    expect(await g.move({ ...g.overrulable!, overrule: true })).toBe(true);
    expect(boardOf(g.view).characters[0].cleaned).toEqual(['rope']);

    // Reopened: the same table and the same dice; undone and made again: the same roll.
    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(g.view);
    expect(await again.undo()).toBe(true);
    expect(await again.undo()).toBe(true);
    expect(await again.move({ kind: 'attack', by: 'scarlett', target: 'white' })).toBe(true);
    expect(boardOf(again.view).roll).toEqual(rolled);
  });

  it('backs up and brings back the game exactly, after checking it by replay', async () => {
    const { id, g, s } = await played(await storage());
    await g.undo();
    await g.move({ kind: 'heal', by: 'white', card: 'K' });
    const before = await dump(s);
    const file = await exportGames(s, [id]);
    expect((await validateBackup(JSON.parse(file.text))).ok).toBe(true);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    expect(await dump(s)).toBe(before);
    expect((await ActiveGame.open(id))!.view).toEqual(g.view);
  });

  it('refuses a backup whose move is not one the game makes, or breaks a rule the log did not overrule', async () => {
    const { id, s } = await played(await storage());
    const file = JSON.parse((await exportGames(s, [id])).text);
    const forge = async (entry: number, change: (move: Record<string, unknown>) => void) => {
      const f = structuredClone(file);
      change(f.games[0].events[entry].event.move);
      const r = await validateBackup(f);
      return r.ok ? 'ok' : [r.problem.text.key, r.problem.detail?.key].filter(Boolean).join(' ');
    };
    expect(await forge(0, (m) => void (m.cards = { by: 'Z', target: '9' }))).toBe('backup:errors.badMove');
    expect(await forge(0, (m) => void (m.by = 'body'))).toBe('backup:errors.badMove');
    expect(await forge(5, (m) => void (m.rolls = { scarlett: [7, 1] }))).toBe('backup:errors.badMove');
    expect(await forge(5, (m) => void (m.rolls = { scarlett: [1, 1, 1] }))).toBe('backup:errors.badMove');
    expect(await forge(7, (m) => void (m.dice = { by: 0 }))).toBe('backup:errors.badMove');
    expect(await forge(7, (m) => void (m.kind = 'nuke'))).toBe('backup:errors.badMove');
    // A field the game does not know is not carried over: the rebuilt move replays as it was.
    expect(await forge(7, (m) => void (m.payload = '<script>'))).toBe('ok');
    // A well-formed move the rules refuse.
    expect(await forge(7, (m) => void (m.target = 'scarlett'))).toBe('backup:errors.moveRejected kkd:refused.self');
    expect(await forge(2, (m) => void (m.hearts = ['A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A']))).toBe('backup:errors.badMove');
    // Different dice than Lantern rolled: the replay ends elsewhere than the stored game.
    const other = await forge(7, (m) => void (m.dice = { by: ((boardOfFile(file) % 6) + 1) as number }));
    expect(other).not.toBe('ok');
  });

  it('reads back only the moves it makes', () => {
    const read = kkd.readMove!;
    expect(read({ kind: 'endTurn', extra: 1 })).toEqual({ kind: 'endTurn' });
    expect(read({ kind: 'servant', service: 'steal', by: 'white', target: 'green', court: 'K', diamonds: ['2', '3'], spade: null, room: 'hall' })).toEqual({
      kind: 'servant',
      service: 'steal',
      by: 'white',
      target: 'green',
      court: 'K',
      diamonds: ['2', '3'],
      spade: null,
      room: 'hall'
    });
    expect(read({ kind: 'servant', service: 'steal', by: 'white', target: 'green', court: 'K', diamonds: ['2', '3', '4'], spade: null })).toBeNull();
    expect(read({ kind: 'servant', service: 'spy', by: 'white', target: 'green', court: 'K', diamonds: ['2'] })).toBeNull();
    expect(read({ kind: 'attack', by: 'white', target: 'green', dice: { by: 3, target: '4' } })).toBeNull();
    expect(read({ kind: 'adjust', target: 'green', delta: 1e9 })).toBeNull();
    expect(read({ kind: 'enter', by: 'white', room: 'cellar' })).toBeNull();
    expect(read({ kind: 'ace', by: 'white', target: 'green', overrule: 'yes' })).toBeNull();
    expect(read({ kind: 'part2', objectives: 'app', rolls: { constructor: [1, 1] } })).toBeNull();
    expect(read(['endTurn'])).toBeNull();
    expect(read(null)).toBeNull();
  });
});

/** Lantern's die in the stored attack (entry 8), read from the snapshot in the file. */
function boardOfFile(file: { games: { game: { snapshot: { context: { roll: { lines: { dice: number[] }[] } } } } }[] }): number {
  return file.games[0].game.snapshot.context.roll.lines[0].dice[0];
}
