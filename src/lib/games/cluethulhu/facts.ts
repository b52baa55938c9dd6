/**
 * Cluethulhu as plain facts, for tests and scripts (`GameDefinition.facts`): who holds which
 * tablet and token, the sides' counts as the Ritual and the wins count them, who is detained,
 * protected, a Blood Sibling or a revealed Shoggoth, and the step on screen in the guide's
 * terms (its phase, the call it belongs to, and whether it is played for real, to a detained
 * player or as a bluff). Players are named by name. Nothing here is shown on a screen.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { stageOf } from '../../engine/common';
import type { GameView } from '../../engine/game';
import type { PlayerId } from '../../engine/types';
import { pendingAnswerable } from './machine';
import type { RoleId, Side } from './roles';
import { player, sideCounts, type Ctx } from './rules';
import { SLOT_OF, stepMode, type Slot } from './sequence';
import { stepKey } from './view';

/** The step on screen as the guide names it. */
export interface CluethulhuStepFacts {
  /** The step's id, as `Step.id`: `day.wizard`, `night.vote`, `day.shoggothAbsorb`. */
  readonly id: string;
  readonly phase: 'day' | 'night';
  /** The part of the call on screen: `wizard`, `wizardFails`, `investigatorsArrest`, `result`. */
  readonly call: string;
  /**
   * The call of the phase's order it belongs to (a role, `investigators`, or a Night segment:
   * `wake`, `highPriest`, `ritual`, `discussion`, `accusation`, `vote`); null for a death's
   * consequence asked between two calls (the Shoggoth's absorb, the High Priest's successor).
   */
  readonly slot: Slot | null;
  /** Played for real, to a detained player who cannot act, or as a bluff. */
  readonly mode: 'act' | 'detained' | 'pretend';
}

export interface CluethulhuFacts {
  readonly stage: GameView['stage'];
  /** Day 1, Night 1, …; null while dealing. */
  readonly phase: { readonly kind: 'day' | 'night'; readonly number: number } | null;
  /** Null while dealing and once the game is over. */
  readonly step: CluethulhuStepFacts | null;
  /** Living players, in seating order. */
  readonly alive: readonly string[];
  /**
   * The tablet each player holds now (after cures and swaps), by name: `yithianCard` for a
   * player the Yithian swapped with, who keeps their side and has no power.
   */
  readonly roles: Readonly<Record<string, RoleId | 'yithianCard'>>;
  /** Each player's side for counting and winning, by name. */
  readonly sides: Readonly<Record<string, Side>>;
  /** Living players on each side, as the Ritual and the wins count them (the neutral left out). */
  readonly counts: { readonly investigators: number; readonly cult: number };
  /** Who holds the Haunted Doll, alive or not; null before the Evil Child hands it out. */
  readonly doll: string | null;
  readonly highPriest: string | null;
  readonly detained: string | null;
  /** Under the Wizard's protection until his next turn. */
  readonly protected: string | null;
  readonly siblings: readonly [string, string] | null;
  /** Shoggoths that have shown their tablet by absorbing. */
  readonly revealed: readonly string[];
  readonly ritual: boolean;
  /** The winner's id once the game is won. */
  readonly winner: string | null;
}

export function facts(snapshot: SnapshotFrom<AnyStateMachine>): CluethulhuFacts {
  const ctx = snapshot.context as Ctx;
  const stage = stageOf(snapshot);
  const name = (id: PlayerId | null): string | null => (id ? player(ctx, id).name : null);
  const seated = [...ctx.players].sort((a, b) => a.seat - b.seat);
  return {
    stage,
    phase: stage === 'dealing' ? null : { ...ctx.phase },
    step: stepFacts(snapshot, ctx, stage),
    alive: seated.filter((p) => p.alive).map((p) => p.name),
    roles: Object.fromEntries(seated.map((p) => [p.name, p.powerless ? 'yithianCard' : p.role])),
    sides: Object.fromEntries(seated.map((p) => [p.name, p.side])),
    counts: sideCounts(ctx),
    doll: name(ctx.doll),
    highPriest: name(ctx.highPriest),
    detained: name(ctx.detained),
    protected: name(ctx.protected),
    siblings: ctx.siblings ? [name(ctx.siblings[0])!, name(ctx.siblings[1])!] : null,
    revealed: ctx.revealed.map((id) => name(id)!),
    ritual: ctx.ritual,
    winner: ctx.outcome?.winner ?? null
  };
}

function stepFacts(snapshot: SnapshotFrom<AnyStateMachine>, ctx: Ctx, stage: GameView['stage']): CluethulhuStepFacts | null {
  const key = stepKey(snapshot);
  if (stage !== 'play' || !key || key === 'dealing' || (key === 'highPriestSuccessor' && !pendingAnswerable(ctx))) return null;
  const mode = stepMode(ctx, key);
  return {
    id: `${ctx.phase.kind}.${key}`,
    phase: ctx.phase.kind,
    call: key,
    slot: SLOT_OF[key] ?? null,
    mode: mode === 'skip' ? 'act' : mode
  };
}
