/**
 * The log tells the whole story: every tally with its counts, every call answered (a declined
 * ability too), one line per event, and an outcome that names any other side whose condition
 * held when the game was won.
 */
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../src/lib/engine/types';
import type { RoleId } from '../../../src/lib/games/cluethulhu';
import { elect, game, quietNight, SEVEN, until } from './fixture';

const lines = (log: LogLine[], key: string) => log.filter((l) => l.text.key === `cluethulhu:log.${key}`);
const cultists = (n: number): RoleId[] => Array(n).fill('cultist');

describe('the Cluethulhu log', () => {
  it('records the election and each round of the vote with their counts, in seating order, for everyone', () => {
    const g = until(game(SEVEN).pick('Ewa').next().pick(), 'night.wake').next();
    elect(g, 'Gosia');
    expect(lines(g.view.log, 'election')).toEqual([{ phase: { kind: 'night', number: 1 }, text: { key: 'cluethulhu:log.election', params: { counts: 'Gosia (7)' } }, secret: false }]);
    if (g.at === 'night.ritual') g.next();
    g.next().pick('Filip', 'Bartek');
    g.tally({ Bartek: 2, Filip: 3 }).yes();
    g.tally({ Filip: 5 });
    expect(lines(g.view.log, 'votes').map((l) => [l.text.params, l.secret])).toEqual([
      [{ round: 1, counts: 'Bartek (2), Filip (3)' }, false],
      [{ round: 2, counts: 'Filip (5)' }, false]
    ]);
  });

  it('records a call answered “no” as the ability left unused, only for the Keeper', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'mother', 'traitor', 'yithian', 'tchoTcho', ...cultists(4)];
    const g = until(game(roles), 'day.mother').no();
    expect(g.at).toBe('day.psychiatrist');
    g.no();
    expect(g.at).toBe('day.tchoTcho');
    g.pick('Iga').next();
    g.no().no();
    const keys = g.view.log.filter((l) => l.secret).map((l) => l.text.key.replace('cluethulhu:log.', ''));
    expect(keys).toEqual(expect.arrayContaining(['motherNone', 'psychiatristNone', 'traitorNone', 'yithianNone']));
  });

  it('an absorb at Night is one line', () => {
    // Ania and Bartek Investigators, Celina Wizard, Darek Shoggoth, the rest Cultists: the Shoggoth is murdered and absorbs.
    const roles: RoleId[] = ['investigator', 'investigator', 'wizard', 'shoggoth', ...cultists(6)];
    const g = until(game(roles), 'night.wake');
    quietNight(g);
    until(g, 'night.accusation').pick('Darek');
    g.tally({ Darek: 9 });
    expect(g.at).toBe('night.shoggothAbsorb');
    g.pick('Ewa');
    const about = g.view.log.filter((l) => Object.values(l.text.params ?? {}).includes('Ewa'));
    expect(about.map((l) => l.text.key)).toEqual(['cluethulhu:log.absorb']);
  });

  it('the Blood Siblings win as the last two, and the Investigators’ condition, also met, is named', () => {
    const roles: RoleId[] = ['investigator', 'investigator', 'psychiatrist', 'wizard', 'mother', ...cultists(6)];
    const g = until(game(roles), 'day.mother').yes().pick('Ania', 'Filip');
    const side = (id: string) => g.view.players.find((p) => p.id === id)!.card.side.key.split('.').pop();
    const order = ['investigators', 'neutral', 'cult'];
    const others = g.view.players.filter((p) => !['Ania', 'Filip'].includes(p.name)).sort((a, b) => order.indexOf(side(a.id)!) - order.indexOf(side(b.id)!));
    for (const p of others) if (g.view.stage === 'play') g.override({ kind: 'eliminate', player: p.id });
    expect(g.view.outcome).toMatchObject({ winner: 'siblings', alsoMet: ['investigators'] });
  });
});
