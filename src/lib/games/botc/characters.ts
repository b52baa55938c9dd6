/**
 * Blood on the Clocktower's characters as Lantern's code needs them: the facts in `facts.ts`
 * (written from the team's facts file by scripts/botc-facts.mjs) turned into typed records,
 * looked up by id, and grouped into the three base editions.
 */
import { FACT_ROWS } from './facts';
import type { FactRow, Special, Team } from './fact-row';

export { TEAMS, type FactRow, type Special, type Team } from './fact-row';

/** The teams that are dealt to players from the bag, in the order a script lists them. */
export const BAG_TEAMS = ['townsfolk', 'outsider', 'minion', 'demon'] as const;
export type BagTeam = (typeof BAG_TEAMS)[number];

export const BASE_EDITIONS = ['tb', 'bmr', 'snv'] as const;
export type BaseEdition = (typeof BASE_EDITIONS)[number];
/** The base editions' names, as printed (names stay as the publisher writes them, in every language). */
export const EDITION_NAMES: Record<BaseEdition, string> = { tb: 'Trouble Brewing', bmr: 'Bad Moon Rising', snv: 'Sects & Violets' };

export interface CharacterFacts {
  id: string;
  name: string;
  team: Team;
  edition: string;
  /** 1-based position in the publisher's first-night / other-night order; 0: does not wake. */
  firstNight: number;
  otherNight: number;
  /** Whether the character changes the set-up, and the rule printed on its token, if any. */
  setup: boolean;
  setupRule: string | null;
  reminders: string[];
  remindersGlobal: string[];
  special: Special[];
  jinxedWith: string[];
}

function fromRow([id, name, team, edition, firstNight, otherNight, setup, reminders, remindersGlobal, special, jinxedWith]: FactRow): CharacterFacts {
  return {
    id,
    name,
    team,
    edition,
    firstNight,
    otherNight,
    setup: setup !== false,
    setupRule: typeof setup === 'string' ? setup : null,
    reminders: reminders ?? [],
    remindersGlobal: remindersGlobal ?? [],
    special: special ?? [],
    jinxedWith: jinxedWith ?? []
  };
}

export const CHARACTERS: readonly CharacterFacts[] = FACT_ROWS.map(fromRow);

const byId = new Map(CHARACTERS.map((c) => [c.id, c]));

/**
 * The form of an id used for look-ups. Scripts in the wild write ids with capitals,
 * underscores, hyphens, apostrophes or spaces ("Fortune_Teller", "pit-hag", "Lil' Monsta").
 */
export function normaliseId(id: string): string {
  return id.toLowerCase().replace(/[_\-'’\s]/g, '');
}

/** An official character by id (normalised first), or undefined. */
export function officialCharacter(id: string): CharacterFacts | undefined {
  return byId.get(normaliseId(id));
}

/** A character's app flag of the given name (e.g. `bag-disabled`), if it has it. */
export function hasSpecial(c: { special: Special[] }, name: string): boolean {
  return c.special.some((s) => s.name === name);
}

/**
 * A base edition's characters, as its printed script has them: its Townsfolk, Outsiders,
 * Minions and Demons. The edition's Travellers are offered separately (any Traveller may join
 * a game), so they are not part of the script.
 */
export function editionCharacters(edition: BaseEdition): CharacterFacts[] {
  return CHARACTERS.filter((c) => c.edition === edition && (BAG_TEAMS as readonly string[]).includes(c.team));
}

/** The Travellers released with an edition. */
export function editionTravellers(edition: string): CharacterFacts[] {
  return CHARACTERS.filter((c) => c.edition === edition && c.team === 'traveller');
}
