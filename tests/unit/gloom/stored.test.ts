/**
 * A Cthulhu Gloom game through the same store, storage and backups as the script games: each
 * move stored before the screen changes, a refused move leaves nothing written and says whether
 * the players may overrule it, reopening gives the same table, Undo works from the stored log,
 * and a backup of it is checked by replay and imported exactly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames, importCards, readBackupFile } from '$lib/backup/backup';
import { validateBackup } from '$lib/backup/validate';
import { ActiveGame } from '$lib/stores';
import { boardOf } from '$lib/games/gloom';
import { blob, dump, freshStorage, importFile } from '../backup/fixture';
import { death, END, mod, print, setupFor } from './fixture';
import { SEVEN, setupFor as cluethulhuSetup } from '../cluethulhu/fixture';

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
  const made = await ActiveGame.create('gloom', setupFor(3), 9);
  const id = (made as { id: string }).id;
  const g = (await ActiveGame.open(id))!;
  expect(g.def.kind).toBe('scoreboard');
  expect(await g.move(mod('p1.1', 'Delved Too Deep', print(-10, null, null, 'magic')))).toBe(true);
  expect(await g.move(mod('p1.2', 'Married A Marsh', print(-5, 10, null, 'romance')))).toBe(true);
  expect(await g.move(END)).toBe(true);
  return { id, g, s };
}

describe('a scoreboard game stored', () => {
  it('stores each move, refuses a broken rule with nothing written, and takes the overrule', async () => {
    const { id, g, s } = await played(await storage());
    expect(g.seq).toBe(3);
    expect(g.view.stage).toBe('play');
    expect((await s.listGames()).find((x) => x.id === id)?.summary.phase).toEqual({ kind: 'turn', number: 2 });
    const before = await dump(s);
    // Bartek's character has a Self-Worth of 0: no Untimely Death.
    expect(await g.move(death('p2.1', 'Wasted Away'))).toBe(false);
    expect(g.error?.key).toBe('gloom:rules.deathNotNegative');
    expect(g.overrulable).toMatchObject({ kind: 'play', target: 'p2.1' });
    expect(await dump(s)).toBe(before);
    expect(await g.move({ ...g.overrulable!, overrule: true })).toBe(true);
    expect(g.overrulable).toBeNull();
    expect(boardOf(g.view).families[1].characters[0].alive).toBe(false);

    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(g.view);
    expect(await again.undo()).toBe(true);
    expect(boardOf(again.view).families[1].characters[0].alive).toBe(true);
    expect(again.seq).toBe(5);
  });

  it('backs up and brings back the game exactly, after checking it by replay', async () => {
    const { id, g, s } = await played(await storage());
    await g.undo();
    await g.move(mod('p1.3', 'Fled Frantically', print(5, null, null)));
    const before = await dump(s);
    const file = await exportGames(s, [id]);
    const checked = await validateBackup(JSON.parse(file.text));
    expect(checked.ok).toBe(true);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    expect(await dump(s)).toBe(before);
    expect((await ActiveGame.open(id))!.view).toEqual(g.view);
  });

  it('refuses a backup whose move is not one the game makes, or breaks a rule the log did not overrule', async () => {
    const { id, s } = await played(await storage());
    const file = JSON.parse((await exportGames(s, [id])).text);
    const forged = structuredClone(file);
    forged.games[0].events[0].event.move.print = { pathos: ['ten', null, null], icon: null };
    const bad = await validateBackup(forged);
    expect(bad.ok || bad.problem.text.key).toBe('backup:errors.badMove');
    const broken = structuredClone(file);
    broken.games[0].events[2].event.move = { kind: 'play', card: 'Wasted Away', cardType: 'death', target: 'p1.3', print: print(null, null, null) };
    const refused = await validateBackup(broken);
    expect(refused.ok || [refused.problem.text.key, refused.problem.detail?.key]).toEqual(['backup:errors.moveRejected', 'gloom:rules.deathNotNegative']);
  });
});

describe('the cards the phone remembers, in backups', () => {
  const SETTING = 'gloom.cards';
  const married = { type: 'modifier', print: print(-5, 10, null, 'romance') };

  it('go with a backup of a Gloom game and are added on another phone, keeping what that phone corrected', async () => {
    const { id, s } = await played(await storage());
    await s.setSetting(SETTING, { 'Married A Marsh': married, 'Fled Frantically': { type: 'modifier', print: print(5, null, null) } });
    const file = await exportGames(s, [id]);
    expect(Object.keys(JSON.parse(file.text).cards.gloom).sort()).toEqual(['fled frantically', 'married a marsh']);

    const other = await storage();
    // This phone corrected Fled Frantically already: its own values stay.
    await other.setSetting(SETTING, { 'fled frantically': { type: 'modifier', print: print(-5, null, null) } });
    const read = await readBackupFile(blob(file.text));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(await importCards(other, read.value)).toBe(1);
    const kept = await other.getSetting<Record<string, { print: unknown }>>(SETTING, {});
    expect(kept['married a marsh'].print).toEqual(married.print);
    expect(kept['fled frantically'].print).toEqual(print(-5, null, null));
    // The same file again adds nothing.
    expect(await importCards(other, read.value)).toBe(0);
  });

  it('carry a Story’s remembered points and requirement to another phone', async () => {
    const { id, s } = await played(await storage());
    const necro = { type: 'story', points: -10, requires: ['magic', 'madness'] };
    await s.setSetting(SETTING, { 'The Necronomicon': necro, 'Married A Marsh': married });
    const file = await exportGames(s, [id]);
    expect(JSON.parse(file.text).cards.gloom['the necronomicon']).toEqual(necro);
    const other = await storage();
    const read = await readBackupFile(blob(file.text));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(await importCards(other, read.value)).toBe(2);
    expect((await other.getSetting<Record<string, unknown>>(SETTING, {}))['the necronomicon']).toEqual(necro);
  });

  it('stay out of a backup of another game alone', async () => {
    const s = await storage();
    await s.setSetting(SETTING, { 'Married A Marsh': married });
    const made = await ActiveGame.create('cluethulhu', cluethulhuSetup(SEVEN), 3);
    const file = JSON.parse((await exportGames(s, [(made as { id: string }).id])).text);
    expect(file.cards).toBeUndefined();
    expect(JSON.parse((await exportGames(s)).text).cards.gloom['married a marsh'].type).toBe('modifier');
  });

  it('refuse a file whose remembered cards are not in their shape, and drop entries that are not what they say', async () => {
    const { id, s } = await played(await storage());
    const file = JSON.parse((await exportGames(s, [id])).text);
    for (const cards of [[], 'cards', { gloom: [] }, { gloom: null }]) {
      const bad = await validateBackup({ ...file, cards });
      expect(bad.ok || bad.problem.text.key).toBe('backup:errors.badCards');
    }
    const mixed = await validateBackup({
      ...file,
      cards: { gloom: { 'Married A Marsh': married, Broken: { type: 'event', print: married.print }, Worse: { type: 'modifier', print: { pathos: [1e9, null, null], icon: null } } } }
    });
    expect(mixed.ok && Object.keys(mixed.value.cards ?? {})).toEqual(['married a marsh']);
  });
});
