/**
 * Reading a Ktulu snapshot as the screens show it: the step (the book's number and title, the
 * line the Manitou reads aloud, what only the Manitou sees, the answer it takes), the players
 * with their cards and marks, the outcome, the log and the facts the Manitou should never have
 * to work out at the table. Text is i18n keys in the `ktulu` namespace.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { dealStep, playerView, stageOf, viewOf } from '../../engine/common';
import type { Corrections, GameView, Mark, PlayerView } from '../../engine/game';
import { nameList } from '../../engine/names';
import type { AnswerSpec, Fact, PlayerId, Step, Text } from '../../engine/types';
import { cleaningLadyHouses, detectorAnswer, HITS_TO_DESTROY, runawayMayEscape, scrapesNeeded, SIGNALS_TO_WIN } from './compute';
import { ROLES, limit, type RoleId } from './roles';
import { factionOf } from './state';
import type { FactionId } from './ids';
import type { KtuluStep } from './steps';
import { callProgress } from '../../engine/progress';
import {
  DAY_ORDER,
  daySlots,
  nightCalls,
  activeNow,
  aliveIds,
  awake,
  callerOf,
  canShowCard,
  canStill,
  dealtFaction,
  deciderNow,
  holds,
  isGunslinger,
  livingHolder,
  mayReveal,
  membersOf,
  modeOf,
  nightKind,
  player,
  searchSlots,
  spellActive,
  statueFaction,
  statueHolder,
  stepHere,
  stepList,
  usesOf,
  type Ctx,
  announcedFaction,
  roleChoices,
  shielded,
  statueRules
} from './rules';

const k = (key: string, params?: Text['params']): Text => (params ? { key: `ktulu:${key}`, params } : { key: `ktulu:${key}` });
/** Only the Manitou may know it: off the screen on an eyes-open step unless held (`Fact`). */
const secret = (t: Text): Fact => ({ ...t, secret: true });
const none: AnswerSpec = { kind: 'none' };
const names = (ctx: Ctx, ids: PlayerId[]) => nameList(ids.map((id) => player(ctx, id).name));
const nameOf = (ctx: Ctx, id: PlayerId) => player(ctx, id).name;

/** The state the script is in: `night`, a day state's name, `doctor`, `dealing`, or null once over. */
export function stepKey(snapshot: SnapshotFrom<AnyStateMachine>): string | null {
  const v = snapshot.value as string | Record<string, unknown>;
  if (typeof v === 'string') {
    if (v === 'interrupt') return (snapshot.context as Ctx).pending.length ? 'doctor' : null;
    return v === 'dealing' ? 'dealing' : null;
  }
  const play = v.play as string | Record<string, string> | undefined;
  if (!play) return null;
  if (play === 'night') return 'night';
  if (typeof play === 'object' && play.day) return play.day;
  return null;
}

interface Draft {
  id: string;
  number?: string;
  title?: Text;
  prompt: Text;
  announce?: Text[];
  more?: Text[];
  after?: Text;
  hints?: Fact[];
  answer?: AnswerSpec;
  pretend?: boolean;
  eyesClosed: boolean;
  timer?: number;
  /** A card to show to a role, when the app dealt (`Step.showCard`). */
  showCard?: Step['showCard'];
}

// ---------------------------------------------------------------- the night

/** Actions that always show their result on a follow-up: the Manitou's words come after the pick. */
const RESULT_AFTER: ReadonlySet<KtuluStep['does']> = new Set(['client', 'confess', 'learnCard', 'detect', 'chooseMaster', 'clean', 'search', 'steal', 'playCards', 'possess']);

function statueHint(ctx: Ctx): Text {
  const h = statueHolder(ctx);
  if (!h) return k('hints.statueNone');
  if (ctx.statue.planted) return k('hints.statuePlanted', { name: h.name, faction: factionOf(h.role) });
  return k('hints.statueWith', { name: h.name, faction: factionOf(h.role) });
}

/**
 * Marks on the answer widget: who cannot be killed tonight, who holds the statue. "In jail:
 * cannot be killed" says the player's own "In jail" (and the Bodyguard's likewise), so it covers it.
 */
function nightMarks(ctx: Ctx, kill: boolean): { marks: Record<PlayerId, Fact>; covers: Record<PlayerId, string[]> } {
  const marks: Record<PlayerId, Fact> = {};
  const covers: Record<PlayerId, string[]> = {};
  for (const p of ctx.players) {
    if (!p.alive) continue;
    const safe = !kill ? null : ctx.tonight.jailed === p.id ? 'jailed' : shielded(ctx, p.id) ? 'protected' : null;
    if (safe) {
      marks[p.id] = k(`marks.${safe}Safe`);
      covers[p.id] = [safe];
    } else if (holds(ctx, p.id)) marks[p.id] = secret(k(ctx.statue.planted ? 'marks.planted' : 'marks.statue'));
  }
  return { marks, covers };
}

const pick = (candidates: PlayerId[], min: number, max: number, extra: Partial<Extract<AnswerSpec, { kind: 'players' }>> = {}): AnswerSpec => ({
  kind: 'players',
  min: Math.min(min, candidates.length),
  max: Math.min(max, Math.max(candidates.length, 0)),
  candidates,
  ...extra
});

/** What a night step's view reads: the step, its draft so far, and who may be picked. */
interface NightHere {
  ctx: Ctx;
  step: KtuluStep;
  kind: ReturnType<typeof nightKind>;
  /** The step's text keys: `<zeroNight|night>.<n>`. */
  base: string;
  sub: Ctx['cursor']['sub'];
  /** The draft every view starts from: id, number, title, the line to read, the opening hints. */
  d: Draft;
  /** `d.hints`, for a view to add to. */
  hints: Fact[];
  living: PlayerId[];
  faction: FactionId | null;
  caller: ReturnType<typeof callerOf>;
  /** The living but the caller. */
  others: PlayerId[];
  /** The living outside the called faction (for a role, `others`). */
  outsiders: PlayerId[];
  /** The fewest the answer takes: 0 where the book says "may". */
  may: number;
  noneLabel: Text;
}
type NightView = (n: NightHere) => Draft;

/** The answer of a step that only wakes, sleeps or tells: no pick. */
const told =
  (hint?: string): NightView =>
  ({ d, hints }) =>
    hint ? { ...d, hints: [...hints, k(hint)], answer: none } : { ...d, answer: none };

/** A step's result, read after its pick (RESULT_AFTER): what the Manitou shows. */
const shown = (d: Draft, hint: Text): Draft => ({ ...d, prompt: k('steps.answerShown'), hints: [hint] });

/** Pick someone to search, steal from or play cards with: the statue may pass to the caller. */
const searchView: NightView = ({ ctx, step, d, hints, sub, faction, outsiders, may, noneLabel }) => {
  if (sub === 'result') {
    const t = ctx.work.pick!;
    const h = statueHolder(ctx);
    return shown(d, ctx.work.took && h ? k('hints.found', { name: nameOf(ctx, t), holder: h.name }) : k('hints.notFound', { name: nameOf(ctx, t) }));
  }
  if (step.does === 'search' && faction && statueFaction(ctx) === faction) hints.push(k('hints.searchHolding'));
  if (step.does === 'playCards') hints.push(k('hints.playCards'));
  hints.push(statueHint(ctx));
  return { ...d, answer: pick(outsiders, may, 1, { ...nightMarks(ctx, false), none: noneLabel }) };
};

/** The Manitou shows the picked player's card to the caller (the Shaman's look, Kali's master). */
const cardView: NightView = ({ ctx, step, d, sub, caller, others, may, noneLabel }) => {
  if (sub === 'result') {
    const t = ctx.work.pick!;
    return {
      ...shown(d, k('hints.showCard', { role: caller?.role ?? 'shaman', name: nameOf(ctx, t), card: player(ctx, t).role })),
      ...showCard(ctx, t, caller?.role ?? 'shaman')
    };
  }
  return { ...d, answer: pick(others, step.does === 'chooseMaster' ? 1 : may, 1, { none: noneLabel }) };
};

/**
 * Each night action's view, found by the action a step of the book does (`steps.ts` gives
 * every step's action: step 24 of the night, say, is one of these).
 */
const NIGHT_VIEWS: Record<KtuluStep['does'], NightView> = {
  wake: told(),
  sleep: told(),
  meet: told('hints.meet'),
  rideAway: told('hints.rideAway'),

  handStatue: ({ ctx, kind, d, hints, faction }) => {
    const members = awake(ctx, faction!).map((p) => p.id);
    // The statue comes into play at zero-night step 6 (RULES-NOTES).
    hints.push(kind === 'zeroNight' ? k('hints.statueStart') : statueHint(ctx), k('hints.handStatue'));
    return { ...d, answer: pick(members, 1, 1, nightMarks(ctx, false)) };
  },

  client: ({ ctx, d, sub, others }) => {
    if (sub === 'reveal') {
      const c = ctx.work.pick!;
      return {
        ...d,
        prompt: k('steps.clientWakes'),
        hints: [k('hints.clientReveal', { client: nameOf(ctx, c), harlot: holderName(ctx, 'harlot'), role: player(ctx, c).role })],
        ...showCard(ctx, c, 'harlot')
      };
    }
    return { ...d, answer: pick(others, 1, 1) };
  },

  seduce: ({ d, hints, others }) => ({ ...d, hints: [...hints, k('hints.seduce')], answer: pick(others, 1, 1) }),

  blackmail: ({ ctx, d, hints, sub, others }) => {
    if (sub === 'again') {
      return {
        ...d,
        prompt: k('steps.blackmailAgain'),
        hints: [k('hints.blackmailBandit', { name: nameOf(ctx, ctx.work.pick!) })],
        answer: pick(
          others.filter((id) => id !== ctx.work.pick),
          1,
          1
        )
      };
    }
    return { ...d, hints: [...hints, k('hints.blackmail')], answer: pick(others, 1, 1, { marks: banditMarks(ctx) }) };
  },

  jail: ({ ctx, kind, d, hints, others }) => {
    hints.push(kind === 'zeroNight' ? k('hints.jailZero') : k('hints.jail'));
    if (kind === 'night') hints.push(statueHint(ctx));
    return { ...d, answer: pick(others, 1, 1, kind === 'night' ? nightMarks(ctx, false) : {}) };
  },

  confess: ({ ctx, d, sub, caller, others }) => {
    if (sub === 'result') {
      const t = ctx.work.pick!;
      return shown(d, k('hints.tellFaction', { role: caller?.role ?? 'pastor', name: nameOf(ctx, t), faction: factionOf(player(ctx, t).role) }));
    }
    return { ...d, answer: pick(others, 1, 1) };
  },

  search: searchView,
  steal: searchView,
  playCards: searchView,

  kill: ({ ctx, d, hints, sub, outsiders, may, noneLabel }) => {
    if (sub === 'result') {
      const h = statueHolder(ctx);
      return shown(d, k('hints.killTook', { name: nameOf(ctx, ctx.work.pick!), holder: h?.name ?? '' }));
    }
    hints.push(k('hints.kill'), statueHint(ctx));
    return { ...d, answer: pick(outsiders, may, 1, { ...nightMarks(ctx, true), none: noneLabel }) };
  },

  follow: ({ d, hints, others, noneLabel }) => ({ ...d, hints: [...hints, k('hints.follow')], answer: pick(others, 0, 1, { none: noneLabel }) }),

  learnHolder: ({ ctx, step, d, hints, caller }) => {
    const h = statueHolder(ctx);
    const luke = h?.role === 'luckyLuke';
    // "Poborca podatków nie dowiaduje się kto ma posążek, gdy ma go Lucky Luke."
    if (caller?.role === 'taxCollector' && luke) hints.push(k('hints.taxLuke'));
    else if (caller?.role === 'luckyLuke' && luke) hints.push(k('hints.lukeHolds'));
    else hints.push(h ? k('hints.showHolder', { name: h.name }) : k('hints.noHolder'));
    return { ...d, answer: step.may ? { kind: 'yesno', yes: k('answers.wants'), no: k('answers.doesNotWant') } : none };
  },

  protect: ({ ctx, d, hints, others }) => {
    const last = ctx.bodyguardLast;
    const candidates = others.filter((id) => id !== last);
    if (last && player(ctx, last).alive) hints.push(k('hints.protectLast', { name: nameOf(ctx, last) }));
    return { ...d, answer: pick(candidates, 1, 1, { marks: last && player(ctx, last).alive ? { [last]: k('marks.protectedLastNight') } : undefined }) };
  },

  gamble: ({ ctx, d, hints, sub, living }) => {
    const gambler = livingHolder(ctx, 'gambler');
    const marks = townMarks(ctx);
    const candidates = living.filter((id) => id !== gambler?.id);
    if (sub === 'again') {
      const last = ctx.work.pick!;
      return {
        ...d,
        prompt: k('steps.gambleAgain'),
        hints: [k(player(ctx, last).alive ? 'hints.gambleSpared' : 'hints.gambleShot', { name: nameOf(ctx, last) }), k('hints.gamble')],
        answer: pick(candidates, 1, 1, { marks })
      };
    }
    hints.push(k('hints.gamble'));
    return { ...d, answer: pick(candidates, 0, 1, { marks, none: k('answers.noGame') }) };
  },

  drink: ({ d, hints, others, noneLabel }) => {
    hints.push(k('hints.drink'));
    return { ...d, answer: pick(others, 0, 1, { none: noneLabel }) };
  },

  learnCard: cardView,
  chooseMaster: cardView,

  poison: ({ d, hints, outsiders, noneLabel }) => {
    hints.push(k('hints.poison'));
    return { ...d, answer: pick(outsiders, 0, 1, { none: noneLabel }) };
  },

  plant: ({ ctx, d, hints, others }) => {
    const h = statueHolder(ctx)!;
    if (ctx.statue.planted) {
      hints.push(k('hints.takeBack', { name: h.name }));
      return { ...d, answer: pick([h.id], 0, 1, { none: k('answers.leaveIt') }) };
    }
    hints.push(k('hints.plant'));
    const candidates = others.filter((id) => activeNow(ctx, id));
    return { ...d, answer: pick(candidates, 0, 1, { none: k('answers.keepIt') }) };
  },

  detect: ({ ctx, d, sub, caller, others }) => {
    if (sub === 'result') return shown(d, detectHint(ctx, caller?.id ?? null, ctx.work.pick!));
    return { ...d, answer: pick(others, 1, 1) };
  },

  signal: ({ ctx, d, hints }) => ({ ...d, hints: [...hints, k('hints.signal', { n: ctx.signals + 1, max: SIGNALS_TO_WIN })], answer: none }),

  chooseEscapee: ({ ctx, d, hints }) => {
    const members = awake(ctx, 'runaways').map((p) => p.id);
    hints.push(k('hints.chooseEscapee'));
    return { ...d, answer: pick(members, 1, 1) };
  },

  escape: ({ ctx, d, hints }) => {
    const e = ctx.tonight.escapee!;
    const last = membersOf(ctx, 'runaways').filter((p) => p.alive).length === 1;
    hints.push(k(last ? 'hints.escapeLast' : 'hints.escape', { name: nameOf(ctx, e) }));
    return { ...d, answer: none };
  },

  robMaster: ({ ctx, d, hints, sub }) => {
    const m = ctx.tonight.master!;
    if (sub === 'result') return shown(d, ctx.work.took ? k('hints.robbed', { name: nameOf(ctx, m) }) : k('hints.notFound', { name: nameOf(ctx, m) }));
    hints.push(k('hints.master', { name: nameOf(ctx, m) }), statueHint(ctx));
    return { ...d, answer: { kind: 'yesno', yes: k('answers.robs'), no: k('answers.doesNotWant') } };
  },

  clean: ({ ctx, base, d, hints, sub, living, others, noneLabel }) => {
    const houses = cleaningLadyHouses(living.length);
    if (sub === 'result') return shown(d, k(ctx.work.took ? 'hints.cleanFound' : 'hints.cleanEmpty'));
    hints.push(k('hints.houses', { count: houses }));
    return { ...d, more: [k(`${base}.limit`, { count: houses })], answer: pick(others, 0, houses, { none: noneLabel }) };
  },

  scrape: ({ ctx, d, hints }) => ({ ...d, hints: [...hints, k('hints.scrape', { n: ctx.runaways.scrapesSinceEscape + 1 })], answer: none }),

  interrogate: ({ ctx, d, hints, sub, others, noneLabel }) => {
    if (sub === 'cooperate') {
      const t = ctx.work.pick!;
      const safe = shielded(ctx, t);
      return {
        ...d,
        prompt: k('steps.nightmare'),
        hints: [k('hints.nightmare', { name: nameOf(ctx, t) }), ...(safe ? [k('hints.nightmareSafe', { name: nameOf(ctx, t) })] : [])],
        answer: { kind: 'yesno', yes: k('answers.cooperates'), no: k('answers.refuses') }
      };
    }
    if (sub === 'result') return shown(d, bannerHint(ctx, ctx.work.pick!));
    // An inactive player does not wake this night ("nie budzi się tej nocy wcale"), not even for a nightmare.
    const candidates = others.filter((id) => activeNow(ctx, id));
    hints.push(k('hints.interrogate'));
    return { ...d, answer: pick(candidates, 0, 1, { none: noneLabel }) };
  },

  shoot: ({ ctx, d, hints, sub, living, may, noneLabel }) => {
    const candidates = living.filter((id) => factionOf(player(ctx, id).role) !== 'gods');
    if (sub === 'take') return { ...d, prompt: k('steps.godsTake'), hints: [k('hints.godsTake')], answer: { kind: 'yesno', yes: k('answers.takes'), no: k('answers.leaves') } };
    if (sub === 'result') return shown(d, shotHint(ctx));
    hints.push(k('hints.shoot'), statueHint(ctx));
    return { ...d, answer: pick(candidates, may, 1, { ...nightMarks(ctx, true), none: noneLabel }) };
  },

  possess: ({ ctx, d, hints, sub, others }) => {
    if (sub === 'result') return shown(d, k(ctx.work.ok ? 'hints.possessed' : 'hints.possessFails', { name: nameOf(ctx, ctx.work.pick!) }));
    hints.push(k('hints.possess'));
    return { ...d, answer: pick(others, 1, 1) };
  },

  giveStatue: ({ ctx, d, sub, others }) => {
    if (sub === 'result') return { ...d, prompt: k('steps.statueGiven'), hints: [k('hints.given', { name: nameOf(ctx, ctx.work.pick!) })] };
    const candidates = others.filter((id) => activeNow(ctx, id));
    return { ...d, answer: pick(candidates, 0, 1, { none: k('answers.keepIt') }) };
  }
};

/** Who is awake and who decides for a faction, or who is called for a role: the step's opening hints. */
function openingHints(ctx: Ctx, step: KtuluStep, faction: FactionId | null, caller: ReturnType<typeof callerOf>): Fact[] {
  const hints: Fact[] = [];
  if (faction) {
    const members = awake(ctx, faction);
    if (members.length) hints.push(k('hints.awake', { names: names(ctx, members.map((p) => p.id)), count: members.length }));
    if (['handStatue', 'search', 'kill', 'chooseEscapee', 'shoot'].includes(step.does)) {
      const dec = deciderNow(ctx, faction);
      hints.push(dec ? k('hints.decider', { name: dec.name }) : k('hints.deciderManitou'));
    }
  } else if (caller) hints.push(k('hints.caller', { name: caller.name, role: caller.role }));
  return hints;
}

function nightDraft(ctx: Ctx): Draft {
  const step = stepHere(ctx)!;
  const kind = nightKind(ctx);
  const base = `${kind}.${step.n}`;
  const sub = ctx.cursor.sub;
  const mode = sub ? 'act' : modeOf(ctx, step);
  const alone = step.alone ? k(`${base}.after`) : undefined;
  const d: Draft = {
    id: sub ? `${base}.${sub}` : base,
    number: step.n,
    title: k(`${base}.title`),
    prompt: k(`${base}.say`),
    eyesClosed: true,
    hints: []
  };
  if (mode === 'pretend') return { ...d, pretend: true, after: alone, answer: none };
  const living = aliveIds(ctx);
  const faction = 'faction' in step.actor ? step.actor.faction : null;
  const caller = faction ? null : callerOf(ctx, step);
  const others = living.filter((id) => id !== caller?.id);
  const outsiders = faction ? living.filter((id) => factionOf(player(ctx, id).role) !== faction) : others;
  if (sub === null) {
    d.hints = openingHints(ctx, step, faction, caller);
    if (!RESULT_AFTER.has(step.does)) d.after = alone;
  } else d.after = alone;
  const here = { ctx, step, kind, base, sub, d, hints: d.hints!, living, faction, caller, others, outsiders, may: step.may ? 0 : 1, noneLabel: k('answers.nobody') };
  return NIGHT_VIEWS[step.does](here);
}

/** A card the Manitou shows to a role: on screen only when the app dealt the cards (no card to hold up). */
function showCard(ctx: Ctx, id: PlayerId, to: RoleId): Pick<Step, 'showCard'> {
  return ctx.setup.deal.mode === 'app' ? { showCard: { player: id, to: k(`roles.${to}.name`) } } : {};
}

function holderName(ctx: Ctx, role: RoleId): string {
  return ctx.players.find((p) => p.role === role)?.name ?? '';
}

function banditMarks(ctx: Ctx): Record<PlayerId, Fact> {
  return Object.fromEntries(membersOf(ctx, 'bandits').filter((p) => p.alive).map((p) => [p.id, secret(k('marks.bandit'))]));
}

function townMarks(ctx: Ctx): Record<PlayerId, Fact> {
  return Object.fromEntries(membersOf(ctx, 'town').filter((p) => p.alive).map((p) => [p.id, secret(k('marks.townsperson'))]));
}

/** The Detector's arc (compute.ts), named player by player. */
function detectHint(ctx: Ctx, detector: PlayerId | null, examined: PlayerId): Text {
  const holder = statueHolder(ctx);
  const seatOf = (id: PlayerId) => player(ctx, id).seat;
  const det = detector ?? livingHolder(ctx, 'detector')?.id ?? examined;
  const a = detectorAnswer(
    ctx.players.map((p) => ({ seat: p.seat, alive: p.alive })),
    seatOf(det),
    seatOf(examined),
    holder ? holder.seat : null
  );
  const name = nameOf(ctx, examined);
  if (a.kind === 'examinedHolds') return k('hints.detect.holds', { name });
  if (a.kind === 'detectorHolds') return k('hints.detect.self');
  if (a.kind === 'nowhere') return k('hints.detect.nowhere');
  const arc = nameList(a.seats.map((s) => ctx.players.find((p) => p.seat === s)!.name));
  return k(`hints.detect.${a.direction}`, { name, names: arc });
}

/** "Chorągiew dowiaduje się jaką ma kartę i czy ona i któryś z jej sąsiadów ma posążek." Neighbours: the living ones on either side. */
function bannerHint(ctx: Ctx, id: PlayerId): Text {
  const ring = ctx.players.filter((p) => p.alive || p.id === id).sort((a, b) => a.seat - b.seat);
  const i = ring.findIndex((p) => p.id === id);
  const near = [ring[(i + ring.length - 1) % ring.length], ring[(i + 1) % ring.length]].map((p) => p.id);
  const found = [id, ...near].some((x) => holds(ctx, x));
  const p = player(ctx, id);
  return k(found ? 'hints.bannerNear' : 'hints.bannerFar', { name: p.name, card: p.role, names: names(ctx, [...new Set(near)].filter((x) => x !== id)) });
}

function shotHint(ctx: Ctx): Text {
  const shot = ctx.work.shot!;
  const t = player(ctx, ctx.work.pick!);
  if (shot.statueHit) return k(ctx.outcome ? 'hints.shotDestroys' : 'hints.shotHits', { name: t.name, n: ctx.hits, max: HITS_TO_DESTROY });
  if (shot.landed) return k('hints.shotLands', { name: t.name });
  return k(t.alive ? 'hints.shotMissesSaved' : 'hints.shotMissesKills', { name: t.name });
}

// ---------------------------------------------------------------- mornings

/** The night's public facts ("Jawność gry"): deaths, the jail, the Bodyguard, the Gambler, the drinking, the cards, the statue's faction. */
function morningAnnouncements(ctx: Ctx): Text[] {
  const out: Text[] = [...deathAnnouncements(ctx)];
  const t = ctx.tonight;
  if (t.jailed) out.push(k('announce.jailed', { name: nameOf(ctx, t.jailed) }));
  if (t.protected) out.push(k('announce.protected', { name: nameOf(ctx, t.protected) }));
  if (t.gambled.length) out.push(k('announce.gambled', { names: names(ctx, t.gambled) }));
  for (const id of t.drinking) out.push(k('announce.drank', { name: nameOf(ctx, id) }));
  if (t.playingCards) out.push(t.cardsWon ? k('announce.cardsHolder') : k('announce.cards', { name: nameOf(ctx, t.playingCards) }));
  // "Manitou każdorazowo ogłasza zmianę frakcji posiadającej posążek (wyjątkiem są tu reguły związane z cichą stopą)."
  // The first morning says where the statue is without claiming a change: the Bandit Leader had it from the start.
  // Planting and taking back are not announced (announcedFaction).
  const faction = announcedFaction(ctx);
  if (ctx.phase.number === 1 && faction === 'bandits') out.push(k('announce.statueStart'));
  else if (faction && faction !== t.statueAtDusk) out.push(k('announce.statue', { faction }));
  if (!out.length) out.push(k('announce.quiet'));
  return out;
}

function deathAnnouncements(ctx: Ctx): Text[] {
  return ctx.out.map((id) => {
    const p = player(ctx, id);
    return k(`announce.fate.${p.fate ?? 'keeper'}`, { name: p.name, role: p.role });
  });
}

/** The night's secrets, for the Manitou's eyes only. */
function morningSecrets(ctx: Ctx): Text[] {
  const night = ctx.phase.number - 1;
  const lines = ctx.log.filter((l) => l.secret && l.phase.kind === 'night' && l.phase.number === night).map((l) => l.text);
  return lines.length ? lines : [k('hints.quietNight')];
}

// ---------------------------------------------------------------- the day

const DAY_SLOT: Record<string, string> = {
  morning: 'morning',
  intro: 'intro',
  discussion: 'discussion',
  challenged: 'discussion',
  accept: 'discussion',
  speeches: 'discussion',
  duelVote: 'discussion',
  duelResult: 'discussion',
  poison: 'poison',
  searchVote: 'search',
  searchRunoff: 'search',
  searchStalemate: 'search',
  hangVote: 'hang',
  hangWho: 'hang',
  sentence: 'hang',
  nightfall: 'nightfall',
  doctor: 'doctor'
};

export const mayorCanPardon = (ctx: Ctx): boolean => canStill(ctx, 'mayor', 'reveal') && !livingHolder(ctx, 'mayor')!.revealed;
const judgeCanRule = (ctx: Ctx) => canStill(ctx, 'judge', 'overrule') || canStill(ctx, 'drunkJudge', 'overrule');

/** What a day step's view reads: the game, the living, and the step's draft maker. */
interface DayHere {
  ctx: Ctx;
  living: PlayerId[];
  /** The deaths to announce since the last announcement. */
  announce: Text[];
  /** Today's duel, on the duel's steps. */
  duel: Ctx['day']['duel'];
  /** A day step's draft: its id, the title of its slot, the line to read, eyes open. */
  d: (id: string, prompt: Text, rest?: Partial<Draft>) => Draft;
}
type DayView = (h: DayHere) => Draft;

/** What the duel's result says: who dies, or that nobody does. */
function duelResultPrompt(ctx: Ctx, duel: NonNullable<Ctx['day']['duel']>): Text {
  const dies = duel.dies;
  if (duel.gunslinger) return k('steps.duelGunslinger', { gun: nameOf(ctx, duel.gunslinger), name: nameOf(ctx, dies[0]) });
  if (dies.length === 0) return k('steps.duelNobody');
  if (dies.length === 2) return k('steps.duelBoth', { a: nameOf(ctx, dies[0]), b: nameOf(ctx, dies[1]) });
  return k('steps.duelOne', { name: nameOf(ctx, dies[0]) });
}

/** Each day step's view, found by the day state's name. */
const DAY_VIEWS: Record<string, DayView> = {
  morning: ({ ctx, d }) => d('morning', k('steps.morning'), { announce: morningAnnouncements(ctx), hints: morningSecrets(ctx).map(secret) }),
  intro: ({ d }) => d('intro', k('steps.intro'), { hints: [k('hints.intro')] }),
  discussion: ({ ctx, living, announce, d }) => {
    const settings = ctx.setup.settings;
    const left = settings.duelsPerDay - ctx.day.duels;
    const hints: Fact[] = [k('hints.duels', { n: ctx.day.duels, max: settings.duelsPerDay })];
    // Who may still show their card today, and where the Manitou records it: it names the card.
    const reveals = ctx.players.filter((p) => mayReveal(ctx, p.id)).map((p) => secret(k('hints.mayReveal', { name: p.name, role: p.role })));
    if (left <= 0) return d('discussion', k('steps.discussion'), { announce, hints: [...hints, k('hints.noDuels'), ...reveals] });
    return d('discussion', k('steps.discussion'), {
      announce,
      hints: [...hints, k('hints.challenge'), ...reveals],
      answer: pick(living, 0, 1, { none: k('answers.toSearch') })
    });
  },
  challenged: ({ ctx, living, duel, d }) =>
    d('challenged', k('steps.challenged', { name: nameOf(ctx, duel!.challenger) }), {
      answer: pick(
        living.filter((id) => id !== duel!.challenger),
        1,
        1
      )
    }),
  accept: ({ ctx, duel, d }) =>
    d('accept', k('steps.accept', { a: nameOf(ctx, duel!.challenger), b: nameOf(ctx, duel!.defender!) }), {
      hints: [k('hints.sheriffAlive')],
      answer: { kind: 'yesno', yes: k('answers.accepts'), no: k('answers.declines') }
    }),
  speeches: ({ ctx, duel, d }) => d('speeches', k('steps.speeches', { a: nameOf(ctx, duel!.challenger), b: nameOf(ctx, duel!.defender!) }), { timer: 60 }),
  duelVote: ({ ctx, living, duel, d }) => {
    const a = duel!.challenger;
    const b = duel!.defender!;
    const voters = living.length - 2;
    const hints: Fact[] = [k('hints.duelVote', { count: voters })];
    const guns = [a, b].filter((id) => isGunslinger(player(ctx, id).role));
    // A gunslinger is known to all only once he has won a duel as one ("wszyscy dowiadują się").
    if (guns.length === 1) {
      const hint = k('hints.gunslinger', { name: nameOf(ctx, guns[0]) });
      hints.push(player(ctx, guns[0]).gunslinger ? hint : secret(hint));
    }
    hints.push(...bondHints(ctx, [a, b]).map(secret));
    return d('duelVote', k('steps.duelVote', { a: nameOf(ctx, a), b: nameOf(ctx, b) }), {
      hints,
      // Everyone else votes once or abstains (book, "Pojedynki").
      answer: { kind: 'tally', options: [a, b], max: Math.max(0, voters), total: { rule: 'atMost', n: Math.max(0, voters) } }
    });
  },
  duelResult: ({ ctx, duel, d }) => {
    const prompt = duelResultPrompt(ctx, duel!);
    if (!judgeCanRule(ctx)) return d('duelResult', prompt);
    const judge = (['judge', 'drunkJudge'] as const).find((r) => canStill(ctx, r, 'overrule'))!;
    return d('duelResult', prompt, {
      hints: [secret(k('hints.judge', { name: livingHolder(ctx, judge)!.name, role: judge }))],
      answer: pick([duel!.challenger, duel!.defender!], 0, 1, { none: k('answers.noRuling') })
    });
  },
  poison: ({ ctx, announce, d }) => {
    const p = ctx.poisoned!;
    return d('poison', k('steps.poison', { name: nameOf(ctx, p) }), { announce, hints: [holds(ctx, p) ? secret(k('hints.poisonStatue')) : k('hints.poisonDay')] });
  },
  searchVote: ({ ctx, living, announce, d }) => {
    const slots = searchSlots(ctx);
    return d('searchVote', k('steps.searchVote', { count: slots }), {
      announce,
      hints: [k('hints.searchVote', { count: slots }), secret(statueHint(ctx))],
      // "Każdy ma tyle głosów, ile jest przeszukań", one per person, no abstaining.
      answer: { kind: 'tally', options: living, max: living.length, total: { rule: 'exactly', n: living.length * slots } }
    });
  },
  searchRunoff: ({ ctx, living, d }) => {
    const s = ctx.day.search!;
    return d('searchRunoff', k('steps.searchRunoff', { names: names(ctx, s.options), count: s.slots - s.sure.length }), {
      hints: [k('hints.searchRunoff', { round: s.round }), ...(s.sure.length ? [k('hints.searchSure', { names: names(ctx, s.sure) })] : [])],
      // A run-off: each voter casts one vote per place still open, no abstaining.
      answer: { kind: 'tally', options: s.options, max: living.length, total: { rule: 'exactly', n: living.length * (s.slots - s.sure.length) } }
    });
  },
  searchStalemate: ({ ctx, d }) => {
    const s = ctx.day.search!;
    return d('searchStalemate', k('steps.searchStalemate', { names: names(ctx, s.tied) }), {
      hints: [k('hints.searchStalemate', { n: s.sure.length })],
      answer: { kind: 'yesno', yes: k('answers.voteAgain'), no: k('answers.searchFewer') }
    });
  },
  hangVote: ({ ctx, d }) => {
    const searched = ctx.day.searched;
    return d('hangVote', k('steps.hangVote'), {
      announce: [k('announce.searched', { names: names(ctx, searched), count: searched.length }), k('announce.notFound')],
      hints: [k('hints.hangVote')],
      answer: { kind: 'yesno', yes: k('answers.hang'), no: k('answers.noHang') }
    });
  },
  hangWho: ({ ctx, living, d }) => {
    const options = ctx.day.searched.filter((id) => player(ctx, id).alive);
    return d('hangWho', k('steps.hangWho', { names: names(ctx, options) }), {
      hints: [k('hints.hangWho')],
      // Which of the searched: one vote each, no abstaining.
      answer: { kind: 'tally', options, max: living.length, total: { rule: 'exactly', n: living.length } }
    });
  },
  sentence: ({ ctx, d }) => {
    const c = ctx.day.condemned!;
    const prompt = k('steps.sentence', { name: nameOf(ctx, c) });
    if (!mayorCanPardon(ctx)) return d('sentence', prompt);
    return d('sentence', prompt, {
      hints: [secret(k('hints.mayor', { name: livingHolder(ctx, 'mayor')!.name }))],
      answer: { kind: 'yesno', yes: k('answers.pardon'), no: k('answers.noPardon') }
    });
  },
  nightfall: ({ ctx, announce, d }) => d('nightfall', k('steps.nightfall'), { announce: [...announce, ...pardonAnnouncement(ctx)], eyesClosed: false })
};

function dayDraft(ctx: Ctx, key: string): Draft {
  const view = Object.hasOwn(DAY_VIEWS, key) ? DAY_VIEWS[key] : undefined;
  if (!view) throw new Error(`No day step for ${key}`);
  const d = (id: string, prompt: Text, rest: Partial<Draft> = {}): Draft => ({ id: `day.${id}`, title: k(`titles.${DAY_SLOT[id]}`), prompt, eyesClosed: false, hints: [], ...rest });
  return view({ ctx, living: aliveIds(ctx), announce: deathAnnouncements(ctx), duel: ctx.day.duel, d });
}

/** Today's pardon, read out at nightfall (a card shown after it does not hide it). */
function pardonAnnouncement(ctx: Ctx): Text[] {
  const line = ctx.log.find((l) => l.text.key === 'ktulu:log.pardon' && l.phase.kind === 'day' && l.phase.number === ctx.phase.number);
  return line ? [k('announce.pardon', line.text.params)] : [];
}

/** The Seducer's and Blackmailer's hold on a voter: "musi głosować za uwodzicielem w pojedynkach". */
function bondHints(ctx: Ctx, duellists: PlayerId[]): Text[] {
  const out: Text[] = [];
  const bind = (who: PlayerId | null, role: RoleId) => {
    const holder = livingHolder(ctx, role);
    if (who && holder && player(ctx, who).alive && duellists.includes(holder.id) && !duellists.includes(who))
      out.push(k('hints.bound', { name: nameOf(ctx, who), holder: holder.name, role }));
  };
  bind(ctx.seduced, 'seducer');
  bind(ctx.blackmailed, 'blackmailer');
  return out;
}

function doctorDraft(ctx: Ctx): Draft {
  const q = ctx.pending[0];
  const day = ctx.phase.kind === 'day';
  const doctor = livingHolder(ctx, 'doctor');
  return {
    id: `${day ? 'day' : ctx.phase.number === 0 ? 'zeroNight' : 'night'}.doctor`,
    title: k('titles.doctor'),
    prompt: k(day ? 'steps.doctorDay' : 'steps.doctorNight'),
    after: k(day ? 'steps.doctorAfterDay' : 'steps.doctorAfterNight'),
    hints: [k('hints.doctor', { doctor: doctor?.name ?? '', name: nameOf(ctx, q.victim) }), ...(q.dayFind ? [k('hints.doctorStatue')] : [])],
    answer: { kind: 'yesno', yes: k('answers.revive'), no: k('answers.letDie') },
    eyesClosed: true
  };
}

// ---------------------------------------------------------------- the step

/**
 * The phase's calls as the Manitou counts them: fixed by the phase's first answer
 * (`Ctx.planned`); before it, or in a game stored before the plan was kept, those made so far
 * and those still ahead, judged on the state now.
 */
function plannedCalls(ctx: Ctx, order: readonly string[]): string[] {
  if (ctx.planned) return ctx.planned;
  const ahead = ctx.phase.kind === 'night' ? nightCalls(ctx, ctx.cursor.index) : daySlots(ctx);
  return order.filter((n) => ctx.visited.includes(n) || ahead.includes(n));
}

/** Who a call wakes, by name, to say it is passed over (a role, or a faction). */
function callName(ctx: Ctx, call: string): Text[] {
  if (ctx.phase.kind === 'day') return [k(`titles.${call}`)];
  const step = stepList(ctx).find((s) => s.n === call);
  if (!step) return [];
  const actor = step.actor;
  if ('faction' in actor) return [k(`factions.${actor.faction}`)];
  return ('role' in actor ? [actor.role] : actor.roles).map((r) => k(`roles.${r}.name`));
}

export function currentStep(ctx: Ctx, key: string): Step {
  let d: Draft;
  let call: string | null = null;
  let extra: true | undefined;
  const night = ctx.phase.kind === 'night';
  const order = night ? stepList(ctx).map((s) => s.n) : DAY_ORDER;
  let here: string | null;
  let returnsTo: string | undefined;
  if (key === 'doctor') {
    // A consequence: an extra step before the next call (after the last, at dawn), the
    // phase's length unchanged. A death in a duel goes back to the discussion it came from.
    d = doctorDraft(ctx);
    extra = true;
    here = null;
    if (!night && ctx.visited.at(-1) === 'discussion') returnsTo = 'discussion';
  } else if (key === 'night') {
    d = nightDraft(ctx);
    here = call = stepHere(ctx)!.n;
  } else {
    d = dayDraft(ctx, key);
    here = call = DAY_SLOT[key];
  }
  const counted = callProgress({ planned: plannedCalls(ctx, order), order, visited: ctx.visited, here, returnsTo });
  const { index, total } = counted;
  if (counted.extra) extra = true;
  // Calls passed over are named only while eyes are closed; on an eyes-open step, only counted.
  const passedCalls = counted.passed ?? [];
  const names = [...new Map(passedCalls.flatMap((c) => callName(ctx, c)).map((t) => [t.key, t])).values()];
  const passed = passedCalls.length > 0 ? (d.eyesClosed ? { count: passedCalls.length, names } : { count: passedCalls.length }) : undefined;
  // A call's later steps say which part of it they are, so no two steps read the same.
  const part = call !== null && ctx.visited.at(-1) === call ? (ctx.parts ?? 1) + 1 : undefined;
  return {
    id: d.id,
    number: d.number,
    role: d.title,
    prompt: d.prompt,
    announce: d.announce?.length ? d.announce : undefined,
    more: d.more?.length ? d.more : undefined,
    after: d.after,
    hints: d.hints ?? [],
    answer: d.answer ?? none,
    pretend: d.pretend || undefined,
    eyesClosed: d.eyesClosed,
    timer: d.timer,
    progress: { index, total, ...(extra ? { extra } : part ? { part } : {}), ...(passed ? { passed } : {}) },
    ...(d.showCard ? { showCard: d.showCard } : {})
  };
}

// ---------------------------------------------------------------- players and the whole view

function marksOf(ctx: Ctx, id: PlayerId): Mark[] {
  const out: Mark[] = [];
  const p = player(ctx, id);
  const m = (mid: string, secret = true) => out.push({ id: mid, text: k(`marks.${mid}`), secret });
  if (p.revealed) m('revealed', false);
  if (p.gunslinger) m('gunslinger', false);
  if (!p.alive) return out;
  if (holds(ctx, id)) m(ctx.statue.planted ? 'planted' : 'statue');
  if (ctx.phase.kind === 'night') {
    if (ctx.tonight.jailed === id) m('jailed');
    if (ctx.tonight.drinking.includes(id)) m('drinking');
    if (ctx.tonight.playingCards === id) m('playingCards');
    if (shielded(ctx, id)) m('protected');
    if (ctx.tonight.master === id) m('master');
  }
  if (ctx.poisoned === id) m('poisoned');
  if (ctx.client === id) m('client');
  if (ctx.seduced === id) m('seduced');
  if (ctx.blackmailed === id) m('blackmailed');
  if (spellActive(ctx, ctx.follow, '5') && ctx.follow.target === id) m('followed');
  if (spellActive(ctx, ctx.possessed, '56') && ctx.possessed.target === id) m('possessed');
  return out;
}

export function players(ctx: Ctx): PlayerView[] {
  return ctx.players.map((p) => {
    const faction = factionOf(p.role);
    const card = { role: k(`roles.${p.role}.name`), side: k(`factions.${faction}`), ability: k(`roles.${p.role}.ability`), tone: faction };
    return playerView(p, p.fate ? k(`fate.${p.fate}`) : undefined, card, marksOf(ctx, p.id));
  });
}

/** Limited powers still held by living players: "Thief — steal: 1 of 1 left". */
function powersLeft(ctx: Ctx): Text[] {
  const out: Text[] = [];
  for (const p of ctx.players) {
    if (!p.alive) continue;
    for (const a of ROLES[p.role].abilities) {
      // The Insurance Agent's reveal changes nothing in play; the Mayor's is his pardon.
      if (a.uses === 'every' || a.timing === 'zeroNight' || p.role === 'insuranceAgent') continue;
      const total = limit(a.uses);
      out.push(k('facts.uses', { role: p.role, action: a.does, left: Math.max(0, total - usesOf(ctx, p.role, a.does)), total }));
    }
  }
  return out;
}

/**
 * The Manitou's box. Secret ("Jawność gry" makes public only what the morning reads): where the
 * statue is, the factions' progress, the poisoned, the followed and possessed, and the powers
 * left (they name roles). Public: the rules in force and the day's duels.
 */
export function facts(ctx: Ctx): Fact[] {
  const out: Fact[] = [];
  const secret = (t: Text): Fact => ({ ...t, secret: true });
  if (ctx.phase.number > 0 || ctx.statue.holder) out.push(secret(statueHint(ctx)));
  if (dealtFaction(ctx, 'aliens')) out.push(secret(k('facts.signals', { n: ctx.signals, max: SIGNALS_TO_WIN })));
  if (dealtFaction(ctx, 'gods')) out.push(secret(k('facts.hits', { n: ctx.hits, max: HITS_TO_DESTROY })));
  if (dealtFaction(ctx, 'runaways')) {
    const { scrapesSinceEscape: s, killedSinceEscape: d } = ctx.runaways;
    out.push(secret(runawayMayEscape(s, d) ? k('facts.mayEscape', { scrapes: s }) : k('facts.mayNotEscape', { scrapes: s, n: scrapesNeeded(s, d) })));
  }
  if (dealtFaction(ctx, 'bandits')) out.push(k('facts.ship', { night: ctx.setup.settings.shipNight, morning: ctx.setup.settings.shipNight + 1 }));
  out.push(k('facts.searches', { n: ctx.setup.settings.searchesPerDay }));
  if (ctx.phase.kind === 'day') out.push(k('facts.duels', { n: ctx.day.duels, max: ctx.setup.settings.duelsPerDay }));
  if (ctx.poisoned && player(ctx, ctx.poisoned).alive) out.push(secret(k('facts.poisoned', { name: nameOf(ctx, ctx.poisoned) })));
  if (spellActive(ctx, ctx.follow, '5')) out.push(secret(k('facts.follow', { name: nameOf(ctx, ctx.follow.target) })));
  if (spellActive(ctx, ctx.possessed, '56')) out.push(secret(k('facts.possessed', { name: nameOf(ctx, ctx.possessed.target) })));
  out.push(...powersLeft(ctx).map(secret));
  return out;
}

/**
 * Who may show their card now (recorded with a `reveal` override): by day, at any step but
 * the Doctor's question, where every eye is closed. Absent when no such role is dealt.
 */
function revealable(ctx: Ctx, key: string | null, stage: GameView['stage']): PlayerId[] | undefined {
  if (!ctx.players.some((p) => canShowCard(p.role))) return undefined;
  if (stage !== 'play' || !key || key === 'night' || key === 'doctor') return [];
  return ctx.players.filter((p) => mayReveal(ctx, p.id, key === 'sentence')).map((p) => p.id);
}

/**
 * What the Manitou's override may correct (docs/RULES.md, "The Manitou's corrections"): the statue
 * (its holder is the Manitou's secret), any player's card, a player leaving. A latecomer cannot
 * join once the cards are dealt.
 */
export function corrections(ctx: Ctx): Corrections {
  const { blocked, refused, plantable, refusedPlanted } = statueRules(ctx);
  return {
    tokens: [{ id: 'statue', name: k('corrections.statue'), holder: ctx.statue.holder, planted: ctx.statue.planted, secret: true, blocked, refused, plantable, refusedPlanted }],
    roles: roleChoices(ctx),
    leave: k('corrections.leave'),
    latecomer: k('corrections.latecomer')
  };
}

export function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const ctx = snapshot.context as Ctx;
  const key = stepKey(snapshot);
  const stage = stageOf(snapshot);
  let step: Step | null = null;
  if (stage === 'play' && key && (key !== 'night' || stepHere(ctx))) step = currentStep(ctx, key);
  if (stage === 'dealing') step = dealStep(ctx, (name) => k('steps.deal', { name }));
  return {
    ...viewOf(ctx, stage, step, players(ctx)),
    facts: stage === 'dealing' ? [] : facts(ctx),
    revealable: revealable(ctx, key, stage),
    ...(stage === 'play' ? { corrections: corrections(ctx) } : {})
  };
}
