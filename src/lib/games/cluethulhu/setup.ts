/**
 * Setting up a game of Cluethulhu: the set-up table by number of players (guide, "Let's Go";
 * RULES-NOTES "Set-up by number of players"), the role mix it gives, and every reason a
 * setup cannot be played, as translatable messages.
 */
import { nameList, playerProblems } from '../../engine/names';
import type { Player, PlayerId, SetupProblem } from '../../engine/types';
import { ALL_SPECIALS, BOX, CULT_SPECIALS, ROLE_IDS, type RoleId } from './roles';

export const MIN_PLAYERS = 7;
export const MAX_PLAYERS = 20;

export interface CluethulhuSetup {
  /** In seating order; `seat` is the index. The Keeper is not a player. */
  players: Player[];
  /** Specials swapped in for plain Cultists, chosen by the Keeper. */
  specials: RoleId[];
  /** From 11 players the book adds a Psychiatrist; the Keeper may use a plain Investigator instead. */
  psychiatrist: boolean;
  /** From 16 players the book adds a Detective; the Keeper may use a plain Investigator instead. */
  detective: boolean;
  /** Call absent or dead roles anyway (the book's bluff tip). */
  callAbsentRoles: boolean;
  /** Deal in the app (pass-and-peek), or record who holds which physical tablet. */
  deal: { mode: 'app' } | { mode: 'physical'; roles: Record<PlayerId, RoleId> };
}

export interface Band {
  /** Investigator-side tablets for this band. */
  investigatorSide: RoleId[];
  /** Most specials the Keeper may swap in. */
  maxSpecials: number;
  /** Specials allowed in this band. */
  specials: readonly RoleId[];
}

/** The set-up table (guide, "7-10 / 11-15 / 16-20 players"). */
export function band(playerCount: number, opts: { psychiatrist?: boolean; detective?: boolean } = {}): Band {
  const psych = opts.psychiatrist ?? true;
  const det = opts.detective ?? true;
  if (playerCount <= 10) return { investigatorSide: ['investigator', 'investigator'], maxSpecials: 3, specials: CULT_SPECIALS };
  if (playerCount <= 15)
    return {
      investigatorSide: ['investigator', 'investigator', psych ? 'psychiatrist' : 'investigator'],
      maxSpecials: 5,
      specials: ALL_SPECIALS
    };
  return {
    investigatorSide: [
      'investigator',
      'investigator',
      psych ? 'psychiatrist' : 'investigator',
      det ? 'detective' : 'investigator'
    ],
    maxSpecials: 7,
    specials: ALL_SPECIALS
  };
}

/**
 * Whether a role may be called as a bluff at this table size (RULES-NOTES, "Bluff calls and a
 * cured Detective"): only a role the player count can hold, or the call gives the bluff away.
 * No Detective below 16 players, no Psychiatrist below 11, no Traitor at 10 or fewer.
 */
export function bluffable(playerCount: number, role: RoleId): boolean {
  if (role === 'detective') return playerCount >= 16;
  if (role === 'psychiatrist' || role === 'traitor') return playerCount >= 11;
  return true;
}

/** The tablets for this setup: investigator side, the specials, then plain Cultists to fill. */
export function roleMix(setup: Pick<CluethulhuSetup, 'players' | 'specials' | 'psychiatrist' | 'detective'>): RoleId[] {
  const n = setup.players.length;
  const b = band(n, setup);
  const cultists = Math.max(0, n - b.investigatorSide.length - setup.specials.length);
  return [...b.investigatorSide, ...setup.specials, ...Array<RoleId>(cultists).fill('cultist')];
}

const t = (key: string, params?: Record<string, string | number>) => ({ key: `cluethulhu:setup.errors.${key}`, params });

/** Every reason this setup cannot start, as messages for the setup screen. Empty when it can. */
export function validateSetup(setup: CluethulhuSetup): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const n = setup.players.length;
  if (n < MIN_PLAYERS) problems.push({ field: 'players', text: t('tooFew', { count: n, min: MIN_PLAYERS }) });
  if (n > MAX_PLAYERS) problems.push({ field: 'players', text: t('tooMany', { count: n, max: MAX_PLAYERS }) });

  // Names and ids: the same rules in every game (engine/names.ts).
  problems.push(...playerProblems(setup.players));

  if (n >= MIN_PLAYERS && n <= MAX_PLAYERS) {
    const b = band(n, setup);
    if (new Set(setup.specials).size !== setup.specials.length)
      problems.push({ field: 'roles', text: t('specialTwice') });
    if (setup.specials.length > b.maxSpecials)
      problems.push({ field: 'roles', text: t('tooManySpecials', { count: setup.specials.length, max: b.maxSpecials, players: n }) });
    for (const s of setup.specials) {
      if (s === 'traitor' && n <= 10) problems.push({ field: 'roles', text: t('traitorTooFew') });
      else if (!ALL_SPECIALS.includes(s)) problems.push({ field: 'roles', text: t('notSpecial', { role: s }) });
    }
    if (setup.deal.mode === 'physical') problems.push(...validatePhysicalDeal(setup));
  }
  return problems;
}

function validatePhysicalDeal(setup: CluethulhuSetup): SetupProblem[] {
  if (setup.deal.mode !== 'physical') return [];
  const dealt = setup.deal.roles;
  const problems: SetupProblem[] = [];
  const missing = setup.players.filter((p) => !ROLE_IDS.includes(dealt[p.id]));
  if (missing.length)
    problems.push({ field: 'roles', text: t('dealMissing', { names: nameList(missing.map((p) => p.name)), count: missing.length }) });
  const want = countRoles(roleMix(setup));
  const got = countRoles(setup.players.map((p) => dealt[p.id]).filter((r) => ROLE_IDS.includes(r)));
  if (!missing.length && ROLE_IDS.some((r) => (want[r] ?? 0) !== (got[r] ?? 0)))
    problems.push({ field: 'roles', text: t('dealMismatch') });
  return problems;
}

/** Warnings that do not stop a game (the Keeper may go on). */
export function setupWarnings(setup: CluethulhuSetup): SetupProblem[] {
  if (setup.deal.mode !== 'physical') return [];
  const counts = countRoles(roleMix(setup));
  return ROLE_IDS.filter((r) => (counts[r] ?? 0) > BOX[r]).map((r) => ({
    field: 'roles' as const,
    text: { key: 'cluethulhu:setup.warnings.pastBox', params: { role: r, count: counts[r] ?? 0, box: BOX[r] } }
  }));
}

export function countRoles(roles: readonly RoleId[]): Partial<Record<RoleId, number>> {
  const out: Partial<Record<RoleId, number>> = {};
  for (const r of roles) out[r] = (out[r] ?? 0) + 1;
  return out;
}
