/**
 * A backup brings games back exactly: export, delete, import gives the same records and the
 * same screen; a game already on the phone is kept, replaced or skipped as the Keeper chooses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db';
import { exportGames, planImport, readBackupFile } from '$lib/backup/backup';
import { BACKUP_FORMAT } from '$lib/backup/format';
import { ActiveGame, provideStorage } from '$lib/stores';
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
    expect(parsed).toMatchObject({ format: BACKUP_FORMAT, version: 1, exportedAt: new Date(2025, 2, 7, 21, 30).toISOString() });
    expect(parsed.games.map((g: { game: { id: string } }) => g.game.id)).toEqual([over, playing]);
    expect(parsed.games[1].events).toHaveLength(12);
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
