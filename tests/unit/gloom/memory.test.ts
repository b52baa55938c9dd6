/**
 * What the phone remembers of Gloom's cards and Stories: read back entry by entry, merged
 * without overwriting; and the families the card list offers at set-up.
 */
import { describe, expect, it } from 'vitest';
import { cardsOf, FAMILIES, FAMILY_CARDS, validateSetup } from '$lib/games/gloom';
import { mergeCardMemory, readCardMemory, recall, recallStory, withCard, withoutCard, MAX_REMEMBERED } from '$lib/games/gloom/memory';
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

describe('remembered Stories', () => {
  const necro = { type: 'story' as const, points: -10, requires: ['magic' as const, 'madness' as const] };

  it('are found again by name, apart from the cards’ prints', () => {
    const memory = withCard(withCard({}, 'The Necronomicon', necro), 'Fled Frantically', fled);
    expect(recallStory(memory, 'the  necronomicon')).toEqual(necro);
    expect(recall(memory, 'The Necronomicon')).toBeUndefined();
    expect(recallStory(memory, 'Fled Frantically')).toBeUndefined();
  });

  it('keep only points and story icons that are what they say, and travel with a file', () => {
    const read = readCardMemory({
      'The Necronomicon': necro,
      'Yog Sothoth': { type: 'story', points: 0, requires: [] },
      Huge: { type: 'story', points: 500, requires: [] },
      Fraction: { type: 'story', points: 1.5, requires: [] },
      NoIcons: { type: 'story', points: 3 },
      BadIcon: { type: 'story', points: 3, requires: ['<img>'] },
      Twice: { type: 'story', points: 3, requires: ['magic', 'magic'] }
    });
    expect(read).toEqual({ 'the necronomicon': necro, 'yog sothoth': { type: 'story', points: 0, requires: [] } });
    const { memory, added } = mergeCardMemory(withCard({}, 'The Necronomicon', { ...necro, points: -15 }), JSON.parse(JSON.stringify(read)));
    expect(added).toBe(1);
    expect(recallStory(memory, 'The Necronomicon')?.points).toBe(-15);
  });
});

describe('the families the card list runs', () => {
  it('four runs of five, every listed Character once, each run plainly its family', () => {
    const all = Object.values(FAMILY_CARDS).flat();
    expect(all).toHaveLength(20);
    expect(new Set(all).size).toBe(20);
    expect(cardsOf('character').map((c) => c.name).sort()).toEqual([...all].sort());
    expect(FAMILY_CARDS.whateleys).toEqual(['Junior', 'Lavinia Whateley', 'Old Whately', 'Rutherford Whately', 'Wilbur Whately']);
    expect(FAMILY_CARDS.innsmouth).toContain('Zadok Allen');
    expect(FAMILY_CARDS.miskatonic).toContain('Professor Armitage');
    expect(FAMILY_CARDS.sanitarium).toContain('Doctor Willett');
  });

  it('make a set-up that passes, five each (four each with four players, one set aside)', () => {
    const players = ['Ania', 'Bartek', 'Celina', 'Darek'].map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
    const stories = [
      { name: 'The Necronomicon', points: -10, requires: [] },
      { name: 'Yog Sothoth', points: 0, requires: [] }
    ];
    const families = (n: number) => Object.fromEntries(FAMILIES.slice(0, n).map((f, i) => [`p${i + 1}`, { family: f, characters: FAMILY_CARDS[f].slice(0, n === 4 ? 4 : 5) }]));
    expect(validateSetup({ players: players.slice(0, 3), first: 'random', families: families(3), stories })).toEqual([]);
    expect(validateSetup({ players, first: 'random', families: families(4), stories })).toEqual([]);
  });
});
