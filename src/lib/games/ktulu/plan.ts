/**
 * Which steps of the book's lists the Manitou calls tonight, and how.
 *
 * A step is called ('act') when its role or faction is in play, alive and active, its
 * limited ability is not spent, and its condition holds (RULES-NOTES, "A step is called").
 * Otherwise it is left out — unless the Manitou asked to call absent roles too, when it is
 * read out all the same and marked 'pretend' ("call absent roles too", to mask who is in
 * play). Factions not dealt at all are never pretended: which factions play is said at the
 * start of the game.
 *
 * Active means awake tonight: not jailed by the Sheriff, drinking with the Drunkard or the
 * Drunk Judge, or playing cards with the Cardsharp ("nie budzi się tej nocy"). Each of these
 * starts at the step that causes it, so a player jailed at step 8 still had Lucky Luke's
 * steps 1–7, and a Pastor taken drinking at step 13 had already confessed someone at 9.
 *
 * Pure and deterministic: the same state gives the same plan. Past steps are judged on the
 * state now (a faction that lost the statue since step 17 no longer shows 17), so the machine
 * reads the plan from its current step on.
 */
import type { PlayerId } from '../../engine/types';
import { runawayMayEscape } from './compute';
import { FACTIONS, type FactionId } from './factions';
import { limit, rolesOf, spentKey, type RoleId } from './roles';
import { factionOf, seatOf, type KtuluPlanState, type KtuluSeat } from './state';
import { NIGHT, ZERO_NIGHT, type Actor, type KtuluStep } from './steps';

export type NightKind = 'zeroNight' | 'night';
export type StepMode = 'act' | 'pretend' | 'skip';
export interface PlannedStep {
  step: KtuluStep;
  mode: 'act' | 'pretend';
}

export const stepsOf = (kind: NightKind): readonly KtuluStep[] => (kind === 'zeroNight' ? ZERO_NIGHT : NIGHT);

/** The step whose action puts a player out of action for the rest of the night. */
const OUT_FROM: Record<NightKind, { jailed: string; drinking?: string; playingCards?: string }> = {
  zeroNight: { jailed: '4' },
  night: { jailed: '8', drinking: '13', playingCards: '21' }
};

const indexOf = (kind: NightKind, n: string) => stepsOf(kind).findIndex((s) => s.n === n);
/** True when position `at` comes after step `n` (a missing `n` never does). */
const after = (kind: NightKind, at: number, n: string | undefined) => n !== undefined && at > indexOf(kind, n);

/** Whether a player is awake for the step at position `at` of this night. */
export function isActive(state: KtuluPlanState, seat: KtuluSeat, kind: NightKind, at: number): boolean {
  if (!seat.alive) return false;
  const out = OUT_FROM[kind];
  if (state.jailed === seat.id && after(kind, at, out.jailed)) return false;
  if (state.drinking.includes(seat.id) && after(kind, at, out.drinking)) return false;
  if (state.playingCards === seat.id && after(kind, at, out.playingCards)) return false;
  return true;
}

export function actorRoles(actor: Actor): readonly RoleId[] {
  if ('role' in actor) return [actor.role];
  if ('roles' in actor) return actor.roles;
  return rolesOf(actor.faction);
}

export function actorFaction(actor: Actor): FactionId {
  if ('faction' in actor) return actor.faction;
  return factionOf('role' in actor ? actor.role : actor.roles[0]);
}

/** The faction's members awake for the step at position `at`. */
function awakeAt(state: KtuluPlanState, faction: FactionId, kind: NightKind, at: number): KtuluSeat[] {
  return state.seats.filter((s) => factionOf(s.role) === faction && isActive(state, s, kind, at));
}

/** The faction's members awake for step `n` (the book's number) of this night. */
export function activeMembers(state: KtuluPlanState, faction: FactionId, kind: NightKind, n: string): KtuluSeat[] {
  return awakeAt(state, faction, kind, indexOf(kind, n));
}

/**
 * Who decides for a faction at step `n` when its active members cannot agree: its leader if
 * he is awake ("Manitou prosi o decyzję najwyższą rangą aktywną osobę"), otherwise null —
 * the book ranks no one below the leader, so the Manitou picks one of the active members.
 */
export function decider(state: KtuluPlanState, faction: FactionId, kind: NightKind, n: string): PlayerId | null {
  const leader = FACTIONS[faction].leader;
  return activeMembers(state, faction, kind, n).find((s) => s.role === leader)?.id ?? null;
}

/** The players who can answer the step: holders of its role(s), awake, with uses left. */
export function callers(state: KtuluPlanState, kind: NightKind, step: KtuluStep): KtuluSeat[] {
  const at = stepsOf(kind).indexOf(step);
  const roles = actorRoles(step.actor);
  const max = step.uses ? limit(step.uses) : Infinity;
  return state.seats.filter(
    (s) => roles.includes(s.role) && isActive(state, s, kind, at) && (state.spent[spentKey(s.role, step.does)] ?? 0) < max
  );
}

function holdsStatue(state: KtuluPlanState, actor: Actor): KtuluSeat | undefined {
  const holder = seatOf(state, state.statue.holder);
  if (!holder) return undefined;
  const mine = 'faction' in actor ? factionOf(holder.role) === actor.faction : actorRoles(actor).includes(holder.role);
  return mine ? holder : undefined;
}

function conditionHolds(state: KtuluPlanState, kind: NightKind, step: KtuluStep): boolean {
  const at = stepsOf(kind).indexOf(step);
  switch (step.when) {
    case undefined:
      return true;
    case 'holdsStatue':
      return holdsStatue(state, step.actor) !== undefined;
    case 'canPassStatue': {
      const holder = holdsStatue(state, step.actor);
      return holder !== undefined && isActive(state, holder, kind, at);
    }
    case 'fromSecondNight':
      return state.night >= 2;
    case 'loneCoyoteOnly': {
      const awake = awakeAt(state, 'indians', kind, at);
      return awake.length === 1 && awake[0].role === 'loneCoyote';
    }
    case 'indiansTookStatueTonight':
      return state.indiansTookStatueTonight;
    case 'silentFootStatue':
      return seatOf(state, state.statue.holder)?.role === 'silentFoot' || (state.statue.holder !== null && state.statue.planted);
    case 'runawayMayEscape':
      return runawayMayEscape(state.runaways.scrapesSinceEscape, state.runaways.killedSinceEscape);
  }
}

/** How the step is played tonight. */
export function stepMode(state: KtuluPlanState, kind: NightKind, step: KtuluStep): StepMode {
  if (callers(state, kind, step).length > 0 && conditionHolds(state, kind, step)) return 'act';
  const faction = actorFaction(step.actor);
  const dealt = state.seats.some((s) => factionOf(s.role) === faction);
  return state.callAbsentRoles && dealt ? 'pretend' : 'skip';
}

function plan(state: KtuluPlanState, kind: NightKind): PlannedStep[] {
  const out: PlannedStep[] = [];
  for (const step of stepsOf(kind)) {
    const mode = stepMode(state, kind, step);
    if (mode !== 'skip') out.push({ step, mode });
  }
  return out;
}

/** The night's steps the Manitou calls, in the book's order ("Kolejność w trakcie nocy", with 45a). */
export function nightPlan(state: KtuluPlanState): PlannedStep[] {
  return plan(state, 'night');
}

/** The zero night's steps the Manitou calls ("Kolejność w trakcie zerowej nocy"). */
export function zeroNightPlan(state: KtuluPlanState): PlannedStep[] {
  return plan(state, 'zeroNight');
}
