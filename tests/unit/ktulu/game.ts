/** Ktulu games with a known deal, for the engine's tests: the Manitou "records a physical deal". */
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { ktulu, type KtuluFacts, type KtuluSetup } from '../../../src/lib/games/ktulu';
import { countRoles, defaultSettings, type KtuluSettings } from '../../../src/lib/games/ktulu/setup';
import type { RoleId } from '../../../src/lib/games/ktulu/roles';

export const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Jan', 'Kasia', 'Leon', 'Marta', 'Nina', 'Olek', 'Piotr', 'Rysiek', 'Sara', 'Tomek', 'Ula', 'Wojtek', 'Zosia'];

export type G = HeadlessGame<KtuluSetup, KtuluFacts>;

export function setupFor(roles: RoleId[], settings: Partial<KtuluSettings> = {}): KtuluSetup {
  const players = roles.map((_, i) => ({ id: `p${i + 1}`, name: NAMES[i] ?? `Player ${i + 1}`, seat: i }));
  return {
    players,
    roles: countRoles(roles),
    settings: { ...defaultSettings(roles.length), ...settings },
    deal: { mode: 'physical', roles: Object.fromEntries(players.map((p, i) => [p.id, roles[i]])) }
  };
}

/** A game whose players, in seat order, hold `roles` (Ania the first, Bartek the second, …). */
export function game(roles: RoleId[], settings: Partial<KtuluSettings> = {}, seed = 7): G {
  return new HeadlessGame(ktulu, { setup: setupFor(roles, settings), seed });
}

/** The card of a player, by name: its role id (the game's plain facts). */
export const role = (g: G, name: string) => g.facts.roles[name];
export const marks = (g: G, name: string) => g.view.players.find((p) => p.name === name)!.marks.map((m) => m.id);
export const fate = (g: G, name: string) => g.view.players.find((p) => p.name === name)!.fate?.key.split('.').pop();
/** Who holds the statue now, by name, or null. */
export const statue = (g: G): string | null => g.facts.statue.holder;
export const keys = (texts: { key: string }[] | undefined) => (texts ?? []).map((t) => t.key.replace(/^ktulu:/, ''));

/** Give the simplest answers (the fewest players allowed, no, Next) until the step `id`, or the end of the game. */
export function until(g: G, id: string, limit = 200): G {
  for (let i = 0; i < limit && g.view.stage === 'play' && g.at !== id; i++) simplest(g);
  if (g.view.stage === 'play' && g.at !== id) throw new Error(`Did not reach ${id}; at ${g.at}`);
  return g;
}

/** One move with the simplest answer. */
export function simplest(g: G): G {
  const a = g.step.answer;
  if (a.kind === 'players') return g.answer({ kind: 'players', ids: a.candidates.slice(0, a.min) });
  if (a.kind === 'yesno') return g.no();
  if (a.kind === 'tally') return g.answer({ kind: 'tally', counts: filled(a) });
  return g.next();
}

type Tally = Extract<G['step']['answer'], { kind: 'tally' }>;

/** The simplest tally that adds up: the first options take every vote the total asks for (one vote when it allows abstaining). */
export function filled(a: Tally, first: string[] = a.options): Record<string, number> {
  let left = a.total?.rule === 'exactly' ? a.total.n : Math.min(1, a.total?.n ?? 1);
  const counts: Record<string, number> = Object.fromEntries(a.options.map((id) => [id, 0]));
  for (const id of [...first, ...a.options]) {
    const n = Math.min(a.max - counts[id], left);
    counts[id] += n;
    left -= n;
  }
  return counts;
}

/** A vote in which everyone votes for each of the named (a search, a run-off, a hanging): each gets every voter's vote. */
export function unanimous(g: G, ...names: string[]): G {
  const a = g.step.answer as Tally;
  return g.answer({ kind: 'tally', counts: Object.fromEntries(a.options.map((id) => [id, names.includes(g.name(id)) ? a.max : 0])) });
}

/** Classic four factions, 14 players: Town 6, Bandits 3, Indians 3, Aliens 2. */
export const FOUR: RoleId[] = [
  'sheriff', 'harlot', 'goodGunslinger', 'drunkard', 'pastor', 'townsman',
  'banditLeader', 'badGunslinger', 'avenger',
  'chief', 'shaman', 'warrior',
  'greatAlien', 'detector'
];

/** Who the step's answer may pick, by name. */
export const candidates = (g: G): string[] => {
  const a = g.step.answer;
  return a.kind === 'players' ? a.candidates.map((id) => g.name(id)) : a.kind === 'tally' ? a.options.map((id) => g.name(id)) : [];
};

/**
 * Play a day without duels, searching players who do not hold the statue and hanging
 * nobody, to the first step of the night (or the end of the game).
 */
export function quietDay(g: G): G {
  for (let i = 0; i < 40 && g.view.stage === 'play' && g.view.phase?.kind === 'day'; i++) {
    const at = g.at;
    if (at === 'day.discussion') g.pick();
    else if (at === 'day.searchVote' || at === 'day.searchRunoff') {
      const a = g.step.answer as Extract<G['step']['answer'], { kind: 'tally' }>;
      const slots = Number(g.step.prompt.params?.count ?? 1);
      const holder = statue(g);
      const picks = a.options.filter((id) => g.name(id) !== holder).slice(0, slots);
      g.answer({ kind: 'tally', counts: Object.fromEntries(a.options.map((id) => [id, picks.includes(id) ? a.max : 0])) });
    } else if (at === 'day.hangVote') g.no();
    else simplest(g);
  }
  return g;
}

/** Answer "nobody", "no" or Next at every step of the night that allows it, the first candidates otherwise, until `id`. */
export function nightUntil(g: G, id: string, limit = 120): G {
  return until(g, id, limit);
}
