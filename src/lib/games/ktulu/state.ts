/**
 * The least a Ktulu night needs to know to decide which steps the Manitou calls: who sits
 * where with which card, who is still in the game, who is out of action tonight, where the
 * statue is, which limited abilities are spent, and the Runaways' escape count. The game's
 * machine keeps this (and more) in its context.
 */
import type { PlayerId } from '../../engine/types';
import type { FactionId } from './factions';
import { ROLES, type RoleId, type SpentKey } from './roles';

export interface KtuluSeat {
  id: PlayerId;
  role: RoleId;
  /** Still in the game: false once killed, hanged or escaped. */
  alive: boolean;
}

export interface KtuluPlanState {
  /** 0 for the zero night, then 1, 2, … (night k is followed by morning k + 1). */
  night: number;
  /** Every player in seating order with the card dealt. */
  seats: readonly KtuluSeat[];
  /**
   * Tonight's inactive players ("nie budzi się tej nocy"), each from the step that put them
   * out of action: jailed by the Sheriff (zero-night step 4, night step 8), drinking with the
   * Drunkard or the Drunk Judge (13), playing cards with the Cardsharp (21).
   */
  jailed: PlayerId | null;
  drinking: readonly PlayerId[];
  playingCards: PlayerId | null;
  /**
   * Who holds the statue; null before the bandits hand it out (zero-night step 6) or once it
   * has left the table. Its faction is the holder's (`statueFaction`). `planted`: the holder
   * got it from the Silent Foot and has not lost it since.
   */
  statue: { holder: PlayerId | null; planted: boolean };
  /** The Indians took the statue this night (the Burning Rage's step 27). */
  indiansTookStatueTonight: boolean;
  /** Uses of limited abilities so far, by `role.action` (e.g. `luckyLuke.kill`, `drunkard.drink`). */
  spent: Readonly<Partial<Record<SpentKey, number>>>;
  /** Gold scraped off the statue, and Runaways killed, since the last escape (or the start). */
  runaways: { scrapesSinceEscape: number; killedSinceEscape: number };
  /** Call roles that are absent, dead, out of action or spent anyway, as a bluff (setting). */
  callAbsentRoles: boolean;
}

/** The state before the zero night: everyone alive and active, nothing spent, the statue not yet handed out. */
export function initialPlanState(seats: readonly KtuluSeat[], callAbsentRoles = false): KtuluPlanState {
  return {
    night: 0,
    seats,
    jailed: null,
    drinking: [],
    playingCards: null,
    statue: { holder: null, planted: false },
    indiansTookStatueTonight: false,
    spent: {},
    runaways: { scrapesSinceEscape: 0, killedSinceEscape: 0 },
    callAbsentRoles
  };
}

export function factionOf(role: RoleId): FactionId {
  return ROLES[role].faction;
}

export function seatOf(state: KtuluPlanState, id: PlayerId | null): KtuluSeat | undefined {
  return id === null ? undefined : state.seats.find((s) => s.id === id);
}

/** The faction that holds the statue now, or null. */
export function statueFaction(state: KtuluPlanState): FactionId | null {
  const holder = seatOf(state, state.statue.holder);
  return holder ? factionOf(holder.role) : null;
}

