/**
 * A random id for a game, a player row, a script or an imported copy: a version 4 UUID.
 * `crypto.randomUUID` exists only on secure origins; a phone opening the app over plain http
 * still plays, so the same UUID is made from `getRandomValues` there. (Not the game's seeded
 * generator: ids are names, not part of any rule, and are never replayed.)
 */
export function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
