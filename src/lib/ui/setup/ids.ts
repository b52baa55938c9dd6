import { randomId } from '$lib/engine/ids';

/** Ids for players added on a setup screen. */
export const newId = randomId;

/** A player row on a setup screen. */
export interface Entry {
  id: string;
  name: string;
}

/** `count` blank rows. */
export function blankPlayers(count: number): Entry[] {
  return Array.from({ length: count }, () => ({ id: newId(), name: '' }));
}
