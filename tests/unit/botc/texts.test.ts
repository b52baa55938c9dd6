/**
 * The publisher's character data file, read as hostile input, and the two marks of its texts.
 * Every text here is made up for the test: the publisher's own words are not in the project.
 */
import { describe, expect, it } from 'vitest';
import { markup, MAX_TEXTS_BYTES, plainText, parseCharacterTexts, readStoredTexts, storeTexts, TEXT_LIMITS } from '$lib/games/botc/texts';

/** A made-up file of the publisher's shape: more fields than Lantern keeps. */
const FILE = [
  { id: 'washerwoman', name: 'Washerwoman', edition: 'tb', team: 'townsfolk', firstNight: 52, firstNightReminder: 'Test text: point at *TWO* players, one with :reminder:.', otherNightReminder: '', reminders: ['A'], setup: false, ability: 'Test ability one.', flavor: 'Made up.' },
  { id: 'imp', name: 'Imp', team: 'demon', otherNight: 40, otherNightReminder: 'Test text: the Demon points.', ability: 'Test ability two.' },
  { id: 'Fortune_Teller', ability: 'Test ability three.' },
  { id: 'brandnewcharacter', ability: 'A character Lantern does not know yet.' }
];

const read = (value: unknown) => parseCharacterTexts(typeof value === 'string' ? value : JSON.stringify(value));
const problem = (value: unknown) => {
  const r = read(value);
  if (r.ok) throw new Error('accepted');
  return r.problem.key.replace('botc:texts.errors.', '');
};

describe('importing the character data file', () => {
  it('keeps the ability and night reminders of known characters, by normalised id', () => {
    const r = read(FILE);
    if (!r.ok) throw new Error(r.problem.key);
    expect([...r.texts.keys()]).toEqual(['washerwoman', 'imp', 'fortuneteller']);
    expect(r.texts.get('washerwoman')).toEqual({ ability: 'Test ability one.', firstNightReminder: 'Test text: point at *TWO* players, one with :reminder:.', otherNightReminder: null });
    expect(r.texts.get('imp')?.otherNightReminder).toBe('Test text: the Demon points.');
    // A character newer than Lantern's facts is left out and counted.
    expect(r.unknown).toBe(1);
  });

  it('keeps markup and HTML as the text it is', () => {
    const r = read([{ id: 'chef', ability: '<img src=x onerror=alert(1)><script>alert(2)</script>' }]);
    expect(r.ok && r.texts.get('chef')?.ability).toBe('<img src=x onerror=alert(1)><script>alert(2)</script>');
  });

  const hostile: [string, unknown, string][] = [
    ['not JSON', '{"id": "chef",', 'notJson'],
    ['empty', '', 'notJson'],
    ['an object, not a list', { chef: { ability: 'x' } }, 'notArray'],
    ['a string', '"chef"', 'notArray'],
    ['null', 'null', 'notArray'],
    ['too many entries', Array.from({ length: TEXT_LIMITS.items + 1 }, () => ({ id: 'chef' })), 'tooMany'],
    ['an entry that is a string', ['chef'], 'notCharacter'],
    ['an entry that is a list', [['chef', 'ability']], 'notCharacter'],
    ['an entry that is null', [null], 'notCharacter'],
    ['an entry without id', [{ ability: 'x' }], 'noId'],
    ['an id that is a number', [{ id: 7, ability: 'x' }], 'noId'],
    ['an empty id', [{ id: '  ', ability: 'x' }], 'noId'],
    ['an over-long id', [{ id: 'c'.repeat(TEXT_LIMITS.id + 1), ability: 'x' }], 'fieldTooLong'],
    ['an ability that is a number', [{ id: 'chef', ability: 12 }], 'notText'],
    ['a reminder that is an object', [{ id: 'chef', firstNightReminder: { text: 'x' } }], 'notText'],
    ['an ability that is a list', [{ id: 'chef', ability: ['x'] }], 'notText'],
    ['an over-long ability', [{ id: 'chef', ability: 'a'.repeat(TEXT_LIMITS.ability + 1) }], 'fieldTooLong'],
    ['an over-long night reminder', [{ id: 'chef', otherNightReminder: 'a'.repeat(TEXT_LIMITS.nightReminder + 1) }], 'fieldTooLong'],
    ['an over-long text in an ignored field', [{ id: 'chef', ability: 'x', flavor: 'f'.repeat(TEXT_LIMITS.anyText + 1) }], 'textTooLong'],
    ['a __proto__ key', '[{"id":"chef","ability":"x","__proto__":{"polluted":true}}]', 'forbiddenKey'],
    ['a constructor key deep inside', [{ id: 'chef', ability: 'x', special: [{ constructor: 1 }] }], 'forbiddenKey'],
    ['deep nesting', [{ id: 'chef', ability: 'x', more: JSON.parse('['.repeat(20) + ']'.repeat(20)) }], 'tooDeep'],
    ['very deep nesting', '[' + '['.repeat(100000) + ']'.repeat(100000) + ']', 'tooDeep'],
    ['nothing Lantern knows', [{ id: 'nobodyknows', ability: 'x' }], 'noTexts'],
    ['known characters without any text', [{ id: 'chef', name: 'Chef' }], 'noTexts'],
    ['an empty list', [], 'noTexts']
  ];
  for (const [what, value, key] of hostile) {
    it(`refuses ${what}`, () => {
      expect(problem(value)).toBe(key);
    });
  }

  it('refuses a file over the size limit before reading it', () => {
    expect(problem(' '.repeat(MAX_TEXTS_BYTES + 1))).toBe('tooLarge');
  });

  it('does not pollute any prototype', () => {
    read('[{"id":"chef","__proto__":{"polluted":true}}]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the texts kept on the phone', () => {
  it('read back as they were stored', () => {
    const r = read(FILE);
    if (!r.ok) throw new Error(r.problem.key);
    const stored = structuredClone(storeTexts(r.texts, 1234));
    const back = readStoredTexts(stored);
    expect(back?.importedAt).toBe(1234);
    expect([...(back?.texts ?? [])]).toEqual([...r.texts]);
  });

  it('read as nothing when the row is damaged, never half', () => {
    const r = read(FILE);
    if (!r.ok) throw new Error(r.problem.key);
    const good = storeTexts(r.texts, 1);
    expect(readStoredTexts(undefined)).toBeNull();
    expect(readStoredTexts({ ...good, v: 2 })).toBeNull();
    expect(readStoredTexts({ ...good, entries: 'x' })).toBeNull();
    expect(readStoredTexts({ ...good, entries: [...good.entries, ['nobodyknows', 'x', null, null]] })).toBeNull();
    expect(readStoredTexts({ ...good, entries: [...good.entries, ['chef', 'a'.repeat(TEXT_LIMITS.ability + 1), null, null]] })).toBeNull();
    expect(readStoredTexts({ ...good, entries: [...good.entries, ['chef', 5, null, null]] })).toBeNull();
    expect(readStoredTexts(JSON.parse('{"v":1,"entries":[],"__proto__":{"x":1}}'))).toBeNull();
  });
});

describe('the marks in a character text', () => {
  it('makes :reminder: a token mark and *WORD* bold', () => {
    expect(markup('Place :reminder: on *ONE* player.')).toEqual([
      { kind: 'text', text: 'Place ' },
      { kind: 'reminder' },
      { kind: 'text', text: ' on ' },
      { kind: 'bold', text: 'ONE' },
      { kind: 'text', text: ' player.' }
    ]);
  });

  it('leaves a text without marks whole', () => {
    expect(markup('Plain words.')).toEqual([{ kind: 'text', text: 'Plain words.' }]);
    expect(markup('')).toEqual([]);
  });

  it('keeps HTML and script as text, inside bold too', () => {
    expect(markup('<b>x</b> *<img src=x onerror=alert(1)>*')).toEqual([
      { kind: 'text', text: '<b>x</b> ' },
      { kind: 'bold', text: '<img src=x onerror=alert(1)>' }
    ]);
  });

  it('keeps lone or empty asterisks, other colon words and broken marks as text', () => {
    expect(markup('a * b')).toEqual([{ kind: 'text', text: 'a * b' }]);
    expect(markup('** and * *')).toEqual([{ kind: 'text', text: '** and * *' }]);
    expect(markup(':info: :reminder')).toEqual([{ kind: 'text', text: ':info: :reminder' }]);
    expect(markup('*across\nlines*')).toEqual([{ kind: 'text', text: '*across\nlines*' }]);
    expect(markup(':reminder::reminder:')).toEqual([{ kind: 'reminder' }, { kind: 'reminder' }]);
  });

  it('reads as plain words where no element can be drawn (the card a player holds)', () => {
    expect(plainText('Learn *ONE* thing; :reminder: stays. <b>x</b>', 'reminder token')).toBe('Learn ONE thing; reminder token stays. <b>x</b>');
  });

  it('reads a long hostile text quickly', () => {
    const evil = '*'.repeat(50000) + ':'.repeat(50000) + ':reminder'.repeat(5000);
    const start = performance.now();
    const parts = markup(evil);
    expect(performance.now() - start).toBeLessThan(500);
    expect(parts.map((p) => (p.kind === 'reminder' ? ':reminder:' : p.kind === 'bold' ? `*${p.text}*` : p.text)).join('')).toBe(evil);
  });
});

describe('the texts on the phone', () => {
  it('a refused file leaves the kept texts as they were; a good one replaces them; forget removes them', async () => {
    const { MemoryStorage } = await import('$lib/db');
    const { characterTexts } = await import('$lib/stores/character-texts.svelte');
    const { STORED_TEXTS_KEY } = await import('$lib/games/botc/texts');
    const storage = new MemoryStorage();
    await characterTexts.load(storage);
    expect(characterTexts.texts).toBeNull();
    const first = await characterTexts.import(JSON.stringify(FILE), storage);
    expect(first).toEqual({ ok: true, count: 3, unknown: 1 });
    const kept = await storage.getSetting(STORED_TEXTS_KEY, null);
    const refused = await characterTexts.import('[{"id":"chef","ability":7}]', storage);
    expect(refused.ok).toBe(false);
    expect(await storage.getSetting(STORED_TEXTS_KEY, null)).toEqual(kept);
    expect(characterTexts.of('washerwoman')?.ability).toBe('Test ability one.');
    await characterTexts.import(JSON.stringify([{ id: 'chef', ability: 'Test ability four.' }]), storage);
    expect(characterTexts.of('washerwoman')).toBeNull();
    expect(readStoredTexts(await storage.getSetting(STORED_TEXTS_KEY, null))?.texts.get('chef')?.ability).toBe('Test ability four.');
    await characterTexts.forget(storage);
    expect(characterTexts.of('chef')).toBeNull();
    expect(readStoredTexts(await storage.getSetting(STORED_TEXTS_KEY, null))).toBeNull();
  });
});

describe('the texts a game gives its screens', () => {
  it('a homebrew character brings its own text; an official one none of its own (the phone’s imported text is looked up)', async () => {
    const { parseScript, scriptToJson } = await import('$lib/games/botc/script');
    const { boardOf } = await import('$lib/games/botc');
    const { game, setupFor } = await import('./fixture');
    const parsed = parseScript(
      JSON.stringify([
        { id: '_meta', name: 'Home' },
        'washerwoman', 'empath', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'imp',
        { id: 'brewer', name: 'Brewer', team: 'townsfolk', ability: 'Own ability of the Brewer.', firstNight: 50, firstNightReminder: 'Own *first* reminder :reminder:.', otherNight: 0 }
      ])
    );
    if (!parsed.ok) throw new Error(parsed.problem.key);
    const g = game(setupFor(['washerwoman', 'empath', 'fortuneteller', 'brewer', 'slayer', 'poisoner', 'imp'], { script: scriptToJson(parsed.script), edition: null }));
    const b = boardOf(g.view);
    const line = (id: string) => b.night.find((l) => l.kind === 'character' && l.character.id === id);
    expect(line('brewer')).toMatchObject({ own: { official: false, ability: 'Own ability of the Brewer.', reminder: 'Own *first* reminder :reminder:.' } });
    expect(line('washerwoman')).toMatchObject({ own: { official: true, ability: null, reminder: null } });
    expect(b.seats.find((s) => s.character.id === 'brewer')!.own).toEqual({ official: false, ability: 'Own ability of the Brewer.', reminder: null, flavor: null });
  });
});
