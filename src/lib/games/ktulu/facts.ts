/**
 * Ktulu as plain facts, for tests and scripts (`GameDefinition.facts`): who holds which card,
 * the factions' living counts, where the statue is, who is jailed, protected, drinking,
 * poisoned, followed or possessed, who has shown their card, and the step on screen in the
 * book's terms (the list it is on, its number and what it does, or the day's part). Players
 * are named by name. Nothing here is shown on a screen.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { stageOf } from '../../engine/common';
import type { GameView } from '../../engine/game';
import type { Phase, PlayerId } from '../../engine/types';
import { FACTION_IDS, type FactionId } from './factions';
import type { RoleId } from './roles';
import { modeOf, nightKind, player, shielded, spellActive, statueFaction, stepHere, type Ctx, type Sub } from './rules';
import { factionOf } from './state';
import type { Action, Actor } from './steps';
import { stepKey } from './view';

/** The step on screen as the book names it. */
export type KtuluStepFacts =
  | {
      /** A step of the Manitou's list: "Kolejność w trakcie zerowej nocy" or "… nocy". */
      readonly list: 'zeroNight' | 'night';
      /** The book's number ("4", "45a"). */
      readonly number: string;
      readonly actor: Actor;
      readonly does: Action;
      /** Played for real, or as a pretence for an absent role. */
      readonly mode: 'act' | 'pretend';
      /** The step's follow-up on screen after its answer (`result`, `again`, …), or null. */
      readonly part: Sub | null;
    }
  | {
      readonly list: 'day';
      /** The day's part: `morning`, `intro`, `discussion`, `duelVote`, `searchVote`, `hangVote`, … */
      readonly part: string;
    }
  /** The Doctor's question about a death, asked with every eye closed. */
  | { readonly list: 'doctor' };

export interface KtuluFacts {
  readonly stage: GameView['stage'];
  /** The zero night is night 0; null while dealing. */
  readonly phase: Readonly<Phase> | null;
  /** Null while dealing, between two nights' lists and once the game is over. */
  readonly step: KtuluStepFacts | null;
  /** Living players, in seating order. */
  readonly alive: readonly string[];
  /** Each player's card, by name. */
  readonly roles: Readonly<Record<string, RoleId>>;
  /** Each player's faction, by name. */
  readonly factions: Readonly<Record<string, FactionId>>;
  /** Living players of each faction (0 for a faction not dealt). */
  readonly counts: Readonly<Record<FactionId, number>>;
  readonly statue: {
    readonly holder: string | null;
    /** Planted by the Silent Foot: its holder does not know. */
    readonly planted: boolean;
    /** The faction holding it (null while planted or with nobody). */
    readonly faction: FactionId | null;
  };
  /** Tonight's (by day: last night's) jail, Bodyguard's pick, drinking and card game. */
  readonly jailed: string | null;
  /** Under the Bodyguard's protection while he lives. */
  readonly protected: string | null;
  readonly drinking: readonly string[];
  readonly playingCards: string | null;
  readonly poisoned: string | null;
  readonly client: string | null;
  readonly seduced: string | null;
  readonly blackmailed: string | null;
  /** Followed by Lucky Luke, possessed by Kaszabara, while it lasts. */
  readonly followed: string | null;
  readonly possessed: string | null;
  /** Players who have shown their card while alive (the Mayor, the Judge, the Insurance Agent). */
  readonly revealed: readonly string[];
  /** Gunslingers known to all, having won a duel as one. */
  readonly gunslingers: readonly string[];
  readonly signals: number;
  readonly hits: number;
  /** The winning faction once the game is won. */
  readonly winner: string | null;
}

export function facts(snapshot: SnapshotFrom<AnyStateMachine>): KtuluFacts {
  const ctx = snapshot.context as Ctx;
  const stage = stageOf(snapshot);
  const name = (id: PlayerId | null): string | null => (id ? player(ctx, id).name : null);
  const seated = [...ctx.players].sort((a, b) => a.seat - b.seat);
  const living = seated.filter((p) => p.alive);
  const counts = Object.fromEntries(FACTION_IDS.map((f) => [f, living.filter((p) => factionOf(p.role) === f).length])) as Record<FactionId, number>;
  const t = ctx.tonight;
  return {
    stage,
    phase: stage === 'dealing' ? null : { ...ctx.phase },
    step: stepFacts(snapshot, ctx, stage),
    alive: living.map((p) => p.name),
    roles: Object.fromEntries(seated.map((p) => [p.name, p.role])),
    factions: Object.fromEntries(seated.map((p) => [p.name, factionOf(p.role)])),
    counts,
    statue: { holder: name(ctx.statue.holder), planted: ctx.statue.planted, faction: statueFaction(ctx) },
    jailed: name(t.jailed),
    protected: t.protected && shielded(ctx, t.protected) ? name(t.protected) : null,
    drinking: t.drinking.map((id) => name(id)!),
    playingCards: name(t.playingCards),
    poisoned: name(ctx.poisoned),
    client: name(ctx.client),
    seduced: name(ctx.seduced),
    blackmailed: name(ctx.blackmailed),
    followed: spellActive(ctx, ctx.follow, '5') ? name(ctx.follow.target) : null,
    possessed: spellActive(ctx, ctx.possessed, '56') ? name(ctx.possessed.target) : null,
    revealed: seated.filter((p) => p.revealed).map((p) => p.name),
    gunslingers: seated.filter((p) => p.gunslinger).map((p) => p.name),
    signals: ctx.signals,
    hits: ctx.hits,
    winner: ctx.outcome?.winner ?? null
  };
}

function stepFacts(snapshot: SnapshotFrom<AnyStateMachine>, ctx: Ctx, stage: GameView['stage']): KtuluStepFacts | null {
  const key = stepKey(snapshot);
  if (stage !== 'play' || !key || key === 'dealing') return null;
  if (key === 'doctor') return { list: 'doctor' };
  if (key !== 'night') return { list: 'day', part: key };
  const step = stepHere(ctx);
  if (!step) return null;
  const sub = ctx.cursor.sub;
  const mode = sub ? 'act' : modeOf(ctx, step);
  return { list: nightKind(ctx), number: step.n, actor: step.actor, does: step.does, mode: mode === 'pretend' ? 'pretend' : 'act', part: sub };
}
