/**
 * A whole game of Trouble Brewing for eight players, from a script file as the community's tools
 * write it (the `_meta` entry, ids spelt in other ways, the old `{id}` form), to a good win: the
 * Baron's set-up (three Outsiders), the Drunk shown a Townsfolk and woken at its place, the
 * Poisoner's token marking a player, three days of nominations with a refused one, the ghost vote
 * spent, the Imp executed on the third day. Replayed through JSON and undone to the start.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '$lib/engine/session';
import { boardOf, botc } from '$lib/games/botc';
import { parseScript, scriptToJson } from '$lib/games/botc/script';
import { by, game, setupFor } from './fixture';

const FILE = JSON.stringify([
  { id: '_meta', name: 'Brewing for Eight', author: 'Test' },
  'Washer_Woman'.replace('_', ''),
  'CHEF',
  { id: 'empath' },
  'fortune-teller',
  'monk',
  'drunk',
  'butler',
  'saint',
  'poisoner',
  "Baron",
  'imp'
]);

// Seats: Ania Washerwoman, Bartek Chef, Celina Empath, Darek the Drunk (shown the Monk),
// Ewa Butler, Filip Saint, Gosia Baron, Hubert Imp.
const BAG = ['washerwoman', 'chef', 'empath', 'drunk', 'butler', 'saint', 'baron', 'imp'];

describe('eight players of Trouble Brewing from a loaded script to a good win', () => {
  const parsed = parseScript(FILE);
  if (!parsed.ok) throw new Error(parsed.problem.key);
  const g = game(setupFor(BAG, { script: scriptToJson(parsed.script), edition: null, shown: { drunk: 'monk' }, bluffs: ['fortuneteller'] }), 8);
  const m = by(g);
  const b = () => boardOf(g.view);
  const line = (id: string) => b().night.find((l) => l.kind === 'character' && l.character.id === id);

  it('sets up from the script: its name, the Baron’s counts, the Drunk thinking it is the Monk', () => {
    expect(b().script).toEqual({ name: 'Brewing for Eight', author: 'Test' });
    expect(b().seats.map((s) => s.character.id)).toEqual(BAG);
    const darek = b().seats.find((s) => s.name === 'Darek')!;
    expect(darek).toMatchObject({ shown: { id: 'monk' }, drunk: true });
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
  });

  it('first night: the list in the publisher’s order, Minion and Demon info for eight', () => {
    expect(b().night.map((l) => (l.kind === 'marker' ? l.id : l.character.id))).toEqual(['dusk', 'minioninfo', 'demoninfo', 'washerwoman', 'chef', 'empath', 'butler', 'dawn']);
    expect(b().night[1]).toMatchObject({ minions: ['Gosia'], demons: ['Hubert'] });
    m.place('washerwoman', 'Townsfolk', 'Bartek').place('washerwoman', 'Wrong', 'Celina').place('butler', 'Master', 'Ania');
    m.phase();
    expect(b().diedTonight).toEqual([]);
  });

  it('day 1: a nomination, a refused second one by the same player, an execution of the Butler', () => {
    m.nominate('Gosia', 'Ewa').vote('Gosia', 'Hubert', 'Ania', 'Bartek', 'Darek');
    expect(b().aboutToDie).toMatchObject({ name: 'Ewa', votes: 5 });
    const before = g.log.length;
    expect(() => m.nominate('Gosia', 'Filip')).toThrow(expect.objectContaining({ text: { key: 'botc:refused.nominatedAlready', params: { name: 'Gosia' } } }));
    expect(g.log.length).toBe(before);
    m.execute('Ewa').phase();
  });

  it('night 2: the Drunk is listed where the Monk wakes, marked drunk; the Imp kills the Empath', () => {
    expect(line('monk')).toMatchObject({ holders: [{ name: 'Darek', thinks: true, drunk: true }] });
    m.place('monk', 'Safe', 'Celina').place('imp', 'Dead', 'Bartek').die('Bartek').phase();
    expect(b().diedTonight).toEqual(['Bartek']);
  });

  it('day 2: the dead vote with their token; a tie leaves nobody about to die', () => {
    expect(b().threshold).toBe(3);
    m.nominate('Ania', 'Hubert').vote('Bartek', 'Ewa', 'Celina');
    expect(b().seats.find((s) => s.name === 'Bartek')!.ghostVote).toBe(false);
    m.nominate('Celina', 'Gosia').vote('Hubert', 'Gosia', 'Darek');
    expect(b().aboutToDie).toMatchObject({ player: null, tied: true, votes: 3 });
    m.phase();
    m.die('Filip').phase();
  });

  it('day 3: the Imp executed, and good is offered the win and declared', () => {
    expect(b().offeredWin).toBeNull();
    m.nominate('Celina', 'Hubert').vote('Ania', 'Celina', 'Darek', 'Gosia');
    m.execute('Hubert');
    expect(b().offeredWin).toEqual({ winner: 'good', reason: 'demonDead' });
    m.declare('good');
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome?.winners).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  });

  it('replays from its log through JSON and undoes to the first night', () => {
    expect(botc.view(g.replayed())).toEqual(g.view);
    const views = g.log.map((_, n) => botc.view(replay(botc, g.input, g.log.slice(0, n + 1))));
    for (let i = views.length - 2; i >= 0; i--) {
      g.undo();
      expect(g.view).toEqual(views[i]);
    }
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
  });
});
