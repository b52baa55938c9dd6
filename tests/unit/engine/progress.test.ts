/**
 * "Step 3 of 9" the moderator can trust, in both script games: it counts calls, the later
 * steps of one call say which part they are (so no two steps read the same), and a consequence
 * (the Shoggoth's absorb, the Doctor's question) is an extra step that leaves the total alone.
 */
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/lib/engine/types';
import type { RoleId as CRole } from '../../../src/lib/games/cluethulhu';
import type { RoleId as KRole } from '../../../src/lib/games/ktulu/roles';
import { progressLabel } from '../../../src/lib/ui/text';
import { game as cluethulhu, SEVEN, until as cUntil } from '../cluethulhu/fixture';
import { game as ktulu, simplest } from '../ktulu/game';

type Seen = { at: string; phase: string } & Step['progress'];

/** Plays with `answer` (the simplest answer where it returns false) and records each step's progress. */
function walk(g: { at: string | null; step: Step; view: { stage: string; phase: { kind: string; number: number } | null } }, answer: () => void, steps: number): Seen[] {
  const seen: Seen[] = [];
  for (let i = 0; i < steps && g.view.stage === 'play'; i++) {
    seen.push({ at: g.at ?? '', phase: `${g.view.phase?.kind}${g.view.phase?.number}`, ...g.step.progress });
    answer();
  }
  return seen;
}

/** What the moderator reads for each step, as "index/total", "index/total part", "+index/total". */
const short = (s: Seen) => (s.extra ? `+${s.index}/${s.total}` : `${s.index}/${s.total}${s.part ? ` p${s.part}` : ''}`);

/** No two steps of one phase read the same, and a phase's calls only go forward. */
function expectSteady(seen: Seen[]) {
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1], seen[i]];
    if (a.phase !== b.phase) continue;
    expect(short(b), `${a.at} → ${b.at}`).not.toBe(short(a));
    if (!a.extra && !b.extra) expect(b.index, `${a.at} → ${b.at}`).toBeGreaterThanOrEqual(a.index);
  }
}

describe('progress in Cluethulhu', () => {
  // Ania and Bartek Investigators, Celina Psychiatrist, Darek Detective, Ewa Evil Child, Filip Wizard, Gosia Mother,
  // Hubert Tcho-Tcho, Iga Traitor, Jan Yithian, Kasia Shoggoth, the rest Cultists.
  const SIXTEEN: CRole[] = ['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'wizard', 'mother', 'tchoTcho', 'traitor', 'yithian', 'shoggoth', 'cultist', 'cultist', 'cultist', 'cultist', 'cultist'];

  it('counts the Day’s calls, and numbers the parts of a call instead of repeating it', () => {
    const g = cluethulhu(SIXTEEN);
    const seen = walk(g, () => {
      const a = g.step.answer;
      if (a.kind === 'players') g.answer({ kind: 'players', ids: a.candidates.slice(0, Math.max(a.min, 1)) });
      else if (a.kind === 'yesno') g.yes();
      else g.next();
    }, 19);
    expect(seen.map((s) => `${s.at} ${short(s)}`)).toEqual([
      'day.evilChild 1/9', 'day.dollHandOver 1/9 p2',
      'day.wizard 2/9',
      'day.detective 3/9',
      'day.investigatorsVote 4/9', 'day.investigatorsSleep 4/9 p2', 'day.investigatorsArrest 4/9 p3',
      'day.mother 5/9', 'day.motherPick 5/9 p2', 'day.siblingsWake 5/9 p3',
      'day.psychiatrist 6/9', 'day.psychiatristPick 6/9 p2', 'day.psychiatristSwap 6/9 p3',
      'day.tchoTcho 7/9', 'day.tchoTchoShow 7/9 p2',
      'day.traitor 8/9',
      'day.yithian 9/9', 'day.yithianPick 9/9 p2', 'day.yithianSwap 9/9 p3'
    ]);
  });

  it('a vote taken again goes on counting parts of the same call', () => {
    const g = until7Vote();
    const seen = walk(g, () => (g.step.answer.kind === 'tally' ? g.tally({}) : g.yes()), 5);
    expect(seen.map((s) => `${s.at} ${short(s)}`).slice(0, 5)).toEqual(['night.vote 5/5', 'night.noMajority 5/5 p2', 'night.vote 5/5 p3', 'night.noMajority 5/5 p4', 'night.vote 5/5 p5']);
    expectSteady(seen);
  });

  it('the Shoggoth’s absorb is an extra step before the next call: the total stays', () => {
    const g = cUntil(cluethulhu(SEVEN).pick('Ewa').next().pick(), 'day.investigatorsVote').pick('Darek').next();
    const before = g.step.progress;
    g.next();
    expect(g.at).toBe('day.shoggothAbsorb');
    expect(g.step.progress).toEqual({ index: before.index + 1, total: before.total, extra: true });
    // The Investigators were the Day's last call: the absorb comes after it.
    expect(progressLabel(g.step.progress)).toBe(`Extra step, after step ${before.total} of ${before.total}`);
  });

  it('a game stored before parts were counted still reads (a later part says it is one)', () => {
    const g = cluethulhu(SEVEN).pick('Ewa');
    expect(g.at).toBe('day.dollHandOver');
    const context = { ...(g.snapshot.context as object), parts: undefined };
    const old = g.def.view({ ...g.snapshot, context } as typeof g.snapshot).step!;
    expect(old.progress).toEqual({ index: 1, total: g.step.progress.total, part: 2 });
  });
});

/** Seven players to the first Night's vote (the Evil Child, an arrest of nobody, a quiet start). */
function until7Vote() {
  const g = cUntil(cluethulhu(SEVEN).pick('Ewa').next().pick(), 'night.wake');
  g.next();
  if (g.at === 'night.highPriest') g.tally({ Ania: g.step.answer.kind === 'tally' ? g.step.answer.total!.n : 0 });
  if (g.at === 'night.ritual') g.next();
  g.next().pick('Gosia', 'Filip');
  expect(g.at).toBe('night.vote');
  return g;
}

describe('progress in Ktulu', () => {
  // Ania Sheriff, Bartek Doctor, Celina Harlot, Darek Townsman, Ewa Bandit Leader, Filip Bandit, Gosia Chief, Hubert Indian.
  const TABLE: KRole[] = ['sheriff', 'doctor', 'harlot', 'townsman', 'banditLeader', 'bandit', 'chief', 'indian'];

  it('the Harlot’s client, woken to see her, is part 2 of her call; a duel is parts of the discussion, and the Doctor’s question an extra step before it', () => {
    const g = ktulu(TABLE);
    let duelled = false;
    const seen = walk(g, () => {
      if (g.at === 'zeroNight.1') g.pick('Darek');
      else if (g.at === 'zeroNight.4') g.pick('Gosia');
      else if (g.at === 'zeroNight.6') g.pick('Ewa');
      else if (g.at === 'day.discussion' && !duelled) {
        duelled = true;
        g.pick('Darek');
      } else if (g.at === 'day.challenged') g.pick('Filip');
      else if (g.at === 'day.accept') g.yes();
      else if (g.at === 'day.duelVote') g.tally({ Filip: 3 });
      else if (g.at === 'day.doctor') g.no();
      else simplest(g);
    }, 20);
    const read = seen.map((s) => `${s.at} ${short(s)}`);
    expect(read.slice(0, 2)).toEqual(['zeroNight.1 1/4', 'zeroNight.1.reveal 1/4 p2']);
    const day = read.slice(read.indexOf('day.discussion 3/6'));
    expect(day.slice(0, 7)).toEqual([
      'day.discussion 3/6',
      'day.challenged 3/6 p2',
      'day.accept 3/6 p3',
      'day.speeches 3/6 p4',
      'day.duelVote 3/6 p5',
      'day.duelResult 3/6 p6',
      // Filip's death: the Doctor is asked before the discussion goes on, and the total stays.
      'day.doctor +3/6'
    ]);
    expect(day[7]).toBe('day.discussion 3/6 p7');
    expectSteady(seen);
  });

  it('a death at night: the Doctor’s question comes after the night’s last call, the total unchanged', () => {
    const g = ktulu(TABLE);
    const seen = walk(g, () => {
      if (g.at === 'zeroNight.4') g.pick('Darek');
      else if (g.at === 'zeroNight.6') g.pick('Ewa');
      else if (g.at === 'night.24' && g.step.answer.kind === 'players') {
        // A victim the Doctor may save: not himself, not someone the kill cannot reach.
        const a = g.step.answer;
        g.answer({ kind: 'players', ids: [a.candidates.find((id) => g.name(id) !== 'Bartek' && !a.marks?.[id])!] });
      } else simplest(g);
    }, 60);
    const i = seen.findIndex((s) => s.at === 'night.doctor');
    expect(i).toBeGreaterThan(0);
    const last = seen[i - 1];
    expect(seen[i]).toMatchObject({ index: last.total + 1, total: last.total, extra: true });
    expectSteady(seen);
  });
});

describe('the progress line', () => {
  it('reads a call, a later part of it, and an extra step before or after a call', () => {
    expect(progressLabel({ index: 3, total: 9 })).toBe('Step 3 of 9');
    expect(progressLabel({ index: 3, total: 9, part: 2 })).toBe('Step 3 of 9 · part 2');
    expect(progressLabel({ index: 4, total: 9, extra: true })).toBe('Extra step, before step 4 of 9');
    expect(progressLabel({ index: 10, total: 9, extra: true })).toBe('Extra step, after step 9 of 9');
  });
});
