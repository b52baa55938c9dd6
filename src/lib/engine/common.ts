/**
 * The shape every game shares, written once: the pass-and-peek deal that starts it (the
 * machine's `dealing` state, the step a screen shows for it), the Keeper's rulings once the
 * cards are out, the checks every script state makes first, looking players up in the
 * context, the log, and the parts of the view that are the same in every game.
 *
 * A game's context holds `players`, `dealt` (how many have seen their card; everyone from the
 * start when the cards were dealt by hand), `phase`, `outcome`, `pending` and `log`. The
 * machine starts in `dealing`, which takes one `step.answer` per player, then goes to `play`;
 * a won game ends in `over`, a consequence is asked in `interrupt`. These names are in every
 * stored snapshot: they stay as they are (or the game's machine version goes up).
 */
import { assign } from 'xstate';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { DealState, GameView, Mark, PlayerView, RoleCard } from './game';
import { shuffle, type RngState } from './rng';
import { renameProblem } from './names';
import { CORRECTION_KINDS, type CorrectionKind, type GameEvent, type LogLine, type Outcome, type Override, type Phase, type Player, type PlayerId, type Step, type Text } from './types';

/** What a game's setup says about its players and the deal. */
export interface DealSetup {
  players: Player[];
  deal: { mode: 'app' | 'physical' };
}

/** What every game's context holds about its players and the deal. */
export interface DealContext {
  players: readonly { id: PlayerId; name: string; alive: boolean }[];
  dealt: number;
}

// ---------------------------------------------------------------- setup and context

/** How many have seen their card when the game starts: everyone after a deal by hand. */
export const dealtAtStart = (setup: DealSetup): number => (setup.deal.mode === 'physical' ? setup.players.length : 0);

/** Whether everyone has seen their card. */
export const dealDone = (ctx: DealContext): boolean => ctx.dealt >= ctx.players.length;

/** `GameDefinition.players` and `dealSteps` for a game whose setup lists its players and how they are dealt. */
export const setupPlayers = {
  players: (setup: DealSetup): Player[] => setup.players,
  dealSteps: (setup: DealSetup): number => (setup.deal.mode === 'app' ? setup.players.length : 0)
};

/**
 * Who holds which card at the start: as recorded for a deal by hand, or `deck` shuffled by the
 * game's seeded generator and handed out in seat order. Returns the generator after the shuffle.
 */
export function dealCards<R extends string>(
  setup: { players: readonly Player[]; deal: { mode: 'app' } | { mode: 'physical'; roles: Record<PlayerId, R> } },
  deck: readonly R[],
  rng: RngState
): [Record<PlayerId, R>, RngState] {
  if (setup.deal.mode === 'physical') return [setup.deal.roles, rng];
  const [shuffled, next] = shuffle(rng, deck);
  return [Object.fromEntries(setup.players.map((p, i) => [p.id, shuffled[i]])), next];
}

// ---------------------------------------------------------------- the machine

/** The machine's `dealing` state: one answer per player who has seen their card, then `play`. */
export function dealingState() {
  return {
    always: { guard: ({ context }: { context: DealContext }) => dealDone(context), target: 'play' },
    on: { 'step.answer': { actions: assign(({ context }: { context: DealContext }) => ({ dealt: context.dealt + 1 })) } }
  } as never;
}

/**
 * The machine's top-level `keeper.override`: the Keeper's rulings (eliminate, revive, declare
 * a winner) and corrections (a token, a card, a name, a player leaving), taken once the deal is
 * over, by the game's `override` action. A card shown (`reveal`) is not taken here: a game that
 * allows it takes it in the states where it may. `problem` is the game's own check of a
 * correction (the same one its `checkOverride` gives the screen): a refused one is not taken.
 */
export function keeperRulings<C extends DealContext>(problem: (ctx: C, o: Override) => Text | null = () => null) {
  return {
    'keeper.override': {
      guard: ({ context, event }: { context: C; event: GameEvent }) =>
        dealDone(context) && event.type === 'keeper.override' && event.override.kind !== 'reveal' && problem(context, event.override) === null,
      actions: 'override'
    }
  } as never;
}

/** Whether the override is one of the corrections (checked by the game), not an older ruling. */
export const isCorrection = (o: Override): o is Extract<Override, { kind: CorrectionKind }> =>
  (CORRECTION_KINDS as readonly string[]).includes(o.kind);

/**
 * What every game checks the same way in a correction: the players it names are at the table, two
 * swapped players are two, a new name is a name (`renameProblem`), a new person takes a living
 * player's seat, and a player who leaves is still in the game. Null when nothing is wrong here;
 * the game checks the rest (tokens, cards).
 */
export function correctionProblem(ctx: DealContext, o: Override): Text | null {
  if (!isCorrection(o)) return null;
  const t = (key: string): Text => ({ key: `common:override.problems.${key}` });
  const known = (id: unknown) => typeof id === 'string' && ctx.players.some((p) => p.id === id);
  switch (o.kind) {
    case 'moveToken':
      return known(o.to) ? null : t('unknownPlayer');
    case 'swapRoles':
      if (!known(o.a) || !known(o.b)) return t('unknownPlayer');
      return o.a === o.b ? t('samePlayer') : null;
    case 'setRole':
      return known(o.player) ? null : t('unknownPlayer');
    case 'rename':
    case 'replace': {
      if (!known(o.player)) return t('unknownPlayer');
      if (o.kind === 'replace' && !playerIn(ctx, o.player).alive) return t('replaceOut');
      return renameProblem(o.name, ctx.players.filter((p) => p.id !== o.player).map((p) => p.name));
    }
    case 'leave':
      if (!known(o.player)) return t('unknownPlayer');
      return playerIn(ctx, o.player).alive ? null : t('leaveOut');
    case 'setValue':
      // Only a scoreboard game keeps numbers the table may put right.
      return t('notHere');
  }
}

/**
 * A name corrected (`rename`: the same person) or a new person in the seat (`replace`: they take
 * its card and everything it holds), with its log line `<namespace>:log.keeperRename` or
 * `keeperReplace` (public: the whole table sees who sits there).
 */
export function renameIn<C extends { players: readonly { id: PlayerId; name: string }[]; phase: Phase; log: LogLine[] }>(
  namespace: string,
  ctx: C,
  o: { kind: 'rename' | 'replace'; player: PlayerId; name: string }
): C {
  const old = playerIn(ctx, o.player).name;
  const name = o.name.trim();
  const next = patchPlayer(ctx, o.player, { name } as never);
  return logIn(namespace, next, o.kind === 'rename' ? 'keeperRename' : 'keeperReplace', { old, name });
}

/**
 * What every script state checks first, in this order: the game is already won (a Keeper's
 * ruling), a side has just won (`teamWon`, the game's own check), a consequence is waiting
 * for an answer (`interrupt`). `machineId` is the machine's id, so the targets are absolute.
 */
export const firstChecks = (machineId: string) => [
  { guard: 'hasOutcome', target: `#${machineId}.over` },
  { guard: 'teamWon', target: `#${machineId}.over` },
  { guard: 'hasPending', target: `#${machineId}.interrupt` }
];

/** The guards `firstChecks` names, for a context with an outcome and a queue of pending consequences. */
export function firstCheckGuards<C extends { outcome: unknown; pending: readonly unknown[] }>(won: (ctx: C) => boolean) {
  return {
    hasOutcome: ({ context }: { context: C }) => context.outcome !== null,
    hasPending: ({ context }: { context: C }) => context.pending.length > 0,
    teamWon: ({ context }: { context: C }) => won(context)
  };
}

// ---------------------------------------------------------------- the context's players and log

/** The player with this id; a missing one is a bug. */
export function playerIn<P extends { id: PlayerId }>(ctx: { players: readonly P[] }, id: PlayerId): P {
  const p = ctx.players.find((q) => q.id === id);
  if (!p) throw new Error(`No player ${id}`);
  return p;
}
export const aliveIn = <P extends { alive: boolean }>(ctx: { players: readonly P[] }): P[] => ctx.players.filter((p) => p.alive);
export const aliveIdsIn = (ctx: DealContext): PlayerId[] => aliveIn(ctx).map((p) => p.id);

/** The context with one player changed. */
export const patchPlayer = <C extends { players: readonly P[] }, P extends { id: PlayerId }>(ctx: C, id: PlayerId, patch: Partial<P>): C => ({
  ...ctx,
  players: ctx.players.map((p) => (p.id === id ? { ...p, ...patch } : p))
});

/** The context with a line added to the log (`<namespace>:log.<key>`), secret when only the moderator may see it. */
export function logIn<C extends { phase: Phase; log: LogLine[] }>(
  namespace: string,
  ctx: C,
  key: string,
  params: Record<string, string | number> = {},
  secret = false
): C {
  return { ...ctx, log: [...ctx.log, { phase: { ...ctx.phase }, text: { key: `${namespace}:log.${key}`, params }, secret }] };
}

// ---------------------------------------------------------------- the view

/** `dealing` before the first phase, `over` once someone has won, `play` between. */
export function stageOf(snapshot: SnapshotFrom<AnyStateMachine>): GameView['stage'] {
  if (snapshot.status === 'done' || (snapshot.value as unknown) === 'over') return 'over';
  return (snapshot.value as unknown) === 'dealing' ? 'dealing' : 'play';
}

/** The step shown while dealing: the next player's turn to look at their card. */
export function dealStep(ctx: DealContext, prompt: (name: string) => Text): Step {
  return {
    id: 'deal',
    prompt: prompt(ctx.players[ctx.dealt].name),
    hints: [],
    answer: { kind: 'none' },
    eyesClosed: false,
    progress: { index: ctx.dealt + 1, total: ctx.players.length }
  };
}

/** `GameDefinition.dealing`: whose card is being dealt, or null once everyone has seen theirs. */
export function dealing(snapshot: SnapshotFrom<AnyStateMachine>): DealState | null {
  if ((snapshot.value as unknown) !== 'dealing') return null;
  const ctx = snapshot.context as DealContext;
  return { player: ctx.players[ctx.dealt].id, index: ctx.dealt, total: ctx.players.length };
}

/** What every game's view holds the same way: the stage, the phase (none while dealing), the step, the players, the outcome and the log. */
export function viewOf(
  ctx: { phase: Phase; outcome: Outcome | null; log: LogLine[] },
  stage: GameView['stage'],
  step: Step | null,
  players: PlayerView[]
): Pick<GameView, 'stage' | 'phase' | 'step' | 'players' | 'outcome' | 'log'> {
  return { stage, phase: stage === 'dealing' ? null : { ...ctx.phase }, step, players, outcome: ctx.outcome, log: ctx.log };
}

/** A player as a screen shows them, from the context's player, their fate's text, card and marks. */
export function playerView(
  p: { id: PlayerId; name: string; seat: number; alive: boolean },
  fate: Text | undefined,
  card: RoleCard,
  marks: Mark[]
): PlayerView {
  return { id: p.id, name: p.name, seat: p.seat, alive: p.alive, fate, card, marks };
}
