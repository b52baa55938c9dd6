/**
 * The count of a phase's calls (engine/progress.ts): fixed when the phase starts, a removed
 * call passed over and said, an added one an extra step, a consequence between calls.
 */
import { describe, expect, it } from 'vitest';
import { callProgress } from '$lib/engine/progress';

const order = ['1', '2', '3', '4', '5', '6', '7', '8'];
const planned = ['1', '2', '4', '5', '7'];

describe('callProgress', () => {
  it('numbers each call by its place in the plan fixed at the phase’s start', () => {
    expect(callProgress({ planned, order, visited: [], here: '1' })).toEqual({ index: 1, total: 5 });
    expect(callProgress({ planned, order, visited: ['1'], here: '2' })).toEqual({ index: 2, total: 5 });
    expect(callProgress({ planned, order, visited: ['1', '2'], here: '4' })).toEqual({ index: 3, total: 5 });
    // A later part of the same call keeps its number.
    expect(callProgress({ planned, order, visited: ['1', '2', '4'], here: '4' })).toEqual({ index: 3, total: 5 });
  });

  it('passes over a planned call the events removed, and says so once, on the next call', () => {
    // Call 4 (third in the plan) was removed: call 5 is the fourth, one more than the last.
    expect(callProgress({ planned, order, visited: ['1', '2'], here: '5' })).toEqual({ index: 4, total: 5, passed: ['4'] });
    expect(callProgress({ planned, order, visited: ['1', '2', '5'], here: '5' })).toEqual({ index: 4, total: 5 });
    expect(callProgress({ planned, order, visited: ['1', '2', '5'], here: '7' })).toEqual({ index: 5, total: 5 });
  });

  it('counts a call the events added as an extra step before the next planned one, the total unchanged', () => {
    expect(callProgress({ planned, order, visited: ['1', '2'], here: '3' })).toEqual({ index: 3, total: 5, extra: true });
    expect(callProgress({ planned, order, visited: ['1', '2', '4', '5', '7'], here: '8' })).toEqual({ index: 6, total: 5, extra: true });
    // An added call after a removed one: the removed one is said on it.
    expect(callProgress({ planned, order, visited: ['1', '2', '4', '5'], here: '6' })).toEqual({ index: 5, total: 5, extra: true });
    expect(callProgress({ planned: ['1', '2', '5', '7'], order, visited: ['1', '2'], here: '6' })).toEqual({ index: 4, total: 4, extra: true, passed: ['5'] });
  });

  it('places a consequence between calls, or at the call the phase goes back to', () => {
    expect(callProgress({ planned, order, visited: ['1', '2'], here: null })).toEqual({ index: 3, total: 5, extra: true });
    expect(callProgress({ planned, order, visited: ['1', '2', '4', '5', '7'], here: null })).toEqual({ index: 6, total: 5, extra: true });
    expect(callProgress({ planned, order, visited: ['1', '2'], here: null, returnsTo: '2' })).toEqual({ index: 2, total: 5, extra: true });
  });
});
