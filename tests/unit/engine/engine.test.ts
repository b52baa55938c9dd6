import { describe, expect, it } from 'vitest';
import { chance, nextInt, seedRng, shuffle } from '../../../src/lib/engine/rng';
import { apply, checkAnswer, effectiveEvents, RejectedEvent, replay, restorePlan, type LoggedEvent } from '../../../src/lib/engine/session';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { cluethulhu } from '../../../src/lib/games/cluethulhu';

describe('the seeded generator', () => {
  it('gives the same shuffle for the same seed and a different one for another seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const [a] = shuffle(seedRng(1), items);
    const [b] = shuffle(seedRng(1), items);
    const [c] = shuffle(seedRng(2), items);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
  });
  it('rolls a 75 % chance about three times in four', () => {
    let s = seedRng(99);
    let hits = 0;
    for (let i = 0; i < 4000; i++) {
      const [hit, next] = chance(s, 0.75);
      s = next;
      if (hit) hits++;
    }
    expect(hits / 4000).toBeGreaterThan(0.72);
    expect(hits / 4000).toBeLessThan(0.78);
  });
  it('draws every integer of a range', () => {
    let s = seedRng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const [n, next] = nextInt(s, 6);
      s = next;
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('answers and the log', () => {
  const spec = { kind: 'players' as const, min: 1, max: 2, candidates: ['a', 'b', 'c'] };
  it('refuses a player who is not a candidate, the same player twice, and too many', () => {
    expect(checkAnswer(spec, { kind: 'players', ids: ['a'] })).toBeNull();
    expect(checkAnswer(spec, { kind: 'players', ids: ['d'] })?.key).toBe('common:errors.answer.notCandidate');
    expect(checkAnswer(spec, { kind: 'players', ids: ['a', 'a'] })?.key).toBe('common:errors.answer.pickedTwice');
    expect(checkAnswer(spec, { kind: 'players', ids: ['a', 'b', 'c'] })).toEqual({ key: 'common:errors.answer.pickBetween', params: { min: 1, max: 2 } });
    expect(checkAnswer(spec, { kind: 'random' })?.key).toBe('common:errors.answer.noRandom');
  });
  it('refuses a tally with a negative or too large count', () => {
    const tally = { kind: 'tally' as const, options: ['a'], max: 5 };
    expect(checkAnswer(tally, { kind: 'tally', counts: { a: 6 } })?.key).toBe('common:errors.answer.countRange');
    expect(checkAnswer(tally, { kind: 'tally', counts: { a: -1 } })?.key).toBe('common:errors.answer.countRange');
  });
  it('checks a tally’s total: exactly when nobody may abstain, at most when a voter may', () => {
    const exactly = { kind: 'tally' as const, options: ['a', 'b'], max: 4, total: { rule: 'exactly' as const, n: 6 } };
    expect(checkAnswer(exactly, { kind: 'tally', counts: { a: 4, b: 2 } })).toBeNull();
    expect(checkAnswer(exactly, { kind: 'tally', counts: { a: 4, b: 1 } })).toEqual({ key: 'common:errors.answer.totalExactly', params: { total: 6, count: 5 } });
    expect(checkAnswer(exactly, { kind: 'tally', counts: { a: 4, b: 3 } })).toEqual({ key: 'common:errors.answer.totalExactly', params: { total: 6, count: 7 } });
    const atMost = { kind: 'tally' as const, options: ['a', 'b'], max: 3, total: { rule: 'atMost' as const, n: 3 } };
    expect(checkAnswer(atMost, { kind: 'tally', counts: { a: 0, b: 0 } })).toBeNull();
    expect(checkAnswer(atMost, { kind: 'tally', counts: { a: 2, b: 2 } })).toEqual({ key: 'common:errors.answer.totalAtMost', params: { total: 3, count: 4 } });
  });
  it('folds each undo into the move before it', () => {
    const next = { type: 'step.answer', answer: { kind: 'none' } } as const;
    const yes = { type: 'step.answer', answer: { kind: 'yesno', value: true } } as const;
    expect(effectiveEvents([next, yes, { type: 'undo' }, next, { type: 'undo' }, { type: 'undo' }])).toEqual([]);
    expect(effectiveEvents([next, yes, { type: 'undo' }, yes])).toEqual([next, yes]);
  });
});

describe('where an undo starts from (restorePlan)', () => {
  /** A log of moves m1, m2… and undos, written as a string: 'aab-' is a, a, b, undo. */
  const log = (text: string): LoggedEvent[] =>
    [...text].map((c, i) => (c === '-' ? { type: 'undo' } : { type: 'step.answer', answer: { kind: 'yesno', value: i % 2 === 0 } }));
  const positions = (l: LoggedEvent[], moves: LoggedEvent[]) => moves.map((m) => l.indexOf(m) + 1);

  it('starts from the nearest snapshot whose moves are all still in effect, and applies the rest', () => {
    const l = log('mmmmmm');
    expect(restorePlan(l, [2, 4])).toEqual({ from: 4, moves: [l[4], l[5]] });
    expect(restorePlan(l, [6])).toEqual({ from: 6, moves: [] });
  });

  it('applies the moves still in effect, in order, when there is no snapshot', () => {
    const l = log('mmm-mm--m');
    const plan = restorePlan(l, []);
    expect(plan.from).toBe(0);
    expect(plan.moves).toEqual(effectiveEvents(l));
    expect(positions(l, plan.moves)).toEqual([1, 2, 9]);
  });

  it('passes over a snapshot holding a move that was taken back since', () => {
    // Entry 4 is a move undone by entry 5: the snapshot after it is not the game any more.
    const l = log('mmmm-m');
    expect(restorePlan(l, [4])).toEqual({ from: 0, moves: effectiveEvents(l) });
    expect(restorePlan(l, [3, 4])).toEqual({ from: 3, moves: [l[5]] });
    // After the undo the game is again what it was after entry 3: entry 5's snapshot serves.
    expect(restorePlan(l, [3, 5])).toEqual({ from: 5, moves: [l[5]] });
  });

  it('goes back past several snapshots when undos take the game back that far', () => {
    const l = log('mmmmmmmm------');
    expect(restorePlan(l, [2, 4, 6, 8])).toEqual({ from: 2, moves: [] });
    expect(restorePlan(l, [4, 6, 8])).toEqual({ from: 0, moves: [l[0], l[1]] });
  });

  it('ignores positions outside the log', () => {
    const l = log('mm');
    expect(restorePlan(l, [0, 3, -1, 1.5])).toEqual({ from: 0, moves: [l[0], l[1]] });
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it('plays the headless example as written', () => {
    const names = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia'];
    const roles = ['investigator', 'investigator', 'wizard', 'shoggoth', 'evilChild', 'cultist', 'cultist'] as const;
    const players = names.map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
    const g = new HeadlessGame(cluethulhu, {
      seed: 42,
      setup: {
        players,
        specials: ['wizard', 'shoggoth', 'evilChild'],
        psychiatrist: false,
        detective: false,
        callAbsentRoles: false,
        deal: { mode: 'physical', roles: Object.fromEntries(players.map((p, i) => [p.id, roles[i]])) }
      }
    });
    expect(g.at).toBe('day.evilChild');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.evilChild.choose' });
    g.pick('Ewa').next();
    g.pick('Filip');
    g.pick('Gosia').next().next();
    expect(g.at).toBe('night.wake');
    expect(g.alive).toEqual(['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip']);
    g.undo();
    expect(g.at).toBe('day.investigatorsArrest');
    g.reload();
    expect(g.at).toBe('day.investigatorsArrest');
    expect(g.view.outcome).toBeNull();
  });
  it('deals in the app with the seed: the same seed gives the same cards', () => {
    const setup = {
      players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name, seat) => ({ id: `p${seat}`, name, seat })),
      specials: ['wizard' as const],
      psychiatrist: true,
      detective: true,
      callAbsentRoles: false,
      deal: { mode: 'app' as const }
    };
    const cards = (seed: number) => new HeadlessGame(cluethulhu, { setup, seed }).view.players.map((p) => p.card.role.key);
    expect(cards(3)).toEqual(cards(3));
    expect(new Set([3, 4, 5, 6, 7].map((s) => cards(s).join()))).not.toHaveProperty('size', 1);
    const g = new HeadlessGame(cluethulhu, { setup, seed: 3 });
    expect(g.view.stage).toBe('dealing');
    expect(g.step.prompt).toEqual({ key: 'cluethulhu:steps.deal.prompt', params: { name: 'A' } });
    for (let i = 0; i < 7; i++) g.next();
    expect(g.view.stage).toBe('play');
  });
});

describe('a move names the step it answers', () => {
  const names = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia'];
  const roles = ['investigator', 'investigator', 'wizard', 'shoggoth', 'evilChild', 'cultist', 'cultist'];
  const players = names.map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
  const game = () =>
    new HeadlessGame(cluethulhu, {
      seed: 42,
      setup: {
        players,
        specials: ['wizard', 'shoggoth', 'evilChild'],
        psychiatrist: false,
        detective: false,
        callAbsentRoles: false,
        deal: { mode: 'physical', roles: Object.fromEntries(players.map((p, i) => [p.id, roles[i]])) }
      }
    } as never);

  it('refuses an answer tagged for an earlier point of the log or another step, and changes nothing', () => {
    const g = game();
    expect(g.at).toBe('day.evilChild');
    g.pick('Ewa');
    expect(g.at).toBe('day.dollHandOver');
    const before = g.snapshot;
    // A second tap on the Evil Child's step, landing after the first was stored.
    const stale = { type: 'step.answer', answer: { kind: 'none' }, at: { seq: 0, step: 'day.evilChild' } } as const;
    expect(() => apply(cluethulhu, before, stale, 1)).toThrowError(RejectedEvent);
    try {
      apply(cluethulhu, before, stale, 1);
    } catch (e) {
      expect((e as RejectedEvent).reason).toBe('stale');
      expect((e as RejectedEvent).text.key).toBe('common:errors.answer.stale');
    }
    // The right point of the log, but another step's id.
    expect(() => apply(cluethulhu, before, { ...stale, at: { seq: 1, step: 'day.wizard' } }, 1)).toThrowError(/stale/);
    // Exactly this step: taken.
    const next = apply(cluethulhu, before, { ...stale, at: { seq: 1, step: 'day.dollHandOver' } }, 1);
    expect(cluethulhu.view(next).step?.id).toBe('day.wizard');
  });

  it('replays a log whose moves name no step, or steps a replay need not check', () => {
    const g = game();
    g.pick('Ewa').next().pick('Filip');
    const tagged = g.log;
    expect(tagged.every((e) => e.type !== 'step.answer' || e.at !== undefined)).toBe(true);
    const bare = tagged.map((e) => (e.type === 'step.answer' ? { type: e.type, answer: e.answer } : e)) as LoggedEvent[];
    const a = cluethulhu.view(replay(cluethulhu, g.input, tagged));
    const b = cluethulhu.view(replay(cluethulhu, g.input, bare));
    expect(a).toEqual(b);
    expect(a.step?.id).toBe(g.at);
    // Without the log position (a replay), the tag is not checked.
    expect(() => apply(cluethulhu, g.snapshot, { type: 'step.answer', answer: { kind: 'players', ids: ['p1'] }, at: { seq: 0, step: 'x' } })).not.toThrow();
  });
});

describe('a scoreboard move names its position', () => {
  it('is refused as stale when it names another point of the log, taken when it names this one, and replayed untagged', async () => {
    const { gloom } = await import('../../../src/lib/games/gloom');
    const { setupFor } = await import('../gloom/fixture');
    const input = { seed: 7, setup: setupFor(2) } as never;
    const start = replay(gloom, input, []);
    // End turn tapped twice: the second tap names the log length the first one was made at.
    const once = apply(gloom, start, { type: 'move', move: { kind: 'endTurn' }, at: { seq: 0 } }, 0);
    expect(() => apply(gloom, once, { type: 'move', move: { kind: 'endTurn' }, at: { seq: 0 } }, 1)).toThrowError(/stale/);
    try {
      apply(gloom, once, { type: 'move', move: { kind: 'endTurn' }, at: { seq: 0 } }, 1);
    } catch (e) {
      expect((e as RejectedEvent).reason).toBe('stale');
    }
    // A correction names its position the same way.
    const fix = { type: 'keeper.override', override: { kind: 'setValue', target: 'p1', field: 'selfWorth', value: -10 }, at: { seq: 0 } } as const;
    expect(() => apply(gloom, once, fix, 1)).toThrowError(/stale/);
    const twice = apply(gloom, once, { type: 'move', move: { kind: 'endTurn' }, at: { seq: 1 } }, 1);
    expect(gloom.view(twice).phase).toEqual({ kind: 'turn', number: 3 });
    // A stored log with or without positions replays to the same game (replays check none).
    const tagged: LoggedEvent[] = [
      { type: 'move', move: { kind: 'endTurn' }, at: { seq: 0 } },
      { type: 'move', move: { kind: 'endTurn' }, at: { seq: 0 } }
    ];
    const bare: LoggedEvent[] = [
      { type: 'move', move: { kind: 'endTurn' } },
      { type: 'move', move: { kind: 'endTurn' } }
    ];
    expect(gloom.view(replay(gloom, input, tagged))).toEqual(gloom.view(twice));
    expect(gloom.view(replay(gloom, input, bare))).toEqual(gloom.view(twice));
  });
});
