/**
 * The roles one by one, at night: what each answer changes (the statue, lives, who sleeps)
 * and what the Manitou is shown. Rolls (the Gods, Kaszabara) use the game's seeded generator:
 * the seeds below give the rolls named in each test.
 */
import { describe, expect, it } from 'vitest';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { candidates, fate, game, keys, marks, quietDay, statue, unanimous, until, type G } from './game';

const hint = (g: G, key: string) => g.step.hints.find((h) => h.key === `ktulu:${key}`);
const at = (g: G, id: string) => {
  expect(g.at).toBe(id);
  return g;
};

/** Through the zero night with the defaults (the fewest picks), the bandits giving the statue to `holder`, then a quiet day. */
function toNight1(roles: RoleId[], holder: string, seed = 7, settings = {}): G {
  const g = game(roles, settings, seed);
  for (let i = 0; i < 30 && g.view.phase?.kind === 'night'; i++) {
    if (g.step.number === '6' && g.at === 'zeroNight.6') g.pick(holder);
    else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: g.step.answer.candidates.filter((id) => g.name(id) !== holder).slice(0, g.step.answer.min) });
    else g.next();
  }
  return quietDay(g);
}

describe('Lucky Luke', () => {
  // Ania Lucky Luke, Bartek Sheriff, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Indian.
  const LUKE: RoleId[] = ['luckyLuke', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

  it('acts first: searches, may kill and follow once, learns who holds the statue, and rides off with it the next night', () => {
    const g = toNight1(LUKE, 'Darek');
    at(g, 'night.1').next();
    // Step 2 is not called: he does not have the statue.
    at(g, 'night.3').pick('Darek');
    expect(statue(g)).toBe('Ania');
    at(g, 'night.3.result');
    expect(hint(g, 'hints.found')?.params).toEqual({ name: 'Darek', holder: 'Ania' });
    g.next();
    at(g, 'night.4');
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0 });
    g.pick();
    at(g, 'night.5').pick();
    at(g, 'night.6');
    expect(keys(g.step.hints)).toContain('hints.lukeHolds');
    g.next();
    at(g, 'night.7').next();
    at(g, 'night.8').pick('Celina');
    until(g, 'night.24').pick('Celina');
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.statue', params: { faction: 'luckyLuke' } });
    quietDay(g.next());
    at(g, 'night.1').next();
    at(g, 'night.2');
    expect(keys(g.step.hints)).toContain('hints.rideAway');
    g.next();
    expect(g.view.outcome).toMatchObject({ winner: 'luckyLuke', winners: [g.id('Ania')], reason: { key: 'ktulu:outcome.rodeOff' } });
  });

  it('takes the statue at once from the person he follows when they get it', () => {
    const g = toNight1(LUKE, 'Darek');
    g.next().pick('Celina').next();
    at(g, 'night.4').pick();
    at(g, 'night.5').pick('Bartek');
    expect(marks(g, 'Bartek')).toContain('followed');
    g.next().next();
    // The Sheriff jails the holder: the statue would go to him, and goes on to Lucky Luke.
    at(g, 'night.8').pick('Darek');
    expect(statue(g)).toBe('Ania');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.followTakes')).toBe(true);
    until(g, 'night.24').pick('Celina');
    until(g, 'day.morning');
    quietDay(g.next());
    // Once spent, his following is no longer asked for; he has the statue and rides off.
    at(g, 'night.1').next();
    at(g, 'night.2');
  });

  /** Night 1: Lucky Luke (Ania) searches Celina, kills nobody and follows Ewa; on to the Sheriff's step 8. */
  function lukeFollowsEwa(roles: RoleId[]): G {
    const g = toNight1(roles, 'Darek');
    g.next().pick('Celina').next();
    at(g, 'night.4').pick();
    at(g, 'night.5').pick('Ewa');
    return g.next().next();
  }

  // "Może się zdarzyć, że jakaś osoba nie jest aktywna (została np. spita lub zamknięta w więzieniu),
  // wtedy nie budzi się tej nocy wcale. Jeśli ma posążek, to nie może go przekazać, nie może też
  // zostać jej przekazany." Lucky Luke asleep in jail cannot be handed the statue, by following either.
  it('jailed, does not take the statue from the person he follows: they keep it', () => {
    const g = lukeFollowsEwa(LUKE);
    at(g, 'night.8').pick('Ania');
    until(g, 'night.17').pick('Ewa');
    expect(statue(g)).toBe('Ewa');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.followTakes')).toBe(false);
    // The following still stands: he is only asleep tonight.
    expect(marks(g, 'Ewa')).toContain('followed');
  });

  it('drinking with the Drunkard, does not take the statue from the person he follows either', () => {
    const g = lukeFollowsEwa([...LUKE, 'drunkard']);
    at(g, 'night.8').pick('Celina');
    until(g, 'night.13').pick('Ania');
    until(g, 'night.17').pick('Ewa');
    expect(statue(g)).toBe('Ewa');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.followTakes')).toBe(false);
  });

  it('awake, takes the statue the bandits hand to the person he follows', () => {
    const g = lukeFollowsEwa(LUKE);
    at(g, 'night.8').pick('Celina');
    until(g, 'night.17').pick('Ewa');
    expect(statue(g)).toBe('Ania');
  });

  it('kills once per game; the killed holder’s statue passes to him', () => {
    const g = toNight1(LUKE, 'Darek');
    g.next().pick('Celina').next();
    at(g, 'night.4').pick('Darek');
    expect(fate(g, 'Darek')).toBe('killed');
    expect(statue(g)).toBe('Ania');
    at(g, 'night.4.result').next();
    at(g, 'night.5');
  });

  it('the Tax Collector learns nothing while Lucky Luke has the statue', () => {
    const g = toNight1([...LUKE, 'taxCollector'], 'Darek');
    g.next().pick('Darek').next().pick().pick().next().next();
    at(g, 'night.8').pick('Celina');
    at(g, 'night.10');
    expect(g.step.answer.kind).toBe('yesno');
    expect(keys(g.step.hints)).toContain('hints.taxLuke');
    g.yes();
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'taxCollector', action: 'learnHolder', left: 0, total: 1 }, secret: true });
  });
});

describe('the Indians', () => {
  // Ania Sheriff, Bartek Townsman, Celina Townsman, Darek Bandit Leader, Ewa Bandit, Filip Chief, Gosia Shamaness, Hubert Silent Foot, Iga Burning Rage, Jan Warrior.
  const TRIBE: RoleId[] = ['sheriff', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'shamaness', 'silentFoot', 'burningRage', 'warrior'];

  it('kill a second time with the statue; the Burning Rage kills when they took it tonight; the Warrior once', () => {
    const g = toNight1(TRIBE, 'Darek');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Darek').next();
    at(g, 'night.25').pick('Celina');
    at(g, 'night.27').pick('Ewa');
    at(g, 'night.28').pick();
    at(g, 'night.29').pick();
    at(g, 'night.30');
    expect(g.alive).not.toContain('Celina');
    expect(g.alive).not.toContain('Ewa');
  });

  it('the Silent Foot plants the statue: its holder does not know, the morning does not say, and he may take it back', () => {
    const g = toNight1(TRIBE, 'Darek');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Darek').next().pick('Celina').pick('Ania').pick().pick();
    at(g, 'night.30').pick('Hubert');
    at(g, 'night.31');
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0 });
    g.pick('Ewa');
    expect(marks(g, 'Ewa')).toContain('planted');
    until(g, 'day.morning');
    // The Indians took it from the bandits before it was planted: that change is announced as usual,
    // the planting is not (the table still believes the Indians have it).
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.statue', params: { faction: 'indians' } });
    quietDay(g.next());
    // The bandits do not know Ewa has it: they are not asked who holds it, and their search finds nothing new on her.
    until(g, 'night.16').pick();
    at(g, 'night.18').next();
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.31');
    expect(candidates(g)).toEqual(['Ewa']);
    expect(hint(g, 'hints.takeBack')?.params).toEqual({ name: 'Ewa' });
    g.pick('Ewa');
    expect(statue(g)).toBe('Hubert');
    // Taking it back is no change of hands: the morning says nothing of the statue.
    until(g, 'day.morning');
    expect(keys(g.step.announce)).not.toContain('announce.statue');
  });

  it('a planted statue is found when its holder is searched by day: the Town wins', () => {
    const g = toNight1(TRIBE, 'Darek');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Darek').next().pick('Celina').pick('Ania').pick().pick();
    at(g, 'night.30').pick('Hubert');
    at(g, 'night.31').pick('Ewa');
    until(g, 'day.searchVote');
    unanimous(g, 'Ewa', 'Bartek');
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundBySearch', params: { name: 'Ewa' } } });
  });

  it('the Shamaness’s poison kills the next day, before the search vote', () => {
    const g = toNight1(TRIBE, 'Darek');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    at(g, 'night.28').pick('Celina');
    expect(marks(g, 'Celina')).toContain('poisoned');
    until(g, 'day.morning');
    expect(keys(g.step.announce)).not.toContain('announce.fate.poisoned');
    g.next().pick();
    at(g, 'day.poison');
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.poison', params: { name: 'Celina' } });
    g.next();
    expect(fate(g, 'Celina')).toBe('poisoned');
    at(g, 'day.searchVote');
    expect(g.step.announce).toEqual([{ key: 'ktulu:announce.fate.poisoned', params: { name: 'Celina', role: 'townsman' } }]);
  });

  it('the Lone Coyote, the only Indian awake, kills once more', () => {
    const g = toNight1(['sheriff', 'townsman', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'loneCoyote'], 'Ewa');
    at(g, 'night.8').pick('Gosia');
    until(g, 'night.24').pick('Bartek');
    at(g, 'night.26').pick('Celina');
    expect(g.alive).not.toContain('Celina');
  });
});

describe('the Town’s night roles', () => {
  // Ania Sheriff, Bartek Gambler, Celina Drunkard, Darek Hangman, Ewa Townsman, Filip Bandit Leader, Gosia Cardsharp, Hubert Chief, Iga Indian.
  const TOWN: RoleId[] = ['sheriff', 'gambler', 'drunkard', 'hangman', 'townsman', 'banditLeader', 'cardsharp', 'chief', 'indian'];

  it('the Drunkard’s partner does not wake tonight; the morning says who went drinking', () => {
    const g = toNight1(TOWN, 'Filip');
    at(g, 'night.8').pick('Ewa');
    at(g, 'night.13').pick('Filip');
    at(g, 'night.14').pick();
    at(g, 'night.15');
    expect(keys(g.step.hints)).toEqual(['hints.awake']);
    expect(g.step.hints[0].params).toMatchObject({ names: 'Gosia' });
    // The drinking holder cannot pass the statue on: step 17 is not called.
    g.next().pick();
    at(g, 'night.18');
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.drank', params: { name: 'Filip' } });
    expect(g.view.log.find((l) => l.text.key === 'ktulu:log.drink')).toMatchObject({ text: { params: { name: 'Filip' } }, secret: false });
  });

  it('the Hangman kills once; a townsperson who takes the statue and keeps it till dawn wins for the Town', () => {
    const g = toNight1(TOWN, 'Filip');
    at(g, 'night.8').pick('Ewa');
    at(g, 'night.13').pick();
    at(g, 'night.14').pick('Filip');
    expect(statue(g)).toBe('Darek');
    g.next();
    until(g, 'night.24').pick('Ewa');
    until(g, 'day.morning');
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { params: { name: 'Darek', role: 'hangman' } } });
  });

  it('the Gambler plays from the second night: anyone not from the town dies and he points again; a townsperson kills him', () => {
    const g = toNight1(TOWN, 'Filip');
    at(g, 'night.8').pick('Ewa');
    // Not on the first night.
    at(g, 'night.13').pick();
    until(g, 'night.24').pick('Darek');
    until(g, 'day.morning');
    quietDay(g.next());
    at(g, 'night.8').pick('Ewa');
    at(g, 'night.12');
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0 });
    expect(g.step.answer.kind === 'players' && g.step.answer.marks?.[g.id('Ewa')]).toEqual({ key: 'ktulu:marks.townsperson', secret: true });
    g.pick('Filip');
    at(g, 'night.12.again');
    expect(statue(g)).toBe('Bartek');
    g.pick('Hubert');
    at(g, 'night.12.again').pick('Ewa');
    expect(fate(g, 'Bartek')).toBe('killed');
    // He won the statue: it passes to the townsperson at whom he died.
    expect(statue(g)).toBe('Ewa');
    until(g, 'day.morning');
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { params: { name: 'Ewa' } } });
    // With whom he played is public ("z kim gra hazardzista"); that Ewa is from the town is not.
    const gambled = g.view.log.filter((l) => l.text.key.startsWith('ktulu:log.gamble')).map((l) => [l.text.key, l.text.params?.name, l.secret]);
    expect(gambled).toEqual([
      ['ktulu:log.gambleShot', 'Filip', false],
      ['ktulu:log.gambleShot', 'Hubert', false],
      ['ktulu:log.gambleShot', 'Ewa', false],
      ['ktulu:log.gambleLost', 'Ewa', true]
    ]);
  });

  it('the Cardsharp’s partner sleeps, loses the statue to him, and the morning says he played with its owner', () => {
    const g = toNight1(TOWN, 'Filip');
    at(g, 'night.8').pick('Ewa');
    until(g, 'night.21').pick('Ewa');
    at(g, 'night.21.result');
    expect(statue(g)).toBe('Filip');
    g.next();
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.cards', params: { name: 'Ewa' } });
    expect(g.view.log.find((l) => l.text.key === 'ktulu:log.cards')).toMatchObject({ text: { params: { name: 'Ewa' } }, secret: false });
  });

  it('the Cardsharp who wins the statue: the log, like the morning, says only that he played with its owner', () => {
    const g = toNight1(TOWN, 'Filip');
    at(g, 'night.8').pick('Ewa');
    until(g, 'night.21').pick('Filip');
    expect(statue(g)).toBe('Gosia');
    until(g, 'day.morning');
    expect(g.step.announce).toContainEqual({ key: 'ktulu:announce.cardsHolder' });
    const cards = g.view.log.filter((l) => l.text.key.startsWith('ktulu:log.cards')).map((l) => [l.text.key, l.text.params?.name, l.secret]);
    expect(cards).toEqual([
      ['ktulu:log.cardsHolder', undefined, false],
      ['ktulu:log.cardsWon', 'Filip', true]
    ]);
    // Nothing public names the holder he played with.
    expect(g.view.log.filter((l) => !l.secret && l.phase.kind === 'night').some((l) => l.text.params?.name === 'Filip')).toBe(false);
  });
});

describe('the Aliens', () => {
  // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Great Alien, Hubert Detector, Iga Mind Eater.
  const ALIENS: RoleId[] = ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'greatAlien', 'detector', 'mindEater'];

  it('the Detector learns which arc holds the statue; the Mind Eater sees a card; a search takes it and they signal', () => {
    const g = toNight1(ALIENS, 'Celina');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.35');
    g.pick('Ania');
    at(g, 'night.35.result');
    // Seats: Ania 0 … Hubert 7: clockwise from Ania to Hubert runs Bartek, Celina, …, Gosia.
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.detect.clockwise', params: { name: 'Ania', names: 'Bartek, Celina, Darek, Ewa, Filip, Gosia' } }]);
    g.next();
    at(g, 'night.36').pick('Ewa');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.showCard', params: { role: 'mindEater', name: 'Ewa', card: 'chief' } }]);
    g.next();
    at(g, 'night.37').pick('Celina');
    expect(statue(g)).toBe('Gosia');
    g.next();
    at(g, 'night.40');
    expect(g.step.hints).toContainEqual({ key: 'ktulu:hints.signal', params: { n: 1, max: 3 } });
    g.next();
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.signals', params: { n: 1, max: 3 }, secret: true });
    at(g, 'night.41').pick('Iga');
    expect(statue(g)).toBe('Iga');
  });
});

describe('the Runaways', () => {
  // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Kali, Hubert Cleaning Lady.
  const RUN: RoleId[] = ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'kali', 'cleaningLady'];

  it('search, scrape gold with the statue, and may escape the next night', () => {
    const g = toNight1(RUN, 'Celina');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.43');
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.mayNotEscape', params: { scrapes: 0, n: 1 }, secret: true });
    g.next();
    // No escape yet: straight to their search.
    at(g, 'night.45a').pick('Celina');
    expect(statue(g)).toBe('Gosia');
    g.next();
    at(g, 'night.46').pick('Ania');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.showCard', params: { role: 'kali', name: 'Ania', card: 'sheriff' } }]);
    g.next();
    at(g, 'night.47').no();
    at(g, 'night.48');
    expect(g.step.answer).toMatchObject({ kind: 'players', min: 0, max: 2 });
    g.pick('Ania', 'Bartek');
    expect(keys(g.step.hints)).toEqual(['hints.cleanEmpty']);
    g.next();
    at(g, 'night.49').next();
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.mayEscape', params: { scrapes: 1 }, secret: true });
    at(g, 'night.50').pick('Gosia');
    g.next();
    until(g, 'day.morning');
    quietDay(g.next());
    until(g, 'night.44');
    expect(candidates(g)).toEqual(['Gosia', 'Hubert']);
    g.pick('Gosia');
    at(g, 'night.45').next();
    expect(fate(g, 'Gosia')).toBe('escaped');
    // The escapee's statue stays with the Runaways.
    expect(statue(g)).toBe('Hubert');
    expect(g.view.outcome).toBeNull();
  });

  it('Kali robs the master he chose tonight: the statue passes to him if the master has it', () => {
    const g = toNight1(RUN, 'Celina');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.46').pick('Celina').next();
    at(g, 'night.47').yes();
    expect(statue(g)).toBe('Gosia');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.robbed', params: { name: 'Celina' } }]);
  });
});

describe('the Bungling Gods', () => {
  // Ania Sheriff, Bartek Townsman, Celina Bandit Leader, Darek Bandit, Ewa Chief, Filip Indian, Gosia Kaszabara, Hubert Banner, Iga He Whose Name.
  const GODS: RoleId[] = ['sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian', 'kaszabara', 'banner', 'heWhoseName'];

  it('a landed shot at the holder hits the statue (seed 18: every roll lands), and the gods may take it', () => {
    const g = toNight1(GODS, 'Celina', 18);
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.52').pick();
    at(g, 'night.53').next();
    at(g, 'night.54').pick('Celina');
    at(g, 'night.54.result');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.shotHits', params: { name: 'Celina', n: 1, max: 3 } }]);
    g.next();
    at(g, 'night.54.take').yes();
    expect(statue(g)).toBe('Gosia');
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.hits', params: { n: 1, max: 3 }, secret: true });
  });

  it('a failed shot kills the one shot at (seed 2: the first roll fails)', () => {
    const g = toNight1(GODS, 'Celina', 2);
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.54').pick('Darek');
    expect(fate(g, 'Darek')).toBe('shot');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.shotMissesKills', params: { name: 'Darek' } }]);
  });

  it('the Banner’s nightmare: a refusal kills, cooperation shows the card and whether the statue is near', () => {
    const g = toNight1(GODS, 'Celina');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.52').pick('Darek');
    at(g, 'night.52.cooperate');
    expect(g.step.answer.kind).toBe('yesno');
    g.yes();
    at(g, 'night.52.result');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.bannerNear', params: { name: 'Darek', card: 'bandit', names: 'Celina, Ewa' } }]);
    const h = toNight1(GODS, 'Celina');
    h.pick('Bartek');
    until(h, 'night.24').pick('Bartek');
    until(h, 'night.52').pick('Darek').no();
    expect(fate(h, 'Darek')).toBe('heartAttack');
  });

  it('Kaszabara’s possession (seed 18: it works) sends him the statue when the possessed gets it', () => {
    const g = toNight1(GODS, 'Celina', 18);
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.54').pick('Ewa').next();
    at(g, 'night.55').pick();
    at(g, 'night.56').pick('Darek');
    expect(g.step.hints).toEqual([{ key: 'ktulu:hints.possessed', params: { name: 'Darek' } }]);
    g.next();
    until(g, 'day.morning');
    quietDay(g.next());
    until(g, 'night.17').pick('Darek');
    expect(statue(g)).toBe('Gosia');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.sacrifice')).toBe(true);
  });
  it('Kaszabara asleep in jail is not sacrificed the statue: the possessed keeps it', () => {
    const g = toNight1(GODS, 'Celina', 18);
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Bartek');
    until(g, 'night.54').pick('Ewa').next();
    at(g, 'night.55').pick();
    at(g, 'night.56').pick('Darek').next();
    until(g, 'day.morning');
    quietDay(g.next());
    at(g, 'night.8').pick('Gosia');
    until(g, 'night.17').pick('Darek');
    expect(statue(g)).toBe('Darek');
    expect(g.view.log.some((l) => l.text.key === 'ktulu:log.sacrifice')).toBe(false);
  });
});

describe('the Doctor', () => {
  const DOC: RoleId[] = ['sheriff', 'doctor', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

  it('is asked about a death at night once everyone’s eyes are closed, and may bring the person back, once', () => {
    const g = toNight1(DOC, 'Darek');
    at(g, 'night.8').pick('Celina');
    until(g, 'night.24').pick('Ewa');
    expect(fate(g, 'Ewa')).toBe('killed');
    // Not while the Indians are awake: at the end of the night.
    at(g, 'night.32').next();
    at(g, 'night.doctor');
    expect(g.step.hints[0]).toEqual({ key: 'ktulu:hints.doctor', params: { doctor: 'Bartek', name: 'Ewa' } });
    expect(g.step.prompt.key).toBe('ktulu:steps.doctorNight');
    g.yes();
    expect(g.alive).toContain('Ewa');
    at(g, 'day.morning');
    expect(keys(g.step.announce)).not.toContain('announce.fate.killed');
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'doctor', action: 'revive', left: 0, total: 1 }, secret: true });
    // Spent: the next death is final.
    quietDay(g.next());
    at(g, 'night.8').pick('Celina');
    until(g, 'night.24').pick('Ewa');
    until(g, 'day.morning');
    expect(keys(g.step.announce)).toContain('announce.fate.killed');
  });

  it('is not asked while jailed, nor about his own death', () => {
    const g = toNight1(DOC, 'Darek');
    at(g, 'night.8').pick('Bartek');
    until(g, 'night.24').pick('Ewa');
    at(g, 'night.32').next();
    at(g, 'day.morning');
    const h = toNight1(DOC, 'Darek');
    at(h, 'night.8').pick('Celina');
    until(h, 'night.24').pick('Bartek');
    at(h, 'night.32').next();
    at(h, 'day.morning');
  });
});
