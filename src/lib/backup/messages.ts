/**
 * A refused backup as the sentences the backup screen shows: where the problem is (which game
 * in the file, which log entry), what it is, and the game's own explanation when it gave one.
 */
import type { Text } from '../engine/types';
import type { BackupProblem } from './format';

export interface ProblemMessage {
  /** "Game 2 in the file (Cluethulhu: Ada, Bram, …)", then "log entry 10"; empty for the whole file. */
  where: Text[];
  what: Text;
  detail: Text | null;
}

/**
 * @param gameName the name a game id is shown under, or null when Lantern does not know it
 */
export function problemMessage(problem: BackupProblem, gameName: (gameId: string) => string | null): ProblemMessage {
  const w = problem.where;
  const where: Text[] = [];
  if (w) {
    const game = w.gameId ? (gameName(w.gameId) ?? w.gameId) : null;
    const players = w.players?.length ? shorten(w.players) : null;
    where.push(
      game && players
        ? { key: 'backup:where.gameNamed', params: { index: w.index, game, players } }
        : { key: 'backup:where.game', params: { index: w.index } }
    );
    if (w.event !== undefined) where.push({ key: 'backup:where.entry', params: { event: w.event } });
  }
  return { where, what: problem.text, detail: problem.detail ?? null };
}

/** The first few names, enough to recognise a game. */
function shorten(names: string[], keep = 4): string {
  return names.length > keep ? `${names.slice(0, keep).join(', ')}, …` : names.join(', ');
}
