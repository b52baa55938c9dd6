import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '../../../src/lib/engine/names';
import type { Text } from '../../../src/lib/engine/types';
import { createI18next } from '../../../src/lib/i18n/config';
import { FACTION_IDS, type FactionId } from '../../../src/lib/games/ktulu/factions';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  controversialWarnings,
  countRoles,
  defaultSettings,
  factionsIn,
  roleList,
  searchesPerDay,
  setupWarnings,
  shipNight,
  suggestedRoster,
  validateSetup,
  type KtuluSetup,
  type RoleCounts
} from '../../../src/lib/games/ktulu/setup';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enSetup from '../../../locales/en/setup.json';
import plSetup from '../../../locales/pl/setup.json';
import enKtulu from '../../../locales/en/ktulu.json';
import plKtulu from '../../../locales/pl/ktulu.json';

const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Jan', 'Kasia', 'Leon', 'Marta', 'Nina', 'Olek', 'Piotr', 'Rysiek', 'Sara', 'Tomek', 'Ula'];

function setupFor(roles: RoleId[], patch: Partial<KtuluSetup> = {}): KtuluSetup {
  const players = roles.map((_, i) => ({ id: `p${i + 1}`, name: NAMES[i] ?? `Gracz ${i + 1}`, seat: i }));
  return { players, roles: countRoles(roles), settings: defaultSettings(players.length), deal: { mode: 'app' }, ...patch };
}
const keys = (problems: { text: Text }[]) => problems.map((p) => p.text.key.split('.').pop());

/** Ten players of the three basic factions. */
const TEN: RoleId[] = ['sheriff', 'harlot', 'goodGunslinger', 'drunkard', 'townsman', 'banditLeader', 'badGunslinger', 'avenger', 'shaman', 'chief'];

describe('Ktulu settings', () => {
  it('searches two people a day up to 16 players and three above', () => {
    expect([6, 16, 17, 30].map(searchesPerDay)).toEqual([2, 2, 3, 3]);
  });
  it('readies the bandits’ ship after the third night, the fourth above 16 players', () => {
    expect([10, 16, 17].map(shipNight)).toEqual([3, 3, 4]);
  });
  it('allows two duels a day and calls no absent role unless asked', () => {
    expect(defaultSettings(20)).toEqual({ shipNight: 4, searchesPerDay: 3, duelsPerDay: 2, callAbsentRoles: false });
  });
});

describe('Ktulu setup problems', () => {
  it('accepts a ten-player table of the three basic factions', () => {
    expect(validateSetup(setupFor(TEN))).toEqual([]);
  });

  it('refuses too few and too many players', () => {
    expect(keys(validateSetup(setupFor(TEN.slice(0, 5))))).toContain('tooFew');
    const many = setupFor(TEN, { players: Array.from({ length: MAX_PLAYERS + 1 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, seat: i })) });
    expect(keys(validateSetup(many))).toContain('tooMany');
    expect(MIN_PLAYERS).toBe(6);
  });

  it('refuses blank and duplicate names, whatever their case and spacing, and repeated seats', () => {
    const s = setupFor(TEN);
    s.players[2].name = '  ';
    s.players[4].name = ' ANIA ';
    s.players[5].id = 'p1';
    const found = validateSetup(s);
    expect(keys(found)).toEqual(['blankName', 'duplicateName', 'duplicateId']);
    expect(found[0].text.params).toEqual({ seat: 3 });
  });

  // The same rules as Cluethulhu's, from the engine (engine/names.ts), with the same messages.
  describe('names', () => {
    const withNames = (...names: string[]) => {
      const s = setupFor(TEN);
      names.forEach((name, i) => (s.players[i].name = name));
      return validateSetup(s);
    };
    const problemKeys = (...names: string[]) => withNames(...names).map((p) => p.text.key);

    it('refuses a name of only spaces, or only invisible characters, as blank', () => {
      for (const name of ['', '   ', '\u00a0\t', '\u200b\u200d', '\u202e\u2066', '\u3164', '\u2800']) {
        const found = withNames('Ada', name);
        expect(found.map((p) => p.text), JSON.stringify(name)).toEqual([{ key: 'setup:errors.blankName', params: { seat: 2 } }]);
      }
    });

    it('refuses a second player whose name differs only by case, width, invisible characters or composition', () => {
      for (const twin of ['ADA', ' ada ', 'Ａｄａ', 'A\u200bda', 'Ada\u00ad']) {
        const found = withNames('Ada', twin);
        expect(found.map((p) => p.text.key), JSON.stringify(twin)).toEqual(['setup:errors.duplicateName']);
        expect(found[0].text.params).toEqual({ name: twin.trim() });
      }
      // "Zoë" typed with a combining diaeresis is the same name as with the precomposed letter.
      expect(problemKeys('Zo\u00eb', 'Zoe\u0308')).toEqual(['setup:errors.duplicateName']);
      expect(problemKeys('Ada', 'Adam', 'Zoe', 'Zoë')).toEqual([]);
    });

    it(`refuses a name longer than ${NAME_MAX} characters, counting an emoji as one and not the spaces around it`, () => {
      expect(problemKeys('W'.repeat(NAME_MAX), `  ${'X'.repeat(NAME_MAX)}  `, '👨‍👩‍👧‍👦'.repeat(10) + 'A'.repeat(NAME_MAX - 10))).toEqual([]);
      const found = withNames('Ada', 'W'.repeat(NAME_MAX + 1));
      expect(found.map((p) => p.text)).toEqual([{ key: 'setup:errors.nameTooLong', params: { seat: 2, max: NAME_MAX } }]);
      expect(problemKeys(Array(1000).fill('👩').join('\u200d'))).toEqual(['setup:errors.nameTooLong']);
    });

    it('says each problem in English and in Polish', () => {
      const texts = withNames('\u200b', 'Ada', 'ａｄａ', 'W'.repeat(NAME_MAX + 1)).map((p) => p.text);
      const resources = { en: { common: enCommon, setup: enSetup, ktulu: enKtulu }, pl: { common: plCommon, setup: plSetup, ktulu: plKtulu } };
      const en = createI18next('en', resources);
      const pl = createI18next('pl', resources);
      expect(texts.map((t) => en.t(t.key, t.params))).toEqual([
        'Player 1 has no name.',
        'Two players are called “ａｄａ”: give each a different name.',
        `Player 4’s name is too long: keep it to ${NAME_MAX} characters.`
      ]);
      expect(texts.map((t) => pl.t(t.key, t.params))).toEqual([
        'Gracz nr 1 nie ma imienia.',
        'Dwie osoby nazywają się „ａｄａ”: nadaj każdej inne imię.',
        `Imię gracza nr 4 jest za długie: może mieć najwyżej ${NAME_MAX} znaków.`
      ]);
    });
  });

  it('refuses a number of roles different from the number of players', () => {
    const found = validateSetup(setupFor(TEN, { roles: countRoles([...TEN, 'thief']) }));
    expect(keys(found)).toEqual(['rolesMismatch']);
    expect(found[0].text.params).toEqual({ count: 11, players: 10 });
  });

  it('refuses a special role dealt twice, an unknown role and a count that is not a whole number', () => {
    const roles: RoleCounts = { ...countRoles(TEN.slice(0, 8)), sheriff: 2, wizard: 1, bandit: 1.5 } as RoleCounts;
    expect(keys(validateSetup(setupFor(TEN, { roles })))).toEqual(['roleTwice', 'unknownRole', 'badCount', 'rolesMismatch']);
    expect(keys(validateSetup(setupFor(TEN, { roles: { ...countRoles(TEN.slice(0, 8)), townsman: 3 } })))).toEqual([]);
  });

  it('refuses a game without bandits: nobody could ever hold the statue', () => {
    const noBandits: RoleId[] = ['sheriff', 'harlot', 'goodGunslinger', 'townsman', 'townsman', 'shaman', 'chief', 'indian'];
    expect(keys(validateSetup(setupFor(noBandits)))).toEqual(['noStatueHolder']);
  });

  it('refuses the Drunkard beside the Drunk Judge, who share night step 13', () => {
    expect(keys(validateSetup(setupFor([...TEN.slice(0, 9), 'drunkJudge'])))).toEqual(['drunkardWithDrunkJudge']);
  });

  it('refuses settings that are not whole numbers at least their minimum', () => {
    const bad = setupFor(TEN, { settings: { shipNight: 0, searchesPerDay: 2.5, duelsPerDay: -1, callAbsentRoles: false } });
    expect(validateSetup(bad).map((p) => p.text.params?.setting)).toEqual(['shipNight', 'searchesPerDay', 'duelsPerDay']);
    expect(keys(validateSetup(setupFor(TEN, { settings: { ...defaultSettings(10), duelsPerDay: 0 } })))).toEqual([]);
  });

  it('checks a recorded physical deal against the roles chosen', () => {
    const dealt = Object.fromEntries(TEN.map((r, i) => [`p${i + 1}`, r])) as Record<string, RoleId>;
    expect(validateSetup(setupFor(TEN, { deal: { mode: 'physical', roles: dealt } }))).toEqual([]);
    const missing = { ...dealt };
    delete missing.p3;
    expect(keys(validateSetup(setupFor(TEN, { deal: { mode: 'physical', roles: missing } })))).toEqual(['dealMissing']);
    expect(keys(validateSetup(setupFor(TEN, { deal: { mode: 'physical', roles: { ...dealt, p5: 'thief' } } })))).toEqual(['dealMismatch']);
  });
});

describe('Ktulu setup warnings', () => {
  it('warns about each controversial role with the book’s reason, and the Gambler with the Bodyguard', () => {
    expect(keys(controversialWarnings(countRoles(['gambler', 'bodyguard', 'silentFoot', 'doctor', 'judge', 'blackmailer', 'seducer', 'sheriff'])))).toEqual([
      'gambler',
      'gamblerWithBodyguard',
      'silentFoot',
      'doctor',
      'judge',
      'blackmailer',
      'seducer'
    ]);
    expect(keys(controversialWarnings(countRoles(['gambler'])))).toEqual(['gambler']);
    expect(keys(controversialWarnings(countRoles(TEN)))).toEqual([]);
  });

  it('says a game without the Bandit Leader, the Town or the Indians leaves the book’s way', () => {
    const noLeader: RoleId[] = ['sheriff', 'harlot', 'townsman', 'badGunslinger', 'bandit', 'alien', 'greatAlien'];
    const found = setupWarnings(setupFor(noLeader));
    expect(keys(found)).toEqual(['basicFactionMissing', 'noBanditLeader']);
    expect(found[0].text.params).toEqual({ faction: 'indians' });
  });

  it('warns past one optional faction at 16 players or fewer, past two above, and about untested factions', () => {
    const withAliens = [...TEN.slice(0, 8), 'greatAlien', 'alien'] as RoleId[];
    expect(keys(setupWarnings(setupFor([...TEN, 'greatAlien'])))).toEqual([]);
    expect(keys(setupWarnings(setupFor([...TEN, 'luckyLuke'])))).toEqual(['untestedFactions']);
    expect(keys(setupWarnings(setupFor([...withAliens, 'shaman', 'luckyLuke'])))).toEqual(['tooManyFactions', 'untestedFactions']);
    const big = suggestedRoster(20, ['aliens', 'gods'])!;
    expect(keys(setupWarnings(setupFor(roleList(big.roles))))).toEqual(['untestedFactions']);
    const all = suggestedRoster(20, FACTION_IDS)!;
    expect(keys(setupWarnings(setupFor(roleList(all.roles))))).toEqual(['tooManyFactions', 'untestedFactions']);
  });
});

describe('suggested rosters', () => {
  const combos: FactionId[][] = [[], ['aliens'], ['luckyLuke'], ['runaways'], ['gods'], ['aliens', 'gods'], [...FACTION_IDS]];

  it('deal exactly one role to each player, with the factions asked for, and pass validation', () => {
    for (const factions of combos)
      for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) {
        const r = suggestedRoster(n, factions);
        if (!r) continue;
        const list = roleList(r.roles);
        expect(list, `${n} ${factions}`).toHaveLength(n);
        expect(Object.values(r.sizes).reduce((a, b) => a + b!, 0)).toBe(n);
        expect(factionsIn(r.roles), `${n} ${factions}`).toEqual(FACTION_IDS.filter((f) => ['town', 'bandits', 'indians', ...factions].includes(f)));
        expect(validateSetup(setupFor(list)), `${n} ${factions}`).toEqual([]);
      }
  });

  it('start with the book’s key roles, then its traditional ones, then plain roles', () => {
    expect(suggestedRoster(6, [])!.roles).toEqual({ sheriff: 1, harlot: 1, banditLeader: 1, badGunslinger: 1, shaman: 1, chief: 1 });
    const twelve = suggestedRoster(12, [])!;
    expect(twelve.sizes).toEqual({ town: 5, bandits: 4, indians: 3 });
    expect(twelve.roles).toEqual({
      sheriff: 1, harlot: 1, goodGunslinger: 1, drunkard: 1, townsman: 1,
      banditLeader: 1, badGunslinger: 1, avenger: 1, thief: 1,
      shaman: 1, chief: 1, indian: 1
    });
  });

  it('seat every faction even with all seven at a small table, or say it cannot', () => {
    const small = suggestedRoster(12, FACTION_IDS)!;
    expect(small.sizes).toEqual({ town: 2, bandits: 2, indians: 2, aliens: 2, luckyLuke: 1, runaways: 2, gods: 1 });
    expect(suggestedRoster(9, FACTION_IDS)).toBeNull();
    expect(suggestedRoster(5, [])).toBeNull();
  });
});

/** What i18next leaves behind when a key, a nested key or a value is missing. */
const UNRESOLVED = /ktulu:|\{\{|\$t\(|\b[a-z]\w*\.[a-z]\w*/;

describe('setup messages as shown', () => {
  const resources = { en: { common: enCommon, setup: enSetup, ktulu: enKtulu }, pl: { common: plCommon, setup: plSetup, ktulu: plKtulu } };
  const messages: Text[] = [
    ...validateSetup(setupFor(TEN.slice(0, 4), { settings: { shipNight: 0, searchesPerDay: 2, duelsPerDay: 2, callAbsentRoles: false } })),
    ...validateSetup(setupFor(TEN, { roles: { ...countRoles(TEN.slice(0, 9)), sheriff: 2 } })),
    ...validateSetup(setupFor(['sheriff', 'harlot', 'goodGunslinger', 'townsman', 'shaman', 'chief', 'drunkard', 'drunkJudge'])),
    ...setupWarnings(setupFor(['sheriff', 'judge', 'drunkJudge', 'gambler', 'bodyguard', 'bandit', 'bandit', 'alien', 'luckyLuke', 'kali']))
  ].map((p) => p.text);

  for (const lng of ['en', 'pl'] as const)
    it(`resolve every key and nested name in ${lng === 'en' ? 'English' : 'Polish'}`, () => {
      const t = createI18next(lng, resources).t;
      expect(messages.length).toBeGreaterThan(10);
      for (const m of messages) {
        const out = t(m.key, m.params);
        expect(out, m.key).not.toMatch(UNRESOLVED);
        expect(out).not.toBe(m.key.split(':')[1]);
      }
    });

  it('resolve every setup text with its values in both languages', () => {
    const params = { count: 3, min: 6, max: 30, seat: 2, name: 'Ania', names: 'Ania, Bartek', role: 'sheriff', players: 10, faction: 'indians', setting: 'shipNight' };
    const setupKeys = (o: object, prefix: string): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? setupKeys(v, `${prefix}.${k}`) : [`${prefix}.${k.replace(/_(one|few|many|other)$/, '')}`]));
    // The names' problems are shared with every game, in `setup`.
    const all = [...new Set([...setupKeys(enKtulu.setup, 'ktulu:setup'), ...setupKeys(enSetup.errors, 'setup:errors')])];
    expect(all.length).toBeGreaterThan(25);
    for (const lng of ['en', 'pl'] as const) {
      const t = createI18next(lng, resources).t;
      for (const key of all) expect(t(key, params), `${lng} ${key}`).not.toMatch(UNRESOLVED);
    }
  });

  it('name a faction and a role in Polish inside the sentence', () => {
    const t = createI18next('pl', resources).t;
    expect(t('ktulu:setup.errors.roleTwice', { role: 'sheriff' })).toBe('Postać „Szeryf” może być w grze tylko raz.');
    expect(t('ktulu:setup.warnings.basicFactionMissing', { faction: 'indians' })).toMatch(/brakuje frakcji: Indianie\.$/);
    expect(t('ktulu:setup.errors.tooFew', { count: 4, min: 6 })).toBe('Do gry w Ktulu potrzeba co najmniej 6 graczy, a są tylko 4 gracze.');
  });
});
