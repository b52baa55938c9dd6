import type { BotcMove } from '$lib/games/botc/rules';
import type { BotcBoard } from '$lib/games/botc/view';

/**
 * What each of the grimoire's panels is given: the board as it is, whether a move is being
 * stored, and the way to make one (resolves true once it is stored and on screen).
 */
export interface PanelProps {
  board: BotcBoard;
  busy: boolean;
  send: (move: BotcMove) => Promise<boolean>;
}
