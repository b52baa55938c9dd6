/**
 * Killer Kloo Doo's corrections through the shared override: every number and mark the table
 * can get wrong (Survival Points, the Part 1 cards and accusation, the weapon held, an objective
 * done or undone, turns to miss, whose turn it is, a name, a player leaving), each checked by the
 * one `overrideProblem` (the machine's guard, `checkOverride` and the screen's list), logged in
 * public, undone, replayed from JSON, and followed by the end checks. And in a backup: read
 * field by field, replayed, and refused when the rules refuse it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { exportGames } from '$lib/backup/backup';
import { readLoggedEvent } from '$lib/backup/validate';
import { ActiveGame } from '$lib/stores';
import type { Override } from '../../../src/lib/engine/types';
import { kkd, overrideProblem } from '../../../src/lib/games/kkd';
import { blob, dump, freshStorage, importFile } from '../backup/fixture';
import { boardIn, END, game, keyOf, lastLog, row, setupFor, sp, state, toPart2, toScoring } from './fixture';

const set = (target: string, field: string, value: number | string | string[]): Override => ({ kind: 'setValue', target, field, value });

/** Three players in Part 2, every Survival Point known: Ania 20, Bartek 10, Celina 7 (+ the dice 3 + 4). */
function part2() {
  const g = game(3);
  toScoring(g, 'scarlett', false, [[['K', '5'], []], [['3'], []], [[], []]]);
  toPart2(g, {});
  return g;
}

describe('the table corrects a number', () => {
  it('Survival Points: logged, undone, and a correction to zero kills (the last one standing wins)', () => {
    const g = game(2);
    toScoring(g, 'scarlett', true, [[['5'], []], [['2'], []]]);
    toPart2(g, {});
    expect(sp(g, 'mustard')).toBe(9);
    g.override(set('mustard', 'sp', 14));
    expect(sp(g, 'mustard')).toBe(14);
    expect(lastLog(g)).toEqual(['fixSp']);
    expect(g.view.log.at(-1)!.secret).toBeUndefined();
    g.undo();
    expect(sp(g, 'mustard')).toBe(9);
    g.override(set('mustard', 'sp', 0));
    expect(row(g, 'mustard').alive).toBe(false);
    expect(g.view.outcome?.winner).toBe('lastStanding');
    expect(g.view.outcome?.winners).toEqual(['p1']);
    expect(g.def.view(g.replayed())).toEqual(g.view);
  });

  it('a non-player character’s Survival Points, and a dead one brought back', () => {
    const g = part2();
    g.override(set('plum', 'sp', -3));
    expect(row(g, 'plum').alive).toBe(false);
    g.override(set('plum', 'sp', 4));
    expect(row(g, 'plum').alive).toBe(true);
    expect(lastLog(g, 2)).toEqual(['fixSp', 'revived']);
  });

  it('refuses what cannot be: the same value, a number out of range, a field this game lacks, Part 1 only numbers in Part 2', () => {
    const g = part2();
    const s = state(g);
    const key = (o: Override) => overrideProblem(s, o)?.key ?? null;
    expect(key(set('scarlett', 'sp', sp(g, 'scarlett')!))).toBe('kkd:corrections.problems.same');
    expect(key(set('scarlett', 'sp', 1000))).toBe('kkd:corrections.problems.number');
    expect(key(set('scarlett', 'sp', 2.5))).toBe('kkd:corrections.problems.number');
    expect(key(set('scarlett', 'luck', 3))).toBe('kkd:corrections.problems.unknown');
    expect(key(set('body', 'sp', 3))).toBe('kkd:refused.noCharacter');
    expect(key(set('scarlett', 'hearts', ['A']))).toBe('kkd:corrections.problems.notScoring');
    expect(key(set('plum', 'miss', 1))).toBe('kkd:refused.npcNoTurn');
    expect(key({ kind: 'eliminate', player: 'p1' })).toBe('common:override.problems.notHere');
    expect(key({ kind: 'moveToken', token: 'revolver', to: 'p1' })).toBe('common:override.problems.notHere');
    // The same check refuses it in the session (the screen and a replay): nothing changes.
    expect(keyOf(() => g.override(set('scarlett', 'sp', 1000)))).toBe('kkd:corrections.problems.number');
    expect(keyOf(() => g.override({ kind: 'eliminate', player: 'p1' }))).toBe('common:override.problems.notHere');
  });

  it('the weapon held: taken from whoever held it, or none; a thrown weapon cannot be held', () => {
    const g = part2();
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' });
    g.override(set('mustard', 'weapon', 'rope'));
    expect(row(g, 'mustard').weapon).toBe('rope');
    expect(row(g, 'scarlett').weapon).toBeNull();
    g.override(set('mustard', 'weapon', 'none'));
    expect(row(g, 'mustard').weapon).toBeNull();
    expect(lastLog(g)).toEqual(['fixNoWeapon']);
    expect(overrideProblem(state(g), set('mustard', 'weapon', 'axe'))?.key).toBe('kkd:refused.noWeapon');
  });

  it('an objective marked done (a third one: the dash for the staircase), and turned back down (off the stairs)', () => {
    const g = part2();
    for (const c of ['rope', 'hall', 'plum'] as const) g.override(set('scarlett', 'done', c));
    expect(row(g, 'scarlett').done).toEqual(['rope', 'hall', 'plum']);
    expect(lastLog(g, 3)).toEqual(['fixDone', 'objectiveDone', 'allDone']);
    // Drawn from the cards: one another player turned up cannot be theirs too.
    expect(overrideProblem(state(g), set('mustard', 'done', 'rope'))?.key).toBe('kkd:refused.doneByOther');
    expect(overrideProblem(state(g), set('scarlett', 'done', 'dagger'))?.key).toBe('kkd:refused.allDone');
    g.move({ kind: 'staircase', by: 'scarlett' });
    g.override(set('scarlett', 'undone', 'hall'));
    expect(row(g, 'scarlett').done).toEqual(['rope', 'plum']);
    expect(row(g, 'scarlett').staircase).toBe(false);
    expect(lastLog(g, 2)).toEqual(['fixUndone', 'offStairs']);
    expect(overrideProblem(state(g), set('scarlett', 'undone', 'hall'))?.key).toBe('kkd:corrections.problems.notDone');
    expect(g.def.view(g.replayed())).toEqual(g.view);
  });

  it('turns to miss and whose turn it is', () => {
    const g = part2();
    g.override(set('mustard', 'miss', 1));
    expect(row(g, 'mustard').miss).toBe(1);
    g.move(END);
    expect(boardIn(g).turn.who).toBe('white');
    g.override(set('table', 'turn', 'mustard'));
    expect(boardIn(g).turn.who).toBe('mustard');
    expect(lastLog(g)).toEqual(['fixTurn']);
    expect(overrideProblem(state(g), set('table', 'turn', 'mustard'))?.key).toBe('kkd:corrections.problems.same');
    expect(overrideProblem(state(g), set('table', 'turn', 'plum'))?.key).toBe('kkd:refused.noPlayer');
  });

  it('the Part 1 cards and the accusation, while the scores are entered', () => {
    const g = game(3);
    toScoring(g, 'scarlett', false, [[['K', '5'], []], [['3'], []], [[], []]]);
    expect(row(g, 'scarlett').part1).toBe(0);
    g.override(set('scarlett', 'diamonds', ['A', '2']));
    expect(row(g, 'scarlett').part1).toBe(22);
    g.override(set('scarlett', 'accusation', 'right'));
    expect(row(g, 'scarlett').part1).toBe(102);
    expect(lastLog(g, 2)).toEqual(['fixScore', 'fixAccuseRight']);
    expect(overrideProblem(state(g), set('scarlett', 'hearts', ['A', 'A']))?.key).toBe('kkd:corrections.problems.ranks');
    expect(overrideProblem(state(g), set('mustard', 'accusation', 'right'))?.key).toBe('kkd:corrections.problems.notAccuser');
    expect(overrideProblem(state(g), set('table', 'turn', 'mustard'))?.key).toBe('kkd:corrections.problems.noTurn');
  });

  it('a name, and a player who leaves: their character stays as a non-player one; the last one standing wins', () => {
    const g = part2();
    g.override({ kind: 'rename', player: 'p2', name: ' Bartosz ' });
    expect(row(g, 'mustard').name).toBe('Bartosz');
    expect(overrideProblem(state(g), { kind: 'rename', player: 'p1', name: 'bartosz' })?.key).toBe('common:override.problems.nameTaken');
    g.move({ kind: 'take', by: 'scarlett', weapon: 'rope' });
    g.override({ kind: 'leave', player: 'p1' });
    expect(row(g, 'scarlett').player).toBeNull();
    expect(row(g, 'scarlett').weapon).toBeNull();
    // It was Ania's turn: Bartosz's begins.
    expect(boardIn(g).turn.who).toBe('mustard');
    expect(g.view.players.map((p) => p.name)).toEqual(['Bartosz', 'Celina']);
    g.override({ kind: 'leave', player: 'p3' });
    expect(g.view.outcome?.winner).toBe('lastStanding');
    expect(g.def.view(g.replayed())).toEqual(g.view);
  });

  it('never lists a player’s secret objectives when Lantern dealt them: the whole table reads the dialog', () => {
    const g = game(3);
    toScoring(g, 'scarlett', true, [[[], []], [[], []], [[], []]]);
    toPart2(g, {}, { objectives: 'app' });
    for (const by of ['scarlett', 'mustard', 'white'] as const) g.move({ kind: 'seen', by });
    const secret = (g.view.board as { secret: Record<string, string[]> }).secret;
    for (const t of g.view.corrections!.values!) {
      expect(t.fields.map((f) => f.id)).not.toContain('done');
      // No list narrowed to their cards (the weapons offered are every weapon, theirs or not).
      for (const f of t.fields) {
        const ids = (f.options ?? []).map((o) => o.id).filter((id) => id !== 'none');
        if (ids.length > 0) expect(ids.every((id) => (secret[t.id] ?? []).includes(id)), `${t.id} ${f.id}`).toBe(false);
      }
    }
    // One turned up (here as a backup's replay may, through the same check), is turned back down here.
    const [first] = secret.scarlett;
    g.override(set('scarlett', 'done', first));
    const undone = g.view.corrections!.values!.find((t) => t.id === 'scarlett')!.fields.find((f) => f.id === 'undone')!;
    expect(undone.options!.map((o) => o.id)).toEqual([first]);
  });

  it('Part 1 needs two players: the second to last cannot leave', () => {
    const g = game(2);
    expect(overrideProblem(state(g), { kind: 'leave', player: 'p2' })?.key).toBe('kkd:corrections.problems.tooFew');
  });

  it('the screen is offered only what the check allows, each with its value now', () => {
    const g = part2();
    const c = g.view.corrections!;
    expect(c.only).toEqual(['setValue', 'rename', 'leave']);
    const scarlett = c.values!.find((t) => t.id === 'scarlett')!;
    expect(scarlett.fields.map((f) => f.id)).toEqual(['sp', 'weapon', 'miss', 'done']);
    expect(scarlett.fields[0].value).toBe(sp(g, 'scarlett'));
    for (const t of c.values!)
      for (const f of t.fields)
        for (const o of f.options ?? [])
          if (f.input === 'choice' && o.id !== f.value) expect(overrideProblem(state(g), set(t.id, f.id, o.id)), `${t.id} ${f.id} ${o.id}`).toBeNull();
    // While the objectives go round the table, nothing is corrected.
    const h = game(2);
    toScoring(h, 'scarlett', true, [[[], []], [[], []]]);
    toPart2(h, {}, { objectives: 'app' });
    expect(h.view.corrections!.values).toEqual([]);
    expect(overrideProblem(state(h), set('scarlett', 'sp', 1))?.key).toBe('kkd:corrections.problems.dealing');
  });
});

describe('corrections in a backup', () => {
  const opened: DexieStorage[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.db.close();
  });
  const read = (override: unknown) => readLoggedEvent({ type: 'keeper.override', override });

  it('a correction is rebuilt from its own fields, and refused when one is of the wrong shape', () => {
    for (const o of [set('scarlett', 'sp', -4), set('scarlett', 'hearts', ['10', 'J']), set('table', 'turn', 'white')])
      expect(read({ ...o, alive: true })).toEqual({ type: 'keeper.override', override: o });
    for (const bad of [
      { kind: 'setValue', target: 'scarlett', field: 'sp' },
      { kind: 'setValue', target: 'scarlett', field: 'sp', value: 1.5 },
      { kind: 'setValue', target: 'scarlett', field: 'sp', value: { n: 3 } },
      { kind: 'setValue', target: '../x', field: 'sp', value: 3 },
      { kind: 'setValue', target: 'scarlett', field: 'hearts', value: ['<b>'] },
      { kind: 'setValue', target: 'scarlett', field: 'hearts', value: Array(53).fill('2') }
    ])
      expect(read(bad), JSON.stringify(bad)).toBeNull();
  });

  it('a game with corrections comes back exactly; one the rules refuse is refused with their reason', async () => {
    const s = await freshStorage();
    opened.push(s);
    const made = await ActiveGame.create('kkd', setupFor(3), 5);
    const id = (made as { id: string }).id;
    const g = (await ActiveGame.open(id))!;
    expect(await g.move({ kind: 'accuse', by: 'scarlett', right: true })).toBe(true);
    for (const by of ['scarlett', 'mustard', 'white']) expect(await g.move({ kind: 'score', by, hearts: ['4'], diamonds: [] })).toBe(true);
    expect(await g.override(set('white', 'hearts', ['9', 'Q']))).toBe(true);
    expect(g.overrideProblem(set('white', 'hearts', ['9', 'Q']))?.key).toBe('kkd:corrections.problems.same');
    expect(await g.move({ kind: 'part2', objectives: 'physical' })).toBe(true);
    expect(await g.override(set('mustard', 'sp', 33))).toBe(true);
    expect(await g.override(set('scarlett', 'done', 'rope'))).toBe(true);
    expect(await g.override({ kind: 'rename', player: 'p3', name: 'Celinka' })).toBe(true);
    const before = await dump(s);
    const screen = g.view;
    const file = await exportGames(s, [id]);
    await s.deleteGame(id);
    expect(await importFile(s, blob(file.text))).toEqual({ ok: true, value: [id] });
    expect(await dump(s)).toBe(before);
    expect((await ActiveGame.open(id))!.view).toEqual(screen);

    // The same file with a correction the rules refuse (Survival Points in Part 1's scoring).
    const hostile = JSON.parse(file.text);
    const events = hostile.games[0].events as { event: { type: string; override?: Override } }[];
    const at = events.findIndex((e) => e.event.type === 'keeper.override');
    events[at].event.override = set('white', 'sp', 5);
    await s.deleteGame(id);
    const result = await importFile(s, blob(JSON.stringify(hostile)));
    expect(result.ok).toBe(false);
    const problem = (result as { problem: { text: { key: string }; detail?: { key: string }; where?: { event?: number } } }).problem;
    expect(problem.text.key).toBe('backup:errors.moveRejected');
    expect(problem.detail?.key).toBe('kkd:corrections.problems.notPart2');
    expect(problem.where?.event).toBe(at + 1);
    expect(kkd.checkOverride).toBeDefined();

    // A set-up whose own card names break the rules (two cards under one name) is refused too.
    const twice = JSON.parse(file.text);
    twice.games[0].game.input.setup.names = { revolver: 'Pistol', dagger: 'pistol' };
    const refused = await importFile(s, blob(JSON.stringify(twice)));
    expect(refused.ok).toBe(false);
    const why = (refused as { problem: { text: { key: string }; detail?: { key: string } } }).problem;
    expect(why.text.key).toBe('backup:errors.setupInvalid');
    expect(why.detail?.key).toBe('kkd:setup.errors.ownNameTwice');
  });
});
