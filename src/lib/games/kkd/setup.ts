/**
 * Setting up Killer Kloo Doo: 2 to 6 players in turn order (clockwise), each with their Cluedo
 * character (the suspects nobody plays are the non-player characters), the edition whose names
 * the table's cards print, and who starts ("Roll a dice to determine who starts": Lantern rolls,
 * or the table rolled real dice and names the player).
 */
import { playerProblems } from '../../engine/names';
import type { Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { EDITIONS, KILLER_KLOO_DOO_DEAL, SUSPECTS, type Edition, type SuspectId } from '../cluedo-cards';

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
}

/** What the table deals in Part 1 for this many players, after three cards go in the envelope. */
export function dealFor(players: number): { hand: number; middle: number } | null {
  return KILLER_KLOO_DOO_DEAL[players] ?? null;
}

export const isSuspect = (v: unknown): v is SuspectId => typeof v === 'string' && (SUSPECTS as readonly string[]).includes(v);

const err = (key: string, params?: Text['params']): Text => ({ key: `kkd:setup.errors.${key}`, params });

/** Every problem with a setup, each as a message; empty when the game can start. */
export function validateSetup(setup: KkdSetup): SetupProblem[] {
  const out: SetupProblem[] = [];
  const players = Array.isArray(setup?.players) ? setup.players : [];
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    out.push({ field: 'players', text: err('playerCount', { min: MIN_PLAYERS, max: MAX_PLAYERS }) });
  out.push(...playerProblems(players));
  if (setup?.first !== 'roll' && !players.some((p) => p.id === setup?.first)) out.push({ field: 'options', text: err('first') });
  if (!EDITIONS.includes(setup?.edition)) out.push({ field: 'options', text: err('edition') });

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
