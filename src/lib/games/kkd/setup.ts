/**
 * Setting up Killer Kloo Doo: 2 to 6 players in turn order (clockwise), each with their Cluedo
 * character (the suspects nobody plays are the non-player characters), the edition whose names
 * the table's cards print, and who starts ("Roll a dice to determine who starts": Lantern rolls,
 * or the table rolled real dice and names the player).
 */
import { playerProblems } from '../../engine/names';
import type { Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { CARDS, EDITIONS, isCard, KILLER_KLOO_DOO_DEAL, OWN_NAME_MAX, SUSPECTS, type CardId, type Edition, type OwnNames, type SuspectId } from '../cluedo-cards';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export interface KkdSetup {
  /** In turn order (clockwise). */
  players: Player[];
  /** Each player's character. */
  characters: Record<PlayerId, SuspectId>;
  /** Whose names the clue cards print (UK by default). */
  edition: Edition;
  /** Who starts Part 1: `roll` has Lantern roll a die for each player (ties roll again). */
  first: PlayerId | 'roll';
  /**
   * The names the table's own cards print where they differ from the edition's ("Pistol",
   * "Wrench", a room of another edition): shown everywhere the card is named. A weapon keeps its
   * multiplier whatever it is called.
   */
  names?: OwnNames;
}

/** What the table deals in Part 1 for this many players, after three cards go in the envelope. */
export function dealFor(players: number): { hand: number; middle: number } | null {
  return KILLER_KLOO_DOO_DEAL[players] ?? null;
}

export const isSuspect = (v: unknown): v is SuspectId => typeof v === 'string' && (SUSPECTS as readonly string[]).includes(v);

const err = (key: string, params?: Text['params']): Text => ({ key: `kkd:setup.errors.${key}`, params });

/** How two names compare: the same letters, whatever the case and the spaces around them. */
const nameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase();

/**
 * What is wrong with the names the table gave its cards: an unknown card, a name blank or longer
 * than OWN_NAME_MAX, or two of the 21 cards under one name. `shown` are the names the other cards
 * show now (the set-up screen's, in its language), so a new name cannot take another card's
 * either; without them only the names given are compared.
 */
export function ownNameProblems(names: unknown, shown: OwnNames = {}): SetupProblem[] {
  if (names === undefined) return [];
  if (!names || typeof names !== 'object' || Array.isArray(names)) return [{ field: 'options', text: err('ownNames') }];
  const out: SetupProblem[] = [];
  const own = names as Record<string, unknown>;
  for (const [card, name] of Object.entries(own)) {
    if (!isCard(card) || typeof name !== 'string') out.push({ field: 'options', text: err('ownNames') });
    else if (name.trim() === '') out.push({ field: 'options', text: err('ownNameBlank', { card }) });
    else if (name.trim().length > OWN_NAME_MAX) out.push({ field: 'options', text: err('ownNameLong', { card, max: OWN_NAME_MAX }) });
  }
  if (out.length) return out;
  const seen = new Map<string, CardId>();
  for (const card of CARDS) {
    const name = typeof own[card] === 'string' ? (own[card] as string) : shown[card];
    if (!name) continue;
    const other = seen.get(nameKey(name));
    if (other) out.push({ field: 'options', text: err('ownNameTwice', { name: name.trim(), card: other, other: card }) });
    else seen.set(nameKey(name), card);
  }
  return out;
}

/** The names as stored with the game: trimmed, only the cards renamed. */
export function ownNamesOf(names: OwnNames | undefined): OwnNames {
  return Object.fromEntries(Object.entries(names ?? {}).map(([card, name]) => [card, (name ?? '').trim()]));
}

/** Every problem with a setup, each as a message; empty when the game can start. `shown`: see `ownNameProblems`. */
export function validateSetup(setup: KkdSetup, shown?: OwnNames): SetupProblem[] {
  const out: SetupProblem[] = [];
  const players = Array.isArray(setup?.players) ? setup.players : [];
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    out.push({ field: 'players', text: err('playerCount', { min: MIN_PLAYERS, max: MAX_PLAYERS }) });
  out.push(...playerProblems(players));
  if (setup?.first !== 'roll' && !players.some((p) => p.id === setup?.first)) out.push({ field: 'options', text: err('first') });
  if (!EDITIONS.includes(setup?.edition)) out.push({ field: 'options', text: err('edition') });
  out.push(...ownNameProblems(setup?.names, shown));

  const characters = setup?.characters && typeof setup.characters === 'object' ? setup.characters : {};
  const taken = new Map<SuspectId, string>();
  for (const p of players) {
    const c = Object.hasOwn(characters, p.id) ? characters[p.id] : undefined;
    if (!isSuspect(c)) {
      out.push({ field: 'roles', text: err('noCharacter', { name: p.name }) });
      continue;
    }
    const other = taken.get(c);
    if (other !== undefined) out.push({ field: 'roles', text: err('characterTwice', { name: p.name, other, card: c }) });
    else taken.set(c, p.name);
  }
  if (Object.keys(characters).some((id) => !players.some((p) => p.id === id))) out.push({ field: 'roles', text: err('strayCharacter') });
  return out;
}
