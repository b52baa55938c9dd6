/**
 * The same character more than once, where the character allows it: three Village Idiots, and
 * a homebrew Minion that asks for a second copy (`bag-duplicate`). Each copy is counted.
 */
import { describe, expect, it } from 'vitest';
import { bagCounts, boardOf, validateSetup } from '$lib/games/botc';
import { parseScript, scriptToJson, type Script } from '$lib/games/botc/script';
import { game, setupFor } from './fixture';

const load = (items: unknown[]): Script => {
  const r = parseScript(JSON.stringify(items));
  if (!r.ok) throw new Error(r.problem.key);
  return r.script;
};

const IDIOTS = load(['villageidiot', 'chef', 'empath', 'washerwoman', 'librarian', 'saint', 'poisoner', 'imp']);
const TWINS = load([
  'chef', 'empath', 'washerwoman', 'librarian', 'investigator', 'saint', 'imp',
  { id: 'twin', name: 'Twin', team: 'minion', ability: 'A made-up Minion who comes in pairs.', special: [{ type: 'selection', name: 'bag-duplicate' }] }
]);

const keys = (s: Parameters<typeof validateSetup>[0]) => validateSetup(s).map((p) => p.text.key.replace('botc:setup.errors.', ''));

describe('copies of one character', () => {
  it('takes three Village Idiots, each counted as a Townsfolk, and deals them to three players', () => {
    const bag = ['villageidiot', 'villageidiot', 'villageidiot', 'chef', 'empath', 'poisoner', 'imp'];
    expect(bagCounts(IDIOTS, bag)).toEqual({ townsfolk: 5, outsider: 0, minion: 1, demon: 1 });
    const setup = setupFor(bag, { script: scriptToJson(IDIOTS), edition: null }, 'app');
    expect(keys(setup)).toEqual([]);
    const g = game(setup);
    for (const p of g.view.players) g.move({ kind: 'seen', player: p.id });
    const b = boardOf(g.view);
    expect(b.seats.filter((s) => s.character.id === 'villageidiot')).toHaveLength(3);
    const line = b.night.find((l) => l.kind === 'character' && l.character.id === 'villageidiot');
    expect(line && line.kind === 'character' ? line.holders.length : 0).toBe(3);
  });

  it('refuses a second copy of a character that does not allow one', () => {
    const bag = ['chef', 'chef', 'empath', 'washerwoman', 'librarian', 'poisoner', 'imp'];
    expect(keys(setupFor(bag, { script: scriptToJson(IDIOTS), edition: null }))).toContain('twice');
  });

  it('takes a second copy of a homebrew Minion that asks for it; the two count as two Minions', () => {
    const bag = ['chef', 'empath', 'washerwoman', 'librarian', 'twin', 'twin', 'imp'];
    expect(bagCounts(TWINS, bag)).toEqual({ townsfolk: 4, outsider: 0, minion: 2, demon: 1 });
    const setup = setupFor(bag, { script: scriptToJson(TWINS), edition: null });
    // Two Minions at seven is not the table's count: the Storyteller confirms it.
    expect(keys(setup)).toEqual(['counts']);
    expect(keys({ ...setup, countsConfirmed: true })).toEqual([]);
    const b = boardOf(game({ ...setup, countsConfirmed: true }).view);
    expect(b.seats.filter((s) => s.character.id === 'twin').map((s) => s.name)).toEqual(['Ewa', 'Filip']);
  });
});

describe('what the Drunk is shown', () => {
  it('is refused by the engine when it is not a Townsfolk, whatever a draft or a backup says', () => {
    const bag = ['washerwoman', 'empath', 'fortuneteller', 'drunk', 'recluse', 'baron', 'imp'];
    const base = setupFor(bag, { shown: { drunk: 'chef' } });
    expect(keys(base)).toEqual([]);
    expect(keys({ ...base, shown: { drunk: 'saint' } })).toEqual(['shownTownsfolk']);
    expect(keys({ ...base, shown: { drunk: 'poisoner' } })).toEqual(['shownTownsfolk']);
  });
});
