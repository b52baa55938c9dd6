import { describe, expect, it } from 'vitest';
import { CHARACTERS, editionCharacters, editionTravellers, hasSpecial, normaliseId, officialCharacter } from '$lib/games/botc/characters';
import { FIRST_NIGHT_ORDER, NIGHT_MARKERS, OTHER_NIGHT_ORDER } from '$lib/games/botc/facts';

describe('Blood on the Clocktower character facts', () => {
  it('place every character in the night orders exactly where its positions say', () => {
    for (const [order, field] of [
      [FIRST_NIGHT_ORDER, 'firstNight'],
      [OTHER_NIGHT_ORDER, 'otherNight']
    ] as const) {
      for (const c of CHARACTERS) {
        const at = order.indexOf(c.id) + 1;
        expect({ id: c.id, at }).toEqual({ id: c.id, at: c[field] });
      }
      // Every id in the orders is a character or a marker, listed once.
      const markers = Object.keys(field === 'firstNight' ? NIGHT_MARKERS.firstNight : NIGHT_MARKERS.otherNight);
      for (const id of order) expect(markers.includes(id) || !!officialCharacter(id), id).toBe(true);
      expect(new Set(order).size).toBe(order.length);
    }
    for (const [m, at] of Object.entries(NIGHT_MARKERS.firstNight)) expect(FIRST_NIGHT_ORDER[at - 1]).toBe(m);
    for (const [m, at] of Object.entries(NIGHT_MARKERS.otherNight)) expect(OTHER_NIGHT_ORDER[at - 1]).toBe(m);
  });

  it('have unique ids already in their normal form, and jinxes that name real characters both ways', () => {
    const ids = CHARACTERS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CHARACTERS) {
      expect(normaliseId(c.id)).toBe(c.id);
      for (const j of c.jinxedWith) {
        const other = officialCharacter(j);
        expect(other, `${c.id} ↔ ${j}`).toBeDefined();
        expect(other!.jinxedWith.includes(c.id) || c.jinxedWith.includes(j)).toBe(true);
      }
    }
  });

  it('hold the three base editions as their printed scripts have them', () => {
    const tb = editionCharacters('tb');
    expect(tb).toHaveLength(22);
    const count = (team: string) => tb.filter((c) => c.team === team).length;
    expect([count('townsfolk'), count('outsider'), count('minion'), count('demon')]).toEqual([13, 4, 4, 1]);
    expect(tb.map((c) => c.name)).toContain('Fortune Teller');
    expect(editionCharacters('bmr')).toHaveLength(25);
    expect(editionCharacters('snv')).toHaveLength(25);
    expect(editionTravellers('tb').map((c) => c.id).sort()).toEqual(['beggar', 'bureaucrat', 'gunslinger', 'scapegoat', 'thief']);
  });

  it('find characters by the ids scripts in the wild write', () => {
    expect(officialCharacter('Fortune_Teller')?.name).toBe('Fortune Teller');
    expect(officialCharacter('pit-hag')?.id).toBe('pithag');
    expect(officialCharacter("Lil' Monsta")?.team).toBe('demon');
    expect(officialCharacter('nobody-at-all')).toBeUndefined();
  });

  it('know the set-up facts the bag needs', () => {
    const drunk = officialCharacter('drunk')!;
    expect(hasSpecial(drunk, 'bag-disabled')).toBe(true);
    expect(drunk.setup).toBe(true);
    expect(officialCharacter('baron')!.setupRule).toBe('+2 Outsiders');
    expect(officialCharacter('imp')!.reminders).toEqual(['Dead']);
  });
});
