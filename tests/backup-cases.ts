/**
 * Malformed and hostile backup files, each made from a good backup's text, with the message it
 * must be refused with: the `backup:errors.*` key and its parameters, the game and log
 * entry it names, and the game's own explanation where it gives one. One list for both suites
 * that refuse them: the unit one (tests/unit/backup/hostile.test.ts, the import path against
 * fake-indexeddb) and the end-to-end one (tests/e2e/backup-hostile.test.mjs, the backup screen of
 * the built app in Chromium).
 *
 * The good backup is the one both suites make: two Cluethulhu games with the same seven players,
 * [0] finished by the Keeper's ruling and [1] mid-Day, dealt in the app from seed 11, with 12 log
 * entries (seven passes of the deal; 8: the Evil Child gives the doll to the first player; 9: the
 * hand-over; 10: the Wizard picks the second player; 11: undone; 12: the Wizard picks the third).
 * A case reads ids and names from that file, never assumes them.
 *
 * Plain TypeScript with relative imports only: the end-to-end suite loads it through Vite's
 * module runner, without the app's config.
 */
import { BACKUP_VERSION, LIMITS, MAX_BACKUP_BYTES } from '../src/lib/backup/format';

export type Params = Record<string, string | number>;

/** A backup file as parsed, loosely: the cases break it on purpose. */
export type BackupShape = {
  format: unknown;
  version: unknown;
  exportedAt: unknown;
  games: { game: Record<string, any>; events: Record<string, any>[] }[];
  [k: string]: unknown;
};

export interface HostileCase {
  name: string;
  /** The file's contents, made from the good backup's text (text is saved as UTF-8). */
  file: (good: string) => string | Uint8Array<ArrayBuffer>;
  /** The message: `backup:errors.<key>`. */
  key: string;
  /** Its parameters, some read from the good backup. */
  params?: Params | ((good: BackupShape) => Params);
  /** 1-based position in the file of the game the message names. */
  game?: number;
  /** 1-based position of the log entry the message names, in that game. */
  event?: number;
  /**
   * How the message names the game when it cannot do so as usual (by the game's name and its
   * players): a game id Lantern does not know is shown as it is; `null` when the file gives no
   * readable game there, so only its position is named.
   */
  shownAs?: string | null;
  /** The game's or the engine's own explanation, and its parameters. */
  detail?: string;
  detailParams?: Params;
}

/** The good file, changed by `edit` (which changes it in place, or returns a replacement). */
export const edited =
  (edit: (f: BackupShape) => unknown) =>
  (good: string): string => {
    const f = JSON.parse(good) as BackupShape;
    const out = edit(f);
    return JSON.stringify(out === undefined ? f : out);
  };

/** The game mid-Day, its setup and its players. */
const mid = (f: BackupShape) => f.games[1];
const setup = (f: BackupShape) => mid(f).game.input.setup;
const players = (f: BackupShape): { id: string; name: string; seat: number }[] => setup(f).players;

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/**
 * A Blood on the Clocktower script in the library a backup carries (`scripts`), around the
 * script given: the good file may have no scripts, so a case writes the whole list.
 */
const TB5 = ['washerwoman', 'librarian', 'chef', 'poisoner', 'imp'];
const library =
  (...scripts: unknown[]) =>
  (f: BackupShape) =>
    void (f.scripts = scripts.map((script, i) => ({ id: `s${i + 1}`, name: `Script ${i + 1}`, script, createdAt: 1, updatedAt: 1 })));

/** A case's parameters, read from the good backup where they depend on it. */
export function paramsOf(c: HostileCase, good: string): Params | undefined {
  return typeof c.params === 'function' ? c.params(JSON.parse(good) as BackupShape) : c.params;
}

export const CASES: HostileCase[] = [
  { name: 'an empty file', file: () => '', key: 'empty' },
  { name: 'only blank space', file: () => '  \n\t ', key: 'empty' },
  { name: 'not JSON at all', file: () => 'PK\u0003\u0004 this is a zip', key: 'notJson' },
  { name: 'JSON cut short', file: (good) => good.slice(0, good.length / 2), key: 'notJson' },
  { name: 'a list, not an object', file: () => '[1, 2, 3]', key: 'notObject' },
  { name: 'a bare string', file: () => '"lantern-backup"', key: 'notObject' },
  { name: 'null', file: () => 'null', key: 'notObject' },
  { name: 'another format', file: edited((f) => void (f.format = 'werewolf-save')), key: 'notBackup' },
  { name: 'no format at all', file: edited((f) => void delete f.format), key: 'notBackup' },
  { name: 'a version that is not a number', file: edited((f) => void (f.version = '1')), key: 'badVersion' },
  { name: 'version zero', file: edited((f) => void (f.version = 0)), key: 'badVersion' },
  {
    name: 'a future version',
    file: edited((f) => void (f.version = BACKUP_VERSION + 1)),
    key: 'newerVersion',
    params: { version: BACKUP_VERSION + 1, supported: BACKUP_VERSION }
  },
  { name: 'a date that is not one', file: edited((f) => void (f.exportedAt = 'yesterday-ish')), key: 'badExportedAt' },
  { name: 'no list of games', file: edited((f) => void delete (f as Partial<BackupShape>).games), key: 'noGameList' },
  {
    name: 'no games in the list, and no scripts',
    file: edited((f) => {
      f.games = [];
      delete f.scripts;
    }),
    key: 'noGames'
  },
  {
    name: 'too many games',
    file: edited((f) => void (f.games = Array(LIMITS.games + 1).fill(0))),
    key: 'tooManyGames',
    params: { count: LIMITS.games + 1, max: LIMITS.games }
  },
  { name: 'a game that is not an object', file: edited((f) => void ((f.games as unknown[])[1] = 7)), key: 'entryShape', game: 2, shownAs: null },
  { name: 'a game without its log', file: edited((f) => void delete (mid(f) as Partial<BackupShape['games'][0]>).events), key: 'entryShape', game: 2 },
  {
    name: 'a game Lantern does not know',
    file: edited((f) => void (mid(f).game.gameId = 'mafia')),
    key: 'unknownGame',
    params: { gameId: 'mafia' },
    game: 2,
    shownAs: 'mafia'
  },
  { name: 'a missing field', file: edited((f) => void delete mid(f).game.seq), key: 'gameField', params: { field: 'seq' }, game: 2 },
  {
    name: 'a field of the wrong type',
    file: edited((f) => void (mid(f).game.createdAt = 'last Friday')),
    key: 'gameField',
    params: { field: 'createdAt' },
    game: 2
  },
  { name: 'a seed out of range', file: edited((f) => void (mid(f).game.input.seed = -1)), key: 'gameField', params: { field: 'input.seed' }, game: 2 },
  { name: 'an id that is a path', file: edited((f) => void (mid(f).game.id = '../settings')), key: 'badId', game: 2 },
  { name: 'the same game twice in one file', file: edited((f) => void f.games.push(f.games[1])), key: 'duplicateGame', params: { other: 2 }, game: 3 },
  { name: 'no players', file: edited((f) => void (setup(f).players = [])), key: 'playersMissing', game: 2 },
  {
    name: 'two players with one id',
    file: edited((f) => void (players(f)[3].id = players(f)[0].id)),
    key: 'playerIdTwice',
    params: (f) => ({ name: players(f)[3].name }),
    game: 2
  },
  {
    name: 'two players with one name',
    // The first player's name again, in capitals and with spaces around it.
    file: edited((f) => void (players(f)[4].name = ` ${players(f)[0].name.toUpperCase()} `)),
    key: 'playerNameTwice',
    params: (f) => ({ name: players(f)[0].name.toUpperCase() }),
    game: 2
  },
  { name: 'a blank name', file: edited((f) => void (players(f)[2].name = '   ')), key: 'playerName', params: { seat: 3 }, game: 2 },
  {
    name: 'seats out of order',
    file: edited((f) => void (players(f)[2].seat = 5)),
    key: 'playerSeat',
    params: (f) => ({ name: players(f)[2].name, seat: 3 }),
    game: 2
  },
  {
    name: 'a setup the game refuses',
    file: edited((f) => void (setup(f).specials = ['wizard', 'shoggoth', 'evilChild', 'mother'])),
    key: 'setupInvalid',
    game: 2,
    detail: 'cluethulhu:setup.errors.tooManySpecials',
    detailParams: { count: 4, max: 3, players: 7 }
  },
  { name: 'a setup the game cannot read', file: edited((f) => void delete setup(f).deal), key: 'setupUnreadable', game: 2 },
  {
    name: 'log entries out of order',
    file: edited((f) => void ([mid(f).events[3].seq, mid(f).events[4].seq] = [5, 4])),
    key: 'eventOrder',
    params: { seq: 5 },
    game: 2,
    event: 4
  },
  {
    name: 'a gap in the log',
    file: edited((f) => void mid(f).events.forEach((e, i) => i >= 5 && (e.seq += 1))),
    key: 'eventGap',
    params: { seq: 6 },
    game: 2
  },
  { name: 'one entry number twice', file: edited((f) => void (mid(f).events[6].seq = 6)), key: 'eventTwice', params: { seq: 6 }, game: 2, event: 6 },
  {
    name: 'fewer entries than the game says',
    file: edited((f) => void mid(f).events.pop()),
    key: 'seqMismatch',
    params: (f) => ({ seq: mid(f).game.seq, count: mid(f).events.length - 1 }),
    game: 2
  },
  {
    name: 'an entry of another game',
    file: edited((f) => void (mid(f).events[2].gameId = f.games[0].game.id)),
    key: 'eventOtherGame',
    game: 2,
    event: 3
  },
  { name: 'an entry with a bad time', file: edited((f) => void (mid(f).events[8].at = 'now')), key: 'eventField', params: { field: 'at' }, game: 2, event: 9 },
  { name: 'a move Lantern never makes', file: edited((f) => void (mid(f).events[9].event = { type: 'rm -rf' })), key: 'badMove', game: 2, event: 10 },
  {
    name: 'a move the game refuses',
    // The Evil Child gives the doll to two players at once.
    file: edited((f) => void (mid(f).events[7].event.answer = { kind: 'players', ids: [players(f)[0].id, players(f)[1].id] })),
    key: 'moveRejected',
    game: 2,
    event: 8,
    detail: 'common:errors.answer.pickExactly',
    detailParams: { count: 1 }
  },
  {
    name: 'a correction of the wrong shape',
    // A name that is not text: refused as it is read, before any replay.
    file: edited((f) => void (mid(f).events[11].event = { type: 'keeper.override', override: { kind: 'rename', player: players(f)[0].id, name: { first: 'Ann' } } })),
    key: 'badMove',
    game: 2,
    event: 12
  },
  {
    name: 'a correction to a blank name',
    file: edited((f) => void (mid(f).events[11].event = { type: 'keeper.override', override: { kind: 'rename', player: players(f)[0].id, name: ' \u200b ' } })),
    key: 'moveRejected',
    game: 2,
    event: 12,
    detail: 'common:override.problems.blankName'
  },
  {
    name: 'a scoreboard correction in a script game',
    // A number put right (Killer Kloo Doo's `setValue`) where the game keeps none: Cluethulhu's check refuses it.
    file: edited((f) => void (mid(f).events[11].event = { type: 'keeper.override', override: { kind: 'setValue', target: 'table', field: 'turn', value: players(f)[0].id } })),
    key: 'moveRejected',
    game: 2,
    event: 12,
    detail: 'common:override.problems.notHere'
  },
  {
    name: 'a corrected value of the wrong shape',
    // Neither a whole number, an id nor a list of ids: refused as it is read.
    file: edited((f) => void (mid(f).events[11].event = { type: 'keeper.override', override: { kind: 'setValue', target: 'scarlett', field: 'sp', value: { sp: 1e9 } } })),
    key: 'badMove',
    game: 2,
    event: 12
  },
  {
    name: 'a token the game does not have',
    file: edited((f) => void (mid(f).events[11].event = { type: 'keeper.override', override: { kind: 'moveToken', token: 'statue', to: players(f)[1].id } })),
    key: 'moveRejected',
    game: 2,
    event: 12,
    detail: 'common:override.problems.unknownToken'
  },
  { name: 'an undo with nothing to undo', file: edited((f) => void (mid(f).events[0].event = { type: 'undo' })), key: 'undoNothing', game: 2, event: 1 },
  {
    name: 'moves that replay to another game than the one stored',
    // The doll given to the fourth player instead of the first: a valid move, but not what the
    // game's saved state shows.
    file: edited((f) => void (mid(f).events[7].event.answer.ids = [players(f)[3].id])),
    key: 'snapshotMismatch',
    game: 2
  },
  {
    name: 'a snapshot that does not match its log',
    file: edited((f) => void (mid(f).game.snapshot.context.players[6].alive = false)),
    key: 'snapshotMismatch',
    game: 2
  },
  {
    name: 'a snapshot that cannot be read',
    file: edited((f) => void (mid(f).game.snapshot = { value: { play: { day: 'nowhere' } }, context: {} })),
    key: 'snapshotUnreadable',
    game: 2
  },
  { name: 'a game said to be over that is not', file: edited((f) => void (mid(f).game.status = 'over')), key: 'statusNotOver', game: 2 },
  { name: 'a game said to be on that is over', file: edited((f) => void (f.games[0].game.status = 'active')), key: 'statusOver', game: 1 },
  { name: 'a different seed under the same log', file: edited((f) => void (mid(f).game.input.seed = 12)), key: 'snapshotMismatch', game: 2 },
  {
    name: 'a __proto__ key',
    file: (good) => good.replace('"summary":{', '"summary":{"__proto__":{"isAdmin":true},'),
    key: 'forbiddenKey',
    params: { key: '__proto__' },
    game: 1
  },
  {
    name: 'a constructor key deep in a log entry',
    file: edited((f) => void (mid(f).events[4].event.answer.constructor = { prototype: { polluted: 1 } })),
    key: 'forbiddenKey',
    params: { key: 'constructor' },
    game: 2,
    event: 5
  },
  {
    name: 'a huge string',
    file: edited((f) => void (players(f)[0].name = 'A'.repeat(LIMITS.stringLength + 1))),
    key: 'textTooLong',
    params: { max: LIMITS.stringLength },
    game: 2
  },
  {
    name: 'a name too long for the table',
    file: edited((f) => void (players(f)[0].name = 'A'.repeat(101))),
    key: 'playerNameLong',
    params: { seat: 1, max: 100 },
    game: 2
  },
  {
    name: 'deep nesting',
    file: (good) => good.replace('"summary":{', `"summary":{"x":${nest(100_000)},`),
    key: 'tooDeep',
    params: { max: LIMITS.depth },
    game: 1
  },
  { name: 'scripts that are not a list', file: edited((f) => void (f.scripts = { s1: TB5 })), key: 'badScripts' },
  {
    name: 'a script without a name',
    file: edited((f) => {
      library(TB5)(f);
      (f.scripts as Record<string, unknown>[])[0].name = '   ';
    }),
    key: 'scriptField',
    params: { index: 1, field: 'name' }
  },
  {
    name: 'the same script twice',
    file: edited((f) => {
      library(TB5, TB5)(f);
      (f.scripts as Record<string, unknown>[])[1].id = 's1';
    }),
    key: 'duplicateScript',
    params: { index: 2 }
  },
  {
    name: 'a script that is not a list',
    file: edited(library(TB5, { id: 'washerwoman' })),
    key: 'badScript',
    params: { index: 2, name: 'Script 2' },
    detail: 'botc:script.errors.notArray'
  },
  {
    name: 'a script naming a character Lantern does not know',
    file: edited(library([...TB5.slice(0, 4), 'notacharacter'])),
    key: 'badScript',
    params: { index: 1, name: 'Script 1' },
    detail: 'botc:script.errors.unknownIds',
    detailParams: { ids: 'notacharacter', count: 1 }
  },
  {
    name: 'a homebrew character with markup for a team',
    file: edited(library([...TB5, { id: 'lamp', name: '<img src=x onerror=alert(1)>', team: '<script>alert(1)</script>' }])),
    key: 'badScript',
    params: { index: 1, name: 'Script 1' },
    detail: 'botc:script.errors.badTeam',
    detailParams: { item: 6, id: 'lamp', team: '<script>alert(1)</script>' }
  },
  {
    name: 'a __proto__ key inside a script',
    file: (good) => edited(library([...TB5, { id: 'lamp', name: 'Lamp', team: 'townsfolk' }]))(good).replace('"id":"lamp",', '"id":"lamp","__proto__":{"polluted":1},'),
    key: 'forbiddenKey',
    params: { key: '__proto__' }
  },
  {
    name: 'a file over the size limit',
    file: () => new Uint8Array(MAX_BACKUP_BYTES + 1).fill(32),
    key: 'tooLarge',
    // Megabytes to one decimal: one byte over 20 MB reads as 20.
    params: { size: 20, max: 20 }
  }
];
