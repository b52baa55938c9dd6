/**
 * The grimoire's rules: the set-up's checks, the random bag, the deal, reminders and the marks
 * they make, nominations, votes, executions, exiles, the night's list and the wins offered.
 */
import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '$lib/engine/session';
import { seedRng } from '$lib/engine/rng';
import { boardOf, botc, expectedCounts, randomBag, randomBluffs, validateSetup, bagCounts, type BotcMove } from '$lib/games/botc';
import { readMove } from '$lib/games/botc/moves';
import { editionScript, parseScript, readScript, scriptToJson } from '$lib/games/botc/script';
import { by, game, NAMES, setupFor, SEVEN, TB } from './fixture';

const refusal = (f: () => unknown): RejectedEvent => {
  try {
    f();
  } catch (e) {
    if (e instanceof RejectedEvent) return e;
    throw e;
  }
  throw new Error('the move was accepted');
};
const keys = (setup: Parameters<typeof validateSetup>[0]) => validateSetup(setup).map((p) => p.text.key.replace('botc:setup.errors.', ''));
const tb = editionScript('tb', 'Trouble Brewing');

describe('a script kept in a set-up', () => {
  it('is written back as a script file that reads to the same script', () => {
    for (const e of ['tb', 'bmr', 'snv'] as const) {
      const s = editionScript(e, e);
      const again = readScript(scriptToJson(s));
      expect(again.ok && again.script).toEqual(s);
    }
  });

  it('keeps homebrew characters, their text, the night orders and the homebrew rules', () => {
    const text = JSON.stringify([
      { id: '_meta', name: 'Lamps', author: 'Ola', bootlegger: ['Lamps stay lit.'], firstNight: ['dusk', 'lamplighter', 'dawn'] },
      'washerwoman',
      { id: 'chef', ability: 'Counts pairs.' },
      'empath',
      { id: 'Lamplighter', name: 'Lamplighter', team: 'Traveler', ability: '<b>Lights</b>', reminders: ['Lit'], firstNight: 3, logo: 'https://x.example/a.png' },
      'poisoner',
      'imp'
    ]);
    const first = parseScript(text);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const again = readScript(JSON.parse(JSON.stringify(scriptToJson(first.script))));
    expect(again.ok && again.script).toEqual(first.script);
    expect(JSON.stringify(scriptToJson(first.script))).not.toContain('https://');
  });
});

describe('the set-up', () => {
  it('takes seven players with the table’s counts', () => {
    expect(validateSetup(setupFor())).toEqual([]);
  });

  it('names what is wrong: the bag’s size, its counts, a character not on the script, one twice', () => {
    expect(keys(setupFor(['washerwoman', 'empath', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'scarletwoman']))).toEqual(['counts', 'noDemon']);
    expect(keys(setupFor([...SEVEN.slice(0, 6), 'vortox']))).toContain('notInScript');
    expect(keys(setupFor(['washerwoman', 'washerwoman', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'imp']))).toContain('twice');
    const s = setupFor();
    expect(keys({ ...s, bag: s.bag.slice(0, 6) })).toContain('bagSize');
  });

  it('follows the Baron’s +2 Outsiders, and lets the Storyteller confirm other counts', () => {
    const baron = ['washerwoman', 'empath', 'fortuneteller', 'butler', 'saint', 'baron', 'imp'];
    expect(validateSetup(setupFor(baron))).toEqual([]);
    expect(expectedCounts(tb, 7, baron)!.counts).toEqual({ townsfolk: 3, outsider: 2, minion: 1, demon: 1 });
    const odd = ['washerwoman', 'empath', 'fortuneteller', 'monk', 'butler', 'baron', 'imp'];
    expect(keys(setupFor(odd))).toEqual(['counts']);
    expect(validateSetup({ ...setupFor(odd), countsConfirmed: true })).toEqual([]);
  });

  it('asks which Townsfolk the Drunk is shown: one of the script’s, not in play', () => {
    const drunk = ['washerwoman', 'empath', 'fortuneteller', 'drunk', 'recluse', 'baron', 'imp'];
    expect(keys(setupFor(drunk))).toEqual(['shownMissing']);
    expect(keys(setupFor(drunk, { shown: { drunk: 'empath' } }))).toEqual(['shown', 'shownMissing'].slice(0, 1));
    expect(validateSetup(setupFor(drunk, { shown: { drunk: 'chef' } }))).toEqual([]);
  });

  it('enforces an edition’s minimum, and makes the players over 15 Travellers', () => {
    const five = setupFor(['washerwoman', 'empath', 'chef', 'poisoner', 'imp']);
    expect(validateSetup(five)).toEqual([]);
    expect(keys({ ...five, edition: 'bmr' })).toContain('editionMinimum');
    const players = Array.from({ length: 16 }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}`, seat: i }));
    const bag = ['washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'undertaker', 'monk', 'ravenkeeper', 'butler', 'saint', 'poisoner', 'spy', 'baron', 'imp'];
    const sixteen = { ...setupFor(), players, bag, countsConfirmed: true, deal: { mode: 'app' as const } };
    expect(keys(sixteen)).toContain('travellerCount');
    expect(validateSetup({ ...sixteen, travellers: { p16: { character: 'gunslinger', alignment: 'evil' } } })).toEqual([]);
    expect(keys({ ...sixteen, travellers: { p16: { character: 'imp', alignment: 'evil' } } })).toContain('traveller');
  });

  it('takes up to three bluffs, good characters of the script not in play', () => {
    expect(validateSetup(setupFor(SEVEN, { bluffs: ['chef', 'virgin', 'saint'] }))).toEqual([]);
    expect(keys(setupFor(SEVEN, { bluffs: ['chef', 'empath', 'baron'] }))).toEqual(['bluff', 'bluff']);
  });

  it('refuses a script that does not read, as a backup file might carry', () => {
    expect(keys({ ...setupFor(), script: [{ id: '__proto__' }] as unknown[] })).toEqual(['script']);
  });
});

describe('a random legal bag', () => {
  it('holds the counts for every size, with the fixed set-up rules followed, and a Townsfolk for the Drunk', () => {
    let rng = seedRng(5);
    for (let n = 5; n <= 15; n++) {
      for (let k = 0; k < 20; k++) {
        const r = randomBag(tb, n, rng)!;
        rng = r.rng;
        const exp = expectedCounts(tb, n, r.bag)!;
        expect(bagCounts(tb, r.bag), `${n} players: ${r.bag}`).toEqual(exp.counts);
        expect(new Set(r.bag).size).toBe(n);
        if (r.bag.includes('drunk')) expect(r.bag).not.toContain(r.shown.drunk);
        const players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, seat: i }));
        const [bluffs] = randomBluffs(tb, r.bag, r.shown, rng);
        expect(validateSetup({ ...setupFor(), players, bag: r.bag, shown: r.shown, bluffs, deal: { mode: 'app' } })).toEqual([]);
      }
    }
  });

  it('is the same from the same generator', () => {
    expect(randomBag(tb, 9, seedRng(3))!.bag).toEqual(randomBag(tb, 9, seedRng(3))!.bag);
  });
});

describe('the deal', () => {
  it('shows each player the character they think they are, in seat order, then starts the first night', () => {
    const drunk = ['washerwoman', 'empath', 'fortuneteller', 'drunk', 'recluse', 'baron', 'imp'];
    const g = game(setupFor(drunk, { shown: { drunk: 'chef' } }, 'app'));
    expect(g.view.stage).toBe('dealing');
    expect(botc.dealing(g.snapshot)).toEqual({ player: 'p1', index: 0, total: 7 });
    expect(refusal(() => g.move({ kind: 'seen', player: 'p2' })).text.key).toBe('botc:refused.notTheirTurn');
    expect(refusal(() => g.move({ kind: 'die', player: 'p2' })).text.key).toBe('botc:refused.dealing');
    const seen: string[] = [];
    for (const p of g.view.players) {
      seen.push(String(g.view.players.find((x) => x.id === p.id)!.card.role.params!.name));
      g.move({ kind: 'seen', player: p.id });
    }
    expect(seen).toContain('Chef');
    expect(seen).not.toContain('Drunk');
    expect(g.view.stage).toBe('play');
    expect(g.view.phase).toEqual({ kind: 'night', number: 1 });
    // After the deal the grimoire holds the truth.
    const drunkSeat = boardOf(g.view).seats.find((s) => s.character.id === 'drunk')!;
    expect(drunkSeat.shown?.name).toBe('Chef');
    expect(drunkSeat.drunk).toBe(true);
    expect(botc.dealSteps(g.input.setup)).toBe(7);
  });
});

describe('reminders and the marks they make', () => {
  it('places, moves and removes a token, and marks the player poisoned while it is on them', () => {
    const g = game();
    const m = by(g);
    m.place('poisoner', 'Poisoned', 'Bartek');
    let seat = boardOf(g.view).seats.find((s) => s.name === 'Bartek')!;
    expect(seat.poisoned).toBe(true);
    expect(seat.reminders.map((r) => r.label)).toEqual(['Poisoned']);
    const uid = seat.reminders[0].uid;
    g.move({ kind: 'shift', uid, player: g.id('Celina') });
    expect(boardOf(g.view).seats.find((s) => s.name === 'Bartek')!.poisoned).toBe(false);
    expect(boardOf(g.view).night.find((l) => l.kind === 'character' && l.character.id === 'fortuneteller')).toMatchObject({ holders: [{ name: 'Celina', poisoned: true }] });
    g.move({ kind: 'remove', uid });
    seat = boardOf(g.view).seats.find((s) => s.name === 'Celina')!;
    expect(seat.reminders).toEqual([]);
    expect(refusal(() => m.place('poisoner', 'Drunk', 'Ania')).text.key).toBe('botc:refused.unknownReminder');
    expect(g.view.log.filter((l) => l.secret)).toHaveLength(3);
  });

  it('offers the tokens of the characters in play, and every global one of the script', () => {
    const tokens = boardOf(game().view).tokens;
    expect(tokens.find((t) => t.source.id === 'poisoner')?.labels).toEqual(['Poisoned']);
    expect(tokens.find((t) => t.source.id === 'drunk')?.labels).toEqual(['Is The Drunk']);
    expect(tokens.some((t) => t.source.id === 'baron')).toBe(false);
  });
});

describe('the night’s list', () => {
  it('lists the characters in play in the publisher’s order, with Minion and Demon info from 7 players', () => {
    const g = game(setupFor(SEVEN, { bluffs: ['chef', 'virgin', 'saint'] }));
    const night = boardOf(g.view).night.map((l) => (l.kind === 'marker' ? l.id : l.character.id));
    expect(night).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'empath', 'fortuneteller', 'dawn']);
    const info = boardOf(g.view).night.find((l) => l.kind === 'marker' && l.id === 'demoninfo');
    expect(info).toMatchObject({ minions: ['Filip'], demons: ['Gosia'], bluffs: ['Chef', 'Virgin', 'Saint'] });
    const five = game(setupFor(['washerwoman', 'empath', 'chef', 'poisoner', 'imp']));
    expect(boardOf(five.view).night.some((l) => l.kind === 'marker' && l.id === 'minioninfo')).toBe(false);
  });

  it('keeps a dead player’s character, marked dead, and lists the Drunk where its Townsfolk wakes', () => {
    const drunk = ['washerwoman', 'empath', 'fortuneteller', 'drunk', 'recluse', 'baron', 'imp'];
    const g = game(setupFor(drunk, { shown: { drunk: 'monk' } }));
    const m = by(g);
    m.phase();
    m.phase();
    m.die('Bartek');
    const lines = boardOf(g.view).night;
    expect(lines.map((l) => (l.kind === 'marker' ? l.id : l.character.id))).toEqual(['dusk', 'monk', 'imp', 'empath', 'fortuneteller', 'dawn']);
    expect(lines.find((l) => l.kind === 'character' && l.character.id === 'monk')).toMatchObject({ holders: [{ name: 'Darek', drunk: true, thinks: true }] });
    expect(lines.find((l) => l.kind === 'character' && l.character.id === 'empath')).toMatchObject({ holders: [{ name: 'Bartek', dead: true }] });
  });
});

describe('nominations and votes', () => {
  function day(n = 7) {
    const g = game(n === 7 ? setupFor() : setupFor([...SEVEN.slice(0, 5), 'butler', 'poisoner', 'imp'].slice(0, n)));
    by(g).phase();
    return { g, m: by(g) };
  }

  it('refuses what the book does not allow, saying why', () => {
    const { g, m } = day();
    expect(refusal(() => m.vote()).text.key).toBe('botc:refused.noNomination');
    m.nominate('Ania', 'Bartek');
    expect(refusal(() => m.nominate('Celina', 'Darek')).text.key).toBe('botc:refused.voteFirst');
    m.vote('Celina');
    const again = refusal(() => m.nominate('Ania', 'Darek'));
    expect([again.text.key, again.overrulable]).toEqual(['botc:refused.nominatedAlready', true]);
    expect(refusal(() => m.nominate('Celina', 'Bartek')).text.key).toBe('botc:refused.nomineeAlready');
    m.die('Ewa');
    expect(refusal(() => m.nominate('Ewa', 'Filip')).text.key).toBe('botc:refused.deadNominator');
    // The Storyteller may overrule a rule, and the log says so.
    m.nominate('Ewa', 'Filip', true);
    expect(g.view.log.at(-1)!.text.key).toBe('botc:log.overruled');
  });

  it('needs half the living players, more than any earlier nominee, and a tie saves both', () => {
    const { g, m } = day();
    expect(boardOf(g.view).threshold).toBe(4);
    m.nominate('Ania', 'Bartek').vote('Celina', 'Darek', 'Ewa');
    expect(boardOf(g.view).aboutToDie.player).toBeNull();
    m.nominate('Bartek', 'Celina').vote('Ania', 'Darek', 'Ewa', 'Filip');
    expect(boardOf(g.view).aboutToDie).toMatchObject({ name: 'Celina', votes: 4 });
    m.nominate('Celina', 'Darek').vote('Ania', 'Bartek', 'Ewa', 'Filip');
    expect(boardOf(g.view).aboutToDie).toMatchObject({ player: null, tied: true, votes: 4 });
    expect(g.view.log.at(-1)!.text.key).toBe('botc:log.vote.tie');
    m.nominate('Darek', 'Ewa').vote('Ania', 'Bartek', 'Celina', 'Filip');
    expect(boardOf(g.view).aboutToDie.player).toBeNull();
    m.nominate('Ewa', 'Filip').vote('Ania', 'Bartek', 'Celina', 'Darek', 'Gosia');
    expect(boardOf(g.view).aboutToDie).toMatchObject({ name: 'Filip', votes: 5 });
  });

  it('spends a dead player’s vote token when they raise a hand, and refuses a second', () => {
    const { g, m } = day();
    m.die('Gosia');
    m.nominate('Ania', 'Bartek').vote('Gosia');
    expect(boardOf(g.view).seats.find((s) => s.name === 'Gosia')!.ghostVote).toBe(false);
    m.nominate('Bartek', 'Celina');
    const r = refusal(() => m.vote('Gosia'));
    expect([r.text.key, r.overrulable]).toEqual(['botc:refused.noGhostVote', true]);
    // The Storyteller may give the token back.
    g.move({ kind: 'ghostVote', player: g.id('Gosia'), has: true });
    m.vote('Gosia');
  });

  it('executes at most once a day, and an execution need not kill', () => {
    const { g, m } = day();
    m.execute('Ania', false);
    expect(g.alive).toContain('Ania');
    expect(refusal(() => m.execute('Bartek')).text.key).toBe('botc:refused.executedToday');
    expect(refusal(() => m.nominate('Bartek', 'Celina')).text.key).toBe('botc:refused.executedToday');
    m.phase().phase();
    m.execute('Bartek');
    expect(g.alive).not.toContain('Bartek');
  });
});

describe('Travellers and the exile', () => {
  const eight = () => {
    const s = setupFor(SEVEN, { travellers: { p8: { character: 'beggar', alignment: 'evil' } } });
    s.players = NAMES.slice(0, 8).map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
    return game(s);
  };

  it('are exiled, not executed, with the support of half of all players, dead ones too, and no vote token spent', () => {
    const g = eight();
    const m = by(g);
    expect(boardOf(g.view).seats.find((s) => s.name === 'Hubert')).toMatchObject({ traveller: true, alignment: 'evil', alignmentDiffers: false });
    m.phase();
    expect(refusal(() => m.nominate('Ania', 'Hubert')).text.key).toBe('botc:refused.travellerNominee');
    expect(refusal(() => m.execute('Hubert')).text.key).toBe('botc:refused.travellerExecuted');
    m.die('Ania').die('Bartek');
    expect(boardOf(g.view).exileThreshold).toBe(4);
    g.move({ kind: 'exile', caller: g.id('Ania'), traveller: g.id('Hubert'), supporters: ['p1', 'p2', 'p3'] });
    expect(g.alive).toContain('Hubert');
    expect(refusal(() => g.move({ kind: 'exile', caller: 'p3', traveller: 'p8', supporters: [] })).text.key).toBe('botc:refused.exiledToday');
    m.phase().phase();
    g.move({ kind: 'exile', caller: g.id('Bartek'), traveller: g.id('Hubert'), supporters: ['p1', 'p2', 'p3', 'p4'] });
    expect(g.alive).not.toContain('Hubert');
    expect(boardOf(g.view).seats.filter((s) => !s.alive).every((s) => s.ghostVote)).toBe(true);
    expect(refusal(() => g.move({ kind: 'exile', caller: 'p3', traveller: 'p4', supporters: [] })).text.key).toBe('botc:refused.notTraveller');
  });

  it('do not count towards evil’s two alive', () => {
    const g = eight();
    const m = by(g);
    m.die('Ania').die('Bartek').die('Celina').die('Darek');
    expect(boardOf(g.view).offeredWin).toBeNull();
    m.die('Ewa');
    expect(boardOf(g.view).offeredWin).toEqual({ winner: 'evil', reason: 'twoAlive' });
  });
});

describe('wins', () => {
  it('are offered, never declared: good when the Demon is dead, until the Storyteller says so', () => {
    const g = game();
    const m = by(g);
    m.die('Ania').die('Bartek').die('Celina');
    expect(boardOf(g.view).offeredWin).toBeNull();
    m.die('Gosia');
    expect(boardOf(g.view).offeredWin).toEqual({ winner: 'good', reason: 'demonDead' });
    expect(g.view.stage).toBe('play');
    // The Scarlet Woman carries on: the Storyteller makes her the Imp, and the offer goes.
    g.move({ kind: 'character', player: g.id('Filip'), character: 'imp' });
    expect(boardOf(g.view).offeredWin).toBeNull();
    m.declare('evil');
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toMatchObject({ winner: 'evil', winners: ['p6', 'p7'] });
    expect(refusal(() => m.die('Ewa')).text.key).toBe('common:errors.answer.finished');
  });

  it('offers good when the Demon dies leaving two alive: both at once is good’s', () => {
    const g = game();
    by(g).die('Ania').die('Bartek').die('Celina').die('Darek').die('Gosia');
    expect(boardOf(g.view).offeredWin).toEqual({ winner: 'good', reason: 'demonDead' });
  });
});

describe('moves read from a backup', () => {
  it('are rebuilt field by field, and anything else is refused', () => {
    const moves: BotcMove[] = [
      { kind: 'seen', player: 'p1' },
      { kind: 'place', source: 'poisoner', label: 'Poisoned', player: 'p2' },
      { kind: 'shift', uid: 1, player: 'p3' },
      { kind: 'remove', uid: 1 },
      { kind: 'die', player: 'p1' },
      { kind: 'revive', player: 'p1' },
      { kind: 'ghostVote', player: 'p1', has: false },
      { kind: 'note', player: 'p1', text: 'claims Chef' },
      { kind: 'alignment', player: 'p1', alignment: 'evil' },
      { kind: 'character', player: 'p1', character: 'imp' },
      { kind: 'nominate', nominator: 'p1', nominee: 'p2', overrule: true },
      { kind: 'vote', voters: ['p1', 'p3'] },
      { kind: 'vote', voters: [], votes: 2 },
      { kind: 'execute', player: 'p2', dies: true },
      { kind: 'exile', caller: 'p1', traveller: 'p8', supporters: ['p1'] },
      { kind: 'fabled', character: 'angel', on: true },
      { kind: 'join', player: 'x1', name: 'Hubert', character: 'beggar', alignment: 'evil', after: null },
      { kind: 'join', player: 'x2', name: 'Iza', character: 'beggar', alignment: 'good', after: 'p3' },
      { kind: 'leave', player: 'x1' },
      { kind: 'phase' },
      { kind: 'declare', winner: 'good' }
    ];
    for (const m of moves) expect(readMove(JSON.parse(JSON.stringify(m)))).toEqual(m);
    for (const bad of [null, [], { kind: 'die' }, { kind: 'join', player: 'x', name: 'A', character: 'beggar', alignment: 'good' }, { kind: 'fabled', character: 'angel' }, { kind: 'declare', winner: 'town' }, { kind: 'vote', voters: 'p1' }, { kind: 'phase', overrule: 'yes' }, { kind: 'note', player: 'p1', text: 'x'.repeat(501) }, { kind: 'hack' }])
      expect(readMove(bad)).toBeNull();
    expect(readMove({ kind: 'die', player: 'p1', extra: '<script>' })).toEqual({ kind: 'die', player: 'p1' });
  });
});

it('TB fixture is the Trouble Brewing script', () => {
  expect((TB[0] as { name: string }).name).toBe('Trouble Brewing');
});

describe('the Fabled, and Travellers joining and leaving during the game', () => {
  it('puts a Fabled in the centre and takes it away, its reminders offered while it is there', () => {
    const g = game();
    g.move({ kind: 'fabled', character: 'doomsayer', on: true });
    expect(boardOf(g.view).fabled.map((f) => f.name)).toEqual(['Doomsayer']);
    expect(refusal(() => g.move({ kind: 'fabled', character: 'doomsayer', on: true })).text.key).toBe('botc:refused.fabledThere');
    expect(refusal(() => g.move({ kind: 'fabled', character: 'imp', on: true })).text.key).toBe('botc:refused.unknown');
    g.move({ kind: 'fabled', character: 'doomsayer', on: false });
    expect(boardOf(g.view).fabled).toEqual([]);
  });

  it('seats a Traveller who joins where they sit, counts them, and lets them leave', () => {
    const g = game();
    const m = by(g);
    g.move({ kind: 'join', player: 'x1', name: 'Hubert', character: 'beggar', alignment: 'good', after: 'p3' });
    expect(boardOf(g.view).seats.map((s) => s.name)).toEqual(['Ania', 'Bartek', 'Celina', 'Hubert', 'Darek', 'Ewa', 'Filip', 'Gosia']);
    expect(g.view.stage).toBe('play');
    expect(boardOf(g.view).exileThreshold).toBe(4);
    expect(refusal(() => g.move({ kind: 'join', player: 'x2', name: ' hubert ', character: 'beggar', alignment: 'good', after: null })).text.key).toBe('botc:refused.joinNameTaken');
    expect(refusal(() => g.move({ kind: 'join', player: 'x2', name: 'Iza', character: 'chef', alignment: 'good', after: null })).text.key).toBe('botc:refused.unknown');
    m.place('poisoner', 'Poisoned', 'Hubert');
    expect(refusal(() => g.move({ kind: 'leave', player: 'p1' })).text.key).toBe('botc:refused.notTravellerLeave');
    g.move({ kind: 'leave', player: 'x1' });
    expect(boardOf(g.view).seats.map((s) => s.name)).not.toContain('Hubert');
    expect(boardOf(g.view).seats.flatMap((s) => s.reminders)).toEqual([]);
    expect(refusal(() => g.move({ kind: 'die', player: 'x1' })).text.key).toBe('botc:refused.unknown');
    expect(botc.view(g.replayed())).toEqual(g.view);
  });
});

describe('a pretended call', () => {
  it('lists the script’s characters nobody holds in their places, with nobody to wake', () => {
    const g = game();
    const lines = boardOf(g.view).nightWithAbsent.filter((l) => l.kind === 'character');
    expect(lines.map((l) => l.kind === 'character' && l.character.id)).toEqual(['poisoner', 'washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'butler', 'spy']);
    expect(lines.find((l) => l.kind === 'character' && l.character.id === 'spy')).toMatchObject({ holders: [] });
  });
});
