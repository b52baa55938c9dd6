/**
 * The seeded random generator kept inside every game's state.
 *
 * Rules never call `Math.random()`: a shuffle or a roll takes the generator's state and
 * returns the next one, so replaying the same events from the same seed (undo, resume,
 * import) gives exactly the same game. The algorithm is sfc32 (Small Fast Counter), whose
 * whole state is four 32-bit integers: small enough to store with every snapshot.
 */

export type RngState = [number, number, number, number];

/** Derive a generator state from a 32-bit seed (splitmix32 to spread the bits). */
export function seedRng(seed: number): RngState {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let state: RngState = [next(), next(), next(), next()];
  // Warm up: the first outputs of sfc32 are correlated with the seed.
  for (let i = 0; i < 12; i++) state = nextUint32(state)[1];
  return state;
}

/** A fresh seed for a new game (the only place true randomness enters). */
export function freshSeed(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0];
}

export function nextUint32(state: RngState): [number, RngState] {
  let [a, b, c, d] = state;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  return [t, [a >>> 0, b >>> 0, c, d]];
}

/** A float in [0, 1). */
export function nextFloat(state: RngState): [number, RngState] {
  const [n, s] = nextUint32(state);
  return [n / 4294967296, s];
}

/** An integer in [0, n), without modulo bias. */
export function nextInt(state: RngState, n: number): [number, RngState] {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  const limit = Math.floor(4294967296 / n) * n;
  let s = state;
  for (;;) {
    const [v, s2] = nextUint32(s);
    s = s2;
    if (v < limit) return [v % n, s];
  }
}

/** True with the given probability (e.g. 0.75 for a 75 % roll). */
export function chance(state: RngState, probability: number): [boolean, RngState] {
  const [f, s] = nextFloat(state);
  return [f < probability, s];
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(state: RngState, items: readonly T[]): [T[], RngState] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, s2] = nextInt(s, i + 1);
    s = s2;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return [out, s];
}

/** One element picked uniformly. */
export function pick<T>(state: RngState, items: readonly T[]): [T, RngState] {
  const [i, s] = nextInt(state, items.length);
  return [items[i], s];
}

/** `count` six-sided dice, each 1 to 6. */
export function rollDice(state: RngState, count: number): [number[], RngState] {
  const faces: number[] = [];
  let s = state;
  for (let i = 0; i < count; i++) {
    const [v, s2] = nextInt(s, 6);
    faces.push(v + 1);
    s = s2;
  }
  return [faces, s];
}
