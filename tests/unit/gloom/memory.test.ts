/** What the phone remembers of Gloom's cards: read back entry by entry, merged without overwriting. */
import { describe, expect, it } from 'vitest';
import { mergeCardMemory, readCardMemory, recall, withCard, withoutCard, MAX_REMEMBERED } from '$lib/games/gloom/memory';
import { print } from './fixture';

const fled = { type: 'modifier' as const, print: print(5, null, null) };

describe('remembered card values', () => {
  it('are found again by name, whatever its case, spaces or quotes', () => {
    const memory = withCard({}, 'Pth’thya-l’yi  Was  Tormented', fled);
    expect(recall(memory, "pth'thya-l'yi was tormented")).toEqual(fled);
    expect(recall(memory, 'Something Else')).toBeUndefined();
    expect(recall(memory, 'constructor')).toBeUndefined();
    expect(recall(withoutCard(memory, 'PTH’THYA-L’YI WAS TORMENTED'), 'Pth’thya-l’yi Was Tormented')).toBeUndefined();
  });

  it('keep only entries that are what they say', () => {
    // As a file would carry it: an own key named __proto__.
    const proto = JSON.parse(`{"__proto__": ${JSON.stringify(fled)}}`);
    const read = readCardMemory({
      ...proto,
      'Fled Frantically': fled,
      Event: { type: 'event', print: fled.print },
      Huge: { type: 'modifier', print: { pathos: [1e12, null, null], icon: null } },
      Short: { type: 'modifier', print: { pathos: [1, null], icon: null } },
      Icon: { type: 'modifier', print: { pathos: [1, null, null], icon: '<img>' } },
      ['x'.repeat(201)]: fled,
      Extra: { type: 'death', print: { pathos: [null, null, null], icon: 'blank' }, script: 'alert(1)' }
    });
    expect(read).toEqual({ 'fled frantically': fled, extra: { type: 'death', print: { pathos: [null, null, null], icon: 'blank' } } });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    for (const junk of [null, 'cards', 7, [fled]]) expect(readCardMemory(junk)).toEqual({});
  });

  it('stop at a thousand cards', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_REMEMBERED + 50 }, (_, i) => [`Card ${i}`, fled]));
    expect(Object.keys(readCardMemory(many))).toHaveLength(MAX_REMEMBERED);
  });

  it('merge a file into the phone without overwriting what the phone holds', () => {
    const here = withCard({}, 'Fled Frantically', fled);
    const file = withCard(withCard({}, 'Fled Frantically', { ...fled, print: print(-20, null, null) }), 'Married A Marsh', fled);
    const { memory, added } = mergeCardMemory(here, file);
    expect(added).toBe(1);
    expect(recall(memory, 'Fled Frantically')).toEqual(fled);
    expect(recall(memory, 'Married A Marsh')).toEqual(fled);
  });
});
