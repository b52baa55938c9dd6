/** Ids for players added on a setup screen: random, and available outside secure contexts too. */
export function newId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A player row on a setup screen. */
export interface Entry {
  id: string;
  name: string;
}

/** `count` blank rows. */
export function blankPlayers(count: number): Entry[] {
  return Array.from({ length: count }, () => ({ id: newId(), name: '' }));
}
