/**
 * The schema upgrade path: a database exactly as each version of Lantern left it on a phone
 * (tests/unit/db/fixtures/v<N>.json, one per schema version ever shipped) is opened with
 * today's code, which upgrades it. Every row must survive, and every game must come back whole
 * (its stored snapshot is the replay of its log) and playable (the next move is accepted and
 * stored; a finished game can be taken back a step).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isCheckpoint } from '$lib/db';
import { LanternDB, openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import { persist, replay } from '$lib/engine/session';
import { loadGame } from '$lib/games';
import { ActiveGame, provideStorage } from '$lib/stores';
import { loadDump, simplest, type Dump } from './fixtures/dump';

const dumps = Object.entries(import.meta.glob<Dump>('./fixtures/v*.json', { eager: true, import: 'default' }))
  .map(([path, dump]) => ({ version: Number(path.match(/v(\d+)\.json$/)![1]), dump }))
  .sort((a, b) => a.version - b.version);

const TODAY = new LanternDB('lantern-upgrade-probe', { indexedDB, IDBKeyRange }).verno;

let opened: DexieStorage | null = null;
afterEach(() => {
  opened?.db.close();
  opened = null;
});

let n = 0;
async function openOld(dump: Dump): Promise<DexieStorage> {
  const name = `lantern-upgrade-${++n}`;
  await loadDump(dump, name);
  opened = await openDexieStorage({ name });
  return opened;
}

it('has a fixture for every schema version, up to today’s', () => {
  expect(dumps.map((d) => d.version)).toEqual(Array.from({ length: TODAY }, (_, i) => i + 1));
  for (const { version, dump } of dumps) expect(dump.schemaVersion).toBe(version);
});

describe.each(dumps)('a database left by schema version $version', ({ dump }) => {
  const games = dump.rows.games as { id: string; seq: number; status: string }[];

  it('opens with today’s code at today’s version, every row kept', async () => {
    expect(games.length).toBeGreaterThan(0);
    const storage = await openOld(dump);
    expect(storage.db.verno).toBe(TODAY);
    expect((await storage.listGames()).map((g) => g.id).sort()).toEqual(games.map((g) => g.id).sort());
    for (const g of games) expect((await storage.getGame(g.id))?.events).toHaveLength(g.seq);
    const settings = dump.rows.settings as { key: string; value: unknown }[];
    for (const { key, value } of settings) expect(await storage.getSetting(key, null)).toEqual(value);
    expect(await storage.listScripts()).toEqual(dump.rows.scripts ?? []);
  });

  it('gives back every game whole and playable', async () => {
    const storage = await openOld(dump);
    provideStorage(storage);
    for (const { id, seq, status } of games) {
      const stored = (await storage.getGame(id))!;
      expect(stored.events.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
      const def = await loadGame(stored.game.gameId);
      const replayed = replay(def, stored.game.input as never, stored.events.map((e) => e.event));
      const game = await ActiveGame.open(id);
      expect(game, `game ${id}`).not.toBeNull();
      expect(game!.seq).toBe(seq);
      expect(game!.view).toEqual(def.view(replayed));
      if (stored.game.machineVersion === def.machineVersion) expect(stored.game.snapshot).toEqual(persist(def, replayed));

      if (status === 'over') {
        expect(game!.view.outcome).not.toBeNull();
        expect(await game!.undo()).toBe(true);
        expect(game!.view.stage).not.toBe('over');
      } else {
        let moved = false;
        for (let attempt = 0; attempt < 4 && !moved; attempt++) {
          const step = game!.view.step;
          moved = await game!.answer(step ? simplest(step.answer, attempt) : { kind: 'none' });
        }
        expect(moved, `game ${id} takes its next move`).toBe(true);
      }
      expect((await storage.getGame(id))?.game.seq).toBe(seq + 1);
    }
  });
});

describe('version 1 to 2: log entries lose their snapshots, every so many are kept as checkpoints', () => {
  const v1 = dumps.find((d) => d.version === 1)!.dump;
  const events = v1.rows.events as { gameId: string; seq: number; snapshot: unknown; machineVersion: number }[];

  it('keeps the snapshot of every checkpoint entry as its checkpoint, and drops the rest', async () => {
    const kept = events.filter((e) => isCheckpoint(e.seq));
    expect(kept.length).toBeGreaterThan(0);
    const storage = await openOld(v1);
    for (const e of kept) {
      expect(await storage.getCheckpoint(e.gameId, e.seq)).toEqual({ gameId: e.gameId, seq: e.seq, snapshot: e.snapshot, machineVersion: e.machineVersion });
    }
    for (const g of v1.rows.games as { id: string }[]) {
      const found = (await storage.getGame(g.id))!;
      expect(found.checkpoints).toEqual(kept.filter((e) => e.gameId === g.id).map((e) => e.seq));
      expect(found.events.every((e) => !('snapshot' in e))).toBe(true);
    }
  });

  it('takes a move back from the upgraded checkpoint', async () => {
    const storage = await openOld(v1);
    provideStorage(storage);
    const checkpoint = events.find((e) => isCheckpoint(e.seq))!;
    const game = (await ActiveGame.open(checkpoint.gameId))!;
    const def = await loadGame(game.record.gameId);
    // Undo until the game is back before the checkpoint: each lands where a replay lands.
    while (game.canUndo && (await storage.getGame(game.id))!.events.length < checkpoint.seq + 12) {
      expect(await game.undo()).toBe(true);
      const log = (await storage.getGame(game.id))!.events.map((e) => e.event);
      expect(game.view).toEqual(def.view(replay(def, game.record.input as never, log)));
    }
  });
});

describe('version 2 to 3: a table for the Storyteller’s scripts', () => {
  it('starts empty beside the games, and keeps a script put in it', async () => {
    const storage = await openOld(dumps.find((d) => d.version === 2)!.dump);
    expect(await storage.listScripts()).toEqual([]);
    const row = { id: 's1', name: 'Mine', script: ['chef', 'empath', 'imp', 'poisoner', 'monk'], createdAt: 1, updatedAt: 2 };
    await storage.putScript(row);
    expect(await storage.listScripts()).toEqual([row]);
    await storage.deleteScript('s1');
    expect(await storage.listScripts()).toEqual([]);
  });
});
