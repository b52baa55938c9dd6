import { describe, expect, it } from 'vitest';
import { band, roleMix, validateSetup, setupWarnings, type RoleId } from '../../../src/lib/games/cluethulhu';
import { isBlankName, NAME_MAX, nameKey } from '../../../src/lib/engine/names';
import { setupFor } from './fixture';

const keys = (roles: RoleId[], opts = {}) => validateSetup(setupFor(roles, opts)).map((p) => p.text.key.split('.').pop());
const cultists = (n: number): RoleId[] => Array(n).fill('cultist');

describe('Cluethulhu set-up table', () => {
  it('gives two Investigators and up to three specials from 7 to 10 players', () => {
    for (const n of [7, 10]) {
      const b = band(n);
      expect(b.investigatorSide).toEqual(['investigator', 'investigator']);
      expect(b.maxSpecials).toBe(3);
      expect(b.specials).not.toContain('traitor');
    }
  });
  it('adds the Psychiatrist and allows five specials with the Traitor from 11 to 15', () => {
    for (const n of [11, 15]) {
      expect(band(n).investigatorSide).toEqual(['investigator', 'investigator', 'psychiatrist']);
      expect(band(n).maxSpecials).toBe(5);
      expect(band(n).specials).toContain('traitor');
    }
  });
  it('adds the Detective and allows seven specials from 16 to 20', () => {
    expect(band(16).investigatorSide).toEqual(['investigator', 'investigator', 'psychiatrist', 'detective']);
    expect(band(20).maxSpecials).toBe(7);
  });
  it('lets the Keeper use a plain Investigator instead of the Psychiatrist or the Detective', () => {
    expect(band(16, { psychiatrist: false, detective: false }).investigatorSide).toEqual(['investigator', 'investigator', 'investigator', 'investigator']);
  });
  it('fills the rest of the table with plain Cultists', () => {
    const players = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, seat: i }));
    const mix = roleMix({ players, specials: ['wizard', 'traitor'], psychiatrist: true, detective: true });
    expect(mix).toHaveLength(12);
    expect(mix.filter((r) => r === 'cultist')).toHaveLength(7);
  });
});

describe('Cluethulhu setup problems', () => {
  it('accepts a legal seven-player table', () => {
    expect(keys(['investigator', 'investigator', 'wizard', ...cultists(4)])).toEqual([]);
  });
  it('refuses fewer than 7 and more than 20 players', () => {
    expect(keys(['investigator', 'investigator', ...cultists(4)])).toContain('tooFew');
    expect(keys(['investigator', 'investigator', 'psychiatrist', 'detective', ...cultists(17)])).toContain('tooMany');
  });
  it('refuses blank and duplicate names, whatever their case and spacing', () => {
    const s = setupFor(['investigator', 'investigator', ...cultists(5)]);
    s.players[2].name = '   ';
    s.players[4].name = ' bartek ';
    const found = validateSetup(s);
    expect(found.map((p) => p.text.key.split('.').pop())).toEqual(['blankName', 'duplicateName']);
    expect(found[0].text.params).toEqual({ seat: 3 });
  });
  it('refuses more specials than the band allows', () => {
    expect(keys(['investigator', 'investigator', 'wizard', 'shoggoth', 'mother', 'tchoTcho', 'cultist'])).toContain('tooManySpecials');
  });
  it('refuses the Traitor in a game of 10 or fewer', () => {
    expect(keys(['investigator', 'investigator', 'traitor', ...cultists(7)])).toContain('traitorTooFew');
    expect(keys(['investigator', 'investigator', 'psychiatrist', 'traitor', ...cultists(7)])).toEqual([]);
  });
  it('refuses a recorded deal that does not match the mix or leaves someone out', () => {
    const s = setupFor(['investigator', 'investigator', 'wizard', ...cultists(4)]);
    if (s.deal.mode !== 'physical') throw new Error('physical');
    s.deal.roles.p3 = 'cultist';
    s.specials = ['wizard'];
    expect(validateSetup(s).map((p) => p.text.key.split('.').pop())).toEqual(['dealMismatch']);
    delete s.deal.roles.p4;
    expect(validateSetup(s).map((p) => p.text.key.split('.').pop())).toContain('dealMissing');
  });
  it('warns, without refusing, when a recorded deal needs more tablets than the box holds', () => {
    const s = setupFor(['investigator', 'investigator', 'psychiatrist', 'detective', ...cultists(12)]);
    expect(validateSetup(s)).toEqual([]);
    expect(setupWarnings(s).map((w) => w.text.params?.role)).toEqual(['cultist']);
  });
});

describe('Cluethulhu player names', () => {
  const seven = (): RoleId[] => ['investigator', 'investigator', ...cultists(5)];
  const withNames = (...names: string[]) => {
    const s = setupFor(seven());
    names.forEach((name, i) => (s.players[i].name = name));
    return validateSetup(s);
  };
  const problemKeys = (...names: string[]) => withNames(...names).map((p) => p.text.key.split('.').pop());

  it('refuses names that show nothing: spaces, no-break spaces, zero-width and bidi characters, blanks', () => {
    const invisible = [
      '',
      '   ',
      '\u00a0\u00a0',
      '\u200b',
      '\u200b\u00a0\u200b',
      '\u200c\u200d\u2060\ufeff',
      '\u202e\u2066\u2069\u200f',
      '\u3164\u115f',
      '\u2800 \t\n',
      '\u00ad\u034f\ufe0f'
    ];
    for (const name of invisible) {
      expect(isBlankName(name), JSON.stringify(name)).toBe(true);
      const found = withNames(name);
      expect(found.map((p) => p.text.key.split('.').pop()), JSON.stringify(name)).toEqual(['blankName']);
      expect(found[0].text.params).toEqual({ seat: 1 });
    }
  });

  it('keeps names that show something, however unusual', () => {
    const visible = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 'سارة', 'דוד\u202e', '👩‍👩‍👧‍👦', '🏳️‍🌈', '❤️', 'Zoë', '0', '.', 'a\u200b'];
    for (const name of visible) expect(isBlankName(name), name).toBe(false);
    expect(problemKeys(...visible.slice(0, 7))).toEqual([]);
  });

  it(`refuses a name longer than ${NAME_MAX} characters, counting an emoji as one`, () => {
    expect(problemKeys('W'.repeat(NAME_MAX))).toEqual([]);
    const found = withNames('Ada', 'W'.repeat(NAME_MAX + 1));
    expect(found.map((p) => p.text.key.split('.').pop())).toEqual(['nameTooLong']);
    expect(found[0].text.params).toEqual({ seat: 2, max: NAME_MAX });
    expect(problemKeys('x'.repeat(10_000))).toEqual(['nameTooLong']);
    // Forty families of four are forty characters (280 code points, 440 UTF-16 units)...
    expect(problemKeys('👨‍👩‍👧‍👦'.repeat(10) + 'A'.repeat(NAME_MAX - 10))).toEqual([]);
    // ...but a chain of thousands glued into one "character" is not a name.
    expect(problemKeys(Array(1000).fill('👩').join('\u200d'))).toEqual(['nameTooLong']);
  });

  it('counts the length once spaces around the name are trimmed', () => {
    expect(problemKeys(`   ${'W'.repeat(NAME_MAX)}   `)).toEqual([]);
  });

  it('refuses names that differ only by invisible characters, width or case', () => {
    expect(nameKey('Ada\u200b')).toBe(nameKey('ada'));
    expect(nameKey('Ａｄａ')).toBe(nameKey('ADA'));
    expect(problemKeys('Ada', 'a\u200bda')).toEqual(['duplicateName']);
    expect(problemKeys('Ada', 'Ａｄａ')).toEqual(['duplicateName']);
    expect(problemKeys('Ada', 'Adam')).toEqual([]);
  });
});
