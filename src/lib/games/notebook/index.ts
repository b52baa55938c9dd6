/**
 * The detective's notebook: a private Cluedo (or Killer Kloo Doo Part 1) notebook that deduces.
 * The records: records.ts; the game around them: game.ts; the exact deduction: solver.ts (over
 * model.ts and count.ts); the reasons for each fact: explain.ts.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { GameDefinition, GameView } from '../../engine/game';
import { scoreboardMachine, scoreboardParts } from '../../engine/scoreboard';
import type { Move, Player } from '../../engine/types';
import { check, init, MAX_PLAYERS, MIN_PLAYERS, readRecord, reduce, validateSetup, type NotebookGameSetup, type NotebookMove, type NotebookState } from './game';

/** Bumped whenever a stored snapshot of the previous version could no longer be restored. */
export const MACHINE_VERSION = 1;

export const machine = scoreboardMachine<NotebookGameSetup, NotebookState, NotebookMove>('notebook', { init, check, reduce, over: () => false });

function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const s = snapshot.context as NotebookState;
  return {
    stage: 'play',
    phase: { kind: 'turn', number: s.records.length + 1 },
    step: null,
    players: s.setup.players.map((p) => ({
      ...p,
      alive: true,
      card: {
        role: { key: p.id === s.setup.owner ? 'notebook:board.owner' : 'notebook:board.player' },
        side: { key: 'notebook:board.hand', params: { count: s.setup.hands[p.id] ?? 0 } },
        ability: { key: 'notebook:board.none' },
        tone: 'neutral'
      },
      marks: []
    })),
    outcome: null,
    log: s.log,
    facts: [],
    board: s
  };
}

/** The notebook's state in a view (the screens' accessor for `GameView.board`). */
export const notebookOf = (view: GameView): NotebookState => view.board as NotebookState;

export const notebook: GameDefinition<NotebookGameSetup> = {
  id: 'notebook',
  namespace: 'notebook',
  uses: ['cluedo'],
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  winners: [],
  machine,
  validateSetup,
  view,
  players: (setup: NotebookGameSetup): Player[] => setup.players,
  ...scoreboardParts<NotebookState, NotebookMove>({ check }),
  readMove: (v: unknown): Move | null => readRecord(v) as Move | null
};

export type { NotebookGameSetup, NotebookState, NotebookMove } from './game';
export { makeSetup, validateSetup, recordText, MIN_PLAYERS, MAX_PLAYERS } from './game';
export { deduce, type Deduction, type Fact, type Status } from './solver';
export { Reasons, type Explanation } from './explain';
export { MIDDLE, ENVELOPE, dealSizes, type NotebookRecord, type HolderId, type Variant } from './records';
