/**
 * The steps a careful player takes from the notebook's records, repeated until nothing new
 * follows, each fact kept with the plainest reason found for it and the facts that reason rests
 * on (`explain.ts` puts the reasons into words). Plainest first: a later kind of step is tried
 * only once the earlier ones found all they can. Each step is a function of its own over the
 * facts found so far (`Found`).
 */
import { CATEGORIES } from '../cluedo-cards';
import type { Model } from './model';

export type Why =
  | { kind: 'record'; record: number }
  | { kind: 'ownHand' }
  | { kind: 'elsewhere'; holder: number }
  | { kind: 'onlyHolder' }
  | { kind: 'handFull' }
  | { kind: 'handNeedsAll' }
  | { kind: 'showedOne'; record: number }
  | { kind: 'accusedWrong'; record: number }
  | { kind: 'persists'; from: number }
  | { kind: 'handCovered' | 'handNeedsCard'; records: number[] }
  | { kind: 'sharedPair'; records: number[]; players: number[]; cards: number[] }
  | { kind: 'movedOut' | 'movedIn' | 'notGiven' | 'hadIt' | 'keptOut'; record: number };

export interface Derived {
  has: boolean;
  why: Why;
  because: [number, number, number][];
  /** Order of finding: every fact a reason rests on was found before it. */
  seq: number;
}

/** Which reasons read best, lowest first: a record outright, then a move, then one step, then "every other place". */
const RANK: Record<Why['kind'], number> = {
  record: 0,
  ownHand: 0,
  movedOut: 1,
  movedIn: 1,
  notGiven: 1,
  hadIt: 1,
  keptOut: 1,
  showedOne: 2,
  accusedWrong: 2,
  handFull: 2,
  handNeedsAll: 2,
  handCovered: 2,
  handNeedsCard: 2,
  sharedPair: 2,
  elsewhere: 2,
  onlyHolder: 3,
  persists: 4
};

export const index = (m: Model, t: number, c: number, h: number) => (t * m.cards.length + c) * m.holderIds.length + h;

/** Two reasons that clash: a fact found one way, and the opposite found another. */
export interface Clash {
  at: number;
  because: [number, number, number][];
  /** A hand holding more known cards than its size, or fewer possible ones. */
  size?: { holder: number; time: number };
}

/**
 * What besides the records takes part in a clash the steps find, on a model with no world:
 * the owner's own cards, and each holder whose number of cards (at a time) a step counted on.
 * Null when the steps do not reach the clash (only the whole count finds it).
 */
export function clashParts(m: Model): { ownCards: boolean; sizes: { holder: number; time: number }[] } | null {
  const clash: Clash[] = [];
  const facts = derive(m, clash);
  if (!clash.length) return null;
  const seen = new Set<number>();
  const sizes = new Map<string, { holder: number; time: number }>();
  let ownCards = false;
  const H = m.holderIds.length;
  const N = m.cards.length;
  const visit = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    const d = facts[i];
    if (!d) return;
    const h = i % H;
    const t = Math.floor(i / (H * N));
    if (d.why.kind === 'ownHand') ownCards = true;
    if (['handFull', 'handNeedsAll', 'handCovered', 'handNeedsCard'].includes(d.why.kind)) sizes.set(`${h}@${t}`, { holder: h, time: t });
    for (const [bt, bc, bh] of d.because) visit(index(m, bt, bc, bh));
  };
  const first = clash[0];
  if (first.size) sizes.set('clash', first.size);
  if (first.at >= 0) visit(first.at);
  for (const [bt, bc, bh] of first.because) visit(index(m, bt, bc, bh));
  // One time per holder is enough to name its size.
  const byHolder = new Map<number, { holder: number; time: number }>();
  for (const x of sizes.values()) if (!byHolder.has(x.holder)) byHolder.set(x.holder, x);
  return { ownCards, sizes: [...byHolder.values()].sort((a, b) => a.holder - b.holder) };
}

type Place = [number, number, number];

/** The facts the steps have found, by time, card and holder, and the one way to add one. */
class Found {
  readonly H: number;
  readonly N: number;
  readonly facts: (Derived | undefined)[];
  /** Whether anything was found since it was last cleared: the steps repeat until nothing is. */
  changed = true;
  #seq = 0;

  constructor(
    readonly m: Model,
    readonly clash?: Clash[]
  ) {
    this.H = m.holderIds.length;
    this.N = m.cards.length;
    this.facts = new Array((m.T + 1) * this.N * this.H);
  }

  get(t: number, c: number, h: number): Derived | undefined {
    return this.facts[index(this.m, t, c, h)];
  }

  is(t: number, c: number, h: number, has: boolean): boolean {
    return this.get(t, c, h)?.has === has;
  }

  set(t: number, c: number, h: number, has: boolean, why: Why, because: Place[] = []): void {
    const facts = this.facts;
    const m = this.m;
    const i = index(m, t, c, h);
    const old = facts[i];
    if (old && old.has !== has) {
      this.clash?.push({ at: i, because });
      return;
    }
    if (old) {
      // A plainer reason found later replaces the first one when it rests only on facts found
      // before that one, so reasons still never go round in a circle.
      if (old.has === has && RANK[why.kind] < RANK[old.why.kind] && because.every(([bt, bc, bh]) => facts[index(m, bt, bc, bh)]!.seq < old.seq)) {
        old.why = why;
        old.because = because;
      }
      return;
    }
    facts[i] = { has, why, because, seq: this.#seq++ };
    this.changed = true;
  }
}

/** What the records and the moves say outright. */
function recorded(f: Found): void {
  const m = f.m;
  for (const u of m.unary) f.set(u.time, u.card, u.holder, u.has, u.source === -1 ? { kind: 'ownHand' } : { kind: 'record', record: u.source });
  m.moves.forEach((mv, t) => {
    if (!mv || mv.card === -1) return;
    f.set(t, mv.card, mv.from, true, { kind: 'record', record: mv.record });
    f.set(t + 1, mv.card, mv.to, true, { kind: 'record', record: mv.record });
  });
}

/** The one place a card is: every other place lacks it (the plainest step, taken first). */
function onePlace(f: Found): void {
  const { m, H, N } = f;
  for (let t = 0; t <= m.T; t++)
    for (let c = 0; c < N; c++)
      for (let h = 0; h < H; h++)
        if (f.is(t, c, h, true)) {
          for (let o = 0; o < H; o++) if (o !== h) f.set(t, c, o, false, { kind: 'elsewhere', holder: h }, [[t, c, h]]);
          break;
        }
}

/**
 * A move of a card the owner did not see: the card that left the giver is the one the
 * receiver got, and the receiver gets nothing the giver did not have.
 */
function blindMoves(f: Found): void {
  const { m, N } = f;
  for (let t = 0; t < m.T; t++) {
    const mv = m.moves[t];
    if (!mv || mv.card !== -1) continue;
    const g = mv.from;
    const r = mv.to;
    const record = mv.record;
    for (let c = 0; c < N; c++) {
      if (f.is(t, c, g, true) && f.is(t + 1, c, g, false)) f.set(t + 1, c, r, true, { kind: 'movedOut', record }, [[t, c, g], [t + 1, c, g]]);
      if (f.is(t + 1, c, r, true) && f.is(t, c, r, false)) f.set(t, c, g, true, { kind: 'movedIn', record }, [[t + 1, c, r], [t, c, r]]);
      if (f.is(t, c, r, false) && f.is(t, c, g, false)) f.set(t + 1, c, r, false, { kind: 'notGiven', record }, [[t, c, r], [t, c, g]]);
      if (f.is(t + 1, c, r, true) && f.is(t, c, g, false)) f.set(t, c, r, true, { kind: 'hadIt', record }, [[t + 1, c, r], [t, c, g]]);
      if (f.is(t, c, g, true) && f.is(t + 1, c, r, false)) f.set(t + 1, c, g, true, { kind: 'keptOut', record }, [[t, c, g], [t + 1, c, r]]);
    }
  }
}

const touches = (mv: Model['moves'][number], side: 'from' | 'to', c: number, h: number) => !!mv && mv[side] === h && (mv.card === -1 || mv.card === c);

/**
 * Carried over time while nothing could change it: a hand keeps a card until a move takes
 * one from it, and lacks a card until a move brings one to it. Forward, then backward, each
 * in one pass.
 */
function carry(f: Found): void {
  const { m, H, N } = f;
  for (let t = 0; t < m.T; t++) {
    const mv = m.moves[t];
    for (let c = 0; c < N; c++)
      for (let h = 0; h < H; h++) {
        const now = f.get(t, c, h);
        if (now && !f.get(t + 1, c, h) && !touches(mv, now.has ? 'from' : 'to', c, h)) f.set(t + 1, c, h, now.has, { kind: 'persists', from: t }, [[t, c, h]]);
      }
  }
  for (let t = m.T - 1; t >= 0; t--) {
    const mv = m.moves[t];
    for (let c = 0; c < N; c++)
      for (let h = 0; h < H; h++) {
        const next = f.get(t + 1, c, h);
        if (next && !f.get(t, c, h) && !touches(mv, next.has ? 'to' : 'from', c, h)) f.set(t, c, h, next.has, { kind: 'persists', from: t + 1 }, [[t + 1, c, h]]);
      }
  }
}

/** A hand and the cards it counts over, with how many of them it holds. */
interface Group {
  h: number;
  cards: number[];
  size: number;
}

/**
 * Hands whose cards are all known; hands with just enough possible cards, at each time. The
 * envelope counts per category: one suspect, one weapon, one room.
 */
function groupsOf(m: Model): (t: number) => Group[] {
  const H = m.holderIds.length;
  const envCats = CATEGORIES.map((_, k) => m.cards.map((_, c) => c).filter((c) => m.category[c] === k));
  const everyCard = m.cards.map((_, c) => c);
  return (t) => {
    const out: Group[] = [];
    for (let h = 0; h < H; h++) {
      if (h === m.envelope) for (const cards of envCats) out.push({ h, cards, size: cards.length ? 1 : 0 });
      else out.push({ h, cards: everyCard, size: m.size[t][h] });
    }
    return out;
  };
}

/** A suggestion answered (or an accusation that failed): the one card left it can be about. */
function oneCardLeft(f: Found): void {
  const { m, clash } = f;
  for (const cl of m.clauses) {
    const t = cl.time;
    const want = cl.positive;
    const settled = cl.cards.filter((c) => f.is(t, c, cl.holder, !want));
    const left = cl.cards.filter((c) => !f.is(t, c, cl.holder, !want));
    if (clash && settled.length === cl.cards.length && !clash.length) clash.push({ at: index(m, t, settled[0], cl.holder), because: settled.slice(1).map((x) => [t, x, cl.holder]) });
    if (left.length === 1 && settled.length === cl.cards.length - 1)
      f.set(t, left[0], cl.holder, want, { kind: want ? 'showedOne' : 'accusedWrong', record: cl.source }, settled.map((x) => [t, x, cl.holder]));
  }
}

/** The one place left for a card at time `t`: every other place lacks it. */
function onlyHolder(f: Found, t: number): void {
  const { H, N } = f;
  for (let c = 0; c < N; c++) {
    let open = -1;
    let opens = 0;
    let found = false;
    for (let h = 0; h < H && !found; h++) {
      if (f.is(t, c, h, true)) found = true;
      else if (!f.is(t, c, h, false)) {
        open = h;
        opens++;
      }
    }
    if (!found && opens === 1) {
      const because: Place[] = [];
      for (let h = 0; h < H; h++) if (h !== open) because.push([t, c, h]);
      f.set(t, c, open, true, { kind: 'onlyHolder' }, because);
    }
  }
}

/** A hand whose cards are all known lacks every other; one with just enough possible cards has them all. */
function handCounts(f: Found, t: number, { h, cards, size }: Group): void {
  const clash = f.clash;
  // Counted first: the lists are made only when a step applies (most of the time none does).
  let hasCount = 0;
  let maybeCount = 0;
  for (const c of cards) {
    const d = f.get(t, c, h);
    if (d?.has === true) hasCount++;
    if (d?.has !== false) maybeCount++;
  }
  if (clash && !clash.length && (hasCount > size || maybeCount < size)) {
    const because: Place[] = cards.filter((c) => (hasCount > size ? f.is(t, c, h, true) : f.is(t, c, h, false))).map((c) => [t, c, h]);
    clash.push({ at: -1, because, size: { holder: h, time: t } });
  }
  if (hasCount === size && maybeCount > hasCount) {
    const has = cards.filter((c) => f.is(t, c, h, true));
    for (const c of cards) if (!f.is(t, c, h, true)) f.set(t, c, h, false, { kind: 'handFull' }, has.map((x) => [t, x, h]));
  }
  if (maybeCount === size && maybeCount > hasCount) {
    const maybe = cards.filter((c) => !f.is(t, c, h, false));
    const not = cards.filter((c) => f.is(t, c, h, false));
    for (const c of maybe) f.set(t, c, h, true, { kind: 'handNeedsAll' }, not.map((x) => [t, x, h]));
  }
}

/**
 * Counting: the one place left for a card, a hand whose cards are all known, a hand with just
 * enough possible cards, the one card a player can have shown, a wrong accusation.
 */
function counting(f: Found, groups: (t: number) => Group[]): void {
  oneCardLeft(f);
  for (let t = 0; t <= f.m.T; t++) {
    onlyHolder(f, t);
    for (const g of groups(t)) handCounts(f, t, g);
  }
}

/** The times a hand's cards stay the same: from one move touching it to the next. */
function spans(m: Model, h: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  m.moves.forEach((mv, t) => {
    if (mv && (mv.from === h || mv.to === h)) {
      out.push([start, t]);
      start = t + 1;
    }
  });
  out.push([start, m.T]);
  return out;
}

/**
 * Whether `k` cards can meet every one of `sets` (each a list of cards, at least one of which
 * the hand holds): a small search, as the sets are few and short.
 */
function canMeet(sets: number[][], k: number): boolean {
  if (sets.length === 0) return true;
  if (k === 0) return false;
  let first = sets[0];
  for (const x of sets) if (x.length < first.length) first = x;
  for (const c of first) if (canMeet(sets.filter((x) => !x.includes(c)), k - 1)) return true;
  return false;
}

/**
 * A hand taken up by the cards it showed: every card of the hand goes to its suggestions, so it
 * lacks all others; or it needs one card to answer them all.
 */
function coverHand(f: Found, h: number): void {
  const m = f.m;
  const everyCard = m.cards.map((_, c) => c);
  for (const [from, to] of spans(m, h)) {
    const own = m.clauses.filter((cl) => cl.positive && cl.holder === h && cl.time >= from && cl.time <= to);
    if (!own.length) continue;
    const t = from;
    const known = everyCard.filter((c) => f.is(t, c, h, true));
    const left = m.size[t][h] - known.length;
    if (left <= 0) continue;
    // Each suggestion not already met by a known card, with its cards still possible there.
    let open = own
      .filter((cl) => !cl.cards.some((c) => f.is(t, c, h, true)))
      .map((cl) => ({ source: cl.source, cards: cl.cards.filter((c) => !f.is(t, c, h, false)) }));
    if (!open.length) continue;
    const setAll = (c: number, has: boolean, why: Why) => {
      const because: Place[] = known.map((x) => [t, x, h]);
      for (const o of open) for (const x of m.clauses.find((cl) => cl.source === o.source && cl.holder === h)!.cards) if (!o.cards.includes(x)) because.push([t, x, h]);
      for (let tt = from; tt <= to; tt++) f.set(tt, c, h, has, why, because);
    };
    if (!canMeet(open.map((o) => o.cards), left - 1)) {
      // Every card of the hand goes to these suggestions: keep only the ones needed.
      for (let i = open.length - 1; i >= 0 && open.length > 1; i--) {
        const without = open.filter((_, j) => j !== i);
        if (!canMeet(without.map((o) => o.cards), left - 1)) open = without;
      }
      const used = new Set(open.flatMap((o) => o.cards));
      const records = open.map((o) => o.source).sort((x, y) => x - y);
      for (const c of everyCard) if (!used.has(c) && !f.is(t, c, h, true) && !f.is(t, c, h, false)) setAll(c, false, { kind: 'handCovered', records });
    }
    // A card without which the suggestions would take more cards than the hand has left.
    const all = open;
    for (const c of new Set(all.flatMap((o) => o.cards))) {
      if (f.is(t, c, h, true)) continue;
      const without = all.map((o) => o.cards.filter((x) => x !== c));
      if (without.some((x) => x.length === 0) || canMeet(without, left)) continue;
      open = all;
      const records = all.map((o) => o.source).sort((x, y) => x - y);
      setAll(c, true, { kind: 'handNeedsCard', records });
    }
  }
}

/** The times no move separates: from one move to the next. */
function calmSpans(m: Model): [number, number][] {
  const calm: [number, number][] = [];
  let start = 0;
  m.moves.forEach((mv, t) => {
    if (mv) {
      calm.push([start, t]);
      start = t + 1;
    }
  });
  calm.push([start, m.T]);
  return calm;
}

/**
 * Two players who each showed a card for a suggestion whose only possible cards are the same
 * two: each holds one of them, so neither card is anywhere else. Over times no move separates.
 */
function shareOut(f: Found, calm: [number, number][]): void {
  const { m, H } = f;
  for (const [from, to] of calm) {
    const t = from;
    const open = m.clauses
      .filter((cl) => cl.positive && cl.holder < m.players && cl.time >= from && cl.time <= to && !cl.cards.some((c) => f.is(t, c, cl.holder, true)))
      .map((cl) => ({ cl, cards: cl.cards.filter((c) => !f.is(t, c, cl.holder, false)) }))
      .filter((o) => o.cards.length === 2);
    for (let i = 0; i < open.length; i++)
      for (let j = i + 1; j < open.length; j++) {
        const a = open[i];
        const b = open[j];
        if (a.cl.holder === b.cl.holder || !a.cards.every((c) => b.cards.includes(c))) continue;
        const because: Place[] = [];
        for (const o of [a, b]) for (const x of o.cl.cards) if (!o.cards.includes(x)) because.push([t, x, o.cl.holder]);
        const records = [a.cl.source, b.cl.source].sort((x, y) => x - y);
        for (const c of a.cards)
          for (let h = 0; h < H; h++) {
            if (h === a.cl.holder || h === b.cl.holder || f.is(t, c, h, false)) continue;
            for (let tt = from; tt <= to; tt++) f.set(tt, c, h, false, { kind: 'sharedPair', records, players: [a.cl.holder, b.cl.holder], cards: a.cards }, because);
          }
      }
  }
}

/** The step-by-step reasoning, to a fixed point. */
export function derive(m: Model, clash?: Clash[]): (Derived | undefined)[] {
  const f = new Found(m, clash);
  recorded(f);
  const groups = groupsOf(m);
  const calm = calmSpans(m);
  // Steps in order of how plainly they read: a later kind is tried only once the earlier ones
  // have found all they can, so a fact gets the plainest reason there is for it.
  for (let round = 0; round < 1000 && !clash?.length; round++) {
    f.changed = false;
    onePlace(f);
    blindMoves(f);
    carry(f);
    if (f.changed) continue;
    counting(f, groups);
    if (f.changed) continue;
    if (m.clauses.length) for (let h = 0; h < m.players; h++) coverHand(f, h);
    if (m.clauses.length > 1) shareOut(f, calm);
    if (!f.changed) break;
  }
  return f.facts;
}
