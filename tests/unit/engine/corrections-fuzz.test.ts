/**
 * Corrections at any moment of a game: random games of both script games, with a random
 * correction the game offers (from its view's `corrections`) made between answers. The screen's
 * view can always be drawn, the game always accepts what it offered, and the log replays to the
 * same game.
 */
import { describe, expect, it } from 'vitest';
import type { HeadlessGame } from '../../../src/lib/engine/headless';
import { seedRng, pick, type RngState } from '../../../src/lib/engine/rng';
import type { Override } from '../../../src/lib/engine/types';
import { game as cluethulhuGame } from '../cluethulhu/fixture';
import { game as ktuluGame, simplest } from '../ktulu/game';
import type { RoleId as CRole } from '../../../src/lib/games/cluethulhu';
import type { RoleId as KRole } from '../../../src/lib/games/ktulu/roles';

const C_ROLES: CRole[] = ['investigator', 'investigator', 'psychiatrist', 'wizard', 'shoggoth', 'evilChild', 'mother', 'yithian', 'tchoTcho', 'traitor', 'cultist', 'cultist'];
const K_ROLES: KRole[] = ['sheriff', 'pastor', 'doctor', 'bodyguard', 'mayor', 'townsman', 'banditLeader', 'thief', 'bandit', 'chief', 'silentFoot', 'shaman', 'greatAlien', 'detector'];

/** One answer that moves the game on: the fewest players allowed (or one more), no, Next, a tally that adds up. */
function answerSomehow(g: HeadlessGame<unknown>, rng: RngState): RngState {
  const a = g.step.answer;
  if (a.kind === 'tally') {
    simplest(g as never);
    return rng;
  }
  if (a.kind === 'players') {
    const [n, r] = pick(rng, [a.min, Math.min(a.max, a.min + 1)]);
    const ids = a.candidates.slice(0, n);
    g.answer({ kind: 'players', ids });
    return r;
  }
  if (a.kind === 'yesno') {
    const [yes, r] = pick(rng, [true, false]);
    g.answer({ kind: 'yesno', value: yes });
    return r;
  }
  g.next();
  return rng;
}

/** A correction the view offers now, chosen at random, or null. */
function someCorrection(g: HeadlessGame<unknown>, rng0: RngState): [Override | null, RngState] {
  const c = g.view.corrections;
  if (!c) return [null, rng0];
  let rng = rng0;
  const living = g.view.players.filter((p) => p.alive).map((p) => p.id);
  const all = g.view.players.map((p) => p.id);
  let kind: string;
  [kind, rng] = pick(rng, ['moveToken', 'swapRoles', 'setRole', 'rename', 'replace', 'leave']);
  let a: string, b: string;
  [a, rng] = pick(rng, all);
  [b, rng] = pick(rng, all);
  switch (kind) {
    case 'moveToken': {
      let t;
      [t, rng] = pick(rng, c.tokens);
      const ok = living.filter((id) => !t.refused[id]);
      if (t.blocked || !ok.length) return [null, rng];
      let to: string;
      [to, rng] = pick(rng, ok);
      let planted = false;
      if (t.plantable) [planted, rng] = pick(rng, [true, false]);
      if (planted && t.refusedPlanted?.[to]) planted = false;
      if (t.holder === to && (t.planted ?? false) === planted) return [null, rng];
      return [{ kind: 'moveToken', token: t.id, to, ...(planted ? { planted } : {}) }, rng];
    }
    case 'swapRoles': {
      const same = g.view.players.find((p) => p.id === a)!.card.role.key === g.view.players.find((p) => p.id === b)!.card.role.key;
      return [a === b || same ? null : { kind: 'swapRoles', a, b }, rng];
    }
    case 'setRole': {
      let r;
      [r, rng] = pick(rng, c.roles);
      if (r.holders.includes(a) || (r.single && r.holders.length)) return [null, rng];
      return [{ kind: 'setRole', player: a, role: r.id }, rng];
    }
    case 'rename':
      return [{ kind: 'rename', player: a, name: `${g.name(a)}'` }, rng];
    case 'replace':
      return [living.includes(a) ? { kind: 'replace', player: a, name: `New ${g.view.log.length}` } : null, rng];
    default:
      return [living.includes(a) && living.length > 2 ? { kind: 'leave', player: a } : null, rng];
  }
}

function play(g: HeadlessGame<unknown>, seed: number) {
  let rng = seedRng(seed);
  let corrections = 0;
  for (let i = 0; i < 150 && g.view.stage === 'play'; i++) {
    let roll: number;
    [roll, rng] = pick(rng, [0, 1, 2, 3]);
    if (roll === 0) {
      let o: Override | null;
      [o, rng] = someCorrection(g, rng);
      if (o) {
        g.override(o);
        corrections++;
        expect(() => g.view).not.toThrow();
        continue;
      }
    }
    if (!g.view.step) break;
    rng = answerSomehow(g, rng);
  }
  expect(corrections).toBeGreaterThan(0);
  expect(g.def.view(g.replayed())).toEqual(g.view);
}

describe('corrections at any moment', () => {
  for (const seed of [1, 2, 3]) {
    it(`Cluethulhu, seed ${seed}`, () => play(cluethulhuGame(C_ROLES) as never, seed));
    it(`Ktulu, seed ${seed}`, () => play(ktuluGame(K_ROLES) as never, seed));
  }
});
