/**
 * How far a phase of calls has gone, for "Step 5 of 13": the moderator must be able to trust
 * how much of the night is left, so the count never moves under them.
 *
 * The phase's calls are fixed when it starts (`planned`, in the phase's order). The total is
 * their number, and a call's step is its place among them, whatever tonight's events do:
 * - a planned call that the events remove (the Thief killed before his turn) is passed over:
 *   the next call keeps its own number and says which calls were passed over since the last
 *   one (`passed`), so the number moves on by one plus those;
 * - a call the events add (not planned) is an extra step, numbered as the planned call it
 *   comes before (or after the last, `total + 1`), the total unchanged; so is a consequence
 *   asked between calls (a death that needs an answer), which has no call of its own.
 *
 * Pure: it reads only the calls' names, so each game computes it from its own context.
 */

export interface CallProgress {
  index: number;
  total: number;
  extra?: true;
  /** Planned calls passed over since the last call made, in order; absent when none. */
  passed?: string[];
}

export interface CallProgressInput {
  /** The phase's calls as fixed when it started, in the phase's order. */
  planned: readonly string[];
  /** Every call the phase can hold, in order: places a call that was not planned. */
  order: readonly string[];
  /** The calls made so far this phase, the current one included once answered. */
  visited: readonly string[];
  /** The call on screen; null for a consequence asked between calls. */
  here: string | null;
  /** For a consequence: the call the phase goes back to after it (a duel's death, back to the discussion). */
  returnsTo?: string;
}

export function callProgress({ planned, order, visited, here, returnsTo }: CallProgressInput): CallProgress {
  const total = planned.length;
  const at = (call: string) => order.indexOf(call);
  // How far the phase has come: the furthest call made before the one on screen.
  const reached = Math.max(-1, ...visited.filter((c) => c !== here).map(at));
  if (here === null && returnsTo !== undefined && planned.includes(returnsTo)) {
    return { index: planned.indexOf(returnsTo) + 1, total, extra: true };
  }
  // Where the step stands in the order: a consequence just after the furthest call made.
  const position = here === null ? reached + 0.5 : at(here);
  // Said on the call's first step only: its later parts moved nothing on.
  const passed = here !== null && visited.includes(here) ? [] : planned.filter((c) => at(c) > reached && at(c) < position && !visited.includes(c));
  const withPassed = (p: CallProgress): CallProgress => (passed.length > 0 ? { ...p, passed } : p);
  if (here !== null && planned.includes(here)) return withPassed({ index: planned.indexOf(here) + 1, total });
  // Not planned: an extra step, before the next planned call (after the last one once they are over).
  const before = planned.filter((c) => at(c) < position).length;
  return withPassed({ index: before + 1, total, extra: true });
}
