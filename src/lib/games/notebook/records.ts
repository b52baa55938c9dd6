/**
 * What the notebook's owner writes down: the set-up of the deal and, in order, each thing
 * seen at the table. The deduction (`solver.ts`) reads only this.
 *
 * Holders of a card are the players, the middle (Killer Kloo Doo's face-down pile, dug up with
 * Spades) and the envelope. Time is counted in records: time 0 is just after the deal, time
 * i + 1 just after record i. A card moves only by a dig or a transfer; everything else is
 * observed at the time it happens.
 */
import type { PlayerId, Text } from '../../engine/types';
import { CARDS, categoryOf, isCard, isTriple, KILLER_KLOO_DOO_DEAL, type CardId, type Triple } from '../cluedo-cards';

export { KILLER_KLOO_DOO_DEAL };

export const MIDDLE = '@middle';
export const ENVELOPE = '@envelope';
export type HolderId = PlayerId | typeof MIDDLE | typeof ENVELOPE;

export type Variant = 'cluedo' | 'killerKlooDoo';

export interface NotebookPlayer {
  id: PlayerId;
  name: string;
}

export interface NotebookSetup {
  variant: Variant;
  /** In turn order (clockwise). */
  players: NotebookPlayer[];
  /** Whose notebook this is. */
  owner: PlayerId;
  /** Cards each player was dealt. */
  hands: Record<PlayerId, number>;
  /** Cards dealt face down to the middle (0 in plain Cluedo). */
  middle: number;
  /** The owner's own cards as dealt. */
  ownCards: CardId[];
  /**
   * The cards in play, when not all 21: a smaller deck (at least one card of each category
   * that the envelope takes) for a short practice game.
   */
  deck?: CardId[];
}

/**
 * How many cards each player holds after the deal. Plain Cluedo deals all 18 cards round the
 * table from the first player in turn order, so with 4 or 5 players the first few hold one more.
 */
export function dealSizes(variant: Variant, players: readonly PlayerId[]): { hands: Record<PlayerId, number>; middle: number } {
  const n = players.length;
  if (variant === 'killerKlooDoo') {
    const deal = KILLER_KLOO_DOO_DEAL[n];
    if (!deal) throw new Error(`Killer Kloo Doo is for 2 to 6 players, not ${n}`);
    return { hands: Object.fromEntries(players.map((p) => [p, deal.hand])), middle: deal.middle };
  }
  const dealt = CARDS.length - 3;
  return {
    hands: Object.fromEntries(players.map((p, i) => [p, Math.floor(dealt / n) + (i < dealt % n ? 1 : 0)])),
    middle: 0
  };
}

/** A suggestion: who could not show (each of them holds none of the three), who showed. */
export interface SuggestionRecord {
  kind: 'suggestion';
  by: PlayerId;
  cards: Triple;
  /** Players asked who could not show a card. */
  passed: PlayerId[];
  /** Who showed a card, and which when the owner saw it; null when nobody showed. */
  shown: { by: PlayerId; card?: CardId } | null;
  /**
   * The card the owner showed, when the owner was the one who showed (noted for the owner's
   * memory: only the owner and the suggester saw it).
   */
  showed?: CardId;
}

/** A card seen face up, in a player's hand or in the middle. */
export interface SeenRecord {
  kind: 'seen';
  holder: PlayerId | typeof MIDDLE;
  card: CardId;
}

/** A card dug up from the middle with a Spade; which one when the owner knows it. */
export interface DigRecord {
  kind: 'dig';
  by: PlayerId;
  card?: CardId;
}

/** A card passed from one player to another by a bribe (Diamonds) or a grab (Clubs). */
export interface TransferRecord {
  kind: 'transfer';
  how: 'bribe' | 'grab';
  from: PlayerId;
  to: PlayerId;
  card?: CardId;
}

/** An accusation: a wrong one rules out that triple, a right one names the envelope. */
export interface AccusationRecord {
  kind: 'accusation';
  by: PlayerId;
  cards: Triple;
  wrong: boolean;
}

export type NotebookRecord = SuggestionRecord | SeenRecord | DigRecord | TransferRecord | AccusationRecord;

/** Whether a record moves a card from one holder to another. */
export function movesCard(record: NotebookRecord): record is DigRecord | TransferRecord {
  return record.kind === 'dig' || record.kind === 'transfer';
}

const problem = (key: string, params?: Record<string, string | number>): Text => ({ key: `notebook:problems.${key}`, params });

/** What is wrong with a set-up, as messages; empty when it can be deduced from. */
export function setupProblems(setup: NotebookSetup): Text[] {
  const out: Text[] = [];
  const ids = setup.players.map((p) => p.id);
  const n = ids.length;
  if (n < 2 || n > 6) out.push(problem('playerCount', { min: 2, max: 6 }));
  if (new Set(ids).size !== n || ids.some((id) => id === MIDDLE || id === ENVELOPE)) out.push(problem('playerIds'));
  if (!ids.includes(setup.owner)) out.push(problem('owner'));
  const sizes = ids.map((id) => setup.hands[id]);
  if (sizes.some((s) => !Number.isInteger(s) || s < 0) || !Number.isInteger(setup.middle) || setup.middle < 0)
    out.push(problem('sizes'));
  else {
    const total = sizes.reduce((a, b) => a + b, 0) + setup.middle;
    const expected = (setup.deck ?? CARDS).length - envelopeSize(setup);
    if (total !== expected) out.push(problem('dealTotal', { dealt: total, expected }));
  }
  if (setup.variant === 'cluedo' && setup.middle !== 0) out.push(problem('middleInCluedo'));
  const deck = setup.deck ?? CARDS;
  if (deck.some((c) => !isCard(c)) || new Set(deck).size !== deck.length) out.push(problem('deck'));
  const own = setup.ownCards;
  if (own.some((c) => !deck.includes(c)) || new Set(own).size !== own.length) out.push(problem('ownCards'));
  else if (ids.includes(setup.owner) && own.length !== setup.hands[setup.owner])
    out.push(problem('ownCount', { count: setup.hands[setup.owner] ?? 0, given: own.length }));
  return out;
}

/** The envelope takes one card of each category in the deck: 3 with the full deck. */
export function envelopeSize(setup: NotebookSetup): number {
  return new Set((setup.deck ?? CARDS).filter(isCard).map(categoryOf)).size;
}

/** What is wrong with a record in its place (the players it names, its cards): empty when it may be recorded. */
export function recordProblems(setup: NotebookSetup, record: NotebookRecord): Text[] {
  const out: Text[] = [];
  const ids = new Set(setup.players.map((p) => p.id));
  const isPlayer = (id: unknown): id is PlayerId => typeof id === 'string' && ids.has(id);
  switch (record.kind) {
    case 'suggestion': {
      if (!isPlayer(record.by)) out.push(problem('unknownPlayer'));
      if (!isTriple(record.cards)) out.push(problem('triple'));
      if (!record.passed.every(isPlayer) || new Set(record.passed).size !== record.passed.length)
        out.push(problem('unknownPlayer'));
      if (record.passed.includes(record.by)) out.push(problem('suggesterAsked'));
      if (record.shown) {
        if (!isPlayer(record.shown.by)) out.push(problem('unknownPlayer'));
        if (record.shown.by === record.by) out.push(problem('suggesterAsked'));
        if (record.passed.includes(record.shown.by)) out.push(problem('passedAndShown'));
        if (record.shown.card !== undefined && !(isTriple(record.cards) && record.cards.includes(record.shown.card as never)))
          out.push(problem('shownNotSuggested'));
      }
      if (record.showed !== undefined) {
        if (record.shown?.by !== setup.owner) out.push(problem('showedNotOwner'));
        else if (!(isTriple(record.cards) && record.cards.includes(record.showed as never))) out.push(problem('shownNotSuggested'));
      }
      break;
    }
    case 'seen':
      if (record.holder !== MIDDLE && !isPlayer(record.holder)) out.push(problem('unknownPlayer'));
      if (!isCard(record.card)) out.push(problem('unknownCard'));
      break;
    case 'dig':
      if (!isPlayer(record.by)) out.push(problem('unknownPlayer'));
      if (setup.middle === 0) out.push(problem('noMiddle'));
      if (record.card !== undefined && !isCard(record.card)) out.push(problem('unknownCard'));
      break;
    case 'transfer':
      if (!isPlayer(record.from) || !isPlayer(record.to)) out.push(problem('unknownPlayer'));
      if (record.from === record.to) out.push(problem('transferToSelf'));
      if (record.card !== undefined && !isCard(record.card)) out.push(problem('unknownCard'));
      break;
    case 'accusation':
      if (!isPlayer(record.by)) out.push(problem('unknownPlayer'));
      if (!isTriple(record.cards)) out.push(problem('triple'));
      break;
    default:
      out.push(problem('unknownRecord'));
  }
  const deck = setup.deck ?? CARDS;
  const named = [
    ...('cards' in record && Array.isArray(record.cards) ? record.cards : []),
    ...('card' in record && record.card !== undefined ? [record.card] : []),
    ...(record.kind === 'suggestion' && record.shown?.card !== undefined ? [record.shown.card] : []),
    ...(record.kind === 'suggestion' && record.showed !== undefined ? [record.showed] : [])
  ];
  if (named.some((c) => isCard(c) && !deck.includes(c))) out.push(problem('notInDeck'));
  return out;
}

/**
 * How many cards each holder has at each time: the deal's sizes, changed by every dig and
 * transfer (a move needs a card to take: a size below zero is reported by the solver as a
 * contradiction, not here).
 */
export function sizesOverTime(setup: NotebookSetup, records: readonly NotebookRecord[]): Map<HolderId, number>[] {
  const now = new Map<HolderId, number>(setup.players.map((p) => [p.id, setup.hands[p.id] ?? 0]));
  now.set(MIDDLE, setup.middle);
  now.set(ENVELOPE, envelopeSize(setup));
  const out = [new Map(now)];
  for (const r of records) {
    if (r.kind === 'dig') {
      now.set(MIDDLE, (now.get(MIDDLE) ?? 0) - 1);
      now.set(r.by, (now.get(r.by) ?? 0) + 1);
    } else if (r.kind === 'transfer') {
      now.set(r.from, (now.get(r.from) ?? 0) - 1);
      now.set(r.to, (now.get(r.to) ?? 0) + 1);
    }
    out.push(new Map(now));
  }
  return out;
}

