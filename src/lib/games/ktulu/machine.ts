/**
 * Ktulu's game as an XState machine. The nights follow the Manitou's lists as data (steps.ts):
 * one `night` state walks a cursor through the zero night's 10 steps or the night's 59 (+45a),
 * judging each step when it gets there (plan.ts's `stepMode`, read forward) and applying each
 * answer with the pure rules (rules.ts). The day has one state per thing the Manitou says,
 * named after the book's "Dokładniejsze zasady dnia".
 *
 * Shape:
 *   dealing                        pass-and-peek, one player at a time (skipped for a physical deal)
 *   play.night                     the zero night (night 0) and every night after it
 *   play.day.*                     morning, introductions, duels, the poison, the search, the hanging
 *   interrupt                      the Doctor's question at a death, then back through the deep history
 *   over                           someone has won
 *
 * Every state starts with the same checks: a win ends the game, and a death waiting for the
 * Doctor is asked first. Only `assign` is used, so a transition has nothing left to run.
 */
import { assign, setup } from 'xstate';
import { dealingState, firstCheckGuards, firstChecks, keeperRulings } from '../../engine/common';
import type { GameInput } from '../../engine/game';
import { countList } from '../../engine/names';
import type { Answer, GameEvent, PlayerId } from '../../engine/types';
import type { KtuluSetup } from './setup';
import {
  alive,
  answerDoctor,
  answerNight,
  askDoctorAtDawn,
  doctorQuestionMoot,
  dropDoctorQuestion,
  canStill,
  checkWin,
  createContext,
  fixPlan,
  duelResult,
  eliminate,
  hangTally,
  livingHolder,
  log,
  mayReveal,
  needsSkip,
  nightOver,
  override,
  overrideProblem,
  player,
  reveal,
  search,
  searchSlots,
  searchTally,
  skipAhead,
  startDay,
  startNight,
  type Ctx
} from './rules';

/**
 * Which snapshots this machine can read. 2: the day's search log line isolates each name (a
 * stored game's older lines are rebuilt by replaying its log, as on any version change).
 */
// 3: a night call answered with "nobody" is in the log too.
// 4: the log's public lines are the book's ("Jawność gry"): the jail, the Bodyguard, the
// drinking, the cards (or "with the statue's owner") and the Gambler's game.
// 5: the log has every tally with its counts (the duel, the search and its run-offs, the
// hanging) and the day's move to the search.
export const MACHINE_VERSION = 5;

type Ev = GameEvent;

const answerOf = (e: Ev): Answer | null => (e.type === 'step.answer' ? e.answer : null);
const first = (e: Ev): PlayerId | null => {
  const a = answerOf(e);
  return a?.kind === 'players' ? (a.ids[0] ?? null) : null;
};
const saidYes = (e: Ev) => answerOf(e)?.kind === 'yesno' && (answerOf(e) as { value: boolean }).value;
const countsOf = (e: Ev): Record<PlayerId, number> => {
  const a = answerOf(e);
  return a?.kind === 'tally' ? a.counts : {};
};

/** A tally in the log, in seating order with each count (`<key>None` when nobody voted). */
function logTally(ctx: Ctx, key: string, e: Ev, params: Record<string, number> = {}): Ctx {
  const counts = countsOf(e);
  const list = countList(ctx.players.map((p) => [p.name, counts[p.id] ?? 0]));
  return log(ctx, list ? key : `${key}None`, { ...params, counts: list });
}

const K = '#ktulu';
const FIRST_CHECKS = firstChecks('ktulu');

/**
 * A day state: the first checks, an optional skip, and its answers (each clears what it
 * announced). By day a player may show their card at any step, recorded outside the script
 * (the sentence's own question is the Mayor's: `atSentence`).
 */
function dayState(skip: { guard: string; target: string; actions?: string } | null, answers: object | object[], atSentence = false) {
  const always: object[] = [...FIRST_CHECKS];
  if (skip) always.push(skip);
  const on = [answers].flat().map((t) => {
    const tr = t as { actions?: unknown };
    // Every answer counts towards its call's parts (`visit` opens a new call).
    return { ...tr, actions: ['clearOut', ...[tr.actions ?? []].flat(), 'countPart'] };
  });
  return { always, on: { 'step.answer': on, 'keeper.override': { guard: { type: 'mayReveal', params: { atSentence } }, actions: 'reveal' } } } as never;
}

export const machine = setup({
  types: {
    context: {} as Ctx,
    events: {} as Ev,
    input: {} as GameInput<KtuluSetup>
  },
  guards: {
    ...firstCheckGuards<Ctx>((ctx) => checkWin(ctx).outcome !== null),
    needsSkip: ({ context }) => needsSkip(context),
    nightOver: ({ context }) => nightOver(context),
    doctorAtDawn: ({ context }) => nightOver(context) && context.deferred.length > 0,
    doctorMoot: ({ context }) => doctorQuestionMoot(context),
    saidYes: ({ event }) => saidYes(event),
    pickedSomeone: ({ event }) => first(event) !== null,
    notFirstDay: ({ context }) => context.phase.number > 1,
    // "Jeżeli szeryf żyje, to pojedynku można nie przyjąć."
    sheriffDead: ({ context }) => !livingHolder(context, 'sheriff'),
    noPoison: ({ context }) => !context.poisoned || !player(context, context.poisoned).alive,
    searchTied: ({ context }) => (context.day.search?.tied.length ?? 0) > 0,
    runoffStuck: ({ context }) => {
      const s = context.day.search;
      return !!s && s.tied.length > 0 && s.tied.length === s.options.length;
    },
    nobodyToHang: ({ context }) => !context.day.searched.some((id) => player(context, id).alive),
    nobodyCondemned: ({ context }) => !context.day.condemned,
    mayReveal: ({ context, event }, params: { atSentence: boolean }) =>
      event.type === 'keeper.override' && event.override.kind === 'reveal' && mayReveal(context, event.override.player, params.atSentence)
  },
  actions: {
    override: assign(({ context, event }) => (event.type === 'keeper.override' ? override(context, event.override) : {})),
    reveal: assign(({ context, event }) => (event.type === 'keeper.override' && event.override.kind === 'reveal' ? reveal(context, event.override.player) : {})),
    settleOutcome: assign(({ context }) => (context.outcome ? {} : checkWin(context))),
    answerDoctor: assign(({ context, event }) => answerDoctor(context, saidYes(event))),
    askDoctorAtDawn: assign(({ context }) => askDoctorAtDawn(context)),
    dropDoctorQuestion: assign(({ context }) => dropDoctorQuestion(context)),
    clearOut: assign({ out: [] }),

    // ---- the night
    answerNight: assign(({ context, event }) => {
      const a = answerOf(event);
      return a ? answerNight(context, a) : {};
    }),
    skipAhead: assign(({ context }) => skipAhead(context)),
    startDay: assign(({ context }) => startDay(context)),
    startNight: assign(({ context }) => startNight(context)),

    // ---- the day
    // A day call begins (or, back from a duel, goes on): its answers are counted by countPart.
    visit: assign(({ context }, params: { slot: string }) =>
      context.visited.at(-1) === params.slot
        ? {}
        : {
            // The day's first answer fixes its plan, before the answer changes anything.
            planned: fixPlan(context).planned,
            visited: context.visited.includes(params.slot) ? context.visited : [...context.visited, params.slot],
            parts: 0
          }
    ),
    countPart: assign(({ context }) => ({ parts: (context.parts ?? 0) + 1 })),
    toSearch: assign(({ context }) => log(context, 'toSearch')),
    challenge: assign(({ context, event }) => ({
      day: { ...context.day, duel: { challenger: first(event)!, defender: null, votes: null, dies: [], gunslinger: null } }
    })),
    challenged: assign(({ context, event }) => ({ day: { ...context.day, duel: { ...context.day.duel!, defender: first(event)! } } })),
    refuseDuel: assign(({ context }) => {
      const d = context.day.duel!;
      return { ...log(context, 'duelRefused', { a: player(context, d.challenger).name, b: player(context, d.defender!).name }), day: { ...context.day, duel: null } };
    }),
    countDuel: assign(({ context }) => {
      const d = context.day.duel!;
      return { ...log(context, 'duel', { a: player(context, d.challenger).name, b: player(context, d.defender!).name }), day: { ...context.day, duels: context.day.duels + 1 } };
    }),
    tallyDuel: assign(({ context, event }) => {
      const d = context.day.duel!;
      const votes = countsOf(event);
      const r = duelResult(context, d.challenger, d.defender!, votes);
      return { ...logTally(context, 'duelVotes', event), day: { ...context.day, duel: { ...d, votes, dies: r.dies, gunslinger: r.gunslinger } } };
    }),
    /**
     * The Judge's ruling, if any, then the deaths. "Sędzia nie może zadekretować remisu - musi
     * wskazać jedną osobę, która zginie", and may rule on his own duel.
     */
    resolveDuel: assign(({ context, event }) => {
      const d = context.day.duel!;
      let ctx = context;
      let dies = d.dies;
      const ruling = first(event);
      if (ruling) {
        const judge = (['judge', 'drunkJudge'] as const).find((r) => canStill(ctx, r, 'overrule'))!;
        const j = livingHolder(ctx, judge)!;
        ctx = {
          ...ctx,
          spent: { ...ctx.spent, [`${judge}.overrule`]: 1 },
          players: ctx.players.map((p) => (p.id === j.id ? { ...p, revealed: true } : p))
        };
        ctx = log(ctx, 'judgeRules', { judge: j.name, role: judge, name: player(ctx, ruling).name });
        dies = [ruling];
      } else if (d.gunslinger) {
        ctx = { ...ctx, players: ctx.players.map((p) => (p.id === d.gunslinger ? { ...p, gunslinger: true } : p)) };
      }
      for (const id of dies) ctx = eliminate(ctx, id, 'duel').ctx;
      return { ...ctx, day: { ...ctx.day, duel: null } };
    }),
    poisonDies: assign(({ context }) => eliminate(context, context.poisoned!, 'poisoned').ctx),
    startSearch: assign(({ context }) => {
      const options = alive(context).map((p) => p.id);
      return { day: { ...context.day, search: { options, sure: [], slots: searchSlots(context), round: 1, tied: [] } } };
    }),
    tallySearch: assign(({ context, event }) => {
      const s = context.day.search!;
      const r = searchTally(s.options, countsOf(event), s.slots - s.sure.length);
      const logged = s.round === 1 ? logTally(context, 'searchVotes', event) : logTally(context, 'runoffVotes', event, { round: s.round - 1 });
      return { ...logged, day: { ...context.day, search: { ...s, sure: [...s.sure, ...r.sure], tied: r.tied } } };
    }),
    /** A run-off among those tied, for the places still open. */
    runoff: assign(({ context }) => {
      const s = context.day.search!;
      return { day: { ...context.day, search: { ...s, options: s.tied, round: s.round + 1, tied: [] } } };
    }),
    doSearch: assign(({ context }) => search(context, context.day.search!.sure)),
    condemn: assign(({ context, event }) => {
      const searched = context.day.searched.filter((id) => player(context, id).alive);
      const to = hangTally(searched, countsOf(event));
      const ctx = logTally(context, 'hangVotes', event);
      return { ...log(ctx, to ? 'condemned' : 'hangTie', to ? { name: player(ctx, to).name } : {}), day: { ...ctx.day, condemned: to } };
    }),
    noHanging: assign(({ context }) => log(context, 'noHanging')),
    // "Jeżeli zrobi to w momencie skazywania kogoś na powieszenie, może dodatkowo ułaskawić wieszaną właśnie osobę."
    pardon: assign(({ context }) => {
      const m = livingHolder(context, 'mayor')!;
      const ctx = {
        ...context,
        spent: { ...context.spent, 'mayor.reveal': 1 },
        players: context.players.map((p) => (p.id === m.id ? { ...p, revealed: true } : p))
      };
      return { ...log(ctx, 'pardon', { mayor: m.name, name: player(ctx, context.day.condemned!).name }), day: { ...ctx.day, condemned: null } };
    }),
    hang: assign(({ context }) => (context.day.condemned ? eliminate(context, context.day.condemned, 'hanged').ctx : {}))
  }
}).createMachine({
  id: 'ktulu',
  context: ({ input }) => createContext(input.setup, input.seed),
  initial: 'dealing',
  // The Manitou's rulings and corrections, at any moment after the deal. A card shown is taken by the day's states only.
  on: keeperRulings<Ctx>(overrideProblem),
  states: {
    dealing: dealingState(),
    play: {
      initial: 'night',
      states: {
        hist: { type: 'history', history: 'deep' },
        // "Wpierw trwa zerowa noc" — then every night, step by step from the book's lists.
        night: {
          always: [
            ...FIRST_CHECKS,
            { guard: 'needsSkip', actions: 'skipAhead' },
            { guard: 'doctorAtDawn', actions: 'askDoctorAtDawn' },
            { guard: 'nightOver', target: `${K}.play.day`, actions: 'startDay' }
          ],
          on: { 'step.answer': { actions: 'answerNight' } }
        } as never,
        day: {
          initial: 'morning',
          states: {
            // The night's public facts read aloud, the secret ones for the Manitou (RULES-NOTES "Morning summary").
            morning: dayState(null, { actions: { type: 'visit', params: { slot: 'morning' } }, target: 'intro' }),
            // "Na początku tego dnia przedstawiają się sobie wszyscy uczestnicy gry."
            intro: dayState({ guard: 'notFirstDay', target: 'discussion' }, { actions: { type: 'visit', params: { slot: 'intro' } }, target: 'discussion' }),
            // "Dowolny z graczy może wyzwać w dowolnym momencie dowolnego innego na pojedynek."
            discussion: dayState(null, [
              { guard: 'pickedSomeone', actions: [{ type: 'visit', params: { slot: 'discussion' } }, 'challenge'], target: 'challenged' },
              { actions: [{ type: 'visit', params: { slot: 'discussion' } }, 'toSearch'], target: 'poison' }
            ]),
            challenged: dayState(null, { actions: 'challenged', target: 'accept' }),
            accept: dayState({ guard: 'sheriffDead', target: 'speeches', actions: 'countDuel' }, [
              { guard: 'saidYes', actions: 'countDuel', target: 'speeches' },
              { actions: 'refuseDuel', target: 'discussion' }
            ]),
            // "Wpierw mowę wygłasza atakujący … Następnie mowę wygłasza zaatakowany."
            speeches: dayState(null, { target: 'duelVote' }),
            duelVote: dayState(null, { actions: 'tallyDuel', target: 'duelResult' }),
            duelResult: dayState(null, { actions: 'resolveDuel', target: 'discussion' }),
            // "W wybranym przez Manitou momencie następnego dnia, (ale przed głosowaniami o przeszukiwaniu)."
            poison: dayState(
              { guard: 'noPoison', target: 'searchVote', actions: 'startSearch' },
              { actions: [{ type: 'visit', params: { slot: 'poison' } }, 'poisonDies', 'startSearch'], target: 'searchVote' }
            ),
            searchVote: dayState(null, { actions: [{ type: 'visit', params: { slot: 'search' } }, 'tallySearch'], target: 'searchCheck' }),
            searchCheck: {
              always: [
                ...FIRST_CHECKS,
                { guard: 'searchTied', target: 'searchRunoff', actions: 'runoff' },
                { target: 'hangVote', actions: 'doSearch' }
              ]
            } as never,
            searchRunoff: dayState(null, { actions: 'tallySearch', target: 'runoffCheck' }),
            runoffCheck: {
              always: [
                ...FIRST_CHECKS,
                { guard: 'runoffStuck', target: 'searchStalemate' },
                { guard: 'searchTied', target: 'searchRunoff', actions: 'runoff' },
                { target: 'hangVote', actions: 'doSearch' }
              ]
            } as never,
            // "W sytuacji patowej (wg uznania Manitou) zostaje przeszukana mniejsza niż maksymalnie możliwa liczba osób."
            searchStalemate: dayState(null, [
              { guard: 'saidYes', actions: 'runoff', target: 'searchRunoff' },
              { actions: 'doSearch', target: 'hangVote' }
            ]),
            // "Jeśli nie, miasto głosuje, czy chce kogoś powiesić (w wypadku remisu odpowiedź brzmi „nie”)."
            hangVote: dayState({ guard: 'nobodyToHang', target: 'nightfall' }, [
              { guard: 'saidYes', actions: { type: 'visit', params: { slot: 'hang' } }, target: 'hangWho' },
              { actions: [{ type: 'visit', params: { slot: 'hang' } }, 'noHanging'], target: 'nightfall' }
            ]),
            hangWho: dayState(null, { actions: 'condemn', target: 'sentence' }),
            // The sentence; the Mayor may reveal his card now and pardon (himself too: "mogą na sobie działać sędzia i burmistrz").
            sentence: dayState(
              { guard: 'nobodyCondemned', target: 'nightfall' },
              [
                { guard: 'saidYes', actions: 'pardon', target: 'nightfall' },
                { actions: 'hang', target: 'nightfall' }
              ],
              true
            ),
            nightfall: dayState(null, { actions: { type: 'visit', params: { slot: 'nightfall' } }, target: 'dusk' }),
            dusk: { always: { target: `${K}.play.night`, actions: 'startNight' } }
          }
        }
      }
    },
    interrupt: {
      always: [
        { guard: 'hasOutcome', target: 'over' },
        { guard: 'doctorMoot', actions: 'dropDoctorQuestion' },
        { guard: ({ context }) => context.pending.length === 0, target: 'play.hist' }
      ],
      on: { 'step.answer': { actions: 'answerDoctor' } }
    },
    over: { type: 'final', entry: 'settleOutcome' }
  }
});
