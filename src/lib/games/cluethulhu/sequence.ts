/**
 * The order in which the Keeper calls roles, as data, and whether each call is played for
 * real, played to a detained player, pretended (the book's bluff) or left out.
 *
 * Day order: RULES-NOTES "Day order" — the book's numbered list with the Wizard moved up
 * beside the Evil Child, as the book's own tip and detailed sections require:
 * "alphabetical except the Evil Child and the Wizard", the Detective before the
 * Investigators ("a player that's detained doesn't get to vote").
 */
import { canAct, isDetained, holder, ritualDue, type Ctx } from './rules';
import type { RoleId } from './roles';
import { bluffable } from './setup';

export const DAY_ORDER = [
  'evilChild', // 1. Evil Child identification, or the Haunted Doll swap
  'wizard', // 2. Wizard
  'detective', // 3. Detective
  'investigators', // 4. Investigators: vote, sleep, arrest
  'mother', // 5. Mother (once)
  'psychiatrist', // 6. Psychiatrist (once)
  'tchoTcho', // 7. Tcho-Tcho
  'traitor', // 8. Traitor (once)
  'yithian' // 9. Yithian (once)
] as const;

/** Night order (guide, "NIGHT"; RULES-NOTES "Night order"). */
export const NIGHT_ORDER = [
  'wake', // Everyone wakes; the arrested leave without revealing their tablet
  'highPriest', // 1. First Night only: choose the High Priest
  'ritual', // 2. When needed: the Keeper declares the Ritual of Annihilation
  'discussion', // 3. Discussion
  'accusation', // 4. Accusation (each seconded)
  'vote' // 5. Vote
] as const;

export type DaySlot = (typeof DAY_ORDER)[number];
export type NightSlot = (typeof NIGHT_ORDER)[number];
export type Slot = DaySlot | NightSlot;

/** How a slot is played: for real, to a detained player who cannot act, as a bluff, or not at all. */
export type Mode = 'act' | 'detained' | 'pretend' | 'skip';

const ROLE_SLOTS: Partial<Record<Slot, RoleId>> = {
  evilChild: 'evilChild',
  wizard: 'wizard',
  detective: 'detective',
  mother: 'mother',
  psychiatrist: 'psychiatrist',
  tchoTcho: 'tchoTcho',
  traitor: 'traitor',
  yithian: 'yithian'
};

export function slotMode(ctx: Ctx, slot: Slot): Mode {
  switch (slot) {
    case 'investigators':
    case 'wake':
    case 'discussion':
    case 'accusation':
    case 'vote':
      return 'act';
    case 'highPriest':
      return ctx.phase.number === 1 && !ctx.highPriest ? 'act' : 'skip';
    case 'ritual':
      return ctx.ritual && ctx.phase.kind === 'night' && ctx.ritualNight === ctx.phase.number ? 'act' : 'skip';
  }
  const role = ROLE_SLOTS[slot]!;
  // A bluff calls only a role this table size can hold (RULES-NOTES, "Bluff calls").
  if (!canAct(ctx, role)) return ctx.setup.callAbsentRoles && bluffable(ctx.players.length, role) ? 'pretend' : 'skip';
  // The Detective may detain himself: he is freed at his own next turn and acts (guide, tip).
  // The doll is a token, not an ability: a detained holder still passes it.
  if (slot === 'detective' || slot === 'evilChild') return 'act';
  return isDetained(ctx, holder(ctx, role)?.id) ? 'detained' : 'act';
}

/**
 * The slots this phase will call, given the state now: for "step 3 of 8". The Ritual is
 * decided after the wake (and the first election); until then it counts if it will be due.
 */
export function plan(ctx: Ctx): Slot[] {
  const order: readonly Slot[] = ctx.phase.kind === 'day' ? DAY_ORDER : NIGHT_ORDER;
  return order.filter((s) => slotMode(ctx, s) !== 'skip' || (s === 'ritual' && ctx.phase.kind === 'night' && ritualDue(ctx)));
}

/** Which slot of the phase order a step belongs to (sub-steps share their role's slot). */
export const SLOT_OF: Record<string, Slot> = {
  evilChild: 'evilChild',
  dollHandOver: 'evilChild',
  wizard: 'wizard',
  wizardFails: 'wizard',
  detective: 'detective',
  detectiveInvalid: 'detective',
  investigatorsVote: 'investigators',
  investigatorsSleep: 'investigators',
  investigatorsArrest: 'investigators',
  mother: 'mother',
  motherPick: 'mother',
  siblingsWake: 'mother',
  psychiatrist: 'psychiatrist',
  psychiatristPick: 'psychiatrist',
  psychiatristSwap: 'psychiatrist',
  tchoTcho: 'tchoTcho',
  tchoTchoShow: 'tchoTcho',
  traitor: 'traitor',
  yithian: 'yithian',
  yithianPick: 'yithian',
  yithianSwap: 'yithian',
  wake: 'wake',
  highPriest: 'highPriest',
  highPriestTie: 'highPriest',
  ritual: 'ritual',
  discussion: 'discussion',
  accusation: 'accusation',
  vote: 'vote',
  noMajority: 'vote',
  result: 'vote'
};

/**
 * The steps that follow a role's own answer within its call. They are reached only when the
 * role acted, so they are played for real even though acting has just spent a once-only
 * ability (the Mother's Siblings waking, the Psychiatrist's and the Yithian's swaps).
 */
const FOLLOW_UPS = new Set(['dollHandOver', 'wizardFails', 'detectiveInvalid', 'motherPick', 'siblingsWake', 'psychiatristPick', 'psychiatristSwap', 'tchoTchoShow', 'yithianPick', 'yithianSwap']);

/** How the step `key` is played: its slot's mode, or for real when it follows the role's act. */
export function stepMode(ctx: Ctx, key: string): Mode {
  const slot = SLOT_OF[key];
  if (!slot || FOLLOW_UPS.has(key)) return 'act';
  return slotMode(ctx, slot);
}
