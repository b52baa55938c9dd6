import { describe, expect, it } from 'vitest';
import { parseScript } from '$lib/games/botc/script';
import { SCRIPT_CASES } from '../../botc-script-cases';

const ok = (text: string, options = {}) => {
  const r = parseScript(text, options);
  if (!r.ok) throw new Error(`refused: ${r.problem.key} ${JSON.stringify(r.problem.params)}`);
  return r;
};

describe('reading a script', () => {
  it('takes the plain list of ids the official tool writes', () => {
    const { script } = ok(JSON.stringify(['washerwoman', 'chef', 'empath', 'poisoner', 'imp']));
    expect(script.name).toBeNull();
    expect(script.characters.map((c) => [c.id, c.team, c.official])).toEqual([
      ['washerwoman', 'townsfolk', true],
      ['chef', 'townsfolk', true],
      ['empath', 'townsfolk', true],
      ['poisoner', 'minion', true],
      ['imp', 'demon', true]
    ]);
    // Official characters carry no text unless the script brings it.
    expect(script.characters[0].ability).toBeNull();
  });

  it('takes _meta, the old {id} form, ids to normalise, travelers and unknown fields', () => {
    const { script } = ok(
      JSON.stringify([
        { id: '_meta', name: 'Night Market', author: 'Ola', logo: 'https://example.invalid/logo.png', bootlegger: ['The Mayor may not bluff.'], firstNight: ['dusk', 'Fortune_Teller', "Lil' Monsta", 'chef', 'minioninfo', 'dawn'] },
        { id: 'Fortune_Teller' },
        'pit-hag',
        "Lil' Monsta",
        { id: 'Scapegoat', team: 'traveler', name: 'Scapegoat' },
        { id: 'chef', image: ['https://example.invalid/chef.png'], sparkle: true }
      ])
    );
    expect(script.name).toBe('Night Market');
    expect(script.author).toBe('Ola');
    expect(script.bootlegger).toEqual(['The Mayor may not bluff.']);
    expect(script.characters.map((c) => c.id)).toEqual(['fortuneteller', 'pithag', 'lilmonsta', 'scapegoat', 'chef']);
    expect(script.characters.find((c) => c.id === 'scapegoat')!.team).toBe('traveller');
    expect(script.firstNight).toEqual(['dusk', 'fortuneteller', 'lilmonsta', 'chef', 'minioninfo', 'dawn']);
    // No URL is kept anywhere.
    expect(JSON.stringify(script)).not.toContain('example.invalid');
  });

  it('keeps a homebrew character with its own text, and an official one written out with the text it brings', () => {
    const { script } = ok(
      JSON.stringify([
        'chef',
        'empath',
        'poisoner',
        'imp',
        { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Each night, <b>learn</b> something.', firstNight: 35, otherNight: 50, reminders: ['Lit'], firstNightReminder: 'Show the *LIT* token :reminder:', jinxes: [{ id: 'imp', reason: 'Homebrew jinx.' }] },
        { id: 'washerwoman', name: 'Washerwoman', team: 'townsfolk', ability: 'Text the Storyteller brought.' }
      ])
    );
    const lamp = script.characters.find((c) => c.id === 'lamplighter')!;
    expect(lamp).toMatchObject({ official: false, team: 'townsfolk', firstNight: 35, otherNight: 50, reminders: ['Lit'], jinxes: [{ id: 'imp', reason: 'Homebrew jinx.' }] });
    // Markup is kept as the text it is; a screen shows it as text.
    expect(lamp.ability).toBe('Each night, <b>learn</b> something.');
    const wash = script.characters.find((c) => c.id === 'washerwoman')!;
    expect(wash).toMatchObject({ official: true, firstNight: 52, ability: 'Text the Storyteller brought.' });
  });

  it('loads without the unknown ids only when asked, and says which were left out', () => {
    const text = JSON.stringify(['washerwoman', 'chef', 'empath', 'poisoner', 'imp', 'mysterymancer']);
    const refused = parseScript(text);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.unknown).toEqual(['mysterymancer']);
    const loaded = ok(text, { skipUnknown: true });
    expect(loaded.skipped).toEqual(['mysterymancer']);
    expect(loaded.script.characters).toHaveLength(5);
  });

  it('drops ids from its own night orders that are not in the script', () => {
    const { script } = ok(JSON.stringify([{ id: '_meta', name: 'x', otherNight: ['dusk', 'imp', 'empath', 'monk', 'dawn'] }, 'washerwoman', 'chef', 'empath', 'imp']));
    expect(script.otherNight).toEqual(['dusk', 'imp', 'empath', 'dawn']);
  });

  it(`refuses each of the ${SCRIPT_CASES.length} malformed or hostile files with its own message`, () => {
    expect(SCRIPT_CASES.length).toBeGreaterThanOrEqual(30);
    for (const c of SCRIPT_CASES) {
      const r = parseScript(c.text);
      expect(r.ok, c.name).toBe(false);
      if (r.ok) continue;
      expect(r.problem.key, c.name).toBe(`botc:script.errors.${c.problem}`);
      if (c.params) expect(r.problem.params, c.name).toMatchObject(c.params);
    }
    // Nothing reached the prototype of plain objects.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a script’s jinxes', () => {
  it('lists each pair once: the official pairs among its characters, and those it states with their reason', async () => {
    const { parseScript: parse, scriptJinxes } = await import('$lib/games/botc/script');
    const r = parse(
      JSON.stringify([
        'spy',
        'damsel',
        'poppygrower',
        'chef',
        { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', jinxes: [{ id: 'spy', reason: 'The Spy sees no lamps.' }] },
        'imp'
      ])
    );
    if (!r.ok) throw new Error('refused');
    const pairs = scriptJinxes(r.script).map((j) => [j.a.id, j.b.id, j.reason]);
    expect(pairs).toEqual([
      ['spy', 'damsel', null],
      ['spy', 'poppygrower', null],
      ['lamplighter', 'spy', 'The Spy sees no lamps.']
    ]);
  });
});

describe('files from anywhere', () => {
  it('removes a right-to-left override and other bidirectional controls from every name', () => {
    const { script } = ok(JSON.stringify([{ id: '_meta', name: 'Night\u202E Market', author: '\u2067Ola\u2069' }, 'chef', 'empath', 'poisoner', 'imp', { id: 'lamplighter', name: 'Lamp\u202Elighter', team: 'townsfolk', reminders: ['\u200FLit'] }]));
    expect(script.name).toBe('Night Market');
    expect(script.author).toBe('Ola');
    const brew = script.characters.find((c) => c.id === 'lamplighter')!;
    expect(brew.name).toBe('Lamplighter');
    expect(brew.reminders).toEqual(['Lit']);
  });

  it('takes a UTF-8 byte-order mark pasted as it does picked; reads UTF-16 with its mark and refuses it without, in both paths', async () => {
    const { decodeScriptFile } = await import('$lib/games/botc/script');
    const text = JSON.stringify(['washerwoman', 'chef', 'empath', 'poisoner', 'imp']);
    expect(ok('\uFEFF' + text).script.characters).toHaveLength(5);
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(ok(decodeScriptFile(utf8)).script.characters).toHaveLength(5);
    const le = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((ch) => [ch.charCodeAt(0), 0])]);
    const be = new Uint8Array([0xfe, 0xff, ...[...text].flatMap((ch) => [0, ch.charCodeAt(0)])]);
    expect(ok(decodeScriptFile(le)).script.characters).toHaveLength(5);
    expect(ok(decodeScriptFile(be)).script.characters).toHaveLength(5);
    // Without a mark: refused with "save it as UTF-8", picked or pasted.
    const bare = decodeScriptFile(le.slice(2));
    const picked = parseScript(bare);
    expect(picked.ok ? null : picked.problem.key).toBe('botc:script.errors.notUtf8');
  });
});

describe('homebrew flavour text', () => {
  it('is kept, written back, and given to the seat with the character’s text', async () => {
    const { scriptToJson, readScript } = await import('$lib/games/botc/script');
    const { boardOf } = await import('$lib/games/botc');
    const { game, setupFor } = await import('./fixture');
    const brew = { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Made-up: lights the way.', flavor: 'The lamps went out one by one.' };
    const { script } = ok(JSON.stringify(['washerwoman', 'chef', 'empath', 'fortuneteller', 'poisoner', 'imp', brew]));
    expect(script.characters.find((c) => c.id === 'lamplighter')!.flavor).toBe('The lamps went out one by one.');
    const again = readScript(scriptToJson(script));
    expect(again.ok && again.script.characters.find((c) => c.id === 'lamplighter')!.flavor).toBe('The lamps went out one by one.');
    const g = game(setupFor(['lamplighter', 'washerwoman', 'chef', 'empath', 'fortuneteller', 'poisoner', 'imp'], { script: scriptToJson(script), edition: null }));
    const seat = boardOf(g.view).seats.find((s) => s.character.id === 'lamplighter')!;
    expect(seat.own).toMatchObject({ ability: 'Made-up: lights the way.', flavor: 'The lamps went out one by one.' });
    // Over its limit: refused, naming the field.
    const long = parseScript(JSON.stringify(['washerwoman', 'chef', 'empath', 'poisoner', 'imp', { ...brew, flavor: 'f'.repeat(501) }]));
    expect(long.ok ? null : long.problem).toEqual({ key: 'botc:script.errors.fieldTooLong', params: { what: 'flavor', item: 6, max: 500 } });
  });
});
