import { describe, expect, it } from 'vitest';
import { makeSetup, notebook, validateSetup, type NotebookMove } from '../../../src/lib/games/notebook';
import { check, init, readRecord, reduce } from '../../../src/lib/games/notebook/game';

const players = [
  { id: 'a', name: 'Ania', seat: 0 },
  { id: 'b', name: 'Ben', seat: 1 },
  { id: 'c', name: 'Cela', seat: 2 }
];
const setup = makeSetup('cluedo', players, 'a', ['scarlett', 'rope', 'hall', 'study', 'kitchen', 'dagger'], 'uk');

describe('the notebook as a game', () => {
  it('takes a complete set-up and names what is missing', () => {
    expect(validateSetup(setup)).toEqual([]);
    expect(validateSetup({ ...setup, ownCards: ['scarlett'] }).map((p) => p.text.key)).toEqual(['notebook:problems.ownCount']);
    expect(validateSetup({ ...setup, owner: 'z' }).map((p) => p.text.key)).toEqual(['notebook:setup.errors.owner']);
    const kkd = makeSetup('killerKlooDoo', players, 'a', ['scarlett', 'rope', 'hall', 'study', 'kitchen'], 'uk');
    expect(kkd.middle).toBe(3);
    expect(validateSetup(kkd)).toEqual([]);
  });

  it('records each record in the log and refuses one naming a stranger', () => {
    let s = init({ setup, seed: 1 });
    const move: NotebookMove = { kind: 'suggestion', by: 'b', cards: ['plum', 'rope', 'study'], passed: ['c'], shown: { by: 'a' } };
    expect(check(s, move)).toBeNull();
    s = reduce(s, move);
    expect(s.records).toHaveLength(1);
    expect(s.log[0].text.key).toBe('notebook:log.suggestionPassedShown');
    expect(check(s, { kind: 'seen', holder: 'z', card: 'rope' })?.text.key).toBe('notebook:problems.unknownPlayer');
  });

  it('reads every kind of record back from a backup, field by field', () => {
    const moves: NotebookMove[] = [
      { kind: 'suggestion', by: 'b', cards: ['plum', 'rope', 'study'], passed: [], shown: null },
      { kind: 'suggestion', by: 'a', cards: ['plum', 'rope', 'study'], passed: ['b'], shown: { by: 'c', card: 'plum' } },
      { kind: 'suggestion', by: 'b', cards: ['plum', 'rope', 'study'], passed: [], shown: { by: 'a' }, showed: 'rope' },
      { kind: 'seen', holder: '@middle', card: 'hall' },
      { kind: 'dig', by: 'b' },
      { kind: 'transfer', how: 'grab', from: 'a', to: 'c', card: 'rope' },
      { kind: 'accusation', by: 'c', cards: ['white', 'dagger', 'hall'], wrong: true }
    ];
    for (const m of moves) expect(notebook.readMove!(JSON.parse(JSON.stringify({ ...m, extra: 1 })))).toEqual(m);
    expect(readRecord({ kind: 'suggestion', by: 'b', cards: ['rope', 'plum', 'study'], passed: [], shown: null })).not.toBeNull(); // the order of the three is for check to refuse
    expect(readRecord({ kind: 'seen', holder: 'a', card: 'gun' })).toBeNull();
    expect(readRecord({ kind: 'suggestion', by: 'b', cards: ['plum', 'rope', 'study'], passed: [], shown: { by: 'a' }, showed: 'gun' })).toBeNull();
    expect(readRecord({ kind: 'transfer', how: 'steal', from: 'a', to: 'b' })).toBeNull();
    expect(readRecord({ kind: 'accusation', by: 'a', cards: ['plum', 'rope', 'study'] })).toBeNull();
  });

  it('marks a card shown privately as known to the owner only, and notes which card the owner showed', () => {
    let s = init({ setup, seed: 1 });
    // Ben shows Ania the Plum: only Ania saw it.
    s = reduce(s, { kind: 'suggestion', by: 'a', cards: ['plum', 'rope', 'study'], passed: [], shown: { by: 'b', card: 'plum' } });
    // Ben shows Cela a card Ania does not see: everyone saw that a card was shown.
    s = reduce(s, { kind: 'suggestion', by: 'c', cards: ['plum', 'rope', 'study'], passed: [], shown: { by: 'b' } });
    // Ania shows Ben her Rope, and notes which.
    const mine: NotebookMove = { kind: 'suggestion', by: 'b', cards: ['plum', 'rope', 'study'], passed: [], shown: { by: 'a' }, showed: 'rope' };
    expect(check(s, mine)).toBeNull();
    s = reduce(s, mine);
    expect(s.log.map((l) => l.secret === true)).toEqual([true, false, true]);
    expect(s.log[2].text).toEqual({
      key: 'notebook:log.suggestionShownCard',
      params: { name: 'Ben', suspect: 'plum', weapon: 'rope', room: 'study', passed: '', shower: 'Ania', card: 'rope' }
    });
    expect(s.records[2]).toMatchObject({ showed: 'rope' });
    // Only the owner's own showing can name the card shown, and only one of the three.
    expect(check(s, { ...mine, shown: { by: 'c' } })?.text.key).toBe('notebook:problems.showedNotOwner');
    expect(check(s, { ...mine, showed: 'hall' })?.text.key).toBe('notebook:problems.shownNotSuggested');
    // A public sighting stays public.
    s = reduce(s, { kind: 'seen', holder: 'c', card: 'white' });
    expect(s.log[3].secret).toBeUndefined();
  });
});
