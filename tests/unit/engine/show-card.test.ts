/**
 * The steps where the moderator shows one player's card to a role (Ktulu's Harlot, Shaman, Mind
 * Eater and Kali; Cluethulhu's Tcho-Tcho) carry `showCard` when the app dealt the cards, so the
 * screen can offer that card; after a physical deal there is a real card to hold up and no
 * such offer.
 */
import { describe, expect, it } from 'vitest';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { cluethulhu, type CluethulhuSetup, type RoleId as CRole } from '../../../src/lib/games/cluethulhu';
import type { KtuluSetup } from '../../../src/lib/games/ktulu';
import { ktulu } from '../../../src/lib/games/ktulu';
import type { RoleId as KRole } from '../../../src/lib/games/ktulu/roles';
import { setupFor as cluethulhuSetup } from '../cluethulhu/fixture';
import { game as ktuluGame, setupFor as ktuluSetup, simplest, until } from '../ktulu/game';

/** Everyone looks at their card, as the deal screen has them do. */
function dealt<S, F>(g: HeadlessGame<S, F>): HeadlessGame<S, F> {
  while (g.view.stage === 'dealing') g.next();
  return g;
}

const holderOf = <S>(g: HeadlessGame<S>, ns: string, role: string) => g.view.players.find((p) => p.card.role.key === `${ns}:roles.${role}.name`)!;

describe('Ktulu', () => {
  const HARLOT: KRole[] = ['harlot', 'sheriff', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

  it('the Harlot’s client: the client’s card, to the Harlot, when the app dealt', () => {
    const g = dealt(new HeadlessGame(ktulu, { setup: { ...ktuluSetup(HARLOT), deal: { mode: 'app' } } as KtuluSetup, seed: 3 }));
    expect(g.at).toBe('zeroNight.1');
    const harlot = holderOf(g, 'ktulu', 'harlot');
    expect(g.step.showCard).toBeUndefined();
    const client = g.view.players.find((p) => p.id !== harlot.id)!;
    g.pick(client.name);
    expect(g.at).toBe('zeroNight.1.reveal');
    expect(g.step.showCard).toEqual({ player: client.id, to: { key: 'ktulu:roles.harlot.name' } });
    g.next();
    expect(g.step.showCard).toBeUndefined();
  });

  it('no card offered after a physical deal', () => {
    const g = ktuluGame(HARLOT).pick('Darek');
    expect(g.at).toBe('zeroNight.1.reveal');
    expect(g.step.showCard).toBeUndefined();
  });

  it('the Shaman’s answer: the card picked, to the Shaman, when the app dealt', () => {
    const roles: KRole[] = ['sheriff', 'townsman', 'townsman', 'banditLeader', 'bandit', 'chief', 'shaman', 'warrior'];
    const g = dealt(new HeadlessGame(ktulu, { setup: { ...ktuluSetup(roles), deal: { mode: 'app' } } as KtuluSetup, seed: 5 }));
    const shaman = holderOf(g, 'ktulu', 'shaman');
    // Through the zero night and the first day with the simplest answers, sparing the Shaman.
    for (let i = 0; i < 200 && g.at !== 'night.23'; i++) {
      const a = g.step.answer;
      if (a.kind === 'players' && a.min > 0) g.answer({ kind: 'players', ids: a.candidates.filter((id) => id !== shaman.id).slice(0, a.min) });
      else simplest(g);
    }
    expect(g.at).toBe('night.23');
    expect(g.step.pretend).toBeFalsy();
    const target = g.view.players.find((p) => p.id !== shaman.id && p.alive)!;
    g.pick(target.name);
    expect(g.step.showCard).toEqual({ player: target.id, to: { key: 'ktulu:roles.shaman.name' } });
  });
});

describe('Cluethulhu', () => {
  const ROLES: CRole[] = ['investigator', 'investigator', 'tchoTcho', 'wizard', 'shoggoth', 'cultist', 'cultist'];

  function toTchoTcho(setup: CluethulhuSetup, seed: number) {
    const g = dealt(new HeadlessGame(cluethulhu, { setup, seed }));
    for (let i = 0; i < 40 && g.at !== 'day.tchoTcho'; i++) {
      const a = g.step.answer;
      if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) });
      else if (a.kind === 'yesno') g.no();
      else g.next();
    }
    expect(g.at).toBe('day.tchoTcho');
    return g;
  }

  it('the Tcho-Tcho’s target: their tablet, to the Tcho-Tcho, when the app dealt', () => {
    const g = toTchoTcho({ ...cluethulhuSetup(ROLES), deal: { mode: 'app' } }, 11);
    const spy = holderOf(g, 'cluethulhu', 'tchoTcho');
    const target = g.view.players.find((p) => p.id !== spy.id)!;
    g.pick(target.name);
    expect(g.at).toBe('day.tchoTchoShow');
    expect(g.step.showCard).toEqual({ player: target.id, to: { key: 'cluethulhu:roles.tchoTcho.name', params: undefined } });
  });

  it('no tablet offered after a physical deal', () => {
    const g = toTchoTcho(cluethulhuSetup(ROLES), 11);
    g.pick('Ania');
    expect(g.at).toBe('day.tchoTchoShow');
    expect(g.step.showCard).toBeUndefined();
  });
});
