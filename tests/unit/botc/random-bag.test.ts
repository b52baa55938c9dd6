/**
 * The random bag retries a draw that dead-ends, and says why when no legal bag exists
 * (issue: "the random bag says when it cannot").
 */
import { describe, expect, it } from 'vitest';
import { seedRng } from '$lib/engine/rng';
import { bagCounts, expectedCounts } from '$lib/games/botc';
import { drawBag } from '$lib/games/botc/game-setup';
import { parseScript, type Script } from '$lib/games/botc/script';

const script = (ids: string[]): Script => {
  const r = parseScript(JSON.stringify(ids));
  if (!r.ok) throw new Error(r.problem.key);
  return r.script;
};

const TOWNSFOLK = ['washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'undertaker', 'monk', 'ravenkeeper', 'virgin', 'slayer', 'soldier', 'mayor'];

describe('the random bag', () => {
  it('draws again when the Baron and the Fang Gu would need more Outsiders than the script has', () => {
    // One Outsider: the Baron with either Demon, or the Poisoner with the Fang Gu (+1), dead-ends
    // or not, by the draw; half the first draws dead-end.
    const s = script([...TOWNSFOLK, 'saint', 'baron', 'poisoner', 'fanggu', 'imp']);
    for (let seed = 1; seed <= 100; seed++) {
      const r = drawBag(s, 7, seedRng(seed));
      if (!('bag' in r)) throw new Error(`seed ${seed}: ${JSON.stringify(r)}`);
      expect(r.bag).not.toContain('baron');
      expect(bagCounts(s, r.bag)).toEqual(expectedCounts(s, 7, r.bag)!.counts);
    }
  });

  it('says which team falls short, what the bag needs and what the script has, when no bag is legal', () => {
    // The Baron is the only Minion: every bag needs two Outsiders, and there is one.
    const s = script([...TOWNSFOLK, 'saint', 'baron', 'imp']);
    const r = drawBag(s, 7, seedRng(1));
    expect('bag' in r).toBe(false);
    if ('bag' in r) return;
    expect(r.why).toEqual({ key: 'botc:setupScreen.bagWhy.outsider', params: { count: 2, have: 1 } });
    expect(r.leftOut).toEqual([]);
  });

  it('names the characters whose set-up is the Storyteller\u2019s, which it never draws', () => {
    // Two Demons, both with a set-up the Storyteller decides: the bag has no Demon to take.
    const s = script([...TOWNSFOLK, 'saint', 'recluse', 'poisoner', 'spy', 'scarletwoman', 'godfather', 'kazali', 'lordoftyphon']);
    const r = drawBag(s, 13, seedRng(4));
    if ('bag' in r) throw new Error('drew a bag');
    expect(r.why).toEqual({ key: 'botc:setupScreen.bagWhy.demon', params: { count: 1, have: 0 } });
    expect(r.leftOut).toEqual(['Godfather', 'Kazali', 'Lord of Typhon']);
  });

  it('says it draws for 5 to 15 players who are not Travellers', () => {
    const s = script([...TOWNSFOLK, 'saint', 'baron', 'imp']);
    const r = drawBag(s, 16, seedRng(1));
    expect('bag' in r ? null : r.why.key).toBe('botc:setupScreen.bagWhy.size');
  });
});
