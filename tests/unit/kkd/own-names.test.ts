/**
 * The names a table gives its own cards at Killer Kloo Doo's set-up ("Pistol" for the Revolver,
 * "Wrench" for the Spanner, a room of another edition): checked (blank, too long, two cards under
 * one name, against the names the screen shows too), stored with the game, shown wherever the
 * card is named (the log, the board, the objectives, the correction screen), in both languages,
 * through a replay from JSON; and a weapon's multiplier follows the card, not its name.
 */
import { describe, expect, it } from 'vitest';
import { createI18next } from '$lib/i18n';
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { ownNameId, ownNameIn } from '../../../src/lib/engine/own-names';
import type { Text } from '../../../src/lib/engine/types';
import { cardNameId, OWN_NAME_MAX } from '../../../src/lib/games/cluedo-cards';
import { boardOf, kkd, validateSetup, type KkdSetup } from '../../../src/lib/games/kkd';
import enCommon from '../../../locales/en/common.json';
import plCommon from '../../../locales/pl/common.json';
import enCluedo from '../../../locales/en/cluedo.json';
import plCluedo from '../../../locales/pl/cluedo.json';
import enKkd from '../../../locales/en/kkd.json';
import plKkd from '../../../locales/pl/kkd.json';
import { setupFor, toPart2, toScoring } from './fixture';

const resources = {
  en: { common: enCommon, cluedo: enCluedo, kkd: enKkd },
  pl: { common: plCommon, cluedo: plCluedo, kkd: plKkd }
};
const t = { en: createI18next('en', resources).t, pl: createI18next('pl', resources).t };
const tx = (lang: 'en' | 'pl', text: Text): string => String(t[lang](text.key, text.params as never));
const errors = (s: KkdSetup, shown?: Record<string, string>) => validateSetup(s, shown).map((p) => p.text.key.replace('kkd:setup.errors.', ''));

describe('a card’s own name', () => {
  it('travels in a name id and comes back as typed, whatever it holds', () => {
    for (const name of ['Pistol', 'Klucz francuski', 'Łódź, (salon). {{x}} $t(a)', 'Ἀθῆναι']) {
      expect(ownNameIn(`cards.${ownNameId(name)}`)).toBe(name);
      expect(ownNameId(name)).toMatch(/^own~[A-Za-z0-9_-]+$/);
    }
    expect(ownNameIn('cards.rope')).toBeNull();
    expect(t.en(`cluedo:cards.${ownNameId('Wrench')}`)).toBe('Wrench');
    expect(t.pl(`cluedo:cards.${cardNameId('spanner', 'uk', { spanner: 'Francuz' })}`)).toBe('Francuz');
    expect(t.en(`cluedo:cards.${cardNameId('spanner', 'us', {})}`)).toBe('Wrench');
  });

  it('is checked at set-up: not blank, not too long, no two cards under one name; nothing starts otherwise', () => {
    const base = setupFor(3);
    expect(errors({ ...base, names: { revolver: 'Pistol', spanner: 'Wrench', lounge: 'Salon' } })).toEqual([]);
    expect(errors({ ...base, names: { revolver: '   ' } })).toEqual(['ownNameBlank']);
    expect(errors({ ...base, names: { revolver: 'x'.repeat(OWN_NAME_MAX + 1) } })).toEqual(['ownNameLong']);
    expect(errors({ ...base, names: { revolver: 'Pistol', dagger: ' pistol ' } })).toEqual(['ownNameTwice']);
    expect(errors({ ...base, names: { axe: 'Axe' } as never })).toEqual(['ownNames']);
    expect(errors({ ...base, names: ['Pistol'] as never })).toEqual(['ownNames']);
    expect(errors({ ...base, names: { revolver: 7 } as never })).toEqual(['ownNames']);
    // Against the names the screen shows for the other cards: the Rope cannot be called "Dagger".
    const shown = { dagger: 'Dagger', rope: 'Rope', revolver: 'Revolver' };
    expect(errors({ ...base, names: { rope: 'dagger' } }, shown)).toEqual(['ownNameTwice']);
    expect(errors({ ...base, names: { rope: 'Rope' } }, shown)).toEqual([]);
    const problem = validateSetup({ ...base, names: { revolver: 'Pistol', dagger: 'Pistol' } })[0].text;
    expect(tx('en', problem)).toBe('Two cards cannot both be called “Pistol”.');
    expect(tx('pl', problem)).toBe('Dwie karty nie mogą nazywać się tak samo: „Pistol”.');
  });

  it('is stored with the game and shown wherever the card is named; the weapon keeps its multiplier', () => {
    const names = { revolver: ' Pistol ', candlestick: 'Świecznik', lounge: 'Salon', scarlett: 'Panna Szkarłatna' };
    const g = new HeadlessGame(kkd, { seed: 16, setup: { ...setupFor(3), names } });
    toScoring(g, 'scarlett', true, [[['K'], []], [['5'], []], [[], []]]);
    toPart2(g, {}, { objectives: 'app' });
    for (const by of ['scarlett', 'mustard', 'white'] as const) g.move({ kind: 'seen', by });
    g.move({ kind: 'take', by: 'scarlett', weapon: 'revolver' });
    g.move({ kind: 'attack', by: 'scarlett', target: 'mustard', dice: { by: 4 } });
    // The attack's dice, on the table until the next move.
    const rolled = boardOf(g.view).roll!;
    g.move({ kind: 'search', by: 'scarlett', room: 'lounge', court: 'Q' });
    const b = boardOf(g.view);
    expect(b.names).toEqual({ revolver: 'Pistol', candlestick: 'Świecznik', lounge: 'Salon', scarlett: 'Panna Szkarłatna' });
    expect(b.weapons.find((w) => w.id === 'revolver')!.multiplier).toBe(6);
    const lines = g.view.log.map((l) => tx('en', l.text));
    expect(lines).toContain('Ania takes the Pistol.');
    expect(lines).toContain('Ania attacks Bartek with the Pistol: 24.');
    expect(lines.some((l) => l.includes('Salon'))).toBe(true);
    expect(lines.join(' ')).not.toMatch(/Revolver|own~/);
    expect(g.view.log.map((l) => tx('pl', l.text))).toContain('Ania bierze broń: Pistol.');
    // The board's character card, the roll, and the correction screen's choices.
    expect(tx('en', g.view.players[0].card.role)).toBe('Panna Szkarłatna');
    expect(tx('en', rolled.lines[0].label)).toContain('Pistol');
    const weaponField = g.view.corrections!.values!.find((v) => v.id === 'plum')!.fields.find((f) => f.id === 'weapon')!;
    expect(weaponField.options!.map((o) => tx('en', o.name))).toContain('Świecznik');
    expect(tx('en', g.view.corrections!.values!.find((v) => v.id === 'scarlett')!.name)).toBe('Ania (Panna Szkarłatna)');
    expect(g.def.view(g.replayed())).toEqual(g.view);
  });
});
