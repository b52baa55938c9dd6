/**
 * The exact count: how many worlds fit the records, and in how many of them each card is with
 * each holder at each time.
 *
 * A world is a deal (every card to a holder at time 0: each player and the middle their dealt
 * number, the envelope one card of each category) together with the card each move of unknown
 * card took. Every such world is equally likely when the deal is shuffled and a move takes a
 * card at random, since each holder's size at each time is fixed by the records; so counting
 * worlds gives the probabilities.
 *
 * How it counts: each card has a short list of possible stories (its first holder, and which of
 * the unknown moves it was the card of), each story checked against what is known of that card.
 * The cards are then taken one at a time in an order that keeps few "at least one of" conditions
 * open, and the worlds are counted by dynamic programming over what matters for the cards still
 * to come: the places left in each hand, the envelope's categories filled, the unknown moves
 * already given a card, and which open conditions are already met. A forward and a backward pass
 * over the same states give each story's number of worlds, hence every card's holder at every
 * time, without ever listing the worlds one by one. A state is made only if the cards still to
 * come can complete it for each holder taken alone (a look-ahead computed backwards first) and
 * can still give every hand its size after each move, since otherwise most states of a long
 * game lead nowhere.
 */
import { nextFloat, seedRng } from '../../engine/rng';
import type { Model, Move } from './model';

/** One possible story of a card. */
interface Story {
  /** Holder at each time 0..T. */
  at: Uint8Array;
  /** Unknown moves this card was the card of, as bits. */
  moves: number;
  /** Conditions this story meets, as bits over the clause list (30 per word). */
  meets: number[];
}

export interface Count {
  /** Worlds that fit every record (0: the records contradict each other). */
  total: number;
  /** weight[(t * cards + card) * H + holder]: worlds in which the card is with the holder at time t. */
  weight: Float64Array;
  /** States and steps between them the count and its look-ahead went through: its cost, independent of the machine. */
  work: number;
}

const WORD = 30;

function stories(model: Model, card: number, words: number): Story[] {
  const { T, moves, envelope } = model;
  const H = model.holderIds.length;
  const out: Story[] = [];
  // allow[t]: holders the card may be with at time t, as bits, from what was seen of it.
  const everywhere = (1 << H) - 1;
  const allow = new Array<number>(T + 1).fill(everywhere);
  for (const u of model.unary) if (u.card === card) allow[u.time] &= u.has ? 1 << u.holder : ~(1 << u.holder);
  // ok[t]: holders at time t from which the card can live out the rest of the records.
  const ok = new Array<number>(T + 1).fill(0);
  ok[T] = allow[T];
  for (let t = T - 1; t >= 0; t--) {
    const m = moves[t];
    const after = ok[t + 1];
    let here: number;
    if (!m) here = after;
    else if (m.card === card) here = (after >> m.to) & 1 ? 1 << m.from : 0;
    else if (m.card === -1 && (after >> m.to) & 1) here = after | (1 << m.from);
    else here = m.card === card ? 0 : after;
    ok[t] = here & allow[t];
  }
  const at = new Uint8Array(T + 1);
  const walk = (i: number, cur: number, taken: number): void => {
    at[i] = cur;
    if (i === T) {
      out.push({ at: at.slice(), moves: taken, meets: new Array(words).fill(0) });
      return;
    }
    const m = moves[i];
    const next = ok[i + 1];
    if (m && m.card === card) walk(i + 1, m.to, taken);
    else {
      if ((next >> cur) & 1) walk(i + 1, cur, taken);
      if (m && m.card === -1 && cur === m.from && (next >> m.to) & 1) walk(i + 1, m.to, taken | (1 << m.bit));
    }
  };
  for (let h0 = 0; h0 < H; h0++) {
    if (h0 !== envelope && model.caps[h0] === 0) continue;
    if ((ok[0] >> h0) & 1) walk(0, h0, 0);
  }
  return out;
}

/**
 * Whether any world fits `model`: a depth-first search over the same states as the count, one
 * card's story at a time, which stops at the first world and never goes twice through a state
 * found to lead nowhere. When many worlds fit (the loosest records, the dearest to count, are
 * those) it finds one at once; when none does, it goes through each state once, without the
 * count's steps and sums. The opening of blind digs is counted as a deal after it, as the count
 * does (`countWorlds`), so the search starts after it.
 *
 * With `budget`, the search stops with null (not known) once it has tried `budget.work` steps
 * in all; each search takes its steps off what is left, so one budget can bound many searches.
 */
export function anyWorld(model: Model, budget?: { work: number }): boolean | null {
  const rest = afterOpening(model);
  if (!rest) return false;
  const target = rest.model;
  if (target.unknownMoves > WORD) throw new Error('Too many moves of unknown card to count');
  const cards = cardStories(target);
  if (!cards) return false;
  const plan = makePlan(target, cards, cardOrder(target, cards));
  const reach = lookAhead(plan);
  if (budget) budget.work -= reach.work;
  return fits(plan, reach, 0, plan.root) && searchWorld(plan, reach, budget);
}

/** The depth-first search of `anyWorld`, from the state before any card. */
function searchWorld(plan: Plan, reach: Reach, budget?: { work: number }): boolean | null {
  const { N, W } = plan;
  const steps = Array.from({ length: N }, (_, i) => new CardStep(plan, reach, i));
  const dead = Array.from({ length: N + 1 }, () => new StateTable(W, 16));
  const keys = Array.from({ length: N + 1 }, () => new Int32Array(W));
  keys[0].set(plan.root);
  let left = budget ? budget.work : Infinity;
  const visit = (i: number): boolean | null => {
    if (i === N) return true;
    const step = steps[i];
    const state = keys[i];
    const must = step.must(state, 0);
    if (must === -2) return false;
    const key = keys[i + 1];
    const allowed = step.allowed(state, 0);
    const list = step.stories(state, 0);
    for (let y = 0; y < list.length; y++) {
      if (--left < 0) return null;
      if (!((allowed >>> (list[y] - step.first)) & 1) || !step.next(state, 0, list[y], must, key)) continue;
      if (dead[i + 1].find(key) !== -1) continue;
      const found = fits(plan, reach, i + 1, key, allowed !== -1) ? visit(i + 1) : false;
      if (found !== false) return found;
      dead[i + 1].add(key);
    }
    return false;
  };
  const found = visit(0);
  if (budget) budget.work = Math.max(0, left);
  return found;
}

/**
 * Killer Kloo Doo opens with a race to dig up the middle: a run of moves whose cards the owner
 * does not know (and the owner's own digs), before anything else is seen (the rules allow no
 * suggestion before the middle is empty: docs/RULES.md). Such an opening is not counted card by
 * card: after a shuffled deal, a card taken at random from a hand leaves every arrangement with
 * the new sizes equally likely, so the worlds after the opening are those of a deal with those
 * sizes (`model`, times `factor` ways), and each card's chances during the opening follow back
 * from its chances after it: undoing a move returns each of the receiver's cards alike.
 * Null when the opening empties a hand it then takes from.
 */
function afterOpening(model: Model): { model: Model; k: number; opening: Move[]; factor: number } | null {
  // The opening: moves before anything is seen, each either of a card the owner does not know
  // between two other players (or from the middle), or of a known card to the owner.
  let k = 0;
  const received = new Set<number>(model.unary.filter((u) => u.source === -1).map((u) => u.card));
  while (k < model.T) {
    const m = model.moves[k];
    if (!m || m.from === model.owner) break;
    if (m.card === -1 ? m.to === model.owner : m.to !== model.owner || received.has(m.card)) break;
    if (m.card !== -1) received.add(m.card);
    k++;
  }
  if (k === 0) return { model, k, opening: [], factor: 1 };
  if (model.size.slice(0, k + 1).some((sizes) => sizes.some((n) => n < 0))) return null;
  const H = model.holderIds.length;
  let bit = 0;
  const opening = model.moves.slice(0, k) as Move[];
  const rest: Model = {
    ...model,
    T: model.T - k,
    caps: model.size[k].slice(0, H - 1),
    moves: model.moves.slice(k).map((m) => m && { ...m, record: m.record, bit: m.card === -1 ? bit++ : -1 }),
    unknownMoves: bit,
    unary: [
      ...model.unary.map((u) => ({ ...u, time: Math.max(0, u.time - k) })),
      ...opening.filter((m) => m.card !== -1).map((m) => ({ card: m.card, holder: m.to, time: 0, has: true, source: m.record }))
    ],
    clauses: model.clauses.map((cl) => ({ ...cl, time: Math.max(0, cl.time - k) })),
    size: model.size.slice(k)
  };
  // Each arrangement after the opening is reached in as many ways as the unknown moves, undone,
  // can choose their card among the receiver's.
  let factor = 1;
  for (const m of opening) if (m.card === -1) factor *= model.size[m.record + 1][m.to];
  return { model: rest, k, opening, factor };
}

/**
 * Count the worlds that fit `model`; with `weights` false only the total is computed. With
 * `plainOrder`, the cards are taken in the greedy order whatever it costs (`cardOrder`): the
 * same numbers, for checking.
 */
export function countWorlds(model: Model, weights = true, { plainOrder = false } = {}): Count {
  const H = model.holderIds.length;
  const N = model.cards.length;
  const none: Count = { total: 0, weight: new Float64Array(weights ? (model.T + 1) * N * H : 0), work: 0 };
  const start = afterOpening(model);
  if (!start) return none;
  if (start.k === 0) return countCards(model, weights, plainOrder);
  const { k, opening, factor } = start;
  const after = countCards(start.model, weights, plainOrder);
  const total = after.total * factor;
  if (!weights || total === 0) return { total, weight: none.weight, work: after.work };
  const weight = none.weight;
  const slab = N * H;
  for (let i = 0; i < after.weight.length; i++) weight[k * slab + i] = after.weight[i] * factor;
  for (let t = k - 1; t >= 0; t--) {
    const m = opening[t];
    const back = m.card === -1 ? 1 / model.size[t + 1][m.to] : 0;
    for (let c = 0; c < N; c++) {
      const now = (t + 1) * slab + c * H;
      const then = t * slab + c * H;
      for (let h = 0; h < H; h++) weight[then + h] = weight[now + h];
      const moved = m.card === -1 ? weight[now + m.to] * back : c === m.card ? weight[now + m.to] : 0;
      weight[then + m.to] -= moved;
      weight[then + m.from] += moved;
    }
  }
  return { total, weight, work: after.work };
}

/**
 * The count card by card, in four phases: the stories of each card (`cardStories`), the order the
 * cards are taken in (`cardOrder`), what the cards still to come can do for each holder alone
 * (`lookAhead`), the forward pass over the states (`forwardPass`) and the backward pass
 * (`backwardPass`), and from both each story's number of worlds (`storyWeights`).
 */
function countCards(model: Model, weights: boolean, plainOrder: boolean): Count {
  const weight = new Float64Array(weights ? (model.T + 1) * model.cards.length * model.holderIds.length : 0);
  const none: Count = { total: 0, weight, work: 0 };
  if (model.unknownMoves > WORD) throw new Error('Too many moves of unknown card to count');
  const cards = cardStories(model);
  if (!cards) return none;
  const plan = makePlan(model, cards, plainOrder ? greedyOrder(model, cards, null) : cardOrder(model, cards));
  const reach = lookAhead(plan);
  if (!fits(plan, reach, 0, plan.root)) return { ...none, work: reach.work };
  const layers = forwardPass(plan, reach);
  const work = reach.work + layers.work;
  const { total, per } = backwardPass(plan, layers, weights);
  if (!weights || total === 0) return { total, weight, work };
  storyWeights(plan, per, weight);
  return { total, weight, work };
}

/** Every card's possible stories, and which conditions ("at least one of") they can meet. */
interface CardStories {
  /** all[card]: its stories, each marked with the conditions it meets. */
  all: Story[][];
  words: number;
  /** Per condition, the cards that have a story meeting it. */
  able: number[][];
  /** The conditions some card may leave unmet (those every story of some card meets are not followed). */
  open: number[];
}

/** The stories of every card and the conditions each meets; null when some record can never hold. */
function cardStories(model: Model): CardStories | null {
  const words = Math.max(1, Math.ceil(model.clauses.length / WORD));
  const all = Array.from({ length: model.cards.length }, (_, c) => stories(model, c, words));
  const able: number[][] = [];
  const open: number[] = [];
  let impossible = all.some((s) => s.length === 0);
  model.clauses.forEach((cl, k) => {
    const cards: number[] = [];
    let always = false;
    for (const c of cl.cards) {
      let some = false;
      let every = true;
      for (const s of all[c]) {
        const ok = (s.at[cl.time] === cl.holder) === cl.positive;
        if (ok) s.meets[Math.floor(k / WORD)] |= 1 << (k % WORD);
        some ||= ok;
        every &&= ok;
      }
      if (some) cards.push(c);
      if (every && all[c].length > 0) always = true;
    }
    able.push(cards);
    if (!always) open.push(k);
    if (!always && cards.length === 0) impossible = true;
  });
  return impossible ? null : { all, words, able, open };
}

/**
 * The order the cards are taken in: those with one story first, then greedily the card that
 * leaves the fewest things open. An "at least one" condition is open from its first card to its
 * last; so is an unknown move, from the first card that could have been the one moved to the last.
 * Cards nothing was ever seen of come last whatever the greedy choice: such a card could be
 * anywhere and the card of almost any unknown move, so taken early it splits every state many
 * ways, while at the end the places and moves left leave it little choice.
 *
 * Each condition open across a position can double the states there, and the greedy choice,
 * which looks one card ahead, sometimes opens many conditions at once: on a heavy notebook one
 * more suggestion could triple the count's work. So when the greedy order leaves many conditions
 * open (`orderCost`), a few greedy orders with random ties (a seeded generator: the same records
 * always get the same order) are weighed too, and the best is improved by moving one card at a
 * time while that lowers the cost. The order changes no number, only the work.
 */
function cardOrder(model: Model, cards: CardStories): number[] {
  const greedy = greedyOrder(model, cards, null);
  const cost = orderCost(cards);
  let best = greedy;
  let bestCost = cost(greedy);
  if (bestCost <= LIGHT_ORDER) return greedy;
  let rng = seedRng(ORDER_SEED);
  const random = () => {
    const [x, next] = nextFloat(rng);
    rng = next;
    return x;
  };
  for (let t = 0; t < ORDER_TRIES; t++) {
    const order = greedyOrder(model, cards, random);
    const c = cost(order);
    if (c < bestCost) (best = order), (bestCost = c);
  }
  // Move one card (not those with one story, first, nor the unseen ones, last) while it helps.
  const unseen = cards.all.filter((list, c) => list.length > 1 && unseenCard(model, c)).length;
  const from = cards.all.filter((list) => list.length === 1).length;
  const to = best.length - unseen;
  for (let improved = true; improved; ) {
    improved = false;
    for (let a = from; a < to; a++)
      for (let b = from; b < to; b++) {
        if (a === b) continue;
        const order = [...best];
        order.splice(b, 0, ...order.splice(a, 1));
        const c = cost(order);
        if (c < bestCost) (best = order), (bestCost = c), (improved = true);
      }
  }
  return best;
}

/** Below this cost (`orderCost`) the greedy order is kept as it is: searching would cost more than it saves. */
const LIGHT_ORDER = 600;
/** Greedy orders with random ties weighed against the plain one (8 and 16 left some heavy notebooks twice as dear). */
const ORDER_TRIES = 32;
const ORDER_SEED = 20261128;

/**
 * What an order is likely to cost: at each position, 2 to the number of conditions open across
 * it, weighted by how far it is from either end (the places and moves left make most states
 * midway). Only compared between orders of the same records.
 */
function orderCost({ all, able, open }: CardStories): (order: number[]) => number {
  const N = all.length;
  const position = new Int32Array(N);
  const delta = new Int32Array(N + 2);
  return (order) => {
    order.forEach((c, i) => (position[c] = i));
    delta.fill(0);
    for (const k of open) {
      let lo = N;
      let hi = -1;
      for (const c of able[k]) (lo = Math.min(lo, position[c])), (hi = Math.max(hi, position[c]));
      delta[lo + 1]++;
      delta[hi + 1]--;
    }
    let sum = 0;
    for (let i = 0, openHere = 0; i <= N; i++) {
      openHere += delta[i];
      sum += (Math.min(i, N - i) + 1) * 2 ** openHere;
    }
    return sum;
  };
}

/** The greedy order; with `random`, ties within a score and a half are broken at random. */
function greedyOrder(model: Model, { all, able, open }: CardStories, random: (() => number) | null): number[] {
  const N = all.length;
  const spans: number[][] = open.map((k) => able[k]);
  for (let bit = 0; bit < model.unknownMoves; bit++) spans.push(all.flatMap((list, c) => (list.some((s) => s.moves & (1 << bit)) ? [c] : [])));
  // Per card the spans it is in; per span its size and its cards not yet placed.
  const member: number[][] = all.map(() => []);
  spans.forEach((span, j) => {
    for (const c of span) member[c].push(j);
  });
  const size = spans.map((span) => span.length);
  const left = [...size];
  const order: number[] = [];
  const placed = new Uint8Array(N);
  const place = (c: number) => {
    order.push(c);
    placed[c] = 1;
    for (const j of member[c]) left[j]--;
  };
  for (let c = 0; c < N; c++) if (all[c].length === 1) place(c);
  const free = all.map((_, c) => unseenCard(model, c));
  const tail = all.flatMap((_, c) => (free[c] && !placed[c] ? [c] : []));
  while (order.length < N - tail.length) {
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0; c < N; c++) {
      if (placed[c] || free[c]) continue;
      let score = 0;
      for (const j of member[c]) {
        const started = left[j] < size[j];
        if (left[j] === 1) score -= started ? 1 : 0;
        else if (!started) score += 1;
      }
      score = score * 64 + all[c].length + (random ? Math.floor(random() * 96) : 0);
      if (score < bestScore) (bestScore = score, (best = c));
    }
    place(best);
  }
  return [...order, ...tail];
}

/** No record ever said anything of card c. */
function unseenCard(model: Model, c: number): boolean {
  return !model.unary.some((u) => u.card === c) && !model.clauses.some((cl) => cl.cards.includes(c));
}

/**
 * Everything the passes read, laid out as numbers. A state is the places left per player and
 * the middle and the envelope's categories filled, packed as bit fields into `capWords` 30-bit
 * words; then the unknown moves given a card (word MOVES); then which open conditions are met
 * (words from MET). The cards' stories, in the order, are flat arrays: first holder, moves, and
 * the open conditions met (`words` each).
 */
interface Plan {
  model: Model;
  H: number;
  N: number;
  words: number;
  order: number[];
  all: Story[][];
  fieldWord: number[];
  fieldShift: number[];
  fieldMask: number[];
  capWords: number;
  MOVES: number;
  MET: number;
  W: number;
  root: Int32Array;
  storyStart: Int32Array;
  storyH0: Int32Array;
  storyMoves: Int32Array;
  storyMeets: Int32Array;
  allMoves: number;
  /** close[i]: the conditions whose last card is at position i, as words. */
  close: number[][];
  /** What the cards from position i on can still give: a place per holder, envelope categories, moves. */
  canStart: number[][];
  envCan: number[];
  movesCan: number[];
  /** holderMask[h]: the open conditions on holder h; opens[i]: those whose first card is at i; span[i]: those open across i. */
  holderMask: number[][];
  opens: number[][];
  span: number[][];
}

function makePlan(model: Model, { all, words, able, open }: CardStories, order: number[]): Plan {
  const H = model.holderIds.length;
  const N = order.length;
  const position = new Int32Array(N);
  order.forEach((c, i) => (position[c] = i));
  const bit = (k: number) => 1 << (k % WORD);
  const word = (k: number) => Math.floor(k / WORD);
  const masks = (n: number) => Array.from({ length: n }, () => new Array<number>(words).fill(0));
  const close = masks(N);
  const opens = masks(N);
  const span = masks(N + 1);
  const holderMask = masks(H);
  const openMask = new Array<number>(words).fill(0);
  for (const k of open) {
    const pos = able[k].map((c) => position[c]);
    const first = Math.min(...pos);
    const last = Math.max(...pos);
    close[last][word(k)] |= bit(k);
    opens[first][word(k)] |= bit(k);
    for (let i = first + 1; i <= last; i++) span[i][word(k)] |= bit(k);
    holderMask[model.clauses[k].holder][word(k)] |= bit(k);
    openMask[word(k)] |= bit(k);
  }
  const canStart = Array.from({ length: N + 1 }, () => new Array<number>(H).fill(0));
  const envCan = new Array<number>(N + 1).fill(0);
  const movesCan = new Array<number>(N + 1).fill(0);
  for (let i = N - 1; i >= 0; i--) {
    const c = order[i];
    for (let h = 0; h < H; h++) canStart[i][h] = canStart[i + 1][h] + (all[c].some((s) => s.at[0] === h) ? 1 : 0);
    envCan[i] = envCan[i + 1] | (all[c].some((s) => s.at[0] === model.envelope) ? 1 << model.category[c] : 0);
    movesCan[i] = movesCan[i + 1] | all[c].reduce((a, s) => a | s.moves, 0);
  }
  // The bit fields: one per player and the middle (wide enough for its dealt number), then the
  // envelope's three categories.
  const P = model.caps.length;
  const fieldWord: number[] = [];
  const fieldShift: number[] = [];
  const fieldMask: number[] = [];
  let capWords = 1;
  let used = 0;
  for (let h = 0; h <= P; h++) {
    const width = h === P ? 3 : Math.max(1, 32 - Math.clz32(model.caps[h]));
    if (used + width > WORD) (capWords++, (used = 0));
    fieldWord.push(capWords - 1);
    fieldShift.push(used);
    fieldMask.push((1 << width) - 1);
    used += width;
  }
  const W = capWords + 1 + words;
  const root = new Int32Array(W);
  for (let h = 0; h < P; h++) root[fieldWord[h]] += model.caps[h] << fieldShift[h];
  const storyStart = new Int32Array(N + 1);
  for (let i = 0; i < N; i++) storyStart[i + 1] = storyStart[i] + all[order[i]].length;
  const storyH0 = new Int32Array(storyStart[N]);
  const storyMoves = new Int32Array(storyStart[N]);
  const storyMeets = new Int32Array(storyStart[N] * words);
  for (let i = 0; i < N; i++)
    all[order[i]].forEach((s, si) => {
      const x = storyStart[i] + si;
      storyH0[x] = s.at[0];
      storyMoves[x] = s.moves;
      // Only the open conditions are followed: one every story meets would only split states.
      for (let w = 0; w < words; w++) storyMeets[x * words + w] = s.meets[w] & openMask[w];
    });
  const allMoves = model.unknownMoves === 0 ? 0 : (1 << model.unknownMoves) - 1;
  return {
    model, H, N, words, order, all, fieldWord, fieldShift, fieldMask, capWords, MOVES: capWords, MET: capWords + 1, W, root,
    storyStart, storyH0, storyMoves, storyMeets, allMoves, close, canStart, envCan, movesCan, holderMask, opens, span
  };
}

/**
 * For each holder alone, what the cards from position i on can give it: how many cards (for the
 * envelope, which categories), which of the unknown moves taking a card from it they take, and
 * which open conditions on it they meet (those opening at i or later must be met among them). A
 * state that no later cards can complete for some holder is never made: most states of a long
 * game would otherwise lead nowhere.
 *
 * Kept per key v * 2^followed + moves (v: the cards given, or the categories for the envelope):
 * start[i][h][key] is where that key's records (`words` masks of conditions met) start in
 * masks[i][h], so a state is checked without scanning. Only for the holders with open conditions
 * or followed moves; the places of the others are checked as states are made.
 */
interface Reach {
  /** The bounds on each hand's size after each move, when some moves are of unknown cards. */
  sizes: SizeBounds | null;
  tracked: number[];
  /** followedBits[h]: the unknown moves taking a card from h (or giving it one) that its look-ahead follows. */
  followedBits: number[][];
  /** packed[h][moves]: `pack(followedBits[h], moves)` for every set of unknown moves, when there are few. */
  packed: (Int32Array | null)[];
  /** Scratch: the open conditions a state still needs met on a holder. */
  need: Int32Array;
  /** The tracked holders with open conditions. */
  conditioned: number[];
  start: Int32Array[][];
  masks: Int32Array[][];
  work: number;
}

/**
 * The look-ahead of a holder follows at most this many of the unknown moves that take a card
 * from it or give it one: it grows as 2^moves, but with them it stops most of the states a long
 * Kloo Doo game with cards passed blind would make in vain.
 */
const FOLLOWED_MOVES = 6;

/** Up to this many unknown moves, each holder's followed moves are packed once for every set of moves. */
const PACKED_MOVES = 12;

function lookAhead(plan: Plan): Reach {
  const { model, H, N } = plan;
  // Whether an unknown move can still find a card depends most on the cards its giver was dealt,
  // and whether a hand can still answer what it showed, on the cards moved into it; so each
  // holder follows only the moves that take from it, then those that give to it (the
  // look-ahead grows as 2^moves). Without the second kind, half the states of the heaviest
  // notebook played by the rules led nowhere: a condition on a hand still counted on a card an
  // earlier card had already used that move for.
  const followedBits: number[][] = Array.from({ length: H }, () => []);
  for (const m of model.moves) if (m && m.card === -1 && followedBits[m.from].length < FOLLOWED_MOVES) followedBits[m.from].push(m.bit);
  for (const m of model.moves) if (m && m.card === -1 && followedBits[m.to].length < FOLLOWED_MOVES) followedBits[m.to].push(m.bit);
  // A hand whose moves its look-ahead all follows can only be completed with its exact size after
  // every move (its cards dealt and moved exactly), so the bounds on sizes add nothing.
  const everyMoveFollowed = model.moves.every((m) => !m || m.card !== -1 || (followedBits[m.from].includes(m.bit) && followedBits[m.to].includes(m.bit)));
  const reach: Reach = {
    sizes: everyMoveFollowed ? null : sizeBounds(plan),
    tracked: [],
    followedBits,
    packed: followedBits.map((bits) => (model.unknownMoves <= PACKED_MOVES ? Int32Array.from({ length: 1 << model.unknownMoves }, (_, moves) => pack(bits, moves)) : null)),
    need: new Int32Array(plan.words),
    conditioned: [],
    start: Array.from({ length: N + 1 }, () => new Array<Int32Array>(H)),
    masks: Array.from({ length: N + 1 }, () => new Array<Int32Array>(H)),
    work: 0
  };
  for (let h = 0; h < H; h++) if (followedBits[h].length > 0 || plan.holderMask[h].some((bits) => bits !== 0)) reach.tracked.push(h);
  for (const h of reach.tracked) holderReach(plan, reach, h);
  reach.conditioned = reach.tracked.filter((h) => plan.holderMask[h].some((bits) => bits !== 0));
  return reach;
}

/** The moves of `mask` that h follows, packed into its low bits. */
function pack(followedBits: number[], mask: number): number {
  let out = 0;
  for (let j = 0; j < followedBits.length; j++) if (mask & (1 << followedBits[j])) out |= 1 << j;
  return out;
}

/** One holder's look-ahead, from the last card back to the first. */
function holderReach(plan: Plan, reach: Reach, h: number): void {
  const { model, N, words } = plan;
  const L = h === model.envelope ? 8 : model.caps[h] + 1;
  const MB = reach.followedBits[h].length;
  const K = L << MB;
  const hm = plan.holderMask[h];
  const conditions = hm.some((bits) => bits !== 0);
  let afterStart: Int32Array = new Int32Array(K + 1);
  afterStart.fill(1, 1); // key 0 (no cards, no moves) has one record of no conditions
  let afterMasks: Int32Array = new Int32Array(words);
  reach.start[N][h] = afterStart;
  reach.masks[N][h] = afterMasks;
  const record = new Int32Array(words + 1); // the key, then the conditions met
  for (let i = N - 1; i >= 0; i--) {
    const effects = storyEffects(plan, reach.followedBits[h], h, i);
    const E = 2 + words;
    const cat = 1 << model.category[plan.order[i]];
    const step = (key: number, e: number): number => {
      const v = key >> MB;
      const mv = key & ((1 << MB) - 1);
      const sm = effects[e + 1];
      if (mv & sm) return -1;
      let v2 = v;
      if (effects[e] === 1) {
        if (h === model.envelope) {
          if (v & cat) return -1;
          v2 = v | cat;
        } else if (++v2 >= L) return -1;
      }
      return (v2 << MB) | mv | sm;
    };
    let hereStart: Int32Array = new Int32Array(K + 1);
    let hereMasks: Int32Array;
    if (!conditions) {
      // No conditions on h: only which keys can be reached, one record of no conditions each.
      for (let key = 0; key < K; key++) {
        if (afterStart[key] === afterStart[key + 1]) continue;
        for (let e = 0; e < effects.length; e += E) {
          reach.work++;
          const key2 = step(key, e);
          if (key2 >= 0) hereStart[key2 + 1] = 1;
        }
      }
      for (let key = 0; key < K; key++) hereStart[key + 1] += hereStart[key];
      hereMasks = new Int32Array(hereStart[K] * words);
    } else {
      const table = new StateTable(words + 1, 16);
      const need = plan.opens[i].map((bits, w) => bits & hm[w]);
      for (let key = 0; key < K; key++) {
        const from = afterStart[key];
        const to = afterStart[key + 1];
        if (from === to) continue;
        for (let e = 0; e < effects.length; e += E) {
          const key2 = step(key, e);
          if (key2 < 0) continue;
          record[0] = key2;
          for (let at = from; at < to; at++) {
            reach.work++;
            let ok = true;
            for (let w = 0; w < words && ok; w++) {
              const m = afterMasks[at * words + w] | effects[e + 2 + w];
              ok = (m & need[w]) === need[w];
              record[1 + w] = m & ~need[w];
            }
            if (ok) table.add(record);
          }
        }
      }
      [hereStart, hereMasks] = byKey(table, K, words);
    }
    reach.start[i][h] = afterStart = hereStart;
    reach.masks[i][h] = afterMasks = hereMasks;
  }
}

/**
 * What the stories of the card at position i do for holder h, each once: whether it goes to h
 * first, the followed moves it takes, the open conditions on h it meets (stories differing
 * elsewhere do the same here), as records of 2 + words numbers.
 */
function storyEffects(plan: Plan, followedBits: number[], h: number, i: number): number[] {
  const { words, storyMeets } = plan;
  const hm = plan.holderMask[h];
  const E = 2 + words;
  const effects: number[] = [];
  for (let x = plan.storyStart[i]; x < plan.storyStart[i + 1]; x++) {
    const to = plan.storyH0[x] === h ? 1 : 0;
    const sm = pack(followedBits, plan.storyMoves[x]);
    let e = 0;
    for (; e < effects.length; e += E) {
      let same = effects[e] === to && effects[e + 1] === sm;
      for (let w = 0; w < words && same; w++) same = effects[e + 2 + w] === (storyMeets[x * words + w] & hm[w]);
      if (same) break;
    }
    if (e < effects.length) continue;
    effects.push(to, sm);
    for (let w = 0; w < words; w++) effects.push(storyMeets[x * words + w] & hm[w]);
  }
  return effects;
}

/** The look-ahead's records of one position, from a table of (key, masks), grouped by key. */
function byKey(table: StateTable, K: number, words: number): [Int32Array, Int32Array] {
  const R = words + 1;
  const st = table.states;
  const start = new Int32Array(K + 1);
  for (let j = 0; j < table.count; j++) start[st[j * R] + 1]++;
  for (let key = 0; key < K; key++) start[key + 1] += start[key];
  const fill = start.slice(0, K);
  const masks = new Int32Array(table.count * words);
  for (let j = 0; j < table.count; j++) masks.set(st.subarray(j * R + 1, (j + 1) * R), fill[st[j * R]]++ * words);
  return [start, masks];
}

/**
 * Each hand's size after each move, as a look-ahead: the cards taken so far put at most
 * size[t][h] cards with holder h at time t, and the cards still to come can make up the rest.
 * What the cards taken so far put there follows from a state: those dealt to h, then the moves
 * since, known (their cards are fixed, so the same for every state after i cards) and unknown
 * (the state's bits). Without it, a state whose unknown moves crowd a hand for a while, or
 * leave it short, lives on until the cards run out.
 */
interface SizeBounds {
  /** The times just after each move, in order, and that move's bit when its card is unknown (else -1). */
  times: number[];
  bits: number[];
  /** lo[i][j * P + h] and hi[i][j * P + h]: what the first i cards' deal and unknown moves may put with h at times[j]. */
  lo: Int32Array[];
  hi: Int32Array[];
  /** Scratch: the cards with each holder. */
  held: Int32Array;
  /**
   * The same bounds folded into one range per holder for the cards dealt to it, per position and
   * set of unknown moves taken, worked out when a state first needs it (`dealtRange`); null when
   * there are too many unknown moves for a table.
   */
  ranges: Int16Array[] | null;
}

/** Above this many unknown moves the size check walks every move instead of keeping a table. */
const RANGE_TABLE_MOVES = 12;

function sizeBounds(plan: Plan): SizeBounds | null {
  const { model, N, order, all } = plan;
  if (model.unknownMoves === 0) return null;
  const P = model.caps.length;
  const times: number[] = [];
  const bits: number[] = [];
  model.moves.forEach((m, r) => {
    if (m) (times.push(r + 1), bits.push(m.card === -1 ? m.bit : -1));
  });
  const J = times.length;
  // rest[i]: the cards from position i on that have a story with h at times[j].
  const rest = Array.from({ length: N + 1 }, () => new Int32Array(J * P));
  for (let i = N - 1; i >= 0; i--) {
    rest[i].set(rest[i + 1]);
    for (let j = 0; j < J; j++) {
      let holders = 0;
      for (const s of all[order[i]]) holders |= 1 << s.at[times[j]];
      for (let h = 0; h < P; h++) if ((holders >> h) & 1) rest[i][j * P + h]++;
    }
  }
  const lo: Int32Array[] = [];
  const hi: Int32Array[] = [];
  // known[j * P + h]: what the known moves of the first i cards changed at h by times[j].
  const known = new Int32Array(J * P);
  for (let i = 0; i <= N; i++) {
    if (i > 0)
      for (let j = 0; j < J; j++) {
        const m = model.moves[times[j] - 1];
        if (!m || m.card !== order[i - 1]) continue;
        for (let later = j; later < J; later++) (known[later * P + m.from]--, known[later * P + m.to]++);
      }
    const l = new Int32Array(J * P);
    const u = new Int32Array(J * P);
    for (let j = 0; j < J; j++)
      for (let h = 0; h < P; h++) {
        u[j * P + h] = model.size[times[j]][h] - known[j * P + h];
        l[j * P + h] = u[j * P + h] - rest[i][j * P + h];
      }
    lo.push(l);
    hi.push(u);
  }
  const ranges = model.unknownMoves <= RANGE_TABLE_MOVES ? Array.from({ length: N + 1 }, () => new Int16Array(0)) : null;
  return { times, bits, lo, hi, held: new Int32Array(P), ranges };
}

/**
 * For the first i cards and the unknown moves `moves` taken among them: per holder, the range
 * of cards dealt to it that keeps its size within the bounds after every move. Each move taken
 * shifts the holder's count by the same amount at every later time, so the bounds at all times
 * fold into one range (an empty one when none fits). Kept per position in a table of
 * 2^moves × P pairs, filled when first asked: the states of a position share few move sets.
 */
function dealtRange(plan: Plan, b: SizeBounds, ranges: Int16Array[], i: number, moves: number): number {
  const P = plan.model.caps.length;
  const U = plan.model.unknownMoves;
  let table = ranges[i];
  if (table.length === 0) table = ranges[i] = new Int16Array((1 << U) * P * 2 + (1 << U)).fill(0);
  const done = (1 << U) * P * 2;
  const at = moves * P * 2;
  if (table[done + moves] === 1) return at;
  const shift = b.held;
  shift.fill(0);
  for (let h = 0; h < P; h++) (table[at + 2 * h] = -0x4000), (table[at + 2 * h + 1] = 0x4000);
  const lo = b.lo[i];
  const hi = b.hi[i];
  for (let j = 0; j < b.times.length; j++) {
    const bit = b.bits[j];
    if (bit >= 0 && (moves >> bit) & 1) {
      const m = plan.model.moves[b.times[j] - 1] as Move;
      shift[m.from]--;
      shift[m.to]++;
    }
    for (let h = 0; h < P; h++) {
      table[at + 2 * h] = Math.max(table[at + 2 * h], lo[j * P + h] - shift[h]);
      table[at + 2 * h + 1] = Math.min(table[at + 2 * h + 1], hi[j * P + h] - shift[h]);
    }
  }
  table[done + moves] = 1;
  return at;
}

/** Whether the hands' sizes after every move can still come out right from `state` after i cards. */
function sizesFit(plan: Plan, b: SizeBounds, i: number, state: Int32Array): boolean {
  const { model, fieldWord, fieldShift, fieldMask } = plan;
  const P = model.caps.length;
  const held = b.held;
  const moves = state[plan.MOVES];
  if (b.ranges) {
    const at = dealtRange(plan, b, b.ranges, i, moves);
    const range = b.ranges[i];
    for (let h = 0; h < P; h++) {
      const dealt = model.caps[h] - ((state[fieldWord[h]] >>> fieldShift[h]) & fieldMask[h]);
      if (dealt < range[at + 2 * h] || dealt > range[at + 2 * h + 1]) return false;
    }
    return true;
  }
  for (let h = 0; h < P; h++) held[h] = model.caps[h] - ((state[fieldWord[h]] >>> fieldShift[h]) & fieldMask[h]);
  const lo = b.lo[i];
  const hi = b.hi[i];
  for (let j = 0; j < b.times.length; j++) {
    const bit = b.bits[j];
    if (bit >= 0 && (moves >> bit) & 1) {
      const m = model.moves[b.times[j] - 1] as Move;
      held[m.from]--;
      held[m.to]++;
    }
    for (let h = 0; h < P; h++) if (held[h] > hi[j * P + h] || held[h] < lo[j * P + h]) return false;
  }
  return true;
}

/**
 * Whether the cards from position i on can complete `state` for every tracked holder alone, and
 * every hand's size. A state `stepped` to by a story `CardStep.allowed` let through already meets
 * every holder's places and moves, so only the holders with open conditions are looked at.
 */
function fits(plan: Plan, reach: Reach, i: number, state: Int32Array, stepped = false): boolean {
  const { model, words, fieldWord, fieldShift, fieldMask, MET } = plan;
  const env = model.envelope;
  const left = plan.allMoves & ~state[plan.MOVES];
  const sp = plan.span[i];
  const tracked = stepped ? reach.conditioned : reach.tracked;
  const need = reach.need;
  for (let t = 0; t < tracked.length; t++) {
    const h = tracked[t];
    // The envelope's field (the last) holds the categories filled; the look-ahead's, those still to come.
    const field = (state[fieldWord[h]] >>> fieldShift[h]) & fieldMask[h];
    const v = h === env ? model.envelopeFull & ~field : field;
    const packed = reach.packed[h];
    const key = (v << reach.followedBits[h].length) | (packed ? packed[left] : pack(reach.followedBits[h], left));
    const starts = reach.start[i][h];
    const from = starts[key];
    const to = starts[key + 1];
    if (from === to) return false;
    const hm = plan.holderMask[h];
    let any = 0;
    for (let w = 0; w < words; w++) any |= need[w] = sp[w] & hm[w] & ~state[MET + w];
    // No open condition on h left to meet: any record of the key will do.
    if (any === 0) continue;
    const masks = reach.masks[i][h];
    let found = false;
    for (let at = from; at < to && !found; at++) {
      found = true;
      for (let w = 0; w < words; w++) {
        if ((masks[at * words + w] & need[w]) !== need[w]) {
          found = false;
          break;
        }
      }
    }
    if (!found) return false;
  }
  return reach.sizes === null || sizesFit(plan, reach.sizes, i, state);
}

/** The states after each card, the worlds leading to each (forward), and the steps between them. */
interface Layers {
  count: number[];
  forward: Float64Array[];
  /** out[i][n]: where the steps from state n after i cards start in `scratch.edges` (they are pushed state by state); out[i][count[i]]: where they end. */
  out: Int32Array[];
  /** Where the layers' arrays come from, the steps (`edges`) among them. */
  scratch: Scratch;
  work: number;
}

/**
 * The forward pass: from the state before any card, each card's stories lead to the states after
 * it; the worlds leading to each state are summed on the way.
 */
function forwardPass(plan: Plan, reach: Reach): Layers {
  let scratch = kept?.deref();
  if (!scratch) kept = new WeakRef((scratch = new Scratch()));
  scratch.edges.length = 0;
  const layers: Layers = { count: [1], forward: [scratch.sums(0, 1)], out: [], scratch, work: 0 };
  layers.forward[0][0] = 1;
  let cur = scratch.table(0, plan.W, 1);
  cur.add(plan.root);
  let alive: Uint8Array = Uint8Array.of(1);
  for (let i = 0; i < plan.N; i++) [cur, alive] = forwardLayer(plan, reach, layers, i, cur, alive);
  return layers;
}

/**
 * The count's large arrays, kept from one deduction to the next. A heavy notebook's count fills
 * tens of megabytes of states, sums and steps; made anew each time, they were filled with zeros,
 * grown by copying, and each count's new megabytes set off a full collection by the garbage
 * collector. Made once and reused, each count only clears what it uses, and the collector has
 * nothing to do. The count runs to its end before it returns and keeps nothing it returns here,
 * so one set serves every count in turn.
 */
class Scratch {
  readonly edges = new Edges();
  private readonly sumsByLayer: Float64Array[] = [];
  private readonly outsByLayer: Int32Array[] = [];
  private readonly tables: StateTable[] = [];
  private readonly alives: Uint8Array[] = [new Uint8Array(16), new Uint8Array(16)];
  private readonly afters: Float64Array[] = [new Float64Array(16), new Float64Array(16)];

  /** The sums of layer i, at least n long, cleared. */
  sums(i: number, n: number): Float64Array {
    let a = this.sumsByLayer[i];
    if (!a || a.length < n) a = this.sumsByLayer[i] = new Float64Array(capacity(n));
    else a.fill(0);
    return a;
  }

  /** A grown copy of layer i's sums, kept for the next count. */
  growSums(i: number, a: Float64Array): Float64Array {
    return (this.sumsByLayer[i] = grow(a));
  }

  /** Where the steps from each state of layer i start: n + 1 entries (not cleared: each is written). */
  outs(i: number, n: number): Int32Array {
    let a = this.outsByLayer[i];
    if (!a || a.length < n + 1) a = this.outsByLayer[i] = new Int32Array(capacity(n + 1));
    return a;
  }

  /** One of two hash tables (layers alternate between them), emptied for records of W words. */
  table(which: number, W: number, expected: number): StateTable {
    const t = this.tables[which];
    if (!t) return (this.tables[which] = new StateTable(W, expected));
    t.reset(W, expected);
    return t;
  }

  /** One of two marks of which states can be completed, cleared, at least n long. */
  alive(which: number, n: number): Uint8Array {
    let a = this.alives[which];
    if (a.length < n) a = this.alives[which] = new Uint8Array(capacity(n));
    else a.fill(0, 0, n);
    return a;
  }

  /** One of two arrays of the backward pass, at least n long (not cleared: each entry is written). */
  after(which: number, n: number): Float64Array {
    let a = this.afters[which];
    if (a.length < n) a = this.afters[which] = new Float64Array(capacity(n));
    return a;
  }
}

/** A power of two at least n (and 16). */
function capacity(n: number): number {
  let c = 16;
  while (c < n) c *= 2;
  return c;
}

/** Held weakly: a full collection (memory wanted elsewhere, the notebook long closed) frees it all. */
let kept: WeakRef<Scratch> | undefined;

/**
 * What the card at position i can do from a state, shared by the count's forward pass and the
 * search for one world: whether the places left leave it a choice (`must`), the stories a
 * state allows, and the state each leads to.
 */
class CardStep {
  readonly i: number;
  readonly first: number;
  private readonly plan: Plan;
  private readonly P: number;
  private readonly cat: number;
  private readonly shut: number[];
  private readonly can: number[];
  private readonly fitting: StoryLists;
  private readonly reach: Reach;
  readonly count: number;
  /** served[t][key], for the t-th tracked holder: see `allowed`; known[t][key] says whether it was worked out. */
  readonly served: Int32Array[];
  readonly known: Uint8Array[];

  constructor(plan: Plan, reach: Reach, i: number) {
    const { model, storyH0, storyMoves, allMoves } = plan;
    this.plan = plan;
    this.reach = reach;
    this.i = i;
    this.count = plan.storyStart[i + 1] - plan.storyStart[i];
    const sizes = reach.tracked.map((h) => (h === model.envelope ? 8 : model.caps[h] + 1) << reach.followedBits[h].length);
    this.served = sizes.map((n) => new Int32Array(n));
    this.known = sizes.map((n) => new Uint8Array(n));
    this.P = model.caps.length;
    this.cat = 1 << model.category[plan.order[i]];
    this.shut = plan.close[i];
    this.can = plan.canStart[i + 1];
    this.first = plan.storyStart[i];
    const envelope = model.envelope;
    const cat = this.cat;
    const envNext = plan.envCan[i + 1];
    const movesNext = plan.movesCan[i + 1];
    // The stories a state's envelope and unknown moves leave open, listed once per such pair.
    this.fitting = new StoryLists(model.unknownMoves, this.first, plan.storyStart[i + 1], (moves, env, x) => {
      const h0 = storyH0[x];
      if (h0 === envelope && env & cat) return false;
      if (((h0 === envelope ? env | cat : env) | envNext) !== model.envelopeFull) return false;
      const sm = storyMoves[x];
      return (moves & sm) === 0 && (moves | sm | movesNext) === allMoves;
    });
  }

  /**
   * Can the cards still to come fill what is left? Only the holder this card goes to gets one
   * place fewer, so at most one holder may be one short, and then the card must go there: that
   * holder, -1 when the card may go anywhere, -2 when the state leads nowhere.
   */
  must(st: Int32Array, base: number): number {
    const { fieldWord, fieldShift, fieldMask } = this.plan;
    let must = -1;
    for (let h = 0; h < this.P; h++) {
      const over = ((st[base + fieldWord[h]] >>> fieldShift[h]) & fieldMask[h]) - this.can[h];
      if (over <= 0) continue;
      if (over > 1 || must !== -1) return -2;
      must = h;
    }
    return must;
  }

  /**
   * The stories of this card, as bits by their place in its list, after which every tracked
   * holder's look-ahead can still be met: the places it has left and the followed moves not yet
   * taken, as the state at `base` leaves them, less what the story takes, must be what the
   * cards after this one can do for it. A step that fails this would make a state `fits` turns
   * down: on the heaviest notebooks four states in ten were made only to be dropped so. Worked
   * out per holder and key when first asked. A card with more than 31 stories is not filtered.
   */
  allowed(st: Int32Array, base: number): number {
    if (this.count > 31) return -1;
    const { plan, reach } = this;
    const { model, fieldWord, fieldShift, fieldMask } = plan;
    const left = plan.allMoves & ~st[base + plan.MOVES];
    const tracked = reach.tracked;
    let mask = -1;
    for (let t = 0; t < tracked.length; t++) {
      const h = tracked[t];
      const field = (st[base + fieldWord[h]] >>> fieldShift[h]) & fieldMask[h];
      const v = h === model.envelope ? model.envelopeFull & ~field : field;
      const packed = reach.packed[h];
      const key = (v << reach.followedBits[h].length) | (packed ? packed[left] : pack(reach.followedBits[h], left));
      if (!this.known[t][key]) {
        this.served[t][key] = this.serve(h, key);
        this.known[t][key] = 1;
      }
      mask &= this.served[t][key];
      if (mask === 0) return 0;
    }
    return mask;
  }

  /** For holder h and its key at this card: the stories that leave a key the later cards can reach. */
  serve(h: number, key: number): number {
    const { plan, reach } = this;
    const { storyH0, storyMoves, model } = plan;
    const bits = reach.followedBits[h];
    const MB = bits.length;
    const v = key >> MB;
    const mv = key & ((1 << MB) - 1);
    const later = reach.start[this.i + 1][h];
    const packed = reach.packed[h];
    let out = 0;
    for (let y = 0; y < this.count; y++) {
      const x = this.first + y;
      const sm = packed ? packed[storyMoves[x]] : pack(bits, storyMoves[x]);
      if (sm & ~mv) continue;
      let v2 = v;
      if (storyH0[x] === h) {
        if (h === model.envelope) {
          if (!(v & this.cat)) continue;
          v2 = v & ~this.cat;
        } else if (--v2 < 0) continue;
      }
      const k2 = (v2 << MB) | (mv & ~sm);
      if (later[k2] < later[k2 + 1]) out |= 1 << y;
    }
    return out;
  }

  /** The stories the state at `base` allows (before its places and conditions are looked at). */
  stories(st: Int32Array, base: number): Int32Array {
    const { fieldWord, MOVES, model } = this.plan;
    const envWord = fieldWord[model.caps.length];
    const envShift = this.plan.fieldShift[model.caps.length];
    return this.fitting.get(st[base + MOVES] * 8 + ((st[base + envWord] >>> envShift) & 7));
  }

  /** The state story x leads to from the state at `base`, written to `key`; false when it cannot be taken. */
  next(st: Int32Array, base: number, x: number, must: number, key: Int32Array): boolean {
    const { fieldWord, fieldShift, fieldMask, storyH0, storyMoves, storyMeets, words, capWords, MOVES, MET, model } = this.plan;
    const h0 = storyH0[x];
    if (must !== -1 && h0 !== must) return false;
    const envelope = model.envelope;
    if (h0 !== envelope && ((st[base + fieldWord[h0]] >>> fieldShift[h0]) & fieldMask[h0]) === 0) return false;
    const shut = this.shut;
    for (let w = 0; w < words; w++) {
      const m = st[base + MET + w] | storyMeets[x * words + w];
      if ((m & shut[w]) !== shut[w]) return false;
      key[MET + w] = m & ~shut[w];
    }
    for (let w = 0; w < capWords; w++) key[w] = st[base + w];
    if (h0 === envelope) key[fieldWord[model.caps.length]] += this.cat << fieldShift[model.caps.length];
    else key[fieldWord[h0]] -= 1 << fieldShift[h0];
    key[MOVES] = st[base + MOVES] | storyMoves[x];
    return true;
  }
}

/** The states after the card at position i, from those before it that can still be completed. */
function forwardLayer(plan: Plan, reach: Reach, layers: Layers, i: number, cur: StateTable, curAlive: Uint8Array): [StateTable, Uint8Array] {
  const step = new CardStep(plan, reach, i);
  if (plan.W === 3) return forwardLayer3(plan, reach, layers, i, cur, curAlive, step);
  const first = step.first;
  const st = cur.states;
  const curF = layers.forward[i];
  const scratch = layers.scratch;
  const edges = scratch.edges;
  const key = new Int32Array(plan.W);
  const next = scratch.table((i + 1) & 1, plan.W, cur.count * 2);
  let f = scratch.sums(i + 1, cur.count * 2);
  let alive = scratch.alive((i + 1) & 1, f.length);
  let work = 0;
  const out = scratch.outs(i, cur.count);
  for (let n = 0; n < cur.count; n++) {
    out[n] = edges.length;
    if (!curAlive[n]) continue;
    const base = n * plan.W;
    const must = step.must(st, base);
    if (must === -2) continue;
    const allowed = step.allowed(st, base);
    if (allowed === 0) continue;
    const list = step.stories(st, base);
    for (let y = 0; y < list.length; y++) {
      const x = list[y];
      if (!((allowed >>> (x - first)) & 1)) continue;
      work++;
      if (!step.next(st, base, x, must, key)) continue;
      let to = next.add(key);
      if (to < 0) {
        to = -1 - to;
        if (to === f.length) f = scratch.growSums(i + 1, f);
        if (to === alive.length) alive = grow(alive);
        alive[to] = fits(plan, reach, i + 1, key, allowed !== -1) ? 1 : 0;
      }
      if (alive[to] === 0) continue;
      f[to] += curF[n];
      edges.push(to, x - first);
    }
  }
  closeLayer(layers, next.count, f, out, cur.count, work);
  return [next, alive];
}

/** A layer made: its states' count and sums, where each state's steps start and end, its work. */
function closeLayer(layers: Layers, count: number, f: Float64Array, out: Int32Array, from: number, work: number): void {
  layers.work += work;
  layers.count.push(count);
  layers.forward.push(f);
  out[from] = layers.scratch.edges.length;
  layers.out.push(out);
}

/**
 * `forwardLayer` for the usual state of three words (places, moves, conditions met: one word
 * each), with the step and the hash table's probe written out: the same states and steps, about
 * half the time (most of the count is spent here).
 */
function forwardLayer3(plan: Plan, reach: Reach, layers: Layers, i: number, cur: StateTable, curAlive: Uint8Array, step: CardStep): [StateTable, Uint8Array] {
  const first = step.first;
  const st = cur.states;
  const curF = layers.forward[i];
  const scratch = layers.scratch;
  const edges = scratch.edges;
  const key = new Int32Array(3);
  const next = scratch.table((i + 1) & 1, 3, Math.max(16, cur.count));
  const { storyH0, storyMoves, storyMeets, model } = plan;
  const envelope = model.envelope;
  const envShift = plan.fieldShift[model.caps.length];
  const cat = 1 << model.category[plan.order[i]];
  const shut = plan.close[i][0];
  const fieldShift = plan.fieldShift;
  const fieldMask = plan.fieldMask;
  // `fits` after a step `allowed` let through, for one word of conditions: only the conditioned
  // holders with a condition still to meet are looked at (the step already met their places and moves).
  const sp = plan.span[i + 1][0];
  const left0 = plan.allMoves;
  const cond = reach.conditioned.filter((h) => (sp & plan.holderMask[h][0]) !== 0);
  const C = cond.length;
  const cShift = cond.map((h) => fieldShift[h]);
  const cMask = cond.map((h) => fieldMask[h]);
  const cEnv = cond.map((h) => h === envelope);
  const cMB = cond.map((h) => reach.followedBits[h].length);
  const cPacked = cond.map((h) => reach.packed[h]);
  const cBits = cond.map((h) => reach.followedBits[h]);
  const cSpan = cond.map((h) => sp & plan.holderMask[h][0]);
  const cStart = cond.map((h) => reach.start[i + 1][h]);
  const cMasks = cond.map((h) => reach.masks[i + 1][h]);
  const full = model.envelopeFull;
  const fits3 = (k0: number, k1: number, k2: number): boolean => {
    const left = left0 & ~k1;
    for (let t = 0; t < C; t++) {
      const need = cSpan[t] & ~k2;
      if (need === 0) continue;
      const field = (k0 >>> cShift[t]) & cMask[t];
      const v = cEnv[t] ? full & ~field : field;
      const packed = cPacked[t];
      const hk = (v << cMB[t]) | (packed ? packed[left] : pack(cBits[t], left));
      const starts = cStart[t];
      const masks = cMasks[t];
      let at = starts[hk];
      const to = starts[hk + 1];
      while (at < to && (masks[at] & need) !== need) at++;
      if (at === to) return false;
    }
    return true;
  };
  const fast = reach.sizes === null;
  // `CardStep.allowed`, written out.
  const tracked = reach.tracked;
  const TR = step.count > 31 ? 0 : tracked.length;
  const tShift = tracked.map((h) => fieldShift[h]);
  const tMask = tracked.map((h) => fieldMask[h]);
  const tEnv = tracked.map((h) => h === envelope);
  const tMB = tracked.map((h) => reach.followedBits[h].length);
  const tPacked = tracked.map((h) => reach.packed[h]);
  const { served, known } = step;
  // A state the later cards cannot complete is marked by a sum of -1 (one array read a step, not two).
  let f = scratch.sums(i + 1, cur.count * 2);
  let work = 0;
  const out = scratch.outs(i, cur.count);
  for (let n = 0; n < cur.count; n++) {
    out[n] = edges.length;
    if (!curAlive[n]) continue;
    const base = n * 3;
    const must = step.must(st, base);
    if (must === -2) continue;
    const s0 = st[base];
    const s1 = st[base + 1];
    const s2 = st[base + 2];
    let allowed = -1;
    const left = left0 & ~s1;
    for (let t = 0; t < TR; t++) {
      const field = (s0 >>> tShift[t]) & tMask[t];
      const v = tEnv[t] ? full & ~field : field;
      const packed = tPacked[t];
      const hk = (v << tMB[t]) | (packed ? packed[left] : pack(reach.followedBits[tracked[t]], left));
      if (!known[t][hk]) {
        served[t][hk] = step.serve(tracked[t], hk);
        known[t][hk] = 1;
      }
      allowed &= served[t][hk];
      if (allowed === 0) break;
    }
    if (allowed === 0) continue;
    const list = step.stories(st, base);
    const fn = curF[n];
    for (let y = 0; y < list.length; y++) {
      const x = list[y];
      if (!((allowed >>> (x - first)) & 1)) continue;
      work++;
      // The step (`CardStep.next` for one word of each kind).
      const h0 = storyH0[x];
      if (must !== -1 && h0 !== must) continue;
      let k0: number;
      if (h0 === envelope) k0 = s0 + (cat << envShift);
      else {
        if (((s0 >>> fieldShift[h0]) & fieldMask[h0]) === 0) continue;
        k0 = s0 - (1 << fieldShift[h0]);
      }
      const met = s2 | storyMeets[x];
      if ((met & shut) !== shut) continue;
      const k1 = s1 | storyMoves[x];
      const k2 = met & ~shut;
      let to = next.add3(k0, k1, k2);
      if (to < 0) {
        to = -1 - to;
        if (to === f.length) f = scratch.growSums(i + 1, f);
        key[0] = k0;
        key[1] = k1;
        key[2] = k2;
        if (!(fast && allowed !== -1 ? fits3(k0, k1, k2) : fits(plan, reach, i + 1, key, allowed !== -1))) f[to] = -1;
      }
      const sum = f[to];
      if (sum < 0) continue;
      f[to] = sum + fn;
      edges.push(to, x - first);
    }
  }
  closeLayer(layers, next.count, f, out, cur.count, work);
  const alive = scratch.alive((i + 1) & 1, next.count);
  for (let q = 0; q < next.count; q++) {
    if (f[q] < 0) f[q] = 0;
    else alive[q] = 1;
  }
  return [next, alive];
}

/**
 * The stories of one card that a state's unknown moves taken and envelope categories filled
 * allow, worked out for the first state with that pair and kept for the others (a position's
 * states share few such pairs).
 */
class StoryLists {
  /** By pair in an array when there are few pairs (up to 2^8 sets of moves), else in a map. */
  private readonly byPair: (Int32Array | undefined)[] | null;
  private readonly lists = new Map<number, Int32Array>();
  constructor(
    unknownMoves: number,
    private readonly first: number,
    private readonly last: number,
    private readonly allows: (moves: number, env: number, story: number) => boolean
  ) {
    this.byPair = unknownMoves <= 8 ? new Array((1 << unknownMoves) * 8) : null;
  }

  /** The list for `pair` = moves * 8 + env. */
  get(pair: number): Int32Array {
    let list = this.byPair ? this.byPair[pair] : this.lists.get(pair);
    if (list) return list;
    const out: number[] = [];
    for (let x = this.first; x < this.last; x++) if (this.allows(Math.floor(pair / 8), pair & 7, x)) out.push(x);
    list = Int32Array.from(out);
    if (this.byPair) this.byPair[pair] = list;
    else this.lists.set(pair, list);
    return list;
  }
}

/**
 * The backward pass: the worlds each state after i cards can still lead to, layer by layer back
 * to the root's (the total); and,
 * with `weights`, in the same pass over the steps, each story's worlds (those leading to its step
 * times those it leads on to): per[i][story] for the card at position i. One pass over the steps
 * reads each step's next state once, where a second pass read them all again.
 */
function backwardPass(plan: Plan, { count, forward, out, scratch }: Layers, weights: boolean): { total: number; per: Float64Array[] } {
  const N = count.length - 1;
  const per: Float64Array[] = new Array(N);
  // Only the layer after is read: two arrays serve every layer in turn.
  let next = scratch.after(N & 1, count[N]).fill(1, 0, count[N]);
  const { to, story } = scratch.edges;
  for (let i = N - 1; i >= 0; i--) {
    const b = scratch.after(i & 1, count[i]);
    const o = out[i];
    if (weights) {
      const p = (per[i] = new Float64Array(plan.storyStart[i + 1] - plan.storyStart[i]));
      const f = forward[i];
      for (let n = 0; n < count[i]; n++) {
        const fn = f[n];
        let sum = 0;
        for (let e = o[n]; e < o[n + 1]; e++) {
          const v = next[to[e]];
          sum += v;
          p[story[e]] += fn * v;
        }
        b[n] = sum;
      }
    } else
      for (let n = 0; n < count[i]; n++) {
        let sum = 0;
        for (let e = o[n]; e < o[n + 1]; e++) sum += next[to[e]];
        b[n] = sum;
      }
    next = b;
  }
  return { total: next[0], per };
}

/** Each story's worlds (`backwardPass`), added to where its card is at every time: weight[(t * cards + card) * H + holder]. */
function storyWeights(plan: Plan, per: Float64Array[], weight: Float64Array): void {
  const { model, H, N, order, all } = plan;
  const CARD_COUNT = model.cards.length;
  for (let i = 0; i < N; i++) {
    const c = order[i];
    all[c].forEach((s, si) => {
      const w = per[i][si];
      if (w === 0) return;
      for (let t = 0; t <= model.T; t++) weight[(t * CARD_COUNT + c) * H + s.at[t]] += w;
    });
  }
}

/** The steps of the count, by a story to a state, in two growing arrays (where each state's steps start: `Layers.out`). */
class Edges {
  to: Int32Array = new Int32Array(1 << 12);
  story: Int32Array = new Int32Array(1 << 12);
  length = 0;

  push(to: number, story: number): void {
    if (this.length === this.to.length) {
      this.to = grow(this.to);
      this.story = grow(this.story);
    }
    this.to[this.length] = to;
    this.story[this.length] = story;
    this.length++;
  }
}

/** The hash table's size for `expected` records: a power of two, at least twice as many. */
function tableSize(expected: number): number {
  let size = 8;
  while (size < expected * 2) size *= 2;
  return size;
}

/** A state of three words hashed (the same as `StateTable`'s loop over three words). */
function mix3(a0: number, a1: number, a2: number): number {
  let x = Math.imul(0x811c9dc5 ^ (0x811c9dc5 >>> 15) ^ a0, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 15) ^ a1, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 15) ^ a2, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 16), 0xc2b2ae35);
  return (x ^ (x >>> 13)) >>> 0;
}

/** A copy of `a` twice as long. */
function grow<A extends Int32Array | Float64Array | Uint8Array>(a: A): A {
  const g = new (a.constructor as new (length: number) => A)(a.length * 2);
  (g as Int32Array).set(a as Int32Array);
  return g;
}

/**
 * Records of W 32-bit words, each kept once, side by side in one array and found again through
 * an open-addressing hash table: `add` returns the index of the same record already there, or
 * -1 - index of the one it has just added.
 */
class StateTable {
  states: Int32Array;
  count = 0;
  /** The hash table: the first part of `slots`, a power of two long, -1 where empty. */
  private table: Int32Array;
  private slots: Int32Array;
  private W: number;

  constructor(W: number, expected: number) {
    this.W = W;
    this.slots = this.table = new Int32Array(tableSize(expected)).fill(-1);
    this.states = new Int32Array(Math.max(4, expected) * W);
  }

  /** Emptied for records of W words, its arrays kept where they are long enough (`Scratch`). */
  reset(W: number, expected: number): void {
    this.W = W;
    this.count = 0;
    this.table = this.emptyTable(tableSize(expected));
    if (this.states.length < Math.max(4, expected) * W) this.states = new Int32Array(Math.max(4, expected) * W);
  }

  private emptyTable(size: number): Int32Array {
    if (this.slots.length < size) this.slots = new Int32Array(size);
    return this.slots.subarray(0, size).fill(-1);
  }

  private hash(a: Int32Array, at: number): number {
    if (this.W === 3) return mix3(a[at], a[at + 1], a[at + 2]);
    let x = 0x811c9dc5;
    for (let w = 0; w < this.W; w++) x = Math.imul(x ^ (x >>> 15) ^ a[at + w], 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 16), 0xc2b2ae35);
    return (x ^ (x >>> 13)) >>> 0;
  }

  /** The index of the record `a`, or -1 when it is not here. */
  find(a: Int32Array): number {
    const W = this.W;
    const { table, states } = this;
    const mask = table.length - 1;
    for (let slot = this.hash(a, 0) & mask; ; slot = (slot + 1) & mask) {
      const j = table[slot];
      if (j === -1) return -1;
      let w = 0;
      while (w < W && states[j * W + w] === a[w]) w++;
      if (w === W) return j;
    }
  }

  /** `add` for a record of three words given as numbers (the count's hot path: compared without a loop). */
  add3(a0: number, a1: number, a2: number): number {
    const table = this.table;
    let states = this.states;
    const mask = table.length - 1;
    let slot = mix3(a0, a1, a2) & mask;
    for (;;) {
      const j = table[slot];
      if (j === -1) break;
      const at = j * 3;
      if (states[at] === a0 && states[at + 1] === a1 && states[at + 2] === a2) return j;
      slot = (slot + 1) & mask;
    }
    const j = this.count;
    if ((j + 1) * 2 > table.length) {
      const key = this.key3;
      key[0] = a0;
      key[1] = a1;
      key[2] = a2;
      return this.add(key);
    }
    this.count++;
    if (this.count * 3 > states.length) {
      const grown = new Int32Array(states.length * 2);
      grown.set(states);
      states = this.states = grown;
    }
    table[slot] = j;
    states[j * 3] = a0;
    states[j * 3 + 1] = a1;
    states[j * 3 + 2] = a2;
    return -1 - j;
  }

  private readonly key3 = new Int32Array(3);

  add(a: Int32Array): number {
    const W = this.W;
    let table = this.table;
    let states = this.states;
    let mask = table.length - 1;
    let slot = this.hash(a, 0) & mask;
    // The usual state of three words has its own probe (`add3`, from `forwardLayer3`); here come
    // wider states, the root and a table that must grow.
    for (;;) {
      const j = table[slot];
      if (j === -1) break;
      let w = 0;
      while (w < W && states[j * W + w] === a[w]) w++;
      if (w === W) return j;
      slot = (slot + 1) & mask;
    }
    const j = this.count++;
    if (this.count * 2 > table.length) {
      table = this.table = this.emptyTable(table.length * 2);
      mask = table.length - 1;
      for (let k = 0; k < j; k++) {
        let t = this.hash(states, k * W) & mask;
        while (table[t] !== -1) t = (t + 1) & mask;
        table[t] = k;
      }
      slot = this.hash(a, 0) & mask;
      while (table[slot] !== -1) slot = (slot + 1) & mask;
    }
    if (this.count * W > states.length) {
      const grown = new Int32Array(states.length * 2);
      grown.set(states);
      states = this.states = grown;
    }
    table[slot] = j;
    for (let w = 0; w < W; w++) states[j * W + w] = a[w];
    return -1 - j;
  }
}
