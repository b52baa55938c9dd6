/** Ktulu tables for the data and plan tests: seats built from a list of roles, in seat order. */
import type { KtuluPlanState, KtuluSeat } from '../../../src/lib/games/ktulu/state';
import { initialPlanState } from '../../../src/lib/games/ktulu/state';
import { ROLE_IDS, type RoleId } from '../../../src/lib/games/ktulu/roles';
import type { PlannedStep } from '../../../src/lib/games/ktulu/plan';

/** Player `p1` holds the first role, `p2` the second, … */
export function seats(roles: readonly RoleId[]): KtuluSeat[] {
  return roles.map((role, i) => ({ id: `p${i + 1}`, role, alive: true }));
}

/** The player holding `role` (the first, for a plain role). */
export function who(state: KtuluPlanState, role: RoleId): string {
  const seat = state.seats.find((s) => s.role === role);
  if (!seat) throw new Error(`${role} is not dealt`);
  return seat.id;
}

/** A state on `night` (1 unless given) with `roles` dealt, patched by `patch(state)`. */
export function tonight(roles: readonly RoleId[], patch: (s: KtuluPlanState) => Partial<KtuluPlanState> = () => ({}), night = 1): KtuluPlanState {
  const base = { ...initialPlanState(seats(roles)), night };
  return { ...base, ...patch(base) };
}

export const kill = (state: KtuluPlanState, ...roles: RoleId[]): KtuluSeat[] =>
  state.seats.map((s) => (roles.includes(s.role) ? { ...s, alive: false } : s));

export const numbers = (plan: PlannedStep[]) => plan.map((p) => p.step.n);
export const acted = (plan: PlannedStep[]) => plan.filter((p) => p.mode === 'act').map((p) => p.step.n);
export const pretended = (plan: PlannedStep[]) => plan.filter((p) => p.mode === 'pretend').map((p) => p.step.n);

/** Every role in the book, once each (the plain ones too). */
export const EVERY_ROLE: readonly RoleId[] = ROLE_IDS;

/** The book's numbers, written out independently of steps.ts: 1–45, 45a, 46–59. */
export const BOOK_NIGHT = [...Array.from({ length: 45 }, (_, i) => String(i + 1)), '45a', ...Array.from({ length: 14 }, (_, i) => String(i + 46))];
export const BOOK_ZERO_NIGHT = Array.from({ length: 10 }, (_, i) => String(i + 1));

/** From `from` to `to` in the book's night order, both included. */
export function range(from: string, to: string): string[] {
  return BOOK_NIGHT.slice(BOOK_NIGHT.indexOf(from), BOOK_NIGHT.indexOf(to) + 1);
}
export const without = (list: string[], ...drop: string[]) => list.filter((n) => !drop.includes(n));
