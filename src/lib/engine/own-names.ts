/**
 * A name the table typed for a card of its own edition (Killer Kloo Doo's set-up: "Pistol" for
 * the Revolver, "Wrench" for the Spanner), carried where a card's name id goes. Every text that
 * nests a card's name (`$t(cluedo:cards.{{card}})`) then shows it: the id is `own~` and the name
 * in base64url, which no translation has, and the i18n set-up (i18n/config.ts) answers such a
 * missing key with the name itself. Pure: no i18next here.
 */
export const OWN_PREFIX = 'own~';

export function ownNameId(name: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(name)) bin += String.fromCharCode(b);
  return OWN_PREFIX + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The name carried in a key that ends in an own name id, or null. */
export function ownNameIn(key: string): string | null {
  const m = /(?:^|[.:])own~([A-Za-z0-9_-]*)$/.exec(key);
  if (!m) return null;
  try {
    const b64 = m[1].replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}
