/**
 * The script library on the phone: every hostile or malformed file of the shared list is refused
 * with its message and leaves the library as it was; a good one is kept as Lantern writes it
 * back, renamed, exported and read again, and deleted.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '$lib/db';
import { parseScript } from '$lib/games/botc/script';
import { addEdition, addScript, deleteScript, editionOf, exportScript, listScripts, nameProblem, renameScript, scriptOf } from '$lib/stores/scripts';
import { SCRIPT_CASES } from '../../botc-script-cases';

describe('a script that Lantern refuses', () => {
  it.each(SCRIPT_CASES)('$name: names the problem, and nothing is kept', async ({ text, problem, params }) => {
    const storage = new MemoryStorage();
    await addEdition('tb', storage);
    const before = await listScripts(storage);
    const r = await addScript(text, 'Script', {}, storage);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.key).toBe(`botc:script.errors.${problem}`);
    if (params) expect(r.problem.params).toMatchObject(params);
    expect(await listScripts(storage)).toEqual(before);
  });
});

describe('the library', () => {
  const text = JSON.stringify([
    { id: '_meta', name: 'Lamps & Locks', author: 'Ola', logo: 'https://example.com/logo.png' },
    'washerwoman',
    'Fortune_Teller',
    { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Each night, <b>learn</b> something.', reminders: ['Lit'] },
    'poisoner',
    'imp',
    'mysterymancer'
  ]);

  it('keeps a script without the unknown ids only when asked, named by its own name', async () => {
    const storage = new MemoryStorage();
    const first = await addScript(text, 'Script', {}, storage);
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.unknown).toEqual(['mysterymancer']);
    expect(await listScripts(storage)).toEqual([]);
    const r = await addScript(text, 'Script', { skipUnknown: true }, storage);
    expect(r.ok && r.record.name).toBe('Lamps & Locks');
    expect(r.ok && r.skipped).toEqual(['mysterymancer']);
    const [stored] = await listScripts(storage);
    expect(JSON.stringify(stored)).not.toContain('https://');
    expect(scriptOf(stored)!.characters.map((c) => c.id)).toEqual(['washerwoman', 'fortuneteller', 'lamplighter', 'poisoner', 'imp']);
  });

  it('renames, exports a file that reads back to the same script, and deletes', async () => {
    const storage = new MemoryStorage();
    const r = await addScript(text, 'Script', { skipUnknown: true }, storage);
    if (!r.ok) throw new Error('refused');
    expect(nameProblem('  ')?.key).toBe('botc:library.errors.nameEmpty');
    expect(nameProblem('x'.repeat(51))?.key).toBe('botc:library.errors.nameLong');
    const renamed = await renameScript(r.record, '  Friday game ', storage);
    expect((await listScripts(storage))[0].name).toBe('Friday game');
    const file = exportScript(renamed);
    expect(file.name).toBe('Friday-game.json');
    const again = parseScript(file.text);
    expect(again.ok && again.script).toEqual({ ...scriptOf(renamed)!, name: 'Friday game' });
    await deleteScript(renamed.id, storage);
    expect(await listScripts(storage)).toEqual([]);
  });

  it('keeps each base edition once', async () => {
    const storage = new MemoryStorage();
    await addEdition('bmr', storage);
    await addEdition('bmr', storage);
    const list = await listScripts(storage);
    expect(list.map((s) => [s.name, editionOf(s)])).toEqual([['Bad Moon Rising', 'bmr']]);
    expect(scriptOf(list[0])!.characters).toHaveLength(25);
  });
});

describe('the Storyteller’s night order for a script', () => {
  it('is kept with the script, and a game set up with it wakes in that order', async () => {
    const { keepNightOrder } = await import('$lib/stores/scripts');
    const { nightOrder } = await import('$lib/games/botc/night');
    const storage = new MemoryStorage();
    const r = await addScript(JSON.stringify([{ id: '_meta', name: 'Mine' }, 'washerwoman', 'chef', 'empath', 'poisoner', 'imp']), 'Mine', {}, storage);
    if (!r.ok) throw new Error('refused');
    const before = nightOrder(scriptOf(r.record)!, 'first').map((e) => e.id);
    expect(before).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'chef', 'empath', 'dawn']);
    // The Chef moved before the Washerwoman.
    const moved = ['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'chef', 'washerwoman', 'empath', 'dawn'];
    await keepNightOrder(r.record, 'first', moved, storage);
    const [kept] = (await listScripts(storage)).filter((x) => x.id === r.record.id);
    expect(nightOrder(scriptOf(kept)!, 'first').map((e) => e.id)).toEqual(moved);
    // The other nights keep the publisher's order.
    expect(nightOrder(scriptOf(kept)!, 'other').map((e) => e.id)).toEqual(nightOrder(scriptOf(r.record)!, 'other').map((e) => e.id));
  });
});
