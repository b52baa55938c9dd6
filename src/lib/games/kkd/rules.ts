/**
 * Killer Kloo Doo's rules as pure functions over the table (the scoreboard shape, see
 * engine/scoreboard.ts): whose turn it is and who misses one, who entered which room last, the
 * contests of Part 1 and the accusation, the Part 1 scores, then Part 2's Survival Points,
 * weapons, attacks, healing, poison, servants, the three objectives each, the staircase and the
 * last one standing. Sections cited are the text's (seeds/002); decisions where it is silent are
 * in docs/RULES.md.
 *
 * Lantern does the arithmetic and the dice, and says when a move breaks a rule as it reads it;
 * the players may make the move anyway (`overrule`), and the log says so. What only the board
 * can check (who is in which room, within two or six squares) is left to the players.
 *
 * Every die Lantern rolls comes from the seeded generator kept in the state (`rng`), so undo and
 * replay roll the same numbers; a move may carry the dice the table rolled instead.
 */
import type { GameInput } from '../../engine/game';
import { isolate, nameList, renameProblem } from '../../engine/names';
import { rollDice, seedRng, shuffle, type RngState } from '../../engine/rng';
import type { CorrectedValue, LogLine, MoveProblem, Outcome, Override, PlayerId, Text } from '../../engine/types';
import {
  CARDS,
  cardNameId,
  categoryOf,
  isCard,
  ROOMS,
  SUSPECTS,
  WEAPONS,
  type CardId,
  type Edition,
  type OwnNames,
  type RoomId,
  type SuspectId,
  type WeaponId
} from '../cluedo-cards';
import {
  ACCUSATION,
  assaultDamage,
  attackDamage,
  cardValue,
  duel,
  isCourt,
  isDie,
  isRank,
  locationDone,
  MULTIPLIER,
  part1Score,
  servantSucceeds,
  total,
  type Rank,
  type Side
} from './cards';
import { ownNamesOf, type KkdSetup } from './setup';

// ---------------------------------------------------------------- the table

export type Part = 'part1' | 'scoring' | 'part2';

export interface Character {
  id: SuspectId;
  /** Who plays it; null for a non-player character. */
  player: PlayerId | null;
  /** Survival Points (Part 2). */
  sp: number;
  alive: boolean;
  /** The murder weapon carried (one at a time, Part 2). */
  weapon: WeaponId | null;
  /** Turns still to miss (an Ace). */
  miss: number;
  /** The room entered last: a playing card is drawn only on entering another one. */
  lastRoom: RoomId | null;
  /** A Location objective's servant at work in this room (a Court card played there). */
  searching: RoomId | null;
  /** Weapons cleaned in the Kitchen for a Weapon objective, not yet thrown out. */
  cleaned: WeaponId[];
  /** On the staircase with all three objectives done. */
  staircase: boolean;
}

export interface Objectives {
  /** `app`: Lantern dealt them and keeps them secret; `physical`: drawn from the cards, known once done. */
  mode: 'app' | 'physical';
  /** Each player character's three cards (app only). */
  dealt: Partial<Record<SuspectId, CardId[]>>;
  /** The cards turned face up, in the order achieved. */
  done: Partial<Record<SuspectId, CardId[]>>;
  /** Who has still to look at their objectives (pass-and-peek), in turn order. */
  toSee: SuspectId[];
}

/** One line of a roll on screen: whose dice, the faces, and what they make. */
export interface RollLine {
  label: Text;
  dice: number[];
  /** The weapon's multiplier. */
  times?: number;
  /** Added to the dice (a Part 1 score). */
  plus?: number;
  total: number;
}

/** The latest dice, shown big until the next roll. */
export interface Roll {
  /** Counts every roll of the game: a new number is a new roll. */
  n: number;
  title: Text;
  lines: RollLine[];
  result: Text | null;
  /** The table rolled real dice and entered them. */
  entered: boolean;
}

export type Winner = 'part1' | 'escape' | 'lastStanding' | 'nobody';

export interface KkdState {
  players: { id: PlayerId; name: string; seat: number }[];
  edition: Edition;
  /** The names the table's own cards print (set-up); absent in a game stored before them. */
  names?: OwnNames;
  part: Part;
  /** All six suspects, in the box's order. */
  characters: Character[];
  turn: { number: number; who: SuspectId };
  accusation: { by: SuspectId; right: boolean } | null;
  /** The Hearts and Diamonds each player character held at the end of Part 1. */
  scores: Partial<Record<SuspectId, { hearts: Rank[]; diamonds: Rank[] }>>;
  objectives: Objectives | null;
  /** Weapons thrown out of the house (removed from the game). */
  thrown: WeaponId[];
  outcome: { winner: Winner; winners: SuspectId[] } | null;
  rng: RngState;
  roll: Roll | null;
  log: LogLine[];
}

// ---------------------------------------------------------------- moves

type Over = { overrule?: boolean };

export type ContestKind = 'persuasion' | 'aggression';
export type Service = 'lure' | 'spy' | 'steal';

export type KkdMove =
  /** The turn passes clockwise; Lantern skips whoever misses a turn, and the dead. */
  | ({ kind: 'endTurn' } & Over)
  /** A character enters a room: a playing card is drawn unless it is the room entered last. */
  | ({ kind: 'enter'; by: SuspectId; room: RoomId } & Over)
  /** An Ace played on a character: they miss their next turn (Part 1: drugged; Part 2: poisoned). */
  | ({ kind: 'ace'; by: SuspectId; target: SuspectId } & Over)
  /**
   * Persuasion (Hearts) or Aggression (Clubs): one card each; against a non-player character, the
   * top card of the pack. `target: null`: the defender, a player character, has no card of the
   * suit to play, and the attempt succeeds (docs/RULES.md).
   */
  | ({ kind: 'contest'; contest: ContestKind; by: SuspectId; target: SuspectId; cards: { by: Rank; target: Rank | null }; result?: Side } & Over)
  /**
   * A Part 1 servant's trick (a Court card): a character brought to the player's room, or a weapon
   * fetched there. "The affected player cannot defend against such tricks."
   */
  | ({ kind: 'trick'; by: SuspectId; court: Rank; target: SuspectId | WeaponId } & Over)
  | ({ kind: 'accuse'; by: SuspectId; right: boolean } & Over)
  /** A player's Hearts and Diamonds at the end of Part 1. */
  | ({ kind: 'score'; by: SuspectId; hearts: Rank[]; diamonds: Rank[] } & Over)
  /** The table stops after Part 1: the highest score wins. */
  | ({ kind: 'stop' } & Over)
  /**
   * Part 2 begins: Survival Points (Part 1 + 2d6; dice given here were rolled by the table, the
   * rest Lantern rolls), the objectives (dealt by Lantern or drawn from the cards), who starts
   * (named by the table, or Lantern rolls).
   */
  | ({ kind: 'part2'; objectives: 'app' | 'physical'; rolls?: Partial<Record<SuspectId, number[]>>; first?: SuspectId } & Over)
  /** A player has looked at their objectives and passes the phone on. */
  | ({ kind: 'seen'; by: SuspectId } & Over)
  | ({ kind: 'take'; by: SuspectId; weapon: WeaponId } & Over)
  | ({ kind: 'drop'; by: SuspectId } & Over)
  /** A murder weapon: die × multiplier; `counter`: the target strikes back with theirs. `dice`: the table's dice. */
  | ({ kind: 'attack'; by: SuspectId; target: SuspectId; counter?: boolean; dice?: { by?: number; target?: number } } & Over)
  /** Assault & Battery: each side's Clubs; against a non-player character, the top card of the pack. */
  | ({ kind: 'assault'; by: SuspectId; target: SuspectId; clubs: { by: Rank[]; target: Rank[] } } & Over)
  /** A Heart cashed in: its value added to the Survival Points. */
  | ({ kind: 'heal'; by: SuspectId; card: Rank } & Over)
  /** A servant (Court card) bribed with Diamonds, perhaps seen through with a Spade. */
  | ({ kind: 'servant'; service: Service; by: SuspectId; target: SuspectId; court: Rank; diamonds: Rank[]; spade: Rank | null; room?: RoomId; result?: Side } & Over)
  /** A Weapon objective's weapon cleaned in the Kitchen. */
  | ({ kind: 'clean'; by: SuspectId; weapon: WeaponId } & Over)
  /** … and thrown out from the Hall: the objective is done and the weapon leaves the game. */
  | ({ kind: 'throwOut'; by: SuspectId; weapon: WeaponId } & Over)
  /** A Location objective begun: a Court card played in the room. */
  | ({ kind: 'search'; by: SuspectId; room: RoomId; court: Rank } & Over)
  /** The Location roll: 2d6, 7 or more finishes the room. */
  | ({ kind: 'searchRoll'; by: SuspectId; dice?: number[] } & Over)
  /** The character left the room being searched: the servant goes. */
  | ({ kind: 'leave'; by: SuspectId } & Over)
  /** An objective turned face up by the players' word. */
  | ({ kind: 'complete'; by: SuspectId; card: CardId } & Over)
  /** On the staircase (or, `off`, moved off it). */
  | ({ kind: 'staircase'; by: SuspectId; off?: boolean } & Over)
  /** A correction of Survival Points. */
  | ({ kind: 'adjust'; target: SuspectId; delta: number } & Over)
  /** Dice for anything else the table needs. */
  | ({ kind: 'roll'; count: number } & Over);

// ---------------------------------------------------------------- set-up

export function init({ setup, seed }: GameInput<KkdSetup>): KkdState {
  const players = setup.players.map((p, seat) => ({ id: p.id, name: p.name, seat }));
  const playerOf = new Map(players.map((p) => [setup.characters[p.id], p.id]));
  const characters: Character[] = SUSPECTS.map((id) => ({
    id,
    player: playerOf.get(id) ?? null,
    sp: 0,
    alive: true,
    weapon: null,
    miss: 0,
    lastRoom: null,
    searching: null,
    cleaned: [],
    staircase: false
  }));
  let s: KkdState = {
    players,
    edition: setup.edition,
    ...(setup.names && Object.keys(setup.names).length ? { names: ownNamesOf(setup.names) } : {}),
    part: 'part1',
    characters,
    turn: { number: 1, who: setup.characters[players[0].id] },
    accusation: null,
    scores: {},
    objectives: null,
    thrown: [],
    outcome: null,
    rng: seedRng(seed),
    roll: null,
    log: []
  };
  if (setup.first === 'roll') {
    const rolled = startRoll(s, playable(s).map((c) => c.id));
    s = { ...rolled.state, turn: { number: 1, who: rolled.first } };
    s = { ...s, roll: { n: 1, title: { key: 'kkd:roll.first' }, lines: rolled.lines, result: { key: 'kkd:roll.starts', params: named(s, rolled.first, 'name') }, entered: false } };
    s = log(s, 'firstRolled', { ...named(s, rolled.first, 'name'), rolls: rolled.summary });
  } else {
    s = { ...s, turn: { number: 1, who: setup.characters[setup.first] } };
    s = log(s, 'firstChosen', named(s, s.turn.who, 'name'));
  }
  return log(s, 'turn', named(s, s.turn.who, 'name'));
}

/**
 * "Roll a dice to determine who starts" (Part 1) and "Each character rolls a dice and the highest
 * score goes first" (Part 2): one die each, the highest starts; equal highest roll again.
 */
export function startRoll(state: KkdState, who: readonly SuspectId[]): { state: KkdState; first: SuspectId; lines: RollLine[]; summary: string } {
  let rng = state.rng;
  let left = [...who];
  const lines: RollLine[] = [];
  const parts: string[] = [];
  for (let round = 1; ; round++) {
    const [faces, next] = rollDice(rng, left.length);
    rng = next;
    left.forEach((id, i) =>
      lines.push({ label: { key: round === 1 ? 'kkd:roll.who' : 'kkd:roll.again', params: named(state, id, 'name') }, dice: [faces[i]], total: faces[i] })
    );
    parts.push(left.map((id, i) => `${isolate(displayName(state, id))} ${faces[i]}`).join(', '));
    const high = Math.max(...faces);
    left = left.filter((_, i) => faces[i] === high);
    if (left.length === 1) return { state: { ...state, rng }, first: left[0], lines, summary: parts.join('; ') };
  }
}

// ---------------------------------------------------------------- reading the table

export const charOf = (s: KkdState, id: SuspectId): Character => s.characters.find((c) => c.id === id)!;
export const charIn = (s: KkdState, id: unknown): Character | undefined => s.characters.find((c) => c.id === id);
export const nameOf = (s: KkdState, player: PlayerId): string => s.players.find((p) => p.id === player)?.name ?? player;
/** The player characters, in turn order. */
export const playable = (s: KkdState): Character[] =>
  s.players.map((p) => s.characters.find((c) => c.player === p.id)!).filter((c): c is Character => c !== undefined);
export const living = (s: KkdState): Character[] => playable(s).filter((c) => c.alive);

/** A player's name, or a non-player character's id (for a plain-text summary only). */
const displayName = (s: KkdState, id: SuspectId): string => {
  const c = charOf(s, id);
  return c.player ? nameOf(s, c.player) : id;
};

/**
 * A character named in a text: a player character by the player's name in `slot`; a non-player
 * character by its card in `<slot>Card`, with the text's `_npc` form.
 */
export function named(s: KkdState, id: SuspectId, slot: string): Record<string, string> {
  const c = charOf(s, id);
  return c.player ? { [slot]: nameOf(s, c.player) } : { [slot]: '', [`${slot}Card`]: cardNameId(id, s.edition, s.names), context: 'npc' };
}

const card = (s: KkdState, id: CardId): string => cardNameId(id, s.edition, s.names);

/** The Part 1 score of a player character (its cards as entered, and the accusation). */
export function part1Of(s: KkdState, id: SuspectId): number {
  const cards = s.scores[id];
  const accused = s.accusation?.by === id ? s.accusation.right : null;
  return part1Score(cards?.hearts ?? [], cards?.diamonds ?? [], accused);
}

/** The highest Part 1 score and who has it. */
export function part1Leaders(s: KkdState): { score: number; who: SuspectId[] } {
  const scored = playable(s).map((c) => ({ id: c.id, score: part1Of(s, c.id) }));
  const score = Math.max(...scored.map((x) => x.score));
  return { score, who: scored.filter((x) => x.score === score).map((x) => x.id) };
}

export const objectivesOf = (s: KkdState, id: SuspectId): CardId[] => s.objectives?.dealt[id] ?? [];
export const doneOf = (s: KkdState, id: SuspectId): CardId[] => s.objectives?.done[id] ?? [];
/** Objectives still to do, when Lantern dealt them (secret). */
export const openOf = (s: KkdState, id: SuspectId): CardId[] => objectivesOf(s, id).filter((c) => !doneOf(s, id).includes(c));

export const isOver = (s: KkdState): boolean => s.outcome !== null;

export function outcomeOf(s: KkdState): Outcome | null {
  const o = s.outcome;
  if (!o) return null;
  const winners = o.winners.map((id) => charOf(s, id).player!).filter(Boolean);
  const names = winners.map((p) => nameOf(s, p));
  const params = { name: names[0] ?? '', names: nameList(names), score: o.winner === 'part1' ? part1Leaders(s).score : 0 };
  const key = o.winner === 'part1' && winners.length > 1 ? 'part1Tie' : o.winner;
  return { winner: o.winner, winners, reason: { key: `kkd:end.${key}`, params } };
}

// ---------------------------------------------------------------- checks

const refuse = (key: string, params?: Text['params']): MoveProblem => ({ text: { key: `kkd:refused.${key}`, params }, overrulable: false });
/** A rule as Lantern reads it: the players may make the move anyway. */
const rule = (key: string, params?: Text['params']): MoveProblem => ({ text: { key: `kkd:rules.${key}`, params }, overrulable: true });

/** Why a move cannot be made, or null. A move with `overrule` skips the problems the players may overrule. */
export function check(state: KkdState, move: KkdMove): MoveProblem | null {
  const problem = problemOf(state, move);
  return problem && problem.overrulable && move.overrule ? null : problem;
}

const ranks = (v: unknown, min: number, max: number): v is Rank[] => Array.isArray(v) && v.length >= min && v.length <= max && v.every(isRank);

/** Who acts must be a living player character. */
function actorProblem(s: KkdState, id: unknown): MoveProblem | null {
  const c = charIn(s, id);
  if (!c || !c.player) return refuse('noPlayer');
  return c.alive ? null : refuse('dead', named(s, c.id, 'name'));
}

/** A target, any living character but the one acting. */
function targetProblem(s: KkdState, by: SuspectId, id: unknown): MoveProblem | null {
  const c = charIn(s, id);
  if (!c) return refuse('noCharacter');
  if (c.id === by) return refuse('self');
  return c.alive ? null : refuse('dead', named(s, c.id, 'name'));
}

/** The move belongs to one of these parts of the game. */
const inPart = (s: KkdState, ...parts: Part[]): MoveProblem | null => (parts.includes(s.part) ? null : refuse(`not_${parts[0]}`));

/** A move of one of the parts by a living player against another living character. */
const against = (s: KkdState, m: { by: SuspectId; target: SuspectId }, ...parts: Part[]): MoveProblem | null =>
  inPart(s, ...parts) ?? actorProblem(s, m.by) ?? targetProblem(s, m.by, m.target);

const isRoom = (v: unknown) => (ROOMS as readonly unknown[]).includes(v);
const isWeapon = (v: unknown) => (WEAPONS as readonly unknown[]).includes(v);
const isSide = (v: unknown) => v === undefined || v === 'by' || v === 'target';
const both = (s: KkdState, m: { by: SuspectId; target: SuspectId }) => ({ ...named(s, m.by, 'name'), ...named(s, m.target, 'target') });

/** Every player character has scored Part 1 (the end of Part 1, either way the table goes on). */
function unscoredProblem(s: KkdState): MoveProblem | null {
  const missing = playable(s).filter((c) => !s.scores[c.id]);
  return missing.length ? rule('unscored', { names: nameList(missing.map((c) => nameOf(s, c.player!))) }) : null;
}

/** Part 2's start: how the objectives are dealt, the table's own dice, who starts. */
function part2Problem(s: KkdState, m: Extract<KkdMove, { kind: 'part2' }>): MoveProblem | null {
  if (m.objectives !== 'app' && m.objectives !== 'physical') return refuse('unknown');
  if (m.rolls !== undefined) {
    if (!m.rolls || typeof m.rolls !== 'object') return refuse('dice');
    for (const [id, dice] of Object.entries(m.rolls)) if (!charIn(s, id) || !Array.isArray(dice) || dice.length !== 2 || !dice.every(isDie)) return refuse('dice');
  }
  if (m.first !== undefined && !charIn(s, m.first)?.player) return refuse('noPlayer');
  return null;
}

/** A Weapon objective's two moves: clean it in the Kitchen, then throw it out from the Hall. */
function weaponObjectiveProblem(s: KkdState, m: Extract<KkdMove, { kind: 'clean' | 'throwOut' }>): MoveProblem | null {
  const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
  if (p) return p;
  if (!isWeapon(m.weapon)) return refuse('noWeapon');
  const c = charOf(s, m.by);
  const params = { ...named(s, c.id, 'name'), weapon: card(s, m.weapon) };
  if (s.thrown.includes(m.weapon)) return refuse('thrown', params);
  const mine = objectiveProblem(s, c.id, m.weapon);
  if (mine) return mine;
  if (m.kind === 'clean' && c.cleaned.includes(m.weapon)) return refuse('alreadyClean', params);
  if (c.weapon !== m.weapon) return rule('notHeld', params);
  if (m.kind === 'throwOut' && !c.cleaned.includes(m.weapon)) return rule('notClean', params);
  return null;
}

type MoveCheck<K extends KkdMove['kind']> = (s: KkdState, m: Extract<KkdMove, { kind: K }>) => MoveProblem | null;

/**
 * Each kind of move's checks, found by the move's kind: `refuse` for what cannot be, `rule` for
 * what the rules forbid and the players may overrule.
 */
const CHECKS: { [K in KkdMove['kind']]: MoveCheck<K> } = {
  endTurn: (s) => inPart(s, 'part1', 'part2'),

  enter: (s, m) => inPart(s, 'part1', 'part2') ?? actorProblem(s, m.by) ?? (isRoom(m.room) ? null : refuse('noRoom')),

  ace: (s, m) => {
    const p = against(s, m, 'part1', 'part2');
    if (p) return p;
    const t = charOf(s, m.target);
    if (!t.player) return refuse('npcNoTurn', named(s, t.id, 'target'));
    // "That player misses their next turn": a second Ace before it is missed does not add one.
    return t.miss > 0 ? rule('alreadyMisses', named(s, t.id, 'target')) : null;
  },

  contest: (s, m) => {
    const p = against(s, m, 'part1');
    if (p) return p;
    if (m.contest !== 'persuasion' && m.contest !== 'aggression') return refuse('unknown');
    if (!m.cards || !isRank(m.cards.by) || !(m.cards.target === null || isRank(m.cards.target))) return refuse('card');
    if (!isSide(m.result)) return refuse('unknown');
    // A non-player character always answers with the top card of the pack.
    if (m.cards.target === null && !charOf(s, m.target).player) return refuse('npcNoCard', named(s, m.target, 'target'));
    if (m.cards.target === null) return m.result === 'target' ? rule('noCardLoses', both(s, m)) : null;
    const cards = duel(cardValue(m.cards.by), cardValue(m.cards.target));
    if (m.result !== undefined && m.result !== cards)
      return rule(cards === 'by' ? 'cardsSayBy' : cardValue(m.cards.by) === cardValue(m.cards.target) ? 'tieHolds' : 'cardsSayTarget', both(s, m));
    return null;
  },

  trick: (s, m) => {
    const p = inPart(s, 'part1') ?? actorProblem(s, m.by);
    if (p) return p;
    if (!isRank(m.court) || !isCourt(m.court)) return refuse('court');
    if (isWeapon(m.target)) return null;
    return targetProblem(s, m.by, m.target);
  },

  accuse: (s, m) => inPart(s, 'part1') ?? actorProblem(s, m.by) ?? (typeof m.right === 'boolean' ? null : refuse('unknown')),

  score: (s, m) => {
    const p = inPart(s, 'scoring') ?? actorProblem(s, m.by);
    if (p) return p;
    return ranks(m.hearts, 0, 13) && ranks(m.diamonds, 0, 13) ? null : refuse('card');
  },

  stop: (s) => inPart(s, 'scoring') ?? unscoredProblem(s),

  part2: (s, m) => inPart(s, 'scoring') ?? part2Problem(s, m) ?? unscoredProblem(s),

  seen: (s, m) => {
    const next = s.objectives?.toSee[0];
    if (!next) return refuse('nothingToSee');
    return m.by === next ? null : refuse('notTheirTurnToSee', named(s, next, 'name'));
  },

  take: (s, m) => {
    const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
    if (p) return p;
    if (!isWeapon(m.weapon)) return refuse('noWeapon');
    if (s.thrown.includes(m.weapon)) return refuse('thrown', { weapon: card(s, m.weapon) });
    if (charOf(s, m.by).weapon === m.weapon) return refuse('holdsIt', { ...named(s, m.by, 'name'), weapon: card(s, m.weapon) });
    return null;
  },

  drop: (s, m) => inPart(s, 'part2') ?? actorProblem(s, m.by) ?? (charOf(s, m.by).weapon ? null : refuse('noWeaponHeld', named(s, m.by, 'name'))),

  attack: (s, m) => {
    const p = against(s, m, 'part2');
    if (p) return p;
    const a = charOf(s, m.by);
    const t = charOf(s, m.target);
    if (!a.weapon) return refuse('attackNeedsWeapon', named(s, a.id, 'name'));
    if (m.counter !== undefined && typeof m.counter !== 'boolean') return refuse('unknown');
    if (m.counter && !t.weapon) return refuse('noCounter', named(s, t.id, 'target'));
    if (m.dice !== undefined) {
      if (!m.dice || typeof m.dice !== 'object') return refuse('dice');
      if (m.dice.by !== undefined && !isDie(m.dice.by)) return refuse('dice');
      if (m.dice.target !== undefined && !isDie(m.dice.target)) return refuse('dice');
    }
    return null;
  },

  assault: (s, m) => {
    const p = against(s, m, 'part2');
    if (p) return p;
    if (!m.clubs || !ranks(m.clubs.by, 1, 13) || !ranks(m.clubs.target, 0, 13)) return refuse('card');
    // "another player should pick the top card from the pack … and treat this as an opposing CLUB".
    if (!charOf(s, m.target).player && m.clubs.target.length !== 1) return rule('npcTopCard', named(s, m.target, 'target'));
    return null;
  },

  heal: (s, m) => inPart(s, 'part2') ?? actorProblem(s, m.by) ?? (isRank(m.card) ? null : refuse('card')),

  servant: (s, m) => {
    const p = against(s, m, 'part2');
    if (p) return p;
    if (m.service !== 'lure' && m.service !== 'spy' && m.service !== 'steal') return refuse('unknown');
    if (!isRank(m.court) || !isCourt(m.court)) return refuse('court');
    const need = m.service === 'steal' ? 2 : 1;
    if (!ranks(m.diamonds, need, need)) return refuse(m.service === 'steal' ? 'twoDiamonds' : 'oneDiamond');
    if (m.spade !== null && !isRank(m.spade)) return refuse('card');
    if (m.room !== undefined && !isRoom(m.room)) return refuse('noRoom');
    if (!isSide(m.result)) return refuse('unknown');
    const t = charOf(s, m.target);
    // "Player characters can try to see-through … the servant's lies": a piece on the board cannot.
    if (!t.player && m.spade !== null) return refuse('npcNoSpade', named(s, t.id, 'target'));
    if (m.service === 'steal' && !t.weapon) return refuse('noWeaponHeld', named(s, t.id, 'name'));
    if (m.service !== 'spy' && m.room === undefined) return refuse('noRoom');
    const cards: Side = servantSucceeds(m.diamonds, m.spade) ? 'by' : 'target';
    if (m.result !== undefined && m.result !== cards)
      return rule(cards === 'by' ? 'servantSucceeds' : m.spade !== null && total(m.diamonds) === cardValue(m.spade) ? 'tieHolds' : 'servantFails', both(s, m));
    return null;
  },

  clean: weaponObjectiveProblem,
  throwOut: weaponObjectiveProblem,

  search: (s, m) => {
    const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
    if (p) return p;
    if (!isRoom(m.room)) return refuse('noRoom');
    if (!isRank(m.court) || !isCourt(m.court)) return refuse('court');
    return objectiveProblem(s, m.by, m.room) ?? (charOf(s, m.by).searching === m.room ? refuse('searching', { ...named(s, m.by, 'name'), room: card(s, m.room) }) : null);
  },

  searchRoll: (s, m) => {
    const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
    if (p) return p;
    if (m.dice !== undefined && (!Array.isArray(m.dice) || m.dice.length !== 2 || !m.dice.every(isDie))) return refuse('dice');
    // "To start, you must find a servant (Court Card) who will provide you with the cleaning materials."
    return charOf(s, m.by).searching ? null : rule('noServant', named(s, m.by, 'name'));
  },

  leave: (s, m) => inPart(s, 'part2') ?? actorProblem(s, m.by) ?? (charOf(s, m.by).searching ? null : refuse('notSearching', named(s, m.by, 'name'))),

  complete: (s, m) => {
    const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
    if (p) return p;
    if (!isCard(m.card)) return refuse('noCard');
    const mine = objectiveProblem(s, m.by, m.card);
    if (mine) return mine;
    const params = { ...named(s, m.by, 'name'), card: card(s, m.card) };
    // Each kind has its own way to be done; the players' word can stand in for it.
    switch (categoryOf(m.card)) {
      case 'suspect':
        return charOf(s, m.card as SuspectId).alive ? rule('targetAlive', params) : null;
      case 'weapon':
        return s.thrown.includes(m.card as WeaponId) ? null : rule('weaponInHouse', params);
      case 'room':
        return rule('roomByRoll', params);
    }
    return null;
  },

  staircase: (s, m) => {
    const p = inPart(s, 'part2') ?? actorProblem(s, m.by);
    if (p) return p;
    const c = charOf(s, m.by);
    if (m.off) return c.staircase ? null : refuse('notOnStairs', named(s, c.id, 'name'));
    if (c.staircase) return refuse('onStairs', named(s, c.id, 'name'));
    // "Once all three objectives have been achieved … the character must make a dash for it."
    const done = doneOf(s, c.id).length;
    return done < 3 ? rule('notAllDone', { ...named(s, c.id, 'name'), count: done }) : null;
  },

  adjust: (s, m) => {
    const p = inPart(s, 'part2');
    if (p) return p;
    if (!charIn(s, m.target)) return refuse('noCharacter');
    return Number.isInteger(m.delta) && m.delta !== 0 && Math.abs(m.delta) <= 999 ? null : refuse('delta');
  },

  roll: (s, m) => (m.count === 1 || m.count === 2 ? null : refuse('dice'))
};

function problemOf(s: KkdState, m: KkdMove): MoveProblem | null {
  if (!m || typeof m !== 'object') return refuse('unknown');
  if (s.outcome) return refuse('over');
  // While the objectives go round the table, nothing else happens.
  if (s.objectives && s.objectives.toSee.length > 0 && m.kind !== 'seen') return refuse('dealing', named(s, s.objectives.toSee[0], 'name'));
  if (!Object.hasOwn(CHECKS, m.kind)) return refuse('unknown');
  return (CHECKS[m.kind] as MoveCheck<KkdMove['kind']>)(s, m);
}

/**
 * Whether `card` can be one of `by`'s objectives still to do: one of the three Lantern dealt
 * them, or, drawn from the cards, one nobody has turned up yet while they have fewer than three.
 */
function objectiveProblem(s: KkdState, by: SuspectId, card: CardId): MoveProblem | null {
  const o = s.objectives;
  if (!o) return refuse('not_part2');
  const params = { ...named(s, by, 'name'), card: cardNameId(card, s.edition, s.names) };
  if (doneOf(s, by).includes(card)) return refuse('alreadyDone', params);
  if (o.mode === 'app') return objectivesOf(s, by).includes(card) ? null : refuse('notObjective', params);
  if (Object.values(o.done).some((list) => list?.includes(card))) return refuse('doneByOther', params);
  return doneOf(s, by).length >= 3 ? refuse('allDone', params) : null;
}

// ---------------------------------------------------------------- the reducer

type MoveReducer<K extends KkdMove['kind']> = (s: KkdState, m: Extract<KkdMove, { kind: K }>) => KkdState;

/** The Location roll: the table's dice or Lantern's; 7 or more finishes the room. */
function searchRoll(state: KkdState, m: Extract<KkdMove, { kind: 'searchRoll' }>): KkdState {
  let s = state;
  const c = charOf(s, m.by);
  const room = c.searching;
  let dice = m.dice;
  if (!dice) [dice, s] = roll(s, 2);
  const sum = dice[0] + dice[1];
  const done = locationDone(dice);
  const params = { ...named(s, c.id, 'name'), room: room ? card(s, room) : '', a: dice[0], b: dice[1], sum };
  s = showRoll(s, { key: 'kkd:roll.search', params: named(s, c.id, 'name') }, [{ label: { key: 'kkd:roll.who', params: named(s, c.id, 'name') }, dice, total: sum }], {
    key: done ? 'kkd:roll.searchDone' : 'kkd:roll.searchAgain',
    params
  }, m.dice !== undefined);
  s = log(s, done ? 'searchDone' : 'searchAgain', params);
  if (!done) return s;
  s = patch(s, c.id, { searching: null });
  return room ? markDone(s, c.id, room) : s;
}

/** What each kind of move does to the table, found by the move's kind. */
const REDUCERS: { [K in KkdMove['kind']]: MoveReducer<K> } = {
  endTurn: nextTurn,

  enter: (s, m) => {
    const c = charOf(s, m.by);
    const draws = c.lastRoom !== m.room;
    s = patch(s, c.id, { lastRoom: m.room });
    s = log(s, draws ? 'enterDraw' : 'enterNoDraw', { ...named(s, c.id, 'name'), room: card(s, m.room) });
    // Leaving the room being searched sends the servant away.
    if (c.searching && c.searching !== m.room) s = servantGone(s, c.id);
    return s;
  },

  ace: (s, m) => {
    const t = charOf(s, m.target);
    s = patch(s, t.id, { miss: t.miss + 1 });
    return log(s, s.part === 'part2' ? 'poison' : 'drug', { ...named(s, m.by, 'name'), ...named(s, t.id, 'target') });
  },

  contest: (s, m) => {
    const a = cardValue(m.cards.by);
    if (m.cards.target === null) {
      const won = (m.result ?? 'by') === 'by';
      return log(s, `${m.contest}${won ? 'NoCard' : 'NoCardHolds'}`, { ...named(s, m.by, 'name'), ...named(s, m.target, 'target'), a });
    }
    const b = cardValue(m.cards.target);
    const winner = m.result ?? duel(a, b);
    const key = `${m.contest}${winner === 'by' ? 'Won' : a === b ? 'Tie' : 'Lost'}`;
    return log(s, key, { ...named(s, m.by, 'name'), ...named(s, m.target, 'target'), a, b });
  },

  trick: (s, m) => {
    const params = { ...named(s, m.by, 'name'), court: m.court };
    if (isWeapon(m.target)) return log(s, 'trickWeapon', { ...params, weapon: card(s, m.target as WeaponId) });
    return log(s, 'trickPerson', { ...params, ...named(s, m.target as SuspectId, 'target') });
  },

  accuse: (s, m) => {
    s = { ...s, accusation: { by: m.by, right: m.right }, part: 'scoring' };
    return log(s, m.right ? 'accuseRight' : 'accuseWrong', { ...named(s, m.by, 'name'), points: m.right ? ACCUSATION.right : -ACCUSATION.wrong });
  },

  score: (s, m) => {
    s = { ...s, scores: { ...s.scores, [m.by]: { hearts: [...m.hearts], diamonds: [...m.diamonds] } } };
    return log(s, 'score', { ...named(s, m.by, 'name'), hearts: total(m.hearts), diamonds: total(m.diamonds), score: part1Of(s, m.by) });
  },

  stop: (s) => {
    const leaders = part1Leaders(s);
    s = { ...s, outcome: { winner: 'part1', winners: leaders.who } };
    return log(s, leaders.who.length > 1 ? 'stopTie' : 'stop', {
      name: displayName(s, leaders.who[0]),
      names: nameList(leaders.who.map((id) => displayName(s, id))),
      score: leaders.score
    });
  },

  part2: startPart2,

  seen: (s) => {
    const o = s.objectives!;
    return { ...s, objectives: { ...o, toSee: o.toSee.slice(1) } };
  },

  take: (s, m) => {
    const c = charOf(s, m.by);
    const holder = s.characters.find((x) => x.weapon === m.weapon);
    if (holder) s = patch(s, holder.id, { weapon: null });
    // "You can only carry one Murder Weapon at a time": the one carried is left behind.
    if (c.weapon) s = log(s, 'leavesWeapon', { ...named(s, c.id, 'name'), weapon: card(s, c.weapon) });
    s = patch(s, c.id, { weapon: m.weapon });
    return log(s, holder ? 'takeFrom' : 'take', { ...named(s, c.id, 'name'), weapon: card(s, m.weapon), ...(holder ? named(s, holder.id, 'target') : {}) });
  },

  drop: (s, m) => {
    const c = charOf(s, m.by);
    s = patch(s, c.id, { weapon: null });
    return log(s, 'drop', { ...named(s, c.id, 'name'), weapon: card(s, c.weapon!) });
  },

  attack,

  assault: (s, m) => {
    const a = total(m.clubs.by);
    const b = total(m.clubs.target);
    const damage = assaultDamage(a, b);
    s = log(s, damage > 0 ? 'assaultHits' : 'assaultFails', { ...named(s, m.by, 'name'), ...named(s, m.target, 'target'), a, b, damage });
    return damage > 0 ? hurt(s, m.target, damage) : s;
  },

  heal: (s, m) => {
    const c = charOf(s, m.by);
    const value = cardValue(m.card);
    s = patch(s, c.id, { sp: c.sp + value });
    return log(s, 'heal', { ...named(s, c.id, 'name'), value, sp: c.sp + value });
  },

  servant,

  clean: (s, m) => {
    const c = charOf(s, m.by);
    s = patch(s, c.id, { cleaned: [...c.cleaned, m.weapon] });
    return log(s, 'clean', { ...named(s, c.id, 'name'), weapon: card(s, m.weapon) });
  },

  throwOut: (s, m) => {
    const c = charOf(s, m.by);
    const holder = s.characters.find((x) => x.weapon === m.weapon);
    if (holder) s = patch(s, holder.id, { weapon: null });
    s = patch(s, c.id, { cleaned: c.cleaned.filter((w) => w !== m.weapon) });
    s = { ...s, thrown: [...s.thrown, m.weapon] };
    s = log(s, 'throwOut', { ...named(s, c.id, 'name'), weapon: card(s, m.weapon) });
    return markDone(s, c.id, m.weapon);
  },

  search: (s, m) => {
    const c = charOf(s, m.by);
    if (c.searching) s = servantGone(s, c.id);
    s = patch(s, c.id, { searching: m.room, lastRoom: m.room });
    return log(s, 'search', { ...named(s, c.id, 'name'), room: card(s, m.room) });
  },

  searchRoll,

  leave: (s, m) => servantGone(s, m.by),

  complete: (s, m) => {
    s = log(s, 'complete', { ...named(s, m.by, 'name'), card: card(s, m.card) });
    return markDone(s, m.by, m.card);
  },

  staircase: (s, m) => {
    s = patch(s, m.by, { staircase: !m.off });
    return log(s, m.off ? 'offStairs' : 'onStairs', named(s, m.by, 'name'));
  },

  adjust: (s, m) => {
    const c = charOf(s, m.target);
    const sp = c.sp + m.delta;
    s = patch(s, c.id, { sp });
    s = log(s, 'adjust', { ...named(s, c.id, 'target'), delta: m.delta > 0 ? `+${m.delta}` : `${m.delta}`, sp });
    if (!c.alive && sp > 0) {
      s = patch(s, c.id, { alive: true });
      return log(s, 'revived', named(s, c.id, 'target'));
    }
    return c.alive && sp <= 0 ? dies(s, c.id) : s;
  },

  roll: (s, m) => {
    let dice: number[];
    [dice, s] = roll(s, m.count);
    const sum = dice.reduce((a, b) => a + b, 0);
    s = showRoll(s, { key: 'kkd:roll.free' }, [{ label: { key: 'kkd:roll.dice', params: { count: dice.length } }, dice, total: sum }], null, false);
    return log(s, 'roll', { dice: dice.join(' + '), sum, count: dice.length });
  }
};

/** The table after a move that `check` passed. */
export function reduce(state: KkdState, m: KkdMove): KkdState {
  let s = state;
  // Anything refused by a rule and made anyway is logged as overruled, with the rule it broke.
  const broken = m.overrule ? problemOf(state, { ...m, overrule: false } as KkdMove) : null;
  if (broken?.overrulable) s = log(s, 'overruled', { ...broken.text.params, rule: broken.text.key.slice('kkd:rules.'.length) });
  // The last dice stay on screen until the next move of the table (looking at one's objectives
  // is not one: Part 2's dice wait for the table behind the pass-and-peek).
  if (s.roll && m.kind !== 'seen') s = { ...s, roll: null };
  if (!Object.hasOwn(REDUCERS, m.kind)) return s;
  return (REDUCERS[m.kind] as MoveReducer<KkdMove['kind']>)(s, m);
}

// ---------------------------------------------------------------- the table's corrections

/**
 * What the table may put right with the override (`setValue`), by field: on a character,
 * `sp` (Survival Points), `miss` (turns still to miss), `weapon` (`none` or a weapon), `done` and
 * `undone` (an objective turned face up, or back down), `hearts` and `diamonds` (the Part 1
 * cards, as ranks) and `accusation` (`right` or `wrong`, on the accuser); on the `table`, `turn`
 * (whose turn it is). Names (`rename`) and a player leaving (`leave`) too.
 */
export const CHARACTER_FIELDS = ['sp', 'miss', 'weapon', 'done', 'undone', 'hearts', 'diamonds', 'accusation'] as const;
export type CharacterField = (typeof CHARACTER_FIELDS)[number];
export const TABLE = 'table';
/** The limits of a corrected number. */
export const SP_LIMIT = 999;
export const MISS_LIMIT = 9;

const corr = (key: string, params?: Text['params']): Text => ({ key: `kkd:corrections.problems.${key}`, params });
const isInt = (v: CorrectedValue): v is number => typeof v === 'number' && Number.isInteger(v);
const rankSet = (v: CorrectedValue): v is Rank[] => Array.isArray(v) && v.length <= 13 && v.every(isRank) && new Set(v).size === v.length;
const sameRanks = (a: readonly Rank[], b: readonly Rank[]) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * Why a correction cannot be made now, or null: the one check the machine's guard, the screen's
 * correction dialog and a backup's replay all use (through `checkOverride`).
 */
export function overrideProblem(s: KkdState, o: Override): Text | null {
  if (!o || typeof o !== 'object') return corr('unknown');
  if (s.outcome) return { key: 'common:errors.answer.finished' };
  if (s.objectives && s.objectives.toSee.length > 0) return corr('dealing', named(s, s.objectives.toSee[0], 'name'));
  const known = (id: unknown) => s.players.some((p) => p.id === id);
  switch (o.kind) {
    case 'rename':
      if (!known(o.player)) return { key: 'common:override.problems.unknownPlayer' };
      if (typeof o.name === 'string' && o.name.trim() === nameOf(s, o.player)) return corr('same');
      return renameProblem(o.name, s.players.filter((p) => p.id !== o.player).map((p) => p.name));
    case 'leave': {
      if (!known(o.player)) return { key: 'common:override.problems.unknownPlayer' };
      const c = s.characters.find((x) => x.player === o.player);
      if (!c || !c.alive) return { key: 'common:override.problems.leaveOut' };
      // Part 1 needs two players to go on; in Part 2 the last one standing wins.
      return s.part !== 'part2' && playable(s).length <= MIN_LEFT ? corr('tooFew') : null;
    }
    case 'setValue':
      return valueProblem(s, o);
  }
  return { key: 'common:override.problems.notHere' };
}

const MIN_LEFT = 2;

function valueProblem(s: KkdState, o: Extract<Override, { kind: 'setValue' }>): Text | null {
  const v = o.value;
  if (o.target === TABLE) {
    if (o.field !== 'turn') return corr('unknown');
    if (s.part === 'scoring') return corr('noTurn');
    const c = typeof v === 'string' ? charIn(s, v) : undefined;
    if (!c || !c.player) return { key: 'kkd:refused.noPlayer' };
    if (!c.alive) return { key: 'kkd:refused.dead', params: named(s, c.id, 'name') };
    return c.id === s.turn.who ? corr('same') : null;
  }
  const c = charIn(s, o.target);
  if (!c) return { key: 'kkd:refused.noCharacter' };
  const part2 = s.part === 'part2';
  const who = named(s, c.id, 'name');
  switch (o.field as CharacterField) {
    case 'sp':
      if (!part2) return corr('notPart2');
      if (!isInt(v) || Math.abs(v) > SP_LIMIT) return corr('number', { min: -SP_LIMIT, max: SP_LIMIT });
      return v === c.sp ? corr('same') : null;
    case 'miss':
      if (!c.player) return { key: 'kkd:refused.npcNoTurn', params: named(s, c.id, 'target') };
      if (!c.alive) return { key: 'kkd:refused.dead', params: who };
      if (s.part === 'scoring') return corr('noTurn');
      if (!isInt(v) || v < 0 || v > MISS_LIMIT) return corr('number', { min: 0, max: MISS_LIMIT });
      return v === c.miss ? corr('same') : null;
    case 'weapon': {
      if (!part2) return corr('notPart2');
      if (!c.alive) return { key: 'kkd:refused.dead', params: who };
      if (v === 'none') return c.weapon === null ? corr('same') : null;
      if (!(WEAPONS as readonly unknown[]).includes(v)) return { key: 'kkd:refused.noWeapon' };
      if (s.thrown.includes(v as WeaponId)) return { key: 'kkd:refused.thrown', params: { weapon: card(s, v as WeaponId) } };
      return c.weapon === v ? corr('same') : null;
    }
    case 'done': {
      if (!part2) return corr('notPart2');
      if (!c.player) return { key: 'kkd:refused.noPlayer' };
      if (!c.alive) return { key: 'kkd:refused.dead', params: who };
      if (!isCard(v)) return { key: 'kkd:refused.noCard' };
      return objectiveProblem(s, c.id, v as CardId)?.text ?? null;
    }
    case 'undone':
      if (!part2) return corr('notPart2');
      if (!c.player) return { key: 'kkd:refused.noPlayer' };
      return isCard(v) && doneOf(s, c.id).includes(v as CardId) ? null : corr('notDone', { ...who, card: isCard(v) ? card(s, v as CardId) : '' });
    case 'hearts':
    case 'diamonds': {
      if (s.part !== 'scoring') return corr('notScoring');
      if (!c.player) return { key: 'kkd:refused.noPlayer' };
      if (!rankSet(v)) return corr('ranks');
      const had = s.scores[c.id];
      return had && sameRanks(had[o.field as 'hearts' | 'diamonds'], v) ? corr('same') : null;
    }
    case 'accusation':
      if (s.part !== 'scoring') return corr('notScoring');
      if (s.accusation?.by !== c.id) return corr('notAccuser', who);
      if (v !== 'right' && v !== 'wrong') return corr('unknown');
      return (v === 'right') === s.accusation.right ? corr('same') : null;
  }
  return corr('unknown');
}

/**
 * A correction (checked first by `overrideProblem`), with a public log line saying what was put
 * right; then what follows from the new number as after any move: at zero Survival Points or
 * less the character is dead (and the last one standing wins), above zero a dead one is back; a
 * third objective sends the character for the staircase, one turned back down takes them off it.
 */
export function correct(state: KkdState, o: Override): KkdState {
  let s = state;
  switch (o.kind) {
    case 'rename': {
      const old = nameOf(s, o.player);
      const name = o.name.trim();
      s = { ...s, players: s.players.map((p) => (p.id === o.player ? { ...p, name } : p)) };
      return log(s, 'fixName', { old, name });
    }
    case 'leave':
      return leave(s, o.player);
    case 'setValue':
      return o.target === TABLE ? fixTurn(s, o.value as SuspectId) : fixValue(s, o.target as SuspectId, o.field as CharacterField, o.value);
  }
  return s;
}

function fixTurn(state: KkdState, id: SuspectId): KkdState {
  const s = { ...state, turn: { ...state.turn, who: id } };
  return log(s, 'fixTurn', named(s, id, 'name'));
}

function fixValue(state: KkdState, id: SuspectId, field: CharacterField, v: CorrectedValue): KkdState {
  let s = state;
  const c = charOf(s, id);
  switch (field) {
    case 'sp': {
      const sp = v as number;
      s = patch(s, id, { sp });
      s = log(s, 'fixSp', { ...named(s, id, 'target'), old: c.sp, sp });
      if (!c.alive && sp > 0) return log(patch(s, id, { alive: true }), 'revived', named(s, id, 'target'));
      return c.alive && sp <= 0 ? dies(s, id) : s;
    }
    case 'miss':
      return log(patch(s, id, { miss: v as number }), 'fixMiss', { ...named(s, id, 'target'), count: v as number });
    case 'weapon': {
      if (v === 'none') return log(patch(s, id, { weapon: null }), 'fixNoWeapon', named(s, id, 'target'));
      const holder = s.characters.find((x) => x.weapon === v);
      if (holder) s = patch(s, holder.id, { weapon: null });
      s = patch(s, id, { weapon: v as WeaponId });
      return log(s, 'fixWeapon', { ...named(s, id, 'target'), weapon: card(s, v as WeaponId) });
    }
    case 'done':
      s = log(s, 'fixDone', { ...named(s, id, 'target'), card: card(s, v as CardId) });
      return markDone(s, id, v as CardId);
    case 'undone': {
      const o = s.objectives!;
      s = { ...s, objectives: { ...o, done: { ...o.done, [id]: doneOf(s, id).filter((x) => x !== v) } } };
      s = log(s, 'fixUndone', { ...named(s, id, 'target'), card: card(s, v as CardId) });
      // Fewer than three objectives done: no longer on the dash for the helicopter.
      return c.staircase ? log(patch(s, id, { staircase: false }), 'offStairs', named(s, id, 'name')) : s;
    }
    case 'hearts':
    case 'diamonds': {
      const had = s.scores[id] ?? { hearts: [], diamonds: [] };
      s = { ...s, scores: { ...s.scores, [id]: { ...had, [field]: [...(v as Rank[])] } } };
      const now = s.scores[id]!;
      return log(s, 'fixScore', { ...named(s, id, 'target'), hearts: total(now.hearts), diamonds: total(now.diamonds), score: part1Of(s, id) });
    }
    case 'accusation':
      s = { ...s, accusation: { by: id, right: v === 'right' } };
      return log(s, v === 'right' ? 'fixAccuseRight' : 'fixAccuseWrong', { ...named(s, id, 'target'), score: part1Of(s, id) });
  }
  return s;
}

/**
 * A player leaves the table (docs/RULES.md): their character stays on the board as a
 * non-player character (a piece others may still have as a People objective), drops the weapon
 * it carried, and has no more turns; if it was their turn, the next player's begins. In Part 2,
 * one player left standing wins.
 */
function leave(state: KkdState, player: PlayerId): KkdState {
  const c = state.characters.find((x) => x.player === player)!;
  let s = log(state, 'fixLeave', { name: nameOf(state, player), card: card(state, c.id) });
  if (s.turn.who === c.id && s.part !== 'scoring') s = nextTurn(s);
  s = patch(s, c.id, { player: null, weapon: null, miss: 0, searching: null, cleaned: [], staircase: false });
  if (!s.outcome && s.part === 'part2' && living(s).length <= 1) return lastStanding(s);
  return s;
}

// ---------------------------------------------------------------- turns

/**
 * The next turn, clockwise. The dead have none; a character who misses a turn is skipped once
 * and the log says so. A character whose turn begins on the staircase escapes and wins (End
 * Game); one who misses that turn stays there a round longer (docs/RULES.md).
 */
function nextTurn(state: KkdState): KkdState {
  let s = state;
  const order = playable(s);
  let at = order.findIndex((c) => c.id === s.turn.who);
  // Each pass round the table takes one missed turn off everyone skipped, so this ends.
  for (;;) {
    at = (at + 1) % order.length;
    const c = charOf(s, order[at].id);
    if (!c.alive) continue;
    if (c.miss > 0) {
      s = patch(s, c.id, { miss: c.miss - 1 });
      s = log(s, 'missesTurn', named(s, c.id, 'name'));
      continue;
    }
    s = { ...s, turn: { number: s.turn.number + 1, who: c.id } };
    if (c.staircase) {
      s = { ...s, outcome: { winner: 'escape', winners: [c.id] } };
      return log(s, 'escapes', named(s, c.id, 'name'));
    }
    return log(s, 'turn', named(s, c.id, 'name'));
  }
}

// ---------------------------------------------------------------- Part 2

function startPart2(state: KkdState, m: Extract<KkdMove, { kind: 'part2' }>): KkdState {
  let s: KkdState = { ...state, part: 'part2' };
  s = log(s, 'part2');
  // "each player should roll two 6-sided dice, and add these scores to their Survival Points";
  // the non-player characters start with the dice alone (RULES-NOTES).
  const lines: RollLine[] = [];
  const rolled: Character[] = [];
  for (const c of s.characters) {
    let dice = m.rolls?.[c.id];
    if (!dice) [dice, s] = roll(s, 2);
    const plus = c.player ? part1Of(s, c.id) : 0;
    const sp = plus + dice[0] + dice[1];
    // "All of the characters begin in the STUDY."
    rolled.push({ ...c, sp, alive: sp > 0, weapon: null, miss: 0, lastRoom: 'study', searching: null, cleaned: [], staircase: false });
    lines.push({ label: { key: 'kkd:roll.who', params: named(s, c.id, 'name') }, dice: [dice[0], dice[1]], ...(c.player ? { plus } : {}), total: sp });
  }
  s = { ...s, characters: rolled };
  rolled.forEach((c, i) => {
    const [a, b] = lines[i].dice;
    s = log(s, c.player ? 'survival' : 'survivalNpc', { ...named(s, c.id, 'target'), a, b, plus: lines[i].plus ?? 0, sp: c.sp });
  });
  for (const c of rolled) if (!c.alive) s = log(s, 'deadAtStart', named(s, c.id, 'target'));

  // "Each character picks three at random": one shuffled pack of all 21 clue cards, three each
  // in turn order. A player's own character is passed over (docs/RULES.md).
  const dealt: Partial<Record<SuspectId, CardId[]>> = {};
  if (m.objectives === 'app') {
    let pack: CardId[];
    [pack, s] = shuffleIn(s, CARDS);
    for (const c of playable(s)) {
      const hand = pack.filter((x) => x !== c.id).slice(0, 3);
      dealt[c.id] = hand;
      pack = pack.filter((x) => !hand.includes(x));
    }
  }
  const toSee = m.objectives === 'app' ? living(s).map((c) => c.id) : [];
  s = { ...s, objectives: { mode: m.objectives, dealt, done: {}, toSee } };
  s = log(s, m.objectives === 'app' ? 'objectivesDealt' : 'objectivesDrawn');
  // A People objective whose target is already dead is done.
  for (const c of rolled) if (!c.alive) s = targetDied(s, c.id);

  // Who starts: named by the table, or a die each, the highest first.
  const alive = living(s).map((c) => c.id);
  if (alive.length <= 1) return lastStanding(s);
  let first: SuspectId;
  const survival = { title: { key: 'kkd:roll.part2' }, lines };
  if (m.first !== undefined) {
    // Named by the table; if they died at the start, the next living player clockwise.
    const order = playable(s).map((c) => c.id);
    const at = order.indexOf(m.first);
    first = [...order.slice(at), ...order.slice(0, at)].find((id) => charOf(s, id).alive)!;
    s = log(s, 'firstChosen', named(s, first, 'name'));
    s = showRoll(s, survival.title, survival.lines, { key: 'kkd:roll.starts', params: named(s, first, 'name') }, m.rolls !== undefined && Object.keys(m.rolls).length === s.characters.length);
  } else {
    const r = startRoll(s, alive);
    s = r.state;
    first = r.first;
    s = log(s, 'firstRolled', { ...named(s, first, 'name'), rolls: r.summary });
    s = showRoll(s, survival.title, [...survival.lines, ...r.lines], { key: 'kkd:roll.starts', params: named(s, first, 'name') }, false);
  }
  s = { ...s, turn: { number: s.turn.number + 1, who: first } };
  return log(s, 'turn', named(s, first, 'name'));
}

function attack(state: KkdState, m: Extract<KkdMove, { kind: 'attack' }>): KkdState {
  let s = state;
  const a = charOf(s, m.by);
  const t = charOf(s, m.target);
  const weapon = a.weapon!;
  let dieA = m.dice?.by;
  if (dieA === undefined) [[dieA], s] = roll(s, 1);
  const scoreA = dieA * MULTIPLIER[weapon];
  const lines: RollLine[] = [{ label: { key: 'kkd:roll.weapon', params: { ...named(s, a.id, 'name'), weapon: card(s, weapon) } }, dice: [dieA], times: MULTIPLIER[weapon], total: scoreA }];
  let scoreT: number | null = null;
  if (m.counter && t.weapon) {
    let dieT = m.dice?.target;
    if (dieT === undefined) [[dieT], s] = roll(s, 1);
    scoreT = dieT * MULTIPLIER[t.weapon];
    lines.push({ label: { key: 'kkd:roll.weapon', params: { ...named(s, t.id, 'name'), weapon: card(s, t.weapon) } }, dice: [dieT], times: MULTIPLIER[t.weapon], total: scoreT });
  }
  const { loser, damage } = attackDamage(scoreA, scoreT);
  const hurtId = loser === 'by' ? a.id : loser === 'target' ? t.id : null;
  const result: Text = hurtId
    ? { key: 'kkd:roll.loses', params: { ...named(s, hurtId, 'target'), damage } }
    : { key: 'kkd:roll.noDamage' };
  const entered = m.dice?.by !== undefined && (scoreT === null || m.dice?.target !== undefined);
  s = showRoll(s, { key: scoreT === null ? 'kkd:roll.attack' : 'kkd:roll.counter' }, lines, result, entered);
  s = log(s, scoreT === null ? 'attack' : 'counter', {
    ...named(s, a.id, 'name'),
    ...named(s, t.id, 'target'),
    weapon: card(s, weapon),
    a: scoreA,
    b: scoreT ?? 0,
    damage
  });
  return hurtId ? hurt(s, hurtId, damage) : s;
}

function servant(state: KkdState, m: Extract<KkdMove, { kind: 'servant' }>): KkdState {
  let s = state;
  const works = (m.result ?? (servantSucceeds(m.diamonds, m.spade) ? 'by' : 'target')) === 'by';
  const params = {
    ...named(s, m.by, 'name'),
    ...named(s, m.target, 'target'),
    a: total(m.diamonds),
    b: m.spade === null ? 0 : cardValue(m.spade),
    room: m.room ? card(s, m.room) : ''
  };
  const how = m.spade === null ? 'NoSpade' : '';
  s = log(s, `${m.service}${works ? 'Works' : 'Fails'}${works ? how : ''}`, params);
  // "All three cards are then shuffled back into the pack" (four for a theft), whoever wins.
  s = log(s, 'servantCardsBack', { cards: 1 + m.diamonds.length + (m.spade === null ? 0 : 1) });
  if (!works) return s;
  const t = charOf(s, m.target);
  if (m.service === 'lure' && m.room) {
    // Moved to the room: off the staircase, and the servant of a search elsewhere goes.
    if (t.staircase) s = log(patch(s, t.id, { staircase: false }), 'offStairs', named(s, t.id, 'name'));
    if (t.searching && t.searching !== m.room) s = servantGone(s, t.id);
  }
  if (m.service === 'steal' && t.weapon) s = patch(s, t.id, { weapon: null });
  return s;
}

/** Survival Points lost; at zero or less the character is dead. */
function hurt(state: KkdState, id: SuspectId, damage: number): KkdState {
  const c = charOf(state, id);
  const sp = c.sp - damage;
  let s = patch(state, id, { sp });
  s = log(s, 'hurt', { ...named(s, id, 'target'), damage, sp });
  return sp <= 0 ? dies(s, id) : s;
}

function dies(state: KkdState, id: SuspectId): KkdState {
  let s = patch(state, id, { alive: false, weapon: null, miss: 0, searching: null, staircase: false });
  s = log(s, 'dies', named(s, id, 'target'));
  s = targetDied(s, id);
  return living(s).length <= 1 && s.part === 'part2' ? lastStanding(s) : s;
}

/** "The game doesn't end until there is only one character left standing" (player characters only, RULES-NOTES). */
function lastStanding(state: KkdState): KkdState {
  const left = living(state);
  if (left.length === 1) return log({ ...state, outcome: { winner: 'lastStanding', winners: [left[0].id] } }, 'lastStanding', named(state, left[0].id, 'name'));
  return log({ ...state, outcome: { winner: 'nobody', winners: [] } }, 'nobody');
}

/** A People objective is done when its target dies, whoever kills them (RULES-NOTES). */
function targetDied(state: KkdState, id: SuspectId): KkdState {
  let s = state;
  const o = s.objectives;
  if (!o) return s;
  if (o.mode === 'physical') return log(s, 'peopleHint', { card: card(s, id) });
  for (const c of playable(s)) if (c.alive && openOf(s, c.id).includes(id)) s = markDone(s, c.id, id);
  return s;
}

/** An objective turned face up; with the third, the dash for the staircase. */
function markDone(state: KkdState, id: SuspectId, cardId: CardId): KkdState {
  const o = state.objectives!;
  const done = [...(o.done[id] ?? []), cardId];
  let s: KkdState = { ...state, objectives: { ...o, done: { ...o.done, [id]: done } } };
  s = log(s, 'objectiveDone', { ...named(s, id, 'name'), card: card(s, cardId), count: done.length });
  return done.length === 3 ? log(s, 'allDone', named(s, id, 'name')) : s;
}

function servantGone(state: KkdState, id: SuspectId): KkdState {
  const c = charOf(state, id);
  const s = patch(state, id, { searching: null });
  return log(s, 'servantGone', { ...named(s, id, 'name'), room: c.searching ? card(s, c.searching) : '' });
}

// ---------------------------------------------------------------- helpers

function roll(s: KkdState, count: number): [number[], KkdState] {
  const [dice, rng] = rollDice(s.rng, count);
  return [dice, { ...s, rng }];
}

function shuffleIn<T>(s: KkdState, items: readonly T[]): [T[], KkdState] {
  const [out, rng] = shuffle(s.rng, items);
  return [out, { ...s, rng }];
}

function showRoll(s: KkdState, title: Text, lines: RollLine[], result: Text | null, entered: boolean): KkdState {
  // A new number for each roll (the log grows with every move, and a roll is logged).
  return { ...s, roll: { n: s.log.length + 1, title, lines, result, entered } };
}

function patch(s: KkdState, id: SuspectId, change: Partial<Character>): KkdState {
  return { ...s, characters: s.characters.map((c) => (c.id === id ? { ...c, ...change } : c)) };
}

/** A line of the log, under the turn it happened in. */
function log(s: KkdState, key: string, params?: Text['params']): KkdState {
  const line: LogLine = { phase: { kind: 'turn', number: s.turn.number }, text: { key: `kkd:log.${key}`, ...(params ? { params } : {}) } };
  return { ...s, log: [...s.log, line] };
}
