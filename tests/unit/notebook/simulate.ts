/**
 * Plays the card side of a Cluedo or Killer Kloo Doo game at random (seeded) and writes down what
 * one player, the notebook's owner, would record: the deal, the digs and transfers (their cards
 * only when the owner took part), and the suggestions with who passed and who showed (the card
 * only when the owner suggested or showed). The true deal comes back too, to check the notebook.
 */
import { nextInt, seedRng, shuffle, type RngState } from '$lib/engine/rng';
import { CARDS, ROOMS, SUSPECTS, WEAPONS, type CardId, type Triple } from '$lib/games/cluedo-cards';
import { dealSizes, ENVELOPE, MIDDLE, type HolderId, type NotebookRecord, type NotebookSetup, type Variant } from '$lib/games/notebook/records';

export interface Simulated {
  setup: NotebookSetup;
  records: NotebookRecord[];
  /** Where every card truly was at each time. */
  truth: Map<CardId, HolderId>[];
}

export interface SimulateOptions {
  variant: Variant;
  players: number;
  seed: number;
  suggestions: number;
  /** Killer Kloo Doo: how many cards are dug from the middle (before the suggestions). */
  digs?: number;
  /** Bribes or grabs, spread among the suggestions. */
  transfers?: number;
}

export const NAMES = ['Ania', 'Ben', 'Celina', 'Darek', 'Ewa', 'Filip'];

export function simulate(o: SimulateOptions): Simulated {
  let rng: RngState = seedRng(o.seed);
  const int = (n: number) => {
    const [v, next] = nextInt(rng, n);
    rng = next;
    return v;
  };
  const players = NAMES.slice(0, o.players).map((name) => ({ id: name.toLowerCase(), name }));
  const ids = players.map((p) => p.id);
  const owner = ids[0];
  const { hands, middle } = dealSizes(o.variant, ids);
  const where = new Map<CardId, HolderId>();
  const env: Triple = [SUSPECTS[int(6)], WEAPONS[int(6)], ROOMS[int(9)]];
  for (const c of env) where.set(c, ENVELOPE);
  const [rest, r2] = shuffle(rng, CARDS.filter((c) => !env.includes(c as never)));
  rng = r2;
  let k = 0;
  for (const id of ids) for (let i = 0; i < hands[id]; i++) where.set(rest[k++], id);
  while (k < rest.length) where.set(rest[k++], MIDDLE);
  const ownCards = CARDS.filter((c) => where.get(c) === owner);
  const setup: NotebookSetup = { variant: o.variant, players, owner, hands, middle, ownCards };
  const records: NotebookRecord[] = [];
  const truth = [new Map(where)];
  const held = (h: HolderId) => CARDS.filter((c) => where.get(c) === h);
  const push = (r: NotebookRecord) => {
    records.push(r);
    truth.push(new Map(where));
  };

  for (let d = 0; d < (o.digs ?? 0) && held(MIDDLE).length > 0; d++) {
    const by = ids[int(ids.length)];
    const pile = held(MIDDLE);
    const card = pile[int(pile.length)];
    where.set(card, by);
    push({ kind: 'dig', by, card: by === owner ? card : undefined });
  }
  const transferAt = new Set<number>();
  for (let t = 0; t < (o.transfers ?? 0); t++) transferAt.add(Math.floor(((t + 1) * o.suggestions) / ((o.transfers ?? 0) + 1)));
  for (let s = 0; s < o.suggestions; s++) {
    if (transferAt.has(s)) {
      const from = ids[int(ids.length)];
      const to = ids[(ids.indexOf(from) + 1 + int(ids.length - 1)) % ids.length];
      const hand = held(from);
      if (hand.length > 0) {
        const card = hand[int(hand.length)];
        where.set(card, to);
        push({ kind: 'transfer', how: int(2) ? 'bribe' : 'grab', from, to, card: from === owner || to === owner ? card : undefined });
      }
    }
    const bi = int(ids.length);
    const by = ids[bi];
    const cards: Triple = [SUSPECTS[int(6)], WEAPONS[int(6)], ROOMS[int(9)]];
    const passed: string[] = [];
    let shown: { by: string; card?: CardId } | null = null;
    for (let step = 1; step < ids.length && !shown; step++) {
      const p = ids[(bi + step) % ids.length];
      const has = cards.filter((c) => where.get(c) === p);
      if (has.length === 0) passed.push(p);
      else {
        const card = has[int(has.length)];
        shown = { by: p, card: by === owner || p === owner ? card : undefined };
      }
    }
    push({ kind: 'suggestion', by, cards, passed, shown });
  }
  return { setup, records, truth };
}
