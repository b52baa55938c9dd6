/**
 * The notebook's deduction: everything that follows from the set-up and the records.
 *
 * `deduce` answers, for every card, holder and time, whether the holder certainly has the card,
 * certainly has not, or may have it; what is known of the envelope; and each card's chance of
 * being in the envelope. It is exact (see `count.ts`). When no deal fits the records, it names
 * the first record that made it impossible and a smallest set of records that cannot all be true.
 */
import { CATEGORIES, type CardCategory, type CardId } from '../cluedo-cards';
import { anyWorld, countWorlds, type Count } from './count';
import { clashParts } from './derive';
import { buildModel, type Model } from './model';
import { ENVELOPE, type HolderId, type NotebookRecord, type NotebookSetup } from './records';

export type Status = 'has' | 'not' | 'maybe';

/** A fact about a card: with a holder (or not) at a time. */
export interface Fact {
  card: CardId;
  holder: HolderId;
  time: number;
  has: boolean;
}

export interface Contradiction {
  /** The first record after which no deal fits; null when the set-up alone is impossible. */
  culprit: number | null;
  /** Records that cannot all be true together (the culprit among them), smallest found. */
  records: number[];
  /** The owner's own cards take part: without them, those records would fit a deal. */
  ownCards: boolean;
  /** Hands whose number of cards (at a time) the clash counts on, as far as the steps show. */
  sizes: { holder: HolderId; time: number; count: number }[];
}

export interface Deduction {
  /** The records contradict each other: nothing else here is meaningful. */
  contradiction: Contradiction | null;
  /** Worlds (deals and unknown moves) that fit the records. */
  worlds: number;
  holders: readonly HolderId[];
  /** Times 0..records.length: 0 is just after the deal, i + 1 just after record i. */
  times: number;
  /** Cards each holder has at a time. */
  size(time: number, holder: HolderId): number;
  status(time: number, card: CardId, holder: HolderId): Status;
  /** Chance that the card is with the holder at the time, given the records. */
  chance(time: number, card: CardId, holder: HolderId): number;
  /** Chance that the card is in the envelope. */
  envelopeChance(card: CardId): number;
  /** The envelope's card of each category, where certain. */
  envelope: Record<CardCategory, CardId | null>;
  /** Every certain fact at a time (latest time by default). */
  facts(time?: number): Fact[];
  /** @internal for explanations */
  model: Model;
}

export interface DeduceOptions {
  /** At most this many extra counts to shrink a contradiction's records (default 64). */
  shrinkBudget?: number;
}

export function deduce(setup: NotebookSetup, records: readonly NotebookRecord[], options: DeduceOptions = {}): Deduction {
  const model = buildModel(setup, records);
  const count = countWorlds(model);
  const contradiction = count.total === 0 ? findContradiction(setup, records, options.shrinkBudget ?? 64) : null;
  return view(model, count, contradiction);
}

/** Whether any world fits these records (those in `ignore` said nothing). */
export function consistent(setup: NotebookSetup, records: readonly NotebookRecord[], ignore?: ReadonlySet<number>): boolean {
  return anyWorld(buildModel(setup, records, ignore)) === true;
}

function findContradiction(setup: NotebookSetup, records: readonly NotebookRecord[], budget: number): Contradiction {
  if (!consistent(setup, [])) return { culprit: null, records: [], ownCards: false, sizes: [] };
  // The shortest impossible prefix: its last record is the one that made it impossible.
  let lo = 0; // records.slice(0, lo) fits
  let hi = records.length; // records.slice(0, hi) does not
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (consistent(setup, records.slice(0, mid))) lo = mid;
    else hi = mid;
  }
  const culprit = hi - 1;
  const prefix = records.slice(0, hi);
  // Drop, latest first, every earlier record the conflict does not need.
  const ignore = new Set<number>();
  for (let i = culprit - 1; i >= 0 && budget > 0; i--, budget--) {
    ignore.add(i);
    if (consistent(setup, prefix, ignore)) ignore.delete(i);
  }
  const needed: number[] = [];
  for (let i = 0; i <= culprit; i++) if (!ignore.has(i)) needed.push(i);
  // What else takes part: the owner's own cards (exactly: the records alone fit a deal without
  // them), and the hand sizes the steps of reasoning count on to reach the clash.
  const ownCards = setup.ownCards.length > 0 && consistent({ ...setup, ownCards: [] }, prefix, ignore);
  const model = buildModel(setup, prefix, ignore);
  // The owner's own hand size goes with the owner's cards.
  const sizes = (clashParts(model)?.sizes ?? [])
    .filter(({ holder }) => !(ownCards && holder === model.owner))
    .map(({ holder, time }) => ({ holder: model.holderIds[holder], time, count: model.size[time][holder] }));
  return { culprit, records: needed, ownCards, sizes };
}

function view(model: Model, count: Count, contradiction: Contradiction | null): Deduction {
  const H = model.holderIds.length;
  const holderIndex = new Map(model.holderIds.map((h, i) => [h, i]));
  const hi = (h: HolderId) => {
    const i = holderIndex.get(h);
    if (i === undefined) throw new Error(`Unknown holder: ${h}`);
    return i;
  };
  const CARD_COUNT = model.cards.length;
  const cardIndex = new Map(model.cards.map((c, i) => [c, i]));
  const ci = (c: CardId) => {
    const i = cardIndex.get(c);
    if (i === undefined) throw new Error(`Unknown card: ${c}`);
    return i;
  };
  const total = count.total;
  const w = (t: number, c: number, h: number) => count.weight[(t * CARD_COUNT + c) * H + h];
  const statusAt = (t: number, c: number, h: number): Status => {
    if (total === 0) return 'maybe';
    if (w(t, c, h) === 0) return 'not';
    for (let o = 0; o < H; o++) if (o !== h && w(t, c, o) !== 0) return 'maybe';
    return 'has';
  };
  const env = hi(ENVELOPE);
  const envelope = Object.fromEntries(CATEGORIES.map((cat) => [cat, null])) as Record<CardCategory, CardId | null>;
  if (total > 0)
    model.cards.forEach((card, c) => {
      if (statusAt(0, c, env) === 'has') envelope[CATEGORIES[model.category[c]]] = card;
    });
  const checkTime = (t: number) => {
    if (!Number.isInteger(t) || t < 0 || t > model.T) throw new Error(`No time ${t}`);
    return t;
  };
  return {
    contradiction,
    worlds: total,
    holders: model.holderIds,
    times: model.T + 1,
    model,
    size: (t, h) => model.size[checkTime(t)][hi(h)],
    status: (t, card, h) => statusAt(checkTime(t), ci(card), hi(h)),
    chance: (t, card, h) => (total === 0 ? 0 : w(checkTime(t), ci(card), hi(h)) / total),
    envelopeChance: (card) => (total === 0 ? 0 : w(0, ci(card), env) / total),
    envelope,
    facts(t = model.T) {
      checkTime(t);
      const out: Fact[] = [];
      if (total === 0) return out;
      model.cards.forEach((card, c) => {
        for (let h = 0; h < H; h++) {
          const s = statusAt(t, c, h);
          if (s !== 'maybe') out.push({ card, holder: model.holderIds[h], time: t, has: s === 'has' });
        }
      });
      return out;
    }
  };
}
