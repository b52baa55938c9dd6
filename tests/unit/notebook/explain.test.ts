/**
 * Each kind of explanation a tap on the grid gives, on small written games: the reason names the
 * step that decided the fact and the records it rests on, a fact carried over time is explained
 * by the step that first found it (with its time), and plain Cluedo never speaks of a middle.
 */
import { describe, expect, it } from 'vitest';
import type { CardId, Triple } from '$lib/games/cluedo-cards';
import { anyWorld } from '$lib/games/notebook/count';
import { Reasons } from '$lib/games/notebook/explain';
import { buildModel } from '$lib/games/notebook/model';
import { dealSizes, ENVELOPE, MIDDLE, type HolderId, type NotebookRecord, type NotebookSetup, type Variant } from '$lib/games/notebook/records';
import { deduce, type Fact } from '$lib/games/notebook/solver';
import { simulate, type SimulateOptions } from './simulate';

const NAMES = ['Ania', 'Ben', 'Celina', 'Darek', 'Ewa', 'Filip'];

function game(variant: Variant, n: number, ownCards: CardId[]): NotebookSetup {
  const players = NAMES.slice(0, n).map((name) => ({ id: name.toLowerCase(), name }));
  return { variant, players, owner: 'ania', ...dealSizes(variant, players.map((p) => p.id)), ownCards };
}

const suggest = (by: string, cards: Triple, passed: string[], shown: { by: string; card?: CardId } | null): NotebookRecord => ({
  kind: 'suggestion',
  by,
  cards,
  passed,
  shown
});
const seen = (holder: string, card: CardId): NotebookRecord => ({ kind: 'seen', holder, card });

function why(setup: NotebookSetup, records: NotebookRecord[], card: CardId, holder: HolderId, has: boolean, time = records.length) {
  const d = deduce(setup, records);
  expect(d.contradiction).toBeNull();
  expect(d.status(time, card, holder), `${card} with ${holder} at ${time}`).toBe(has ? 'has' : 'not');
  return new Reasons(setup, records, d).explain({ card, holder, time, has })!;
}

// Killer Kloo Doo for four: hands of 4, two cards in the middle.
const KKD_ANIA: CardId[] = ['scarlett', 'mustard', 'candlestick', 'kitchen'];

describe('explanations', () => {
  it('a full hand: the cards that fill it are named, each with its own reason', () => {
    const setup = game('cluedo', 6, ['scarlett', 'mustard', 'kitchen']);
    const records = [seen('ben', 'green'), seen('ben', 'rope'), seen('ben', 'hall')];
    const e = why(setup, records, 'study', 'ben', false);
    expect(e.text).toEqual({ key: 'notebook:why.handFull', params: { card: 'study', kind: 'room', holder: 'Ben' } });
    expect(e.because.map((f) => f.card).sort()).toEqual(['green', 'hall', 'rope']);
    expect(e.since).toBeUndefined();
  });

  it('a fact carried over time is explained by the record that decided it, with its time, never “it was so earlier”', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      seen('ben', 'rope'),
      suggest('celina', ['plum', 'dagger', 'hall'], ['darek'], { by: 'ania', card: 'candlestick' as never }),
      { kind: 'transfer', how: 'grab', from: 'celina', to: 'darek' },
      suggest('darek', ['green', 'spanner', 'study'], ['ania'], { by: 'ben' })
    ];
    const e = why(setup, records, 'rope', 'ben', true);
    expect(e.text).toEqual({ key: 'notebook:why.seen', params: { card: 'rope', holder: 'Ben' } });
    expect(e.records).toEqual([0]);
    expect(e.since).toBe(1);
    // Ben's card before it was seen: known from record 1 back to the deal.
    const back = why(setup, records, 'rope', 'ben', true, 0);
    expect(back.text.key).toBe('notebook:why.seen');
    expect(back.since).toBe(1);
  });

  it('a card passed on: the record that moved it', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [{ kind: 'transfer', how: 'grab', from: 'ben', to: 'ania', card: 'rope' }, seen('celina', 'hall')];
    const e = why(setup, records, 'rope', 'ania', true);
    expect(e.text).toEqual({ key: 'notebook:why.given', params: { from: 'Ben', to: 'Ania', card: 'rope' } });
    expect(e.records).toEqual([0]);
    expect(e.since).toBe(1);
    // Ben had it at the deal: he gave it.
    expect(why(setup, records, 'rope', 'ben', true, 0).text.key).toBe('notebook:why.given');
  });

  it('a card passed on unseen: the one the giver no longer has is the one the receiver got', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      seen('ben', 'green'),
      seen('ben', 'rope'),
      seen('ben', 'hall'),
      seen('ben', 'study'),
      { kind: 'transfer', how: 'bribe', from: 'ben', to: 'celina' },
      seen('ben', 'green'),
      seen('ben', 'rope'),
      seen('ben', 'hall')
    ];
    const e = why(setup, records, 'study', 'celina', true);
    expect(e.text).toEqual({ key: 'notebook:why.movedOut', params: { card: 'study', number: 5, from: 'Ben', to: 'Celina' } });
    expect(e.records).toEqual([4]);
    expect(e.since).toBe(5);
    // Ben had the Study before the bribe and not after: both facts are given.
    expect(e.because).toEqual([
      { card: 'study', holder: 'ben', time: 4, has: true },
      { card: 'study', holder: 'ben', time: 5, has: false }
    ]);
  });

  it('a card passed on unseen: what neither had, the receiver still lacks; what the giver lacks after, the receiver took', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      suggest('ania', ['plum', 'rope', 'hall'], ['ben', 'celina'], { by: 'darek', card: 'hall' }),
      seen('ben', 'green'),
      { kind: 'transfer', how: 'grab', from: 'ben', to: 'celina' },
      suggest('darek', ['green', 'dagger', 'study'], ['ania', 'ben'], { by: 'celina' })
    ];
    const plum = why(setup, records, 'plum', 'celina', false, 3);
    expect(plum.text).toEqual({ key: 'notebook:why.notGiven', params: { card: 'plum', number: 3, from: 'Ben', to: 'Celina' } });
    // After the grab Ben has no Green (he passed at record 4), so Celina took it.
    const green = why(setup, records, 'green', 'celina', true, 3);
    expect(green.text).toEqual({ key: 'notebook:why.movedOut', params: { card: 'green', number: 3, from: 'Ben', to: 'Celina' } });
  });

  it('a card passed on unseen: what the receiver lacks after, the giver kept', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      seen('ben', 'rope'),
      { kind: 'transfer', how: 'grab', from: 'ben', to: 'celina' },
      suggest('ben', ['plum', 'rope', 'hall'], ['celina'], { by: 'darek' })
    ];
    const e = why(setup, records, 'rope', 'ben', true);
    expect(e.text).toEqual({ key: 'notebook:why.keptOut', params: { card: 'rope', number: 2, from: 'Ben', to: 'Celina' } });
    expect(e.since).toBe(2);
    expect(e.records).toEqual([1]);
  });

  it('a card passed on unseen: what the receiver has after and lacked before came from the giver', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      suggest('ben', ['plum', 'rope', 'hall'], ['celina'], { by: 'darek' }),
      { kind: 'transfer', how: 'bribe', from: 'ben', to: 'celina' },
      seen('celina', 'rope')
    ];
    const rope = why(setup, records, 'rope', 'ben', true, 1);
    expect(rope.text).toEqual({ key: 'notebook:why.movedIn', params: { card: 'rope', number: 2, from: 'Ben', to: 'Celina' } });
    expect(rope.records).toEqual([1]);
  });

  it('a card passed on unseen: what the giver had none of, the receiver had already', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      suggest('darek', ['plum', 'rope', 'hall'], ['ania', 'ben'], { by: 'celina' }),
      { kind: 'transfer', how: 'grab', from: 'ben', to: 'celina' },
      seen('celina', 'rope')
    ];
    const e = why(setup, records, 'rope', 'celina', true, 1);
    expect(e.text).toEqual({ key: 'notebook:why.hadIt', params: { card: 'rope', number: 2, from: 'Ben', to: 'Celina' } });
  });

  it('the card the owner showed', () => {
    const setup = game('cluedo', 3, ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen']);
    const records = [{ ...suggest('ben', ['white', 'rope', 'hall'], [], { by: 'ania' }), showed: 'white' } as NotebookRecord];
    const e = why(setup, records, 'white', 'ania', true);
    expect(e.text).toEqual({ key: 'notebook:why.youShowed', params: { card: 'white' } });
    expect(e.records).toEqual([0]);
  });

  it('a dig: the middle is empty once all its cards are dug up', () => {
    const setup = game('killerKlooDoo', 4, KKD_ANIA);
    const records: NotebookRecord[] = [
      { kind: 'dig', by: 'ben' },
      { kind: 'dig', by: 'celina' }
    ];
    const e = why(setup, records, 'plum', MIDDLE, false);
    expect(e.text).toEqual({ key: 'notebook:why.middleEmpty', params: { card: 'plum' } });
  });

  it('the one card a player can have shown', () => {
    const setup = game('cluedo', 3, ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen']);
    const records = [suggest('celina', ['plum', 'dagger', 'study'], [], { by: 'ben' }), suggest('ania', ['plum', 'rope', 'hall'], ['ben'], { by: 'celina', card: 'hall' })];
    const e = why(setup, records, 'study', 'ben', true);
    expect(e.text.key).toBe('notebook:why.showedOne');
    expect(e.records).toEqual([0]);
  });

  it('the one card several refutations share: without it, a hand could not answer them all', () => {
    const setup = game('cluedo', 6, ['scarlett', 'mustard', 'kitchen']);
    const records = [
      suggest('filip', ['green', 'rope', 'hall'], ['ania'], { by: 'ben' }),
      suggest('filip', ['green', 'spanner', 'study'], ['ania'], { by: 'ben' }),
      suggest('filip', ['green', 'leadPiping', 'library'], ['ania'], { by: 'ben' }),
      suggest('filip', ['green', 'revolver', 'lounge'], ['ania'], { by: 'ben' })
    ];
    const e = why(setup, records, 'green', 'ben', true);
    expect(e.text).toEqual({ key: 'notebook:why.handNeedsCard', params: { holder: 'Ben', card: 'green', count: 3, records: '1, 2, 3, 4' } });
    expect(e.records).toEqual([0, 1, 2, 3]);
  });

  it('a hand taken up by the cards it showed: nothing else fits in it', () => {
    const setup = game('cluedo', 6, ['scarlett', 'mustard', 'kitchen']);
    const records = [
      suggest('filip', ['green', 'rope', 'hall'], ['ania'], { by: 'ben' }),
      suggest('filip', ['peacock', 'spanner', 'study'], ['ania'], { by: 'ben' }),
      suggest('filip', ['plum', 'leadPiping', 'library'], ['ania'], { by: 'ben' })
    ];
    const e = why(setup, records, 'ballroom', 'ben', false);
    expect(e.text).toEqual({ key: 'notebook:why.handCovered', params: { holder: 'Ben', card: 'ballroom', count: 3, records: '1, 2, 3' } });
    expect(e.records).toEqual([0, 1, 2]);
  });

  it('two players who showed a card from the same two: neither card is anywhere else', () => {
    const setup = game('cluedo', 4, ['scarlett', 'mustard', 'candlestick', 'dagger', 'kitchen']);
    const records = [
      seen('darek', 'hall'),
      seen('darek', 'study'),
      suggest('darek', ['plum', 'rope', 'study'], ['ania'], { by: 'ben' }),
      suggest('ben', ['plum', 'rope', 'hall'], [], { by: 'celina' })
    ];
    const env = why(setup, records, 'plum', ENVELOPE, false);
    expect(env.text).toEqual({
      key: 'notebook:why.sharedPair_envelope',
      params: { card: 'plum', a: 'Ben', b: 'Celina', x: 'plum', y: 'rope', records: '3, 4' }
    });
    expect(why(setup, records, 'rope', 'darek', false).text.key).toBe('notebook:why.sharedPair');
  });

  /** The first fact only the records together decide, in simulated games of `kind`, with the records its explanation names. */
  function togetherFact(kind: Omit<SimulateOptions, 'seed'>, seeds: number[]) {
    for (const seed of seeds) {
      const g = simulate({ ...kind, seed });
      for (let k = 6; k <= g.records.length; k += 3) {
        const records = g.records.slice(0, k);
        const d = deduce(g.setup, records);
        const reasons = new Reasons(g.setup, records, d);
        for (const fact of d.facts()) {
          if (fact.holder === MIDDLE) continue;
          const e = reasons.explain(fact)!;
          if (e.text.key !== 'notebook:why.together') continue;
          expect(e.text.params).toEqual({ records: e.records.map((r) => r + 1).join(', ') });
          return { setup: g.setup, records, fact, named: e.records };
        }
      }
    }
    return null;
  }

  /** The named records alone force the fact, and each of them is needed. */
  function expectFewest(found: ReturnType<typeof togetherFact>) {
    expect(found, 'a fact only the records together decide').not.toBeNull();
    const { setup, records, fact, named } = found!;
    const broken = (forget: Set<number>) => {
      const m = buildModel(setup, records, forget);
      m.unary.push({ card: m.cards.indexOf(fact.card), holder: m.holderIds.indexOf(fact.holder), time: fact.time, has: !fact.has, source: -1 });
      return anyWorld(m);
    };
    const others = new Set(records.map((_, i) => i).filter((i) => !named.includes(i)));
    expect(broken(others)).toBe(false);
    for (const r of named) expect(broken(new Set([...others, r])), `record ${r + 1} needed`).toBe(true);
  }

  it('what only the records together decide names the fewest records that force it', () => {
    expectFewest(togetherFact({ variant: 'cluedo', players: 6, suggestions: 30 }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
  });

  it('so it does in a Kloo Doo game with cards dug up and passed unseen', () => {
    expectFewest(togetherFact({ variant: 'killerKlooDoo', players: 6, suggestions: 20, digs: 6, transfers: 6 }, [1, 2, 3, 4, 5, 6, 7, 8]));
  }, 60_000);

  it('plain Cluedo never speaks of a middle, and no reason is “it was so earlier”', () => {
    for (const seed of [1, 2]) {
      const g = simulate({ variant: 'cluedo', players: 4, suggestions: 20, seed });
      const d = deduce(g.setup, g.records);
      const reasons = new Reasons(g.setup, g.records, d);
      for (const fact of d.facts()) {
        if (fact.holder === MIDDLE) continue;
        const e = reasons.explain(fact)!;
        expect(e.text.key).not.toMatch(/_middle$|persists|search/);
        expect(e.because.some((f) => f.holder === MIDDLE)).toBe(false);
        for (const b of e.because) expect(reasons.explain(b)!.text.key).not.toMatch(/_middle$|persists/);
      }
    }
  });
});

describe('a contradiction names what clashes', () => {
  it('a hand’s size: three cards seen with a player who holds two', () => {
    const setup = game('killerKlooDoo', 6, ['scarlett', 'kitchen']);
    const records = [seen('ben', 'rope'), seen('celina', 'plum'), seen('ben', 'hall'), seen('ben', 'study')];
    const c = deduce(setup, records).contradiction!;
    expect(c.records).toEqual([0, 2, 3]);
    expect(c.ownCards).toBe(false);
    expect(c.sizes.map(({ holder, count }) => ({ holder, count }))).toEqual([{ holder: 'ben', count: 2 }]);
  });

  it('the owner’s own cards: one of them seen with another player', () => {
    const setup = game('cluedo', 3, ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen']);
    const records = [seen('celina', 'hall'), seen('ben', 'dagger')];
    const c = deduce(setup, records).contradiction!;
    expect(c.records).toEqual([1]);
    expect(c.ownCards).toBe(true);
    expect(c.sizes).toEqual([]);
  });

  it('records alone: a player who passed on a card seen with them', () => {
    const setup = game('cluedo', 3, ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen']);
    const records = [seen('ben', 'hall'), suggest('celina', ['plum', 'rope', 'hall'], ['ben'], null)];
    const c = deduce(setup, records).contradiction!;
    expect(c.records).toEqual([0, 1]);
    expect(c.ownCards).toBe(false);
    expect(c.sizes).toEqual([]);
  });
});
