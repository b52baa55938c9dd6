/**
 * Whole games of Trouble Brewing played headless, as the Storyteller keeps the grimoire: the deal,
 * two nights and days with reminders, deaths, nominations, votes and an execution, the win offered
 * when the Demon dies and then declared. Each is replayed from its log through JSON, reloaded from
 * a persisted snapshot, and undone move by move.
 */
import { describe, expect, it } from 'vitest';
import { persist, replay } from '$lib/engine/session';
import { boardOf, botc } from '$lib/games/botc';
import { by, game, setupFor, SEVEN } from './fixture';

describe('seven players of Trouble Brewing to a good win', () => {
  const g = game(setupFor(SEVEN, { bluffs: ['chef', 'virgin', 'saint'] }, 'app'), 2024);
  const m = by(g);
  const b = () => boardOf(g.view);
  const seatOf = (character: string) => b().seats.find((s) => s.character.id === character)!.name;

  it('deals every player their character, in seat order', () => {
    for (const p of g.view.players) m.move({ kind: 'seen', player: p.id });
    expect(g.view.stage).toBe('play');
    expect(b().seats.map((s) => s.character.id).sort()).toEqual([...SEVEN].sort());
  });

  it('plays the first night by its list: the Poisoner poisons, the information characters learn', () => {
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
    const first = b().night.map((l) => (l.kind === 'marker' ? l.id : l.character.id));
    expect(first).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'empath', 'fortuneteller', 'dawn']);
    m.place('poisoner', 'Poisoned', seatOf('empath'));
    m.place('washerwoman', 'Townsfolk', seatOf('monk'));
    m.place('washerwoman', 'Wrong', seatOf('slayer'));
    m.place('fortuneteller', 'Red Herring', seatOf('monk'));
    expect(b().night.find((l) => l.kind === 'character' && l.character.id === 'empath')).toMatchObject({ holders: [{ poisoned: true }] });
    m.phase();
    expect(g.view.phase).toEqual({ kind: 'day', number: 1 });
    expect(b().diedTonight).toEqual([]);
    expect(g.view.log.at(-1)!.text.key).toBe('botc:log.dawnNobody');
  });

  it('runs the first day: two nominations, a vote that puts the Slayer about to die, an execution', () => {
    const slayer = seatOf('slayer');
    const ww = seatOf('washerwoman');
    m.nominate(ww, slayer).vote(...b().seats.filter((s) => s.name !== slayer).slice(0, 4).map((s) => s.name));
    expect(b().aboutToDie.name).toBe(slayer);
    m.nominate(slayer, ww).vote(seatOf('imp'));
    expect(b().aboutToDie.name).toBe(slayer);
    m.execute(slayer);
    expect(g.alive).not.toContain(slayer);
    expect(b().offeredWin).toBeNull();
    m.phase();
    expect(g.view.phase).toEqual({ kind: 'night', number: 2 });
  });

  it('plays the second night: the Monk protects, the Imp kills, dawn reads the death', () => {
    const other = b().night.map((l) => (l.kind === 'marker' ? l.id : l.character.id));
    expect(other).toEqual(['dusk', 'poisoner', 'monk', 'imp', 'empath', 'fortuneteller', 'dawn']);
    // The Slayer is dead: a character with no night action drops off; the dead stay marked.
    const uid = b().seats.flatMap((s) => s.reminders).find((r) => r.label === 'Poisoned')!.uid;
    m.move({ kind: 'shift', uid, player: g.id(seatOf('fortuneteller')) });
    m.place('monk', 'Safe', seatOf('washerwoman'));
    m.place('imp', 'Dead', seatOf('empath'));
    m.die(seatOf('empath'));
    m.phase();
    expect(b().diedTonight).toEqual([seatOf('empath')]);
    expect(g.view.log.at(-1)).toMatchObject({ text: { key: 'botc:log.dawn', params: { names: seatOf('empath') } } });
  });

  it('runs the second day: the dead vote with their token; the Imp executed offers good the win', () => {
    const imp = seatOf('imp');
    const empath = seatOf('empath');
    const voters = [empath, seatOf('washerwoman'), seatOf('monk'), seatOf('fortuneteller')];
    expect(b().threshold).toBe(3);
    m.nominate(seatOf('monk'), imp).vote(...voters);
    expect(b().seats.find((s) => s.name === empath)!.ghostVote).toBe(false);
    expect(b().aboutToDie.name).toBe(imp);
    m.execute(imp);
    expect(b().offeredWin).toEqual({ winner: 'good', reason: 'demonDead' });
    m.declare('good');
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome?.winners.sort()).toEqual(b().seats.filter((s) => s.alignment === 'good').map((s) => s.id).sort());
  });

  it('is the same game replayed from its log through JSON, and after a reload', () => {
    const replayed = g.replayed();
    expect(botc.view(replayed)).toEqual(g.view);
    const before = g.view;
    g.reload();
    expect(g.view).toEqual(before);
    expect(persist(botc, g.snapshot)).toEqual(persist(botc, replayed));
  });

  it('is stored as XState writes it: the same JSON, key for key, without the walk over the context', () => {
    const written = JSON.stringify(persist(botc, g.snapshot));
    expect(written).toBe(JSON.stringify(botc.machine.getPersistedSnapshot(g.snapshot)));
    expect(JSON.parse(written).context.players).toHaveLength(7);
  });

  it('undoes move by move back to the end of the deal, each undo the game as it was', () => {
    const views = [];
    for (let n = 7; n <= g.log.length; n++) views.push(botc.view(replay(botc, g.input, g.log.slice(0, n))));
    for (let i = views.length - 2; i >= 0; i--) {
      g.undo();
      expect(g.view).toEqual(views[i]);
    }
    expect(g.view.stage).toBe('play');
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
  });
});

describe('eight players of Trouble Brewing to an evil win', () => {
  it('offers evil the win when two are left alive, and the log keeps every vote and who voted', () => {
    const g = game(setupFor(['washerwoman', 'librarian', 'empath', 'monk', 'soldier', 'butler', 'poisoner', 'imp']));
    const m = by(g);
    m.phase();
    m.nominate('Ania', 'Bartek').vote('Celina', 'Darek', 'Ewa', 'Filip').execute('Bartek');
    m.phase().die('Celina').phase();
    m.nominate('Darek', 'Ewa').vote('Darek', 'Gosia', 'Hubert').execute('Ewa');
    m.phase().die('Darek').phase();
    expect(g.alive).toEqual(['Ania', 'Filip', 'Gosia', 'Hubert']);
    m.nominate('Filip', 'Ania').vote('Gosia', 'Hubert').execute('Ania');
    expect(boardOf(g.view).offeredWin).toBeNull();
    m.phase().die('Filip');
    expect(boardOf(g.view).offeredWin).toEqual({ winner: 'evil', reason: 'twoAlive' });
    m.declare('evil');
    expect(g.view.outcome?.winners).toEqual(['p7', 'p8']);
    const votes = g.view.log.filter((l) => l.text.key.startsWith('botc:log.vote.'));
    expect(votes.map((l) => [l.text.params!.nominee, l.text.params!.count, l.text.params!.voters])).toEqual([
      ['Bartek', 4, 'Celina, Darek, Ewa, Filip'],
      ['Ewa', 3, 'Darek, Gosia, Hubert'],
      ['Ania', 2, 'Gosia, Hubert']
    ]);
    expect(botc.view(g.replayed())).toEqual(g.view);
  });
});

describe('eight players and a Traveller, with an exile', () => {
  it('exiles the Traveller by the support of half of all players, executes the Demon, and replays and undoes exactly', () => {
    const setup = setupFor(SEVEN, { travellers: { p8: { character: 'scapegoat', alignment: 'evil' } } });
    setup.players = [...setup.players, { id: 'p8', name: 'Hubert', seat: 7 }];
    const g = game(setup, 77);
    const m = by(g);
    expect(boardOf(g.view).night.some((l) => l.kind === 'marker' && l.id === 'minioninfo')).toBe(true);
    m.phase();
    g.move({ kind: 'exile', caller: g.id('Gosia'), traveller: g.id('Hubert'), supporters: ['p1', 'p2', 'p3'] });
    expect(g.alive).toContain('Hubert');
    m.nominate('Ania', 'Filip').vote('Bartek', 'Celina', 'Darek', 'Ewa').execute('Filip');
    m.phase().die('Bartek').phase();
    g.move({ kind: 'exile', caller: g.id('Bartek'), traveller: g.id('Hubert'), supporters: ['p1', 'p2', 'p3', 'p4'] });
    expect(g.alive).not.toContain('Hubert');
    expect(boardOf(g.view).seats.find((s) => s.name === 'Bartek')!.ghostVote).toBe(true);
    m.nominate('Celina', 'Gosia').vote('Ania', 'Bartek', 'Darek', 'Ewa').execute('Gosia');
    expect(boardOf(g.view).offeredWin).toEqual({ winner: 'good', reason: 'demonDead' });
    m.declare('good');
    expect(g.view.outcome?.winners).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(g.view.log.filter((l) => l.text.key === 'botc:log.exiled' || l.text.key === 'botc:log.notExiled').map((l) => [l.text.key, l.text.params!.count, l.text.params!.threshold])).toEqual([
      ['botc:log.notExiled', 3, 4],
      ['botc:log.exiled', 4, 4]
    ]);
    expect(botc.view(g.replayed())).toEqual(g.view);
    const end = g.view;
    const n = g.log.length;
    for (let i = 0; i < n; i++) g.undo();
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
    expect(g.alive).toHaveLength(8);
    g.reload();
    expect(botc.view(replay(botc, g.input, g.log.slice(0, n)))).toEqual(end);
  });
});
