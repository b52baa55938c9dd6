/**
 * Ktulu as the rest of Lantern sees it: the deal in the app, the definition's fields, the
 * Manitou's rulings, pretended calls, progress through a night, the Manitou's facts, and the
 * printable call sheet.
 */
import { describe, expect, it } from 'vitest';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { ktulu } from '../../../src/lib/games/ktulu';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';
import { FOUR, game, keys, setupFor, statue, until } from './game';

const SMALL: RoleId[] = ['sheriff', 'pastor', 'bodyguard', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

describe('the deal', () => {
  it('in the app: one pass-and-peek step per player, dealt from the roster with the seed, undo never past it', () => {
    const setup = { ...setupFor(SMALL), deal: { mode: 'app' as const } };
    const g = new HeadlessGame(ktulu, { setup, seed: 42 });
    expect(ktulu.dealSteps(setup)).toBe(8);
    expect(g.view.stage).toBe('dealing');
    expect(ktulu.dealing(g.snapshot)).toEqual({ player: 'p1', index: 0, total: 8 });
    expect(g.step.prompt).toEqual({ key: 'ktulu:steps.deal', params: { name: 'Ania' } });
    for (let i = 0; i < 8; i++) g.next();
    expect(ktulu.dealing(g.snapshot)).toBeNull();
    expect(g.at).toBe('zeroNight.4');
    const dealt = g.view.players.map((p) => p.card.role.key.split('.')[1]).sort();
    expect(dealt).toEqual([...SMALL].sort());
    // The same seed deals the same cards.
    const again = new HeadlessGame(ktulu, { setup, seed: 42 });
    for (let i = 0; i < 8; i++) again.next();
    expect(again.view.players).toEqual(g.view.players);
  });

  it('recorded from a physical deal: no dealing steps', () => {
    const setup = setupFor(SMALL);
    expect(ktulu.dealSteps(setup)).toBe(0);
    expect(game(SMALL).view.stage).toBe('play');
  });

  it('shows each card with its faction, its ability and its faction’s tone', () => {
    const p = game(SMALL).view.players[4];
    expect(p.card).toEqual({
      role: { key: 'ktulu:roles.banditLeader.name' },
      side: { key: 'ktulu:factions.bandits' },
      ability: { key: 'ktulu:roles.banditLeader.ability' },
      tone: 'bandits'
    });
  });
});

describe('the definition', () => {
  it('names the game, its namespace, its players and its seven possible winners', () => {
    expect(ktulu).toMatchObject({ id: 'ktulu', namespace: 'ktulu', minPlayers: 6, maxPlayers: 30 });
    expect(ktulu.players(setupFor(SMALL)).map((p) => p.name)).toEqual(['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert']);
    expect(ktulu.validateSetup(setupFor(SMALL))).toEqual([]);
  });

  it('is listed in the catalogue and loaded on demand', async () => {
    const { CATALOGUE, loadGame } = await import('../../../src/lib/games');
    expect(CATALOGUE.find((g) => g.id === 'ktulu')).toMatchObject({ namespace: 'ktulu', minPlayers: 6, maxPlayers: 30, setupRoute: '/new/ktulu' });
    expect((await loadGame('ktulu')).id).toBe('ktulu');
  });
});

describe('the Manitou’s rulings', () => {
  it('take a player out and bring them back, at any step', () => {
    const g = game(SMALL);
    g.override({ kind: 'eliminate', player: g.id('Darek') });
    expect(g.alive).not.toContain('Darek');
    expect(g.view.players.find((p) => p.name === 'Darek')!.fate).toEqual({ key: 'ktulu:fate.keeper' });
    expect(g.at).toBe('zeroNight.4');
    g.override({ kind: 'revive', player: g.id('Darek') });
    expect(g.alive).toContain('Darek');
  });

  it('declare a winner, with the faction’s players as winners', () => {
    const g = game(SMALL).override({ kind: 'declareWinner', winner: 'indians' });
    expect(g.view.stage).toBe('over');
    expect(g.view.outcome).toEqual({ winner: 'indians', reason: { key: 'ktulu:outcome.keeper', params: { winner: 'indians' } }, winners: [g.id('Gosia'), g.id('Hubert')] });
  });

  it('eliminating the statue’s holder by day is a death by day: the Town finds it', () => {
    const g = game(SMALL).pick('Darek').pick('Darek').next().pick('Filip').next();
    expect(g.at).toBe('day.morning');
    g.override({ kind: 'eliminate', player: g.id('Filip') });
    expect(g.view.outcome).toMatchObject({ winner: 'town', reason: { key: 'ktulu:outcome.foundOnDeath' } });
  });

  it('eliminating the only Indians’ last opponent ends the game for the Indians', () => {
    const g = game(['sheriff', 'banditLeader', 'chief', 'indian', 'townsman', 'townsman']);
    for (const name of ['Ania', 'Bartek', 'Ewa']) g.override({ kind: 'eliminate', player: g.id(name) });
    expect(g.view.outcome).toBeNull();
    g.override({ kind: 'eliminate', player: g.id('Filip') });
    expect(g.view.outcome).toMatchObject({ winner: 'indians' });
  });
});

describe('pretended calls', () => {
  it('read absent roles of the factions in play, marked pretend, answered with Next only', () => {
    const g = game(SMALL, { callAbsentRoles: true });
    expect(g.at).toBe('zeroNight.1');
    expect(g.step).toMatchObject({ number: '1', pretend: true, answer: { kind: 'none' }, after: { key: 'ktulu:zeroNight.1.after' } });
    g.next();
    expect(g.at).toBe('zeroNight.2');
    g.next().next();
    expect(g.at).toBe('zeroNight.4');
    expect(g.step.pretend).toBeUndefined();
  });
});

describe('progress through a night', () => {
  it('counts the steps called, then those still ahead judged on the state now', () => {
    const g = game(FOUR);
    const seen: [number, number][] = [];
    for (let i = 0; i < 30 && g.view.phase?.kind === 'night'; i++) {
      seen.push([g.step.progress.index, g.step.progress.total]);
      if (g.at === 'zeroNight.4') g.pick('Filip');
      else if (g.step.answer.kind === 'players') g.answer({ kind: 'players', ids: g.step.answer.candidates.slice(0, Math.max(1, g.step.answer.min)) });
      else g.next();
    }
    // Harlot (and her client), Sheriff, Pastor (and his answer), bandits, Indians, Aliens.
    expect(seen).toEqual([[1, 6], [1, 6], [2, 6], [3, 6], [3, 6], [4, 6], [5, 6], [6, 6]]);
  });
});

describe('the Manitou’s facts', () => {
  it('say who has the statue, the ship’s morning, the searches, and the limited powers left', () => {
    const g = game(FOUR);
    until(g, 'day.morning');
    const f = keys(g.view.facts);
    expect(f[0]).toBe('hints.statueWith');
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.signals', params: { n: 0, max: 3 }, secret: true });
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.ship', params: { night: 3, morning: 4 } });
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.searches', params: { n: 2 } });
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.duels', params: { n: 0, max: 2 } });
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'drunkard', action: 'drink', left: 2, total: 2 }, secret: true });
    expect(g.view.facts).toContainEqual({ key: 'ktulu:facts.uses', params: { role: 'avenger', action: 'kill', left: 1, total: 1 }, secret: true });
    expect(f).not.toContain('facts.hits');
    expect(statue(g)).not.toBeNull();
  });

  it('keep the statue’s holder secret from everyone but the Manitou', () => {
    const g = game(FOUR);
    until(g, 'day.morning');
    const mark = g.view.players.flatMap((p) => p.marks).find((m) => m.id === 'statue');
    expect(mark?.secret).toBe(true);
  });
});

describe('the call sheet', () => {
  it('lists the cards, then the zero night’s and the night’s steps for the roster, with the book’s numbers', () => {
    const sheet = ktulu.sheet!(setupFor(FOUR));
    expect(sheet.map((s) => s.title.key)).toEqual(['ktulu:sheet.roster', 'ktulu:sheet.zeroNight', 'ktulu:sheet.night']);
    expect(sheet[0].lines[0].say.key).toBe('ktulu:sheet.bluffOff');
    expect(sheet[0].lines.slice(1).map((l) => l.role?.key)).toContain('ktulu:roles.detector.name');
    const numbers = (i: number) => sheet[i].lines.filter((l) => l.note).map((l) => l.note!.params!.n);
    expect(numbers(1)).toEqual(['1', '4', '5', '6', '7', '8']);
    expect(numbers(2)).toEqual(['8', '9', '13', '15', '16', '17', '18', '19', '22', '23', '24', '25', '29', '30', '32', '34', '35', '37', '40', '41', '42']);
    const pastor = sheet[2].lines.find((l) => l.note?.params?.n === '9')!;
    expect(pastor).toEqual({ role: { key: 'ktulu:roles.pastor.name' }, say: { key: 'ktulu:night.9.say' }, note: { key: 'ktulu:sheet.step', params: { n: '9', kind: 'night' } } });
    // A role woken alone is sent back to sleep on the next line.
    expect(sheet[2].lines[sheet[2].lines.indexOf(pastor) + 1]).toEqual({ say: { key: 'ktulu:night.9.after' } });
  });

  it('with absent roles called, adds the factions’ missing roles as pretend lines, never a faction not dealt', () => {
    const sheet = ktulu.sheet!(setupFor(FOUR, { callAbsentRoles: true }));
    const night = sheet[2].lines.filter((l) => l.note);
    expect(night.find((l) => l.note!.params!.n === '10')?.note?.key).toBe('ktulu:sheet.pretend');
    expect(night.some((l) => l.note!.params!.n === '1')).toBe(false);
    expect(night.some((l) => l.note!.params!.n === '43')).toBe(false);
  });

  it('names roles, never players', () => {
    const text = JSON.stringify(ktulu.sheet!(setupFor(FOUR)));
    for (const name of ['Ania', 'Bartek', 'Nina']) expect(text).not.toContain(name);
  });
});
