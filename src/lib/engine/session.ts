/**
 * Playing a game without a screen or a database: start it, feed it events, undo, persist a
 * snapshot as JSON and restore it. This is what the stores call on every tap, and what unit
 * tests and scripted playthroughs call directly.
 *
 * Every transition goes through XState's pure `transition()`; machines only use `assign`,
 * so no action is left to execute and the same events always give the same snapshot.
 */
import { createActor, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import type { GameDefinition, GameInput } from './game';
import type { Answer, AnswerSpec, GameEvent, Text } from './types';

/** One entry of a game's event log as stored: a move, or an undo of the last move. */
export type LoggedEvent = GameEvent | { type: 'undo' };

export type Snapshot = AnyMachineSnapshot;

/** A snapshot in a form that survives JSON. */
export type PersistedSnapshot = Record<string, unknown>;

export function start<S>(def: GameDefinition<S>, input: GameInput<S>): Snapshot {
  const [snapshot] = initialTransition(def.machine, input);
  return snapshot as Snapshot;
}

export class RejectedEvent extends Error {
  constructor(
    /** What to tell the moderator (an i18n key in `common`). */
    readonly text: Text,
    readonly reason: 'finished' | 'unexpected' | 'invalid-answer' | 'stale' | 'refused-move' | 'refused-override',
    /** A refused move the players may make anyway, with `overrule` (scoreboard games). */
    readonly overrulable = false
  ) {
    super(text.key);
    this.name = 'RejectedEvent';
  }
}

/**
 * Apply one event. Throws `RejectedEvent` when the game is over, the current state does not
 * take the event, or the answer does not fit the step; the snapshot is then unchanged.
 *
 * `seq`, the number of log entries before this move, is given for a move made now (not for a
 * replay): an answer that names its step (`at`) is then refused, as `stale`, unless it names
 * exactly this step at this point of the log, so a tap meant for one step never answers
 * another. A replay does not check it: the move was accepted when it was made, and a later
 * machine version may name its steps differently. A scoreboard game's move, and any game's
 * correction, names its position the same way (`MoveTag`: the log length its screen was drawn at).
 */
export function apply<S>(def: GameDefinition<S>, snapshot: Snapshot, event: GameEvent, seq?: number): Snapshot {
  if (snapshot.status !== 'active') throw new RejectedEvent({ key: 'common:errors.answer.finished' }, 'finished');
  if (event.type === 'step.answer') {
    const step = def.view(snapshot).step;
    if (!step) throw new RejectedEvent({ key: 'common:errors.answer.unexpected' }, 'unexpected');
    if (seq !== undefined && event.at && (event.at.seq !== seq || event.at.step !== step.id))
      throw new RejectedEvent({ key: 'common:errors.answer.stale' }, 'stale');
    // A recorded move (a replay) skips the total check too, so a game stored before it still opens.
    const problem = checkAnswer(step.answer, event.answer, seq !== undefined);
    if (problem) throw new RejectedEvent(problem, 'invalid-answer');
  }
  if (event.type === 'move') {
    if (seq !== undefined && event.at && event.at.seq !== seq) throw new RejectedEvent({ key: 'common:errors.answer.stale' }, 'stale');
    if (!def.checkMove) throw new RejectedEvent({ key: 'common:errors.answer.unexpected' }, 'unexpected');
    const problem = def.checkMove(snapshot, event.move);
    if (problem) throw new RejectedEvent(problem.text, 'refused-move', problem.overrulable);
  }
  // A correction names the position its dialog was opened on, as a move does: one confirmed
  // after the game moved on (a doubled tap, another tab) is refused, nothing written.
  if (event.type === 'keeper.override' && seq !== undefined && event.at && event.at.seq !== seq)
    throw new RejectedEvent({ key: 'common:errors.answer.stale' }, 'stale');
  if (event.type === 'keeper.override' && def.checkOverride) {
    // A correction the game refuses says why (and a backup cannot smuggle one in: replays check it too).
    const problem = def.checkOverride(snapshot, event.override);
    if (problem) throw new RejectedEvent(problem, 'refused-override');
  }
  if (!snapshot.can(event)) throw new RejectedEvent({ key: 'common:errors.answer.unexpected' }, 'unexpected');
  const [next] = transition(def.machine, snapshot, event);
  return next as Snapshot;
}

/** The moves that are still in effect once every undo has taken back the move before it. */
export function effectiveEvents(log: readonly LoggedEvent[]): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of log) {
    if (e.type === 'undo') out.pop();
    else out.push(e);
  }
  return out;
}

/**
 * How to rebuild the game a log leads to from the fewest moves: which stored snapshot to start
 * from and which moves to apply on top of it. `available` are the log positions (1-based
 * entry numbers) whose snapshot after that entry can be read; position 0, the start, always can.
 *
 * A snapshot at position c is usable when every move in effect there is still in effect at the
 * end, in the same order: the moves in effect form a stack (an undo pops the last one), so
 * each move is a node whose parent is the move below it, and c is usable when its top move is
 * an ancestor of (or is) the final top move. Of the usable ones the nearest is taken.
 */
export function restorePlan(log: readonly LoggedEvent[], available: Iterable<number>): { from: number; moves: GameEvent[] } {
  // parent[p]: the move below move p on the stack (0: the start); top[c]: the top move after c.
  const parent = new Map<number, number>();
  const top: number[] = [0];
  let t = 0;
  for (let p = 1; p <= log.length; p++) {
    if (log[p - 1].type === 'undo') t = t === 0 ? 0 : parent.get(t)!;
    else {
      parent.set(p, t);
      t = p;
    }
    top.push(t);
  }
  // The moves in effect at the end, last first, down to the start; and how far each is from the end.
  const chain: number[] = [];
  for (let x = t; x !== 0; x = parent.get(x)!) chain.push(x);
  const distance = new Map<number, number>(chain.map((x, i) => [x, i]));
  distance.set(0, chain.length);
  let best = { from: 0, distance: chain.length };
  for (const c of available) {
    if (!Number.isInteger(c) || c < 1 || c > log.length) continue;
    const d = distance.get(top[c]);
    // Equal distances mean the same game: the later entry, whatever the order given.
    if (d !== undefined && (d < best.distance || (d === best.distance && c > best.from))) best = { from: c, distance: d };
  }
  const moves = chain
    .slice(0, best.distance)
    .reverse()
    .map((p) => log[p - 1] as GameEvent);
  return { from: best.from, moves };
}

/** Rebuild a game from its input and its log (undo included). */
export function replay<S>(def: GameDefinition<S>, input: GameInput<S>, log: readonly LoggedEvent[]): Snapshot {
  let snapshot = start(def, input);
  for (const e of effectiveEvents(log)) snapshot = apply(def, snapshot, e);
  return snapshot;
}

export function persist<S>(def: GameDefinition<S>, snapshot: Snapshot): PersistedSnapshot {
  // XState's persisted form, but for the context, which it walks whole looking for actors to
  // write as references: a JSON round trip writes an actor as the same reference (its toJSON),
  // so the context goes straight into the one copy made here, with every move. A JSON round trip
  // so that what is stored is exactly what will be read back.
  const shell = def.machine.getPersistedSnapshot({ ...snapshot, context: null } as Snapshot) as PersistedSnapshot;
  return JSON.parse(JSON.stringify({ ...shell, context: snapshot.context })) as PersistedSnapshot;
}

export function restore<S>(def: GameDefinition<S>, persisted: PersistedSnapshot): Snapshot {
  // createActor revives history values and the status; the actor is never started.
  const actor = createActor(def.machine, { snapshot: persisted as never, input: undefined as never });
  return actor.getSnapshot() as Snapshot;
}

/** The votes in a tally, all options together. */
export const tallySum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, n) => a + (Number.isFinite(n) ? n : 0), 0);

/** Why an answer does not fit a step (an i18n key in `common`), or null when it does. */
export function checkAnswer(spec: AnswerSpec, answer: Answer, totals = true): Text | null {
  const err = (key: string, params?: Text['params']): Text => ({ key: `common:errors.answer.${key}`, params });
  switch (spec.kind) {
    case 'none':
      return answer.kind === 'none' ? null : err('noneExpected');
    case 'yesno':
      return answer.kind === 'yesno' ? null : err('yesNoExpected');
    case 'players': {
      if (answer.kind === 'random') return spec.random ? null : err('noRandom');
      if (answer.kind !== 'players') return err('playersExpected');
      const ids = answer.ids;
      if (new Set(ids).size !== ids.length) return err('pickedTwice');
      if (ids.length < spec.min || ids.length > spec.max)
        return spec.min === spec.max ? err('pickExactly', { count: spec.min }) : err('pickBetween', { min: spec.min, max: spec.max });
      const allowed = new Set(spec.candidates);
      if (ids.some((id) => !allowed.has(id))) return err('notCandidate');
      return null;
    }
    case 'tally': {
      if (answer.kind !== 'tally') return err('tallyExpected');
      const allowed = new Set(spec.options);
      for (const [id, n] of Object.entries(answer.counts)) {
        if (!allowed.has(id)) return err('notCandidate');
        if (!Number.isInteger(n) || n < 0 || n > spec.max) return err('countRange', { max: spec.max });
      }
      // The whole tally, not only each count: the message says what it should add up to.
      const sum = tallySum(answer.counts);
      if (!totals) return null;
      if (spec.total?.rule === 'exactly' && sum !== spec.total.n) return err('totalExactly', { total: spec.total.n, count: sum });
      if (spec.total?.rule === 'atMost' && sum > spec.total.n) return err('totalAtMost', { total: spec.total.n, count: sum });
      return null;
    }
  }
}
