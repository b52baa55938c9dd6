/** Games with a known deal, for rule tests: the Keeper "records a physical deal". */
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { cluethulhu, type CluethulhuFacts, type CluethulhuSetup, type RoleId } from '../../../src/lib/games/cluethulhu';

export type G = HeadlessGame<CluethulhuSetup, CluethulhuFacts>;

export const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Jan', 'Kasia', 'Leon', 'Marta', 'Nina', 'Olek', 'Piotr', 'Rysiek', 'Sara', 'Tomek', 'Ula'];
const PLAIN: RoleId[] = ['investigator', 'detective', 'psychiatrist', 'cultist'];

export function setupFor(roles: RoleId[], opts: Partial<CluethulhuSetup> = {}): CluethulhuSetup {
  const players = roles.map((_, i) => ({ id: `p${i + 1}`, name: NAMES[i] ?? `Player ${i + 1}`, seat: i }));
  return {
    players,
    specials: roles.filter((r) => !PLAIN.includes(r)),
    psychiatrist: roles.includes('psychiatrist'),
    detective: roles.includes('detective'),
    callAbsentRoles: false,
    deal: { mode: 'physical', roles: Object.fromEntries(players.map((p, i) => [p.id, roles[i]])) },
    ...opts
  };
}

/** A game whose players, in seat order, hold `roles` (Ania the first, Bartek the second, …). */
export function game(roles: RoleId[], opts: Partial<CluethulhuSetup> = {}, seed = 7): G {
  return new HeadlessGame(cluethulhu, { setup: setupFor(roles, opts), seed });
}

/** Seven players: Ania and Bartek Investigators, Celina Wizard, Darek Shoggoth, Ewa Evil Child, Filip and Gosia Cultists. */
export const SEVEN: RoleId[] = ['investigator', 'investigator', 'wizard', 'shoggoth', 'evilChild', 'cultist', 'cultist'];

/** The tablet a player holds now and their side, by name (the game's plain facts). */
export const role = (g: G, name: string) => g.facts.roles[name];
export const side = (g: G, name: string) => g.facts.sides[name];
export const marks = (g: G, name: string) => g.view.players.find((p) => p.name === name)!.marks.map((m) => m.id);

/** The High Priest election with every vote for `name` (the tally must add up to the voters). */
export function elect(g: G, name: string) {
  const a = g.step.answer;
  if (a.kind !== 'tally' || !a.total) throw new Error(`${g.at} is not the election`);
  return g.tally({ [name]: a.total.n });
}

/** Play the rest of a Night with no accusation, landing on the next Day's first step. */
export function quietNight(g: G) {
  if (g.at === 'night.wake') g.next();
  while (g.at === 'night.highPriestSuccessor') g.pick(g.name(g.step.answer.kind === 'players' ? g.step.answer.candidates[0] : ''));
  if (g.at === 'night.highPriest') elect(g, g.name(g.view.players.find((p) => p.alive)!.id));
  if (g.at === 'night.ritual') g.next();
  g.nextUntil('night.accusation').pick().next();
  return g;
}

/** Give the simplest answers (nobody or the first players allowed, no, Next) until the step `id`. */
export function until(g: G, id: string, limit = 60) {
  for (let i = 0; i < limit && g.at !== id; i++) {
    const a = g.step.answer;
    if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) }); else if (a.kind === 'yesno') g.no();
    else if (a.kind === 'tally') throw new Error(`${g.at} needs a tally before ${id}`);
    else g.next();
  }
  if (g.at !== id) throw new Error(`Did not reach ${id}; at ${g.at}`);
  return g;
}
