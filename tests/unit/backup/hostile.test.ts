/**
 * Malformed and hostile backup files: each is refused with its own message, naming the game
 * and the log entry when there is one, and leaves every stored game exactly as it was, byte
 * for byte. Each file goes through the same path as on the backup screen (size, read, parse,
 * check, plan, import) against an IndexedDB storage already holding games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db';
import { exportGames } from '$lib/backup/backup';
import { BACKUP_VERSION, LIMITS, MAX_BACKUP_BYTES, type BackupProblem } from '$lib/backup/format';
import { i18n } from '$lib/i18n';
import { blob, dump, freshStorage, importFile, playGames } from './fixture';

let storage: DexieStorage;
let ids: { playing: string; over: string };
/** The phone's backup: [0] the finished game, [1] the one mid-Day (12 log entries). */
let good: string;
let before: string;

beforeAll(async () => {
  storage = await freshStorage();
  ids = await playGames(storage);
  good = (await exportGames(storage)).text;
  before = await dump(storage);
  await i18n.loadNamespace('cluethulhu');
});
afterAll(() => storage.db.close());

type File = {
  format: unknown;
  version: unknown;
  exportedAt: unknown;
  games: { game: Record<string, any>; events: Record<string, any>[] }[];
  [k: string]: unknown;
};
/** The good file, changed by `edit`. */
const edited = (edit: (f: File) => unknown) => () => {
  const f = JSON.parse(good) as File;
  const out = edit(f);
  return blob(JSON.stringify(out === undefined ? f : out));
};
const mid = (f: File) => f.games[1];
const setup = (f: File) => mid(f).game.input.setup;

interface Case {
  name: string;
  file: () => Blob;
  key: string;
  /** Game position in the file and log entry the message must name. */
  game?: number;
  event?: number;
  detail?: string;
}

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const CASES: Case[] = [
  { name: 'an empty file', file: () => blob(''), key: 'empty' },
  { name: 'only blank space', file: () => blob('  \n\t '), key: 'empty' },
  { name: 'not JSON at all', file: () => blob('PK\u0003\u0004 this is a zip'), key: 'notJson' },
  { name: 'JSON cut short', file: () => blob(good.slice(0, good.length / 2)), key: 'notJson' },
  { name: 'a list, not an object', file: () => blob('[1, 2, 3]'), key: 'notObject' },
  { name: 'a bare string', file: () => blob('"lantern-backup"'), key: 'notObject' },
  { name: 'null', file: () => blob('null'), key: 'notObject' },
  { name: 'another format', file: edited((f) => void (f.format = 'werewolf-save')), key: 'notBackup' },
  { name: 'no format at all', file: edited((f) => void delete f.format), key: 'notBackup' },
  { name: 'a version that is not a number', file: edited((f) => void (f.version = '1')), key: 'badVersion' },
  { name: 'version zero', file: edited((f) => void (f.version = 0)), key: 'badVersion' },
  { name: 'a future version', file: edited((f) => void (f.version = BACKUP_VERSION + 1)), key: 'newerVersion' },
  { name: 'a date that is not one', file: edited((f) => void (f.exportedAt = 'yesterday-ish')), key: 'badExportedAt' },
  { name: 'no list of games', file: edited((f) => void delete (f as Partial<File>).games), key: 'noGameList' },
  { name: 'no games in the list', file: edited((f) => void (f.games = [])), key: 'noGames' },
  { name: 'too many games', file: edited((f) => void (f.games = Array(LIMITS.games + 1).fill(0))), key: 'tooManyGames' },
  { name: 'a game that is not an object', file: edited((f) => void ((f.games as unknown[])[1] = 7)), key: 'entryShape', game: 2 },
  { name: 'a game without its log', file: edited((f) => void delete (mid(f) as Partial<File['games'][0]>).events), key: 'entryShape', game: 2 },
  { name: 'a game Lantern does not know', file: edited((f) => void (mid(f).game.gameId = 'mafia')), key: 'unknownGame', game: 2 },
  { name: 'a missing field', file: edited((f) => void delete mid(f).game.seq), key: 'gameField', game: 2 },
  { name: 'a field of the wrong type', file: edited((f) => void (mid(f).game.createdAt = 'last Friday')), key: 'gameField', game: 2 },
  { name: 'a seed out of range', file: edited((f) => void (mid(f).game.input.seed = -1)), key: 'gameField', game: 2 },
  { name: 'an id that is a path', file: edited((f) => void (mid(f).game.id = '../settings')), key: 'badId', game: 2 },
  { name: 'the same game twice in one file', file: edited((f) => void f.games.push(f.games[1])), key: 'duplicateGame', game: 3 },
  { name: 'no players', file: edited((f) => void (setup(f).players = [])), key: 'playersMissing', game: 2 },
  { name: 'two players with one id', file: edited((f) => void (setup(f).players[3].id = 'p1')), key: 'playerIdTwice', game: 2 },
  { name: 'two players with one name', file: edited((f) => void (setup(f).players[4].name = ' ANIA ')), key: 'playerNameTwice', game: 2 },
  { name: 'a blank name', file: edited((f) => void (setup(f).players[2].name = '   ')), key: 'playerName', game: 2 },
  { name: 'seats out of order', file: edited((f) => void (setup(f).players[2].seat = 5)), key: 'playerSeat', game: 2 },
  {
    name: 'a setup the game refuses',
    file: edited((f) => void (setup(f).specials = ['wizard', 'shoggoth', 'evilChild', 'mother'])),
    key: 'setupInvalid',
    game: 2,
    detail: 'cluethulhu:setup.errors.tooManySpecials'
  },
  { name: 'a setup the game cannot read', file: edited((f) => void delete setup(f).deal), key: 'setupUnreadable', game: 2 },
  { name: 'log entries out of order', file: edited((f) => void ([mid(f).events[3].seq, mid(f).events[4].seq] = [5, 4])), key: 'eventOrder', game: 2, event: 4 },
  { name: 'a gap in the log', file: edited((f) => void mid(f).events.forEach((e, i) => i >= 5 && (e.seq += 1))), key: 'eventGap', game: 2 },
  { name: 'one entry number twice', file: edited((f) => void (mid(f).events[6].seq = 6)), key: 'eventTwice', game: 2, event: 6 },
  { name: 'fewer entries than the game says', file: edited((f) => void mid(f).events.pop()), key: 'seqMismatch', game: 2 },
  { name: 'an entry of another game', file: edited((f) => void (mid(f).events[2].gameId = ids.over)), key: 'eventOtherGame', game: 2, event: 3 },
  { name: 'an entry with a bad time', file: edited((f) => void (mid(f).events[8].at = 'now')), key: 'eventField', game: 2, event: 9 },
  { name: 'a move Lantern never makes', file: edited((f) => void (mid(f).events[9].event = { type: 'rm -rf' })), key: 'badMove', game: 2, event: 10 },
  {
    name: 'a move the game refuses',
    file: edited((f) => void (mid(f).events[7].event.answer = { kind: 'players', ids: ['p1', 'p2'] })),
    key: 'moveRejected',
    game: 2,
    event: 8,
    detail: 'common:errors.answer.pickExactly'
  },
  { name: 'an undo with nothing to undo', file: edited((f) => void (mid(f).events[0].event = { type: 'undo' })), key: 'undoNothing', game: 2, event: 1 },
  {
    name: 'moves that replay to another game than the one stored',
    // The doll given to Darek instead of Ania: a valid move, but not what the snapshot shows.
    file: edited((f) => void (mid(f).events[7].event.answer.ids = ['p4'])),
    key: 'snapshotMismatch',
    game: 2
  },
  {
    name: 'a snapshot that does not match its log',
    file: edited((f) => {
      const players = mid(f).game.snapshot.context.players;
      players[6].alive = false;
    }),
    key: 'snapshotMismatch',
    game: 2
  },
  { name: 'a snapshot that cannot be read', file: edited((f) => void (mid(f).game.snapshot = { value: { play: { day: 'nowhere' } }, context: {} })), key: 'snapshotUnreadable', game: 2 },
  { name: 'a game said to be over that is not', file: edited((f) => void (mid(f).game.status = 'over')), key: 'statusNotOver', game: 2 },
  { name: 'a game said to be on that is over', file: edited((f) => void (f.games[0].game.status = 'active')), key: 'statusOver', game: 1 },
  { name: 'a different seed under the same log', file: edited((f) => void (mid(f).game.input.seed = 12)), key: 'snapshotMismatch', game: 2 },
  {
    name: 'a __proto__ key',
    file: () => blob(good.replace('"summary":{', '"summary":{"__proto__":{"isAdmin":true},')),
    key: 'forbiddenKey',
    game: 1
  },
  {
    name: 'a constructor key deep in a log entry',
    file: edited((f) => void (mid(f).events[4].event.answer.constructor = { prototype: { polluted: 1 } })),
    key: 'forbiddenKey',
    game: 2,
    event: 5
  },
  { name: 'a huge string', file: edited((f) => void (setup(f).players[0].name = 'A'.repeat(LIMITS.stringLength + 1))), key: 'textTooLong', game: 2 },
  { name: 'a name too long for the table', file: edited((f) => void (setup(f).players[0].name = 'A'.repeat(101))), key: 'playerNameLong', game: 2 },
  { name: 'deep nesting', file: () => blob(good.replace('"summary":{', `"summary":{"x":${nest(100_000)},`)), key: 'tooDeep', game: 1 },
  { name: 'a file over the size limit', file: () => new Blob([new Uint8Array(MAX_BACKUP_BYTES + 1).fill(32)]), key: 'tooLarge' }
];

describe('a malformed or hostile backup', () => {
  it('has at least twenty kinds, each with its own message', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CASES.map((c) => c.key)).size).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('refuses $name ($key), changing nothing', async (c) => {
    const result = await importFile(storage, c.file());
    expect(result.ok).toBe(false);
    const problem = (result as { problem: BackupProblem }).problem;
    expect(problem.text.key).toBe(`common:backup.errors.${c.key}`);
    expect(problem.where?.index).toBe(c.game);
    expect(problem.where?.event).toBe(c.event);
    if (c.detail) expect(problem.detail?.key).toBe(c.detail);
    // Every message reads as a sentence in both languages, never as a key.
    for (const language of ['en', 'pl'] as const) {
      await i18n.setLanguage(language);
      const text = i18n.tx(problem.text);
      expect(text).not.toContain('backup.errors');
      expect(text).not.toMatch(/\{\{/);
    }
    await i18n.setLanguage('en');
    expect(await dump(storage)).toBe(before);
  });

  it('names the game it found the problem in by its players', async () => {
    const result = await importFile(storage, edited((f) => void (mid(f).events[9].event = { type: 'x' }))());
    const where = (result as { problem: BackupProblem }).problem.where;
    expect(where).toEqual({ index: 2, gameId: 'cluethulhu', players: ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia'], event: 10 });
  });

  it('still imports the good file afterwards', async () => {
    const result = await importFile(storage, blob(good), 'skip');
    expect(result).toEqual({ ok: true, value: [] });
    expect(await dump(storage)).toBe(before);
  });
});
