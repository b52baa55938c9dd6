/**
 * Where the seats go on the table screen: evenly spaced along a rounded rectangle (a
 * superellipse), clockwise from the top, so that up to twenty seats fit a phone held upright
 * without crowding at the ends as they would on an ellipse.
 */

export interface SeatPosition {
  /** Centre of the seat, in percent of the table's width and height. */
  x: number;
  y: number;
}

const EXPONENT = 4;

function point(t: number, a: number, b: number): [number, number] {
  const s = Math.sin(t);
  const c = Math.cos(t);
  const e = 2 / EXPONENT;
  return [a * Math.sign(s) * Math.abs(s) ** e, -b * Math.sign(c) * Math.abs(c) ** e];
}

/**
 * `count` seats on a table `width` × `height` (any unit), each at most `inset` from the edge
 * horizontally and `insetY` vertically; returns centres in percent.
 */
export function seatPositions(count: number, width: number, height: number, inset: number, insetY = inset): SeatPosition[] {
  if (count <= 0) return [];
  const a = Math.max(1, width / 2 - inset);
  const b = Math.max(1, height / 2 - insetY);
  const samples = 720;
  const pts: [number, number][] = [];
  const lengths: number[] = [0];
  for (let i = 0; i <= samples; i++) pts.push(point((2 * Math.PI * i) / samples, a, b));
  for (let i = 1; i <= samples; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    lengths.push(lengths[i - 1] + Math.hypot(x1 - x0, y1 - y0));
  }
  const total = lengths[samples];
  const out: SeatPosition[] = [];
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = (total * k) / count;
    while (j < samples && lengths[j + 1] < target) j++;
    const span = lengths[j + 1] - lengths[j] || 1;
    const f = (target - lengths[j]) / span;
    const x = pts[j][0] + (pts[j + 1][0] - pts[j][0]) * f;
    const y = pts[j][1] + (pts[j + 1][1] - pts[j][1]) * f;
    out.push({ x: ((x + width / 2) / width) * 100, y: ((y + height / 2) / height) * 100 });
  }
  return out;
}

/** Distance between neighbouring seats, in the unit of width and height. */
export function seatSpacing(count: number, width: number, height: number, inset: number, insetY = inset): number {
  if (count < 2) return width;
  const p = seatPositions(count, width, height, inset, insetY);
  let min = Infinity;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    min = Math.min(min, Math.hypot(((q.x - p[i].x) * width) / 100, ((q.y - p[i].y) * height) / 100));
  }
  return min;
}

/**
 * How wide each seat may be without touching its neighbours: a seat whose neighbour sits
 * beside it (not above or below) may take at most the horizontal gap between them.
 * Positions in percent of a `width` × `height` table; result in the same unit as `width`.
 */
export function seatWidths(positions: SeatPosition[], width: number, height: number, seatHeight: number, min: number, max: number): number[] {
  const px = positions.map((p) => ({ x: (p.x * width) / 100, y: (p.y * height) / 100 }));
  const n = px.length;
  return px.map((p, i) => {
    let w = max;
    for (const d of [-2, -1, 1, 2]) {
      if (n < 3 || Math.abs(d) >= n) continue;
      const q = px[(i + d + n) % n];
      if (q === p) continue;
      if (Math.abs(q.y - p.y) < seatHeight) w = Math.min(w, Math.abs(q.x - p.x) * 0.94);
    }
    return Math.max(min, Math.min(max, Math.floor(w)));
  });
}
