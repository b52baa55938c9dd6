import { describe, expect, it } from 'vitest';
import { editionCharacters, officialCharacter } from '$lib/games/botc/characters';
import { nightOrder, type NightEntry } from '$lib/games/botc/night';
import { parseScript, type Script } from '$lib/games/botc/script';

const load = (items: unknown[]): Script => {
  const r = parseScript(JSON.stringify(items));
  if (!r.ok) throw new Error(r.problem.key);
  return r.script;
};
const ids = (entries: NightEntry[]) => entries.map((e) => e.id);

describe('the night sheet of a script', () => {
  const tb = load(editionCharacters('tb').map((c) => c.id));

  it("follows the publisher's order for Trouble Brewing's first night: the Poisoner first, the Spy last", () => {
    expect(ids(nightOrder(tb, 'first'))).toEqual([
      'dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'butler', 'spy', 'dawn'
    ]);
  });

  it('and for its other nights: the Monk protects before the Demon attacks, the Spy sees the grimoire last', () => {
    expect(ids(nightOrder(tb, 'other'))).toEqual([
      'dusk', 'poisoner', 'monk', 'scarletwoman', 'imp', 'ravenkeeper', 'empath', 'fortuneteller', 'undertaker', 'butler', 'spy', 'dawn'
    ]);
  });

  it('places a homebrew character by the position it states, after an official one at the same place', () => {
    const s = load(['washerwoman', 'chef', 'poisoner', 'imp', { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', firstNight: 52 }]);
    expect(ids(nightOrder(s, 'first'))).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'lamplighter', 'chef', 'dawn']);
  });

  it("uses the script's own order when it gives one, keeping dusk, dawn and the first night's Minion and Demon info", () => {
    const s = load([{ id: '_meta', name: 'Own', firstNight: ['chef', 'washerwoman', 'poisoner', 'dawn', 'imp'], otherNight: ['imp', 'poisoner'] }, 'chef', 'washerwoman', 'poisoner', 'imp']);
    expect(ids(nightOrder(s, 'first'))).toEqual(['dusk', 'minioninfo', 'demoninfo', 'chef', 'washerwoman', 'poisoner', 'dawn', 'imp']);
    expect(ids(nightOrder(s, 'other'))).toEqual(['dusk', 'imp', 'poisoner', 'dawn']);
    expect(nightOrder(s, 'other')[1]).toEqual({ kind: 'character', id: 'imp' });
  });
});

describe("a Traveller from outside a script with its own night order", () => {
  const own = load([
    { id: '_meta', name: 'Own', firstNight: ['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'chef', 'washerwoman', 'dawn'], otherNight: ['imp', 'poisoner', 'monk'] },
    'chef', 'monk', 'poisoner', 'imp', 'washerwoman'
  ]);
  const t = (id: string) => {
    const c = officialCharacter(id)!;
    return { ...c, official: true, ability: null, firstNightReminder: null, otherNightReminder: null, jinxes: [] };
  };

  it("wakes at the publisher's place relative to the entries the script lists: before the first it wakes later than", () => {
    // The Bureaucrat (11th) wakes before Minion info (20th); the Harlot (9th of other nights) before the Imp.
    expect(ids(nightOrder(own, 'first', [t('bureaucrat')]))).toEqual(['dusk', 'bureaucrat', 'minioninfo', 'demoninfo', 'poisoner', 'chef', 'washerwoman', 'dawn']);
    expect(ids(nightOrder(own, 'other', [t('harlot')]))).toEqual(['dusk', 'harlot', 'imp', 'poisoner', 'monk', 'dawn']);
  });

  it('keeps the publisher’s order among several who joined, and leaves out one who does not wake that night', () => {
    expect(ids(nightOrder(own, 'first', [t('thief'), t('barista'), t('harlot')]))).toEqual(['dusk', 'barista', 'thief', 'minioninfo', 'demoninfo', 'poisoner', 'chef', 'washerwoman', 'dawn']);
    expect(ids(nightOrder(own, 'other', [t('bonecollector'), t('bureaucrat'), t('apprentice')]))).toEqual(['dusk', 'bureaucrat', 'bonecollector', 'imp', 'poisoner', 'monk', 'dawn']);
  });

  it("never adds a script's own character twice, joined or not", () => {
    expect(ids(nightOrder(own, 'first', [t('bureaucrat'), { ...t('washerwoman') }])).filter((id) => id === 'washerwoman')).toEqual(['washerwoman']);
  });

  it('places a character of the script its own order leaves out by the publisher’s order, and says which and where', () => {
    const r = parseScript(JSON.stringify([{ id: '_meta', name: 'Gaps', firstNight: ['dusk', 'poisoner', 'chef', 'dawn'], otherNight: ['dusk', 'monk', 'dawn'] }, 'chef', 'washerwoman', 'monk', 'poisoner', 'imp']));
    if (!r.ok) throw new Error(r.problem.key);
    expect(r.script.firstNight).toEqual(['dusk', 'poisoner', 'washerwoman', 'chef', 'dawn']);
    // The Poisoner wakes before the Monk on the publisher's other nights, the Imp after.
    expect(r.script.otherNight).toEqual(['dusk', 'poisoner', 'monk', 'imp', 'dawn']);
    expect(r.notes).toEqual([
      { key: 'botc:script.notes.placedAfter', params: { name: 'Washerwoman', night: 'first', after: 'Poisoner' } },
      { key: 'botc:script.notes.placedAfterMarker', params: { name: 'Poisoner', night: 'other', after: 'dusk' } },
      { key: 'botc:script.notes.placedAfter', params: { name: 'Imp', night: 'other', after: 'Monk' } }
    ]);
  });

  it('is on the night list of a game once they join', async () => {
    const { boardOf } = await import('$lib/games/botc');
    const { game, setupFor } = await import('./fixture');
    const { scriptToJson } = await import('$lib/games/botc/script');
    const g = game(setupFor(['washerwoman', 'chef', 'monk', 'poisoner', 'imp'], { script: scriptToJson(own), edition: null }));
    g.move({ kind: 'phase' }).move({ kind: 'join', player: 'p9', name: 'Zenek', character: 'harlot', alignment: 'good', after: null }).move({ kind: 'phase' });
    const night = boardOf(g.view).night.map((l) => (l.kind === 'marker' ? l.id : l.character.id));
    expect(night).toEqual(['dusk', 'harlot', 'imp', 'poisoner', 'monk', 'dawn']);
  });
});

describe('the printable night sheet', () => {
  it('lists every character of the script in its night order, with its reminders, and the script’s own night text', async () => {
    const { botc } = await import('$lib/games/botc');
    const { setupFor } = await import('./fixture');
    const [first, other] = botc.sheet!(setupFor());
    const roles = (s: typeof first) => s.lines.map((l) => (l.role?.params?.name as string | undefined) ?? l.role?.key);
    expect(roles(first)).toEqual([
      'botc:night.dusk', 'botc:night.minioninfo', 'botc:night.demoninfo', 'Poisoner', 'Washerwoman', 'Librarian', 'Investigator', 'Chef', 'Empath', 'Fortune Teller', 'Butler', 'Spy', 'botc:night.dawn'
    ]);
    expect(roles(other)).toEqual([
      'botc:night.dusk', 'Poisoner', 'Monk', 'Scarlet Woman', 'Imp', 'Ravenkeeper', 'Empath', 'Fortune Teller', 'Undertaker', 'Butler', 'Spy', 'botc:night.dawn'
    ]);
    expect(first.lines.find((l) => l.role?.params?.name === 'Poisoner')?.note).toEqual({ key: 'botc:sheet.reminders', params: { labels: 'Poisoned' } });
  });
  it('shows the imported night reminders with their markup as parts, never as raw symbols', async () => {
    const { botc } = await import('$lib/games/botc');
    const { setupFor } = await import('./fixture');
    const texts = new Map([['poisoner', { firstNightReminder: 'The Poisoner points at a player. That player is *POISONED* :reminder:.', otherNightReminder: null }]]);
    const [first, other] = botc.sheet!(setupFor(), { characterTexts: texts });
    const poisoner = first.lines.find((l) => l.role?.params?.name === 'Poisoner')!;
    expect(poisoner.parts).toEqual([
      { kind: 'text', text: 'The Poisoner points at a player. That player is ' },
      { kind: 'bold', text: 'POISONED' },
      { kind: 'text', text: ' ' },
      { kind: 'mark', label: { key: 'botc:texts.reminderToken' } },
      { kind: 'text', text: '.' }
    ]);
    // A character the file has no text for keeps the line that says to wake it as its ability says.
    expect(other.lines.find((l) => l.role?.params?.name === 'Poisoner')?.say).toEqual({ key: 'botc:sheet.wake', params: { name: 'Poisoner' } });
    expect(first.note).toBeUndefined();
  });

  it('says once where the text would come from when nothing was imported', async () => {
    const { botc } = await import('$lib/games/botc');
    const { setupFor } = await import('./fixture');
    const [first, other] = botc.sheet!(setupFor());
    expect(first.note).toEqual({ key: 'botc:texts.whereFrom' });
    expect(other.note).toBeUndefined();
    expect(first.lines.some((l) => l.parts)).toBe(false);
  });

  it("keeps a homebrew character's own reminder, with its markup, over any import", async () => {
    const { botc } = await import('$lib/games/botc');
    const { setupFor } = await import('./fixture');
    const { scriptToJson } = await import('$lib/games/botc/script');
    const script = load([
      'washerwoman', 'empath', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'imp',
      { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Lights a lamp.', firstNight: 52, firstNightReminder: 'Show the *LAMP*.' }
    ]);
    const setup = setupFor(undefined, { script: scriptToJson(script), edition: null });
    const [first] = botc.sheet!(setup, { characterTexts: new Map() });
    const lamp = first.lines.find((l) => l.role?.params?.name === 'Lamplighter')!;
    expect(lamp.parts).toEqual([{ kind: 'text', text: 'Show the ' }, { kind: 'bold', text: 'LAMP' }, { kind: 'text', text: '.' }]);
  });
});


describe('a homebrew night number written against an older night sheet', () => {
  it('places the homebrew character by its neighbours in the file, on the publisher’s current order', () => {
    // The file numbers the Poisoner 17 and the Washerwoman 32 (an older sheet); its homebrew
    // Lamplighter says 20: after the Poisoner, before the Washerwoman, wherever they are now.
    const s = load([
      { id: 'poisoner', firstNight: 17 },
      { id: 'washerwoman', firstNight: 32 },
      'chef',
      'imp',
      { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', firstNight: 20 }
    ]);
    expect(ids(nightOrder(s, 'first'))).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'lamplighter', 'washerwoman', 'chef', 'dawn']);
    // Read as a place on the current order, 20 would be Minion info's own place: before the Poisoner.
    const bare = load(['poisoner', 'washerwoman', 'chef', 'imp', { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', firstNight: 20 }]);
    expect(ids(nightOrder(bare, 'first')).indexOf('lamplighter')).toBeLessThan(ids(nightOrder(bare, 'first')).indexOf('poisoner'));
  });

  it('keeps the numbers the file states through a stored copy of the script', async () => {
    const { scriptToJson, readScript } = await import('$lib/games/botc/script');
    const s = load([{ id: 'poisoner', firstNight: 17 }, { id: 'washerwoman', firstNight: 32 }, 'chef', 'imp', { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', firstNight: 20 }]);
    const again = readScript(scriptToJson(s));
    if (!again.ok) throw new Error('refused');
    expect(ids(nightOrder(again.script, 'first'))).toEqual(ids(nightOrder(s, 'first')));
  });
});
