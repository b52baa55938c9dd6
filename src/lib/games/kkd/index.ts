/**
 * Killer Kloo Doo: the advanced house rules for Cluedo, refereed on one phone (the scoreboard
 * shape, see engine/scoreboard.ts). Playing cards and their arithmetic: cards.ts; set-up:
 * setup.ts; the rules: rules.ts; what the screens show: view.ts; moves read from a backup:
 * moves.ts. The clue cards and their names are shared with the detective's notebook
 * (../cluedo-cards.ts, locales `cluedo`).
 */
import type { GameDefinition } from '../../engine/game';
import { scoreboardMachine, scoreboardParts } from '../../engine/scoreboard';
import type { Player } from '../../engine/types';
import { readMove } from './moves';
import { check, correct, init, isOver, overrideProblem, reduce, type KkdMove, type KkdState } from './rules';
import { MAX_PLAYERS, MIN_PLAYERS, validateSetup, type KkdSetup } from './setup';
import { board, view } from './view';

/** Bumped whenever a stored snapshot of the previous version could no longer be restored. */
export const MACHINE_VERSION = 1;

export const machine = scoreboardMachine<KkdSetup, KkdState, KkdMove>('kkd', { init, check, reduce, over: isOver, overrideProblem, correct });

export const kkd: GameDefinition<KkdSetup> = {
  id: 'kkd',
  namespace: 'kkd',
  uses: ['cluedo'],
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  winners: ['part1', 'escape', 'lastStanding', 'nobody'],
  machine,
  validateSetup,
  view,
  players: (setup: KkdSetup): Player[] => setup.players,
  ...scoreboardParts<KkdState, KkdMove>({ check, overrideProblem }),
  // The secret objectives going round the table at the start of Part 2.
  passRound: (snapshot) => {
    const seeing = board(snapshot.context as KkdState).objectives?.seeing;
    return seeing ? { player: seeing.who, index: seeing.index - 1, total: seeing.total } : null;
  },
  readMove
};

export type { KkdSetup } from './setup';
export { MIN_PLAYERS, MAX_PLAYERS, validateSetup, dealFor, isSuspect } from './setup';
export type { KkdMove, KkdState, Character, Roll, RollLine, Part, ContestKind, Service, Winner } from './rules';
export { check, part1Of, overrideProblem, TABLE, SP_LIMIT, MISS_LIMIT } from './rules';
export { board, boardOf, type KkdBoard, type CharacterRow } from './view';
export { RANKS, COURT, cardValue, total, duel, part1Score, attackDamage, assaultDamage, servantSucceeds, locationDone, MULTIPLIER, ACCUSATION, LOCATION_TARGET, type Rank, type Side } from './cards';
