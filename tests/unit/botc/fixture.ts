/** Blood on the Clocktower games for the tests: Trouble Brewing, seven or eight players. */
import { HeadlessGame } from '$lib/engine/headless';
import { botc, type BotcMove, type BotcSetup } from '$lib/games/botc';
import { editionScript, scriptToJson } from '$lib/games/botc/script';

export const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iza', 'Jan'];

export const TB = scriptToJson(editionScript('tb', 'Trouble Brewing'));

/** Seven players, the characters drawn in seat order (a bag recorded by hand unless `app`). */
export const SEVEN = ['washerwoman', 'empath', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'imp'];

export function setupFor(characters: string[] = SEVEN, extra: Partial<BotcSetup> = {}, deal: 'app' | 'physical' = 'physical'): BotcSetup {
  const players = NAMES.slice(0, characters.length).map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
  return {
    players,
    script: TB,
    edition: 'tb',
    bag: [...characters],
    travellers: {},
    shown: {},
    bluffs: [],
    fabled: [],
    countsConfirmed: false,
    deal: deal === 'app' ? { mode: 'app' } : { mode: 'physical', characters: Object.fromEntries(players.map((p, i) => [p.id, characters[i]])) },
    ...extra
  };
}

export const game = (setup: BotcSetup = setupFor(), seed = 11) => new HeadlessGame(botc, { seed, setup });

/** Moves by player name, chained. */
export function by(g: HeadlessGame<BotcSetup>) {
  const id = (n: string) => g.id(n);
  const self = {
    move: (move: BotcMove) => (g.move(move), self),
    die: (n: string) => self.move({ kind: 'die', player: id(n) }),
    nominate: (a: string, b: string, overrule?: boolean) => self.move({ kind: 'nominate', nominator: id(a), nominee: id(b), ...(overrule ? { overrule } : {}) }),
    vote: (...names: string[]) => self.move({ kind: 'vote', voters: names.map(id) }),
    execute: (n: string, dies = true) => self.move({ kind: 'execute', player: id(n), dies }),
    place: (source: string, label: string, n: string) => self.move({ kind: 'place', source, label, player: id(n) }),
    phase: () => self.move({ kind: 'phase' }),
    declare: (winner: 'good' | 'evil') => self.move({ kind: 'declare', winner })
  };
  return self;
}
