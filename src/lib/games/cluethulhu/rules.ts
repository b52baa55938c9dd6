/**
 * Cluethulhu's rules as pure functions over the game's context: who is on which side, who
 * may act, what a death sets off, who has won, when the Ritual of Annihilation falls, and
 * what a majority is. The machine (machine.ts) decides *when* each rule applies; this file
 * decides *what* it does. Every function returns a new context and never mutates its input.
 *
 * Sources: the Cluethulhu Game Guide (sections quoted in comments) read as
 * ../shared/RULES-NOTES.md says; Lantern's own decisions are in docs/RULES.md.
 */
import type { LogLine, Outcome, Override, PlayerId, Text } from '../../engine/types';
import { aliveIdsIn, aliveIn, correctionProblem, dealCards, dealtAtStart, isCorrection, logIn, patchPlayer, playerIn, renameIn } from '../../engine/common';
import { seedRng, type RngState } from '../../engine/rng';
import type { CluethulhuSetup } from './setup';
import { roleMix } from './setup';
import { ROLE_IDS, STARTING_SIDE, type RoleId, type Side } from './roles';

/**
 * `vial`: a Shoggoth that absorbed an Investigator dies of the vial every Investigator carries.
 * `left`: the player left the table (the Keeper's correction; nothing a death sets off follows).
 */
export type Fate = 'arrested' | 'murdered' | 'absorbed' | 'vial' | 'heartbreak' | 'cretaceous' | 'keeper' | 'left';

export interface PlayerState {
  id: PlayerId;
  name: string;
  seat: number;
  /** The tablet the player holds now. */
  role: RoleId;
  /** The tablet dealt at the start (kept for the game-over screen and the Ritual's Yithian rule). */
  dealt: RoleId;
  /** Side for counting and winning. Changes with the Traitor's switch, a cure or a Yithian swap. */
  side: Side;
  /** Handed the Yithian card by a swap: keeps their side, loses every power (guide, "Day – Yithian"). */
  powerless: boolean;
  alive: boolean;
  fate: Fate | null;
}

/** A choice the app must ask for before the script goes on (a death's consequences). */
export type Pending =
  | { kind: 'shoggothAbsorb'; shoggoth: PlayerId; cause: Fate }
  | { kind: 'highPriestSuccessor'; from: PlayerId };

export interface NightVote {
  accused: PlayerId[];
  /** Accused still in the running (a re-vote narrows to those who had a majority). */
  options: PlayerId[];
  round: number;
  /** Who was murdered (or spared by the Wizard) once the vote ended, or null for a deadlock. */
  result: { target: PlayerId; spared: boolean } | { deadlock: true } | null;
}

export interface Ctx {
  setup: CluethulhuSetup;
  rng: RngState;
  players: PlayerState[];
  phase: { kind: 'day' | 'night'; number: number };
  /** Slots of the phase order called so far this phase (for "step 3 of 8"). */
  visited: string[];
  /**
   * The phase's slots as planned when it started, fixed by its first answer (the machine's
   * `visit`): the count the Keeper sees (engine/progress.ts). Absent until then, and in
   * snapshots stored before it was kept: the slots are then judged on the state now.
   */
  planned?: string[];
  /**
   * Steps answered in the last slot of `visited`, for "step 3 of 8 · part 2". Absent from
   * snapshots stored before it was kept: read as 1.
   */
  parts?: number;
  /** Pass-and-peek progress: how many players have seen their card. */
  dealt: number;
  doll: PlayerId | null;
  /** Who passed the doll this Day (null when the Evil Child handed it out). */
  dollFrom: PlayerId | null;
  highPriest: PlayerId | null;
  /** The Wizard's protection, until the next Wizard turn. */
  protected: PlayerId | null;
  /** The Wizard's pick on his previous turn: the same pick again makes the protection fail. */
  wizardLast: PlayerId | null;
  detained: PlayerId | null;
  detectiveLast: PlayerId | null;
  siblings: [PlayerId, PlayerId] | null;
  /** Shoggoths that have shown their tablet by absorbing (guide, "Secrecy"): known to all for the rest of the game. */
  revealed: PlayerId[];
  /** The Detective was cured or eliminated by Day: his detainee is freed at nightfall (RULES-NOTES). */
  releaseAtNightfall: boolean;
  /** Once-only abilities spent (guide: Mother, Psychiatrist, Traitor, Yithian). */
  spent: Partial<Record<'mother' | 'psychiatrist' | 'traitor' | 'yithian', true>>;
  ritual: boolean;
  /** The Night the Ritual was declared. */
  ritualNight: number | null;
  /** The Investigators' pick this Day (undefined before they vote; null for "no target"). */
  arrestTarget: PlayerId | null | undefined;
  /** The Psychiatrist's, Tcho-Tcho's and Yithian's pick this Day, for the tap that follows. */
  dayTarget: PlayerId | null;
  /** Who acted on `dayTarget` (the Yithian who swapped). */
  dayActor: PlayerId | null;
  /** The Wizard's or Detective's last choice was invalid (shown as "fails"). */
  failed: 'wizard' | 'detective' | null;
  /** Eliminated since the last announcement (nightfall, the Ritual, the Night's result). */
  out: PlayerId[];
  /** Other announcements waiting for the next read-aloud moment (a detainee released). */
  notices: Text[];
  /** A High Priest arrested by Day names a successor at nightfall. */
  deferred: Pending[];
  pending: Pending[];
  highPriestTie: PlayerId[];
  vote: NightVote | null;
  outcome: Outcome | null;
  log: LogLine[];
}

// ---------------------------------------------------------------- creating a game

export function createContext(setup: CluethulhuSetup, seed: number): Ctx {
  const [roles, rng] = dealCards(setup, roleMix(setup), seedRng(seed));
  const players: PlayerState[] = setup.players.map((p, i) => ({
    id: p.id,
    name: p.name.trim(),
    seat: i,
    role: roles[p.id],
    dealt: roles[p.id],
    side: STARTING_SIDE[roles[p.id]],
    powerless: false,
    alive: true,
    fate: null
  }));
  return {
    setup,
    rng,
    players,
    phase: { kind: 'day', number: 1 },
    visited: [],
    parts: 0,
    dealt: dealtAtStart(setup),
    doll: null,
    dollFrom: null,
    highPriest: null,
    protected: null,
    wizardLast: null,
    detained: null,
    detectiveLast: null,
    siblings: null,
    revealed: [],
    releaseAtNightfall: false,
    spent: {},
    ritual: false,
    ritualNight: null,
    arrestTarget: undefined,
    dayTarget: null,
    dayActor: null,
    failed: null,
    out: [],
    notices: [],
    deferred: [],
    pending: [],
    highPriestTie: [],
    vote: null,
    outcome: null,
    log: []
  };
}

// ---------------------------------------------------------------- looking things up

export const player: (ctx: Ctx, id: PlayerId) => PlayerState = playerIn;
export const alive: (ctx: Ctx) => PlayerState[] = aliveIn;
export const aliveIds: (ctx: Ctx) => PlayerId[] = aliveIdsIn;
export const holder = (ctx: Ctx, role: RoleId): PlayerState | undefined =>
  ctx.players.find((p) => p.role === role && !p.powerless);

/** The Ritual cancels every ability but the High Priest's, the Siblings' and the Evil Child's. */
const SURVIVES_RITUAL: readonly RoleId[] = ['evilChild'];

/**
 * Whether the role's ability can be used now: someone alive holds the tablet with its powers,
 * the Ritual has not cancelled it, and (for the once-only ones) it is not spent.
 * Detention is checked separately: a detained role is still called, but cannot act.
 */
export function canAct(ctx: Ctx, role: RoleId): boolean {
  const p = holder(ctx, role);
  if (!p || !p.alive) return false;
  if (ctx.ritual && !SURVIVES_RITUAL.includes(role)) return false;
  if ((role === 'mother' || role === 'psychiatrist' || role === 'traitor' || role === 'yithian') && ctx.spent[role]) return false;
  return true;
}

export const isDetained = (ctx: Ctx, id: PlayerId | undefined) => id !== undefined && ctx.detained === id;

export function sideCounts(ctx: Ctx): { investigators: number; cult: number } {
  let investigators = 0;
  let cult = 0;
  for (const p of alive(ctx)) {
    if (p.side === 'investigators') investigators++;
    else if (p.side === 'cult') cult++;
  }
  return { investigators, cult };
}

// ---------------------------------------------------------------- log

export const log = (ctx: Ctx, key: string, params: Record<string, string | number> = {}, secret = false): Ctx =>
  logIn('cluethulhu', ctx, key, params, secret);

const setPlayer: (ctx: Ctx, id: PlayerId, patch: Partial<PlayerState>) => Ctx = patchPlayer;

// ---------------------------------------------------------------- deaths and their chains

export type Cause = 'arrest' | 'murder' | 'absorb' | 'heartbreak' | 'ritual' | 'keeper';

const FATE: Record<Cause, Fate> = {
  arrest: 'arrested',
  murder: 'murdered',
  absorb: 'absorbed',
  heartbreak: 'heartbreak',
  ritual: 'cretaceous',
  keeper: 'keeper'
};

/**
 * Eliminate a player and apply the chain, in RULES-NOTES' order: Shoggoth (absorb instead of
 * leaving), Blood Siblings, High Priest succession, the Detective's detainee, the Haunted Doll.
 * Returns the new context; `spared` tells whether the Wizard's protection stopped it.
 *
 * Guide, "Day – Wizard": the protected player "cannot be arrested or murdered until the next
 * Wizard turn … This does use up the elimination." Heartbreak, the Ritual and the Keeper's
 * ruling are neither arrest nor murder, so protection does not stop them.
 */
export function eliminate(ctx: Ctx, id: PlayerId, cause: Cause, opts: { noAbsorb?: boolean } = {}): { ctx: Ctx; spared: boolean } {
  const target = player(ctx, id);
  if (!target.alive) return { ctx, spared: false };
  if ((cause === 'arrest' || cause === 'murder' || cause === 'absorb') && ctx.protected === id) {
    // An absorb that fails has its own line (absorbFails): one line per event. A murder spared is
    // said aloud ("<name> was under the Wizard's protection and lives"); a spared arrest is not:
    // the Keeper "doesn't tap anyone" and nobody else knows.
    if (cause === 'absorb') return { ctx, spared: true };
    return { ctx: log(ctx, 'protected', { name: target.name }, cause === 'arrest'), spared: true };
  }
  // Guide, "when the Shoggoth is Arrested or Murdered": it may absorb a victim instead of
  // leaving ("or killed because of the death of a Blood Sibling"). A detained Shoggoth cannot
  // use its ability; the Ritual cancels it.
  if (
    target.role === 'shoggoth' &&
    !target.powerless &&
    !ctx.ritual &&
    !opts.noAbsorb &&
    !isDetained(ctx, id) &&
    (cause === 'arrest' || cause === 'murder' || cause === 'heartbreak') &&
    !ctx.pending.some((p) => p.kind === 'shoggothAbsorb' && p.shoggoth === id)
  ) {
    return { ctx: { ...ctx, pending: [...ctx.pending, { kind: 'shoggothAbsorb', shoggoth: id, cause: FATE[cause] }] }, spared: false };
  }
  return { ctx: die(ctx, id, FATE[cause]), spared: false };
}

/** The player is out; everything that follows from it. */
export function die(ctx0: Ctx, id: PlayerId, fate: Fate): Ctx {
  let ctx = setPlayer(ctx0, id, { alive: false, fate });
  const p = player(ctx, id);
  // An absorb and the vial are logged as one line by the absorb itself (one line per event).
  if (fate !== 'absorbed' && fate !== 'vial') ctx = log(ctx, `fate.${fate}`, { name: p.name });
  ctx = { ...ctx, out: [...ctx.out, id] };

  // Blood Siblings: "if one of you is murdered or arrested, the other immediately dies."
  if (ctx.siblings?.includes(id)) {
    const other = ctx.siblings[0] === id ? ctx.siblings[1] : ctx.siblings[0];
    if (player(ctx, other).alive) ctx = eliminate(ctx, other, 'heartbreak').ctx;
  }
  // High Priest: "as his last act, picks someone else" — by Day, at nightfall.
  if (ctx.highPriest === id) {
    const item: Pending = { kind: 'highPriestSuccessor', from: id };
    ctx = ctx.phase.kind === 'day' ? { ...ctx, deferred: [...ctx.deferred, item] } : { ...ctx, pending: [...ctx.pending, item] };
  }
  // Detective: "if the Detective is eliminated while someone is detained, that night the
  // Keeper must free the detained victim": at once by Night, at nightfall by Day.
  if (p.role === 'detective' && !p.powerless && ctx.detained) ctx = releaseDetainee(ctx);
  // Haunted Doll: the Evil Child wins at once if the holder dies while she is alive and not
  // holding it. Siblings were resolved first, so an Evil Child whose sibling held the doll has
  // already died with them and does not win (guide, "Winning The Game").
  if (ctx.doll === id && !ctx.outcome) {
    const child = holder(ctx, 'evilChild');
    if (child && child.alive && child.id !== id) ctx = { ...ctx, outcome: evilChildWin(ctx, child.id) };
  }
  return ctx;
}

/**
 * The Detective has lost his ability (eliminated, or cured by the Psychiatrist): his detainee is
 * freed "that night" (guide, "Day – Detective"; RULES-NOTES "Bluff calls and a cured
 * Detective"): at once by Night, at the next nightfall by Day.
 */
export function releaseDetainee(ctx: Ctx): Ctx {
  if (!ctx.detained) return ctx;
  if (ctx.phase.kind === 'day') return { ...ctx, releaseAtNightfall: true };
  return { ...ctx, detained: null, releaseAtNightfall: false, notices: [...ctx.notices, { key: 'cluethulhu:notice.released' }] };
}

// ---------------------------------------------------------------- wins

function evilChildWin(ctx: Ctx, child: PlayerId): Outcome {
  const winners = [child];
  if (ctx.siblings?.includes(child)) winners.push(ctx.siblings[0] === child ? ctx.siblings[1] : ctx.siblings[0]);
  const alsoMet = sidesMet(ctx);
  return { winner: 'evilChild', reason: { key: 'cluethulhu:outcome.evilChild', params: { name: player(ctx, child).name } }, winners, ...(alsoMet.length ? { alsoMet } : {}) };
}

/**
 * Whose standing condition holds now, in the order the book settles them: the split Blood
 * Siblings as the last two, the Cult with no Investigator left, the Investigators at least as
 * many as the Cultists.
 */
function sidesMet(ctx: Ctx): ('siblings' | 'cult' | 'investigators')[] {
  const out: ('siblings' | 'cult' | 'investigators')[] = [];
  const sib = ctx.siblings ? ctx.siblings.map((id) => player(ctx, id)) : null;
  if (sib && sib[0].side !== sib[1].side && alive(ctx).length === 2 && sib.every((s) => s.alive)) out.push('siblings');
  const { investigators, cult } = sideCounts(ctx);
  if (investigators === 0 && cult > 0) out.push('cult');
  if (investigators > 0 && investigators >= cult) out.push('investigators');
  return out;
}

/**
 * Team wins and the Blood Siblings' (guide, "Winning The Game"; RULES-NOTES "Wins"):
 * Investigators when they are at least as many as the Cultists left; Cultists when every
 * Investigator is gone; Siblings on different teams win only as the last two standing, and do
 * not share their team's win. With nobody left on either side the Keeper declares the result.
 */
export function checkWin(ctx: Ctx): Ctx {
  if (ctx.outcome || ctx.pending.some((p) => p.kind === 'shoggothAbsorb')) return ctx;
  const [first, ...rest] = sidesMet(ctx);
  if (!first) return ctx;
  const alsoMet = rest.length ? { alsoMet: rest } : {};
  const sib = ctx.siblings ? ctx.siblings.map((id) => player(ctx, id)) : null;
  const splitSiblings = sib && sib[0].side !== sib[1].side;
  if (first === 'siblings') {
    return {
      ...ctx,
      outcome: {
        winner: 'siblings',
        reason: { key: 'cluethulhu:outcome.siblings', params: { a: sib![0].name, b: sib![1].name } },
        winners: sib!.map((s) => s.id),
        ...alsoMet
      }
    };
  }
  const teamOf = (side: Side) =>
    ctx.players.filter((p) => p.side === side && !(splitSiblings && ctx.siblings?.includes(p.id))).map((p) => p.id);
  if (first === 'cult') return { ...ctx, outcome: { winner: 'cult', reason: { key: 'cluethulhu:outcome.cult' }, winners: teamOf('cult'), ...alsoMet } };
  const { investigators, cult } = sideCounts(ctx);
  return {
    ...ctx,
    outcome: {
      winner: 'investigators',
      reason: { key: 'cluethulhu:outcome.investigators', params: { investigators, cult } },
      winners: teamOf('investigators'),
      ...alsoMet
    }
  };
}

// ---------------------------------------------------------------- the Ritual of Annihilation

/**
 * Guide, "Night – Declare Ritual of Annihilation": fewer than twice as many Cultists as
 * Investigators, counting neither the Evil Child nor a Yithian that has not used its ability
 * (both are on the neutral side until then, so `sideCounts` leaves them out already).
 */
export function ritualDue(ctx: Ctx): boolean {
  if (ctx.ritual) return false;
  const { investigators, cult } = sideCounts(ctx);
  return cult < 2 * investigators;
}

export function declareRitual(ctx0: Ctx): Ctx {
  let ctx: Ctx = { ...ctx0, ritual: true, ritualNight: ctx0.phase.number };
  ctx = log(ctx, 'ritual');
  // Abilities are cancelled: the Wizard's protection and the Detective's detention with them.
  if (ctx.detained) ctx = { ...ctx, detained: null, notices: [...ctx.notices, { key: 'cluethulhu:notice.released' }] };
  ctx = { ...ctx, protected: null };
  // "If the Yithian hasn't used its ability, it immediately dies": only the original Yithian.
  const yithian = ctx.players.find((p) => p.alive && p.dealt === 'yithian' && p.role === 'yithian' && !p.powerless);
  if (yithian && !ctx.spent.yithian) ctx = die(ctx, yithian.id, 'cretaceous');
  return ctx;
}

// ---------------------------------------------------------------- the Night vote

/**
 * RULES-NOTES "Night order": a majority is more than half of the votes that could be cast
 * this Night: one per living, non-detained player, two for the High Priest.
 */
export function votesPossible(ctx: Ctx): number {
  let n = 0;
  for (const p of alive(ctx)) {
    if (isDetained(ctx, p.id)) continue;
    n += p.id === ctx.highPriest ? 2 : 1;
  }
  return n;
}

export const majority = (ctx: Ctx): number => Math.floor(votesPossible(ctx) / 2) + 1;

// ---------------------------------------------------------------- abilities that change tablets

/** Psychiatrist (guide, "Day – Psychiatrist"): a plain Cultist tablet, or a plain Investigator's for the investigator side. */
export function cure(ctx: Ctx, id: PlayerId): Ctx {
  const p = player(ctx, id);
  const role: RoleId = p.side === 'investigators' ? 'investigator' : 'cultist';
  const next = setPlayer(ctx, id, { role, side: STARTING_SIDE[role], powerless: false });
  // A cured Detective has lost his ability: his detainee goes free at nightfall.
  return p.role === 'detective' && !p.powerless ? releaseDetainee(next) : next;
}

/** Traitor (guide, "Day – Traitor"): exchanges the tablet for an Investigator card. */
export function switchTraitor(ctx: Ctx, id: PlayerId): Ctx {
  return setPlayer(ctx, id, { role: 'investigator', side: 'investigators' });
}

/**
 * Yithian (guide, "Day – Yithian"): the Yithian takes the target's tablet, its side and any
 * unused ability; the target holds the Yithian card, keeps their side and loses every power.
 */
export function swapYithian(ctx: Ctx, yithianId: PlayerId, targetId: PlayerId): Ctx {
  const y = player(ctx, yithianId);
  const target = player(ctx, targetId);
  let next = setPlayer(ctx, yithianId, { role: target.role, side: target.powerless ? target.side : STARTING_SIDE[target.role], powerless: target.powerless });
  next = setPlayer(next, targetId, { role: y.role, powerless: true });
  // A switched Traitor's tablet is already an Investigator card; a Traitor tablet not yet
  // switched keeps its unused switch for the new holder (its "unused ability").
  return next;
}

// ---------------------------------------------------------------- the Keeper's corrections

/** The two tokens (guide, "Components": "a High Priest and Haunted Doll tablet"); neither is a tablet. */
export const TOKENS = ['doll', 'highPriest'] as const;
export type TokenId = (typeof TOKENS)[number];

/** Tablets the box holds more than one of (RULES-NOTES): every other tablet is one of a kind. */
export const SEVERAL: readonly RoleId[] = ['investigator', 'cultist'];

const corr = (key: string, params?: Text['params']): Text => ({ key: `cluethulhu:corrections.${key}`, params });

/** Who holds the token now (null: nobody, or a holder who is out). */
export function tokenHolder(ctx: Ctx, token: TokenId): PlayerId | null {
  const id = token === 'doll' ? ctx.doll : ctx.highPriest;
  return id && player(ctx, id).alive ? id : null;
}

/**
 * Why the token cannot be given now, and who may not hold it. The High Priest: only once one has
 * been elected (guide, "First Night – High Priest"). The doll at any time: it is a token on the
 * table, and it sets nothing off unless the Evil Child is alive (`die`); refusing it once she is
 * gone would tell the table what only the Keeper knows (docs/RULES.md). Neither goes to a player
 * who is out, nor to its holder again; the Evil Child may hold the doll herself.
 */
export function tokenRules(ctx: Ctx, token: TokenId): { blocked: Text | null; refused: Record<PlayerId, Text> } {
  const blocked = token === 'highPriest' && !ctx.highPriest ? corr('noHighPriestYet') : null;
  const refused: Record<PlayerId, Text> = {};
  const now = tokenHolder(ctx, token);
  for (const p of ctx.players) {
    if (!p.alive) refused[p.id] = corr('out');
    else if (p.id === now) refused[p.id] = corr('holdsIt');
  }
  return { blocked, refused };
}

/** Why the Keeper's correction cannot be made now, or null (see `correct`). */
export function overrideProblem(ctx: Ctx, o: Override): Text | null {
  const common = correctionProblem(ctx, o);
  if (common || !isCorrection(o)) return common;
  switch (o.kind) {
    case 'moveToken': {
      if (!(TOKENS as readonly string[]).includes(o.token)) return { key: 'common:override.problems.unknownToken' };
      if (o.planted) return { key: 'common:override.problems.notPlantable' };
      const { blocked, refused } = tokenRules(ctx, o.token as TokenId);
      return blocked ?? refused[o.to] ?? null;
    }
    case 'setRole': {
      if (!(ROLE_IDS as readonly string[]).includes(o.role)) return { key: 'common:override.problems.unknownRole' };
      const p = player(ctx, o.player);
      if (p.role === o.role && !p.powerless) return { key: 'common:override.problems.sameRole' };
      const other = ctx.players.find((q) => q.id !== p.id && q.role === o.role);
      return other && !SEVERAL.includes(o.role as RoleId) ? { key: 'common:override.problems.roleHeld' } : null;
    }
    case 'swapRoles': {
      const [a, b] = [player(ctx, o.a), player(ctx, o.b)];
      const same = a.role === b.role && a.dealt === b.dealt && a.side === b.side && a.powerless === b.powerless;
      return same ? { key: 'common:override.problems.sameCards' } : null;
    }
  }
  return null;
}

/** What each card of the game is, for the override's screen (who holds it: the Keeper's secret). */
export function roleChoices(ctx: Ctx) {
  return ROLE_IDS.map((id) => ({
    id,
    name: { key: `cluethulhu:roles.${id}.name` },
    side: { key: `cluethulhu:sides.${STARTING_SIDE[id]}` },
    single: !SEVERAL.includes(id),
    holders: ctx.players.filter((p) => p.role === id).map((p) => p.id)
  }));
}

/**
 * A player leaves the table (RULES-NOTES "Eliminated means arrested or murdered": leaving is
 * neither, so nothing a death sets off follows, as docs/RULES.md decides): they count for no side
 * from now on and do not show their tablet. No absorb, no Blood Sibling dies with them, and the
 * doll's holder leaving gives the Evil Child no win: the doll has no holder, so she hands it out
 * again on the next Day. The tokens and the detainee still need someone: a High Priest names a
 * successor as at his death, and a Detective's detainee goes free as when he is eliminated.
 */
export function leave(ctx0: Ctx, id: PlayerId): Ctx {
  const p = player(ctx0, id);
  let ctx = log(setPlayer(ctx0, id, { alive: false, fate: 'left' }), 'keeperLeave', { name: p.name });
  ctx = { ...ctx, pending: ctx.pending.filter((q) => !(q.kind === 'shoggothAbsorb' && q.shoggoth === id)) };
  if (ctx.doll === id) ctx = { ...ctx, doll: null, dollFrom: null };
  if (ctx.highPriest === id) {
    const item: Pending = { kind: 'highPriestSuccessor', from: id };
    ctx = ctx.phase.kind === 'day' ? { ...ctx, deferred: [...ctx.deferred, item] } : { ...ctx, pending: [...ctx.pending, item] };
  }
  if (p.role === 'detective' && !p.powerless && ctx.detained) ctx = releaseDetainee(ctx);
  return ctx;
}

/** The card a player holds, as the rules see it: swapped whole between two players by `swapRoles`. */
const cardOf = (p: PlayerState) => ({ role: p.role, dealt: p.dealt, side: p.side, powerless: p.powerless });

/**
 * The Keeper's correction (checked first by `overrideProblem`). Log lines: a token given is public
 * (the tokens "can be shown at any time"); a card corrected is the Keeper's secret; a name and a
 * player leaving are seen by everyone. Whatever follows is the rules' own: the machine's first
 * checks look for a win right after (a correction can leave a side winning).
 */
export function correct(ctx: Ctx, o: Override): Ctx {
  if (!isCorrection(o)) return ctx;
  switch (o.kind) {
    case 'moveToken': {
      const name = player(ctx, o.to).name;
      if (o.token === 'doll') return { ...log(ctx, 'keeperDoll', { name }), doll: o.to };
      // The token has found its holder: a successor still to be named is not asked any more.
      const notSuccession = (q: Pending) => q.kind !== 'highPriestSuccessor';
      return { ...log(ctx, 'keeperHighPriest', { name }), highPriest: o.to, pending: ctx.pending.filter(notSuccession), deferred: ctx.deferred.filter(notSuccession) };
    }
    case 'swapRoles': {
      const [a, b] = [player(ctx, o.a), player(ctx, o.b)];
      let next = setPlayer(setPlayer(ctx, a.id, cardOf(b)), b.id, cardOf(a));
      // A Shoggoth's tablet once shown is known to all: the mark goes with the tablet.
      const shown = (x: PlayerState) => ctx.revealed.includes(x.id);
      if (shown(a) !== shown(b)) next = { ...next, revealed: next.revealed.map((id) => (id === a.id ? b.id : id === b.id ? a.id : id)) };
      return log(next, 'keeperSwap', { a: a.name, b: b.name }, true);
    }
    case 'setRole': {
      const p = player(ctx, o.player);
      const role = o.role as RoleId;
      // A tablet no ability has changed was dealt wrong: the dealt tablet is corrected with it.
      const dealt = p.role === p.dealt && !p.powerless ? role : p.dealt;
      const next = setPlayer(ctx, p.id, { role, dealt, side: STARTING_SIDE[role], powerless: false });
      return log(next, 'keeperSetRole', { name: p.name, role }, true);
    }
    case 'rename':
    case 'replace':
      return renameIn('cluethulhu', ctx, o);
    case 'leave':
      return leave(ctx, o.player);
    case 'setValue':
      // Refused by `correctionProblem`: this game keeps no numbers to put right.
      return ctx;
  }
}
