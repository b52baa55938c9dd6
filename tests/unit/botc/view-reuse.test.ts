/**
 * The grimoire's seats from one move to the next: a seat the move did not touch is the very same
 * view (so the screens leave it as it is), a seat it touched is a new one, and a game reopened
 * from storage builds its own. The night's lists are made when first read, and are the same
 * lists as the view always gave.
 */
import { describe, expect, it } from 'vitest';
import { boardOf } from '$lib/games/botc';
import { nightLines } from '$lib/games/botc/view';
import type { BotcState } from '$lib/games/botc/rules';
import { by, game } from './fixture';

describe('the seats a move leaves alone', () => {
  it('are the same views after a new phase; a reminder or a death makes that seat anew, and only it', () => {
    const g = game();
    const m = by(g);
    const night = boardOf(g.view).seats;
    m.phase();
    const day = boardOf(g.view).seats;
    expect(day.every((s, i) => s === night[i])).toBe(true);
    m.place('poisoner', 'Poisoned', 'Bartek').die('Celina');
    const after = boardOf(g.view).seats;
    const changed = after.filter((s, i) => s !== day[i]).map((s) => s.name);
    expect(changed).toEqual(['Bartek', 'Celina']);
    expect(after[1]).toMatchObject({ poisoned: true, reminders: [{ label: 'Poisoned' }] });
    expect(after[2].alive).toBe(false);
  });

  it('are built again, equal, for a game restored from its stored form', () => {
    const g = game();
    by(g).place('poisoner', 'Poisoned', 'Bartek');
    const before = boardOf(g.view);
    g.reload();
    const after = boardOf(g.view);
    expect(after.seats[0]).not.toBe(before.seats[0]);
    expect(after.seats).toEqual(before.seats);
  });
});

describe('the night’s lists', () => {
  it('are what the state gives, read when first used', () => {
    const g = game();
    by(g).place('poisoner', 'Poisoned', 'Bartek');
    const b = boardOf(g.view);
    const s = g.snapshot.context as BotcState;
    expect(b.night).toEqual(nightLines(s, b.seats, 'first'));
    expect(b.nightWithAbsent).toEqual(nightLines(s, b.seats, 'first', true));
    expect(b.night).toBe(b.night);
  });
});
