/**
 * Cthulhu Gloom's rules as pure functions over the table: what each character shows through
 * its pile of cards (the cardinal rule), Self-Worth, deaths, Stories, turns, the end and the
 * Family Values. Sections cited are the rules sheet's.
 *
 * Lantern keeps the bookkeeping and says when a play breaks a rule as it reads it; the players
 * may make the play anyway (`overrule`), and the log says so.
 */
import type { GameInput } from '../../engine/game';
import { nameList } from '../../engine/names';
import { nextInt, seedRng } from '../../engine/rng';
import type { LogLine, MoveProblem, Outcome, PlayerId, Text } from '../../engine/types';
import { cardKey, findCard } from './cards';
import { CARD_NAME_MAX, DRAW_LIMIT, ICONS, isPathos, type FamilyId, type GloomSetup, type Icon } from './setup';

// ---------------------------------------------------------------- cards on a pile

/** A Pathos space: the value printed there, or null when the card prints nothing (it is clear). */
export type Space = number | null;

/** A card's story-icon space: an icon, the opaque blank block, or null when it is clear. */
export type IconSpace = Icon | 'blank' | null;

/** What a card prints in the spaces the cardinal rule looks at. */
export interface Print {
  pathos: [Space, Space, Space];
  icon: IconSpace;
}

export const CLEAR: Print = { pathos: [null, null, null], icon: null };

export interface PlayedCard {
  /** Unique in the game: a moved Modifier keeps it. */
  uid: number;
  name: string;
  type: 'modifier' | 'death';
  print: Print;
}

export interface Character {
  /** `<player id>.<n>`. */
  id: string;
  name: string;
  owner: PlayerId;
  /** Cards played on it, bottom first (the Character card itself prints nothing). */
  pile: PlayedCard[];
  alive: boolean;
  /** Quick mode: points added to what its cards show, as the table said. */
  adjust: number;
}

export interface Story {
  name: string;
  points: number;
  requires: Icon[];
  /** Who holds it; null: in the centre. */
  holder: PlayerId | null;
}

export interface GloomState {
  players: { id: PlayerId; name: string; seat: number }[];
  family: Record<PlayerId, FamilyId>;
  characters: Character[];
  stories: Story[];
  drawLimit: Record<PlayerId, number>;
  turn: {
    /** 1-based, counting every player's turn. */
    number: number;
    player: PlayerId;
    /** Standard plays made this turn (two at most; free plays do not count). */
    plays: number;
  };
  nextUid: number;
  log: LogLine[];
}

// ---------------------------------------------------------------- moves

/** Who makes a play: the player whose turn it is, unless another player's card lets them. */
type By = { by?: PlayerId };
/** A play outside the two a turn has (a card's "free play"). */
type Free = { free?: boolean };
type Over = { overrule?: boolean };

export type EventEffect =
  | { kind: 'none' }
  /** "Bringing a Character back from the dead": its Untimely Death is taken off. */
  | { kind: 'revive'; character: string }
  /** A Modifier moved from one character to another, landing on top there (RULES-NOTES). */
  | { kind: 'moveModifier'; from: string; uid: number; to: string };

export type GloomMove =
  | ({ kind: 'play'; card: string; cardType: 'modifier' | 'death'; target: string; print: Print } & By & Free & Over)
  | ({ kind: 'event'; card: string; effect: EventEffect } & By & Free & Over)
  | ({ kind: 'claim'; story: string } & By & Free & Over)
  | ({ kind: 'discard' } & By & Free & Over)
  | ({ kind: 'pass' } & Over)
  | { kind: 'endTurn'; overrule?: boolean }
  | { kind: 'adjust'; character: string; delta: number; overrule?: boolean }
  | { kind: 'drawLimit'; player: PlayerId; limit: number; overrule?: boolean }
  | { kind: 'reprint'; character: string; uid: number; print: Print; overrule?: boolean };

// ---------------------------------------------------------------- the cardinal rule

/**
 * What shows through a pile ("you only pay attention to card elements you can actually see"):
 * for each Pathos space and the story-icon space, the topmost card that prints something
 * there. A blank block shows as `blank`: it hides what is below and is no icon itself.
 */
export function visible(pile: readonly PlayedCard[]): Print {
  const pathos: [Space, Space, Space] = [null, null, null];
  for (let s = 0; s < 3; s++) {
    for (let i = pile.length - 1; i >= 0; i--) {
      const v = pile[i].print.pathos[s];
      if (v !== null) {
        pathos[s] = v;
        break;
      }
    }
  }
  let icon: IconSpace = null;
  for (let i = pile.length - 1; i >= 0 && icon === null; i--) icon = pile[i].print.icon;
  return { pathos, icon };
}

/** "A Character's Self-Worth score is the sum of its visible Pathos points" (plus quick-mode adjustments). */
export const selfWorth = (c: Character): number => visible(c.pile).pathos.reduce<number>((sum, v) => sum + (v ?? 0), 0) + c.adjust;

/** The story icon a character shows, if any (a blank block shows none). */
export function iconOf(c: Character): Icon | null {
  const icon = visible(c.pile).icon;
  return icon === null || icon === 'blank' ? null : icon;
}

/**
 * Family Value (WINNING): the Self-Worth of the player's own dead characters plus the points of
 * the Story they hold; living characters and others' dead count nothing.
 */
export function familyValue(state: GloomState, player: PlayerId): number {
  const dead = state.characters.filter((c) => c.owner === player && !c.alive).reduce((sum, c) => sum + selfWorth(c), 0);
  const story = state.stories.filter((s) => s.holder === player).reduce((sum, s) => sum + s.points, 0);
  return dead + story;
}

/** "The game ends the instant the last Character in any family dies." */
export function endedFamilies(state: GloomState): PlayerId[] {
  return state.players.filter((p) => state.characters.filter((c) => c.owner === p.id).every((c) => !c.alive)).map((p) => p.id);
}

export const isOver = (state: GloomState): boolean => endedFamilies(state).length > 0;

/** The lowest Family Value wins; equal lowest values share it ("a tie stays a tie"). */
export function outcomeOf(state: GloomState): Outcome {
  const values = state.players.map((p) => ({ id: p.id, value: familyValue(state, p.id) }));
  const low = Math.min(...values.map((v) => v.value));
  const winners = values.filter((v) => v.value === low).map((v) => v.id);
  const names = winners.map((id) => nameOf(state, id));
  return winners.length === 1
    ? { winner: 'lowest', winners, reason: { key: 'gloom:end.won', params: { name: names[0], value: low } } }
    : { winner: 'tie', winners, reason: { key: 'gloom:end.tied', params: { names: nameList(names), value: low } } };
}

/**
 * How many of a player's characters (living or dead) show one of a Story's required icons
 * (Family requirements: "a combination of at least 2 living or dead Characters in your family").
 */
export const requirementCount = (state: GloomState, player: PlayerId, requires: readonly Icon[]): number =>
  state.characters.filter((c) => c.owner === player && requires.includes(iconOf(c) as Icon)).length;

// ---------------------------------------------------------------- set-up

export function init({ setup, seed }: GameInput<GloomSetup>): GloomState {
  const players = setup.players.map((p, seat) => ({ id: p.id, name: p.name, seat }));
  let first = setup.first;
  if (first === 'random') [first] = [players[nextInt(seedRng(seed), players.length)[0]].id];
  const state: GloomState = {
    players,
    family: Object.fromEntries(players.map((p) => [p.id, setup.families[p.id].family])),
    characters: players.flatMap((p) =>
      setup.families[p.id].characters.map((name, i) => ({ id: `${p.id}.${i + 1}`, name: name.trim(), owner: p.id, pile: [], alive: true, adjust: 0 }))
    ),
    stories: setup.stories.map((s) => ({ name: s.name.trim(), points: s.points, requires: [...s.requires], holder: null })),
    drawLimit: Object.fromEntries(players.map((p) => [p.id, DRAW_LIMIT])),
    turn: { number: 1, player: first, plays: 0 },
    nextUid: 1,
    log: []
  };
  return log(state, setup.first === 'random' ? 'firstDrawn' : 'firstChosen', { name: nameOf(state, first) });
}

// ---------------------------------------------------------------- checks

const refuse = (key: string, params?: Text['params']): MoveProblem => ({ text: { key: `gloom:refused.${key}`, params }, overrulable: false });
/** A rule as Lantern reads it: the players may make the move anyway. */
const rule = (key: string, params?: Text['params']): MoveProblem => ({ text: { key: `gloom:rules.${key}`, params }, overrulable: true });

/** Why a move cannot be made, or null. A move with `overrule` skips the problems the players may overrule. */
export function check(state: GloomState, move: GloomMove): MoveProblem | null {
  const problem = problemOf(state, move);
  return problem && problem.overrulable && move.overrule ? null : problem;
}

function problemOf(state: GloomState, move: GloomMove): MoveProblem | null {
  const by = 'by' in move && move.by !== undefined ? move.by : state.turn.player;
  if (!state.players.some((p) => p.id === by)) return refuse('noPlayer');
  const standard = isStandardPlay(move);
  // "First, make 2 of the following plays" (Make 2 Plays).
  const playsLeft = (): MoveProblem | null => (standard && state.turn.plays >= 2 ? rule('twoPlaysMade', { name: nameOf(state, by) }) : null);
  switch (move.kind) {
    case 'play': {
      const name = cardName(move.card);
      if (!name) return refuse('cardName', { max: CARD_NAME_MAX });
      const listed = findCard(name);
      if (listed && listed.type !== move.cardType) return refuse('wrongType', { card: listed.name, type: listed.type });
      if (!isPrint(move.print)) return refuse('print');
      const target = characterIn(state, move.target);
      if (!target) return refuse('noCharacter');
      if (move.cardType === 'modifier') {
        // "You can only play Modifiers on living characters, unless a card effect specifically says otherwise."
        if (!target.alive) return rule('modifierOnDead', { character: target.name });
        return playsLeft();
      }
      if (!target.alive) return refuse('alreadyDead', { character: target.name });
      // Untimely Death: "only on a Character with a negative Self-Worth score", and "as your first play" (or a free play).
      const worth = selfWorth(target);
      if (worth >= 0) return rule('deathNotNegative', { character: target.name, worth });
      if (standard && state.turn.plays > 0) return rule('deathFirstPlay');
      return null;
    }
    case 'event': {
      const name = cardName(move.card);
      if (!name) return refuse('cardName', { max: CARD_NAME_MAX });
      const listed = findCard(name);
      if (listed && listed.type !== 'event') return refuse('wrongType', { card: listed.name, type: listed.type });
      const effect = move.effect;
      if (effect.kind === 'revive') {
        const c = characterIn(state, effect.character);
        if (!c) return refuse('noCharacter');
        if (c.alive) return refuse('notDead', { character: c.name });
      } else if (effect.kind === 'moveModifier') {
        const from = characterIn(state, effect.from);
        const to = characterIn(state, effect.to);
        if (!from || !to) return refuse('noCharacter');
        if (from.id === to.id) return refuse('sameCharacter');
        const card = from.pile.find((c) => c.uid === effect.uid);
        if (!card || card.type !== 'modifier') return refuse('noModifier', { character: from.name });
        // A dead character's pile is set aside and frozen.
        if (!from.alive) return rule('frozen', { character: from.name });
        if (!to.alive) return rule('modifierOnDead', { character: to.name });
      }
      return playsLeft();
    }
    case 'claim': {
      const story = storyIn(state, move.story);
      if (!story) return refuse('noStory');
      if (story.holder === by) return refuse('alreadyHeld', { story: story.name });
      const left = playsLeft();
      if (left) return left;
      if (story.requires.length === 0) return null;
      // Family requirements: at least 2 characters showing a required icon; from another
      // player, more such characters than they have.
      const mine = requirementCount(state, by, story.requires);
      if (mine < 2) return rule('storyTooFew', { story: story.name, count: mine });
      if (story.holder) {
        const theirs = requirementCount(state, story.holder, story.requires);
        if (mine <= theirs) return rule('storyNotMore', { story: story.name, count: mine, theirs, name: nameOf(state, story.holder) });
      }
      return null;
    }
    case 'discard':
      return playsLeft();
    case 'pass':
      return state.turn.plays >= 2 ? rule('twoPlaysMade', { name: nameOf(state, state.turn.player) }) : null;
    case 'endTurn':
      return null;
    case 'adjust': {
      const c = characterIn(state, move.character);
      if (!c) return refuse('noCharacter');
      if (!Number.isInteger(move.delta) || move.delta === 0 || Math.abs(move.delta) > 99) return refuse('delta');
      return null;
    }
    case 'drawLimit':
      if (!state.players.some((p) => p.id === move.player)) return refuse('noPlayer');
      return Number.isInteger(move.limit) && move.limit >= 0 && move.limit <= 20 ? null : refuse('drawLimit');
    case 'reprint': {
      const c = characterIn(state, move.character);
      if (!c) return refuse('noCharacter');
      if (!c.pile.some((p) => p.uid === move.uid)) return refuse('noCard');
      return isPrint(move.print) ? null : refuse('print');
    }
  }
  return refuse('unknown');
}

// ---------------------------------------------------------------- the reducer

/** The table after a move that `check` passed. */
export function reduce(state: GloomState, move: GloomMove): GloomState {
  const by = 'by' in move && move.by !== undefined ? move.by : state.turn.player;
  const who = nameOf(state, by);
  let s = state;
  // Anything refused by a rule and made anyway is logged as overruled, with the rule it broke.
  const broken = move.overrule ? problemOf(state, { ...move, overrule: false } as GloomMove) : null;
  if (broken?.overrulable) s = log(s, 'overruled', { ...broken.text.params, rule: broken.text.key.slice('gloom:rules.'.length) });
  if (isStandardPlay(move)) s = { ...s, turn: { ...s.turn, plays: s.turn.plays + 1 } };
  const free = 'free' in move && move.free ? 'Free' : '';
  switch (move.kind) {
    case 'play': {
      const target = characterIn(s, move.target)!;
      const card: PlayedCard = { uid: s.nextUid, name: cardName(move.card)!, type: move.cardType, print: copyPrint(move.print) };
      const dies = move.cardType === 'death';
      s = patch({ ...s, nextUid: s.nextUid + 1 }, target.id, { pile: [...target.pile, card], alive: dies ? false : target.alive });
      const after = characterIn(s, target.id)!;
      s = log(s, dies ? `death${free}` : `modifier${free}`, { name: who, card: card.name, character: after.name, worth: selfWorth(after) });
      if (dies) {
        const ended = endedFamilies(s);
        if (ended.length) {
          const o = outcomeOf(s);
          s = log(s, 'familyGone', { name: nameList(ended.map((id) => nameOf(s, id))) });
          s = log(s, o.winner === 'tie' ? 'tieLine' : 'winLine', o.reason.params);
        }
      }
      return s;
    }
    case 'event': {
      const card = cardName(move.card)!;
      const e = move.effect;
      if (e.kind === 'revive') {
        const c = characterIn(s, e.character)!;
        // The death that killed it is taken off; the rest of its pile stays.
        const last = c.pile.map((p) => p.type).lastIndexOf('death');
        s = patch(s, c.id, { alive: true, pile: last === -1 ? c.pile : [...c.pile.slice(0, last), ...c.pile.slice(last + 1)] });
        return log(s, `eventRevive${free}`, { name: who, card, character: c.name });
      }
      if (e.kind === 'moveModifier') {
        const from = characterIn(s, e.from)!;
        const to = characterIn(s, e.to)!;
        const moved = from.pile.find((c) => c.uid === e.uid)!;
        s = patch(s, from.id, { pile: from.pile.filter((c) => c.uid !== e.uid) });
        s = patch(s, to.id, { pile: [...to.pile, moved] });
        return log(s, `eventMove${free}`, { name: who, card, modifier: moved.name, from: from.name, to: to.name });
      }
      return log(s, `event${free}`, { name: who, card });
    }
    case 'claim': {
      const story = storyIn(s, move.story)!;
      const previous = story.holder;
      // "You can only have one Story at a time": a second claim returns the first to the centre.
      const returned = s.stories.find((x) => x.holder === by && x !== story);
      s = { ...s, stories: s.stories.map((x) => (x === story ? { ...x, holder: by } : x === returned ? { ...x, holder: null } : x)) };
      s = log(s, previous ? `claimFrom${free}` : `claim${free}`, { name: who, story: story.name, from: previous ? nameOf(s, previous) : '' });
      return returned ? log(s, 'storyReturned', { story: returned.name }) : s;
    }
    case 'discard':
      return log(s, `discard${free}`, { name: who });
    case 'pass':
      return log(s, 'pass', { name: who });
    case 'endTurn': {
      const at = s.players.findIndex((p) => p.id === s.turn.player);
      const next = s.players[(at + 1) % s.players.length];
      s = log(s, 'drawUp', { name: nameOf(s, s.turn.player), count: s.drawLimit[s.turn.player] });
      s = { ...s, turn: { number: s.turn.number + 1, player: next.id, plays: 0 } };
      return log(s, 'turn', { name: next.name });
    }
    case 'adjust': {
      const c = characterIn(s, move.character)!;
      s = patch(s, c.id, { adjust: c.adjust + move.delta });
      return log(s, 'adjust', { character: c.name, delta: move.delta > 0 ? `+${move.delta}` : `${move.delta}`, worth: selfWorth(characterIn(s, c.id)!) });
    }
    case 'drawLimit':
      s = { ...s, drawLimit: { ...s.drawLimit, [move.player]: move.limit } };
      return log(s, 'drawLimit', { name: nameOf(s, move.player), count: move.limit });
    case 'reprint': {
      const c = characterIn(s, move.character)!;
      const card = c.pile.find((p) => p.uid === move.uid)!;
      s = patch(s, c.id, { pile: c.pile.map((p) => (p.uid === move.uid ? { ...p, print: copyPrint(move.print) } : p)) });
      return log(s, 'reprint', { card: card.name, character: c.name, worth: selfWorth(characterIn(s, c.id)!) });
    }
  }
  return s;
}

// ---------------------------------------------------------------- helpers

const PLAYS: readonly GloomMove['kind'][] = ['play', 'event', 'claim', 'discard', 'pass'];

/** One of the turn's two plays (Make 2 Plays), not a free play nor bookkeeping. */
export const isStandardPlay = (move: GloomMove): boolean => PLAYS.includes(move.kind) && !('free' in move && move.free);

export const characterIn = (state: GloomState, id: string): Character | undefined => state.characters.find((c) => c.id === id);
export const storyIn = (state: GloomState, name: string): Story | undefined => state.stories.find((s) => cardKey(s.name) === cardKey(String(name)));
export const nameOf = (state: GloomState, id: PlayerId): string => state.players.find((p) => p.id === id)?.name ?? id;

function cardName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const name = v.replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > CARD_NAME_MAX) return null;
  // A listed card is recorded as printed, however it was typed.
  return findCard(name)?.name ?? name;
}

export function isPrint(v: unknown): v is Print {
  if (!v || typeof v !== 'object') return false;
  const p = v as Print;
  return (
    Array.isArray(p.pathos) &&
    p.pathos.length === 3 &&
    p.pathos.every((x) => x === null || isPathos(x)) &&
    (p.icon === null || p.icon === 'blank' || ICONS.includes(p.icon as Icon))
  );
}

export const copyPrint = (p: Print): Print => ({ pathos: [p.pathos[0], p.pathos[1], p.pathos[2]], icon: p.icon });

function patch(state: GloomState, id: string, change: Partial<Character>): GloomState {
  return { ...state, characters: state.characters.map((c) => (c.id === id ? { ...c, ...change } : c)) };
}

/** A line of the log, under the turn it happened in. */
function log(state: GloomState, key: string, params?: Text['params']): GloomState {
  const line: LogLine = { phase: { kind: 'turn', number: state.turn.number }, text: { key: `gloom:log.${key}`, params } };
  return { ...state, log: [...state.log, line] };
}
