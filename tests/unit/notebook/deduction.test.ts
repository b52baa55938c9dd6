/**
 * Each kind of deduction the notebook makes, on small hand-written games, with the reason a
 * player would be shown for it; and contradictions, with the records named.
 */
import { describe, expect, it } from 'vitest';
import type { CardId, Triple } from '$lib/games/cluedo-cards';
import { Reasons } from '$lib/games/notebook/explain';
import {
  dealSizes,
  ENVELOPE,
  MIDDLE,
  recordProblems,
  setupProblems,
  type NotebookRecord,
  type NotebookSetup
} from '$lib/games/notebook/records';
import { deduce } from '$lib/games/notebook/solver';

const players = (...names: string[]) => names.map((name) => ({ id: name.toLowerCase(), name }));

function cluedo3(ownCards: CardId[]): NotebookSetup {
  const p = players('Ania', 'Ben', 'Celina');
  const { hands, middle } = dealSizes('cluedo', p.map((x) => x.id));
  return { variant: 'cluedo', players: p, owner: 'ania', hands, middle, ownCards };
}

const ANIA: CardId[] = ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen'];
const suggest = (by: string, cards: Triple, passed: string[], shown: { by: string; card?: CardId } | null): NotebookRecord => ({
  kind: 'suggestion',
  by,
  cards,
  passed,
  shown
});

describe('the set-up', () => {
  it('takes Killer Kloo Doo’s deal by player count, and plain Cluedo’s 18 cards round the table', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect([2, 3, 4, 5, 6].map((n) => dealSizes('killerKlooDoo', ids.slice(0, n)))).toEqual([
      { hands: { a: 8, b: 8 }, middle: 2 },
      { hands: { a: 5, b: 5, c: 5 }, middle: 3 },
      { hands: { a: 4, b: 4, c: 4, d: 4 }, middle: 2 },
      { hands: { a: 3, b: 3, c: 3, d: 3, e: 3 }, middle: 3 },
      { hands: { a: 2, b: 2, c: 2, d: 2, e: 2, f: 2 }, middle: 6 }
    ]);
    expect(dealSizes('cluedo', ids.slice(0, 4))).toEqual({ hands: { a: 5, b: 5, c: 4, d: 4 }, middle: 0 });
  });

  it('refuses a deal that does not add up, and a hand of the wrong size', () => {
    const setup = cluedo3(ANIA);
    expect(setupProblems(setup)).toEqual([]);
    expect(setupProblems({ ...setup, hands: { ...setup.hands, ben: 5 } })).toEqual([
      { key: 'notebook:problems.dealTotal', params: { dealt: 17, expected: 18 } }
    ]);
    expect(setupProblems({ ...setup, ownCards: ANIA.slice(0, 5) })).toEqual([
      { key: 'notebook:problems.ownCount', params: { count: 6, given: 5 } }
    ]);
  });

  it('refuses a record that names a player twice or a card not suggested', () => {
    const setup = cluedo3(ANIA);
    expect(recordProblems(setup, suggest('ben', ['plum', 'rope', 'study'], ['celina'], { by: 'celina' }))).toEqual([
      { key: 'notebook:problems.passedAndShown' }
    ]);
    expect(recordProblems(setup, suggest('ben', ['plum', 'rope', 'study'], [], { by: 'ania', card: 'hall' }))).toEqual([
      { key: 'notebook:problems.shownNotSuggested' }
    ]);
    expect(recordProblems(setup, { kind: 'dig', by: 'ben' })).toEqual([{ key: 'notebook:problems.noMiddle' }]);
  });
});

describe('deductions', () => {
  it('a single possible holder: nobody could show, so the three cards are in the envelope', () => {
    const setup = cluedo3(ANIA);
    const records = [suggest('ania', ['green', 'rope', 'study'], ['ben', 'celina'], null)];
    const before = deduce(setup, []);
    expect(before.envelope).toEqual({ suspect: null, weapon: null, room: null });
    const d = deduce(setup, records);
    expect(d.envelope).toEqual({ suspect: 'green', weapon: 'rope', room: 'study' });
    expect(d.status(1, 'rope', ENVELOPE)).toBe('has');
    expect(d.envelopeChance('rope')).toBe(1);
    expect(d.envelopeChance('plum')).toBe(0);
    const why = new Reasons(setup, records, d).explain({ card: 'rope', holder: ENVELOPE, time: 1, has: true })!;
    expect(why.text).toEqual({ key: 'notebook:why.onlyHolder', params: { card: 'rope' } });
    // Ruled out with Ania (her own hand), Ben and Celina (they passed); plain Cluedo has no middle to speak of.
    expect(why.because.map((f) => f.holder).sort()).toEqual(['ania', 'ben', 'celina']);
    const ben = new Reasons(setup, records, d).explain({ card: 'rope', holder: 'ben', time: 1, has: false })!;
    expect(ben.records).toEqual([0]);
    expect(ben.text.key).toBe('notebook:why.passed');
  });

  it('a shown card among three: the player has neither of the other two, so it was the third', () => {
    const setup = cluedo3(ANIA);
    const records = [
      suggest('ania', ['plum', 'revolver', 'hall'], ['ben'], { by: 'celina', card: 'hall' }),
      // Ben shows Celina a card Ania does not see; Ben has no Plum (he passed) and Ania holds the Dagger.
      suggest('celina', ['plum', 'dagger', 'study'], [], { by: 'ben' })
    ];
    const d = deduce(setup, records);
    expect(d.status(2, 'study', 'ben')).toBe('has');
    const why = new Reasons(setup, records, d).explain({ card: 'study', holder: 'ben', time: 2, has: true })!;
    expect(why.text).toEqual({
      key: 'notebook:why.showedOne',
      params: { player: 'Ben', suspect: 'plum', weapon: 'dagger', room: 'study', a: 'plum', b: 'dagger', card: 'study' }
    });
    expect(why.records).toEqual([1]);
    expect(why.because).toHaveLength(2);
    expect(why.because.every((f) => f.holder === 'ben' && !f.has)).toBe(true);
  });

  it('a hand size filled: once all of Ben’s six cards are known, he has none of the others', () => {
    const setup = cluedo3(ANIA);
    const seen: CardId[] = ['green', 'peacock', 'rope', 'spanner', 'hall', 'study'];
    const records: NotebookRecord[] = seen.map((card) => ({ kind: 'seen', holder: 'ben', card }));
    expect(deduce(setup, records.slice(0, 5)).status(5, 'library', 'ben')).toBe('maybe');
    const d = deduce(setup, records);
    expect(d.status(6, 'library', 'ben')).toBe('not');
    const why = new Reasons(setup, records, d).explain({ card: 'library', holder: 'ben', time: 6, has: false })!;
    expect(why.text).toEqual({ key: 'notebook:why.handFull', params: { card: 'library', kind: 'room', holder: 'Ben' } });
    expect(why.because.map((f) => f.card).sort()).toEqual([...seen].sort());
  });

  it('the middle’s size: Killer Kloo Doo’s two face-down cards, then dug up blind and found later', () => {
    const p = players('Ania', 'Ben', 'Celina', 'Darek');
    const setup: NotebookSetup = {
      variant: 'killerKlooDoo',
      players: p,
      owner: 'ania',
      ...dealSizes('killerKlooDoo', p.map((x) => x.id)),
      ownCards: ['scarlett', 'mustard', 'candlestick', 'kitchen']
    };
    // Everyone's hand is seen: five cards are left for the middle (two) and the envelope (three).
    const hands: Record<string, CardId[]> = {
      ben: ['white', 'peacock', 'dagger', 'ballroom'],
      celina: ['plum', 'revolver', 'conservatory', 'diningRoom'],
      darek: ['billiardRoom', 'library', 'lounge', 'hall']
    };
    const records: NotebookRecord[] = Object.entries(hands).flatMap(([holder, cards]) => cards.map((card) => ({ kind: 'seen' as const, holder, card })));
    const t = records.length;
    let d = deduce(setup, records);
    // Green and the Study are the only suspect and room left: the envelope's. The middle holds
    // two of the three weapons left, so each is in the envelope one time in three.
    expect(d.envelope).toEqual({ suspect: 'green', weapon: null, room: 'study' });
    expect(d.status(t, 'green', MIDDLE)).toBe('not');
    for (const w of ['rope', 'leadPiping', 'spanner'] as const) {
      expect(d.chance(t, w, MIDDLE)).toBeCloseTo(2 / 3, 12);
      expect(d.envelopeChance(w)).toBeCloseTo(1 / 3, 12);
    }
    // Ania digs the Lead Piping; Ben digs the other without showing it.
    records.push({ kind: 'dig', by: 'ania', card: 'leadPiping' }, { kind: 'dig', by: 'ben' });
    d = deduce(setup, records);
    expect(d.envelopeChance('rope')).toBeCloseTo(1 / 2, 12);
    expect(d.size(t + 2, MIDDLE)).toBe(0);
    expect(d.size(t + 2, 'ben')).toBe(5);
    // Ben then shows Ania the Spanner: it was his dig, so the Rope is in the envelope.
    records.push(suggest('ania', ['green', 'spanner', 'study'], [], { by: 'ben', card: 'spanner' }));
    d = deduce(setup, records);
    expect(d.envelope).toEqual({ suspect: 'green', weapon: 'rope', room: 'study' });
    // And back in time: the Spanner was in the middle right after the deal.
    expect(d.status(0, 'spanner', MIDDLE)).toBe('has');
    expect(d.status(t + 1, 'spanner', MIDDLE)).toBe('has');
  });

  it('a transfer of an unknown card: the card that left Ben’s known hand is now Celina’s', () => {
    const setup = cluedo3(ANIA);
    const ben: CardId[] = ['green', 'peacock', 'rope', 'spanner', 'hall', 'study'];
    const records: NotebookRecord[] = ben.map((card) => ({ kind: 'seen', holder: 'ben', card }));
    records.push({ kind: 'transfer', how: 'bribe', from: 'ben', to: 'celina' });
    let d = deduce(setup, records);
    expect(d.status(7, 'rope', 'ben')).toBe('maybe');
    expect(d.chance(7, 'rope', 'celina')).toBeCloseTo(1 / 6, 12);
    // Five of his cards are seen with him afterwards: the sixth is the one he passed on.
    for (const card of ben.filter((c) => c !== 'rope')) records.push({ kind: 'seen', holder: 'ben', card });
    d = deduce(setup, records);
    expect(d.status(d.times - 1, 'rope', 'celina')).toBe('has');
    expect(d.status(6, 'rope', 'ben')).toBe('has');
    expect(d.status(6, 'rope', 'celina')).toBe('not');
  });

  it('a wrong accusation rules out its triple and no more', () => {
    const setup = cluedo3(ANIA);
    const records: NotebookRecord[] = [
      suggest('ania', ['green', 'rope', 'study'], ['ben', 'celina'], null),
      { kind: 'accusation', by: 'ben', cards: ['green', 'rope', 'hall'], wrong: true }
    ];
    const d = deduce(setup, records);
    expect(d.contradiction).toBeNull();
    expect(d.envelope).toEqual({ suspect: 'green', weapon: 'rope', room: 'study' });
    const wrong = deduce(setup, [{ kind: 'accusation', by: 'ben', cards: ['green', 'rope', 'study'], wrong: true }]);
    expect(wrong.envelopeChance('green')).toBeGreaterThan(0);
    expect(wrong.envelopeChance('green')).toBeLessThan(1 / 3);
  });
});

describe('contradictions', () => {
  it('name the record that made the records impossible and the records it conflicts with', () => {
    const setup = cluedo3(ANIA);
    const records = [
      suggest('ania', ['plum', 'rope', 'hall'], [], { by: 'ben', card: 'plum' }),
      suggest('celina', ['green', 'spanner', 'library'], ['ania'], { by: 'ben' }),
      suggest('ania', ['plum', 'revolver', 'study'], ['ben'], { by: 'celina', card: 'study' })
    ];
    const d = deduce(setup, records);
    expect(d.worlds).toBe(0);
    expect(d.contradiction).toMatchObject({ culprit: 2, records: [0, 2], ownCards: false });
    expect(d.envelope).toEqual({ suspect: null, weapon: null, room: null });
  });

  it('are not claimed when a card may have changed hands in between', () => {
    const setup = cluedo3(ANIA);
    const records: NotebookRecord[] = [
      suggest('ania', ['plum', 'rope', 'hall'], [], { by: 'ben', card: 'plum' }),
      { kind: 'transfer', how: 'grab', from: 'ben', to: 'celina' },
      suggest('ania', ['plum', 'revolver', 'study'], ['ben'], { by: 'celina', card: 'study' })
    ];
    const d = deduce(setup, records);
    expect(d.contradiction).toBeNull();
    // Celina grabbed the Plum: the only way Ben can lack it afterwards.
    expect(d.status(2, 'plum', 'celina')).toBe('has');
  });

  it('find a dig from an empty middle', () => {
    const p = players('Ania', 'Ben', 'Celina', 'Darek');
    const setup: NotebookSetup = {
      variant: 'killerKlooDoo',
      players: p,
      owner: 'ania',
      ...dealSizes('killerKlooDoo', p.map((x) => x.id)),
      ownCards: ['scarlett', 'mustard', 'candlestick', 'kitchen']
    };
    const d = deduce(setup, [
      { kind: 'dig', by: 'ben' },
      { kind: 'dig', by: 'celina' },
      { kind: 'dig', by: 'darek' }
    ]);
    expect(d.contradiction?.culprit).toBe(2);
  });
});
