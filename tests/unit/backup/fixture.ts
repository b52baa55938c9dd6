/**
 * Real games in a real (fake-indexeddb) storage, played through the game screen's store, for
 * the backup tests: what a Keeper's phone holds before a backup is made or restored.
 */
import { expect } from 'vitest';
import type { Storage } from '$lib/db';
import { openDexieStorage, type DexieStorage } from '$lib/db/dexie';
import { applyImport, importScripts, planImport, readBackupFile, type Decision } from '$lib/backup/backup';
import type { Checked } from '$lib/backup/format';
import { ActiveGame, provideStorage } from '$lib/stores';
import { SEVEN, setupFor } from '../cluethulhu/fixture';

let count = 0;
export async function freshStorage(): Promise<DexieStorage> {
  const storage = await openDexieStorage({ name: `lantern-backup-${++count}` });
  provideStorage(storage);
  return storage;
}

async function ok(p: Promise<boolean>): Promise<void> {
  expect(await p).toBe(true);
}

/**
 * Two games: one mid-Day (dealt in the app, the Evil Child gave Ania the doll, the Wizard's
 * first pick undone and made again) and one finished by the Keeper's ruling.
 */
export async function playGames(storage: Storage): Promise<{ playing: string; over: string }> {
  provideStorage(storage);
  const made = await ActiveGame.create('cluethulhu', setupFor(SEVEN, { deal: { mode: 'app' } }), 11);
  const playing = (made as { id: string }).id;
  const g = (await ActiveGame.open(playing))!;
  while (g.view.stage === 'dealing') await ok(g.answer({ kind: 'none' }));
  expect(g.view.step?.id).toBe('day.evilChild');
  await ok(g.answer({ kind: 'players', ids: ['p1'] })); // entry 8: the doll goes to Ania
  await ok(g.answer({ kind: 'none' })); // 9: hand-over
  expect(g.view.step?.id).toBe('day.wizard');
  await ok(g.answer({ kind: 'players', ids: ['p2'] })); // 10
  await ok(g.undo()); // 11
  await ok(g.answer({ kind: 'players', ids: ['p3'] })); // 12

  const made2 = await ActiveGame.create('cluethulhu', setupFor(SEVEN), 5);
  const over = (made2 as { id: string }).id;
  const h = (await ActiveGame.open(over))!;
  await ok(h.override({ kind: 'declareWinner', winner: 'cult' }));
  expect(h.view.stage).toBe('over');
  return { playing, over };
}

/** Everything stored, checkpoints included, as text: two dumps are equal only if not a byte changed. */
export async function dump(storage: Storage): Promise<string> {
  const games = await storage.listGames();
  const all = await Promise.all(
    games.map(async (g) => {
      const found = await storage.getGame(g.id);
      const checkpoints = await Promise.all((found?.checkpoints ?? []).map((seq) => storage.getCheckpoint(g.id, seq)));
      return { ...found, checkpoints };
    })
  );
  // The Blood on the Clocktower script library is part of what a backup may change.
  return JSON.stringify({ games: all, scripts: await storage.listScripts() });
}

/** The import as the backup screen runs it: read and check the file, plan, import with `decide`. */
export async function importFile(storage: Storage, file: Blob, decide: Decision = 'copy'): Promise<Checked<string[]>> {
  const read = await readBackupFile(file);
  if (!read.ok) return read;
  const plan = await planImport(storage, read.value);
  const decisions = Object.fromEntries(plan.filter((p) => p.existing).map((p) => [p.item.game.id, decide]));
  const ids = await applyImport(storage, plan, decisions);
  await importScripts(storage, read.value);
  return { ok: true, value: ids };
}

export const blob = (text: string) => new Blob([text], { type: 'application/json' });
