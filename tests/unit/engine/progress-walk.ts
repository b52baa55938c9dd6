/**
 * Walking a script game's whole phases with answers drawn from a seeded generator, noting the
 * progress of every step shown, and the checks the count must pass (engine/progress.ts): within
 * a phase the total never changes, the number never goes back, and it moves on by more than one
 * only over calls said to be passed over. Shared by each script game's progress tests.
 */
import type { HeadlessGame } from '../../../src/lib/engine/headless';
import type { Step } from '../../../src/lib/engine/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type G = HeadlessGame<any, any>;
type Tally = Extract<Step['answer'], { kind: 'tally' }>;

/** A tally that adds up, the votes given to the options in `first`'s order. */
function filled(a: Tally, first: string[]): Record<string, number> {
  let left = a.total?.rule === 'exactly' ? a.total.n : Math.min(1, a.total?.n ?? 1);
  const counts: Record<string, number> = Object.fromEntries(a.options.map((id) => [id, 0]));
  for (const id of [...first, ...a.options]) {
    const n = Math.min(a.max - counts[id], left);
    counts[id] += n;
    left -= n;
  }
  return counts;
}

/** A small seeded generator, so a failing walk can be replayed. */
export function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One move with an answer drawn at random among the kinds the step allows (the game may refuse it). */
export function randomMove(g: G, next: () => number): void {
  const a = g.step.answer;
  const shuffled = <T>(xs: readonly T[]) => [...xs].map((x) => [next(), x] as const).sort((p, q) => p[0] - q[0]).map(([, x]) => x);
  if (a.kind === 'players') {
    const max = Math.min(a.max, a.candidates.length);
    const n = a.min + Math.floor(next() * (max - a.min + 1));
    g.answer({ kind: 'players', ids: shuffled(a.candidates).slice(0, n) });
  } else if (a.kind === 'yesno') g.answer({ kind: 'yesno', value: next() < 0.5 });
  else if (a.kind === 'tally') g.answer({ kind: 'tally', counts: filled(a, shuffled(a.options)) });
  else g.next();
}

export interface Seen {
  phase: string;
  id: string;
  eyesClosed: boolean;
  progress: Step['progress'];
}

/** Walk a whole game (or `moves` moves), noting each step shown. */
export function walk(g: G, seed: number, moves = 400): Seen[] {
  const next = generator(seed);
  const seen: Seen[] = [];
  for (let i = 0; i < moves && g.view.stage === 'play'; i++) {
    const step = g.step;
    seen.push({ phase: `${g.view.phase!.kind} ${g.view.phase!.number}`, id: step.id, eyesClosed: step.eyesClosed, progress: step.progress });
    // A refused answer changes nothing: the step is noted again and another answer drawn.
    randomMove(g, next);
  }
  return seen;
}

/** Every broken promise of the count in a walk, as readable lines (none expected). */
export function jumps(seen: Seen[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1], seen[i]];
    if (a.phase !== b.phase) continue;
    const at = `${b.phase}, ${a.id} (${a.progress.index} of ${a.progress.total}) → ${b.id} (${b.progress.index} of ${b.progress.total})`;
    if (b.progress.total !== a.progress.total) out.push(`total changed: ${at}`);
    if (b.progress.index < a.progress.index) out.push(`went back: ${at}`);
    const allowed = 1 + (b.progress.passed?.count ?? 0);
    if (b.progress.index - a.progress.index > allowed) out.push(`jumped over calls not said to be passed over: ${at}`);
    if (b.progress.passed && b.progress.index - a.progress.index !== allowed && !b.progress.extra && !a.progress.extra)
      out.push(`passed over ${b.progress.passed.count} but moved by ${b.progress.index - a.progress.index}: ${at}`);
  }
  return out;
}

