/**
 * What the house rules allow that a contest's two cards could not record, the reminders the rules
 * give as a move is made, and the dice leaving the table with the next move: a defender with no
 * card of the suit to play, a servant's trick in Part 1 (which "the affected player cannot
 * defend"), the cards that go back into the pack, and Part 2's weapons in the Lounge.
 */
import { describe, expect, it } from 'vitest';
import { kkd, type KkdMove } from '../../../src/lib/games/kkd';
import { boardIn, END, game, keyOf, lastLog, row, state, toPart2, toScoring } from './fixture';

const contest = (extra: Partial<Extract<KkdMove, { kind: 'contest' }>>): KkdMove =>
  ({ kind: 'contest', contest: 'persuasion', by: 'scarlett', target: 'mustard', cards: { by: '3', target: null }, ...extra }) as KkdMove;

/** Part 2 with everyone alive: White's wrong accusation (−20) leaves 11, 3 + 4 makes 18. */
const part2 = () => toPart2(toScoring(game(3), 'white', false, [[['10', '10', '3'], []], [['10', '5', '3'], []], [['A', '8', '3'], []]]), {});

describe('a defender with no card to play', () => {
  it('loses the contest whatever the attacker’s card, Persuasion and Aggression alike', () => {
    const g = game(3).move(contest({}));
    expect(g.view.log.at(-1)!.text).toEqual({ key: 'kkd:log.persuasionNoCard', params: { name: 'Ania', target: 'Bartek', a: 3 } });
    expect(lastLog(game(3).move(contest({ contest: 'aggression', cards: { by: '2', target: null } })))).toEqual(['aggressionNoCard']);
  });

  it('holds only when the players overrule, and the log says they did', () => {
    const g = game(3);
    expect(keyOf(() => g.move(contest({ result: 'target' })))).toBe('kkd:rules.noCardLoses');
    g.move(contest({ result: 'target', overrule: true }));
    expect(lastLog(g, 2)).toEqual(['overruled', 'persuasionNoCardHolds']);
  });

  it('is refused for a non-player character: the top card of the pack answers for it', () => {
    expect(keyOf(() => game(3).move(contest({ target: 'plum' })))).toBe('kkd:refused.npcNoCard');
    expect(keyOf(() => game(3).move(contest({ target: 'plum', overrule: true })))).toBe('kkd:refused.npcNoCard');
  });

  it('is read back from a backup; a card that is neither a rank nor none is not', () => {
    const m = contest({});
    expect(kkd.readMove!(JSON.parse(JSON.stringify(m)))).toEqual(m);
    expect(kkd.readMove!({ ...m, cards: { by: '3', target: 'X' } })).toBeNull();
    expect(kkd.readMove!({ ...m, cards: { by: null, target: null } })).toBeNull();
  });
});

describe('a servant’s trick in Part 1', () => {
  const trick = (extra: Partial<Extract<KkdMove, { kind: 'trick' }>>): KkdMove => ({ kind: 'trick', by: 'scarlett', court: 'Q', target: 'mustard', ...extra }) as KkdMove;

  it('brings a character to the player’s room, or fetches a weapon, with no contest', () => {
    const g = game(3).move(trick({}));
    expect(g.view.log.at(-1)!.text).toEqual({ key: 'kkd:log.trickPerson', params: { name: 'Ania', target: 'Bartek', court: 'Q' } });
    g.move(trick({ target: 'plum', court: 'K' }));
    expect(g.view.log.at(-1)!.text.params).toMatchObject({ targetCard: 'plum', context: 'npc', court: 'K' });
    g.move(trick({ target: 'rope', court: 'J' }));
    expect(g.view.log.at(-1)!.text).toEqual({ key: 'kkd:log.trickWeapon', params: { name: 'Ania', weapon: 'rope', court: 'J' } });
    // Nothing else on the table changes: the turn stays, nobody's cards are counted.
    expect(boardIn(g).turn.name).toBe('Ania');
  });

  it('needs a Court card, another character or a weapon, and Part 1', () => {
    expect(keyOf(() => game(3).move(trick({ court: '10' })))).toBe('kkd:refused.court');
    expect(keyOf(() => game(3).move(trick({ target: 'scarlett' })))).toBe('kkd:refused.self');
    expect(keyOf(() => game(3).move(trick({ target: 'hall' as never })))).toBe('kkd:refused.noCharacter');
    expect(keyOf(() => part2().move(trick({})))).toBe('kkd:refused.not_part1');
  });

  it('is read back from a backup, and nothing else is', () => {
    for (const m of [trick({}), trick({ target: 'candlestick', court: 'K' })]) expect(kkd.readMove!(JSON.parse(JSON.stringify(m)))).toEqual(m);
    expect(kkd.readMove!({ ...trick({}), target: 'hall' })).toBeNull();
    expect(kkd.readMove!({ ...trick({}), court: 11 })).toBeNull();
  });
});

describe('the rules’ reminders, said as the move is made', () => {
  it('a Heart cashed in goes back into the pack (said in its line)', () => {
    const g = part2().move({ kind: 'heal', by: 'white', card: '5' });
    expect(lastLog(g)).toEqual(['heal']);
  });

  it('a servant’s cards go back into the pack, counted, whether the servant succeeds or fails', () => {
    const base = { kind: 'servant', by: 'scarlett', target: 'mustard', court: 'J', room: 'kitchen' } as const;
    let g = part2().move({ ...base, service: 'lure', diamonds: ['7'], spade: null });
    expect(g.view.log.at(-1)!.text).toEqual({ key: 'kkd:log.servantCardsBack', params: { cards: 2 } });
    g = part2().move({ ...base, service: 'spy', diamonds: ['7'], spade: 'K' });
    expect(lastLog(g, 2)).toEqual(['spyFails', 'servantCardsBack']);
    expect(g.view.log.at(-1)!.text.params).toEqual({ cards: 3 });
    g = part2().move({ kind: 'take', by: 'mustard', weapon: 'rope' }).move({ ...base, service: 'steal', diamonds: ['7', '9'], spade: '2' });
    expect(g.view.log.at(-1)!.text.params).toEqual({ cards: 4 });
  });

  it('a search left unfinished: the servant goes (its Court card back into the pack)', () => {
    const g = part2().move({ kind: 'search', by: 'scarlett', room: 'hall', court: 'K' }).move({ kind: 'leave', by: 'scarlett' });
    expect(lastLog(g)).toEqual(['servantGone']);
    expect(row(g, 'scarlett').searching).toBeNull();
  });
});

describe('the last dice', () => {
  it('stay on the table until the next move, then go', () => {
    const g = part2();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' }).move({ kind: 'attack', by: 'scarlett', target: 'mustard', dice: { by: 2 } });
    expect(boardIn(g).roll?.title.key).toBe('kkd:roll.attack');
    g.move(END);
    expect(boardIn(g).roll).toBeNull();
    expect(state(g).roll).toBeNull();
  });

  it('each new roll has a new number, even after the table was cleared', () => {
    const g = game(3).move({ kind: 'roll', count: 2 });
    const first = boardIn(g).roll!.n;
    g.move(END).move({ kind: 'roll', count: 1 });
    expect(boardIn(g).roll!.n).toBeGreaterThan(first);
  });

  it('Part 2’s dice wait behind the pass-and-peek of the objectives', () => {
    const g = toScoring(game(3), 'white', false, [[['10', '10', '3'], []], [['10', '5', '3'], []], [['A', '8', '3'], []]]);
    g.move({ kind: 'part2', objectives: 'app' });
    const rolled = boardIn(g).roll;
    expect(rolled?.title.key).toBe('kkd:roll.part2');
    for (const by of ['scarlett', 'mustard', 'white'] as const) g.move({ kind: 'seen', by });
    expect(boardIn(g).roll).toEqual(rolled);
    g.move({ kind: 'enter', by: boardIn(g).turn.who, room: 'hall' });
    expect(boardIn(g).roll).toBeNull();
  });
});
