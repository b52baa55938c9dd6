/**
 * Ktulu's rules as pure functions over the game's context: who holds the statue and how it
 * moves, who dies and what a death sets off, who has won, and what each answer of the
 * Manitou's night list changes. The machine (machine.ts) decides *when* each rule applies;
 * this file decides *what* it does. Every function returns a new context and never mutates
 * its input.
 *
 * Source: "Mała Księga Wielkiego Ktulu" (../shared/seeds/004_…), sections quoted in comments,
 * read as ../shared/RULES-NOTES.md says. Lantern's own decisions where the book is silent are
 * in docs/RULES.md, "Ktulu" ("The game engine").
 */
import type { Answer, LogLine, Outcome, Override, Phase, PlayerId, Text } from '../../engine/types';
import { aliveIdsIn, aliveIn, correctionProblem, dealCards, dealtAtStart, isCorrection, logIn, patchPlayer, playerIn, renameIn } from '../../engine/common';
import { nameList } from '../../engine/names';
import { seedRng, type RngState } from '../../engine/rng';
import { FACTIONS, type FactionId } from './factions';
import { ROLES, ROLE_IDS, limit, spentKey, type AbilityAction, type RoleId, type SpentKey } from './roles';
import type { KtuluStep } from './steps';
import { actorFaction, activeMembers, callers, decider, isActive, stepMode, stepsOf, type NightKind, type StepMode } from './plan';
import { factionOf, type KtuluPlanState } from './state';
import { roleList, type KtuluSetup } from './setup';
import { HITS_TO_DESTROY, SIGNALS_TO_WIN, godsShot, kaszabaraPossesses, type ShotResult } from './compute';

/**
 * How a player left the game: killed at night (by a kill, the Gambler's roulette), shot by a
 * Bungling God's missed shot, dead of the Banner's nightmare, killed in a duel, hanged,
 * poisoned by the Shamaness, escaped (a Runaway), by the Manitou's ruling, or left the table
 * (the Manitou's correction: nothing a death sets off follows).
 */
export type Fate = 'killed' | 'shot' | 'heartAttack' | 'duel' | 'hanged' | 'poisoned' | 'escaped' | 'keeper' | 'left';

/** Deaths at night that the jail and the Bodyguard stop ("nie można jej w żaden sposób zabić"). */
const NIGHT_DEATHS: readonly Fate[] = ['killed', 'shot', 'heartAttack'];
/** "Dotyczy to osób zmarłych w pojedynkach oraz zabitych w nocy (nie powieszonych)." */
const DOCTOR_HEALS: readonly Fate[] = ['killed', 'shot', 'heartAttack', 'duel'];

export interface PlayerState {
  id: PlayerId;
  name: string;
  seat: number;
  role: RoleId;
  alive: boolean;
  fate: Fate | null;
  /** Showed the card while alive (the Mayor's pardon, the Judge's ruling). */
  revealed: boolean;
  /** Won a duel as a gunslinger: "wszyscy dowiadują się, że dana osoba jest rewolwerowcem". */
  gunslinger: boolean;
}

/** A step's follow-up on the Manitou's screen, after its answer. */
export type Sub = 'result' | 'reveal' | 'again' | 'cooperate' | 'take';

export interface Cursor {
  /** Position in the night's list (ZERO_NIGHT or NIGHT). Past the end: the night is over. */
  index: number;
  sub: Sub | null;
}

/** What happens during one night and stays true only until the next dusk. */
export interface Tonight {
  jailed: PlayerId | null;
  drinking: PlayerId[];
  playingCards: PlayerId | null;
  /** The Cardsharp won the statue from his partner ("szuler grał z właścicielem posążka"). */
  cardsWon: boolean;
  protected: PlayerId | null;
  indiansTook: boolean;
  master: PlayerId | null;
  /** Whom the Gambler pointed at, in order. */
  gambled: PlayerId[];
  escapee: PlayerId | null;
  /** The statue's faction at dusk, for the morning's announcement. */
  statueAtDusk: FactionId | null;
}

/** The answer of the step on screen, kept for its follow-ups. */
export interface Work {
  pick: PlayerId | null;
  picks: PlayerId[];
  /** The pick held the statue and it moved. */
  took: boolean;
  shot: ShotResult | null;
  /** Kaszabara's roll, the Banner's cooperation. */
  ok: boolean;
}

export interface Duel {
  challenger: PlayerId;
  defender: PlayerId | null;
  votes: Record<PlayerId, number> | null;
  /** Who dies by the vote and the gunslingers' rule (before any Judge's ruling). */
  dies: PlayerId[];
  /** The gunslinger who won against a non-gunslinger whatever the vote said. */
  gunslinger: PlayerId | null;
}

export interface SearchVote {
  /** Players in the running (everyone alive, then those tied). */
  options: PlayerId[];
  /** Chosen for sure so far. */
  sure: PlayerId[];
  /** Searches still to fill. */
  slots: number;
  round: number;
  /** Tied for the last places after the latest round. */
  tied: PlayerId[];
}

export interface DayState {
  /** Duels fought today (refused challenges do not count). */
  duels: number;
  duel: Duel | null;
  search: SearchVote | null;
  searched: PlayerId[];
  condemned: PlayerId | null;
}

/** A death that waits for the Doctor's answer before it is final. */
export interface DoctorQuestion {
  kind: 'doctor';
  victim: PlayerId;
  /** The victim held the statue by day: the Town wins unless the Doctor brings them back. */
  dayFind: boolean;
}

/** A span "in a day and a night" from a night's step (Lucky Luke's following, Kaszabara's possession). */
export interface Spell {
  target: PlayerId;
  night: number;
}

export interface Ctx {
  setup: KtuluSetup;
  rng: RngState;
  players: PlayerState[];
  /** The zero night is night 0; it is followed by day 1, then night 1, day 2, … */
  phase: Phase;
  dealt: number;
  cursor: Cursor;
  /** Steps (book numbers) and day slots called so far this phase, for "step 3 of 8". */
  visited: string[];
  /**
   * The phase's calls (book numbers, or day slots) as planned when it started, fixed by its
   * first answer (`fixPlan`): the count the Manitou sees (engine/progress.ts). Absent until
   * then, and in snapshots stored before it was kept: the calls are then judged on the state now.
   */
  planned?: string[];
  /**
   * Steps answered in the last call of `visited`, for "step 3 of 8 · part 2". Absent from
   * snapshots stored before it was kept: read as 1.
   */
  parts?: number;
  statue: { holder: PlayerId | null; planted: boolean };
  hits: number;
  signals: number;
  runaways: { scrapesSinceEscape: number; killedSinceEscape: number };
  spent: Partial<Record<SpentKey, number>>;
  tonight: Tonight;
  work: Work;
  bodyguardLast: PlayerId | null;
  follow: Spell | null;
  possessed: Spell | null;
  poisoned: PlayerId | null;
  client: PlayerId | null;
  seduced: PlayerId | null;
  blackmailed: PlayerId | null;
  day: DayState;
  /** Out since the last read-aloud announcement, to be announced with their cards. */
  out: PlayerId[];
  pending: DoctorQuestion[];
  /**
   * Deaths at night that the Doctor will be asked about once the night's last step is over:
   * "pytanie, czy lekarz chce zadziałać jest zadawane, gdy wszyscy mają zamknięte oczy" — at
   * the moment of a kill the killers are still awake and would see him.
   */
  deferred: DoctorQuestion[];
  outcome: Outcome | null;
  log: LogLine[];
}

const NO_WORK: Work = { pick: null, picks: [], took: false, shot: null, ok: false };
const NEW_DAY: DayState = { duels: 0, duel: null, search: null, searched: [], condemned: null };

export function newTonight(statueAtDusk: FactionId | null): Tonight {
  return {
    jailed: null,
    drinking: [],
    playingCards: null,
    cardsWon: false,
    protected: null,
    indiansTook: false,
    master: null,
    gambled: [],
    escapee: null,
    statueAtDusk
  };
}

// ---------------------------------------------------------------- creating a game

export function createContext(setup: KtuluSetup, seed: number): Ctx {
  const [roles, rng] = dealCards(setup, roleList(setup.roles), seedRng(seed));
  const players: PlayerState[] = setup.players.map((p, i) => ({
    id: p.id,
    name: p.name.trim(),
    seat: i,
    role: roles[p.id],
    alive: true,
    fate: null,
    revealed: false,
    gunslinger: false
  }));
  return {
    setup,
    rng,
    players,
    phase: { kind: 'night', number: 0 },
    dealt: dealtAtStart(setup),
    cursor: { index: 0, sub: null },
    visited: [],
    parts: 0,
    // "Herszt … na początku gry posiada posążek": it comes into play at zero-night step 6.
    statue: { holder: null, planted: false },
    hits: 0,
    signals: 0,
    runaways: { scrapesSinceEscape: 0, killedSinceEscape: 0 },
    spent: {},
    tonight: newTonight(null),
    work: NO_WORK,
    bodyguardLast: null,
    follow: null,
    possessed: null,
    poisoned: null,
    client: null,
    seduced: null,
    blackmailed: null,
    day: NEW_DAY,
    out: [],
    pending: [],
    deferred: [],
    outcome: null,
    log: []
  };
}

// ---------------------------------------------------------------- looking things up

export const player: (ctx: Ctx, id: PlayerId) => PlayerState = playerIn;
export const alive: (ctx: Ctx) => PlayerState[] = aliveIn;
export const aliveIds: (ctx: Ctx) => PlayerId[] = aliveIdsIn;
export const factionOfPlayer = (ctx: Ctx, id: PlayerId): FactionId => factionOf(player(ctx, id).role);
export const holderOf = (ctx: Ctx, role: RoleId): PlayerState | undefined => ctx.players.find((p) => p.role === role);
export const livingHolder = (ctx: Ctx, role: RoleId): PlayerState | undefined => ctx.players.find((p) => p.role === role && p.alive);
/**
 * Whether the Bodyguard's protection keeps this player alive tonight: "Gdy ochroniarz zginie w
 * nocy, ochrona przestaje działać." Whom he protected stays recorded (`tonight.protected`): it
 * is public in the morning even when he died ("Jawność gry").
 */
export const shielded = (ctx: Ctx, id: PlayerId): boolean => ctx.tonight.protected === id && !!livingHolder(ctx, 'bodyguard');
export const membersOf = (ctx: Ctx, faction: FactionId): PlayerState[] => ctx.players.filter((p) => factionOf(p.role) === faction);
export const dealtFaction = (ctx: Ctx, faction: FactionId): boolean => membersOf(ctx, faction).length > 0;
export const isGunslinger = (role: RoleId): boolean => ROLES[role].abilities.some((a) => a.does === 'gunslinger');

/** How many times a role's ability has been used. */
export const usesOf = (ctx: Ctx, role: RoleId, does: AbilityAction): number => ctx.spent[spentKey(role, does)] ?? 0;

/** Whether a once- or twice-per-game ability (by day or at a death) can still be used. */
export function canStill(ctx: Ctx, role: RoleId, does: AbilityAction): boolean {
  const p = livingHolder(ctx, role);
  const ability = ROLES[role].abilities.find((a) => a.does === does);
  return !!p && !!ability && usesOf(ctx, role, does) < limit(ability.uses);
}

/** The statue's holder, or null. */
export const statueHolder = (ctx: Ctx): PlayerState | null => (ctx.statue.holder ? player(ctx, ctx.statue.holder) : null);

/**
 * The faction that knowingly holds the statue: null when nobody does or when the Silent Foot
 * planted it (the holder "nie wie o tym, że posążek posiada", so their faction cannot use it).
 */
export function statueFaction(ctx: Ctx): FactionId | null {
  const h = statueHolder(ctx);
  return h && !ctx.statue.planted ? factionOf(h.role) : null;
}

/**
 * The faction the table was last told holds the statue: "Manitou każdorazowo ogłasza zmianę
 * frakcji posiadającej posążek (wyjątkiem są tu reguły związane z cichą stopą)". Planting it
 * and taking it back are the Silent Foot's secret, so a planted statue still counts as his
 * Indians'; a real change before it was planted is a change like any other.
 */
export function announcedFaction(ctx: Ctx): FactionId | null {
  const h = statueHolder(ctx);
  if (!h) return null;
  return ctx.statue.planted ? factionOf('silentFoot') : factionOf(h.role);
}

/** Whether the player holds the statue, planted or not: what is done *to* a holder finds it. */
export const holds = (ctx: Ctx, id: PlayerId | null): boolean => id !== null && ctx.statue.holder === id;

// ---------------------------------------------------------------- the night's list

export const nightKind = (ctx: Ctx): NightKind => (ctx.phase.number === 0 ? 'zeroNight' : 'night');
export const stepList = (ctx: Ctx): readonly KtuluStep[] => stepsOf(nightKind(ctx));
/** The step under the cursor, or null once the night is over. */
export const stepHere = (ctx: Ctx): KtuluStep | null => stepList(ctx)[ctx.cursor.index] ?? null;
const indexOfStep = (kind: NightKind, n: string) => stepsOf(kind).findIndex((s) => s.n === n);

/** The night's state as plan.ts reads it. */
export function planState(ctx: Ctx): KtuluPlanState {
  return {
    night: ctx.phase.number,
    seats: ctx.players.map((p) => ({ id: p.id, role: p.role, alive: p.alive })),
    jailed: ctx.tonight.jailed,
    drinking: ctx.tonight.drinking,
    playingCards: ctx.tonight.playingCards,
    statue: { ...ctx.statue },
    indiansTookStatueTonight: ctx.tonight.indiansTook,
    spent: ctx.spent,
    runaways: ctx.runaways,
    callAbsentRoles: ctx.setup.settings.callAbsentRoles
  };
}

/** Whether the player is awake at the cursor's step tonight. */
export function activeNow(ctx: Ctx, id: PlayerId): boolean {
  const p = player(ctx, id);
  return isActive(planState(ctx), { id: p.id, role: p.role, alive: p.alive }, nightKind(ctx), ctx.cursor.index);
}

/**
 * How a step is played tonight: plan.ts's `stepMode`, with what the plan state cannot see.
 * A planted statue does not count for its holder's own "if they have the statue" steps:
 * they do not know they have it ("Cicha stopa … nie wie o tym"). Kali robs only the master
 * he chose tonight; the chosen Runaway escapes only once chosen.
 */
export function modeOf(ctx: Ctx, step: KtuluStep): StepMode {
  const kind = nightKind(ctx);
  let state = planState(ctx);
  if (ctx.statue.planted && (step.when === 'holdsStatue' || step.when === 'canPassStatue')) state = { ...state, statue: { holder: null, planted: false } };
  const mode = stepMode(state, kind, step);
  if (mode !== 'act') return mode;
  const blocked =
    (step.does === 'robMaster' && !(ctx.tonight.master && player(ctx, ctx.tonight.master).alive)) ||
    (step.does === 'escape' && !ctx.tonight.escapee);
  if (!blocked) return 'act';
  return ctx.setup.settings.callAbsentRoles && dealtFaction(ctx, actorFaction(step.actor)) ? 'pretend' : 'skip';
}

/** Who answers a role's step: the holder of its role (or of either role, step 13), awake, with uses left. */
export function callerOf(ctx: Ctx, step: KtuluStep): PlayerState | null {
  const c = callers(planState(ctx), nightKind(ctx), step)[0];
  return c ? player(ctx, c.id) : null;
}

/** The faction's members awake at the cursor. */
export function awake(ctx: Ctx, faction: FactionId): PlayerState[] {
  const n = stepHere(ctx)?.n;
  if (!n) return [];
  return activeMembers(planState(ctx), faction, nightKind(ctx), n).map((s) => player(ctx, s.id));
}

/** Who decides for the faction at the cursor: its leader if awake, else null (the Manitou picks). */
export function deciderNow(ctx: Ctx, faction: FactionId): PlayerState | null {
  const n = stepHere(ctx)?.n;
  const id = n ? decider(planState(ctx), faction, nightKind(ctx), n) : null;
  return id ? player(ctx, id) : null;
}

/**
 * Who receives what a faction takes at night until it decides at its "who has the statue"
 * step: the member who decides, else the first awake member in seating order, else the first
 * living one.
 */
export function receiverFor(ctx: Ctx, faction: FactionId): PlayerId | null {
  return deciderNow(ctx, faction)?.id ?? awake(ctx, faction)[0]?.id ?? membersOf(ctx, faction).find((p) => p.alive)?.id ?? null;
}

/** The player a step's action is credited to: its role's caller, or the faction's receiver. */
export function actorOf(ctx: Ctx, step: KtuluStep): PlayerId | null {
  if ('faction' in step.actor) return receiverFor(ctx, step.actor.faction);
  // The caller; once the answer has spent a once-per-game ability, the living holder of the role.
  const roles = 'role' in step.actor ? [step.actor.role] : step.actor.roles;
  return callerOf(ctx, step)?.id ?? ctx.players.find((p) => p.alive && roles.includes(p.role))?.id ?? null;
}

/**
 * "W ciągu doby": Lucky Luke's following (from step 5) and Kaszabara's possession (from step
 * 56) last until the same step of the next night.
 */
export function spellActive(ctx: Ctx, spell: Spell | null, fromStep: string): spell is Spell {
  if (!spell) return false;
  if (ctx.phase.kind === 'day') return ctx.phase.number === spell.night + 1;
  if (ctx.phase.number === spell.night) return true;
  return ctx.phase.number === spell.night + 1 && ctx.cursor.index < indexOfStep('night', fromStep);
}

// ---------------------------------------------------------------- log

export const log = (ctx: Ctx, key: string, params: Record<string, string | number> = {}, secret = false): Ctx =>
  logIn('ktulu', ctx, key, params, secret);

const setPlayer: (ctx: Ctx, id: PlayerId, patch: Partial<PlayerState>) => Ctx = patchPlayer;

const spend = (ctx: Ctx, role: RoleId, does: AbilityAction): Ctx => ({
  ...ctx,
  spent: { ...ctx.spent, [spentKey(role, does)]: usesOf(ctx, role, does) + 1 }
});

// ---------------------------------------------------------------- wins

/** Everyone dealt into the faction shares its win, dead or alive (Lucky Luke alone wins his). */
export function winnersOf(ctx: Ctx, faction: string): PlayerId[] {
  return ctx.players.filter((p) => factionOf(p.role) === faction).map((p) => p.id);
}

export function win(ctx: Ctx, faction: FactionId, reason: string, params: Record<string, string | number> = {}): Ctx {
  if (ctx.outcome) return ctx;
  const text = { key: `ktulu:outcome.${reason}`, params };
  // The Indians' condition may hold at the same moment (the statue found on the last non-Indian,
  // the last Runaway escaping): the win is the other faction's, and the log says both.
  const alsoMet = faction !== 'indians' && onlyIndiansLeft(ctx) ? { alsoMet: ['indians'] } : {};
  return {
    ...ctx,
    log: [...ctx.log, { phase: { ...ctx.phase }, text }],
    outcome: { winner: faction, reason: text, winners: winnersOf(ctx, faction), ...alsoMet }
  };
}

/** "Gdy przy życiu pozostaną jedynie Indianie" (and someone else was ever at the table). */
function onlyIndiansLeft(ctx: Ctx): boolean {
  const living = alive(ctx);
  return living.length > 0 && living.every((p) => factionOf(p.role) === 'indians') && ctx.players.some((p) => factionOf(p.role) !== 'indians');
}

/**
 * The Indians win "gdy przy życiu pozostaną jedynie Indianie". Checked after every death once
 * nothing waits for the Doctor; a statue found on a death by day is settled first (the
 * book's special case: the last non-Indian holding the statue poisoned gives the Town the win).
 */
export function checkWin(ctx: Ctx): Ctx {
  if (ctx.outcome || ctx.pending.length) return ctx;
  if (onlyIndiansLeft(ctx)) return win(ctx, 'indians', 'indians');
  return ctx;
}

/**
 * At dawn: "w przypadku, gdy miastowy, który zdobył posążek przetrwa z nim do ranka" (the
 * Sheriff's seizure, the Gambler's pick, any townsperson who got it at night), and the
 * Bandits' ship, which sails only in the morning ("Może też odpływać jedynie o poranku"),
 * from the morning after the agreed night.
 */
export function dawnWins(ctx: Ctx): Ctx {
  const h = statueHolder(ctx);
  const faction = statueFaction(ctx);
  if (!h || !h.alive || !faction) return ctx;
  if (faction === 'town') return win(ctx, 'town', 'keptTillDawn', { name: h.name, role: h.role });
  if (faction === 'bandits' && ctx.phase.number >= ctx.setup.settings.shipNight) return win(ctx, 'bandits', 'ship', { night: ctx.phase.number });
  return ctx;
}

// ---------------------------------------------------------------- the statue

/** Whether the statue can be handed to the player now: by day anyone alive; at night only the awake. */
const canBeHanded = (ctx: Ctx, id: PlayerId): boolean => ctx.phase.kind === 'day' || activeNow(ctx, id);

/**
 * The statue passes to `to`. Lucky Luke's following and Kaszabara's possession act on it at
 * once: "Jeśli w ciągu doby ta osoba dostanie posążek Luke go automatycznie przejmuje", and
 * the possessed who "w ciągu doby dostanie posążek składa go w ofierze Kaszabarze". A planted
 * statue is the Silent Foot's secret: neither acts on it. Neither acts while Lucky Luke or
 * Kaszabara is out of action tonight (jailed, drinking, playing cards): such a player "nie
 * budzi się tej nocy wcale … nie może też zostać jej przekazany", so the statue stays with the
 * one who got it. The following or possession itself still runs its day and night.
 */
export function moveStatue(ctx0: Ctx, to: PlayerId, opts: { planted?: boolean } = {}): Ctx {
  const before = statueFaction(ctx0);
  let ctx = ctx0;
  let target = to;
  if (!opts.planted) {
    const luke = livingHolder(ctx, 'luckyLuke');
    const kaszabara = livingHolder(ctx, 'kaszabara');
    if (spellActive(ctx, ctx.follow, '5') && ctx.follow.target === to && luke && luke.id !== to && canBeHanded(ctx, luke.id)) {
      target = luke.id;
      ctx = log(ctx, 'followTakes', { name: player(ctx, to).name, luke: luke.name }, true);
    } else if (spellActive(ctx, ctx.possessed, '56') && ctx.possessed.target === to && kaszabara && kaszabara.id !== to && canBeHanded(ctx, kaszabara.id)) {
      target = kaszabara.id;
      ctx = log(ctx, 'sacrifice', { name: player(ctx, to).name, god: kaszabara.name }, true);
    }
  }
  ctx = { ...ctx, statue: { holder: target, planted: !!opts.planted } };
  const after = factionOf(player(ctx, target).role);
  if (ctx.phase.kind === 'night' && after === 'indians' && before !== 'indians' && !opts.planted) ctx = { ...ctx, tonight: { ...ctx.tonight, indiansTook: true } };
  return log(ctx, opts.planted ? 'planted' : 'statueTo', { name: player(ctx, target).name, faction: after }, true);
}

// ---------------------------------------------------------------- deaths

/** Whether the Doctor can be asked about this death now: alive, awake, his revival unspent, not his own death. */
export function doctorCanAnswer(ctx: Ctx, victim: PlayerId, fate: Fate): boolean {
  if (!DOCTOR_HEALS.includes(fate) || !canStill(ctx, 'doctor', 'revive') || player(ctx, victim).alive) return false;
  const doctor = livingHolder(ctx, 'doctor')!;
  if (doctor.id === victim) return false; // "nie mogą działać same na sobie: … lekarz"
  return ctx.phase.kind === 'day' || activeNow(ctx, doctor.id);
}

/** The first question waiting for the Doctor can no longer be asked (he has revived someone, died, …). */
export const doctorQuestionMoot = (ctx: Ctx): boolean => {
  const q = ctx.pending[0];
  return !!q && !doctorCanAnswer(ctx, q.victim, player(ctx, q.victim).fate ?? 'keeper');
};

/** Drop the first question; a statue found on a death by day is then found. */
export function dropDoctorQuestion(ctx0: Ctx): Ctx {
  const [q, ...rest] = ctx0.pending;
  const ctx = { ...ctx0, pending: rest };
  const victim = player(ctx, q.victim);
  return q.dayFind && !victim.alive ? statueFound(ctx, victim.id, victim.fate ?? 'duel') : ctx;
}

/** At the end of the night, everyone's eyes closed: the Doctor is asked about the night's deaths, in order. */
export function askDoctorAtDawn(ctx: Ctx): Ctx {
  return { ...ctx, pending: [...ctx.pending, ...ctx.deferred], deferred: [] };
}

/**
 * A player leaves the game. At night the jail and the Bodyguard stop a killing; the statue
 * "w nocy … zawsze przechodzi w ręce zabójcy" (`killer`), and by day "jeżeli za dnia zginie
 * posiadacz posążka, wygrywa miasto, niezależnie od tego, kto zabił" — once the Doctor, asked
 * first, has let the death stand. Returns whether the player is out.
 */
export function eliminate(ctx0: Ctx, id: PlayerId, fate: Fate, killer: PlayerId | null = null): { ctx: Ctx; out: boolean } {
  let ctx = ctx0;
  const p = player(ctx, id);
  if (!p.alive) return { ctx, out: false };
  const night = ctx.phase.kind === 'night';
  if (night && NIGHT_DEATHS.includes(fate)) {
    if (ctx.tonight.jailed === id) return { ctx: log(ctx, 'savedByJail', { name: p.name }, true), out: false };
    if (shielded(ctx, id)) return { ctx: log(ctx, 'savedByBodyguard', { name: p.name }, true), out: false };
  }
  ctx = setPlayer(ctx, id, { alive: false, fate });
  const doctor = night ? DOCTOR_HEALS.includes(fate) && !!holderOf(ctx, 'doctor') : doctorCanAnswer(ctx, id, fate);
  ctx = log(ctx, `fate.${fate}`, { name: p.name, role: p.role });
  ctx = { ...ctx, out: [...ctx.out, id] };
  if (factionOf(p.role) === 'runaways' && fate !== 'escaped')
    ctx = { ...ctx, runaways: { ...ctx.runaways, killedSinceEscape: ctx.runaways.killedSinceEscape + 1 } };
  if (ctx.poisoned === id) ctx = { ...ctx, poisoned: null };

  let dayFind = false;
  if (ctx.statue.holder === id) {
    if (fate === 'escaped') {
      // Decision: the statue stays with the Runaways; an escapee does not take it off the table.
      const next = membersOf(ctx, 'runaways').find((q) => q.alive);
      ctx = next ? moveStatue(ctx, next.id) : { ...ctx, statue: { holder: null, planted: false } };
    } else if (night) {
      ctx = killer && player(ctx, killer).alive ? moveStatue(ctx, killer) : { ...ctx, statue: { holder: null, planted: false } };
    } else dayFind = true;
  }
  if (doctor && night) ctx = { ...ctx, deferred: [...ctx.deferred, { kind: 'doctor', victim: id, dayFind }] };
  else if (doctor) ctx = { ...ctx, pending: [...ctx.pending, { kind: 'doctor', victim: id, dayFind }] };
  else if (dayFind) ctx = statueFound(ctx, id, fate);
  return { ctx, out: true };
}

/** The statue is found on a player who died by day: "rewizji zmarłych w pojedynkach i uśmierconych przez szamankę". */
function statueFound(ctx: Ctx, id: PlayerId, fate: Fate): Ctx {
  return win(ctx, 'town', 'foundOnDeath', { name: player(ctx, id).name, fate });
}

/** The Doctor's answer to the first death waiting for it. */
export function answerDoctor(ctx0: Ctx, revive: boolean): Ctx {
  const [q, ...rest] = ctx0.pending;
  let ctx: Ctx = { ...ctx0, pending: rest };
  const victim = player(ctx, q.victim);
  if (!revive) return q.dayFind ? statueFound(ctx, victim.id, victim.fate ?? 'duel') : ctx;
  ctx = spend(ctx, 'doctor', 'revive');
  ctx = setPlayer(ctx, victim.id, { alive: true, fate: null });
  ctx = { ...ctx, out: ctx.out.filter((id) => id !== victim.id) };
  if (factionOf(victim.role) === 'runaways')
    ctx = { ...ctx, runaways: { ...ctx.runaways, killedSinceEscape: Math.max(0, ctx.runaways.killedSinceEscape - 1) } };
  return log(ctx, 'revived', { name: victim.name }, true);
}

// ---------------------------------------------------------------- showing a card

/** Roles that may show their card by choice: "w dowolnym momencie gry" (the Mayor, the Insurance Agent). */
export const canShowCard = (role: RoleId): boolean => ROLES[role].abilities.some((a) => a.does === 'reveal');

/**
 * Whether the player may show their card now, as the Manitou records it outside the script.
 * "Burmistrz może w dowolnym momencie gry odkryć swoją kartę"; "W dowolnym momencie gry agent
 * ubezpieczeniowy może ujawnić, że jest agentem ubezpieczeniowym (czyt. pokazać swoją kartę)".
 * Decisions (docs/RULES.md): by day only — at night every eye is closed and nobody would see
 * it; once, by a living player whose card is not shown yet. At the sentence the Mayor's reveal
 * is the step's own question, the pardon: `atSentence` refuses it here.
 */
export function mayReveal(ctx: Ctx, id: PlayerId, atSentence = false): boolean {
  const p = ctx.players.find((q) => q.id === id);
  if (!p || !p.alive || p.revealed || ctx.phase.kind !== 'day' || ctx.outcome) return false;
  if (!canShowCard(p.role) || !canStill(ctx, p.role, 'reveal')) return false;
  return !(atSentence && p.role === 'mayor');
}

/**
 * The player shows their card to everyone: it is known from now on, and the ability is spent.
 * Nothing else follows ("ujawniając swoją tożsamość"), but a Mayor whose card is shown can no
 * longer pardon: his pardon is done by showing it "w momencie skazywania".
 */
export function reveal(ctx: Ctx, id: PlayerId): Ctx {
  const p = player(ctx, id);
  return log(spend(setPlayer(ctx, id, { revealed: true }), p.role, 'reveal'), 'reveal', { name: p.name, role: p.role });
}

// ---------------------------------------------------------------- the Manitou's rulings

export function override(ctx0: Ctx, o: Override): Ctx {
  if (isCorrection(o)) return correct(ctx0, o);
  let ctx = ctx0;
  if (o.kind === 'eliminate') {
    const p = player(ctx, o.player);
    if (!p.alive) return ctx;
    // Decision (docs/RULES.md): by day a holder eliminated by the Manitou is like any death by
    // day (the Town finds the statue); at night nobody killed them, so the statue leaves the table.
    const night = ctx.phase.kind === 'night';
    if (night && ctx.statue.holder === p.id) ctx = { ...ctx, statue: { holder: null, planted: false } };
    return eliminate(log(ctx, 'keeperEliminate', { name: p.name }), p.id, 'keeper').ctx;
  }
  if (o.kind === 'revive') {
    const p = player(ctx, o.player);
    ctx = setPlayer(ctx, p.id, { alive: true, fate: null });
    return log({ ...ctx, out: ctx.out.filter((id) => id !== p.id) }, 'keeperRevive', { name: p.name });
  }
  if (o.kind === 'reveal') return ctx; // the players' own act, recorded by `reveal` (machine.ts)
  const winner = o.winner;
  ctx = log(ctx, 'keeperWinner', { winner });
  return { ...ctx, outcome: { winner, reason: { key: 'ktulu:outcome.keeper', params: { winner } }, winners: winnersOf(ctx, winner) } };
}

// ---------------------------------------------------------------- the Manitou's corrections

const corr = (key: string, params?: Text['params']): Text => ({ key: `ktulu:corrections.${key}`, params });

/**
 * Why the statue cannot be put anywhere now, and who may not hold it. It comes into play when the
 * bandits meet on the zero night (step 6: RULES-NOTES "The statue"); nobody out of the game holds
 * it. Planted: only with a Silent Foot dealt, and never on the Silent Foot himself ("może podłożyć
 * go wybranej osobie"). Who holds it now is not refused here: that is the Manitou's secret, and so
 * are the refusals of a planted statue (they name the Silent Foot, or say there is none), which
 * the screen gives only for the player the Manitou picks.
 */
export function statueRules(ctx: Ctx): { blocked: Text | null; refused: Record<PlayerId, Text>; plantable: boolean; refusedPlanted: Record<PlayerId, Text> } {
  const beforeBandits = ctx.phase.number === 0 && ctx.cursor.index <= indexOfStep('zeroNight', '6');
  const foot = !!holderOf(ctx, 'silentFoot');
  const refused: Record<PlayerId, Text> = {};
  const refusedPlanted: Record<PlayerId, Text> = {};
  for (const p of ctx.players) {
    if (!p.alive) refused[p.id] = corr('out');
    else if (!foot) refusedPlanted[p.id] = corr('noSilentFoot');
    else if (p.role === 'silentFoot') refusedPlanted[p.id] = corr('plantSelf');
  }
  return { blocked: beforeBandits ? corr('statueNotYet') : null, refused, plantable: true, refusedPlanted };
}

/** Why the Manitou's correction cannot be made now, or null (see `correct`). */
export function overrideProblem(ctx: Ctx, o: Override): Text | null {
  const common = correctionProblem(ctx, o);
  if (common || !isCorrection(o)) return common;
  switch (o.kind) {
    case 'moveToken': {
      if (o.token !== 'statue') return { key: 'common:override.problems.unknownToken' };
      const r = statueRules(ctx);
      if (r.blocked) return r.blocked;
      if (r.refused[o.to]) return r.refused[o.to];
      if (o.planted && r.refusedPlanted[o.to]) return r.refusedPlanted[o.to];
      return ctx.statue.holder === o.to && ctx.statue.planted === !!o.planted ? { key: 'common:override.problems.holdsIt' } : null;
    }
    case 'setRole': {
      if (!(ROLE_IDS as readonly string[]).includes(o.role)) return { key: 'common:override.problems.unknownRole' };
      const p = player(ctx, o.player);
      if (p.role === o.role) return { key: 'common:override.problems.sameRole' };
      const other = ctx.players.find((q) => q.id !== p.id && q.role === o.role);
      return other && !ROLES[o.role as RoleId].plain ? { key: 'common:override.problems.roleHeld' } : null;
    }
    case 'swapRoles':
      return player(ctx, o.a).role === player(ctx, o.b).role ? { key: 'common:override.problems.sameCards' } : null;
  }
  return null;
}

/** Every card of the book, for the override's screen (who holds it: the Manitou's secret). */
export function roleChoices(ctx: Ctx) {
  return ROLE_IDS.map((id) => ({
    id,
    name: { key: `ktulu:roles.${id}.name` },
    side: { key: `ktulu:factions.${ROLES[id].faction}` },
    single: !ROLES[id].plain,
    holders: ctx.players.filter((p) => p.role === id).map((p) => p.id)
  }));
}

/**
 * A player leaves the table. "Z gry można zostać wyeliminowanym … odkrywa się wtedy swoją kartę
 * i nie bierze udziału w dalszej grze": like every way out of the game, their card is shown (read
 * out with the next announcements). Leaving is not dying (docs/RULES.md, "A player who leaves"):
 * the Doctor is not asked, no Runaway count moves, and a statue on them is not found by the Town.
 * It stays with the faction that held it ("Jeśli frakcja posiada posążek, to jej najwyższy rangą
 * aktywny członek decyduje, komu go przydzieli"): its leader, else its first living member in
 * seating order; a planted statue goes back to the Silent Foot (else his Indians). With nobody of
 * that faction left it is off the table, until the Manitou puts it somewhere.
 */
export function leave(ctx0: Ctx, id: PlayerId): Ctx {
  const p = player(ctx0, id);
  let ctx = log(setPlayer(ctx0, id, { alive: false, fate: 'left' }), 'fate.left', { name: p.name, role: p.role });
  ctx = { ...ctx, out: [...ctx.out, id] };
  if (ctx.poisoned === id) ctx = { ...ctx, poisoned: null };
  if (ctx.statue.holder !== id) return ctx;
  const planted = ctx.statue.planted;
  const faction = planted ? factionOf('silentFoot') : factionOf(p.role);
  const members = membersOf(ctx, faction).filter((q) => q.alive);
  const to = (planted ? members.find((q) => q.role === 'silentFoot') : undefined) ?? members.find((q) => ROLES[q.role].rank === 1) ?? members[0];
  if (!to) return log({ ...ctx, statue: { holder: null, planted: false } }, 'statueOff', { faction }, true);
  return log({ ...ctx, statue: { holder: to.id, planted: false } }, 'statueStays', { name: to.name, faction }, true);
}

/**
 * The Manitou's correction (checked first by `overrideProblem`). The statue is put where it really
 * is: nothing that acts on a statue being received follows (Lucky Luke's following, Kaszabara's
 * possession, the Burning Rage); the rules then go on from there (a search finds it, a holder of
 * the Town who keeps it till dawn wins). Where the statue is and every card are the Manitou's
 * secrets in the log; a name and a player leaving are seen by everyone. The machine's first checks
 * look for a win right after.
 */
export function correct(ctx: Ctx, o: Override): Ctx {
  if (!isCorrection(o)) return ctx;
  switch (o.kind) {
    case 'moveToken': {
      const to = player(ctx, o.to);
      const next = { ...ctx, statue: { holder: to.id, planted: !!o.planted } };
      return log(next, o.planted ? 'keeperStatuePlanted' : 'keeperStatue', { name: to.name, faction: factionOf(to.role) }, true);
    }
    case 'swapRoles': {
      const [a, b] = [player(ctx, o.a), player(ctx, o.b)];
      // The card goes with what the table knows of it: shown, or a gunslinger by a won duel.
      const card = (x: PlayerState) => ({ role: x.role, revealed: x.revealed, gunslinger: x.gunslinger });
      return log(setPlayer(setPlayer(ctx, a.id, card(b)), b.id, card(a)), 'keeperSwap', { a: a.name, b: b.name }, true);
    }
    case 'setRole': {
      const p = player(ctx, o.player);
      return log(setPlayer(ctx, p.id, { role: o.role as RoleId }), 'keeperSetRole', { name: p.name, role: o.role }, true);
    }
    case 'rename':
    case 'replace':
      return renameIn('ktulu', ctx, o);
    case 'leave':
      return leave(ctx, o.player);
    case 'setValue':
      // Refused by `correctionProblem`: this game keeps no numbers to put right.
      return ctx;
  }
}

// ---------------------------------------------------------------- the night

/** Move on to the next step of the list (its mode is decided when the cursor gets there). */
export function advance(ctx: Ctx): Ctx {
  return { ...ctx, cursor: { index: ctx.cursor.index + 1, sub: null }, work: NO_WORK };
}

/** Pass over every step that is not called, judged one at a time on the state as it is now. */
export function skipAhead(ctx: Ctx): Ctx {
  const list = stepList(ctx);
  let index = ctx.cursor.index;
  const at = (i: number): Ctx => ({ ...ctx, cursor: { index: i, sub: null } });
  while (index < list.length && modeOf(at(index), list[index]) === 'skip') index++;
  return index === ctx.cursor.index ? ctx : { ...at(index), work: NO_WORK };
}

/** Every slot a day can hold, in order. */
export const DAY_ORDER = ['morning', 'intro', 'discussion', 'poison', 'search', 'hang', 'nightfall'] as const;

/** The day's slots, judged on the state now: the introductions on day 1, the poison while it works (or once given). */
export function daySlots(ctx: Ctx): string[] {
  const poisoned = ctx.poisoned && player(ctx, ctx.poisoned).alive;
  return ['morning', ...(ctx.phase.number === 1 ? ['intro'] : []), 'discussion', ...(poisoned || ctx.visited.includes('poison') ? ['poison'] : []), 'search', 'hang', 'nightfall'];
}

/** The night's steps (book numbers) from position `from` on that are called, each judged on the state now at its place. */
export function nightCalls(ctx: Ctx, from = 0): string[] {
  const list = stepList(ctx);
  const out: string[] = [];
  for (let i = from; i < list.length; i++) {
    if (modeOf({ ...ctx, cursor: { index: i, sub: null } }, list[i]) !== 'skip') out.push(list[i].n);
  }
  return out;
}

/** The phase's calls as planned now (see `Ctx.planned`). */
export const planNow = (ctx: Ctx): string[] => (ctx.phase.kind === 'night' ? nightCalls(ctx) : daySlots(ctx));

/** Fix the phase's plan, if it is not yet: called by the phase's first answer, before it changes anything. */
export const fixPlan = (ctx: Ctx): Ctx => (ctx.planned ? ctx : { ...ctx, planned: planNow(ctx) });

export const nightOver = (ctx: Ctx): boolean => ctx.cursor.index >= stepList(ctx).length;
export const needsSkip = (ctx: Ctx): boolean => {
  const s = stepHere(ctx);
  return !!s && ctx.cursor.sub === null && modeOf(ctx, s) === 'skip';
};

/** A night step answered: its call is visited, and a second answer in the same call is its part 2. */
const visit = (ctx: Ctx, n: string): Ctx => ({
  ...ctx,
  visited: ctx.visited.includes(n) ? ctx.visited : [...ctx.visited, n],
  parts: ctx.visited.at(-1) === n ? (ctx.parts ?? 1) + 1 : 1
});
const toSub = (ctx: Ctx, sub: Sub, work: Partial<Work> = {}): Ctx => ({ ...ctx, cursor: { ...ctx.cursor, sub }, work: { ...ctx.work, ...work } });

const pickOf = (a: Answer): PlayerId | null => (a.kind === 'players' ? (a.ids[0] ?? null) : null);
const picksOf = (a: Answer): PlayerId[] => (a.kind === 'players' ? a.ids : []);
const yes = (a: Answer): boolean => a.kind === 'yesno' && a.value;

/** The statue passes to the step's actor if the pick holds it (a search, a theft, a game of cards). */
function takeIfHeld(ctx: Ctx, step: KtuluStep, actor: PlayerId | null, target: PlayerId): { ctx: Ctx; took: boolean } {
  if (!holds(ctx, target) || !actor) return { ctx, took: false };
  // A faction that already knowingly holds it finds nothing new: "Bandyci, jeżeli nie mają posążka, mogą wybrać osobę, którą okradają."
  if ('faction' in step.actor && statueFaction(ctx) === step.actor.faction) return { ctx, took: false };
  return { ctx: moveStatue(ctx, actor), took: true };
}

/** What a night action's rule reads: the step, the Manitou's answer, and who acts. */
interface NightAnswer {
  /** The game, the step visited (and "nobody" logged when no one was picked). */
  ctx: Ctx;
  step: KtuluStep;
  sub: Sub | null;
  answer: Answer;
  /** The one player picked, if any. */
  pick: PlayerId | null;
  /** The role called, for a role's step. */
  caller: PlayerState | null;
  /** Who acts, judged before the answer spends the ability (a spent once-per-game role is no longer a caller). */
  actor: PlayerId | null;
  name: (id: PlayerId) => string;
  /** Spend the caller's once-or-twice-per-game ability, when the step uses one. */
  spendCaller: (c: Ctx) => Ctx;
}
type NightRule = (a: NightAnswer) => Ctx;

/** A step with nothing to answer: on to the next. */
const onward: NightRule = ({ ctx }) => advance(ctx);

/**
 * Each night action's rule, found by the action a step of the book does (`steps.ts` gives
 * every step's action). Every rule cites the book's line it plays.
 */
const NIGHT_RULES: Record<KtuluStep['does'], NightRule> = {
  wake: onward,
  sleep: onward,
  meet: onward,

  // "Lucky Luke jeśli na początku swojej tury ma posążek to odjeżdża."
  rideAway: ({ ctx, caller }) => advance(win(ctx, 'luckyLuke', 'rodeOff', { name: caller?.name ?? '' })),

  handStatue: ({ ctx, pick }) => {
    // "Jeśli frakcja posiada posążek, to jej najwyższy rangą aktywny członek decyduje, komu go przydzieli."
    if (!pick) return advance(ctx);
    return advance(ctx.statue.holder !== pick || ctx.statue.planted ? moveStatue(ctx, pick) : ctx);
  },

  client: ({ ctx, sub, pick, name }) => {
    // "Manitou budzi tę osobę, dziwka poznaje kartę tej osoby, zaś ta osoba dowiaduje się, kto jest dziwką."
    if (sub === 'reveal') return advance(ctx);
    if (!pick) return advance(ctx);
    return toSub(log({ ...ctx, client: pick }, 'client', { name: name(pick), role: player(ctx, pick).role }, true), 'reveal', { pick });
  },

  seduce: ({ ctx, pick, name }) => {
    if (!pick) return advance(ctx);
    return advance(log({ ...ctx, seduced: pick }, 'seduce', { name: name(pick) }, true));
  },

  blackmail: ({ ctx, sub, pick, name }) => {
    // "Szantażysta szantażuje (jeśli trafi na bandytę próbuje jeszcze raz)": once more, then it fails.
    if (!pick) return advance(ctx);
    const bandit = factionOfPlayer(ctx, pick) === 'bandits';
    if (bandit && sub === null) return toSub(log(ctx, 'blackmailBandit', { name: name(pick) }, true), 'again', { pick });
    if (bandit) return advance(log(ctx, 'blackmailFails', { name: name(pick) }, true));
    return advance(log({ ...ctx, blackmailed: pick }, 'blackmail', { name: name(pick) }, true));
  },

  jail: ({ ctx, pick, caller, name }) => {
    // "Jeżeli ta osoba miała posążek, przejmuje go szeryf." On the zero night the statue is not in play yet.
    if (!pick) return advance(ctx);
    // Whom the Sheriff jailed is public ("Jawność gry"): the morning reads it out.
    ctx = log({ ...ctx, tonight: { ...ctx.tonight, jailed: pick } }, 'jail', { name: name(pick) });
    if (holds(ctx, pick) && caller) ctx = moveStatue(ctx, caller.id);
    return advance(ctx);
  },

  confess: ({ ctx, sub, pick, name }) => {
    if (sub === 'result' || !pick) return advance(ctx);
    return toSub(log(ctx, 'confess', { name: name(pick), faction: factionOfPlayer(ctx, pick) }, true), 'result', { pick });
  },

  search: searchRule,
  steal: searchRule,

  kill: ({ ctx, step, sub, pick, actor, name, spendCaller }) => {
    if (sub === 'result' || !pick) return advance(ctx);
    ctx = spendCaller(ctx);
    const had = holds(ctx, pick);
    ctx = log(ctx, 'kill', { actor: actorLabel(step), name: name(pick) }, true);
    const r = eliminate(ctx, pick, 'killed', actor);
    ctx = r.ctx;
    return r.out && had ? toSub(ctx, 'result', { pick, took: true }) : advance(ctx);
  },

  follow: ({ ctx, pick, caller, name, spendCaller }) => {
    if (!pick || !caller) return advance(ctx);
    return advance(log(spendCaller({ ...ctx, follow: { target: pick, night: ctx.phase.number } }), 'follow', { name: name(pick) }, true));
  },

  learnHolder: ({ ctx, step, answer, spendCaller }) => {
    // Lucky Luke every night; the Tax Collector and Eagle Eye when they want to (once).
    if (step.may && !yes(answer)) return advance(ctx);
    ctx = spendCaller(ctx);
    const h = statueHolder(ctx);
    return advance(log(ctx, 'learnHolder', { actor: actorLabel(step), name: h?.name ?? '—' }, true));
  },

  protect: ({ ctx, pick, name }) => {
    // "Ochroniarz nie może ochraniać się sam, musi też każdej nocy ochraniać inną osobę."
    if (!pick) return advance(ctx);
    // Public, as the jail is ("kogo chroni ochroniarz").
    return advance(log({ ...ctx, tonight: { ...ctx.tonight, protected: pick }, bodyguardLast: pick }, 'protect', { name: name(pick) }));
  },

  gamble: ({ ctx, step, pick, sub }) => gamble(ctx, step, pick, sub),

  drink: ({ ctx, pick, name, spendCaller }) => {
    // "Ta osoba nie będzie się budzić tej nocy, jednakże można ją zabić, przeszukać."
    if (!pick) return advance(ctx);
    // Public ("kogo spił opój").
    return advance(log(spendCaller({ ...ctx, tonight: { ...ctx.tonight, drinking: [...ctx.tonight.drinking, pick] } }), 'drink', { name: name(pick) }));
  },

  playCards: ({ ctx, step, sub, pick, actor, name, spendCaller }) => {
    // "Ta osoba nie będzie się budzić tej nocy … jeśli ta osoba posiada posążek, przejmuje go … szuler."
    if (sub === 'result' || !pick) return advance(ctx);
    ctx = spendCaller({ ...ctx, tonight: { ...ctx.tonight, playingCards: pick } });
    const r = takeIfHeld(ctx, step, actor, pick);
    // "z kim grał szuler (chyba, że wygrał posążek, wtedy Manitou mówi »szuler grał z właścicielem
    // posążka«)": whom he played with is public, unless he won the statue; then only that he
    // played its holder is, and the name is the Manitou's.
    ctx = { ...r.ctx, tonight: { ...r.ctx.tonight, cardsWon: r.took } };
    ctx = r.took ? log(log(ctx, 'cardsHolder'), 'cardsWon', { name: name(pick) }, true) : log(ctx, 'cards', { name: name(pick) });
    return toSub(ctx, 'result', { pick, took: r.took });
  },

  learnCard: ({ ctx, step, sub, pick, name, spendCaller }) => {
    if (sub === 'result' || !pick) return advance(ctx);
    return toSub(log(spendCaller(ctx), 'learnCard', { actor: actorLabel(step), name: name(pick), role: player(ctx, pick).role }, true), 'result', { pick });
  },

  poison: ({ ctx, pick, name, spendCaller }) => {
    // "W wybranym przez Manitou momencie następnego dnia, (ale przed głosowaniami o przeszukiwaniu) … ginie."
    if (!pick) return advance(ctx);
    return advance(log(spendCaller({ ...ctx, poisoned: pick }), 'poison', { name: name(pick) }, true));
  },

  plant: ({ ctx, pick, caller, name }) => {
    // "Jeżeli cicha stopa posiada posążek, może podłożyć go wybranej osobie … cicha stopa może odebrać posążek."
    if (!pick || !caller) return advance(ctx);
    if (ctx.statue.planted && ctx.statue.holder === pick) ctx = log(moveStatue(ctx, caller.id), 'takeBack', { name: name(pick) }, true);
    else ctx = moveStatue(ctx, pick, { planted: true });
    return advance(ctx);
  },

  detect: ({ ctx, sub, pick, name }) => {
    if (sub === 'result' || !pick) return advance(ctx);
    return toSub(log(ctx, 'detect', { name: name(pick) }, true), 'result', { pick });
  },

  signal: ({ ctx }) => {
    // "Żeby nadać sygnał muszą po swoim ruchu posiadać posążek." Three signals: the ship comes.
    ctx = log({ ...ctx, signals: ctx.signals + 1 }, 'signal', { n: ctx.signals + 1 }, true);
    if (ctx.signals >= SIGNALS_TO_WIN) ctx = win(ctx, 'aliens', 'signals');
    return advance(ctx);
  },

  chooseEscapee: ({ ctx, pick, name }) => {
    if (!pick) return advance(ctx);
    return advance(log({ ...ctx, tonight: { ...ctx.tonight, escapee: pick } }, 'escapee', { name: name(pick) }, true));
  },

  escape: ({ ctx, name }) => {
    // "Murzyni wygrywają, gdy ostatni murzyn ucieknie (niezależnie od tego, że po jego ucieczce np. zostaną sami indianie)."
    const who = ctx.tonight.escapee;
    if (!who) return advance(ctx);
    ctx = eliminate(ctx, who, 'escaped').ctx;
    ctx = { ...ctx, runaways: { scrapesSinceEscape: 0, killedSinceEscape: 0 } };
    if (!membersOf(ctx, 'runaways').some((p) => p.alive)) ctx = win(ctx, 'runaways', 'escaped', { name: name(who) });
    return advance(ctx);
  },

  chooseMaster: ({ ctx, sub, pick, name }) => {
    if (sub === 'result' || !pick) return advance(ctx);
    return toSub(log({ ...ctx, tonight: { ...ctx.tonight, master: pick } }, 'master', { name: name(pick), role: player(ctx, pick).role }, true), 'result', { pick });
  },

  robMaster: ({ ctx, sub, answer, caller, name, spendCaller }) => {
    // "Dwa razy w trakcie gry może próbować ukraść swojemu panu posążek. O ile jego pan ma posążek, przejmuje go."
    const master = ctx.tonight.master;
    if (sub === 'result' || !yes(answer) || !master) return advance(ctx);
    ctx = spendCaller(ctx);
    const took = holds(ctx, master) && !!caller;
    if (took) ctx = moveStatue(ctx, caller!.id);
    return toSub(log(ctx, took ? 'robbed' : 'robbedNothing', { name: name(master) }, true), 'result', { pick: master, took });
  },

  clean: ({ ctx, sub, answer }) => {
    // "Wybiera maksymalnie tyle osób i dowiaduje się czy któraś z nich ma posążek (nie dowiaduje się która)."
    if (sub === 'result') return advance(ctx);
    const picks = picksOf(answer);
    const found = picks.some((id) => holds(ctx, id));
    return toSub(log(ctx, found ? 'cleanFound' : 'cleanEmpty', { count: picks.length }, true), 'result', { picks, took: found });
  },

  // "Jeśli mają na końcu swojej tury posążek zeskrobują z niego trochę złota (jedną „porcję”)."
  scrape: ({ ctx }) => advance(log({ ...ctx, runaways: { ...ctx.runaways, scrapesSinceEscape: ctx.runaways.scrapesSinceEscape + 1 } }, 'scrape', {}, true)),

  interrogate: ({ ctx, step, answer, pick, sub }) => interrogate(ctx, step, answer, pick, sub),

  shoot: ({ ctx, step, answer, pick, sub }) => shoot(ctx, step, answer, pick, sub),

  possess: ({ ctx, sub, pick, name }) => {
    // "Co noc kogoś próbuje opętać. Udaje mu się z prawdopodobieństwem 75%."
    if (sub === 'result' || !pick) return advance(ctx);
    const [ok, rng] = kaszabaraPossesses(ctx.rng);
    ctx = { ...ctx, rng, possessed: ok ? { target: pick, night: ctx.phase.number } : null };
    return toSub(log(ctx, ok ? 'possessed' : 'possessFails', { name: name(pick) }, true), 'result', { pick, ok });
  },

  giveStatue: ({ ctx, sub, pick }) => {
    // "Jeśli posiada posążek może go podarować dowolnie wybranej osobie. Manitou informuje tę osobę."
    if (sub === 'result' || !pick) return advance(ctx);
    return toSub(moveStatue(ctx, pick), 'result', { pick, took: true });
  }
};

/** A search or a theft: the statue passes to the searcher if the pick holds it. */
function searchRule({ ctx, step, sub, pick, actor, name, spendCaller }: NightAnswer): Ctx {
  if (sub === 'result' || !pick) return advance(ctx);
  ctx = spendCaller(ctx);
  const r = takeIfHeld(ctx, step, actor, pick);
  ctx = log(r.ctx, r.took ? 'searchFound' : 'searchEmpty', { actor: actorLabel(step), name: name(pick) }, true);
  return toSub(ctx, 'result', { pick, took: r.took });
}

/**
 * The Manitou's answer to the step under the cursor: what it changes, then the step's
 * follow-up or the next step (the step's action's rule in `NIGHT_RULES`).
 */
export function answerNight(ctxIn: Ctx, answer: Answer): Ctx {
  const step = stepHere(ctxIn);
  if (!step) return ctxIn;
  let ctx = visit(fixPlan(ctxIn), step.n);
  const sub = ctx.cursor.sub;
  if (sub === null && modeOf(ctx, step) === 'pretend') return advance(ctx);
  const caller = 'faction' in step.actor ? null : callerOf(ctx, step);
  const actor = actorOf(ctx, step);
  const spendCaller = (c: Ctx) => (caller && step.uses && step.uses !== 'every' ? spend(c, caller.role, step.does) : c);
  // Every answered call is in the log, "nobody" included, so a skipped call can be seen and undone.
  if (sub === null && answer.kind === 'players' && answer.ids.length === 0) ctx = log(ctx, 'nobody', { actor: actorLabel(step) }, true);
  const at = ctx;
  const name = (id: PlayerId) => player(at, id).name;
  return NIGHT_RULES[step.does]({ ctx, step, sub, answer, pick: pickOf(answer), caller, actor, name, spendCaller });
}

/** Who acted, for log lines: the i18n path of a role's or a faction's name (nested as `$t(ktulu:{{actor}})`). */
function actorLabel(step: KtuluStep): string {
  if ('role' in step.actor) return `roles.${step.actor.role}.name`;
  if ('roles' in step.actor) return `roles.${step.actor.roles[0]}.name`;
  return `factions.${step.actor.faction}`;
}

/**
 * "Wskazuje palcem na osobę, z którą chce zagrać. Jeśli trafił na obywatela miasta - ginie. Jeśli
 * nie - ginie wskazana przez niego osoba, zaś hazardzista wskazuje kolejną. Jeśli hazardzista
 * zdobędzie posążek przekazuje go osobie, wskazując którą zginął."
 */
function gamble(ctx0: Ctx, step: KtuluStep, pick: PlayerId | null, sub: Sub | null): Ctx {
  let ctx = ctx0;
  const gambler = holderOf(ctx, 'gambler');
  if (!pick || !gambler || !gambler.alive) return advance(ctx);
  if (sub === null) ctx = spend(ctx, 'gambler', 'gamble');
  ctx = { ...ctx, tonight: { ...ctx.tonight, gambled: [...ctx.tonight.gambled, pick] } };
  // With whom the Gambler plays is public ("z kim gra hazardzista"); that he hit a townsperson is
  // the Manitou's (the town learns only who died).
  ctx = log(ctx, 'gambleShot', { name: player(ctx, pick).name });
  if (factionOfPlayer(ctx, pick) === 'town') {
    ctx = log(ctx, 'gambleLost', { name: player(ctx, pick).name }, true);
    // A Gambler the jail or the Bodyguard keeps alive survives his own shot; the game stops.
    return advance(eliminate(ctx, gambler.id, 'killed', pick).ctx);
  }
  ctx = eliminate(ctx, pick, 'killed', gambler.id).ctx;
  const more = ctx.players.some((p) => p.alive && p.id !== gambler.id);
  return more && player(ctx, gambler.id).alive ? toSub(ctx, 'again', { pick }) : advance(ctx);
}

/**
 * "Co noc może pojawić się w formie koszmaru jednej osobie … Jeżeli zgodzi się na współpracę to
 * Chorągiew dowiaduje się jaką ma kartę i czy ona i któryś z jej sąsiadów ma posążek. Jeśli się
 * nie zgodzi … umiera na zawał serca."
 */
function interrogate(ctx0: Ctx, step: KtuluStep, answer: Answer, pick: PlayerId | null, sub: Sub | null): Ctx {
  let ctx = ctx0;
  if (sub === 'result') return advance(ctx);
  if (sub === null) return pick ? toSub(ctx, 'cooperate', { pick }) : advance(ctx);
  const target = ctx.work.pick!;
  const name = player(ctx, target).name;
  if (yes(answer)) return toSub(log(ctx, 'cooperates', { name, role: player(ctx, target).role }, true), 'result', { ok: true });
  ctx = log(ctx, 'refuses', { name }, true);
  return advance(eliminate(ctx, target, 'heartAttack', actorOf(ctx, step)).ctx);
}

/**
 * "Z prawdopodobieństwem 75% strzał się udał, wtedy jeśli ta osoba miała posążek, to zostaje on
 * trafiony i bogowie mogą (ale nie muszą) go przejąć. Jeśli strzał się nie udał osoba, w którą
 * strzelano ginie." Three hits destroy it: the Gods win at once.
 */
function shoot(ctx0: Ctx, step: KtuluStep, answer: Answer, pick: PlayerId | null, sub: Sub | null): Ctx {
  let ctx = ctx0;
  if (sub === 'take') {
    if (yes(answer)) {
      const to = actorOf(ctx, step);
      if (to) ctx = log(moveStatue(ctx, to), 'godsTake', {}, true);
    }
    return advance(ctx);
  }
  if (sub === 'result') {
    const shot = ctx.work.shot;
    return shot?.statueHit && !ctx.outcome && holds(ctx, ctx.work.pick) ? toSub(ctx, 'take') : advance(ctx);
  }
  if (!pick) return advance(ctx);
  if (step.uses === 'once') ctx = spend(ctx, 'heWhoseName', 'shoot');
  const [shot, rng] = godsShot(ctx.rng, holds(ctx, pick));
  ctx = { ...ctx, rng };
  const name = player(ctx, pick).name;
  if (shot.statueHit) {
    ctx = log({ ...ctx, hits: ctx.hits + 1 }, 'hit', { name, n: ctx.hits + 1 }, true);
    if (ctx.hits >= HITS_TO_DESTROY) ctx = win(ctx, 'gods', 'destroyed');
  } else if (shot.landed) ctx = log(ctx, 'shotLands', { name }, true);
  else {
    ctx = log(ctx, 'shotMisses', { name }, true);
    ctx = eliminate(ctx, pick, 'shot', actorOf(ctx, step)).ctx;
  }
  return toSub(ctx, 'result', { pick, shot });
}

// ---------------------------------------------------------------- phases

/** Dusk: the night's own state starts afresh; the Bodyguard's last pick and the spells carry on. */
export function startNight(ctx: Ctx): Ctx {
  return {
    ...ctx,
    phase: { kind: 'night', number: ctx.phase.number },
    cursor: { index: 0, sub: null },
    visited: [],
    planned: undefined,
    tonight: newTonight(announcedFaction(ctx)),
    work: NO_WORK,
    out: [],
    day: NEW_DAY
  };
}

/**
 * Dawn. Zero night: if no active bandit could take the statue at step 6, the Bandit Leader
 * (or the first bandit) has it, as at the start of the game. Then the morning's wins.
 */
export function startDay(ctx0: Ctx): Ctx {
  let ctx = ctx0;
  if (ctx.phase.number === 0 && !ctx.statue.holder) {
    const bandits = membersOf(ctx, 'bandits').filter((p) => p.alive);
    const to = bandits.find((p) => p.role === 'banditLeader') ?? bandits[0];
    if (to) ctx = { ...ctx, statue: { holder: to.id, planted: false } };
  }
  ctx = dawnWins(ctx);
  return { ...ctx, phase: { kind: 'day', number: ctx.phase.number + 1 }, visited: [], planned: undefined, cursor: { index: 0, sub: null }, work: NO_WORK, day: NEW_DAY };
}

// ---------------------------------------------------------------- the day

export const GUNSLINGERS = (ctx: Ctx, id: PlayerId) => isGunslinger(player(ctx, id).role);

/**
 * A duel's result from the votes for each duellist's death: "Jeśli wszyscy się wstrzymają, nikt
 * nie ginie. Jeśli ktoś zagłosuje, to ginie osoba, na której śmierć zagłosowało więcej osób, zaś
 * w wypadku remisu giną obydwaj." A gunslinger against a non-gunslinger wins whatever the vote:
 * "jeżeli jego wynik jest inny niż zwycięstwo rewolwerowca, Manitou ogłasza, że i tak zwyciężył
 * rewolwerowiec" — nobody dying or both dying is not his win, so the other dies.
 */
export function duelResult(ctx: Ctx, a: PlayerId, b: PlayerId, votes: Record<PlayerId, number>): { dies: PlayerId[]; gunslinger: PlayerId | null } {
  const va = votes[a] ?? 0;
  const vb = votes[b] ?? 0;
  let dies: PlayerId[] = va === 0 && vb === 0 ? [] : va > vb ? [a] : vb > va ? [b] : [a, b];
  const ga = GUNSLINGERS(ctx, a);
  const gb = GUNSLINGERS(ctx, b);
  if (ga !== gb) {
    const gun = ga ? a : b;
    const other = ga ? b : a;
    const gunWins = dies.length === 1 && dies[0] === other;
    if (!gunWins) return { dies: [other], gunslinger: gun };
    dies = [other];
  }
  return { dies, gunslinger: null };
}

/**
 * The search vote: "do przeszukania wybiera się te osoby, w liczbie określonej zasadami, które
 * dostały najwięcej głosów. W wypadku remisów Manitou zarządza dogrywkę (tylko między
 * remisującymi osobami)." Returns those chosen for sure and those tied for the last places.
 */
export function searchTally(options: PlayerId[], counts: Record<PlayerId, number>, slots: number): { sure: PlayerId[]; tied: PlayerId[] } {
  const ranked = options.map((id) => ({ id, n: counts[id] ?? 0 })).sort((x, y) => y.n - x.n);
  if (slots <= 0) return { sure: [], tied: [] };
  if (ranked.length <= slots) return { sure: ranked.map((r) => r.id), tied: [] };
  const edge = ranked[slots - 1].n;
  if (ranked[slots].n !== edge) return { sure: ranked.slice(0, slots).map((r) => r.id), tied: [] };
  return { sure: ranked.filter((r) => r.n > edge).map((r) => r.id), tied: ranked.filter((r) => r.n === edge).map((r) => r.id) };
}

/** "Jeśli chce, to decyduje się, kogo … w wypadku remisu nikt nie zostaje powieszony." */
export function hangTally(options: PlayerId[], counts: Record<PlayerId, number>): PlayerId | null {
  const best = Math.max(0, ...options.map((id) => counts[id] ?? 0));
  const top = options.filter((id) => (counts[id] ?? 0) === best);
  return best > 0 && top.length === 1 ? top[0] : null;
}

/** Searches today: the setting, but never more than the players alive. */
export const searchSlots = (ctx: Ctx): number => Math.min(ctx.setup.settings.searchesPerDay, alive(ctx).length);

/** Search the chosen players: a holder among them (planted or not) is found, and the Town wins. */
export function search(ctx0: Ctx, ids: PlayerId[]): Ctx {
  // Each name isolated on its own: a right-to-left name must not reorder the others.
  const names = nameList(ids.map((id) => player(ctx0, id).name));
  let ctx = log({ ...ctx0, day: { ...ctx0.day, searched: ids, search: null } }, 'searched', { names });
  const found = ids.find((id) => holds(ctx, id));
  if (found) ctx = win(ctx, 'town', 'foundBySearch', { name: player(ctx, found).name });
  return ctx;
}

export { FACTIONS };
