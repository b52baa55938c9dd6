/**
 * Whether the Storyteller closed the grimoire at night, kept per game on the phone: a grimoire
 * closed by night stays closed after a reload and at the next dusk, until the Storyteller opens
 * it again by night. Not a move of the game (it changes nothing at the table, and a backup
 * restored on another phone opens as a fresh one); kept in the browser's local storage, which
 * outlives a killed tab. A locked-down browser without it forgets at a reload.
 */

const KEY = 'lantern.botc.nightClosed';

function read(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the Storyteller last closed this game's grimoire by night. */
export function closedAtNight(game: string): boolean {
  return read().includes(game);
}

/** Keeps the Storyteller's choice for this game's nights (the last 20 games are remembered). */
export function keepClosedAtNight(game: string, closed: boolean): void {
  const list = read().filter((g) => g !== game);
  if (closed) list.push(game);
  try {
    if (list.length === 0) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify(list.slice(-20)));
  } catch {
    // No local storage: the choice lasts until the page is left.
  }
}
