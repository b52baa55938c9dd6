/**
 * Malformed and hostile Blood on the Clocktower scripts, each with the problem Lantern must
 * name. Shared by the unit tests (tests/unit/botc/script.test.ts) and the browser's.
 */
export interface ScriptCase {
  name: string;
  /** The file's text. */
  text: string;
  /** The problem's key under `botc:script.errors.`. */
  problem: string;
  params?: Record<string, unknown>;
}

const TB5 = ['washerwoman', 'chef', 'empath', 'poisoner', 'imp'];
const json = (v: unknown) => JSON.stringify(v);
const withItem = (item: unknown, at = 4) => json([...TB5.slice(0, at), item, ...TB5.slice(at)]);
const brew = (extra: Record<string, unknown>) => ({ id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Lights the way.', ...extra });

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

export const SCRIPT_CASES: ScriptCase[] = [
  { name: 'an empty file', text: '', problem: 'empty' },
  { name: 'only white space', text: '  \n\t ', problem: 'empty' },
  { name: 'not JSON', text: 'washerwoman, chef, empath', problem: 'notJson' },
  { name: 'JSON cut short', text: '["washerwoman", "chef", "emp', problem: 'notJson' },
  { name: 'an HTML page', text: '<!doctype html><script>alert(1)</script>', problem: 'notJson' },
  { name: 'an object, not a list', text: json({ name: 'My script', characters: TB5 }), problem: 'notArray' },
  { name: 'a string', text: json('washerwoman'), problem: 'notArray' },
  { name: 'null', text: 'null', problem: 'notArray' },
  { name: 'a backup file', text: json({ format: 'lantern-backup', version: 2, games: [] }), problem: 'notArray' },
  { name: 'four items', text: json(TB5.slice(0, 4)), problem: 'tooFew', params: { count: 4, min: 5 } },
  { name: 'an empty list', text: '[]', problem: 'tooFew', params: { count: 0, min: 5 } },
  { name: '202 items', text: json(Array.from({ length: 202 }, (_, i) => ({ id: `brew${i}`, name: `Brew ${i}`, team: 'townsfolk' }))), problem: 'tooMany', params: { count: 202, max: 201 } },
  { name: 'a file over a megabyte', text: json([...TB5, { id: '_meta', name: 'Big', notes: 'x'.repeat(1000) }]).padEnd(1024 * 1024 + 1, ' '), problem: 'tooLarge' },
  { name: 'nesting 100,000 deep', text: nested(100_000), problem: 'tooDeep' },
  { name: 'nesting nine deep inside a character', text: withItem({ id: 'chef', extra: [[[[[[[[['deep']]]]]]]]] }), problem: 'tooDeep' },
  { name: 'a __proto__ key', text: withItem({ id: 'chef' }).replace('{"id":"chef"}', '{"id":"chef","__proto__":{"polluted":true}}'), problem: 'forbiddenKey', params: { key: '__proto__' } },
  { name: 'a constructor key in _meta', text: withItem({ id: '_meta', name: 'x', constructor: { prototype: {} } }), problem: 'forbiddenKey', params: { key: 'constructor' } },
  { name: 'a text of 5,000 characters in an ignored field', text: withItem({ id: 'chef', notes: 'a'.repeat(5000) }), problem: 'textTooLong', params: { item: 5, field: 'notes', max: 2000 } },
  { name: 'a text of 3,000 characters in a list of reminders', text: withItem(brew({ reminders: ['Lit', 'b'.repeat(3000)] }), 2), problem: 'textTooLong', params: { item: 3, field: 'reminders', max: 2000 } },
  { name: 'UTF-16 without a byte-order mark', text: json(TB5).split('').join('\u0000'), problem: 'notUtf8' },
  { name: 'an unknown official id', text: json([...TB5, 'mysterymancer']), problem: 'unknownIds', params: { ids: 'mysterymancer', count: 1 } },
  { name: 'two unknown ids in the old object form', text: json([...TB5, { id: 'foo' }, { id: 'bar' }]), problem: 'unknownIds', params: { ids: 'foo, bar', count: 2 } },
  { name: 'a homebrew character with no id', text: withItem({ name: 'Nameless', team: 'townsfolk' }), problem: 'noId', params: { item: 5 } },
  { name: 'an id that is only punctuation', text: withItem({ id: "_-'", name: 'Dots', team: 'townsfolk' }), problem: 'noId', params: { item: 5 } },
  { name: 'a number as an id', text: withItem({ id: 42, name: 'Answer', team: 'townsfolk' }), problem: 'noId', params: { item: 5 } },
  { name: 'a homebrew character with no name', text: withItem({ id: 'ghostwriter', team: 'townsfolk', ability: 'x' }), problem: 'noName', params: { item: 5, id: 'ghostwriter' } },
  { name: 'a homebrew character with no team', text: withItem({ id: 'drifter', name: 'Drifter' }), problem: 'noTeam', params: { item: 5, id: 'drifter' } },
  { name: 'a wrong team', text: withItem(brew({ team: 'villager' })), problem: 'badTeam', params: { item: 5, id: 'lamplighter', team: 'villager' } },
  { name: 'a team that is a number', text: withItem(brew({ team: 3 })), problem: 'noTeam', params: { item: 5, id: 'lamplighter' } },
  { name: 'a name over 30 characters', text: withItem(brew({ name: 'L'.repeat(31) })), problem: 'fieldTooLong', params: { what: 'name', item: 5, max: 30 } },
  { name: 'an ability over 250 characters', text: withItem(brew({ ability: 'a'.repeat(251) })), problem: 'fieldTooLong', params: { what: 'ability', item: 5, max: 250 } },
  { name: 'a night reminder over 500 characters', text: withItem(brew({ firstNightReminder: 'r'.repeat(501) })), problem: 'fieldTooLong', params: { what: 'firstNightReminder', item: 5, max: 500 } },
  { name: 'a script name over 50 characters', text: json([{ id: '_meta', name: 'N'.repeat(51) }, ...TB5]), problem: 'fieldTooLong', params: { what: 'name', item: 1, max: 50 } },
  { name: 'a name that is an object', text: withItem(brew({ name: { toString: 'x' } })), problem: 'notText', params: { what: 'name', item: 5 } },
  { name: '21 reminder tokens', text: withItem(brew({ reminders: Array.from({ length: 21 }, (_, i) => `R${i}`) })), problem: 'tooManyInList', params: { what: 'reminders', item: 5, max: 20 } },
  { name: 'reminders that are not a list', text: withItem(brew({ reminders: 'Lit' })), problem: 'notList', params: { what: 'reminders', item: 5 } },
  { name: 'a negative night position', text: withItem(brew({ firstNight: -3 })), problem: 'badPosition', params: { what: 'firstNight', item: 5 } },
  { name: 'a night position that is text', text: withItem(brew({ otherNight: '12' })), problem: 'badPosition', params: { what: 'otherNight', item: 5 } },
  { name: 'the same character twice', text: json([...TB5, 'Chef']), problem: 'duplicate', params: { item: 6, name: 'Chef' } },
  { name: 'two _meta entries', text: json([{ id: '_meta', name: 'A' }, ...TB5, { id: '_meta', name: 'B' }]), problem: 'twoMeta', params: { item: 7 } },
  { name: 'a number as an item', text: withItem(7), problem: 'badItem', params: { item: 5 } },
  { name: 'null as an item', text: withItem(null), problem: 'badItem', params: { item: 5 } },
  { name: 'only a _meta and unknown ids skipped leave nothing', text: json([{ id: '_meta', name: 'Empty' }, 'a1', 'a2', 'a3', 'a4']), problem: 'unknownIds', params: { count: 4 } }
];
