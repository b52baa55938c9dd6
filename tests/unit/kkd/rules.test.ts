/**
 * Killer Kloo Doo's rules move by move: set-up, the deal, who starts, turns and missed turns,
 * rooms and playing cards, contests, the accusation and the Part 1 scores, then Part 2's
 * Survival Points, weapons, attacks, Assault & Battery, healing, poison, servants, each kind of
 * objective, the staircase and the last one standing.
 */
import { describe, expect, it } from 'vitest';
import { dealFor, validateSetup, type KkdMove } from '../../../src/lib/games/kkd';
import { CARDS } from '../../../src/lib/games/cluedo-cards';
import { boardIn, END, game, keyOf, lastLog, row, setupFor, sp, state, toPart2, toScoring } from './fixture';

describe('set-up', () => {
  it('takes 2 to 6 players, each with a different character, an edition, and who starts', () => {
    for (const n of [2, 3, 4, 5, 6]) expect(validateSetup(setupFor(n))).toEqual([]);
    expect(validateSetup(setupFor(3, 'roll'))).toEqual([]);
    const keys = (s: ReturnType<typeof setupFor>) => validateSetup(s).map((p) => p.text.key.replace('kkd:setup.errors.', ''));
    expect(keys(setupFor(1))).toContain('playerCount');
    expect(keys({ ...setupFor(6), players: [...setupFor(6).players, { id: 'p7', name: 'Gosia', seat: 6 }] })).toContain('playerCount');
    expect(keys({ ...setupFor(3), characters: { p1: 'plum', p2: 'plum', p3: 'white' } })).toEqual(['characterTwice']);
    expect(keys({ ...setupFor(3), characters: { p1: 'plum', p2: 'mustard' } })).toEqual(['noCharacter']);
    expect(keys({ ...setupFor(3), characters: { p1: 'plum', p2: 'mustard', p3: 'body' as never } })).toEqual(['noCharacter']);
    expect(keys({ ...setupFor(3), edition: 'fr' as never })).toEqual(['edition']);
    expect(keys({ ...setupFor(3), first: 'p9' })).toEqual(['first']);
  });

  it('says what to deal by player count, after three cards go in the envelope', () => {
    expect([2, 3, 4, 5, 6].map(dealFor)).toEqual([
      { hand: 8, middle: 2 },
      { hand: 5, middle: 3 },
      { hand: 4, middle: 2 },
      { hand: 3, middle: 3 },
      { hand: 2, middle: 6 }
    ]);
    for (const n of [2, 3, 4, 5, 6]) expect(n * dealFor(n)!.hand + dealFor(n)!.middle + 3).toBe(21);
    expect(boardIn(game(4)).deal).toEqual({ hand: 4, middle: 2 });
  });

  it('starts with the player the table names, or rolls a die each, the highest first and ties again', () => {
    expect(boardIn(game(3, 7, 'p2')).turn.name).toBe('Bartek');
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const g = game(4, seed, 'roll');
      const roll = boardIn(g).roll!;
      const firstRound = roll.lines.slice(0, 4).map((l) => l.dice[0]);
      const high = Math.max(...firstRound);
      const winner = boardIn(g).turn.who;
      const lastRound = roll.lines.slice(-roll.lines.filter((l) => l.label.key === roll.lines.at(-1)!.label.key).length);
      // The winner rolled the highest in the first round and alone in the last.
      expect(firstRound[['scarlett', 'mustard', 'white', 'green'].indexOf(winner)]).toBe(high);
      const top = Math.max(...lastRound.map((l) => l.dice[0]));
      expect(lastRound.filter((l) => l.dice[0] === top)).toHaveLength(1);
      // The same seed rolls the same dice.
      expect(boardIn(game(4, seed, 'roll')).roll).toEqual(roll);
    }
  });
});

describe('turns', () => {
  it('go clockwise; an Ace makes the target miss their next turn once, and Lantern says so', () => {
    const g = game(3);
    g.move({ kind: 'ace', by: 'scarlett', target: 'mustard' });
    expect(row(g, 'mustard').miss).toBe(1);
    g.move(END);
    expect(boardIn(g).turn.name).toBe('Celina');
    expect(lastLog(g, 2)).toEqual(['missesTurn', 'turn']);
    expect(row(g, 'mustard').miss).toBe(0);
    g.move(END).move(END);
    expect(boardIn(g).turn.name).toBe('Bartek');
  });

  it('a second Ace before the missed turn is refused, unless the players overrule: then two turns are missed', () => {
    const g = game(3);
    g.move({ kind: 'ace', by: 'scarlett', target: 'mustard' });
    expect(keyOf(() => g.move({ kind: 'ace', by: 'white', target: 'mustard' }))).toBe('kkd:rules.alreadyMisses');
    g.move({ kind: 'ace', by: 'white', target: 'mustard', overrule: true });
    expect(lastLog(g, 2)).toEqual(['overruled', 'drug']);
    g.move(END).move(END).move(END);
    expect(boardIn(g).turn.name).toBe('Celina');
    g.move(END);
    expect(boardIn(g).turn.name).toBe('Ania');
    g.move(END);
    expect(boardIn(g).turn.name).toBe('Bartek');
  });

  it('a non-player character takes no turns to miss', () => {
    expect(keyOf(() => game(3).move({ kind: 'ace', by: 'scarlett', target: 'plum' }))).toBe('kkd:refused.npcNoTurn');
  });

  it('draws a playing card on entering a room, not the same room again without another between', () => {
    const g = game(3);
    g.move({ kind: 'enter', by: 'scarlett', room: 'kitchen' });
    expect(lastLog(g)).toEqual(['enterDraw']);
    g.move({ kind: 'enter', by: 'scarlett', room: 'kitchen' });
    expect(lastLog(g)).toEqual(['enterNoDraw']);
    g.move({ kind: 'enter', by: 'scarlett', room: 'hall' }).move({ kind: 'enter', by: 'scarlett', room: 'kitchen' });
    expect(lastLog(g)).toEqual(['enterDraw']);
    expect(row(g, 'scarlett').lastRoom).toBe('kitchen');
  });
});

describe('Part 1 contests', () => {
  const contest = (extra: Partial<Extract<KkdMove, { kind: 'contest' }>>): KkdMove =>
    ({ kind: 'contest', contest: 'persuasion', by: 'scarlett', target: 'mustard', cards: { by: '9', target: '8' }, ...extra }) as KkdMove;

  it('the higher card wins, Persuasion and Aggression alike', () => {
    expect(lastLog(game(3).move(contest({})))).toEqual(['persuasionWon']);
    expect(lastLog(game(3).move(contest({ contest: 'aggression', cards: { by: '10', target: 'J' } })))).toEqual(['aggressionLost']);
    expect(lastLog(game(3).move(contest({ cards: { by: 'A', target: 'K' } })))).toEqual(['persuasionWon']);
  });

  it('a tie: the defender holds, unless the players overrule', () => {
    const g = game(3).move(contest({ cards: { by: 'Q', target: 'Q' } }));
    expect(lastLog(g)).toEqual(['persuasionTie']);
    expect(keyOf(() => g.move(contest({ cards: { by: 'Q', target: 'Q' }, result: 'by' })))).toBe('kkd:rules.tieHolds');
    g.move(contest({ cards: { by: 'Q', target: 'Q' }, result: 'by', overrule: true }));
    expect(lastLog(g, 2)).toEqual(['overruled', 'persuasionWon']);
  });

  it('against a non-player character the top card of the pack counts, named in the npc form', () => {
    const g = game(3).move(contest({ target: 'plum', cards: { by: '5', target: 'K' } }));
    expect(g.view.log.at(-1)!.text).toEqual({ key: 'kkd:log.persuasionLost', params: { name: 'Ania', target: '', targetCard: 'plum', context: 'npc', a: 5, b: 15 } });
  });

  it('refuses a contest with oneself or a malformed card', () => {
    expect(keyOf(() => game(3).move(contest({ target: 'scarlett' })))).toBe('kkd:refused.self');
    expect(keyOf(() => game(3).move(contest({ cards: { by: '1' as never, target: '8' } })))).toBe('kkd:refused.card');
  });
});

describe('the accusation and the Part 1 scores', () => {
  it('ends Part 1 either way; the scores are Hearts + Diamonds ± the accusation', () => {
    const g = game(3);
    g.move({ kind: 'accuse', by: 'mustard', right: true });
    expect(boardIn(g).part).toBe('scoring');
    expect(keyOf(() => g.move(END))).toBe('kkd:refused.not_part1');
    g.move({ kind: 'score', by: 'scarlett', hearts: ['A', '3'], diamonds: ['K'] });
    g.move({ kind: 'score', by: 'mustard', hearts: ['2'], diamonds: [] });
    g.move({ kind: 'score', by: 'white', hearts: [], diamonds: ['Q', 'J', '10'] });
    expect(['scarlett', 'mustard', 'white'].map((id) => row(g, id as never).part1)).toEqual([38, 62, 35]);
    expect(boardIn(g).leaders).toEqual({ score: 62, who: ['mustard'] });
    // Entered again: the later entry counts.
    g.move({ kind: 'score', by: 'white', hearts: ['A', 'A'], diamonds: ['Q', 'J', '10'] });
    expect(row(g, 'white').part1).toBe(75);
  });

  it('a wrong accusation costs 20 and can leave a score below zero', () => {
    const g = toScoring(game(2), 'scarlett', false, [[['4'], []], [['5'], []]]);
    expect(row(g, 'scarlett').part1).toBe(-16);
  });

  it('the table may stop after Part 1: the highest score wins, equal scores share', () => {
    const g = toScoring(game(3), 'scarlett', true, [[[], []], [['A', 'A', 'A'], []], [['8'], []]]);
    g.move({ kind: 'stop' });
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'part1', winners: ['p1', 'p2'], reason: { key: 'kkd:end.part1Tie' } });
  });

  it('asks for every player’s cards first, unless the players overrule (missing cards count nothing)', () => {
    const g = game(2).move({ kind: 'accuse', by: 'scarlett', right: false });
    g.move({ kind: 'score', by: 'scarlett', hearts: ['5'], diamonds: [] });
    expect(keyOf(() => g.move({ kind: 'stop' }))).toBe('kkd:rules.unscored');
    g.move({ kind: 'stop', overrule: true });
    expect(g.view.outcome).toMatchObject({ winner: 'part1', winners: ['p2'] });
  });
});

describe('Part 2: Survival Points', () => {
  it('Part 1 score + 2d6 for players, 2d6 alone for the non-player characters', () => {
    const g = toScoring(game(3), 'scarlett', true, [[['2'], []], [['5'], ['5']], [[], []]]);
    toPart2(g, { scarlett: [1, 2], mustard: [6, 6], white: [2, 2], plum: [5, 1] });
    expect(['scarlett', 'mustard', 'white', 'plum', 'green'].map((id) => sp(g, id as never))).toEqual([65, 22, 4, 6, 7]);
    expect(boardIn(g).part).toBe('part2');
    expect(boardIn(g).turn.name).toBe('Ania');
    expect(row(g, 'scarlett').lastRoom).toBe('study');
  });

  it('rolled by Lantern from the game’s seed: the same seed rolls the same dice', () => {
    const roll = (seed: number) => {
      const g = toScoring(game(3, seed), 'scarlett', true, [[[], []], [[], []], [[], []]]);
      g.move({ kind: 'part2', objectives: 'physical' });
      return boardIn(g);
    };
    const a = roll(11);
    expect(a.roll!.lines.slice(0, 6).map((l) => l.total)).toEqual(a.characters.map((c) => c.sp));
    expect(a.roll!.lines[0].plus).toBe(60);
    expect(a.roll!.lines[0].total).toBe(60 + a.roll!.lines[0].dice[0] + a.roll!.lines[0].dice[1]);
    expect(roll(11)).toEqual(a);
    expect(roll(12).roll).not.toEqual(a.roll);
  });

  it('at zero or less a character is dead from the start', () => {
    const g = toScoring(game(3), 'scarlett', false, [[[], []], [[], []], [[], []]]);
    toPart2(g, { scarlett: [1, 1] });
    expect(row(g, 'scarlett')).toMatchObject({ sp: -18, alive: false });
    // The named first player is dead: the next living one clockwise starts.
    expect(boardIn(g).turn.name).toBe('Bartek');
    g.move(END).move(END);
    expect(boardIn(g).turn.name).toBe('Bartek');
  });

  it('one player alive at the start wins at once', () => {
    const g = toScoring(game(2), 'scarlett', false, [[[], []], [['A'], []]]);
    toPart2(g, { scarlett: [2, 3] });
    expect(g.view.outcome).toMatchObject({ winner: 'lastStanding', winners: ['p2'] });
  });
});

/**
 * A 3-player game in Part 2, Survival Points 30, 25 and 18 (the non-player characters 7), the
 * objectives dealt and seen round the table or drawn from the cards.
 */
function part2Simple(objectives: 'app' | 'physical' = 'physical', seed = 7) {
  const g = toScoring(game(3, seed), 'white', false, [[['10', '10', '3'], []], [['10', '5', '3'], []], [['A', '8', '3'], []]]);
  // Scores 23, 18, 11 (White's accusation −20); with 3 + 4 each: 30, 25, 18.
  toPart2(g, {}, { objectives });
  while (boardIn(g).objectives?.seeing) g.move({ kind: 'seen', by: boardIn(g).objectives!.seeing!.who });
  return g;
}

describe('Part 2: weapons and attacks', () => {
  it('one weapon at a time: taking another leaves the first; taking a held one takes it from its holder', () => {
    const g = part2Simple();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' });
    g.move({ kind: 'take', by: 'scarlett', weapon: 'revolver' });
    expect(lastLog(g, 2)).toEqual(['leavesWeapon', 'take']);
    expect(boardIn(g).weapons.find((w) => w.id === 'rope')!.holder).toBeNull();
    g.move({ kind: 'take', by: 'mustard', weapon: 'revolver' });
    expect(row(g, 'scarlett').weapon).toBeNull();
    expect(row(g, 'mustard').weapon).toBe('revolver');
    expect(lastLog(g)).toEqual(['takeFrom']);
  });

  it('a weapon attack takes die × multiplier off the victim', () => {
    const g = part2Simple();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'dagger' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', dice: { by: 3 } });
    expect(sp(g, 'mustard')).toBe(25 - 15);
    const roll = boardIn(g).roll!;
    expect(roll).toMatchObject({ entered: true, title: { key: 'kkd:roll.attack' }, lines: [{ dice: [3], times: 5, total: 15 }] });
    expect(roll.result).toEqual({ key: 'kkd:roll.loses', params: { target: 'Bartek', damage: 15 } });
  });

  it('Lantern rolls when the table does not, from the seed: undo and replay roll the same', () => {
    const g = part2Simple();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'candlestick' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'plum' });
    const die = boardIn(g).roll!.lines[0].dice[0];
    expect(sp(g, 'plum')).toBe(7 - die * 2);
    const before = JSON.stringify(g.view);
    g.undo();
    expect(sp(g, 'plum')).toBe(7);
    g.move({ kind: 'attack', by: 'scarlett', target: 'plum' });
    expect(JSON.stringify(g.view)).toBe(before);
    expect(JSON.stringify(g.def.view(g.replayed()))).toBe(before);
  });

  it('needs a weapon; a counter-attack needs the target’s', () => {
    const g = part2Simple();
    expect(keyOf(() => g.move({ kind: 'attack', by: 'scarlett', target: 'mustard' }))).toBe('kkd:refused.attackNeedsWeapon');
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' });
    expect(keyOf(() => g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', counter: true }))).toBe('kkd:refused.noCounter');
  });

  it('a counter-attack: both roll, the loser loses the difference, equal scores hurt nobody', () => {
    const g = part2Simple();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' }).move({ kind: 'take', by: 'mustard', weapon: 'leadPiping' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', counter: true, dice: { by: 5, target: 2 } });
    expect([sp(g, 'scarlett'), sp(g, 'mustard')]).toEqual([30, 25 - 10]);
    g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', counter: true, dice: { by: 1, target: 4 } });
    expect([sp(g, 'scarlett'), sp(g, 'mustard')]).toEqual([30 - 16, 15]);
    g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', counter: true, dice: { by: 5, target: 4 } });
    expect([sp(g, 'scarlett'), sp(g, 'mustard')]).toEqual([14, 15]);
    expect(boardIn(g).roll!.result).toEqual({ key: 'kkd:roll.noDamage' });
  });

  it('at zero Survival Points the victim dies, drops their weapon and is out of the turns', () => {
    const g = part2Simple();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'revolver' }).move({ kind: 'take', by: 'white', weapon: 'rope' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'white', dice: { by: 3 } });
    expect(row(g, 'white')).toMatchObject({ sp: 0, alive: false, weapon: null });
    expect(lastLog(g, 3)).toEqual(['hurt', 'dies', 'peopleHint']);
    expect(keyOf(() => g.move({ kind: 'attack', by: 'scarlett', target: 'white', dice: { by: 3 } }))).toBe('kkd:refused.dead');
    expect(keyOf(() => g.move({ kind: 'heal', by: 'white', card: '5' }))).toBe('kkd:refused.dead');
    g.move(END).move(END);
    expect(boardIn(g).turn.name).toBe('Ania');
  });
});

describe('Part 2: Assault & Battery, healing, poison', () => {
  it('Clubs totalled: the target loses the difference only when the attacker’s total is higher', () => {
    const g = part2Simple();
    g.move({ kind: 'assault', by: 'scarlett', target: 'mustard', clubs: { by: ['K', '4'], target: ['10'] } });
    expect(sp(g, 'mustard')).toBe(25 - 9);
    g.move({ kind: 'assault', by: 'scarlett', target: 'mustard', clubs: { by: ['4'], target: ['10'] } });
    expect(sp(g, 'mustard')).toBe(16);
    expect(sp(g, 'scarlett')).toBe(30);
    g.move({ kind: 'assault', by: 'scarlett', target: 'mustard', clubs: { by: ['4'], target: [] } });
    expect(sp(g, 'mustard')).toBe(12);
  });

  it('against a non-player character the top card of the pack is the opposing Club', () => {
    const g = part2Simple();
    expect(keyOf(() => g.move({ kind: 'assault', by: 'scarlett', target: 'plum', clubs: { by: ['9'], target: [] } }))).toBe('kkd:rules.npcTopCard');
    g.move({ kind: 'assault', by: 'scarlett', target: 'plum', clubs: { by: ['9'], target: ['3'] } });
    expect(sp(g, 'plum')).toBe(1);
  });

  it('a Heart heals by its value', () => {
    const g = part2Simple();
    g.move({ kind: 'heal', by: 'white', card: 'K' });
    expect(sp(g, 'white')).toBe(18 + 15);
  });

  it('an Ace poisons: the target misses their next turn', () => {
    const g = part2Simple();
    g.move({ kind: 'ace', by: 'scarlett', target: 'mustard' });
    expect(lastLog(g)).toEqual(['poison']);
    g.move(END);
    expect(boardIn(g).turn.name).toBe('Celina');
  });

  it('a correction sets the Survival Points, killing or reviving', () => {
    const g = part2Simple();
    g.move({ kind: 'adjust', target: 'white', delta: -18 });
    expect(row(g, 'white').alive).toBe(false);
    g.move({ kind: 'adjust', target: 'white', delta: 5 });
    expect(row(g, 'white')).toMatchObject({ alive: true, sp: 5 });
  });
});

describe('Part 2: servants', () => {
  const servant = (extra: Partial<Extract<KkdMove, { kind: 'servant' }>>): KkdMove =>
    ({ kind: 'servant', service: 'lure', by: 'scarlett', target: 'mustard', court: 'J', diamonds: ['7'], spade: null, room: 'kitchen', ...extra }) as KkdMove;

  it('Lure & Misdirect and Spy: a Court card and a Diamond; the higher of the Diamond or the Spade wins, a tie holds', () => {
    expect(lastLog(part2Simple().move(servant({})), 2)).toEqual(['lureWorksNoSpade', 'servantCardsBack']);
    expect(lastLog(part2Simple().move(servant({ spade: '6' })), 2)).toEqual(['lureWorks', 'servantCardsBack']);
    expect(lastLog(part2Simple().move(servant({ spade: '7' })), 2)).toEqual(['lureFails', 'servantCardsBack']);
    expect(lastLog(part2Simple().move(servant({ service: 'spy', spade: 'Q', room: undefined })), 2)).toEqual(['spyFails', 'servantCardsBack']);
    expect(keyOf(() => part2Simple().move(servant({ court: '10' })))).toBe('kkd:refused.court');
    expect(keyOf(() => part2Simple().move(servant({ diamonds: [] })))).toBe('kkd:refused.oneDiamond');
    expect(keyOf(() => part2Simple().move(servant({ target: 'plum', spade: '2' })))).toBe('kkd:refused.npcNoSpade');
    // A tie the players rule the other way.
    const g = part2Simple();
    expect(keyOf(() => g.move(servant({ spade: '7', result: 'by' })))).toBe('kkd:rules.tieHolds');
    g.move(servant({ spade: '7', result: 'by', overrule: true }));
    expect(lastLog(g, 3)).toEqual(['overruled', 'lureWorks', 'servantCardsBack']);
  });

  it('Steal Murder Weapon: two Diamonds summed against one Spade; the weapon leaves its holder', () => {
    const g = part2Simple();
    expect(keyOf(() => g.move(servant({ service: 'steal', diamonds: ['7', '7'] })))).toBe('kkd:refused.noWeaponHeld');
    g.move({ kind: 'take', by: 'mustard', weapon: 'spanner' });
    expect(keyOf(() => g.move(servant({ service: 'steal', diamonds: ['7'] })))).toBe('kkd:refused.twoDiamonds');
    g.move(servant({ service: 'steal', diamonds: ['7', '6'], spade: 'K' }));
    expect(row(g, 'mustard').weapon).toBe('spanner');
    g.move(servant({ service: 'steal', diamonds: ['7', '9'], spade: 'K' }));
    expect(row(g, 'mustard').weapon).toBeNull();
  });
});

describe('Part 2: objectives dealt by Lantern', () => {
  it('three each from one shuffled pack of 21: all different, never the player’s own character', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const g = toScoring(game(6, seed), 'scarlett', true, Array.from({ length: 6 }, () => [['A'], []]));
      g.move({ kind: 'part2', objectives: 'app' });
      const secret = boardIn(g).secret;
      const all = Object.values(secret).flat();
      expect(Object.keys(secret)).toHaveLength(6);
      expect(new Set(all).size).toBe(18);
      for (const id of all) expect(CARDS).toContain(id);
      for (const [who, cards] of Object.entries(secret)) expect(cards).not.toContain(who);
    }
  });

  it('go round the table by pass-and-peek before anything else happens', () => {
    const g = toScoring(game(3), 'scarlett', true, [[['A'], []], [['A'], []], [['A'], []]]);
    g.move({ kind: 'part2', objectives: 'app', first: 'mustard' });
    expect(boardIn(g).objectives!.seeing).toMatchObject({ who: 'scarlett', name: 'Ania', index: 1, total: 3 });
    expect(keyOf(() => g.move(END))).toBe('kkd:refused.dealing');
    expect(keyOf(() => g.move({ kind: 'seen', by: 'mustard' }))).toBe('kkd:refused.notTheirTurnToSee');
    g.move({ kind: 'seen', by: 'scarlett' }).move({ kind: 'seen', by: 'mustard' });
    expect(boardIn(g).objectives!.seeing).toMatchObject({ who: 'white', index: 3, total: 3 });
    g.move({ kind: 'seen', by: 'white' });
    expect(boardIn(g).objectives!.seeing).toBeNull();
    g.move(END);
    expect(boardIn(g).turn.name).toBe('Celina');
    // The log names no objective: no line of it names a clue card but the characters' own.
    expect(g.view.log.filter((l) => l.text.params && 'card' in l.text.params)).toEqual([]);
  });

  /** A 3-player game whose objectives Lantern dealt, with the seed's deal. */
  function dealt(seed: number) {
    const g = part2Simple('app', seed);
    return { g, secret: boardIn(g).secret };
  }

  it('People: done when the target dies, whoever kills them', () => {
    for (let seed = 1; seed < 200; seed++) {
      const { g, secret } = dealt(seed);
      // Ania must kill Celina; Bartek does it for her.
      if (!secret.scarlett!.includes('white')) continue;
      g.move({ kind: 'take', by: 'mustard', weapon: 'revolver' });
      g.move({ kind: 'attack', by: 'mustard', target: 'white', dice: { by: 3 } });
      expect(row(g, 'white').alive).toBe(false);
      expect(row(g, 'scarlett').done).toEqual(['white']);
      expect(lastLog(g, 3)).toEqual(['hurt', 'dies', 'objectiveDone']);
      return;
    }
    throw new Error('no seed gave Ania a People objective');
  });

  it('Weapon: cleaned in the Kitchen, then thrown out from the Hall, and the weapon leaves the game', () => {
    for (let seed = 1; seed < 200; seed++) {
      const { g, secret } = dealt(seed);
      const weapon = secret.scarlett!.find((c) => ['candlestick', 'dagger', 'leadPiping', 'revolver', 'rope', 'spanner'].includes(c)) as never;
      if (!weapon) continue;
      const other = ['candlestick', 'dagger', 'leadPiping', 'revolver', 'rope', 'spanner'].find((w) => w !== weapon) as never;
      expect(keyOf(() => g.move({ kind: 'clean', by: 'scarlett', weapon: other }))).toBe('kkd:refused.notObjective');
      expect(keyOf(() => g.move({ kind: 'clean', by: 'scarlett', weapon }))).toBe('kkd:rules.notHeld');
      g.move({ kind: 'take', by: 'scarlett', weapon });
      expect(keyOf(() => g.move({ kind: 'throwOut', by: 'scarlett', weapon }))).toBe('kkd:rules.notClean');
      g.move({ kind: 'clean', by: 'scarlett', weapon });
      expect(row(g, 'scarlett').cleaned).toEqual([weapon]);
      g.move({ kind: 'throwOut', by: 'scarlett', weapon });
      expect(row(g, 'scarlett')).toMatchObject({ done: [weapon], weapon: null, cleaned: [] });
      expect(boardIn(g).weapons.find((w) => w.id === weapon)!.thrown).toBe(true);
      expect(keyOf(() => g.move({ kind: 'take', by: 'mustard', weapon }))).toBe('kkd:refused.thrown');
      return;
    }
    throw new Error('no seed gave Ania a Weapon objective');
  });

  it('Location: a Court card in the room, then 2d6 ≥ 7; a failure keeps trying; leaving loses the servant', () => {
    for (let seed = 1; seed < 200; seed++) {
      const { g, secret } = dealt(seed);
      const room = secret.scarlett!.find((c) => ['kitchen', 'ballroom', 'conservatory', 'diningRoom', 'billiardRoom', 'library', 'lounge', 'hall', 'study'].includes(c)) as never;
      if (!room) continue;
      expect(keyOf(() => g.move({ kind: 'searchRoll', by: 'scarlett', dice: [6, 6] }))).toBe('kkd:rules.noServant');
      expect(keyOf(() => g.move({ kind: 'search', by: 'scarlett', room, court: '9' }))).toBe('kkd:refused.court');
      g.move({ kind: 'search', by: 'scarlett', room, court: 'Q' });
      g.move({ kind: 'searchRoll', by: 'scarlett', dice: [2, 4] });
      expect(row(g, 'scarlett')).toMatchObject({ searching: room, done: [] });
      expect(boardIn(g).roll!.result!.key).toBe('kkd:roll.searchAgain');
      const elsewhere = room === 'hall' ? 'kitchen' : 'hall';
      g.move({ kind: 'enter', by: 'scarlett', room: elsewhere });
      expect(row(g, 'scarlett').searching).toBeNull();
      expect(lastLog(g)).toEqual(['servantGone']);
      g.move({ kind: 'search', by: 'scarlett', room, court: 'K' });
      g.move({ kind: 'searchRoll', by: 'scarlett', dice: [3, 4] });
      expect(row(g, 'scarlett')).toMatchObject({ searching: null, done: [room] });
      return;
    }
    throw new Error('no seed gave Ania a Location objective');
  });
});

describe('Part 2: objectives drawn from the cards', () => {
  it('turned face up one by one, each by its own way or the players’ word', () => {
    const g = part2Simple('physical');
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' }).move({ kind: 'clean', by: 'scarlett', weapon: 'rope' }).move({ kind: 'throwOut', by: 'scarlett', weapon: 'rope' });
    g.move({ kind: 'search', by: 'scarlett', room: 'library', court: 'J' }).move({ kind: 'searchRoll', by: 'scarlett', dice: [6, 1] });
    expect(row(g, 'scarlett').done).toEqual(['rope', 'library']);
    // Nobody else can have turned up the same card.
    expect(keyOf(() => g.move({ kind: 'search', by: 'mustard', room: 'library', court: 'J' }))).toBe('kkd:refused.doneByOther');
    // A People objective: the players say it is done once the target is dead.
    expect(keyOf(() => g.move({ kind: 'complete', by: 'scarlett', card: 'plum' }))).toBe('kkd:rules.targetAlive');
    g.move({ kind: 'adjust', target: 'plum', delta: -7 });
    expect(lastLog(g, 2)).toEqual(['dies', 'peopleHint']);
    g.move({ kind: 'complete', by: 'scarlett', card: 'plum' });
    expect(row(g, 'scarlett').done).toEqual(['rope', 'library', 'plum']);
    expect(lastLog(g)).toEqual(['allDone']);
    expect(keyOf(() => g.move({ kind: 'complete', by: 'scarlett', card: 'hall' }))).toBe('kkd:refused.allDone');
  });
});

describe('the end', () => {
  function threeDone() {
    const g = part2Simple('physical');
    g.move({ kind: 'complete', by: 'scarlett', card: 'hall', overrule: true });
    g.move({ kind: 'complete', by: 'scarlett', card: 'kitchen', overrule: true });
    expect(keyOf(() => g.move({ kind: 'staircase', by: 'scarlett' }))).toBe('kkd:rules.notAllDone');
    g.move({ kind: 'complete', by: 'scarlett', card: 'study', overrule: true });
    return g;
  }

  it('the staircase: every other living character has a turn; still there when the next turn begins, the character escapes', () => {
    const g = threeDone();
    g.move({ kind: 'staircase', by: 'scarlett' });
    expect(row(g, 'scarlett').staircase).toBe(true);
    g.move(END).move(END);
    expect(g.view.stage).toBe('play');
    g.move(END);
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'escape', winners: ['p1'], reason: { key: 'kkd:end.escape', params: { name: 'Ania' } } });
    expect(keyOf(() => g.move(END))).toBe('common:errors.answer.finished');
  });

  it('stopped on the way: lured off the staircase, or killed there', () => {
    const lured = threeDone();
    lured.move({ kind: 'staircase', by: 'scarlett' }).move(END);
    lured.move({ kind: 'servant', service: 'lure', by: 'mustard', target: 'scarlett', court: 'K', diamonds: ['9'], spade: '3', room: 'lounge' });
    expect(row(lured, 'scarlett').staircase).toBe(false);
    lured.move(END).move(END);
    expect(lured.view.stage).toBe('play');
    expect(boardIn(lured).turn.name).toBe('Ania');

    const killed = threeDone();
    killed.move({ kind: 'staircase', by: 'scarlett' }).move(END);
    killed.move({ kind: 'take', by: 'mustard', weapon: 'revolver' });
    killed.move({ kind: 'adjust', target: 'scarlett', delta: -20 });
    killed.move({ kind: 'attack', by: 'mustard', target: 'scarlett', dice: { by: 2 } });
    expect(row(killed, 'scarlett')).toMatchObject({ alive: false, staircase: false });
    killed.move(END).move(END);
    expect(killed.view.stage).toBe('play');
    expect(boardIn(killed).turn.name).toBe('Bartek');
  });

  it('a poisoned escapee misses the turn that would have begun on the staircase: another round for the others', () => {
    const g = threeDone();
    g.move({ kind: 'staircase', by: 'scarlett' }).move(END);
    g.move({ kind: 'ace', by: 'mustard', target: 'scarlett' });
    g.move(END).move(END);
    expect(g.view.stage).toBe('play');
    expect(boardIn(g).turn.name).toBe('Bartek');
    g.move(END).move(END);
    expect(g.view.outcome).toMatchObject({ winner: 'escape', winners: ['p1'] });
  });

  it('the last player character standing wins; the non-player characters do not count', () => {
    const g = part2Simple();
    g.move({ kind: 'adjust', target: 'mustard', delta: -100 });
    expect(g.view.stage).toBe('play');
    g.move({ kind: 'take', by: 'scarlett', weapon: 'revolver' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'white', dice: { by: 6 } });
    expect(g.view.outcome).toMatchObject({ winner: 'lastStanding', winners: ['p1'], reason: { key: 'kkd:end.lastStanding', params: { name: 'Ania' } } });
    expect(row(g, 'plum').alive).toBe(true);
  });

  it('a counter-attack can kill the attacker', () => {
    const g = part2Simple();
    g.move({ kind: 'adjust', target: 'mustard', delta: -100 });
    g.move({ kind: 'take', by: 'white', weapon: 'candlestick' }).move({ kind: 'take', by: 'scarlett', weapon: 'revolver' });
    g.move({ kind: 'attack', by: 'white', target: 'scarlett', counter: true, dice: { by: 1, target: 6 } });
    expect(sp(g, 'white')).toBe(18 - 34);
    expect(g.view.outcome).toMatchObject({ winner: 'lastStanding', winners: ['p1'] });
  });
});

describe('the state stays plain data', () => {
  it('survives JSON and restores the same view', () => {
    const g = part2Simple('app');
    g.move({ kind: 'roll', count: 2 });
    const before = JSON.stringify(g.view);
    g.reload();
    expect(JSON.stringify(g.view)).toBe(before);
    expect(state(g).rng).toHaveLength(4);
  });
});
