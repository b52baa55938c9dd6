/**
 * Backups against a Storage: gather games into a file, read a file back (refusing an
 * oversized one before reading it), see which of its games are already on the phone, and
 * import the Keeper's choice in one transaction. No Dexie and no Svelte: the screens call
 * these with the app's storage, the tests with their own.
 */
import type { GameRecord, ImportItem, ScriptRecord, Storage } from '../db/types';
import { backupFileName, checkSize, makeBackup, serializeBackup, type BackupCards, type BackupGame, type Checked } from './format';
import { randomId } from '../engine/ids';
import { readBackupText, type ValidBackup } from './validate';

export interface ExportedFile {
  name: string;
  text: string;
  /** Games in the file. */
  count: number;
}

/** Every stored game (most recently played first), or only those in `ids`, as a backup file. */
export async function exportGames(storage: Storage, ids?: readonly string[], now = new Date()): Promise<ExportedFile> {
  const wanted = ids ?? (await storage.listGames()).map((g) => g.id);
  const games: BackupGame[] = [];
  for (const id of wanted) {
    const found = await storage.getGame(id);
    // The log is the truth: checkpoints are rebuilt by the replay of an import.
    if (found) games.push({ game: found.game, events: found.events });
  }
  const single = ids?.length === 1 ? games[0]?.game.gameId : undefined;
  // What the phone remembers of Gloom's cards goes with every game, or with a Gloom game.
  const cards = !ids || games.some((g) => g.game.gameId === 'gloom') ? await rememberedCards(storage) : undefined;
  // The script library goes with a backup of every game (a Blood on the Clocktower game carries its own script).
  const scripts = ids ? undefined : await storage.listScripts();
  return { name: backupFileName(now, single), text: serializeBackup(makeBackup(games, now, cards, scripts)), count: games.length };
}

async function rememberedCards(storage: Storage): Promise<BackupCards | undefined> {
  const { CARD_MEMORY_SETTING, readCardMemory } = await import('../games/gloom/memory');
  const gloom = readCardMemory(await storage.getSetting<unknown>(CARD_MEMORY_SETTING, {}));
  return Object.keys(gloom).length > 0 ? { gloom } : undefined;
}

/** Check a chosen file: its size first (nothing is read when it is too large), then everything. */
export async function readBackupFile(file: Blob): Promise<Checked<ValidBackup>> {
  const size = checkSize(file.size);
  if (!size.ok) return size;
  return readBackupText(await file.text());
}

/** A game from the file, and the stored game it would overwrite, if any. */
export interface PlannedGame {
  item: ImportItem;
  existing: GameRecord | null;
  /** The stored game is this very game, exactly as in the file: same setup, same log. */
  same: boolean;
}

export async function planImport(storage: Storage, backup: ValidBackup): Promise<PlannedGame[]> {
  const stored = new Map((await storage.listGames()).map((g) => [g.id, g]));
  const plan: PlannedGame[] = [];
  for (const item of backup.items) {
    const existing = stored.get(item.game.id) ?? null;
    plan.push({ item, existing, same: existing !== null && (await storedAsIn(storage, item)) });
  }
  return plan;
}

/** Whether the stored game with the item's id has the item's setup and, entry for entry, its log. */
async function storedAsIn(storage: Storage, item: ImportItem): Promise<boolean> {
  const found = await storage.getGame(item.game.id);
  if (!found || found.game.seq !== item.game.seq || found.events.length !== item.events.length) return false;
  if (found.game.gameId !== item.game.gameId || JSON.stringify(found.game.input) !== JSON.stringify(item.game.input)) return false;
  return found.events.every((e, i) => {
    const f = item.events[i];
    return e.seq === f.seq && e.at === f.at && JSON.stringify(e.event) === JSON.stringify(f.event);
  });
}

/** For a game already on the phone: import it beside the stored one, overwrite that one, or leave it. */
export type Decision = 'copy' | 'replace' | 'skip';

/**
 * Import the planned games in one transaction. A game not on the phone is always imported;
 * one that is follows its decision (when none was given: skipped if it is stored exactly as in
 * the file, so importing the same backup twice changes nothing, else kept both). Resolves to the ids the
 * imported games have on the phone, in the file's order.
 */
export async function applyImport(
  storage: Storage,
  plan: readonly PlannedGame[],
  decisions: Readonly<Record<string, Decision>>,
  newId: () => string = randomId
): Promise<string[]> {
  const items: ImportItem[] = [];
  let replacing = false;
  for (const { item, existing, same } of plan) {
    const decision = existing ? (decisions[item.game.id] ?? (same ? 'skip' : 'copy')) : 'new';
    if (decision === 'skip') continue;
    if (decision === 'replace') replacing = true;
    items.push(decision === 'copy' ? withId(item, newId()) : item);
  }
  if (items.length) await storage.importGames(items, replacing ? 'replace' : 'add');
  return items.map((i) => i.game.id);
}

/**
 * The file's remembered Gloom cards, added to the phone's: a card the phone remembers keeps its
 * values here (they may be a correction made since). Resolves to how many cards were added.
 * Separate from the games' transaction: the games are whole whatever happens here.
 */
export async function importCards(storage: Storage, backup: ValidBackup): Promise<number> {
  if (!backup.cards || Object.keys(backup.cards).length === 0) return 0;
  const { CARD_MEMORY_SETTING, mergeCardMemory, readCardMemory } = await import('../games/gloom/memory');
  const here = readCardMemory(await storage.getSetting<unknown>(CARD_MEMORY_SETTING, {}));
  const { memory, added } = mergeCardMemory(here, backup.cards);
  if (added > 0) await storage.setSetting(CARD_MEMORY_SETTING, memory);
  return added;
}

/**
 * The file's scripts that would join the phone's library (each already read again with every
 * script check). Nothing on the phone is overwritten: a script whose id is there already is
 * left out when it is the same script under the same name, or a base edition (the same
 * everywhere); otherwise it comes in beside it under a new id.
 */
export async function scriptsToImport(storage: Storage, backup: ValidBackup, newId: () => string = randomId): Promise<ScriptRecord[]> {
  if (!backup.scripts?.length) return [];
  const { readScript, scriptToJson } = await import('../games/botc/script');
  // The phone's copy as Lantern writes it, to compare with the file's (already written so).
  const written = (script: unknown[]) => {
    const r = readScript(script);
    return JSON.stringify(r.ok ? scriptToJson(r.script) : script);
  };
  const here = new Map((await storage.listScripts()).map((r) => [r.id, r]));
  const out: ScriptRecord[] = [];
  for (const record of backup.scripts) {
    const there = here.get(record.id);
    if (there && (/^edition-/.test(record.id) || (there.name === record.name && written(there.script) === JSON.stringify(record.script)))) continue;
    out.push(there ? { ...record, id: newId() } : record);
  }
  return out;
}

/** Add the file's new scripts to the library, after the games. Resolves to how many were added. */
export async function importScripts(storage: Storage, backup: ValidBackup, newId: () => string = randomId): Promise<number> {
  const list = await scriptsToImport(storage, backup, newId);
  for (const record of list) await storage.putScript(record);
  return list.length;
}

/** The same game under another id (its log and checkpoints move with it). */
export function withId({ game, events, checkpoints }: ImportItem, id: string): ImportItem {
  return {
    game: { ...game, id },
    events: events.map((e) => ({ ...e, gameId: id })),
    checkpoints: checkpoints.map((c) => ({ ...c, gameId: id }))
  };
}
