/**
 * Malformed and hostile backup files (the list is in tests/backup-cases.ts, shared with the
 * end-to-end suite): each is refused with its own message, naming the game and the log entry
 * when there is one, and leaves every stored game exactly as it was, byte for byte. Each file
 * goes through the same path as on the backup screen (size, read, parse, check, plan, import)
 * against an IndexedDB storage already holding games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames } from '$lib/backup/backup';
import type { BackupProblem } from '$lib/backup/format';
import { i18n } from '$lib/i18n';
import { CASES, edited, paramsOf } from '../../backup-cases';
import { blob, dump, freshStorage, importFile, playGames } from './fixture';

let storage: DexieStorage;
/** The phone's backup: [0] the finished game, [1] the one mid-Day (12 log entries). */
let good: string;
let before: string;

beforeAll(async () => {
  storage = await freshStorage();
  await playGames(storage);
  // A script in the library: a refused backup must leave it as it is too.
  await storage.putScript({ id: 'kept', name: 'Kept', script: ['washerwoman', 'chef', 'empath', 'poisoner', 'imp'], createdAt: 1, updatedAt: 2 });
  good = (await exportGames(storage)).text;
  before = await dump(storage);
  await i18n.loadNamespace('cluethulhu');
  await i18n.loadNamespace('backup');
  await i18n.loadNamespace('botc');
});
afterAll(() => storage.db.close());

describe('a malformed or hostile backup', () => {
  it('has at least twenty kinds, each with its own message', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CASES.map((c) => c.key)).size).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('refuses $name ($key), changing nothing', async (c) => {
    const made = c.file(good);
    const result = await importFile(storage, typeof made === 'string' ? blob(made) : new Blob([made]));
    expect(result.ok).toBe(false);
    const problem = (result as { problem: BackupProblem }).problem;
    expect(problem.text.key).toBe(`backup:errors.${c.key}`);
    expect(problem.text.params).toEqual(paramsOf(c, good));
    expect(problem.where?.index).toBe(c.game);
    expect(problem.where?.event).toBe(c.event);
    if (c.detail) expect(problem.detail).toEqual({ key: c.detail, params: c.detailParams });
    // Every message reads as a sentence in both languages, never as a key.
    for (const language of ['en', 'pl'] as const) {
      await i18n.setLanguage(language);
      const text = i18n.tx(problem.text);
      expect(text).not.toMatch(/errors\./);
      expect(text).not.toMatch(/\{\{/);
    }
    await i18n.setLanguage('en');
    expect(await dump(storage)).toBe(before);
  });

  it('names the game it found the problem in by its players', async () => {
    const result = await importFile(storage, blob(edited((f) => void (f.games[1].events[9].event = { type: 'x' }))(good)));
    const where = (result as { problem: BackupProblem }).problem.where;
    expect(where).toEqual({ index: 2, gameId: 'cluethulhu', players: ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia'], event: 10 });
  });

  it('still imports the good file afterwards', async () => {
    const result = await importFile(storage, blob(good), 'skip');
    expect(result).toEqual({ ok: true, value: [] });
    expect(await dump(storage)).toBe(before);
  });
});
