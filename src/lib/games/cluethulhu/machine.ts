/**
 * Cluethulhu's call sequence as an XState machine. Each state is one thing the Keeper says
 * and waits for; states are named after the guide's sections and follow DAY_ORDER and
 * NIGHT_ORDER (sequence.ts). What an answer changes is decided by the pure rules (rules.ts).
 *
 * Shape:
 *   dealing                       pass-and-peek, one player at a time (skipped for a physical deal)
 *   play.day.*  /  play.night.*   the script
 *   interrupt                     a death's consequence that needs an answer first (the
 *                                 Shoggoth's absorb, the High Priest's successor); then back to
 *                                 where the script was, through the deep history state
 *   over                          someone has won
 *
 * Every script state starts with the same checks (`guarded`): a win ends the game, a pending
 * consequence is asked first, and a role that is not called is skipped.
 */
import { assign, setup } from 'xstate';
import type { Answer, GameEvent, PlayerId } from '../../engine/types';
import { dealingState, firstCheckGuards, firstChecks, isCorrection, keeperRulings } from '../../engine/common';
import type { GameInput } from '../../engine/game';
import { countList, nameList } from '../../engine/names';
import { pick } from '../../engine/rng';
import type { CluethulhuSetup } from './setup';
import {
  checkWin,
  correct,
  createContext,
  cure,
  declareRitual,
  die,
  eliminate,
  holder,
  log,
  majority,
  overrideProblem,
  releaseDetainee,
  player,
  ritualDue,
  swapYithian,
  switchTraitor,
  type Ctx
} from './rules';
import { plan, SLOT_OF, slotMode, type Slot } from './sequence';

// 3: every answered call is in the log, "no choice" and "nobody" included; the context keeps
// the revealed Shoggoths and a detainee freed at nightfall. Stored games replay.
// 4: the log says what the book makes public: the doll's holder is public, a protected player's
// arrest that did not happen is secret.
// 5: the log has every tally with its counts and every ability declined.
export const MACHINE_VERSION = 5;

type Ev = GameEvent;

/** The players picked in an answer (empty for "nobody"). */
export function picked(e: Ev): PlayerId[] {
  return e.type === 'step.answer' && e.answer.kind === 'players' ? e.answer.ids : [];
}
const first = (e: Ev): PlayerId | null => picked(e)[0] ?? null;
const saidYes = (e: Ev) => e.type === 'step.answer' && e.answer.kind === 'yesno' && e.answer.value;
const answerOf = (e: Ev): Answer | null => (e.type === 'step.answer' ? e.answer : null);
/** "No" to a role's yes/no call: the role did not use its ability (a detained or pretended call answers nothing). */
const declined = (e: Ev) => {
  const a = answerOf(e);
  return a?.kind === 'yesno' && !a.value;
};

/** A tally in the log, in seating order with each count (`<key>None` when nobody voted). */
function logTally(ctx: Ctx, key: string, e: Ev, params: Record<string, number> = {}): Ctx {
  const a = answerOf(e);
  const counts = a?.kind === 'tally' ? a.counts : {};
  const list = countList(ctx.players.map((p) => [p.name, counts[p.id] ?? 0]));
  return log(ctx, list ? key : `${key}None`, { ...params, counts: list });
}

const C = '#cluethulhu';

/**
 * What every script state checks first: a win ends the game (checkWin waits for a Shoggoth's
 * absorb), and a pending consequence is asked before the script goes on.
 */
const FIRST_CHECKS = firstChecks('cluethulhu');

export const machine = setup({
  types: {
    context: {} as Ctx,
    events: {} as Ev,
    input: {} as GameInput<CluethulhuSetup>
  },
  guards: {
    ...firstCheckGuards<Ctx>((ctx) => checkWin(ctx).outcome !== null),
    skipped: ({ context }, params: { slot: Slot }) => slotMode(context, params.slot) === 'skip',
    saidYes: ({ event }) => saidYes(event),
    pickedSomeone: ({ event }) => first(event) !== null,
    wizardRepeats: ({ context, event }) => first(event) !== null && first(event) === context.wizardLast,
    detectiveRepeats: ({ context, event }) => first(event) !== null && first(event) === context.detectiveLast,
    ritualDue: ({ context }) => ritualDue(context),
    voteHasOneMajority: ({ context, event }) => majorityOf(context, event).length === 1,
    voteHasSeveralMajorities: ({ context, event }) => majorityOf(context, event).length > 1,
    electionTied: ({ context, event }) => topOf(event).length > 1
  },
  actions: {
    // Each answer counts towards its call's parts: a second answer in the same call is its part 2.
    visit: assign(({ context }, params: { slot: Slot }) => {
      const same = context.visited.at(-1) === params.slot;
      const visited = context.visited.includes(params.slot) ? context.visited : [...context.visited, params.slot];
      // The phase's first answer fixes its plan, before the answer changes anything.
      return { visited, parts: same ? (context.parts ?? 1) + 1 : 1, planned: context.planned ?? plan(context) };
    }),
    startDay: assign(({ context }) => ({
      phase: { kind: 'day' as const, number: context.phase.number + 1 },
      arrestTarget: undefined,
      dayTarget: null,
      failed: null,
      vote: null,
      notices: [],
      out: [],
      visited: [],
      planned: undefined
    })),
    startNight: assign(({ context }) => {
      const night = { ...context, phase: { kind: 'night' as const, number: context.phase.number }, dayTarget: null, failed: null, visited: [], planned: undefined };
      // A Detective cured or eliminated by Day: his detainee goes free now (releaseDetainee).
      return context.releaseAtNightfall ? releaseDetainee(night) : night;
    }),

    // ---- Day
    giveDoll: assign(({ context, event }) => {
      const to = first(event)!;
      const from = context.doll && player(context, context.doll).alive ? context.doll : null;
      // The Keeper names the doll's new holder aloud ("<Name>, hold out your hand for the Haunted
      // doll"), and the doll "can be shown at any time": public.
      return { ...log(context, 'doll', { name: player(context, to).name }), doll: to, dollFrom: from };
    }),
    expireProtection: assign({ protected: null, wizardLast: null }),
    protect: assign(({ context, event }) => {
      const to = first(event)!;
      return { ...log(context, 'protect', { name: player(context, to).name }, true), protected: to, wizardLast: to };
    }),
    protectionFails: assign(({ context, event }) => ({
      ...log(context, 'protectFails', { name: player(context, first(event)!).name }, true),
      protected: null,
      wizardLast: first(event),
      failed: 'wizard' as const
    })),
    release: assign({ detained: null }),
    detain: assign(({ context, event }) => {
      const to = first(event)!;
      return { ...log(context, 'detain', { name: player(context, to).name }, true), detained: to, detectiveLast: to };
    }),
    detentionInvalid: assign(({ context, event }) => ({
      ...log(context, 'detainInvalid', { name: player(context, first(event)!).name }, true),
      detained: null,
      detectiveLast: first(event),
      failed: 'detective' as const
    })),
    forgetDetective: assign({ detectiveLast: null }),
    // A call answered with "no choice" is logged too, so a skipped call can be seen and undone.
    protectNone: assign(({ context }) => log(context, 'protectNone', {}, true)),
    detainNone: assign(({ context }) => log(context, 'detainNone', {}, true)),
    chooseArrest: assign(({ context, event }) => {
      const to = first(event);
      return {
        ...log(context, to ? 'arrestChosen' : 'arrestNone', to ? { name: player(context, to).name } : {}, true),
        arrestTarget: to
      };
    }),
    arrest: assign(({ context }) => {
      if (!context.arrestTarget) return {};
      return eliminate(context, context.arrestTarget, 'arrest').ctx;
    }),
    makeSiblings: assign(({ context, event }) => {
      const [a, b] = picked(event);
      return {
        ...log(context, 'siblings', { a: player(context, a).name, b: player(context, b).name }, true),
        siblings: [a, b] as [PlayerId, PlayerId],
        spent: { ...context.spent, mother: true as const }
      };
    }),
    cureTarget: assign(({ context, event }) => {
      const to = first(event)!;
      const before = player(context, to).role;
      return {
        ...log(cure(context, to), 'cure', { name: player(context, to).name, role: before }, true),
        dayTarget: to,
        spent: { ...context.spent, psychiatrist: true as const }
      };
    }),
    spy: assign(({ context, event }) => {
      const to = first(event)!;
      return { ...log(context, 'spy', { name: player(context, to).name, role: player(context, to).role }, true), dayTarget: to };
    }),
    switchSides: assign(({ context }) => {
      const t = holder(context, 'traitor')!;
      return { ...log(switchTraitor(context, t.id), 'traitor', { name: t.name }, true), spent: { ...context.spent, traitor: true as const } };
    }),
    swap: assign(({ context, event }) => {
      const y = holder(context, 'yithian')!;
      const to = first(event)!;
      const role = player(context, to).role;
      return {
        ...log(swapYithian(context, y.id, to), 'swap', { name: y.name, target: player(context, to).name, role }, true),
        dayTarget: to,
        dayActor: y.id,
        spent: { ...context.spent, yithian: true as const }
      };
    }),

    /** The role's call answered "no": logged, so every answered call is in the log. */
    declined: assign(({ context, event }, params: { key: string }) => (declined(event) ? log(context, params.key, {}, true) : {})),

    // ---- Night
    logElection: assign(({ context, event }) => logTally(context, 'election', event)),
    logVote: assign(({ context, event }) => logTally(context, 'votes', event, { round: context.vote?.round ?? 1 })),
    nightfall: assign(({ context }) => ({ out: [], notices: [], pending: [...context.pending, ...context.deferred], deferred: [] })),
    elect: assign(({ context, event }) => {
      const to = topOf(event)[0];
      return { ...log(context, 'highPriest', { name: player(context, to).name }), highPriest: to, highPriestTie: [] };
    }),
    holdTie: assign(({ event }) => ({ highPriestTie: topOf(event) })),
    breakTie: assign(({ context, event }) => {
      let to = first(event);
      let rng = context.rng;
      if (answerOf(event)?.kind === 'random') [to, rng] = pick(context.rng, context.highPriestTie);
      return { ...log(context, 'highPriest', { name: player(context, to!).name }), rng, highPriest: to, highPriestTie: [] };
    }),
    declareRitual: assign(({ context }) => declareRitual(context)),
    clearAnnouncements: assign({ out: [], notices: [] }),
    accuse: assign(({ context, event }) => {
      const accused = picked(event);
      const names = nameList(accused.map((id) => player(context, id).name));
      return {
        ...(accused.length ? log(context, 'accused', { names }) : log(context, 'accusedNone')),
        vote: { accused, options: accused, round: 1, result: accused.length ? null : { deadlock: true as const } }
      };
    }),
    murder: assign(({ context, event }) => {
      const target = majorityOf(context, event)[0];
      const { ctx, spared } = eliminate(context, target, 'murder');
      return { ...ctx, vote: { ...context.vote!, result: { target, spared } } };
    }),
    revote: assign(({ context, event }) => ({
      vote: { ...context.vote!, options: majorityOf(context, event), round: context.vote!.round + 1 }
    })),
    voteAgain: assign(({ context }) => ({ vote: { ...context.vote!, options: context.vote!.accused, round: context.vote!.round + 1 } })),
    deadlock: assign(({ context }) => ({ ...log(context, 'deadlock'), vote: { ...context.vote!, result: { deadlock: true as const } } })),

    // ---- Consequences and the Keeper's rulings
    resolvePending: assign(({ context, event }) => resolvePending(context, event)),
    dropUnanswerable: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    settleOutcome: assign(({ context }) => (context.outcome ? {} : checkWin(context))),
    override: assign(({ context, event }) => {
      if (event.type !== 'keeper.override') return {};
      const o = event.override;
      if (isCorrection(o)) return correct(context, o);
      if (o.kind === 'eliminate') return log(die(context, o.player, 'keeper'), 'keeperEliminate', { name: player(context, o.player).name });
      if (o.kind === 'revive') {
        const p = player(context, o.player);
        return log({ ...context, players: context.players.map((q) => (q.id === p.id ? { ...q, alive: true, fate: null } : q)) }, 'keeperRevive', { name: p.name });
      }
      if (o.kind !== 'declareWinner') return {};
      return {
        ...log(context, 'keeperWinner', { winner: o.winner }),
        outcome: { winner: o.winner, reason: { key: 'cluethulhu:outcome.keeper' }, winners: winnersFor(context, o.winner) }
      };
    })
  }
}).createMachine({
  id: 'cluethulhu',
  context: ({ input }) => createContext(input.setup, input.seed),
  initial: 'dealing',
  // The Keeper's rulings and corrections after the deal. "NEVER show your tablet to another player …
  // unless you are expressly allowed to do so by the rules": no role shows it by choice (the
  // Shoggoth's showing is part of its absorb), so a reveal is taken nowhere.
  on: keeperRulings<Ctx>(overrideProblem),
  states: {
    dealing: dealingState(),
    play: {
      initial: 'day',
      states: {
        hist: { type: 'history', history: 'deep' },
        day: {
          initial: 'evilChild',
          states: {
            // Guide, "First Day Only – Evil Child Identification" / "Haunted Doll Swap".
            evilChild: guarded('evilChild', 'wizard', {
              'step.answer': [{ guard: 'pickedSomeone', actions: 'giveDoll', target: 'dollHandOver' }, { target: 'wizard' }]
            }),
            dollHandOver: guarded('dollHandOver', null, { 'step.answer': { target: 'wizard' } }),
            // Guide, "Day – Wizard": protection lasts until the next Wizard turn, which is now.
            wizard: guarded('wizard', 'detective', {
              'step.answer': [
                { guard: 'wizardRepeats', actions: ['expireProtection', 'protectionFails'], target: 'wizardFails' },
                { guard: 'pickedSomeone', actions: ['expireProtection', 'protect'], target: 'detective' },
                { actions: ['expireProtection', 'protectNone'], target: 'detective' }
              ]
            }, 'expireProtection'),
            wizardFails: guarded('wizardFails', null, { 'step.answer': { target: 'detective' } }),
            // Guide, "Day – Detective": the previous detainee is freed at the Detective's turn.
            detective: guarded('detective', 'investigatorsVote', {
              'step.answer': [
                { guard: 'detectiveRepeats', actions: ['release', 'detentionInvalid'], target: 'detectiveInvalid' },
                { guard: 'pickedSomeone', actions: ['release', 'detain'], target: 'investigatorsVote' },
                { actions: ['release', 'forgetDetective', 'detainNone'], target: 'investigatorsVote' }
              ]
            }, ['release', 'forgetDetective']),
            detectiveInvalid: guarded('detectiveInvalid', null, { 'step.answer': { target: 'investigatorsVote' } }),
            // Guide, "Day – Investigators": vote (unanimous, one minute), sleep, arrest.
            investigatorsVote: guarded('investigatorsVote', null, { 'step.answer': { actions: 'chooseArrest', target: 'investigatorsSleep' } }),
            investigatorsSleep: guarded('investigatorsSleep', null, { 'step.answer': { target: 'investigatorsArrest' } }),
            investigatorsArrest: guarded('investigatorsArrest', null, { 'step.answer': { actions: 'arrest', target: 'mother' } }),
            // Guide, "Day – Mother (once only)".
            mother: guarded('mother', 'psychiatrist', {
              'step.answer': [{ guard: 'saidYes', target: 'motherPick' }, { actions: { type: 'declined', params: { key: 'motherNone' } }, target: 'psychiatrist' }]
            }),
            motherPick: guarded('motherPick', null, { 'step.answer': { actions: 'makeSiblings', target: 'siblingsWake' } }),
            siblingsWake: guarded('siblingsWake', null, { 'step.answer': { target: 'psychiatrist' } }),
            // Guide, "Day – Psychiatrist (once-only)".
            psychiatrist: guarded('psychiatrist', 'tchoTcho', {
              'step.answer': [{ guard: 'saidYes', target: 'psychiatristPick' }, { actions: { type: 'declined', params: { key: 'psychiatristNone' } }, target: 'tchoTcho' }]
            }),
            psychiatristPick: guarded('psychiatristPick', null, { 'step.answer': { actions: 'cureTarget', target: 'psychiatristSwap' } }),
            psychiatristSwap: guarded('psychiatristSwap', null, { 'step.answer': { target: 'tchoTcho' } }),
            // Guide, "Day – Tcho-Tcho": a detained Tcho-Tcho is still called but sees nothing.
            tchoTcho: guarded('tchoTcho', 'traitor', {
              'step.answer': [{ guard: 'pickedSomeone', actions: 'spy', target: 'tchoTchoShow' }, { target: 'traitor' }]
            }),
            tchoTchoShow: guarded('tchoTchoShow', null, { 'step.answer': { target: 'traitor' } }),
            // Guide, "Day – Traitor (once-only)".
            traitor: guarded('traitor', 'yithian', {
              'step.answer': [{ guard: 'saidYes', actions: 'switchSides', target: 'yithian' }, { actions: { type: 'declined', params: { key: 'traitorNone' } }, target: 'yithian' }]
            }),
            // Guide, "Day – Yithian (once-only)": goes last, so a role gained cannot act the same Day.
            yithian: guarded('yithian', 'dusk', {
              'step.answer': [{ guard: 'saidYes', target: 'yithianPick' }, { actions: { type: 'declined', params: { key: 'yithianNone' } }, target: 'dusk' }]
            }),
            yithianPick: guarded('yithianPick', null, { 'step.answer': { actions: 'swap', target: 'yithianSwap' } }),
            yithianSwap: guarded('yithianSwap', null, { 'step.answer': { target: 'dusk' } }),
            dusk: { always: { target: `${C}.play.night`, actions: 'startNight' } }
          }
        },
        night: {
          initial: 'wake',
          states: {
            // Guide, "Night Sequence": everyone wakes; the arrested leave without revealing.
            wake: guarded('wake', null, { 'step.answer': { actions: 'nightfall', target: 'highPriest' } }),
            // Guide, "First Night – High Priest": all vote; a draw is the Keeper's pick or chance.
            highPriest: guarded('highPriest', 'ritualCheck', {
              'step.answer': [{ guard: 'electionTied', actions: ['logElection', 'holdTie'], target: 'highPriestTie' }, { actions: ['logElection', 'elect'], target: 'ritualCheck' }]
            }),
            highPriestTie: guarded('highPriestTie', null, { 'step.answer': { actions: 'breakTie', target: 'ritualCheck' } }),
            // Guide, "Night – Declare Ritual of Annihilation (once only)", computed after waking.
            ritualCheck: guardedTransient([{ guard: 'ritualDue', actions: 'declareRitual', target: 'ritual' }, { target: 'discussion' }]),
            ritual: guarded('ritual', null, { 'step.answer': { actions: 'clearAnnouncements', target: 'discussion' } }),
            discussion: guarded('discussion', null, { 'step.answer': { target: 'accusation' } }),
            // Guide, "Night – Accusation": only seconded accusations are entered.
            accusation: guarded('accusation', null, {
              'step.answer': [{ guard: 'pickedSomeone', actions: 'accuse', target: 'vote' }, { actions: 'accuse', target: 'result' }]
            }),
            // Guide, "Night – Vote": repeat until exactly one accused has a majority.
            vote: guarded('vote', null, {
              'step.answer': [
                { guard: 'voteHasOneMajority', actions: ['logVote', 'murder'], target: 'result' },
                { guard: 'voteHasSeveralMajorities', actions: ['logVote', 'revote'], target: 'vote', reenter: true },
                { actions: 'logVote', target: 'noMajority' }
              ]
            }),
            noMajority: guarded('noMajority', null, {
              'step.answer': [{ guard: 'saidYes', actions: 'voteAgain', target: 'vote' }, { actions: 'deadlock', target: 'result' }]
            }),
            result: guarded('result', null, { 'step.answer': { actions: 'clearAnnouncements', target: 'dawn' } }),
            dawn: { always: { target: `${C}.play.day`, actions: 'startDay' } }
          }
        }
      }
    },
    interrupt: {
      always: [
        { guard: 'hasOutcome', target: 'over' },
        { guard: 'teamWon', target: 'over' },
        { guard: ({ context }) => context.pending.length > 0 && !pendingAnswerable(context), actions: 'dropUnanswerable' },
        { guard: ({ context }) => context.pending.length === 0, target: 'play.hist' }
      ],
      on: { 'step.answer': { actions: 'resolvePending' } }
    },
    over: { type: 'final', entry: 'settleOutcome' }
  }
});

/** A script state: the first checks, then (for a role's slot) skipping a role that is not called. */
function guarded(key: string, skipTo: string | null, on: { 'step.answer': object | object[] }, onSkip?: string | string[]) {
  const slot = SLOT_OF[key];
  const always: object[] = [...FIRST_CHECKS];
  if (skipTo) always.push({ guard: { type: 'skipped', params: { slot } }, target: skipTo, actions: onSkip });
  // Every answer marks its slot as called this phase, before the answer's own actions.
  const visit = { type: 'visit', params: { slot } };
  const answers = [on['step.answer']].flat().map((t) => {
    const tr = t as { actions?: unknown };
    return { ...tr, actions: [visit, ...[tr.actions ?? []].flat()] };
  });
  return { always, on: { 'step.answer': answers } } as never;
}

/** A state the Keeper never sees: the first checks, then its own eventless transitions. */
function guardedTransient(rest: object[]) {
  return { always: [...FIRST_CHECKS, ...rest] } as never;
}

// ---------------------------------------------------------------- helpers for the Night

/** Accused with a majority in a tally answer. */
export function majorityOf(ctx: Ctx, e: Ev): PlayerId[] {
  const a = answerOf(e);
  if (!a || a.kind !== 'tally') return [];
  const need = majority(ctx);
  // In seating order, as the Keeper calls them again.
  return ctx.players.filter((p) => (a.counts[p.id] ?? 0) >= need).map((p) => p.id);
}

/** The candidates with the most votes in a tally (the High Priest election). */
export function topOf(e: Ev): PlayerId[] {
  const a = answerOf(e);
  if (!a || a.kind !== 'tally') return [];
  const best = Math.max(0, ...Object.values(a.counts));
  if (best === 0) return Object.keys(a.counts);
  return Object.entries(a.counts)
    .filter(([, n]) => n === best)
    .map(([id]) => id);
}

// ---------------------------------------------------------------- consequences

/** Whether the first pending consequence can be asked (someone is left to name, to absorb). */
export function pendingAnswerable(ctx: Ctx): boolean {
  const p = ctx.pending[0];
  if (!p) return false;
  if (p.kind === 'highPriestSuccessor') return ctx.players.some((q) => q.alive && q.id !== p.from);
  return true;
}

function resolvePending(ctx0: Ctx, e: Ev): Partial<Ctx> {
  const [item, ...rest] = ctx0.pending;
  let ctx: Ctx = { ...ctx0, pending: rest };
  const to = first(e);
  if (item.kind === 'highPriestSuccessor') {
    if (!to) return ctx;
    return { ...log(ctx, 'highPriestSuccessor', { from: player(ctx, item.from).name, name: player(ctx, to).name }), highPriest: to };
  }
  // The Shoggoth's absorb (guide, "when the Shoggoth is Arrested or Murdered"). Pointing at a
  // victim reveals it ("Secrecy": it shows its card when it first uses its ability).
  const shoggoth = item.shoggoth;
  if (!to) return die(log(ctx, 'absorbNone', { name: player(ctx, shoggoth).name }), shoggoth, item.cause);
  const victim = player(ctx, to);
  ctx = ctx.revealed.includes(shoggoth) ? ctx : { ...ctx, revealed: [...ctx.revealed, shoggoth] };
  const { ctx: after, spared } = eliminate(ctx, to, 'absorb');
  const investigator = !spared && victim.side === 'investigators';
  // One line for the whole event: the absorb, and with an Investigator both deaths.
  ctx = log(after, spared ? 'absorbFails' : investigator ? 'absorbInvestigator' : 'absorb', { name: player(ctx, shoggoth).name, victim: victim.name });
  // A protected victim makes the absorb fail; an Investigator's vial kills the Shoggoth too
  // ("the Keeper reveals if the target is an Investigator. If so, the Shoggoth immediately dies").
  if (spared) ctx = die(ctx, shoggoth, item.cause);
  else if (investigator) ctx = die(ctx, shoggoth, 'vial');
  return ctx;
}

function winnersFor(ctx: Ctx, winner: string): PlayerId[] {
  if (winner === 'investigators' || winner === 'cult') {
    const side = winner === 'cult' ? 'cult' : 'investigators';
    return ctx.players.filter((p) => p.side === side).map((p) => p.id);
  }
  if (winner === 'evilChild') {
    const child = holder(ctx, 'evilChild');
    return child ? [child.id] : [];
  }
  if (winner === 'siblings') return ctx.siblings ? [...ctx.siblings] : [];
  return [];
}
