/**
 * The notebook's count in typed arrays against the count it replaced, on simulated games: after
 * every record, the same number of worlds, the same work and, card by card, holder by holder and
 * time by time, the very same number of worlds (so the same facts and the same chances). Also on
 * records made impossible by one extra sighting, where both must find no world at all, and
 * whether any world fits when some records are left out (how a contradiction's records are found).
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '$lib/games/cluedo-cards';
import { anyWorld, countWorlds } from '$lib/games/notebook/count';
import { buildModel } from '$lib/games/notebook/model';
import type { NotebookRecord, NotebookSetup } from '$lib/games/notebook/records';
import { countWorlds as referenceCount } from './count-reference';
import heavy from './fixtures/heavy-kloo-doo.json';
import { simulate, type SimulateOptions } from './simulate';

const GAMES: (Omit<SimulateOptions, 'seed'> & { seed?: number; every?: number })[] = [
  { variant: 'cluedo', players: 6, suggestions: 30 },
  { variant: 'cluedo', players: 3, suggestions: 20 },
  { variant: 'killerKlooDoo', players: 4, suggestions: 30, digs: 2, transfers: 2 },
  { variant: 'killerKlooDoo', players: 6, suggestions: 30, digs: 6, transfers: 4 },
  // More moves of unknown cards than the look-ahead follows (dear to count: every third record).
  { variant: 'killerKlooDoo', players: 6, suggestions: 12, digs: 2, transfers: 5, every: 3 },
  // The dearest kind found: eight transfers, mostly of unknown cards, in only sixteen suggestions.
  { variant: 'killerKlooDoo', players: 6, suggestions: 16, digs: 6, transfers: 8, seed: 2, every: 2 },
  // More conditions than one word of the state holds (31 to 45): the state of four words, not the usual three.
  { variant: 'cluedo', players: 6, suggestions: 60, every: 4 }
];

describe('the typed-array count gives the same numbers as the count it replaced', () => {
  for (const game of GAMES)
    it(`${game.variant}, ${game.players} players, ${game.suggestions} suggestions, ${game.digs ?? 0} digs, ${game.transfers ?? 0} transfers`, () => {
      for (const seed of [game.seed ?? 1]) {
        const g = simulate({ ...game, seed });
        for (let k = 0; k <= g.records.length; k += game.every ?? 1) {
          const model = buildModel(g.setup, g.records.slice(0, k));
          const fast = countWorlds(model);
          const slow = referenceCount(model);
          expect(fast.total).toBe(slow.total);
          expect(Array.from(fast.weight)).toEqual(Array.from(slow.weight));
          expect(countWorlds(model, false).total).toBe(slow.total);
          // Honest records always leave the true deal possible.
          expect(fast.total).toBeGreaterThan(0);
        }
      }
    }, 60_000);

  it('finds no world where the count it replaced found none', () => {
    let impossible = 0;
    for (const seed of [3, 4, 5]) {
      const g = simulate({ variant: 'killerKlooDoo', players: 5, suggestions: 12, digs: 3, transfers: 2, seed });
      const last = g.truth[g.truth.length - 1];
      // Claim each card seen with the first player: possible only where it could be there.
      for (const card of CARDS) {
        const seen: NotebookRecord = { kind: 'seen', card, holder: g.setup.players[1].id };
        const model = buildModel(g.setup, [...g.records, seen]);
        const fast = countWorlds(model);
        const slow = referenceCount(model);
        expect(fast.total).toBe(slow.total);
        expect(Array.from(fast.weight)).toEqual(Array.from(slow.weight));
        if (slow.total === 0) impossible++;
        if (last.get(card) === g.setup.players[1].id) expect(fast.total).toBeGreaterThan(0);
      }
    }
    expect(impossible).toBeGreaterThan(0);
  }, 60_000);

  it('says whether any world fits exactly as the full count does, with records left out', () => {
    let fits = 0;
    let fitsNot = 0;
    for (const seed of [6, 7]) {
      const g = simulate({ variant: 'killerKlooDoo', players: 6, suggestions: 24, digs: 6, transfers: 3, seed });
      const own = g.setup.ownCards[0];
      // One of the owner's cards seen with another player: impossible unless the owner gave it away.
      const records: NotebookRecord[] = [...g.records, { kind: 'seen', card: own, holder: g.setup.players[2].id }];
      // Leave out the latest records one by one, as the search for a contradiction's records does.
      for (let left = 0; left < records.length - 1; left += 3) {
        const ignore = new Set(Array.from({ length: left }, (_, i) => records.length - 2 - i));
        const model = buildModel(g.setup, records, ignore);
        const any = anyWorld(model);
        expect(any).toBe(referenceCount(model, false).total > 0);
        if (any) fits++;
        else fitsNot++;
      }
    }
    expect(fits).toBeGreaterThan(0);
    expect(fitsNot).toBeGreaterThan(0);
  }, 60_000);

  it('on a notebook heavy enough to search for a better card order, the numbers are those of the greedy order, for less work', () => {
    // The heaviest notebook by the rules found so far (scripts/bench/notebook.mjs, heavyGame(302,
    // 'ddddddssssssssgssssggsgsssggssss'): the digging race, then six grabs between others among
    // 20 suggestions); after its 31st record the greedy order leaves up to six conditions open.
    // Every record from the 27th on, where its deduction is dearest (28, 29, 31 and 32).
    const g = heavy as unknown as { setup: NotebookSetup; records: NotebookRecord[] };
    for (let k = 27; k <= g.records.length; k++) {
      const model = buildModel(g.setup, g.records.slice(0, k));
      const searched = countWorlds(model);
      const plain = countWorlds(model, true, { plainOrder: true });
      expect(searched.total).toBeGreaterThan(0);
      expect(searched.total).toBe(plain.total);
      expect(Array.from(searched.weight)).toEqual(Array.from(plain.weight));
      expect(searched.work).toBeLessThan(plain.work);
    }
  }, 60_000);

  it('a search with a budget answers right or says it does not know, and takes its steps off the budget', () => {
    let unknown = 0;
    let answered = 0;
    for (const seed of [8, 9]) {
      // Cards passed unseen among the suggestions, and a card assumed in the envelope (true in
      // some games, impossible in others).
      const g = simulate({ variant: 'killerKlooDoo', players: 6, suggestions: 16, digs: 0, transfers: 6, seed });
      for (let k = 2; k <= g.records.length; k += 4) {
        const model = buildModel(g.setup, g.records.slice(0, k));
        model.unary.push({ card: 0, holder: model.envelope, time: k, has: true, source: -1 });
        const truth = referenceCount(model, false).total > 0;
        for (const work of [5, 200, 1e7]) {
          const budget = { work };
          const any = anyWorld(model, budget);
          if (any === null) {
            unknown++;
            expect(budget.work).toBe(0);
          } else {
            answered++;
            expect(any).toBe(truth);
            expect(budget.work).toBeLessThan(work);
          }
        }
        expect(anyWorld(model, { work: 1e7 })).toBe(truth);
      }
    }
    expect(unknown).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);
  }, 60_000);
});
