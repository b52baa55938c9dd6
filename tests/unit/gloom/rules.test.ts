/**
 * Cthulhu Gloom's rules: the cardinal rule (what shows through a pile), Self-Worth, the death
 * rule, Stories and their family requirement, turns, the end and the Family Values.
 */
import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '../../../src/lib/engine/session';
import { boardOf, CARDS, cardsOf, findCard, searchCards, validateSetup, visible, type PlayedCard } from '../../../src/lib/games/gloom';
import { death, END, game, mod, print, setupFor } from './fixture';

const card = (uid: number, p: ReturnType<typeof print>): PlayedCard => ({ uid, name: `c${uid}`, type: 'modifier', print: p });
const row = (g: ReturnType<typeof game>, id: string) => boardOf(g.view).families.flatMap((f) => f.characters).find((c) => c.id === id)!;
const refusal = (f: () => unknown): RejectedEvent => {
  try {
    f();
  } catch (e) {
    if (e instanceof RejectedEvent) return e;
    throw e;
  }
  throw new Error('the move was accepted');
};

describe('the card list', () => {
  it('holds the counts the sheet gives: 20 Characters, 54 Modifiers, 11 Events, 20 Untimely Deaths, 5 Stories', () => {
    expect(CARDS).toHaveLength(110);
    expect([cardsOf('character').length, cardsOf('modifier').length, cardsOf('event').length, cardsOf('death').length, cardsOf('story').length]).toEqual([20, 54, 11, 20, 5]);
    expect(new Set(CARDS.map((c) => c.name)).size).toBe(110);
  });

  it('finds a card however its quotes and case are typed, and searches by words', () => {
    expect(findCard('said "hastur" thrice')?.name).toBe('Said “Hastur” Thrice');
    expect(findCard("perused pickman's portfolio")?.type).toBe('modifier');
    expect(searchCards('shog').map((c) => c.name)).toEqual(['Was Crushed By A Shoggoth']);
    expect(searchCards('was', ['death'])[0].name.startsWith('Was')).toBe(true);
    expect(searchCards('the festival')[0].name).toBe('The Festival');
  });
});

describe('the cardinal rule: what shows through a pile', () => {
  it('takes each space from the topmost card that prints something there', () => {
    const pile = [card(1, print(-10, 5, null, 'magic')), card(2, print(null, -5, null, null)), card(3, print(null, null, 10, 'romance'))];
    expect(visible(pile)).toEqual({ pathos: [-10, -5, 10], icon: 'romance' });
  });

  it('uncovers a space when nothing above prints there, and a blank block hides the icon below', () => {
    const pile = [card(1, print(-20, null, null, 'horror')), card(2, print(null, 10, null, 'blank'))];
    expect(visible(pile)).toEqual({ pathos: [-20, 10, null], icon: 'blank' });
    expect(visible([...pile, card(3, print(null, null, null, 'madness'))]).icon).toBe('madness');
  });

  it('sums the visible Pathos as Self-Worth on the scoreboard, covered values ignored', () => {
    const g = game(2);
    g.move(mod('p1.1', 'Delved Too Deep', print(-10, null, null, 'magic')));
    g.move(mod('p1.1', 'Was Stalked By Shadows', print(-15, 5, null)));
    expect(row(g, 'p1.1').worth).toBe(-10);
    expect(row(g, 'p1.1').shows).toEqual({ pathos: [-15, 5, null], icon: 'magic' });
  });

  it('moves a Modifier with an Event: it lands on top over there and uncovers its old spaces', () => {
    const g = game(2);
    g.move(mod('p1.1', 'Delved Too Deep', print(-10, null, null)));
    g.move(mod('p1.1', 'Was Stalked By Shadows', print(-15, null, null, 'horror')));
    g.move(END);
    g.move(mod('p2.1', 'Loved A Librarian', print(20, null, null, 'romance')));
    const moved = row(g, 'p1.1').pile[1].uid;
    g.move({ kind: 'event', card: 'Yithian Hijinks', effect: { kind: 'moveModifier', from: 'p1.1', uid: moved, to: 'p2.1' } });
    expect(row(g, 'p1.1').worth).toBe(-10);
    expect(row(g, 'p1.1').shows.icon).toBeNull();
    expect(row(g, 'p2.1').worth).toBe(-15);
    expect(row(g, 'p2.1').shows.icon).toBe('horror');
    expect(g.view.log.at(-1)!.text).toMatchObject({ key: 'gloom:log.eventMove', params: { modifier: 'Was Stalked By Shadows', from: 'Herbert West', to: 'Wilbur Whately' } });
  });

  it('quick mode adjusts Self-Worth directly, logged', () => {
    const g = game(2);
    g.move({ kind: 'adjust', character: 'p1.2', delta: -25 });
    expect(row(g, 'p1.2').worth).toBe(-25);
    expect(g.view.log.at(-1)!.text).toMatchObject({ key: 'gloom:log.adjust', params: { delta: '-25', worth: -25 } });
    // Quick mode is bookkeeping, not one of the turn's plays.
    expect(boardOf(g.view).turn.plays).toBe(0);
  });
});

describe('Modifiers and Untimely Deaths', () => {
  it('refuses a death on a character whose Self-Worth is not negative, and lets the players overrule it, logged', () => {
    const g = game(2);
    const e = refusal(() => g.move(death('p1.1', 'Wasted Away')));
    expect(e.text).toMatchObject({ key: 'gloom:rules.deathNotNegative', params: { worth: 0 } });
    expect(e.overrulable).toBe(true);
    expect(row(g, 'p1.1').alive).toBe(true);
    g.move(death('p1.1', 'Wasted Away', { overrule: true }));
    expect(row(g, 'p1.1').alive).toBe(false);
    expect(g.view.log.at(-2)!.text).toMatchObject({ key: 'gloom:log.overruled', params: { rule: 'deathNotNegative' } });
  });

  it('allows an Untimely Death only as the first play, or as a free play', () => {
    const g = game(2);
    g.move({ kind: 'adjust', character: 'p1.1', delta: -5 });
    g.move(mod('p1.2', 'Delved Too Deep', print(-10, null, null)));
    expect(refusal(() => g.move(death('p1.1', 'Wasted Away'))).text.key).toBe('gloom:rules.deathFirstPlay');
    g.move(death('p1.1', 'Wasted Away', { free: true }));
    expect(row(g, 'p1.1').alive).toBe(false);
    expect(g.view.log.at(-1)!.text.key).toBe('gloom:log.deathFree');
  });

  it('freezes a dead character: no Modifier on it, its Modifiers stay', () => {
    const g = game(2);
    g.move(mod('p1.1', 'Delved Too Deep', print(-10, null, null)));
    g.move(END).move(END);
    g.move(death('p1.1', 'Was Taken To Yuggoth'));
    expect(refusal(() => g.move(mod('p1.1', 'Fled Frantically', print(5, null, null)))).text.key).toBe('gloom:rules.modifierOnDead');
    const uid = row(g, 'p1.1').pile[0].uid;
    expect(refusal(() => g.move({ kind: 'event', card: 'Yithian Hijinks', effect: { kind: 'moveModifier', from: 'p1.1', uid, to: 'p1.2' } })).text.key).toBe('gloom:rules.frozen');
    expect(refusal(() => g.move(death('p1.1', 'Wasted Away', { free: true }))).overrulable).toBe(false);
  });

  it('brings a character back from the dead with an Event: its death is taken off', () => {
    const g = game(2);
    g.move(mod('p1.1', 'Delved Too Deep', print(-10, null, null)));
    g.move(END).move(END);
    g.move(death('p1.1', 'Was Taken To Yuggoth'));
    g.move({ kind: 'event', card: 'Even Death May Die', effect: { kind: 'revive', character: 'p1.1' } });
    expect(row(g, 'p1.1').alive).toBe(true);
    expect(row(g, 'p1.1').pile.map((c) => c.name)).toEqual(['Delved Too Deep']);
    expect(refusal(() => g.move({ kind: 'event', card: 'Even Death May Die', effect: { kind: 'revive', character: 'p1.1' }, free: true })).text.key).toBe('gloom:refused.notDead');
  });

  it('refuses a listed card played as another type, and a third play without "free"', () => {
    const g = game(2);
    expect(refusal(() => g.move(mod('p1.1', 'Brainstorm', print(1, null, null)))).text).toMatchObject({ key: 'gloom:refused.wrongType', params: { type: 'event' } });
    g.move({ kind: 'discard' }).move({ kind: 'pass' });
    const e = refusal(() => g.move(mod('p1.1', 'Fled Frantically', print(5, null, null))));
    expect(e.text.key).toBe('gloom:rules.twoPlaysMade');
    g.move(mod('p1.1', 'Fled Frantically', print(5, null, null), { free: true }));
    expect(row(g, 'p1.1').worth).toBe(5);
  });
});

describe('Stories', () => {
  it('claims from the centre only with two characters showing a required icon', () => {
    const g = game(2);
    const e = refusal(() => g.move({ kind: 'claim', story: 'The Necronomicon' }));
    expect(e.text).toMatchObject({ key: 'gloom:rules.storyTooFew', params: { count: 0 } });
    g.move(mod('p1.1', 'Learned Loathsome Lore', print(-5, null, null, 'magic')));
    g.move(mod('p1.2', 'Had Hideous Hallucinations', print(-5, null, null, 'madness')));
    g.move(END).move(END);
    g.move({ kind: 'claim', story: 'The Necronomicon' });
    expect(boardOf(g.view).stories[0].holder).toBe('p1');
    expect(boardOf(g.view).families[0].story).toBe('The Necronomicon');
  });

  it('takes a Story from a player only with more such characters than they have', () => {
    const g = game(2);
    g.move(mod('p1.1', 'Learned Loathsome Lore', print(-5, null, null, 'magic')));
    g.move(mod('p1.2', 'Had Hideous Hallucinations', print(-5, null, null, 'madness')));
    g.move(END);
    g.move(mod('p2.1', 'Researched a Ritual', print(-5, null, null, 'magic')));
    g.move(mod('p2.2', 'Was Delirious For Days', print(-5, null, null, 'madness')));
    g.move(END);
    g.move({ kind: 'claim', story: 'The Necronomicon' });
    g.move(END);
    expect(refusal(() => g.move({ kind: 'claim', story: 'The Necronomicon' })).text).toMatchObject({ key: 'gloom:rules.storyNotMore', params: { count: 2, theirs: 2 } });
    g.move(mod('p2.3', 'Touched The Trapezohedron', print(-5, null, null, 'magic')));
    g.move({ kind: 'claim', story: 'The Necronomicon' });
    expect(boardOf(g.view).stories[0].holder).toBe('p2');
    expect(g.view.log.at(-1)!.text).toMatchObject({ key: 'gloom:log.claimFrom', params: { from: 'Ania' } });
  });

  it('holds one Story at a time: claiming a second returns the first to the centre', () => {
    const g = game(2);
    g.move({ kind: 'claim', story: 'The Necronomicon', overrule: true });
    g.move({ kind: 'claim', story: 'The King In Yellow', overrule: true });
    expect(boardOf(g.view).stories.map((s) => s.holder)).toEqual([null, 'p1']);
    expect(g.view.log.at(-1)!.text).toMatchObject({ key: 'gloom:log.storyReturned', params: { story: 'The Necronomicon' } });
    expect(refusal(() => g.move({ kind: 'claim', story: 'The King In Yellow', free: true })).overrulable).toBe(false);
  });

  it('counts the held Story for its holder if the game ended now', () => {
    const g = game(2);
    g.move({ kind: 'claim', story: 'The King In Yellow', overrule: true });
    expect(boardOf(g.view).families.map((f) => f.value)).toEqual([-5, 0]);
  });
});

describe('turns', () => {
  it('passes the turn clockwise, and the draw limit is the players’ to set', () => {
    const g = game(3, 7, 'p3');
    expect(boardOf(g.view).turn.name).toBe('Celina');
    g.move({ kind: 'drawLimit', player: 'p3', limit: 6 });
    g.move(END);
    expect(g.view.log.at(-2)!.text).toMatchObject({ key: 'gloom:log.drawUp', params: { name: 'Celina', count: 6 } });
    expect(boardOf(g.view).turn).toMatchObject({ number: 2, name: 'Ania', plays: 0 });
    expect(g.view.phase).toEqual({ kind: 'turn', number: 2 });
  });

  it('draws the first player with the seeded generator: the same seed, the same player', () => {
    const firsts = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => boardOf(game(4, seed, 'random').view).turn.player);
    expect(firsts).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => boardOf(game(4, seed, 'random').view).turn.player));
    expect(new Set(firsts).size).toBeGreaterThan(1);
    expect(game(4, 3, 'random').view.log[0].text.key).toBe('gloom:log.firstDrawn');
  });
});

describe('the end and the tally', () => {
  it('ends the instant the last character of a family dies, lowest Family Value wins', () => {
    const g = game(2);
    // Ania's family: four die first with −10 each (one per turn, as first play).
    for (let i = 1; i <= 5; i++) {
      g.move(mod(`p1.${i}`, 'Delved Too Deep', print(-10, null, null)));
      g.move(END);
      g.move(mod('p2.1', 'Stole From The Stacks', print(-30, null, null)));
      g.move(END);
      if (i < 5) expect(g.view.stage).toBe('play');
      g.move(death(`p1.${i}`, 'Wasted Away'));
    }
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'lowest', winners: ['p1'], reason: { key: 'gloom:end.won', params: { name: 'Ania', value: -50 } } });
    // Bartek's living character counts nothing.
    expect(boardOf(g.view).families.map((f) => f.value)).toEqual([-50, 0]);
    expect(refusal(() => g.move(END)).reason).toBe('finished');
  });

  it('keeps a tie a tie', () => {
    const g = game(2);
    for (let i = 1; i <= 5; i++) {
      g.move({ kind: 'adjust', character: `p1.${i}`, delta: -4 });
      g.move(death(`p1.${i}`, 'Wasted Away'));
      if (i === 5) break;
      g.move(END);
      g.move(END);
    }
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome!.winners).toEqual(['p1']);
    const h = game(2);
    h.move({ kind: 'adjust', character: 'p2.1', delta: -20 });
    h.move(END);
    h.move(death('p2.1', 'Wasted Away'));
    h.move(END);
    for (let i = 1; i <= 5; i++) {
      h.move({ kind: 'adjust', character: `p1.${i}`, delta: -4 });
      h.move(death(`p1.${i}`, 'Wasted Away'));
      if (i < 5) h.move(END).move(END);
    }
    expect(h.view.outcome).toMatchObject({ winner: 'tie', winners: ['p1', 'p2'], reason: { key: 'gloom:end.tied', params: { value: -20 } } });
    expect(boardOf(h.view).families.map((f) => f.place)).toEqual([1, 1]);
  });
});

describe('set-up', () => {
  it('accepts 2 to 5 players with the right family sizes', () => {
    for (const n of [2, 3, 4, 5]) expect(validateSetup(setupFor(n))).toEqual([]);
  });

  it('names each problem', () => {
    const keys = (s: ReturnType<typeof setupFor>) => validateSetup(s).map((p) => p.text.key.split('.').pop());
    const four = setupFor(4);
    four.families.p1.characters.push('Asenath Waite');
    expect(keys(four)).toContain('characterCount');
    const twice = setupFor(2);
    twice.families.p2.characters[0] = 'Herbert West';
    expect(keys(twice)).toContain('characterTwice');
    const misfit = setupFor(3);
    misfit.families.p3.family = 'misfit';
    expect(keys(misfit)).toContain('misfitOnlyFive');
    const five = setupFor(5);
    five.families.p5.family = 'innsmouth';
    expect(keys(five)).toEqual(expect.arrayContaining(['familyTwice', 'misfitNeeded']));
    const story = setupFor(2);
    story.stories = [{ name: 'Brainstorm', points: 0, requires: [] }];
    expect(keys(story)).toEqual(expect.arrayContaining(['storyCount', 'notStory']));
    expect(keys({ ...setupFor(2), players: setupFor(2).players.slice(0, 1) })).toContain('playerCount');
  });
});
