/**
 * Blood on the Clocktower: the Storyteller's grimoire, in the scoreboard shape (the Storyteller
 * changes the grimoire in any order; engine/scoreboard.ts), with a deal first when the phone
 * deals. Facts: facts.ts, characters.ts; scripts: script.ts; night order: night.ts; set-up:
 * setup.ts (numbers) and game-setup.ts; the grimoire's rules: rules.ts; what the screens show:
 * view.ts; moves read from a backup: moves.ts.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { GameDefinition } from '../../engine/game';
import { scoreboardMachine, scoreboardParts } from '../../engine/scoreboard';
import type { Player } from '../../engine/types';
import { validateSetup, type BotcSetup } from './game-setup';
import { readMove } from './moves';
import { check, init, isOver, reduce, type BotcMove, type BotcState } from './rules';
import { MAX_PLAYERS, MIN_PLAYERS } from './setup';
import { sheet } from './sheet';
import { dealState, view } from './view';

/** Bumped whenever a stored snapshot of the previous version could no longer be restored. */
// 2: the state holds the script as its file, not as read (rules.ts, `BotcState.script`).
export const MACHINE_VERSION = 2;

export const machine = scoreboardMachine<BotcSetup, BotcState, BotcMove>('botc', { init, check, reduce, over: isOver });

export const botc: GameDefinition<BotcSetup> = {
  id: 'botc',
  namespace: 'botc',
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  winners: ['good', 'evil'],
  machine,
  validateSetup,
  view,
  sheet,
  players: (setup: BotcSetup): Player[] => setup.players,
  ...scoreboardParts<BotcState, BotcMove>({ check }),
  // The phone's deal: one move a player, in seat order; Undo never takes it back.
  dealing: (snapshot: SnapshotFrom<AnyStateMachine>) => dealState(snapshot.context as BotcState),
  dealSteps: (setup: BotcSetup): number => (setup.deal?.mode === 'app' ? setup.players.length : 0),
  readMove
};

export type { BotcSetup, TravellerSetup, Alignment } from './game-setup';
export { validateSetup, randomBag, randomBluffs, expectedCounts, bagCounts, gameCharacter, setupScript, showsAnother, teamAlignment, BLUFFS } from './game-setup';
export type { BotcMove, BotcState, BotcPlayer, Reminder, Nomination } from './rules';
export { check, NOTE_MAX } from './rules';
export { board, boardOf, type BotcBoard, type SeatView, type NightLine, type NightHolder, type TokenView } from './view';
export { baseCounts, MIN_PLAYERS, MAX_PLAYERS } from './setup';
