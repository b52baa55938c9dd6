/**
 * A backup's moves may name the step they answered (StepTag) or, written before steps were
 * named, not: both are read; a tag that is not one Lantern writes refuses the move.
 */
import { describe, expect, it } from 'vitest';
import { readLoggedEvent } from '$lib/backup/validate';

describe('the step a logged answer names', () => {
  const answer = { kind: 'players', ids: ['p1'] };
  it('reads a move without a tag as before, and keeps a tag Lantern writes', () => {
    expect(readLoggedEvent({ type: 'step.answer', answer })).toEqual({ type: 'step.answer', answer });
    expect(readLoggedEvent({ type: 'step.answer', answer, at: { seq: 7, step: 'day.wizard' }, extra: 1 })).toEqual({
      type: 'step.answer',
      answer,
      at: { seq: 7, step: 'day.wizard' }
    });
  });
  it('refuses a tag that is not one', () => {
    for (const at of [null, 3, 'day.wizard', { seq: -1, step: 'day.wizard' }, { seq: 1.5, step: 'x' }, { seq: 1 }, { seq: 1, step: '' }, { seq: 1, step: 'x'.repeat(65) }])
      expect(readLoggedEvent({ type: 'step.answer', answer, at })).toBeNull();
  });
});

describe('the position a logged scoreboard move names', () => {
  const move = { kind: 'endTurn' };
  it('reads a move without a position as before, and keeps one Lantern writes', () => {
    expect(readLoggedEvent({ type: 'move', move })).toEqual({ type: 'move', move });
    expect(readLoggedEvent({ type: 'move', move, at: { seq: 4, extra: 1 } })).toEqual({ type: 'move', move, at: { seq: 4 } });
  });
  it('refuses a position that is not one', () => {
    for (const at of [null, 3, '4', { seq: -1 }, { seq: 1.5 }, {}]) expect(readLoggedEvent({ type: 'move', move, at })).toBeNull();
  });
});
