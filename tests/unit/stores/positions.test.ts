/**
 * One move per deliberate tap, and the phone handed back after every pass-round, in the store
 * every game's screen goes through: a scoreboard move names the position it was made at, and a
 * move from a screen the game has already left is refused, silently, with nothing written; the
 * deal's "Done, pass on" names the step drawn the same way; a pass-round that ends leaves the
 * game on its hand-back, kept across a reopening until the moderator opens it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DexieStorage } from '$lib/db/dexie';
import { ActiveGame } from '$lib/stores';
import { boardOf } from '$lib/games/kkd';
import { dump, freshStorage } from '../backup/fixture';
import { setupFor } from '../kkd/fixture';

const opened: DexieStorage[] = [];
async function storage() {
  const s = await freshStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.db.close();
  localStorage.clear();
});

/** A three-player game at the start of Part 2, with the objectives dealt in the app. */
async function atPart2() {
  const s = await storage();
  const made = await ActiveGame.create('kkd', setupFor(3), 9);
  const id = (made as { id: string }).id;
  const g = (await ActiveGame.open(id))!;
  expect(await g.move({ kind: 'accuse', by: 'mustard', right: true })).toBe(true);
  for (const by of ['scarlett', 'mustard', 'white']) expect(await g.move({ kind: 'score', by, hearts: ['A'], diamonds: ['5'] })).toBe(true);
  return { id, g, s };
}

describe('a scoreboard move names its position', () => {
  it('is stored with the log length it was made at, and refused without a word once the game moved on', async () => {
    const { id, g, s } = await atPart2();
    g.drawn();
    expect(await g.move({ kind: 'part2', objectives: 'physical' })).toBe(true);
    // A second tap on the screen as it was drawn: the game has moved on, nothing is written.
    const before = await dump(s);
    expect(await g.move({ kind: 'endTurn' })).toBe(false);
    expect(g.error).toBeNull();
    expect(await dump(s)).toBe(before);
    // Drawn again, the same move is taken, and the log says where it was made.
    g.drawn();
    expect(await g.move({ kind: 'endTurn' })).toBe(true);
    const events = (await s.getGame(id))!.events.map((e) => e.event);
    expect(events.at(-1)).toMatchObject({ type: 'move', move: { kind: 'endTurn' }, at: { seq: 5 } });
    // An explicit position that is gone is refused the same way.
    expect(await g.move({ kind: 'endTurn' }, { seq: 5 })).toBe(false);
    expect(g.seq).toBe(6);
  });
});

describe('a correction names its position', () => {
  it('is stored with the log length its screen was drawn at, and refused without a word once the game moved on', async () => {
    const { id, g, s } = await atPart2();
    const fix = { kind: 'setValue', target: 'mustard', field: 'sp', value: 9 } as const;
    g.drawn();
    expect(await g.move({ kind: 'part2', objectives: 'physical' })).toBe(true);
    // The correction dialog's Confirm landing on the screen as it was drawn before that move.
    const before = await dump(s);
    expect(await g.override(fix)).toBe(false);
    expect(g.error).toBeNull();
    expect(await dump(s)).toBe(before);
    // Drawn again, the same correction is taken, and the log says where it was made.
    g.drawn();
    expect(await g.override(fix)).toBe(true);
    expect((await s.getGame(id))!.events.at(-1)!.event).toMatchObject({ type: 'keeper.override', override: fix, at: { seq: 5 } });
    // A position named outright that is gone is refused the same way.
    expect(await g.override({ ...fix, value: 3 }, { seq: 5 })).toBe(false);
    expect(g.seq).toBe(6);
  });
});

describe('a pass-round', () => {
  it('is the game’s passing while it lasts, then ends on the hand-back, kept across a reopening until opened', async () => {
    const { id, g } = await atPart2();
    expect(g.passing).toBeNull();
    expect(await g.move({ kind: 'part2', objectives: 'app', first: 'scarlett' })).toBe(true);
    const first = g.passing;
    expect(first).toMatchObject({ index: 0, total: 3 });
    expect(g.handBack).toBe(false);
    for (let i = 0; i < 3; i++) {
      const who = boardOf(g.view).objectives!.seeing!.who;
      expect(g.passing?.player).toBe(who);
      g.drawn();
      expect(await g.move({ kind: 'seen', by: who })).toBe(true);
    }
    expect(g.passing).toBeNull();
    expect(g.handBack).toBe(true);
    // The browser killed now: the game comes back on its hand-back, not on the table.
    const again = (await ActiveGame.open(id))!;
    expect(again.handBack).toBe(true);
    await again.handedBack();
    expect(again.handBack).toBe(false);
    expect((await ActiveGame.open(id))!.handBack).toBe(false);
  });

  it('is read from the stored game alone: its log, and the opening kept on its record', async () => {
    const { id, g, s } = await atPart2();
    expect(await g.move({ kind: 'part2', objectives: 'app', first: 'scarlett' })).toBe(true);
    while (boardOf(g.view).objectives?.seeing) {
      g.drawn();
      expect(await g.move({ kind: 'seen', by: boardOf(g.view).objectives!.seeing!.who })).toBe(true);
    }
    // Nothing but the stored game survives a kill: the hand-back, not the table's turn.
    localStorage.clear();
    const again = (await ActiveGame.open(id))!;
    expect(again.handBack).toBe(true);
    expect(again.passing).toBeNull();
    // The moderator's opening is stored with the game before the screen opens: a browser killed
    // right after it comes back on the table's turn, whatever the page itself had not written.
    await again.handedBack();
    expect((await s.getGame(id))!.game.handBackOpenedAt).toBe(again.seq);
    localStorage.clear();
    expect((await ActiveGame.open(id))!.handBack).toBe(false);
    // Once the table has moved on, the last entry no longer ends the pass-round: no hand-back.
    again.drawn();
    expect(await again.move({ kind: 'endTurn' })).toBe(true);
    expect(again.handBack).toBe(false);
    expect((await ActiveGame.open(id))!.handBack).toBe(false);
  });

  it('is never opened by a game whose last entry only carries on the pass-round or Undoes it', async () => {
    const { id, g } = await atPart2();
    expect(await g.move({ kind: 'part2', objectives: 'app', first: 'scarlett' })).toBe(true);
    g.drawn();
    expect(await g.move({ kind: 'seen', by: boardOf(g.view).objectives!.seeing!.who })).toBe(true);
    expect((await ActiveGame.open(id))!.handBack).toBe(false);
    while (boardOf(g.view).objectives?.seeing) {
      g.drawn();
      expect(await g.move({ kind: 'seen', by: boardOf(g.view).objectives!.seeing!.who })).toBe(true);
    }
    expect(await g.undo(g.seq)).toBe(true);
    const again = (await ActiveGame.open(id))!;
    expect(again.handBack).toBe(false);
    expect(again.passing).toMatchObject({ index: 2, total: 3 });
  });

  it('taken back by Undo goes back into the pass-round, with no hand-back', async () => {
    const { g } = await atPart2();
    expect(await g.move({ kind: 'part2', objectives: 'app', first: 'scarlett' })).toBe(true);
    while (boardOf(g.view).objectives?.seeing) {
      g.drawn();
      expect(await g.move({ kind: 'seen', by: boardOf(g.view).objectives!.seeing!.who })).toBe(true);
    }
    expect(g.handBack).toBe(true);
    expect(await g.undo(g.seq)).toBe(true);
    expect(g.handBack).toBe(false);
    expect(g.passing).toMatchObject({ index: 2, total: 3 });
  });
});
