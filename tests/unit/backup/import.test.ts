/**
 * A backup brings games back exactly: export, delete, import gives the same records and the
 * same screen; a game already on the phone is kept, replaced or skipped as the Keeper chooses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY } from '$lib/db';
import type { DexieStorage } from '$lib/db/dexie';
import { applyImport, exportGames, planImport, readBackupFile } from '$lib/backup/backup';
import { BACKUP_FORMAT } from '$lib/backup/format';
import { ActiveGame, provideStorage } from '$lib/stores';
import { replay } from '$lib/engine/session';
import { cluethulhu } from '$lib/games/cluethulhu';
import { SEVEN, setupFor } from '../cluethulhu/fixture';
import { simplest } from '../db/fixtures/dump';
import { blob, dump, freshStorage, importFile, playGames } from './fixture';

const opened: DexieStorage[] = [];
async function storage() {
  const s = await freshStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

describe('export and import', () => {
  it('writes every game, most recent first, in the backup format', async () => {
    const s = await storage();
    const { playing, over } = await playGames(s);
    const file = await exportGames(s, undefined, new Date(2025, 2, 7, 21, 30));
    expect(file.name).toBe('lantern-2025-03-07-2130.json');
    expect(file.count).toBe(2);
    const parsed = JSON.parse(file.text);
    expect(parsed).toMatchObject({ format: BACKUP_FORMAT, version: 2, exportedAt: new Date(2025, 2, 7, 21, 30).toISOString() });
    expect(parsed.games.map((g: { game: { id: string } }) => g.game.id)).toEqual([over, playing]);
    expect(parsed.games[1].events).toHaveLength(12);
    // The log as stored, without snapshots: an import rebuilds them by its replay.
    expect(Object.keys(parsed.games[1]).sort()).toEqual(['events', 'game']);
    expect(Object.keys(parsed.games[1].events[0]).sort()).toEqual(['at', 'event', 'gameId', 'machineVersion', 'seq']);
  });

  it('names a one-game file after its game', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const file = await exportGames(s, [playing], new Date(2025, 0, 2, 8, 5));
    expect(file.name).toBe('lantern-cluethulhu-2025-01-02-0805.json');
    expect(file.count).toBe(1);
  });

  it('brings back deleted games exactly: the same records, and the same game on screen', async () => {
    const s = await storage();
    const { playing, over } = await playGames(s);
    const before = await dump(s);
    const screen = (await ActiveGame.open(playing))!.view;
    const file = await exportGames(s);
    await s.deleteGame(playing);
    await s.deleteGame(over);
    const result = await importFile(s, blob(file.text));
    expect(result).toEqual({ ok: true, value: [over, playing] });
    expect(await dump(s)).toBe(before);
    const again = (await ActiveGame.open(playing))!;
    expect(again.view).toEqual(screen);
    expect(again.seq).toBe(12);
    // And the game goes on: Undo still works on the imported log.
    expect(await again.undo()).toBe(true);
    expect(again.view.step?.id).toBe('day.wizard');
  });

  it('brings back a long game with its checkpoints, so an undo after the import starts from one', async () => {
    const s = await storage();
    const made = await ActiveGame.create('cluethulhu', setupFor(SEVEN), 21);
    const id = (made as { id: string }).id;
    const g = (await ActiveGame.open(id))!;
    for (let i = 0; i < 2 * CHECKPOINT_EVERY + 5; i++) {
      let done = false;
      for (let attempt = 0; attempt < 4 && !done; attempt++) done = await g.answer(g.view.step ? simplest(g.view.step.answer, attempt) : { kind: 'none' });
      expect(done).toBe(true);
      if (i % 9 === 8) expect(await g.undo()).toBe(true);
    }
    expect((await s.getGame(id))!.checkpoints).toEqual([CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY]);
    const before = await dump(s);
    const file = await exportGames(s);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    // The same records; a snapshot's keys may come in another order from the replay.
    expect(JSON.parse(await dump(s))).toEqual(JSON.parse(before));
    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(g.view);
    expect(await again.undo()).toBe(true);
    const stored = (await s.getGame(id))!;
    const log = stored.events.map((e) => e.event);
    expect(again.view).toEqual(cluethulhu.view(replay(cluethulhu, stored.game.input as never, log)));
  });

  it('reads a version 1 file, whose log entries each carried a snapshot', async () => {
    const s = await storage();
    const { playing, over } = await playGames(s);
    const before = await dump(s);
    const file = JSON.parse((await exportGames(s)).text);
    file.version = 1;
    for (const { game, events } of file.games) for (const e of events) e.snapshot = game.snapshot;
    await s.deleteGame(playing);
    await s.deleteGame(over);
    expect(await importFile(s, blob(JSON.stringify(file)))).toEqual({ ok: true, value: [over, playing] });
    expect(await dump(s)).toBe(before);
  });

  it('into another phone: an empty storage receives the same games', async () => {
    const s = await storage();
    await playGames(s);
    const before = await dump(s);
    const file = await exportGames(s);
    const other = await storage();
    expect(await importFile(other, blob(file.text))).toMatchObject({ ok: true });
    expect(await dump(other)).toBe(before);
  });

  it('shows which games are already on the phone', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const file = await exportGames(s, [playing]);
    await ActiveGame.create('cluethulhu', (await s.getGame(playing))!.game.input.setup, 3);
    const read = await readBackupFile(blob(file.text));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const plan = await planImport(s, read.value);
    expect(plan.map((p) => p.existing?.id)).toEqual([playing]);
  });

  it('by default skips a game stored exactly as in the file, and keeps both of one that moved on', async () => {
    const s = await storage();
    const { playing, over } = await playGames(s);
    const file = await exportGames(s);
    const g = (await ActiveGame.open(playing))!;
    expect(await g.answer({ kind: 'players', ids: [] })).toBe(true);
    const read = await readBackupFile(blob(file.text));
    if (!read.ok) throw new Error('the backup was refused');
    const plan = await planImport(s, read.value);
    expect(Object.fromEntries(plan.map((p) => [p.item.game.id, p.same]))).toEqual({ [playing]: false, [over]: true });
    const before = (await s.listGames()).length;
    const ids = await applyImport(s, plan, {});
    // The finished game, unchanged since the backup, is not copied again.
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe(playing);
    expect((await s.listGames()).length).toBe(before + 1);
    // Importing the same file into a phone that has exactly its games changes nothing.
    const other = await storage();
    await importFile(other, blob(file.text));
    const again = await readBackupFile(blob(file.text));
    if (!again.ok) throw new Error('the backup was refused');
    const snapshot = await dump(other);
    expect(await applyImport(other, await planImport(other, again.value), {})).toEqual([]);
    expect(await dump(other)).toBe(snapshot);
  });

  it('keeps both: the imported game gets a new id and the stored one is untouched', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const stored = await s.getGame(playing);
    const file = await exportGames(s, [playing]);
    const result = await importFile(s, blob(file.text), 'copy');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [copy] = result.value;
    expect(copy).not.toBe(playing);
    expect(await s.getGame(playing)).toEqual(stored);
    const imported = (await s.getGame(copy))!;
    expect(imported.events.every((e) => e.gameId === copy)).toBe(true);
    expect({ ...imported.game, id: playing }).toEqual(stored!.game);
    expect((await ActiveGame.open(copy))!.view).toEqual((await ActiveGame.open(playing))!.view);
  });

  it('replaces: the stored game becomes the one in the file, its later moves gone', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const file = await exportGames(s, [playing]);
    const saved = await s.getGame(playing);
    const g = (await ActiveGame.open(playing))!;
    expect(await g.answer({ kind: 'players', ids: [] })).toBe(true);
    expect((await s.getGame(playing))!.events).toHaveLength(13);
    expect(await importFile(s, blob(file.text), 'replace')).toEqual({ ok: true, value: [playing] });
    expect(await s.getGame(playing)).toEqual(saved);
    expect((await s.listGames()).length).toBe(2);
  });

  it('skips: nothing is written for a skipped game', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const file = await exportGames(s);
    const g = (await ActiveGame.open(playing))!;
    expect(await g.answer({ kind: 'players', ids: [] })).toBe(true);
    const before = await dump(s);
    expect(await importFile(s, blob(file.text), 'skip')).toEqual({ ok: true, value: [] });
    expect(await dump(s)).toBe(before);
  });

  it('replays a log written by another version of the machine instead of reading its snapshot', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    const before = await s.getGame(playing);
    const file = JSON.parse((await exportGames(s, [playing])).text);
    // A newer (or older) machine's snapshot cannot be read; the log is the truth.
    file.games[0].game.machineVersion = 99;
    file.games[0].game.snapshot = { value: 'somewhere-new', context: {} };
    for (const e of file.games[0].events) e.machineVersion = 99;
    await s.deleteGame(playing);
    provideStorage(s);
    expect(await importFile(s, blob(JSON.stringify(file)))).toEqual({ ok: true, value: [playing] });
    expect(await s.getGame(playing)).toEqual(before);
  });
});
