/** Killer Kloo Doo set-ups and moves for the tests. */
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { boardOf, kkd, type KkdMove, type KkdSetup, type Rank } from '../../../src/lib/games/kkd';
import type { SuspectId } from '../../../src/lib/games/cluedo-cards';
import type { KkdState } from '../../../src/lib/games/kkd/rules';

export const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip'];
/** Each player's character, by seat. */
export const PLAYS: SuspectId[] = ['scarlett', 'mustard', 'white', 'green', 'peacock', 'plum'];

export function setupFor(n: number, first: KkdSetup['first'] = 'p1', edition: KkdSetup['edition'] = 'uk'): KkdSetup {
  const players = NAMES.slice(0, n).map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
  return { players, characters: Object.fromEntries(players.map((p, i) => [p.id, PLAYS[i]])), edition, first };
}

export const game = (n: number, seed = 7, first: KkdSetup['first'] = 'p1') => new HeadlessGame(kkd, { seed, setup: setupFor(n, first) });

export const state = (g: HeadlessGame<KkdSetup>): KkdState => g.snapshot.context as KkdState;
export const boardIn = (g: HeadlessGame<KkdSetup>) => boardOf(g.view);
export const row = (g: HeadlessGame<KkdSetup>, id: SuspectId) => boardIn(g).characters.find((c) => c.id === id)!;
export const sp = (g: HeadlessGame<KkdSetup>, id: SuspectId) => row(g, id).sp;
export const lastLog = (g: HeadlessGame<KkdSetup>, n = 1) => g.view.log.slice(-n).map((l) => l.text.key.replace('kkd:log.', ''));

export const END: KkdMove = { kind: 'endTurn' };

/** Part 1 ended by an accusation, every player's cards entered as given (Hearts, Diamonds). */
export function toScoring(g: HeadlessGame<KkdSetup>, by: SuspectId, right: boolean, cards: [Rank[], Rank[]][]) {
  g.move({ kind: 'accuse', by, right });
  cards.forEach(([hearts, diamonds], i) => g.move({ kind: 'score', by: PLAYS[i], hearts, diamonds }));
  return g;
}

/** Into Part 2 with the table's dice for everyone (so the Survival Points are known), objectives drawn from the cards. */
export function toPart2(g: HeadlessGame<KkdSetup>, rolls: Partial<Record<SuspectId, number[]>>, extra: Partial<Extract<KkdMove, { kind: 'part2' }>> = {}) {
  const all = Object.fromEntries(['scarlett', 'mustard', 'white', 'green', 'peacock', 'plum'].map((id) => [id, rolls[id as SuspectId] ?? [3, 4]]));
  return g.move({ kind: 'part2', objectives: 'physical', rolls: all, first: 'scarlett', ...extra });
}

/** The text key a refused move or correction is refused with, or 'accepted'. */
export const keyOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as { text?: { key: string } }).text?.key ?? String(e);
  }
  return 'accepted';
};
