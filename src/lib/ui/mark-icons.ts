/**
 * One small drawing for each kind of token or mark a player can carry, so the Table tells a
 * High Priest from a jail cell at a glance instead of showing the same dot for every mark. Paths
 * are drawn with a 2-unit stroke on a 24 × 24 grid (no fill), in the current text colour. A
 * mark without a drawing here shows the first letters of its name instead (`markInitials`).
 */

const SHIELD = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z';
const BARS = 'M3 4h18M3 20h18M6.5 4v16M10.5 4v16M13.5 4v16M17.5 4v16';
const EYE = 'M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12zM9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0';
const HEART = 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.6A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z';

/** Mark id → SVG path. The same id means the same thing in every game. */
export const MARK_ICONS: Record<string, string> = {
  // Cluethulhu
  highPriest: 'M3 19h18M4 19L3 8l5 4 4-7 4 7 5-4-1 11',
  doll: 'M9 6a3 3 0 1 0 6 0a3 3 0 1 0-6 0M12 9l-6 12h12zM8 13h8',
  detained: BARS,
  protected: SHIELD,
  sibling: 'M4 12a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M11 12a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0',
  chosenLastTime: 'M4 12a8 8 0 1 0 2.5-5.8M4 4v4.5h4.5',
  bothDie: 'M12 3a7 7 0 0 0-7 7c0 3 1.5 4.5 3 5.5V19h8v-3.5c1.5-1 3-2.5 3-5.5a7 7 0 0 0-7-7zM9 10h.5M14.5 10h.5M10.5 19v2M13.5 19v2',
  absorbFails: `${SHIELD}M8.5 8.5l7 7`,
  revealedShoggoth: EYE,
  // Ktulu
  statue: 'M9 3h6v4l1.5 2v7L18 20H6l1.5-4V9L9 7zM10 12h4',
  planted: 'M12 3v10M8 9l4 4 4-4M5 20h14M8 17h8',
  jailed: BARS,
  jailedSafe: BARS,
  drinking: 'M6 3h12l-1.5 8a4.5 4.5 0 0 1-9 0zM12 15.5V21M8 21h8M6.5 7h11',
  playingCards: 'M6 3h9v14H6zM15 6l4 1-3 14-7-2M10.5 8l1.5 2.5-1.5 2.5L9 10.5z',
  protectedSafe: SHIELD,
  protectedLastNight: `${SHIELD}M8 12h8`,
  master: 'M11 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M12.2 10.8L4 19M6 17l2 2M8.5 14.5l2 2',
  poisoned: 'M12 3c3 4.5 6 8 6 11a6 6 0 0 1-12 0c0-3 3-6.5 6-11z',
  client: HEART,
  seduced: `${HEART}M3 21l6-6`,
  blackmailed: 'M3 6h18v12H3zM3 6l9 7 9-7',
  followed: 'M7.5 13.5c-2-1-2.5-5.5-.5-7.5s4.5 1 3.5 5-1 3.5-3 2.5zM15.5 20.5c-2-1-2.5-5.5-.5-7.5s4.5 1 3.5 5-1 3.5-3 2.5z',
  possessed: 'M12 12a1 1 0 1 1 2 0a3 3 0 1 1-6 0a5 5 0 1 1 10 0a7 7 0 1 1-14 0',
  revealed: EYE,
  gunslinger: 'M12 2v5M12 17v5M2 12h5M17 12h5M7 12a5 5 0 1 0 10 0a5 5 0 1 0-10 0',
  bandit: 'M2.5 10c3.5-2.5 15.5-2.5 19 0-1 4.5-4.5 5.5-7 4.5L12 13l-2.5 1.5c-2.5 1-6-.5-7-4.5zM8 10.5h.5M15.5 10.5h.5',
  townsperson: 'M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-5h4v5'
};

/** The drawing for a mark, or null when it has none. */
export function markIcon(id: string): string | null {
  return Object.hasOwn(MARK_ICONS, id) ? MARK_ICONS[id] : null;
}

/** A mark with no drawing: the first letters of its first two words ("Kali's master" → "KM"). */
export function markInitials(label: string): string {
  const words = label.split(/[\s:()]+/u).filter((w) => /\p{L}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/^\P{L}+/u, '')][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
