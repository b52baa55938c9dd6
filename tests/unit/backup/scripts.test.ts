/**
 * The Blood on the Clocktower script library in a backup: written with a backup of every game,
 * read back through every script check, added to the library without overwriting anything, and
 * an older backup without scripts still imported.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import type { ScriptRecord } from '$lib/db';
import { exportGames, importScripts, readBackupFile } from '$lib/backup/backup';
import type { ValidBackup } from '$lib/backup/validate';
import { blob, freshStorage, importFile, playGames } from './fixture';

const opened: DexieStorage[] = [];
async function storage() {
  const s = await freshStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

const LAMPS: ScriptRecord = {
  id: 'lamps',
  name: 'Lamps',
  // As a file may hold it: ids to normalise, a homebrew character, a field Lantern ignores.
  script: [{ id: '_meta', name: 'Lamps', author: 'Ola' }, 'Washer_Woman', 'chef', 'poisoner', 'imp', { id: 'lamp', name: 'Lamp', team: 'traveler', ability: 'Lights <b>up</b>.', colour: 'red' }],
  createdAt: 10,
  updatedAt: 20
};

async function read(text: string): Promise<ValidBackup> {
  const r = await readBackupFile(blob(text));
  if (!r.ok) throw new Error(r.problem.text.key);
  return r.value;
}

describe('scripts in a backup', () => {
  it('go with a backup of every game, not with one game’s', async () => {
    const s = await storage();
    const { playing } = await playGames(s);
    await s.putScript(LAMPS);
    expect(JSON.parse((await exportGames(s)).text).scripts.map((r: ScriptRecord) => r.name)).toEqual(['Lamps']);
    expect(JSON.parse((await exportGames(s, [playing])).text).scripts).toBeUndefined();
  });

  it('come back to another phone as Lantern writes them, with their names and times', async () => {
    const s = await storage();
    await playGames(s);
    await s.putScript(LAMPS);
    const text = (await exportGames(s)).text;
    const t = await storage();
    expect(await importFile(t, blob(text))).toMatchObject({ ok: true });
    const [back] = await t.listScripts();
    expect(back).toMatchObject({ id: 'lamps', name: 'Lamps', createdAt: 10, updatedAt: 20 });
    // Read again and written back: ids normalised, the team spelled as Lantern does, unknown fields gone.
    expect(back.script).toContain('washerwoman');
    expect(JSON.stringify(back.script)).not.toContain('colour');
    expect(back.script.find((x) => typeof x === 'object' && (x as { id: string }).id === 'lamp')).toMatchObject({ team: 'traveller', ability: 'Lights <b>up</b>.' });
  });

  it('never overwrite the library: the same script is left alone, a different one under the same id is added beside it', async () => {
    const s = await storage();
    await playGames(s);
    await s.putScript(LAMPS);
    await s.putScript({ id: 'edition-tb', name: 'Trouble Brewing', script: ['washerwoman', 'chef', 'empath', 'poisoner', 'imp'], createdAt: 1, updatedAt: 1 });
    const backup = await read((await exportGames(s)).text);
    expect(await importScripts(s, backup)).toBe(0);
    await s.putScript({ ...LAMPS, name: 'Lamps, renamed since' });
    await s.putScript({ id: 'edition-tb', name: 'TB', script: ['washerwoman', 'chef', 'empath', 'poisoner', 'imp'], createdAt: 1, updatedAt: 1 });
    expect(await importScripts(s, backup, () => 'copy-1')).toBe(1);
    const names = (await s.listScripts()).map((r) => `${r.id}:${r.name}`).sort();
    expect(names).toEqual(['copy-1:Lamps', 'edition-tb:TB', 'lamps:Lamps, renamed since']);
  });

  it('are absent from an older backup, which still imports', async () => {
    const s = await storage();
    await playGames(s);
    const old = JSON.parse((await exportGames(s)).text);
    expect(old.scripts).toBeUndefined();
    const t = await storage();
    const r = await importFile(t, blob(JSON.stringify(old)));
    expect(r.ok && r.value).toHaveLength(2);
    expect(await t.listScripts()).toEqual([]);
  });

  it('are saved alone from a phone with no game yet, and come back to another phone', async () => {
    const s = await storage();
    await s.putScript(LAMPS);
    const file = await exportGames(s);
    expect(file.count).toBe(0);
    const backup = await read(file.text);
    expect(backup.items).toEqual([]);
    const t = await storage();
    expect(await importScripts(t, backup)).toBe(1);
    expect((await t.listScripts()).map((r) => r.name)).toEqual(['Lamps']);
  });

  it('do not make a file without games and without scripts a backup', async () => {
    const s = await storage();
    const r = await readBackupFile(blob((await exportGames(s)).text));
    expect(r.ok ? null : r.problem.text.key).toBe('backup:errors.noGames');
  });
});
