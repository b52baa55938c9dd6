/**
 * Setting up a game of Ktulu: the roles dealt, the settings the book leaves to the Manitou
 * ("Dyskusja zasad oraz nieopisane warianty"), suggested rosters in place of the book's lost
 * table of faction sizes (RULES-NOTES, "Missing table"), the book's warnings about
 * controversial roles ("Omówienie postaci"), and every reason a setup cannot be played, as
 * translatable messages (`ktulu:setup.errors | warnings | controversial`).
 */
import { nameList, playerProblems } from '../../engine/names';
import type { Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { BASIC_FACTIONS, FACTIONS, FACTION_IDS, type FactionId } from './factions';
import { ROLES, ROLE_IDS, rolesOf, type RoleId } from './roles';

/** Fewer players cannot seat the book's six key roles. The book sets no maximum; the table is drawn for at most 30. */
export const MIN_PLAYERS = 6;
export const MAX_PLAYERS = 30;

export interface KtuluSettings {
  /**
   * The bandits' ship is ready from the morning after this night: they win holding the statue
   * on such a morning. "Zazwyczaj jest to trzecia noc (a raczej czwarty poranek). Przy sporej
   * (ponad 16) liczbie graczy, Księga proponuje przesunięcie tego terminu na piąty poranek."
   */
  shipNight: number;
  /** "Księga proponuje dwie osoby do szesnastu graczy, zaś trzy przy większej ich liczbie." */
  searchesPerDay: number;
  /** "Księga ustala maksymalną liczbę pojedynków na dwa dziennie." */
  duelsPerDay: number;
  /** Call absent, dead, inactive or spent roles anyway, marked as pretend. */
  callAbsentRoles: boolean;
}

/** How many cards of each role are dealt; only plain roles may be dealt more than once. */
export type RoleCounts = Partial<Record<RoleId, number>>;

export interface KtuluSetup {
  /** In seating order; `seat` is the index. The Manitou is not a player. */
  players: Player[];
  roles: RoleCounts;
  settings: KtuluSettings;
  /** Deal in the app (pass-and-peek), or record who holds which physical card. */
  deal: { mode: 'app' } | { mode: 'physical'; roles: Record<PlayerId, RoleId> };
}

export const searchesPerDay = (players: number): number => (players > 16 ? 3 : 2);
export const shipNight = (players: number): number => (players > 16 ? 4 : 3);
export const DUELS_PER_DAY = 2;

export function defaultSettings(players: number): KtuluSettings {
  return { shipNight: shipNight(players), searchesPerDay: searchesPerDay(players), duelsPerDay: DUELS_PER_DAY, callAbsentRoles: false };
}

/** The lowest value each numeric setting may take. */
export const SETTING_MIN = { shipNight: 1, searchesPerDay: 1, duelsPerDay: 0 } as const;

/** The cards as a list, in the book's order of roles. */
export function roleList(counts: RoleCounts): RoleId[] {
  return ROLE_IDS.flatMap((r) => Array<RoleId>(Math.max(0, Math.floor(counts[r] ?? 0))).fill(r));
}

export function countRoles(roles: readonly RoleId[]): RoleCounts {
  const out: RoleCounts = {};
  for (const r of roles) out[r] = (out[r] ?? 0) + 1;
  return out;
}

/** The factions with at least one card dealt, in the book's order. */
export function factionsIn(counts: RoleCounts): FactionId[] {
  return FACTION_IDS.filter((f) => rolesOf(f).some((r) => (counts[r] ?? 0) > 0));
}

/** "Postaci kluczowe … szeryf, dziwka, dobry oraz zły rewolwerowiec, herszt bandy i szaman." */
export const KEY_ROLES: readonly RoleId[] = ['sheriff', 'harlot', 'goodGunslinger', 'badGunslinger', 'banditLeader', 'shaman'];
/** "Postaci tradycyjnie występujące w grze — opój, mściciel, złodziej oraz wódz Indian." */
export const TRADITIONAL_ROLES: readonly RoleId[] = ['drunkard', 'avenger', 'thief', 'chief'];

/**
 * The order in which a suggested roster fills each faction: for the basic factions the key
 * roles, then the traditional ones, then the plain role; the book classes none of the other
 * factions' roles, so they come in its order, then the plain role if there is one.
 */
function fillOrder(faction: FactionId): RoleId[] {
  const own = rolesOf(faction);
  const plain = FACTIONS[faction].plain;
  const special = FACTIONS[faction].kind === 'basic' ? [...KEY_ROLES, ...TRADITIONAL_ROLES].filter((r) => own.includes(r)) : own.filter((r) => r !== plain);
  return plain ? [...special, plain] : special;
}

export interface SuggestedRoster {
  sizes: Partial<Record<FactionId, number>>;
  roles: RoleCounts;
}

/** Each basic faction needs two players: a faction of one cannot "meet" or outvote anyone. */
const MIN_BASIC = 2;

/**
 * A starting roster for `players` with the chosen factions (the Town, the Bandits and the
 * Indians always play). The book's table is lost; Lantern's proportions are its own
 * (docs/RULES.md, "Ktulu"): Lucky Luke 1, Runaways 2, Gods 2 (3 above 16 players), Aliens
 * about a sixth (2 to 6); of the rest about 30 % Bandits, 25 % Indians (at least 2 each) and
 * the Town the remainder. Null when the factions do not fit.
 */
export function suggestedRoster(players: number, factions: readonly FactionId[]): SuggestedRoster | null {
  if (!Number.isInteger(players) || players < MIN_PLAYERS) return null;
  const chosen = FACTION_IDS.filter((f) => BASIC_FACTIONS.includes(f) || factions.includes(f));
  const sizes: Partial<Record<FactionId, number>> = {};
  const target: Partial<Record<FactionId, number>> = {
    aliens: Math.min(6, Math.max(2, Math.round(players / 6))),
    luckyLuke: 1,
    runaways: 2,
    gods: players > 16 ? 3 : 2
  };
  const extras = chosen.filter((f) => !BASIC_FACTIONS.includes(f));
  for (const f of extras) sizes[f] = target[f]!;
  const rest = () => players - extras.reduce((sum, f) => sum + sizes[f]!, 0);
  // Shrink the largest optional faction, one seat at a time, until the basic three fit; of
  // two as large, the later in the book (the newer) gives way first.
  while (rest() < 3 * MIN_BASIC) {
    const biggest = extras.filter((f) => sizes[f]! > 1).sort((a, b) => sizes[b]! - sizes[a]! || extras.indexOf(b) - extras.indexOf(a))[0];
    if (!biggest) return null;
    sizes[biggest]! -= 1;
  }
  const m = rest();
  sizes.bandits = Math.max(MIN_BASIC, Math.round(m * 0.3));
  sizes.indians = Math.max(MIN_BASIC, Math.round(m * 0.25));
  sizes.town = m - sizes.bandits - sizes.indians;

  const roles: RoleCounts = {};
  for (const f of chosen) {
    const order = fillOrder(f);
    const plain = FACTIONS[f].plain;
    for (let i = 0; i < sizes[f]!; i++) {
      const r = i < order.length && order[i] !== plain ? order[i] : plain;
      if (!r) return null;
      roles[r] = (roles[r] ?? 0) + 1;
    }
  }
  return { sizes: Object.fromEntries(chosen.map((f) => [f, sizes[f]!])), roles };
}

const text = (kind: 'errors' | 'warnings' | 'controversial', key: string, params?: Record<string, string | number>): Text =>
  params ? { key: `ktulu:setup.${kind}.${key}`, params } : { key: `ktulu:setup.${kind}.${key}` };

/** Every reason this setup cannot start, as messages for the setup screen. Empty when it can. */
export function validateSetup(setup: KtuluSetup): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const err = (field: SetupProblem['field'], key: string, params?: Record<string, string | number>) =>
    problems.push({ field, text: text('errors', key, params) });
  const n = setup.players.length;
  if (n < MIN_PLAYERS) err('players', 'tooFew', { count: n, min: MIN_PLAYERS });
  if (n > MAX_PLAYERS) err('players', 'tooMany', { count: n, max: MAX_PLAYERS });

  // Names and ids: the same rules in every game (engine/names.ts).
  problems.push(...playerProblems(setup.players));

  const counts = setup.roles;
  let total = 0;
  for (const [role, count] of Object.entries(counts)) {
    if (!(ROLE_IDS as readonly string[]).includes(role)) {
      err('roles', 'unknownRole', { role });
      continue;
    }
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      err('roles', 'badCount', { role });
      continue;
    }
    if (count > 1 && !ROLES[role as RoleId].plain) err('roles', 'roleTwice', { role });
    total += count;
  }
  if (total !== n) err('roles', 'rolesMismatch', { count: total, players: n });
  const has = (r: RoleId) => (counts[r] ?? 0) > 0;
  // The Bandit Leader holds the statue at the start and the bandits hand it out on the zero
  // night (step 6): with no bandit at all, nobody can ever hold it.
  if (!rolesOf('bandits').some(has)) err('roles', 'noStatueHolder');
  // Night step 13 calls "Opój (lub pijany sędzia)": the Drunk Judge replaces the Drunkard.
  if (has('drunkard') && has('drunkJudge')) err('roles', 'drunkardWithDrunkJudge');

  for (const setting of ['shipNight', 'searchesPerDay', 'duelsPerDay'] as const) {
    const v = setup.settings[setting];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < SETTING_MIN[setting]) err('options', 'badSetting', { setting, min: SETTING_MIN[setting] });
  }

  if (setup.deal.mode === 'physical' && problems.every((p) => p.field !== 'roles')) problems.push(...validatePhysicalDeal(setup));
  return problems;
}

function validatePhysicalDeal(setup: KtuluSetup): SetupProblem[] {
  if (setup.deal.mode !== 'physical') return [];
  const dealt = setup.deal.roles;
  const isRole = (r: unknown): r is RoleId => (ROLE_IDS as readonly unknown[]).includes(r);
  const missing = setup.players.filter((p) => !isRole(dealt[p.id]));
  if (missing.length) return [{ field: 'roles', text: text('errors', 'dealMissing', { names: nameList(missing.map((p) => p.name)), count: missing.length }) }];
  const got = countRoles(setup.players.map((p) => dealt[p.id]));
  const mismatch = ROLE_IDS.some((r) => (got[r] ?? 0) !== (setup.roles[r] ?? 0));
  return mismatch ? [{ field: 'roles', text: text('errors', 'dealMismatch') }] : [];
}

/**
 * The book's controversial roles ("postaci kontrowersyjne, których wprowadzenie może poważnie
 * zachwiać równowagą gry"), each with its reason. The Drunk Judge has the Judge's ruling, so
 * the Judge's reason applies to him too.
 */
export const CONTROVERSIAL_ROLES: readonly RoleId[] = ['gambler', 'silentFoot', 'doctor', 'judge', 'drunkJudge', 'blackmailer', 'seducer'];

/** One line per controversial role dealt, plus the Gambler with the Bodyguard ("szczególnie niewskazane"). */
export function controversialWarnings(roles: RoleCounts): SetupProblem[] {
  const has = (r: RoleId) => (roles[r] ?? 0) > 0;
  const out = CONTROVERSIAL_ROLES.filter(has).map((r) => ({ field: 'roles' as const, text: text('controversial', r) }));
  if (has('gambler') && has('bodyguard')) out.splice(1, 0, { field: 'roles', text: text('controversial', 'gamblerWithBodyguard') });
  return out;
}

/** Warnings that do not stop a game (the Manitou may go on): the book's advice, and the controversial roles. */
export function setupWarnings(setup: KtuluSetup): SetupProblem[] {
  const counts = setup.roles;
  const has = (r: RoleId) => (counts[r] ?? 0) > 0;
  const out: SetupProblem[] = [];
  const warn = (key: string, params?: Record<string, string | number>) => out.push({ field: 'roles', text: text('warnings', key, params) });
  const factions = factionsIn(counts);
  for (const f of BASIC_FACTIONS) if (f !== 'bandits' && !factions.includes(f)) warn('basicFactionMissing', { faction: f });
  // "herszta, który na początku gry posiada posążek, choć jego też łatwo zastąpić"
  if (factions.includes('bandits') && !has('banditLeader')) warn('noBanditLeader');
  // "Pijany sędzia to postać, którą wprowadza się do gry, gdy jest za mało osób, żeby grać zarówno z sędzią, jak i opojem"
  if (has('judge') && has('drunkJudge')) warn('judgeWithDrunkJudge');
  // "Księga jednak wstępnie nie poleca grania na wszystkie siedem frakcji, a raczej wybranie jako
  // czwartej (przy dużej liczbie graczy ewentualnie też piątej) frakcji dowolnej spośród ufoli,
  // murzynów, Lucky Luka lub bogów." A large number: more than 16, as the book counts elsewhere.
  const optional = factions.filter((f) => FACTIONS[f].kind !== 'basic').length;
  if (optional > 2 || (optional === 2 && setup.players.length <= 16)) warn('tooManyFactions');
  // "Dla gry na dodatkowe frakcje Księga nie może nic polecić, bo nie zostały one przetestowane."
  if (factions.some((f) => FACTIONS[f].kind === 'new')) warn('untestedFactions');
  return [...out, ...controversialWarnings(counts)];
}
