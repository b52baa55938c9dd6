import { describe, expect, it } from 'vitest';
import { NUMBER_ROOM, roomyCircle, SEAT_GAP, type Box } from '$lib/ui/botc/circle-layout';

function assertNoOverlap(boxes: Box[], minWidth: number) {
  const { width, height, centres } = roomyCircle(boxes, minWidth);
  expect(width).toBeGreaterThanOrEqual(minWidth);
  for (let i = 0; i < boxes.length; i++) {
    const a = { l: centres[i].x - boxes[i].w / 2, r: centres[i].x + boxes[i].w / 2, t: centres[i].y - boxes[i].h / 2 - NUMBER_ROOM, b: centres[i].y + boxes[i].h / 2 };
    // Inside the ring's frame.
    expect(a.l).toBeGreaterThanOrEqual(0);
    expect(a.t).toBeGreaterThanOrEqual(0);
    expect(a.r).toBeLessThanOrEqual(width);
    expect(a.b).toBeLessThanOrEqual(height);
    for (let j = i + 1; j < boxes.length; j++) {
      const b = { l: centres[j].x - boxes[j].w / 2, r: centres[j].x + boxes[j].w / 2, t: centres[j].y - boxes[j].h / 2 - NUMBER_ROOM, b: centres[j].y + boxes[j].h / 2 };
      const apart = a.r + SEAT_GAP <= b.l || b.r + SEAT_GAP <= a.l || a.b + SEAT_GAP <= b.t || b.b + SEAT_GAP <= a.t;
      expect(apart, `seats ${i + 1} and ${j + 1}`).toBe(true);
    }
  }
  return { width, height };
}

describe('the circle at reading size', () => {
  it('keeps seven seats within a phone’s width', () => {
    const { width } = assertNoOverlap(Array.from({ length: 7 }, () => ({ w: 96, h: 64 })), 380);
    expect(width).toBe(380);
  });

  it('grows until 22 seats of any size stand apart, clockwise from the top', () => {
    const boxes = Array.from({ length: 22 }, (_, i) => ({ w: 144, h: i % 5 === 0 ? 130 : 64 }));
    const { width } = assertNoOverlap(boxes, 380);
    expect(width).toBeGreaterThan(380);
    const { centres } = roomyCircle(boxes, 380);
    // Seat 1 at the top middle; seat 2 to its right.
    expect(centres[0].x).toBeCloseTo(width / 2, 0);
    expect(centres[1].x).toBeGreaterThan(centres[0].x);
  });
});
