/**
 * Cthulhu Gloom: a scoreboard on the table, with no moderator (the engine's second shape, see
 * engine/scoreboard.ts). Cards: cards.ts; set-up: setup.ts; the rules: rules.ts; what the
 * screens show: view.ts; moves read from a backup: moves.ts.
 */
import type { GameDefinition } from '../../engine/game';
import { scoreboardMachine, scoreboardParts } from '../../engine/scoreboard';
import type { Player } from '../../engine/types';
import { readMove } from './moves';
import { check, init, isOver, reduce, type GloomMove, type GloomState } from './rules';
import { MAX_PLAYERS, MIN_PLAYERS, validateSetup, type GloomSetup } from './setup';
import { view } from './view';

/** Bumped whenever a stored snapshot of the previous version could no longer be restored. */
export const MACHINE_VERSION = 1;

export const machine = scoreboardMachine<GloomSetup, GloomState, GloomMove>('gloom', { init, check, reduce, over: isOver });

export const gloom: GameDefinition<GloomSetup> = {
  id: 'gloom',
  namespace: 'gloom',
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  winners: ['lowest', 'tie'],
  machine,
  validateSetup,
  view,
  players: (setup: GloomSetup): Player[] => setup.players,
  ...scoreboardParts<GloomState, GloomMove>({ check }),
  readMove
};

export type { GloomSetup, FamilyId, Icon, StorySetup } from './setup';
export { FAMILIES, FAMILY_CARDS, ICONS, familySize, validateSetup, DRAW_LIMIT, MIN_PLAYERS, MAX_PLAYERS } from './setup';
export type { GloomMove, Print, EventEffect, PlayedCard, GloomState } from './rules';
export { check, CLEAR, visible, isStandardPlay } from './rules';
export { board, boardOf, type GloomBoard, type FamilyRow, type CharacterRow } from './view';
export { CARDS, cardsOf, findCard, searchCards, cardKey, type CardFact, type CardType } from './cards';
