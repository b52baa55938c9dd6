/**
 * Whole games through one player's notebook: a plain Cluedo game for three written out record by
 * record, where each part of the envelope becomes certain at a known record and not before; and
 * simulated games (plain Cluedo for three and six, Killer Kloo Doo for four with the middle dug up
 * and cards passed by bribe and grab) checked at every record against the true deal.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, CARDS_BY_CATEGORY, CATEGORIES, type CardId, type Triple } from '$lib/games/cluedo-cards';
import { Reasons } from '$lib/games/notebook/explain';
import { dealSizes, ENVELOPE, type NotebookRecord, type NotebookSetup } from '$lib/games/notebook/records';
import { deduce } from '$lib/games/notebook/solver';
import { simulate, type SimulateOptions } from './simulate';

const s = (by: string, cards: Triple, passed: string[], shown: { by: string; card?: CardId } | null): NotebookRecord => ({
  kind: 'suggestion',
  by,
  cards,
  passed,
  shown
});

describe('a plain Cluedo game for three, written out', () => {
  // Ania: Scarlett, Mustard, White, Candlestick, Dagger, Kitchen.
  // Ben: Green, Lead Piping, Ballroom, Conservatory, Dining Room, Billiard Room.
  // Celina: Peacock, Revolver, Spanner, Library, Lounge, Hall. The envelope: Plum, Rope, Study.
  const players = [
    { id: 'ania', name: 'Ania' },
    { id: 'ben', name: 'Ben' },
    { id: 'celina', name: 'Celina' }
  ];
  const setup: NotebookSetup = {
    variant: 'cluedo',
    players,
    owner: 'ania',
    ...dealSizes('cluedo', ['ania', 'ben', 'celina']),
    ownCards: ['scarlett', 'mustard', 'white', 'candlestick', 'dagger', 'kitchen']
  };
  const records: NotebookRecord[] = [
    s('ania', ['green', 'rope', 'ballroom'], [], { by: 'ben', card: 'green' }),
    s('ania', ['peacock', 'rope', 'library'], ['ben'], { by: 'celina', card: 'peacock' }), // 1: the suspect
    s('ania', ['plum', 'leadPiping', 'study'], [], { by: 'ben', card: 'leadPiping' }),
    s('ania', ['plum', 'revolver', 'lounge'], ['ben'], { by: 'celina', card: 'revolver' }),
    s('ania', ['plum', 'spanner', 'hall'], ['ben'], { by: 'celina', card: 'spanner' }), // 4: the weapon
    s('ania', ['plum', 'rope', 'ballroom'], [], { by: 'ben', card: 'ballroom' }),
    s('celina', ['plum', 'rope', 'conservatory'], ['ania'], { by: 'ben' }),
    s('ania', ['plum', 'rope', 'library'], ['ben'], { by: 'celina', card: 'library' }),
    s('ania', ['plum', 'rope', 'lounge'], ['ben'], { by: 'celina', card: 'lounge' }),
    s('ania', ['plum', 'rope', 'hall'], ['ben'], { by: 'celina', card: 'hall' }),
    s('ania', ['plum', 'rope', 'diningRoom'], [], { by: 'ben', card: 'diningRoom' }),
    s('celina', ['scarlett', 'candlestick', 'study'], [], { by: 'ania', card: 'scarlett' }),
    s('ben', ['plum', 'rope', 'billiardRoom'], ['celina', 'ania'], null),
    s('ania', ['plum', 'rope', 'study'], ['ben', 'celina'], null) // 13: the room
  ];

  it('knows each part of the envelope exactly from the record that settles it, and not before', () => {
    const known = (k: number) => deduce(setup, records.slice(0, k)).envelope;
    const settles = { suspect: 2, weapon: 5, room: 14 }; // prefix lengths
    for (let k = 0; k <= records.length; k++) {
      const env = known(k);
      expect(env.suspect, `suspect after ${k} records`).toBe(k >= settles.suspect ? 'plum' : null);
      expect(env.weapon, `weapon after ${k} records`).toBe(k >= settles.weapon ? 'rope' : null);
      expect(env.room, `room after ${k} records`).toBe(k >= settles.room ? 'study' : null);
    }
  });

  it('gives the room’s chances while two rooms are left, and explains the last step', () => {
    const d = deduce(setup, records.slice(0, 13));
    // Ben's last card is the Billiard Room or the Study: either may be in the envelope.
    expect(d.envelopeChance('study')).toBeCloseTo(0.5, 12);
    expect(d.envelopeChance('billiardRoom')).toBeCloseTo(0.5, 12);
    expect(d.envelopeChance('hall')).toBe(0);
    const all = deduce(setup, records);
    // Ben showed Celina a card for Plum, Rope or Conservatory: with Plum and Rope in the envelope, the Conservatory.
    const why = new Reasons(setup, records, all).explain({ card: 'conservatory', holder: 'ben', time: 7, has: true })!;
    expect(why.text.key).toBe('notebook:why.showedOne');
    expect(why.records).toEqual([6]);
    const study = new Reasons(setup, records, all).explain({ card: 'study', holder: ENVELOPE, time: 14, has: true })!;
    expect(['notebook:why.onlyHolder', 'notebook:why.handNeedsAll_envelope']).toContain(study.text.key);
  });
});

/** Every fact the notebook is sure of is true in the simulated game, at every time. */
function checkGame(o: SimulateOptions) {
  const g = simulate(o);
  let certainAt = -1;
  for (let k = 0; k <= g.records.length; k++) {
    const d = deduce(g.setup, g.records.slice(0, k));
    expect(d.contradiction).toBeNull();
    const wrong: string[] = [];
    for (let t = 0; t <= k; t++)
      for (const card of CARDS)
        for (const h of d.holders) {
          const truly = g.truth[t].get(card) === h;
          const status = d.status(t, card, h);
          if ((status === 'has' && !truly) || (status === 'not' && truly)) wrong.push(`${card} ${h} ${t}: ${status}`);
        }
    expect(wrong, `after ${k} records`).toEqual([]);
    for (const cat of CATEGORIES) {
      const sum = CARDS_BY_CATEGORY[cat].reduce((a, c) => a + d.envelopeChance(c), 0);
      expect(sum).toBeCloseTo(1, 9);
    }
    const certain = CATEGORIES.every((cat) => d.envelope[cat] !== null);
    if (certain && certainAt === -1) certainAt = k;
    // Once certain, it stays so: records only add knowledge.
    if (certainAt !== -1) expect(certain).toBe(true);
    if (certain) for (const cat of CATEGORIES) expect(g.truth[0].get(d.envelope[cat]!)).toBe(ENVELOPE);
    // The reasons given are all true too.
    if (k === g.records.length) {
      const reasons = new Reasons(g.setup, g.records, d);
      for (const f of reasons.derived()) expect(d.status(f.time, f.card, f.holder)).toBe(f.has ? 'has' : 'not');
    }
  }
  return certainAt;
}

describe('simulated games, checked against the true deal after every record', () => {
  it('plain Cluedo for three', () => {
    const at = [1, 2, 3].map((seed) => checkGame({ variant: 'cluedo', players: 3, suggestions: 30, seed }));
    expect(at.some((k) => k > 0)).toBe(true);
  });

  it('plain Cluedo for six', () => {
    const at = [1, 2].map((seed) => checkGame({ variant: 'cluedo', players: 6, suggestions: 40, seed }));
    expect(at.some((k) => k > 0)).toBe(true);
  });

  it('Killer Kloo Doo for four: both middle cards dug up blind, then two cards passed by bribe or grab', () => {
    const at = [1, 2, 3].map((seed) => {
      const g = simulate({ variant: 'killerKlooDoo', players: 4, suggestions: 30, digs: 2, transfers: 2, seed });
      expect(g.records.filter((r) => r.kind === 'dig')).toHaveLength(2);
      expect(g.records.filter((r) => r.kind === 'transfer')).toHaveLength(2);
      return checkGame({ variant: 'killerKlooDoo', players: 4, suggestions: 30, digs: 2, transfers: 2, seed });
    });
    expect(at.some((k) => k > 0)).toBe(true);
  });
});
