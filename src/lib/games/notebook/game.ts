/**
 * The detective's notebook as a game in the catalogue (the scoreboard shape, see
 * engine/scoreboard.ts): one player's private notes of a Cluedo or Killer Kloo Doo Part 1 game.
 * Each move is one record (records.ts), so recording, undo, replay, storage and backups are the
 * ones every game has. The deduction itself (solver.ts) is not kept in the state: the screen
 * works it out from the records.
 */
import { playerProblems } from '../../engine/names';
import type { GameInput } from '../../engine/game';
import type { LogLine, MoveProblem, Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { cardNameId, EDITIONS, isCard, type CardId, type Edition } from '../cluedo-cards';
import { dealSizes, recordProblems, setupProblems, type NotebookRecord, type NotebookSetup, type Variant } from './records';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** The notebook's set-up: the deal as the records module reads it, the seats, and the names the cards print. */
export interface NotebookGameSetup extends NotebookSetup {
  players: Player[];
  edition: Edition;
}

export interface NotebookState {
  setup: NotebookGameSetup;
  records: NotebookRecord[];
  log: LogLine[];
}

export type NotebookMove = NotebookRecord & { overrule?: boolean } & { [field: string]: unknown };

const err = (key: string, params?: Text['params']): Text => ({ key: `notebook:setup.errors.${key}`, params });

/** The set-up Lantern stores for players in turn order, the owner's cards and the variant (the deal follows from them). */
export function makeSetup(variant: Variant, players: Player[], owner: PlayerId, ownCards: CardId[], edition: Edition): NotebookGameSetup {
  const { hands, middle } = dealSizes(variant, players.map((p) => p.id));
  return { variant, players, owner, hands, middle, ownCards, edition };
}

export function validateSetup(setup: NotebookGameSetup): SetupProblem[] {
  const out: SetupProblem[] = [];
  const players = Array.isArray(setup?.players) ? setup.players : [];
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    return [{ field: 'players', text: err('playerCount', { min: MIN_PLAYERS, max: MAX_PLAYERS }) }];
  out.push(...playerProblems(players));
  if (setup.variant !== 'cluedo' && setup.variant !== 'killerKlooDoo') out.push({ field: 'options', text: err('variant') });
  if (!EDITIONS.includes(setup.edition)) out.push({ field: 'options', text: err('edition') });
  if (out.length) return out;
  if (!players.some((p) => p.id === setup.owner)) return [{ field: 'roles', text: err('owner') }];
  return setupProblems(setup).map((text) => ({ field: 'roles' as const, text }));
}

export function init({ setup }: GameInput<NotebookGameSetup>): NotebookState {
  return { setup, records: [], log: [] };
}

export function check(state: NotebookState, move: NotebookMove): MoveProblem | null {
  const problems = recordProblems(state.setup, strip(move));
  return problems.length ? { text: problems[0], overrulable: false } : null;
}

export function reduce(state: NotebookState, move: NotebookMove): NotebookState {
  const record = strip(move);
  const number = state.records.length + 1;
  const line = { phase: { kind: 'turn' as const, number }, text: recordText(state.setup, record), ...(isPrivate(state.setup, record) && { secret: true }) };
  return { ...state, records: [...state.records, record], log: [...state.log, line] };
}

/**
 * Whether a record names a card only the owner (and the one other player taking part) saw: a
 * card shown to the owner or by the owner, a card the owner dug up, gave or took. The log marks
 * it as known to the owner only, never to everyone.
 */
export function isPrivate(setup: NotebookSetup, r: NotebookRecord): boolean {
  switch (r.kind) {
    case 'suggestion':
      return r.shown?.card !== undefined || r.showed !== undefined;
    case 'dig':
      return r.card !== undefined && r.by === setup.owner;
    case 'transfer':
      return r.card !== undefined && (r.from === setup.owner || r.to === setup.owner);
    default:
      return false;
  }
}

/** The record without the engine's fields. */
function strip(move: NotebookMove): NotebookRecord {
  const { overrule, ...record } = move;
  return record as NotebookRecord;
}

const nameOf = (setup: NotebookGameSetup, id: PlayerId) => setup.players.find((p) => p.id === id)?.name ?? id;

/** A record in words, for the log and for naming the records a contradiction rests on. */
export function recordText(setup: NotebookGameSetup, r: NotebookRecord): Text {
  const card = (c: CardId) => cardNameId(c, setup.edition);
  const who = (id: PlayerId) => nameOf(setup, id);
  switch (r.kind) {
    case 'suggestion': {
      const params = { name: who(r.by), suspect: card(r.cards[0]), weapon: card(r.cards[1]), room: card(r.cards[2]) };
      if (!r.shown) return { key: 'notebook:log.suggestionNone', params };
      const shownCard = r.shown.card ?? r.showed;
      const key = `suggestion${r.passed.length ? 'Passed' : ''}Shown${shownCard ? 'Card' : ''}`;
      return {
        key: `notebook:log.${key}`,
        params: { ...params, passed: r.passed.map(who).join(', '), shower: who(r.shown.by), ...(shownCard ? { card: card(shownCard) } : {}) }
      };
    }
    case 'seen':
      return r.holder === '@middle'
        ? { key: 'notebook:log.seen_middle', params: { card: card(r.card) } }
        : { key: 'notebook:log.seen', params: { card: card(r.card), name: who(r.holder) } };
    case 'dig':
      return r.card ? { key: 'notebook:log.dig', params: { name: who(r.by), card: card(r.card) } } : { key: 'notebook:log.digUnknown', params: { name: who(r.by) } };
    case 'transfer':
      return {
        key: `notebook:log.${r.how}${r.card ? '' : 'Unknown'}`,
        params: { from: who(r.from), to: who(r.to), ...(r.card ? { card: card(r.card) } : {}) }
      };
    case 'accusation':
      return {
        key: `notebook:log.${r.wrong ? 'accusedWrong' : 'accusedRight'}`,
        params: { name: who(r.by), suspect: card(r.cards[0]), weapon: card(r.cards[1]), room: card(r.cards[2]) }
      };
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;
const triple = (v: unknown) => (Array.isArray(v) && v.length === 3 && v.every(isCard) ? ([...v] as unknown as readonly [never, never, never]) : null);

/** A record read from a backup, rebuilt from its checked fields; null when it is not one. */
export function readRecord(v: unknown): NotebookMove | null {
  if (!isObj(v)) return null;
  switch (v.kind) {
    case 'suggestion': {
      const cards = triple(v.cards);
      if (!isId(v.by) || !cards || !Array.isArray(v.passed) || v.passed.length > 6 || !v.passed.every(isId)) return null;
      let shown: { by: PlayerId; card?: CardId } | null = null;
      if (v.shown !== null) {
        if (!isObj(v.shown) || !isId(v.shown.by) || (v.shown.card !== undefined && !isCard(v.shown.card))) return null;
        shown = { by: v.shown.by, ...(v.shown.card !== undefined && { card: v.shown.card as CardId }) };
      }
      if (v.showed !== undefined && !isCard(v.showed)) return null;
      return { kind: 'suggestion', by: v.by, cards, passed: [...(v.passed as string[])], shown, ...(v.showed !== undefined && { showed: v.showed as CardId }) };
    }
    case 'seen':
      return isId(v.holder) && isCard(v.card) ? { kind: 'seen', holder: v.holder, card: v.card } : null;
    case 'dig':
      if (!isId(v.by) || (v.card !== undefined && !isCard(v.card))) return null;
      return { kind: 'dig', by: v.by, ...(v.card !== undefined && { card: v.card as CardId }) };
    case 'transfer':
      if ((v.how !== 'bribe' && v.how !== 'grab') || !isId(v.from) || !isId(v.to) || (v.card !== undefined && !isCard(v.card))) return null;
      return { kind: 'transfer', how: v.how, from: v.from, to: v.to, ...(v.card !== undefined && { card: v.card as CardId }) };
    case 'accusation': {
      const cards = triple(v.cards);
      return isId(v.by) && cards && typeof v.wrong === 'boolean' ? { kind: 'accusation', by: v.by, cards, wrong: v.wrong } : null;
    }
  }
  return null;
}
