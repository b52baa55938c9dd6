/**
 * A Blood on the Clocktower game through the store, storage and backups every game uses: the
 * phone's deal stored move by move and never undone, a refused nomination leaves nothing written
 * and may be overruled, reopening gives the same grimoire, and a backup of it is checked by
 * replay (its script read again with every check) and imported exactly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames } from '$lib/backup/backup';
import { validateBackup } from '$lib/backup/validate';
import { ActiveGame } from '$lib/stores';
import { boardOf, setupScript } from '$lib/games/botc';
import { blob, dump, freshStorage, importFile } from '../backup/fixture';
import { setupFor, SEVEN } from './fixture';

const opened: DexieStorage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
});

async function played() {
  const s = await freshStorage();
  opened.push(s);
  const made = await ActiveGame.create('botc', setupFor(SEVEN, { bluffs: ['chef', 'virgin', 'saint'] }, 'app'), 5);
  const id = (made as { id: string }).id;
  const g = (await ActiveGame.open(id))!;
  for (const p of g.view.players) expect(await g.move({ kind: 'seen', player: p.id })).toBe(true);
  expect(g.view.stage).toBe('play');
  expect(g.canUndo).toBe(false);
  expect(await g.move({ kind: 'place', source: 'poisoner', label: 'Poisoned', player: 'p2' })).toBe(true);
  expect(await g.move({ kind: 'phase' })).toBe(true);
  expect(await g.move({ kind: 'nominate', nominator: 'p1', nominee: 'p2' })).toBe(true);
  expect(await g.move({ kind: 'vote', voters: ['p3', 'p4', 'p5', 'p6'] })).toBe(true);
  return { id, g, s };
}

describe('a grimoire stored', () => {
  it('keeps the deal, refuses a second nomination by the same player with nothing written, and takes the overrule', async () => {
    const { id, g, s } = await played();
    expect((await s.listGames()).find((x) => x.id === id)?.summary).toMatchObject({ phase: { kind: 'day', number: 1 }, stage: 'play' });
    const before = await dump(s);
    expect(await g.move({ kind: 'nominate', nominator: 'p1', nominee: 'p3' })).toBe(false);
    expect(g.error?.key).toBe('botc:refused.nominatedAlready');
    expect(await dump(s)).toBe(before);
    expect(await g.move({ ...g.overrulable!, overrule: true })).toBe(true);
    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(g.view);
    expect(boardOf(again.view).seats[1].reminders.map((r) => r.label)).toEqual(['Poisoned']);
  });

  it('stores the script as its file, and still opens a grimoire stored with the script as read', async () => {
    const { id, g, s } = await played();
    const stored = (await s.getGame(id))!.game;
    const setup = stored.input.setup as { script: unknown[] };
    const context = stored.snapshot.context as { script: unknown };
    // Each move's snapshot carries the script file of the set-up, not every character's facts.
    expect(context.script).toEqual(setup.script);
    expect(JSON.stringify(context.script)).not.toContain('"reminders"');
    // A game stored by the first version of the grimoire, whose snapshot held the script as read.
    const read = setupScript(setup as never)!;
    await s.db.games.put({ ...stored, machineVersion: 1, snapshot: { ...stored.snapshot, context: { ...context, script: read } } });
    const again = (await ActiveGame.open(id))!;
    expect(again.view).toEqual(g.view);
    expect(await again.move({ kind: 'phase' })).toBe(true);
    expect(boardOf(again.view).phase).toEqual({ kind: 'night', number: 2 });
  });

  it('backs up and brings back the game exactly, after checking it by replay', async () => {
    const { id, g, s } = await played();
    const before = await dump(s);
    const file = await exportGames(s, [id]);
    expect((await validateBackup(JSON.parse(file.text))).ok).toBe(true);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    expect(await dump(s)).toBe(before);
    expect((await ActiveGame.open(id))!.view).toEqual(g.view);
  });

  it('refuses a backup whose script or moves were tampered with', async () => {
    const { id, s } = await played();
    const file = JSON.parse((await exportGames(s, [id])).text);
    const script = structuredClone(file);
    script.games[0].game.input.setup.script.push({ id: 'lamplighter', name: 'Lamplighter', team: 'villager' });
    expect((await validateBackup(script)).ok).toBe(false);
    const move = structuredClone(file);
    move.games[0].events.at(-1).event.move.voters = 'everyone';
    const bad = await validateBackup(move);
    expect(bad.ok || bad.problem.text.key).toBe('backup:errors.badMove');
  });
});
