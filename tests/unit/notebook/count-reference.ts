/**
 * The notebook's count as it was before its states became typed arrays (kept only for tests: the
 * faster count in src/lib/games/notebook/count.ts must give the very same numbers).
 *
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
 * time, without ever listing the worlds one by one.
 */
import type { Model, Move } from '$lib/games/notebook/model';

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
  /** States and steps between them the count went through: its cost, independent of the machine. */
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
 * Count the worlds that fit `model`; with `weights` false only the total is computed.
 *
 * Killer Kloo Doo opens with a race to dig up the middle: a run of moves whose cards the owner
 * does not know (and the owner's own digs), before anything else is seen. Such an opening is not
 * counted card by card:
 * after a shuffled deal, a card taken at random from a hand leaves every arrangement with the new
 * sizes equally likely, so the worlds after the opening are counted as a deal with those sizes
 * (times a fixed number of ways), and each card's chances during the opening follow back from
 * its chances after it: undoing a move returns each of the receiver's cards alike.
 */
export function countWorlds(model: Model, weights = true): Count {
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
  if (k === 0) return countCards(model, weights);
  const H = model.holderIds.length;
  const N = model.cards.length;
  const none: Count = { total: 0, weight: new Float64Array(weights ? (model.T + 1) * N * H : 0), work: 0 };
  if (model.size.slice(0, k + 1).some((sizes) => sizes.some((n) => n < 0))) return none;
  const later = model.moves.slice(k);
  let bit = 0;
  const opening = model.moves.slice(0, k) as Move[];
  const rest: Model = {
    ...model,
    T: model.T - k,
    caps: model.size[k].slice(0, H - 1),
    moves: later.map((m) => m && { ...m, record: m.record, bit: m.card === -1 ? bit++ : -1 }),
    unknownMoves: bit,
    unary: [
      ...model.unary.map((u) => ({ ...u, time: Math.max(0, u.time - k) })),
      ...opening.filter((m) => m.card !== -1).map((m) => ({ card: m.card, holder: m.to, time: 0, has: true, source: m.record }))
    ],
    clauses: model.clauses.map((cl) => ({ ...cl, time: Math.max(0, cl.time - k) })),
    size: model.size.slice(k)
  };
  const after = countCards(rest, weights);
  // Each arrangement after the opening is reached in as many ways as the unknown moves, undone,
  // can choose their card among the receiver's.
  let factor = 1;
  for (const m of opening) if (m.card === -1) factor *= model.size[m.record + 1][m.to];
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

function countCards(model: Model, weights: boolean): Count {
  const H = model.holderIds.length;
  const T = model.T;
  const { envelope } = model;
  const CARD_COUNT = model.cards.length;
  const CARD_CATEGORY = model.category;
  const words = Math.max(1, Math.ceil(model.clauses.length / WORD));
  const weight = new Float64Array(weights ? (T + 1) * CARD_COUNT * H : 0);
  const none: Count = { total: 0, weight, work: 0 };
  if (model.unknownMoves > WORD) throw new Error('Too many moves of unknown card to count');

  // Every card's possible stories, and the conditions each meets.
  const all = Array.from({ length: CARD_COUNT }, (_, c) => stories(model, c, words));
  const clauses = model.clauses.map((cl, k) => {
    const able: number[] = [];
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
      if (some) able.push(c);
      if (every && all[c].length > 0) always = true;
    }
    return { able, always };
  });
  if (all.some((s) => s.length === 0)) return none;
  if (clauses.some((cl) => !cl.always && cl.able.length === 0)) return none;
  const open = clauses.map((cl, k) => (cl.always ? -1 : k)).filter((k) => k >= 0);

  // Order the cards: those with one story first, then greedily the card that leaves the fewest
  // things open. An "at least one" condition is open from its first card to its last; so is an
  // unknown move, from the first card that could have been the one moved to the last.
  const spans: number[][] = open.map((k) => clauses[k].able);
  for (let bit = 0; bit < model.unknownMoves; bit++)
    spans.push(all.flatMap((list, c) => (list.some((s) => s.moves & (1 << bit)) ? [c] : [])));
  const order: number[] = [];
  const placed = new Set<number>();
  for (let c = 0; c < CARD_COUNT; c++) if (all[c].length === 1) (order.push(c), placed.add(c));
  while (order.length < CARD_COUNT) {
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0; c < CARD_COUNT; c++) {
      if (placed.has(c)) continue;
      let score = 0;
      for (const span of spans) {
        if (!span.includes(c)) continue;
        let left = 0;
        for (const x of span) if (!placed.has(x)) left++;
        const started = left < span.length;
        if (left === 1) score -= started ? 1 : 0;
        else if (!started) score += 1;
      }
      score = score * 64 + all[c].length;
      if (score < bestScore) (bestScore = score, (best = c));
    }
    order.push(best);
    placed.add(best);
  }
  const N = CARD_COUNT;
  // close[i]: conditions whose last card is at position i, as words.
  const close = Array.from({ length: N }, () => new Array(words).fill(0));
  for (const k of open) {
    const last = Math.max(...clauses[k].able.map((c) => order.indexOf(c)));
    close[last][Math.floor(k / WORD)] |= 1 << (k % WORD);
  }
  // What the cards from position i on can still give: places per holder, envelope categories, moves.
  const canStart = Array.from({ length: N + 1 }, () => new Array(H).fill(0));
  const envCan = Array.from({ length: N + 1 }, () => 0);
  const movesCan = new Array(N + 1).fill(0);
  for (let i = N - 1; i >= 0; i--) {
    const c = order[i];
    for (let h = 0; h < H; h++) canStart[i][h] = canStart[i + 1][h] + (all[c].some((s) => s.at[0] === h) ? 1 : 0);
    envCan[i] = envCan[i + 1] | (all[c].some((s) => s.at[0] === envelope) ? 1 << CARD_CATEGORY[c] : 0);
    movesCan[i] = movesCan[i + 1] | all[c].reduce((a, s) => a | s.moves, 0);
  }
  const allMoves = model.unknownMoves === 0 ? 0 : (1 << model.unknownMoves) - 1;

  interface Node {
    /** Places left per player and the middle, packed base 32 in `code` and unpacked in `caps`. */
    code: number;
    caps: number[];
    env: number;
    moves: number;
    met: number[];
    f: number;
    b: number;
    /** Edges: the story taken and the state it leads to. */
    story: number[];
    to: Node[];
  }
  const place = model.caps.map((_, h) => 32 ** h);
  const root: Node = {
    code: model.caps.reduce((a, n, h) => a + n * place[h], 0),
    caps: model.caps.slice(),
    env: 0,
    moves: 0,
    met: new Array(words).fill(0),
    f: 1,
    b: 0,
    story: [],
    to: []
  };
  const layers: Node[][] = [[root]];
  let work = 0;
  const met = new Array<number>(words).fill(0);
  const P = model.caps.length;
  for (let i = 0; i < N; i++) {
    const c = order[i];
    const cat = 1 << CARD_CATEGORY[c];
    // States by number where they fit in one (places and envelope; moves and one word of conditions).
    const next = new Map<number, Map<number | string, Node>>();
    const made: Node[] = [];
    const shut = close[i];
    const can = canStart[i + 1];
    const list = all[c];
    for (const node of layers[i]) {
      // Can the cards still to come fill what is left? Only the holder this card goes to gets one
      // place fewer, so at most one holder may be one short, and then the card must go there.
      let must = -1;
      let dead = false;
      for (let h = 0; h < P && !dead; h++) {
        const over = node.caps[h] - can[h];
        if (over <= 0) continue;
        if (over > 1 || must !== -1) dead = true;
        else must = h;
      }
      if (dead) continue;
      for (let si = 0; si < list.length; si++) {
        const s = list[si];
        work++;
        const h0 = s.at[0];
        if (must !== -1 && h0 !== must) continue;
        let env = node.env;
        let code = node.code;
        if (h0 === envelope) {
          if (env & cat) continue;
          env |= cat;
        } else {
          if (node.caps[h0] === 0) continue;
          code -= place[h0];
        }
        if ((env | envCan[i + 1]) !== model.envelopeFull) continue;
        if (node.moves & s.moves) continue;
        const moves = node.moves | s.moves;
        if ((moves | movesCan[i + 1]) !== allMoves) continue;
        let ok = true;
        for (let w = 0; w < words; w++) {
          const m = node.met[w] | s.meets[w];
          if ((m & shut[w]) !== shut[w]) {
            ok = false;
            break;
          }
          met[w] = m & ~shut[w];
        }
        if (!ok) continue;
        const k1 = code * 8 + env;
        const k2 = words === 1 ? moves * 2 ** WORD + met[0] : `${moves}|${met.join(',')}`;
        let inner = next.get(k1);
        if (!inner) next.set(k1, (inner = new Map()));
        let to = inner.get(k2);
        if (!to) {
          const caps = node.caps.slice();
          if (h0 !== envelope) caps[h0]--;
          to = { code, caps, env, moves, met: met.slice(), f: 0, b: 0, story: [], to: [] };
          inner.set(k2, to);
          made.push(to);
        }
        to.f += node.f;
        node.story.push(si);
        node.to.push(to);
      }
    }
    layers.push(made);
  }
  for (const node of layers[N]) node.b = 1;
  for (let i = N - 1; i >= 0; i--)
    for (const node of layers[i]) {
      let b = 0;
      for (const to of node.to) b += to.b;
      node.b = b;
    }
  const total = root.b;
  if (!weights || total === 0) return { total, weight, work };
  for (let i = 0; i < N; i++) {
    const c = order[i];
    const per = new Float64Array(all[c].length);
    for (const node of layers[i]) for (let e = 0; e < node.to.length; e++) per[node.story[e]] += node.f * node.to[e].b;
    all[c].forEach((s, si) => {
      const w = per[si];
      if (w === 0) return;
      for (let t = 0; t <= T; t++) weight[(t * CARD_COUNT + c) * H + s.at[t]] += w;
    });
  }
  return { total, weight, work };
}
