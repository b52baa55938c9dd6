/**
 * The grimoire's circle at reading size: every seat as large as its words need (the name and the
 * character wrap, never cut), placed clockwise from the top on a rounded ring that grows until no
 * two seats touch. The screen then shows it at any zoom, panned inside its frame; at full size
 * every word is at the normal text size.
 */
import { seatPositions } from '../seats';

export interface Box {
  w: number;
  h: number;
}

export interface CircleLayout {
  width: number;
  height: number;
  /** Each seat's centre, in px from the ring's top left. */
  centres: { x: number; y: number }[];
}

/** Room kept between two seats, and above each for its number, in px. */
export const SEAT_GAP = 8;
export const NUMBER_ROOM = 12;

/** Height over width of the ring: taller with more seats (a phone held upright), within reason. */
const ratio = (count: number) => Math.min(1.6, 1.25 + Math.max(0, count - 8) * 0.03);

function overlaps(boxes: readonly Box[], centres: { x: number; y: number }[]): boolean {
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const dx = Math.abs(centres[i].x - centres[j].x) * 2;
      const dy = Math.abs(centres[i].y - centres[j].y) * 2;
      if (dx < boxes[i].w + boxes[j].w + 2 * SEAT_GAP && dy < boxes[i].h + boxes[j].h + 2 * (SEAT_GAP + NUMBER_ROOM)) return true;
    }
  }
  return false;
}

/**
 * The rings last laid out, by their seats' sizes and frame. Each phase opens or closes the
 * grimoire, so the seats take one of two sets of sizes in turn (with and without the character
 * line): a ring laid out before is reused, not searched for again (about 1.5 ms a phase at 22
 * seats). Layouts are never changed once made.
 */
const recent = new Map<string, CircleLayout>();
const RECENT_RINGS = 6;

/**
 * The ring for seats of these sizes (in seating order), at least `minWidth` wide (the frame it
 * sits in), grown by a tenth at a time until no two seats overlap.
 */
export function roomyCircle(boxes: readonly Box[], minWidth: number): CircleLayout {
  const key = `${minWidth}|${boxes.map((b) => `${b.w}x${b.h}`).join(',')}`;
  const known = recent.get(key);
  if (known) return known;
  const layout = layOut(boxes, minWidth);
  recent.set(key, layout);
  if (recent.size > RECENT_RINGS) recent.delete(recent.keys().next().value!);
  return layout;
}

function layOut(boxes: readonly Box[], minWidth: number): CircleLayout {
  const count = boxes.length;
  const maxW = Math.max(0, ...boxes.map((b) => b.w));
  const maxH = Math.max(0, ...boxes.map((b) => b.h));
  let width = Math.max(minWidth, maxW * 2 + 4 * SEAT_GAP);
  let centres: { x: number; y: number }[] = [];
  for (let round = 0; round < 80; round++) {
    const height = Math.round(width * ratio(count));
    const insetX = maxW / 2 + SEAT_GAP;
    const insetY = maxH / 2 + SEAT_GAP + NUMBER_ROOM;
    centres = seatPositions(count, width, height, insetX, insetY).map((p) => ({ x: (p.x * width) / 100, y: (p.y * height) / 100 }));
    if (!overlaps(boxes, centres)) return { width, height, centres };
    width = Math.ceil(width * 1.1);
  }
  return { width, height: Math.round(width * ratio(count)), centres };
}
