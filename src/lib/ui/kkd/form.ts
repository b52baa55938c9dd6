/** What every Killer Kloo Doo move form is given, by the table screen that opens it. */
import type { KkdBoard, KkdMove } from '$lib/games/kkd';

export interface MoveFormProps {
  /** The board now: who is where, whose turn, what each holds. */
  board: KkdBoard;
  /** A move is being saved: the form's buttons wait. */
  busy: boolean;
  /** The move the form records, checked by the board before it is stored. */
  onmove: (move: KkdMove) => void;
  oncancel: () => void;
}
