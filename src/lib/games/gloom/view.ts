/**
 * What Cthulhu Gloom's screens show: the scoreboard (whose turn, each family's characters with
 * what shows through their piles, the Stories, "if the game ended now") and, at the end, the
 * final table. Plain data: the screens translate the keys.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { GameView, PlayerView } from '../../engine/game';
import type { PlayerId } from '../../engine/types';
import { familyValue, isOver, outcomeOf, selfWorth, visible, type GloomState, type PlayedCard, type Print } from './rules';
import type { FamilyId, Icon } from './setup';

export interface CharacterRow {
  id: string;
  name: string;
  alive: boolean;
  worth: number;
  /** What shows through the pile. */
  shows: Print;
  /** The cards on it, bottom first. */
  pile: PlayedCard[];
  /** Quick-mode points added. */
  adjust: number;
}

export interface FamilyRow {
  player: PlayerId;
  name: string;
  family: FamilyId;
  characters: CharacterRow[];
  /** Family Value if the game ended now. */
  value: number;
  story: string | null;
  drawLimit: number;
  /** 1 for the lowest value; equal values share a place. */
  place: number;
}

export interface GloomBoard {
  turn: { number: number; player: PlayerId; name: string; plays: number };
  families: FamilyRow[];
  stories: { name: string; points: number; requires: Icon[]; holder: PlayerId | null }[];
  over: boolean;
}

export function board(state: GloomState): GloomBoard {
  const rows = state.players.map((p) => {
    const characters = state.characters
      .filter((c) => c.owner === p.id)
      .map((c) => ({ id: c.id, name: c.name, alive: c.alive, worth: selfWorth(c), shows: visible(c.pile), pile: c.pile, adjust: c.adjust }));
    return {
      player: p.id,
      name: p.name,
      family: state.family[p.id],
      characters,
      value: familyValue(state, p.id),
      story: state.stories.find((s) => s.holder === p.id)?.name ?? null,
      drawLimit: state.drawLimit[p.id],
      place: 0
    };
  });
  for (const r of rows) r.place = 1 + rows.filter((o) => o.value < r.value).length;
  return {
    turn: { ...state.turn, name: state.players.find((p) => p.id === state.turn.player)!.name },
    families: rows,
    stories: state.stories.map((s) => ({ ...s, requires: [...s.requires] })),
    over: isOver(state)
  };
}

/** The board in a view (the screens' accessor for `GameView.board`). */
export const boardOf = (view: GameView): GloomBoard => view.board as GloomBoard;

export function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const state = snapshot.context as GloomState;
  const b = board(state);
  const over = snapshot.value === 'over';
  const players: PlayerView[] = b.families.map((f) => ({
    id: f.player,
    name: f.name,
    seat: state.players.find((p) => p.id === f.player)!.seat,
    alive: true,
    card: {
      role: { key: `gloom:families.${f.family}` },
      side: { key: 'gloom:board.familyValue', params: { value: f.value } },
      ability: { key: 'gloom:board.alive', params: { count: f.characters.filter((c) => c.alive).length } },
      tone: 'neutral'
    },
    marks: []
  }));
  return {
    stage: over ? 'over' : 'play',
    phase: { kind: 'turn', number: state.turn.number },
    step: null,
    players,
    outcome: over ? outcomeOf(state) : null,
    log: state.log,
    facts: [],
    board: b
  };
}
