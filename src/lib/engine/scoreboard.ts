/**
 * The second shape of game: a shared scoreboard the players change in any order, with no
 * moderator and no step script (Cthulhu Gloom, Killer Kloo Doo). The game's rules are a pure
 * reducer over its own state; this file wraps them in the same kind of XState machine the
 * script games use, so the event log, undo, replay, storage, backups and crash safety are the
 * ones every game already has.
 *
 * The machine has two states: `play`, which takes `move` events (each checked by the game's
 * `check` before the reducer runs, in `session.apply`), and `over`, final, reached the moment
 * the game's `over` says so. The context is the game's state itself. These names are in every
 * stored snapshot: they stay as they are.
 */
import { assign, setup as machineSetup, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { DealState, GameInput } from './game';
import type { GameEvent, Move, MoveProblem, Override, Text } from './types';

/** A scoreboard game's rules, all pure. */
export interface ScoreboardRules<Setup, State extends object, M extends Move> {
  /** The table when the game starts (a random draw goes through the seeded generator in `input.seed`). */
  init(input: GameInput<Setup>): State;
  /** Why `move` cannot be made on `state`, or null. A move with `overrule` skips overrulable problems. */
  check(state: State, move: M): MoveProblem | null;
  /** The table after `move` (only called once `check` has passed it). */
  reduce(state: State, move: M): State;
  /** The game has ended (a final snapshot takes no more moves; undo still works by replay). */
  over(state: State): boolean;
  /**
   * The table's corrections (a `keeper.override`, see `Override`), when the game offers them:
   * `problem` is the one check the machine's guard, `checkOverride` (the screen, a backup's
   * replay) and the correction screen use; `correct` puts it right once `problem` passed it.
   */
  overrideProblem?(state: State, override: Override): Text | null;
  correct?(state: State, override: Override): State;
}

/**
 * The context of an actor made with no input. XState's pure `transition()` (session.apply, on
 * every move) makes a throwaway actor of the machine, with no input, and never reads its
 * context: the game is not set up for it (a set-up would throw on the missing input).
 */
const NO_GAME = Object.freeze({});

export function scoreboardMachine<Setup, State extends object, M extends Move>(id: string, rules: ScoreboardRules<Setup, State, M>) {
  return machineSetup({
    types: {} as { context: State; input: GameInput<Setup>; events: GameEvent },
    guards: {
      isOver: ({ context }) => context !== NO_GAME && rules.over(context),
      // `session.apply` has already refused a move `check` rejects, with its reason; this guard
      // keeps the machine sound for any other caller.
      allowed: ({ context, event }) => event.type === 'move' && rules.check(context, event.move as M) === null,
      correctable: ({ context, event }) =>
        event.type === 'keeper.override' && !!rules.overrideProblem && rules.overrideProblem(context, event.override) === null
    }
  }).createMachine({
    id,
    context: ({ input }) => (input === undefined ? (NO_GAME as State) : rules.init(input)),
    initial: 'play',
    states: {
      play: {
        always: { guard: 'isOver', target: 'over' },
        on: {
          move: {
            guard: 'allowed',
            actions: assign(({ context, event }) => rules.reduce(context, (event as { move: unknown }).move as M))
          },
          // A correction, then the same end check as after a move (`always` above).
          ...(rules.correct && rules.overrideProblem
            ? {
                'keeper.override': {
                  guard: 'correctable',
                  actions: assign(({ context, event }) => rules.correct!(context, (event as { override: Override }).override))
                }
              }
            : {})
        }
      },
      over: { type: 'final' }
    }
  });
}

/** The game's state in a scoreboard machine's snapshot. */
export const boardState = <State>(snapshot: SnapshotFrom<AnyStateMachine>): State => snapshot.context as State;

/** `GameDefinition`'s parts that are the same in every scoreboard game. */
export function scoreboardParts<State extends object, M extends Move>(rules: Pick<ScoreboardRules<unknown, State, M>, 'check' | 'overrideProblem'>) {
  const problem = rules.overrideProblem;
  return {
    kind: 'scoreboard' as const,
    /** Nobody is dealt a secret card: no deal, and nothing Undo must not go below. */
    dealing: (): DealState | null => null,
    dealSteps: (): number => 0,
    checkMove: (snapshot: SnapshotFrom<AnyStateMachine>, move: Move): MoveProblem | null => {
      if (snapshot.value !== 'play') return { text: { key: 'common:errors.answer.finished' }, overrulable: false };
      return rules.check(snapshot.context as State, move as M);
    },
    ...(problem
      ? {
          checkOverride: (snapshot: SnapshotFrom<AnyStateMachine>, o: Override): Text | null =>
            snapshot.value !== 'play' ? { key: 'common:errors.answer.finished' } : problem(snapshot.context as State, o)
        }
      : {})
  };
}
