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
 * time, without ever listing the worlds one by one.
 */
import type { Model } from './model';

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
}

const WORD = 30;

function stories(model: Model, card: number, words: number): Story[] {
  const { T, moves, envelope } = model;
  const H = model.holderIds.length;
  const out: Story[] = [];
  const at = new Uint8Array(T + 1);
  const unary = model.unary.filter((u) => u.card === card);
  const fits = (t: number, holder: number) => unary.every((u) => u.time !== t || (u.holder === holder) === u.has);

  const walk = (i: number, cur: number, taken: number): void => {
    if (!fits(i, cur)) return;
    at[i] = cur;
    if (i === T) {
      out.push({ at: at.slice(), moves: taken, meets: new Array(words).fill(0) });
      return;
    }
    const m = moves[i];
    if (!m) walk(i + 1, cur, taken);
    else if (m.card === card) {
      if (cur === m.from) walk(i + 1, m.to, taken);
    } else if (m.card === -1 && cur === m.from) {
      walk(i + 1, cur, taken);
      walk(i + 1, m.to, taken | (1 << m.bit));
    } else walk(i + 1, cur, taken);
  };
  for (let h0 = 0; h0 < H; h0++) {
    if (h0 !== envelope && model.caps[h0] === 0) continue;
    walk(0, h0, 0);
  }
  return out;
}

/** Count the worlds that fit `model`; with `weights` false only the total is computed. */
export function countWorlds(model: Model, weights = true): Count {
  const H = model.holderIds.length;
  const T = model.T;
  const { envelope } = model;
  const CARD_COUNT = model.cards.length;
  const CARD_CATEGORY = model.category;
  const words = Math.max(1, Math.ceil(model.clauses.length / WORD));
  const weight = new Float64Array(weights ? (T + 1) * CARD_COUNT * H : 0);
  const none: Count = { total: 0, weight };
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
  // conditions open (a condition is open from its first card to its last).
  const order: number[] = [];
  const placed = new Set<number>();
  for (let c = 0; c < CARD_COUNT; c++) if (all[c].length === 1) (order.push(c), placed.add(c));
  const remainingOf = (k: number) => clauses[k].able.filter((c) => !placed.has(c)).length;
  while (order.length < CARD_COUNT) {
    let best = -1;
    let bestScore = Infinity;
    for (let c = 0; c < CARD_COUNT; c++) {
      if (placed.has(c)) continue;
      let score = 0;
      for (const k of open) {
        const able = clauses[k].able;
        if (!able.includes(c)) continue;
        const left = remainingOf(k);
        const started = left < able.length;
        if (left === 1) score -= started ? 2 : 0;
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
    caps: number[];
    env: number;
    moves: number;
    met: number[];
    f: number;
    b: number;
    edges: { story: number; to: Node }[];
  }
  const keyOf = (caps: number[], env: number, moves: number, met: number[]) => `${caps.join(',')}|${env}|${moves}|${met.join(',')}`;
  const root: Node = { caps: model.caps.slice(), env: 0, moves: 0, met: new Array(words).fill(0), f: 1, b: 0, edges: [] };
  const layers: Node[][] = [[root]];
  for (let i = 0; i < N; i++) {
    const c = order[i];
    const cat = 1 << CARD_CATEGORY[c];
    const next = new Map<string, Node>();
    const shut = close[i];
    for (const node of layers[i]) {
      all[c].forEach((s, si) => {
        const h0 = s.at[0];
        let env = node.env;
        let caps = node.caps;
        if (h0 === envelope) {
          if (env & cat) return;
          env |= cat;
        } else {
          if (caps[h0] === 0) return;
          caps = caps.slice();
          caps[h0]--;
        }
        if (node.moves & s.moves) return;
        const moves = node.moves | s.moves;
        const met = new Array(words);
        for (let w = 0; w < words; w++) {
          const m = node.met[w] | s.meets[w];
          if ((m & shut[w]) !== shut[w]) return;
          met[w] = m & ~shut[w];
        }
        // Can the cards still to come fill what is left?
        for (let h = 0; h < caps.length; h++) if (caps[h] > canStart[i + 1][h]) return;
        if ((env | envCan[i + 1]) !== model.envelopeFull) return;
        if ((moves | movesCan[i + 1]) !== allMoves) return;
        const key = keyOf(caps, env, moves, met);
        let to = next.get(key);
        if (!to) {
          to = { caps, env, moves, met, f: 0, b: 0, edges: [] };
          next.set(key, to);
        }
        to.f += node.f;
        node.edges.push({ story: si, to });
      });
    }
    layers.push([...next.values()]);
  }
  for (const node of layers[N]) node.b = 1;
  for (let i = N - 1; i >= 0; i--) for (const node of layers[i]) node.b = node.edges.reduce((a, e) => a + e.to.b, 0);
  const total = root.b;
  if (!weights || total === 0) return { total, weight };
  for (let i = 0; i < N; i++) {
    const c = order[i];
    const per = new Float64Array(all[c].length);
    for (const node of layers[i]) for (const e of node.edges) per[e.story] += node.f * e.to.b;
    all[c].forEach((s, si) => {
      const w = per[si];
      if (w === 0) return;
      for (let t = 0; t <= T; t++) weight[(t * CARD_COUNT + c) * H + s.at[t]] += w;
    });
  }
  return { total, weight };
}
