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
 * come can complete it for each holder taken alone (a look-ahead computed backwards first), since
 * otherwise most states of a long game lead nowhere.
 */
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
  /** A narrow count (`beam`) left states out: its total is then only a lower bound. */
  cut?: boolean;
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
 * Whether any world fits `model`. A narrow count first, which keeps at most a few states per card
 * and so finds a world at once when many fit (the loosest records, the dearest to count, are
 * those); the full count only when the narrow one found none after leaving states out.
 */
export function anyWorld(model: Model): boolean {
  const narrow = countWorlds(model, false, BEAM);
  if (narrow.total > 0 || !narrow.cut) return narrow.total > 0;
  return countWorlds(model, false).total > 0;
}

const BEAM = 64;
/**
 * The look-ahead of a holder follows at most this many of the unknown moves that take a card
 * from it: it grows as 2^moves, but with them it stops most of the states a long Kloo Doo game
 * with cards passed blind would make in vain.
 */
const FOLLOWED_MOVES = 6;

/**
 * Count the worlds that fit `model`; with `weights` false only the total is computed. With `beam`,
 * at most that many states are kept per card: a world found is a world, but the total is then
 * only a lower bound.
 *
 * Killer Kloo Doo opens with a race to dig up the middle: a run of moves whose cards the owner
 * does not know (and the owner's own digs), before anything else is seen. Such an opening is not
 * counted card by card:
 * after a shuffled deal, a card taken at random from a hand leaves every arrangement with the new
 * sizes equally likely, so the worlds after the opening are counted as a deal with those sizes
 * (times a fixed number of ways), and each card's chances during the opening follow back from
 * its chances after it: undoing a move returns each of the receiver's cards alike.
 */
export function countWorlds(model: Model, weights = true, beam = 0): Count {
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
  if (k === 0) return countCards(model, weights, beam);
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
  const after = countCards(rest, weights, beam);
  // Each arrangement after the opening is reached in as many ways as the unknown moves, undone,
  // can choose their card among the receiver's.
  let factor = 1;
  for (const m of opening) if (m.card === -1) factor *= model.size[m.record + 1][m.to];
  const total = after.total * factor;
  if (!weights || total === 0) return { total, weight: none.weight, work: after.work, cut: after.cut };
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

function countCards(model: Model, weights: boolean, beam = 0): Count {
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

  // A state: the places left per player and the middle, and the envelope's categories filled,
  // packed as bit fields into 30-bit words; then the unknown moves given a card; then which open
  // conditions are met. Each layer keeps its states side by side in one Int32Array of W-word
  // records, found again through an open-addressing hash table, and the steps between layers as
  // three Int32Arrays (from, to, story): no object per state, so little for the garbage collector.
  const P = model.caps.length;
  const fieldWord: number[] = [];
  const fieldShift: number[] = [];
  const fieldMask: number[] = [];
  let capWords = 1;
  let used = 0;
  for (let h = 0; h <= P; h++) {
    // Field P is the envelope's categories.
    const width = h === P ? 3 : Math.max(1, 32 - Math.clz32(model.caps[h]));
    if (used + width > WORD) (capWords++, (used = 0));
    fieldWord.push(capWords - 1);
    fieldShift.push(used);
    fieldMask.push((1 << width) - 1);
    used += width;
  }
  const MOVES = capWords;
  const MET = capWords + 1;
  const W = capWords + 1 + words;
  const rootState = new Int32Array(W);
  for (let h = 0; h < P; h++) rootState[fieldWord[h]] += model.caps[h] << fieldShift[h];
  const envWord = fieldWord[P];
  const envShift = fieldShift[P];

  // Each card's stories as flat arrays: first holder, moves, and conditions met (`words` each).
  const storyStart = new Int32Array(N + 1);
  for (let i = 0; i < N; i++) storyStart[i + 1] = storyStart[i] + all[order[i]].length;
  const storyH0 = new Int32Array(storyStart[N]);
  const storyMoves = new Int32Array(storyStart[N]);
  const storyMeets = new Int32Array(storyStart[N] * words);
  // Only the open conditions are followed: one every story meets would only split states.
  const openMask = new Array<number>(words).fill(0);
  for (const k of open) openMask[Math.floor(k / WORD)] |= 1 << (k % WORD);
  for (let i = 0; i < N; i++)
    all[order[i]].forEach((s, si) => {
      const x = storyStart[i] + si;
      storyH0[x] = s.at[0];
      storyMoves[x] = s.moves;
      for (let w = 0; w < words; w++) storyMeets[x * words + w] = s.meets[w] & openMask[w];
    });

  // For each holder alone, what the cards from position i on can give it: how many cards (for
  // the envelope, which categories) and, of the open conditions on that holder, which they meet
  // (those opening at i or later must be met among them). A state no later cards can complete
  // for some holder is never made: most states of a long game would otherwise lead nowhere.
  const holderMask = Array.from({ length: H }, () => new Array<number>(words).fill(0));
  const span = Array.from({ length: N + 1 }, () => new Array<number>(words).fill(0));
  const opens = Array.from({ length: N }, () => new Array<number>(words).fill(0));
  for (const k of open) {
    const bit = 1 << (k % WORD);
    const w = Math.floor(k / WORD);
    holderMask[model.clauses[k].holder][w] |= bit;
    const pos = clauses[k].able.map((c) => order.indexOf(c));
    const first = Math.min(...pos);
    opens[first][w] |= bit;
    for (let i = first + 1; i <= Math.max(...pos); i++) span[i][w] |= bit;
  }
  // What the cards from i on can do while giving h `v` cards (v: the categories, for the
  // envelope) and taking those of h's followed moves (below) that the earlier cards left: the
  // open conditions on h they can meet, as records of `words` masks. Kept per key
  // v * 2^followed + moves: reachStart[i][h][key] is where that key's records start in
  // reachMasks[i][h], so a state is checked without scanning. Only for the holders with open
  // conditions or followed moves; the places of the others are checked as they are made.
  const R = words + 1;
  const levels = (h: number) => (h === envelope ? 8 : model.caps[h] + 1);
  const tracked: number[] = [];
  // For each holder, the unknown moves that take a card from it (at most FOLLOWED_MOVES of them):
  // whether such a move can still find a card depends most on the cards that holder was dealt,
  // and following only these keeps the look-ahead small (it grows as 2^moves followed).
  const followedBits: number[][] = Array.from({ length: H }, () => []);
  for (const m of model.moves) if (m && m.card === -1 && followedBits[m.from].length < FOLLOWED_MOVES) followedBits[m.from].push(m.bit);
  const followed = followedBits.map((bits) => bits.reduce((a, b) => a | (1 << b), 0));
  /** The moves of `mask` that h follows, packed into its low bits. */
  const pack = (h: number, mask: number): number => {
    let out = 0;
    const bits = followedBits[h];
    for (let j = 0; j < bits.length; j++) if (mask & (1 << bits[j])) out |= 1 << j;
    return out;
  };
  for (let h = 0; h < H; h++) if (followed[h] !== 0 || holderMask[h].some((bits) => bits !== 0)) tracked.push(h);
  const reachStart: Int32Array[][] = Array.from({ length: N + 1 }, () => new Array<Int32Array>(H));
  const reachMasks: Int32Array[][] = Array.from({ length: N + 1 }, () => new Array<Int32Array>(H));
  const record = new Int32Array(R); // the key, then the conditions met
  let work = 0;
  for (const h of tracked) {
    const L = levels(h);
    const MB = followedBits[h].length;
    const K = L << MB;
    const hm = holderMask[h];
    let afterStart: Int32Array = new Int32Array(K + 1);
    afterStart.fill(1, 1); // key 0 (no cards, no moves) has one record of no conditions
    let afterMasks: Int32Array = new Int32Array(words);
    reachStart[N][h] = afterStart;
    reachMasks[N][h] = afterMasks;
    const conditions = hm.some((bits) => bits !== 0);
    // What a card's stories do for h, each once: whether it goes to h first, the moves it takes,
    // the conditions on h it meets (stories differing elsewhere do the same here).
    const effect: number[] = [];
    const E = 2 + words;
    for (let i = N - 1; i >= 0; i--) {
      const cat = 1 << CARD_CATEGORY[order[i]];
      effect.length = 0;
      for (let x = storyStart[i]; x < storyStart[i + 1]; x++) {
        const to = storyH0[x] === h ? 1 : 0;
        const sm = pack(h, storyMoves[x]);
        let e = 0;
        for (; e < effect.length; e += E) {
          let same = effect[e] === to && effect[e + 1] === sm;
          for (let w = 0; w < words && same; w++) same = effect[e + 2 + w] === (storyMeets[x * words + w] & hm[w]);
          if (same) break;
        }
        if (e < effect.length) continue;
        effect.push(to, sm);
        for (let w = 0; w < words; w++) effect.push(storyMeets[x * words + w] & hm[w]);
      }
      const step = (key: number, e: number): number => {
        const v = key >> MB;
        const mv = key & ((1 << MB) - 1);
        const sm = effect[e + 1];
        if (mv & sm) return -1;
        let v2 = v;
        if (effect[e] === 1) {
          if (h === envelope) {
            if (v & cat) return -1;
            v2 = v | cat;
          } else if (++v2 >= L) return -1;
        }
        return (v2 << MB) | mv | sm;
      };
      const hereStart = new Int32Array(K + 1);
      let hereMasks: Int32Array;
      if (!conditions) {
        // No conditions on h: only which keys can be reached, one record of no conditions each.
        for (let key = 0; key < K; key++) {
          if (afterStart[key] === afterStart[key + 1]) continue;
          for (let e = 0; e < effect.length; e += E) {
            work++;
            const key2 = step(key, e);
            if (key2 >= 0) hereStart[key2 + 1] = 1;
          }
        }
        for (let key = 0; key < K; key++) hereStart[key + 1] += hereStart[key];
        hereMasks = new Int32Array(hereStart[K] * words);
      } else {
        const table = new StateTable(R, 16);
        for (let key = 0; key < K; key++) {
          const from = afterStart[key];
          const to = afterStart[key + 1];
          if (from === to) continue;
          for (let e = 0; e < effect.length; e += E) {
            const key2 = step(key, e);
            if (key2 < 0) continue;
            record[0] = key2;
            for (let at = from; at < to; at++) {
              work++;
              let ok = true;
              for (let w = 0; w < words && ok; w++) {
                const m = afterMasks[at * words + w] | effect[e + 2 + w];
                const need = opens[i][w] & hm[w];
                ok = (m & need) === need;
                record[1 + w] = m & ~need;
              }
              if (ok) table.add(record);
            }
          }
        }
        const st = table.states;
        for (let j = 0; j < table.count; j++) hereStart[st[j * R] + 1]++;
        for (let key = 0; key < K; key++) hereStart[key + 1] += hereStart[key];
        const fill = hereStart.slice(0, K);
        hereMasks = new Int32Array(table.count * words);
        for (let j = 0; j < table.count; j++) hereMasks.set(st.subarray(j * R + 1, (j + 1) * R), fill[st[j * R]]++ * words);
      }
      reachStart[i][h] = afterStart = hereStart;
      reachMasks[i][h] = afterMasks = hereMasks;
    }
  }
  const fits = (i: number, state: Int32Array): boolean => {
    const left = allMoves & ~state[MOVES];
    for (const h of tracked) {
      const v = h === envelope ? model.envelopeFull & ~((state[envWord] >>> envShift) & 7) : (state[fieldWord[h]] >>> fieldShift[h]) & fieldMask[h];
      const key = (v << followedBits[h].length) | pack(h, left);
      const starts = reachStart[i][h];
      const from = starts[key];
      const to = starts[key + 1];
      if (from === to) return false;
      const masks = reachMasks[i][h];
      const hm = holderMask[h];
      const sp = span[i];
      let found = false;
      for (let at = from; at < to && !found; at++) {
        found = true;
        for (let w = 0; w < words; w++) {
          const need = sp[w] & hm[w] & ~state[MET + w];
          if ((masks[at * words + w] & need) !== need) {
            found = false;
            break;
          }
        }
      }
      if (!found) return false;
    }
    return true;
  };
  if (!fits(0, rootState)) return none;

  const layerCount: number[] = [1];
  const layerF: Float64Array[] = [Float64Array.of(1)];
  const edgeStart: number[] = [0];
  const edges = new Edges();
  let cut = false;
  const key = new Int32Array(W);
  let cur = new StateTable(W, 1);
  cur.add(rootState);
  let curAlive = Uint8Array.of(1);
  for (let i = 0; i < N; i++) {
    const cat = 1 << CARD_CATEGORY[order[i]];
    const shut = close[i];
    const can = canStart[i + 1];
    const envNext = envCan[i + 1];
    const movesNext = movesCan[i + 1];
    const first = storyStart[i];
    const last = storyStart[i + 1];
    const st = cur.states;
    const curF = layerF[i];
    const next = new StateTable(W, cur.count * 2);
    let f = new Float64Array(Math.max(16, cur.count * 2));
    let alive = new Uint8Array(f.length);
    for (let n = 0; n < cur.count; n++) {
      if (!curAlive[n]) continue;
      const base = n * W;
      // Can the cards still to come fill what is left? Only the holder this card goes to gets one
      // place fewer, so at most one holder may be one short, and then the card must go there.
      let must = -1;
      let dead = false;
      for (let h = 0; h < P && !dead; h++) {
        const over = ((st[base + fieldWord[h]] >>> fieldShift[h]) & fieldMask[h]) - can[h];
        if (over <= 0) continue;
        if (over > 1 || must !== -1) dead = true;
        else must = h;
      }
      if (dead) continue;
      const nodeEnv = (st[base + envWord] >>> envShift) & 7;
      const nodeMoves = st[base + MOVES];
      for (let x = first; x < last; x++) {
        work++;
        const h0 = storyH0[x];
        if (must !== -1 && h0 !== must) continue;
        let env = nodeEnv;
        if (h0 === envelope) {
          if (env & cat) continue;
          env |= cat;
        } else if (((st[base + fieldWord[h0]] >>> fieldShift[h0]) & fieldMask[h0]) === 0) continue;
        if ((env | envNext) !== model.envelopeFull) continue;
        const sm = storyMoves[x];
        if (nodeMoves & sm) continue;
        const moves = nodeMoves | sm;
        if ((moves | movesNext) !== allMoves) continue;
        let ok = true;
        for (let w = 0; w < words; w++) {
          const m = st[base + MET + w] | storyMeets[x * words + w];
          if ((m & shut[w]) !== shut[w]) {
            ok = false;
            break;
          }
          key[MET + w] = m & ~shut[w];
        }
        if (!ok) continue;
        for (let w = 0; w < capWords; w++) key[w] = st[base + w];
        if (h0 === envelope) key[envWord] += cat << envShift;
        else key[fieldWord[h0]] -= 1 << fieldShift[h0];
        key[MOVES] = moves;
        let to: number;
        if (beam > 0 && next.count >= beam) {
          // A narrow count: no new state past the beam's width.
          to = next.find(key);
          if (to === -1) {
            cut = true;
            continue;
          }
        } else to = next.add(key);
        if (to < 0) {
          to = -1 - to;
          if (to === f.length) {
            const fg = new Float64Array(f.length * 2);
            fg.set(f);
            f = fg;
            const ag = new Uint8Array(f.length);
            ag.set(alive);
            alive = ag;
          }
          alive[to] = fits(i + 1, key) ? 1 : 0;
        }
        if (alive[to] === 0) continue;
        f[to] += curF[n];
        edges.push(n, to, x - first);
      }
    }
    cur = next;
    curAlive = alive;
    layerCount.push(next.count);
    layerF.push(f);
    edgeStart.push(edges.length);
  }
  const { from: edgeFrom, to: edgeTo, story: edgeStory } = edges;
  // Backward: the worlds each state can still lead to.
  const layerB: Float64Array[] = new Array(N + 1);
  layerB[N] = new Float64Array(layerCount[N]).fill(1);
  for (let i = N - 1; i >= 0; i--) {
    const b = new Float64Array(layerCount[i]);
    const after = layerB[i + 1];
    for (let e = edgeStart[i]; e < edgeStart[i + 1]; e++) b[edgeFrom[e]] += after[edgeTo[e]];
    layerB[i] = b;
  }
  const total = layerB[0][0];
  if (!weights || total === 0) return { total, weight, work, cut };
  for (let i = 0; i < N; i++) {
    const c = order[i];
    const per = new Float64Array(all[c].length);
    const f = layerF[i];
    const after = layerB[i + 1];
    for (let e = edgeStart[i]; e < edgeStart[i + 1]; e++) per[edgeStory[e]] += f[edgeFrom[e]] * after[edgeTo[e]];
    all[c].forEach((s, si) => {
      const w = per[si];
      if (w === 0) return;
      for (let t = 0; t <= T; t++) weight[(t * CARD_COUNT + c) * H + s.at[t]] += w;
    });
  }
  return { total, weight, work };
}

/** The steps of the count, from a state by a story to a state, in three growing arrays. */
class Edges {
  from: Int32Array = new Int32Array(256);
  to: Int32Array = new Int32Array(256);
  story: Int32Array = new Int32Array(256);
  length = 0;

  push(from: number, to: number, story: number): void {
    if (this.length === this.from.length) {
      this.from = grow(this.from);
      this.to = grow(this.to);
      this.story = grow(this.story);
    }
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.story[this.length] = story;
    this.length++;
  }
}

function grow(a: Int32Array): Int32Array {
  const g = new Int32Array(a.length * 2);
  g.set(a);
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
  private table: Int32Array;
  private readonly W: number;

  constructor(W: number, expected: number) {
    this.W = W;
    let size = 8;
    while (size < expected * 2) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.states = new Int32Array(Math.max(4, expected) * W);
  }

  private hash(a: Int32Array, at: number): number {
    let x = 0x811c9dc5;
    for (let w = 0; w < this.W; w++) {
      x = Math.imul(x ^ a[at + w], 0x01000193);
      x ^= x >>> 16;
    }
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
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

  add(a: Int32Array): number {
    const W = this.W;
    let table = this.table;
    let states = this.states;
    let mask = table.length - 1;
    let slot = this.hash(a, 0) & mask;
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
      table = this.table = new Int32Array(table.length * 2).fill(-1);
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
