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
        { id: '_meta', name: 'Night Market', author: 'Ola', logo: 'https://example.invalid/logo.png', bootlegger: ['The Mayor may not bluff.'], firstNight: ['dusk', 'Fortune_Teller', 'minioninfo', 'dawn'] },
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
    expect(script.firstNight).toEqual(['dusk', 'fortuneteller', 'minioninfo', 'dawn']);
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
    const { script } = ok(JSON.stringify([{ id: '_meta', name: 'x', otherNight: ['dusk', 'imp', 'monk', 'dawn'] }, 'washerwoman', 'chef', 'empath', 'imp']));
    expect(script.otherNight).toEqual(['dusk', 'imp', 'dawn']);
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
