/**
 * The records turned into constraints over numbered holders and times, the form both the exact
 * count (`solver.ts`) and the step-by-step reasons (`explain.ts`) read.
 *
 * Holders are numbered: players 0..n-1 in turn order, then the middle, then the envelope.
 * Record i happens between time i and time i + 1: a move's card is with its giver at time i and
 * its receiver at i + 1; what any other record observes is true at time i + 1.
 * A card's whole story is its holder at each time 0..T. A move whose card is known relabels that
 * card; a move whose card is unknown takes exactly one of the cards its giver holds then.
 */
import { CARDS, categoryOf, CATEGORIES, type CardId } from '../cluedo-cards';
import { ENVELOPE, MIDDLE, type HolderId, type NotebookRecord, type NotebookSetup } from './records';


/** Where a constraint came from: a record's index, or -1 for the set-up (the owner's own hand). */
export type Source = number;

export interface Move {
  record: number;
  from: number;
  to: number;
  /** Card index, or -1 when the owner does not know which card moved. */
  card: number;
  /** Bit of this move among the moves of unknown card, when `card` is -1. */
  bit: number;
}

/** A card at (or not at) a holder at a time. */
export interface Unary {
  card: number;
  holder: number;
  time: number;
  has: boolean;
  source: Source;
}

/**
 * At least one of `cards` is at `holder` at `time` (positive), or at least one is not there
 * (negative: a wrong accusation, which rules out the whole triple being in the envelope).
 */
export interface Clause {
  holder: number;
  time: number;
  cards: number[];
  positive: boolean;
  source: Source;
}

export interface Model {
  /** The cards in play, by index (all 21 unless the set-up names a smaller deck). */
  cards: readonly CardId[];
  /** 0 suspect, 1 weapon, 2 room, per card index. */
  category: number[];
  /** The envelope's categories as bits (7 with the full deck). */
  envelopeFull: number;
  holderIds: HolderId[];
  /** The notebook's owner, whose hand at time 0 is known. */
  owner: number;
  players: number;
  middle: number;
  envelope: number;
  /** Number of records; times run 0..T. */
  T: number;
  /** Cards dealt to each player and the middle at time 0 (the envelope holds one of each category). */
  caps: number[];
  /** Per record index, the move it makes, if any. */
  moves: (Move | null)[];
  unknownMoves: number;
  unary: Unary[];
  clauses: Clause[];
  /** size[t][h]: cards holder h has at time t (the envelope counts 3). */
  size: number[][];
}

/**
 * Build the model. Records in `ignore` say nothing: a move among them still moves a card, but
 * which card is forgotten (used to find which records conflict).
 */
export function buildModel(setup: NotebookSetup, records: readonly NotebookRecord[], ignore: ReadonlySet<number> = new Set()): Model {
  const n = setup.players.length;
  const holderIds: HolderId[] = [...setup.players.map((p) => p.id), MIDDLE, ENVELOPE];
  const middle = n;
  const envelope = n + 1;
  const index = new Map<HolderId, number>(holderIds.map((h, i) => [h, i]));
  const h = (id: HolderId): number => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`Unknown holder: ${id}`);
    return i;
  };
  const cards = setup.deck ?? CARDS;
  const category = cards.map((card) => CATEGORIES.indexOf(categoryOf(card)));
  const envelopeFull = category.reduce((a, k) => a | (1 << k), 0);
  const cardIndex = new Map<CardId, number>(cards.map((card, i) => [card, i]));
  const c = (card: CardId): number => {
    const i = cardIndex.get(card);
    if (i === undefined) throw new Error(`Unknown card: ${card}`);
    return i;
  };
  const T = records.length;
  const caps = [...setup.players.map((p) => setup.hands[p.id] ?? 0), setup.middle];
  const moves: (Move | null)[] = [];
  const unary: Unary[] = [];
  const clauses: Clause[] = [];
  let bits = 0;
  const owner = h(setup.owner);
  for (const card of setup.ownCards) unary.push({ card: c(card), holder: owner, time: 0, has: true, source: -1 });

  records.forEach((r, i) => {
    const told = !ignore.has(i);
    if (r.kind === 'dig' || r.kind === 'transfer') {
      const from = r.kind === 'dig' ? middle : h(r.from);
      const to = r.kind === 'dig' ? h(r.by) : h(r.to);
      const card = told && r.card !== undefined ? c(r.card) : -1;
      moves.push({ record: i, from, to, card, bit: card === -1 ? bits++ : -1 });
      return;
    }
    moves.push(null);
    if (!told) return;
    // What a record observes holds just after it (nothing moves while a suggestion is answered).
    const at = i + 1;
    if (r.kind === 'suggestion') {
      const triple = r.cards.map(c);
      for (const p of r.passed) for (const card of triple) unary.push({ card, holder: h(p), time: at, has: false, source: i });
      if (r.shown) {
        const by = h(r.shown.by);
        const card = r.shown.card ?? r.showed;
        if (card !== undefined) unary.push({ card: c(card), holder: by, time: at, has: true, source: i });
        else clauses.push({ holder: by, time: at, cards: triple, positive: true, source: i });
      }
    } else if (r.kind === 'seen') {
      unary.push({ card: c(r.card), holder: h(r.holder), time: at, has: true, source: i });
    } else if (r.kind === 'accusation') {
      const triple = r.cards.map(c);
      if (r.wrong) clauses.push({ holder: envelope, time: at, cards: triple, positive: false, source: i });
      else for (const card of triple) unary.push({ card, holder: envelope, time: at, has: true, source: i });
    }
  });

  const size: number[][] = [];
  let now = [...caps, CATEGORIES.filter((_, k) => envelopeFull & (1 << k)).length];
  size.push(now);
  for (const m of moves) {
    now = [...now];
    if (m) {
      now[m.from]--;
      now[m.to]++;
    }
    size.push(now);
  }
  return { cards, category, envelopeFull, holderIds, owner, players: n, middle, envelope, T, caps, moves, unknownMoves: bits, unary, clauses, size };
}
