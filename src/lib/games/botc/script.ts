/**
 * Reading a Blood on the Clocktower script: the JSON array the community's script tools write
 * (../shared/botc/README.md, "The script format"). Every form in use is accepted:
 *
 * - a string, the id of an official character (`"washerwoman"`);
 * - `{ "id": "washerwoman" }`, the older form of the same;
 * - `{ "id": "_meta", name, author, bootlegger, firstNight, otherNight, … }`: the script's name,
 *   author, homebrew rules and its own night orders;
 * - a full character object: a homebrew character (its own name, team and text), or an
 *   official one written out in full (its text is then the Storyteller's to show).
 *
 * Ids are normalised before look-up (capitals, `_`, `-`, `'` and spaces), `traveler` is read as
 * `traveller`, unknown fields are ignored, and URLs (logos, images, almanacs) are never kept,
 * so nothing is ever fetched because of a script.
 *
 * Anything else is refused with one clear problem and nothing kept: a file too large or not
 * JSON, not an array, too few or too many items, nesting too deep, a `__proto__`-style key, a
 * text over its limit, a character without an id, name or team, an unknown team, a character
 * listed twice, or official ids Lantern does not know (named, so the Storyteller can choose to
 * go on without them). Texts are kept as text: markup in them is shown, never run.
 */
import type { Text } from '../../engine/types';
import { NIGHT_MARKERS } from './facts';
import { editionCharacters as editionCharacterList, officialCharacter, normaliseId, TEAMS, type CharacterFacts, type Special, type Team } from './characters';

/** A script file is a list of at most 201 small objects: a megabyte is far more than any needs. */
export const MAX_SCRIPT_BYTES = 1024 * 1024;
export const SCRIPT_LIMITS = {
  minItems: 5,
  maxItems: 201,
  depth: 8,
  scriptName: 50,
  author: 100,
  id: 50,
  name: 30,
  ability: 250,
  flavor: 500,
  nightReminder: 500,
  reminder: 40,
  reminders: 20,
  jinxReason: 500,
  bootleggerRule: 500,
  bootleggerRules: 20,
  /** Any other text anywhere in the file (fields Lantern ignores included). */
  anyText: 2000
} as const;

/** The markers a night order may hold besides characters. */
export const MARKERS = ['dusk', 'minioninfo', 'demoninfo', 'dawn'] as const;
export type Marker = (typeof MARKERS)[number];

export interface Jinx {
  id: string;
  /** The reason as the script gives it (homebrew or imported text); null when not given. */
  reason: string | null;
}

/** A character as a loaded script has it: the official facts, or a homebrew character's own. */
export interface ScriptCharacter extends CharacterFacts {
  official: boolean;
  /** Text the script itself brings (homebrew, or official written out in full); else null. */
  ability: string | null;
  firstNightReminder: string | null;
  otherNightReminder: string | null;
  /**
   * The night positions the file states for an official character written out in full (its
   * facts' positions are used; these only place the script's homebrew characters by their
   * neighbours, when the file was written against an older night sheet).
   */
  stated?: { firstNight?: number; otherNight?: number };
  /** The flavour text the script brings (a homebrew character's, kept and shown with its text); absent when none. */
  flavor?: string;
  /** Jinxes the script states (homebrew), besides the official jinx pairs in `jinxedWith`. */
  jinxes: Jinx[];
}

export interface Script {
  name: string | null;
  author: string | null;
  characters: ScriptCharacter[];
  /** The script's own night orders (`_meta`), normalised ids; null: the publisher's order. */
  firstNight: string[] | null;
  otherNight: string[] | null;
  /** Homebrew rules (`_meta.bootlegger`). */
  bootlegger: string[];
}

export type ScriptResult =
  | {
      ok: true;
      script: Script;
      /** Official ids left out at the Storyteller's request. */
      skipped: string[];
      /** What Lantern changed while reading, to be said (`botc:script.notes.*`): a character its own night order left out, placed. */
      notes: Text[];
    }
  | { ok: false; problem: Text; /** Unknown official ids: the Storyteller may load the script without them. */ unknown?: string[] };

export interface ScriptOptions {
  /** Load the script without the official ids Lantern does not know (after being told which). */
  skipUnknown?: boolean;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const fail = (key: string, params?: Text['params']): { ok: false; problem: Text } => ({
  ok: false,
  problem: { key: `botc:script.errors.${key}`, ...(params ? { params } : {}) }
});

class Refused extends Error {
  constructor(readonly problem: Text) {
    super(problem.key);
  }
}
const refuse = (key: string, params?: Text['params']): never => {
  throw new Refused(fail(key, params).problem);
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** One walk over the parsed value, without recursion: depth, keys and the length of every text, each named by its item and field. */
function scan(root: unknown): void {
  type At = { value: unknown; depth: number; item: number; field: string };
  const stack: At[] = Array.isArray(root) ? root.map((value, i) => ({ value, depth: 1, item: i + 1, field: 'id' })) : [{ value: root, depth: 0, item: 0, field: '' }];
  const long = (at: At, field: string) => refuse('textTooLong', { item: at.item, field: field.slice(0, 30), max: SCRIPT_LIMITS.anyText });
  while (stack.length) {
    const at = stack.pop()!;
    const { value, depth } = at;
    if (typeof value === 'string') {
      if (value.length > SCRIPT_LIMITS.anyText) long(at, at.field);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= SCRIPT_LIMITS.depth) refuse('tooDeep');
    if (Array.isArray(value)) {
      for (const child of value) stack.push({ value: child, depth: depth + 1, item: at.item, field: at.field });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) refuse('forbiddenKey', { key });
      if (key.length > SCRIPT_LIMITS.anyText) long(at, key);
      // The field a text is under: the item's own key (a reminder's list is "reminders").
      stack.push({ value: child, depth: depth + 1, item: at.item, field: depth <= 1 ? key : at.field });
    }
  }
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): removed from every text a
 * script brings, so a name cannot reorder what stands beside it on screen.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** An optional text field: absent, or a string within its limit (empty counts as absent). */
function optionalText(v: unknown, max: number, what: string, item: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') refuse('notText', { what, item });
  const s = (v as string).replace(BIDI_CONTROLS, '').trim();
  if (s.length > max) refuse('fieldTooLong', { what, item, max });
  return s === '' ? null : s;
}

function textList(v: unknown, maxEach: number, maxCount: number, what: string, item: number): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) refuse('notList', { what, item });
  const list = v as unknown[];
  if (list.length > maxCount) refuse('tooManyInList', { what, item, max: maxCount });
  return list.map((x) => optionalText(x, maxEach, what, item)).filter((x): x is string => x !== null);
}

function position(v: unknown, what: string, item: number): number {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1000) refuse('badPosition', { what, item });
  return v as number;
}

function readTeam(v: unknown, item: number, id: string): Team {
  if (typeof v !== 'string') refuse('noTeam', { item, id });
  const t = (v as string).trim().toLowerCase();
  const team = t === 'traveler' ? 'traveller' : t;
  if (!(TEAMS as readonly string[]).includes(team)) refuse('badTeam', { item, id, team: (v as string).replace(BIDI_CONTROLS, '').slice(0, 30) });
  return team as Team;
}

function readId(v: unknown, item: number): string {
  if (typeof v !== 'string' || v.trim() === '') refuse('noId', { item });
  if ((v as string).length > SCRIPT_LIMITS.id) refuse('fieldTooLong', { what: 'id', item, max: SCRIPT_LIMITS.id });
  const id = normaliseId(v as string);
  if (id === '') refuse('noId', { item });
  return id;
}

function readSpecial(v: unknown): Special[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isPlainObject).flatMap((s) =>
    typeof s.type === 'string' && typeof s.name === 'string'
      ? [
          {
            type: s.type,
            name: s.name,
            ...(typeof s.value === 'number' || typeof s.value === 'string' ? { value: s.value } : {}),
            ...(typeof s.time === 'string' ? { time: s.time } : {}),
            ...(typeof s.global === 'string' ? { global: s.global } : {})
          }
        ]
      : []
  );
}

function readJinxes(v: unknown, item: number): Jinx[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) refuse('notList', { what: 'jinxes', item });
  return (v as unknown[]).map((j) => {
    if (!isPlainObject(j)) refuse('notList', { what: 'jinxes', item });
    const o = j as Record<string, unknown>;
    return { id: readId(o.id, item), reason: optionalText(o.reason, SCRIPT_LIMITS.jinxReason, 'reason', item) };
  });
}

function nightList(v: unknown, what: string): string[] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) refuse('notList', { what, item: 1 });
  return (v as unknown[]).flatMap((x) => (typeof x === 'string' && x.trim() !== '' ? [normaliseId(x)] : []));
}

/** A character object that writes an official character out: its facts, with the text it brings. */
function officialWithText(facts: CharacterFacts, o: Record<string, unknown> | null, item: number): ScriptCharacter {
  return {
    ...facts,
    official: true,
    ability: o ? optionalText(o.ability, SCRIPT_LIMITS.ability, 'ability', item) : null,
    firstNightReminder: o ? optionalText(o.firstNightReminder, SCRIPT_LIMITS.nightReminder, 'firstNightReminder', item) : null,
    otherNightReminder: o ? optionalText(o.otherNightReminder, SCRIPT_LIMITS.nightReminder, 'otherNightReminder', item) : null,
    jinxes: o ? readJinxes(o.jinxes, item) : [],
    ...(o ? withFlavor(o, item) : {}),
    ...(o ? statedPositions(o, item) : {})
  };
}

function homebrew(o: Record<string, unknown>, id: string, item: number): ScriptCharacter {
  const name = optionalText(o.name, SCRIPT_LIMITS.name, 'name', item);
  if (!name) refuse('noName', { item, id });
  const setup = o.setup === true;
  return {
    id,
    name: name as string,
    team: readTeam(o.team, item, id),
    edition: typeof o.edition === 'string' && o.edition.length <= SCRIPT_LIMITS.id ? o.edition : 'homebrew',
    firstNight: position(o.firstNight, 'firstNight', item),
    otherNight: position(o.otherNight, 'otherNight', item),
    setup,
    setupRule: null,
    reminders: textList(o.reminders, SCRIPT_LIMITS.reminder, SCRIPT_LIMITS.reminders, 'reminders', item),
    remindersGlobal: textList(o.remindersGlobal, SCRIPT_LIMITS.reminder, SCRIPT_LIMITS.reminders, 'remindersGlobal', item),
    special: readSpecial(o.special),
    jinxedWith: [],
    official: false,
    ability: optionalText(o.ability, SCRIPT_LIMITS.ability, 'ability', item),
    firstNightReminder: optionalText(o.firstNightReminder, SCRIPT_LIMITS.nightReminder, 'firstNightReminder', item),
    otherNightReminder: optionalText(o.otherNightReminder, SCRIPT_LIMITS.nightReminder, 'otherNightReminder', item),
    jinxes: readJinxes(o.jinxes, item),
    ...withFlavor(o, item)
  };
}

function statedPositions(o: Record<string, unknown>, item: number): { stated?: { firstNight?: number; otherNight?: number } } {
  const first = o.firstNight === undefined ? 0 : position(o.firstNight, 'firstNight', item);
  const other = o.otherNight === undefined ? 0 : position(o.otherNight, 'otherNight', item);
  if (!first && !other) return {};
  return { stated: { ...(first ? { firstNight: first } : {}), ...(other ? { otherNight: other } : {}) } };
}

function withFlavor(o: Record<string, unknown>, item: number): { flavor?: string } {
  const flavor = optionalText(o.flavor, SCRIPT_LIMITS.flavor, 'flavor', item);
  return flavor ? { flavor } : {};
}

/** Reads a parsed script. */
export function readScript(value: unknown, options: ScriptOptions = {}): ScriptResult {
  try {
    return read(value, options);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    throw e;
  }
}

/**
 * A picked file's bytes as text: UTF-8 (a byte-order mark dropped), or UTF-16 when its
 * byte-order mark says so. UTF-16 without a mark reads as text with NULs, which `parseScript`
 * refuses with "save it as UTF-8", as it does a paste of the same.
 */
export function decodeScriptFile(bytes: Uint8Array): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/** Reads a script from the text of a file or a paste. */
export function parseScript(text: string, options: ScriptOptions = {}): ScriptResult {
  // A UTF-8 file has at least as many bytes as its text has UTF-16 units.
  if (text.length > MAX_SCRIPT_BYTES) return fail('tooLarge', { max: '1 MB' });
  // A byte-order mark is not part of the script (a file picked has it taken off; a paste may keep it).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return fail('empty');
  // UTF-16 read as UTF-8 (a file saved without a byte-order mark) shows as text with NULs between.
  if (text.includes('\u0000')) return fail('notUtf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('notJson');
  }
  return readScript(value, options);
}

function read(value: unknown, options: ScriptOptions): ScriptResult {
  if (!Array.isArray(value)) return fail('notArray');
  scan(value);
  if (value.length < SCRIPT_LIMITS.minItems) return fail('tooFew', { count: value.length, min: SCRIPT_LIMITS.minItems });
  if (value.length > SCRIPT_LIMITS.maxItems) return fail('tooMany', { count: value.length, max: SCRIPT_LIMITS.maxItems });

  const script: Script = { name: null, author: null, characters: [], firstNight: null, otherNight: null, bootlegger: [] };
  const unknown: string[] = [];
  const seen = new Set<string>();
  let meta = false;

  value.forEach((entry: unknown, index: number) => {
    const item = index + 1;
    let character: ScriptCharacter | null = null;
    if (typeof entry === 'string') {
      const id = readId(entry, item);
      const facts = officialCharacter(id);
      if (!facts) unknown.push(entry.slice(0, SCRIPT_LIMITS.id));
      else character = officialWithText(facts, null, item);
    } else if (isPlainObject(entry)) {
      const id = readId(entry.id, item);
      if (id === 'meta') {
        if (meta) refuse('twoMeta', { item });
        meta = true;
        script.name = optionalText(entry.name, SCRIPT_LIMITS.scriptName, 'name', item);
        script.author = optionalText(entry.author, SCRIPT_LIMITS.author, 'author', item);
        script.bootlegger = textList(entry.bootlegger, SCRIPT_LIMITS.bootleggerRule, SCRIPT_LIMITS.bootleggerRules, 'bootlegger', item);
        script.firstNight = nightList(entry.firstNight, 'firstNight');
        script.otherNight = nightList(entry.otherNight, 'otherNight');
        return;
      }
      const facts = officialCharacter(id);
      // A full object with an official id writes that character out (tools export them so);
      // without a name and team of its own it can only be the official one.
      if (facts) character = officialWithText(facts, entry, item);
      else if (entry.name === undefined && entry.team === undefined) unknown.push(String(entry.id).slice(0, SCRIPT_LIMITS.id));
      else character = homebrew(entry, id, item);
    } else {
      refuse('badItem', { item });
    }
    if (!character) return;
    if (seen.has(character.id)) refuse('duplicate', { item, name: character.name });
    seen.add(character.id);
    script.characters.push(character);
  });

  if (unknown.length > 0 && !options.skipUnknown) {
    return { ...fail('unknownIds', { ids: unknown.join(', '), count: unknown.length }), unknown };
  }
  if (script.characters.length === 0) return fail('noCharacters');
  // Night orders keep only markers and the script's own characters.
  const keep = (order: string[] | null) => order && order.filter((id) => (MARKERS as readonly string[]).includes(id) || seen.has(id));
  script.firstNight = keep(script.firstNight);
  script.otherNight = keep(script.otherNight);
  const notes: Text[] = [];
  script.firstNight = placeLeftOut(script, script.firstNight, 'first', notes);
  script.otherNight = placeLeftOut(script, script.otherNight, 'other', notes);
  return { ok: true, script, skipped: unknown, notes };
}

/**
 * A character of the script that wakes that night by the publisher's order (or by its own
 * position, homebrew) but that the script's own order leaves out: placed just before the first
 * entry the publisher wakes later (dusk stays first), or at the end, and said (docs/RULES.md).
 */
function placeLeftOut(script: Script, order: string[] | null, night: 'first' | 'other', notes: Text[]): string[] | null {
  if (!order) return order;
  const markers: Partial<Record<string, number>> = night === 'first' ? NIGHT_MARKERS.firstNight : NIGHT_MARKERS.otherNight;
  const pos = (id: string) => markers[id] ?? ((c) => (c ? (night === 'first' ? c.firstNight : c.otherNight) : 0))(script.characters.find((x) => x.id === id));
  const out = [...order];
  for (const c of script.characters) {
    const at = pos(c.id);
    if (at <= 0 || out.includes(c.id)) continue;
    const later = out.findIndex((id) => id !== 'dusk' && pos(id) > at);
    const index = later < 0 ? out.length : later;
    out.splice(index, 0, c.id);
    const before = out[index - 1];
    if (before === undefined) notes.push({ key: 'botc:script.notes.placedFirst', params: { name: c.name, night } });
    else if ((MARKERS as readonly string[]).includes(before)) notes.push({ key: 'botc:script.notes.placedAfterMarker', params: { name: c.name, night, after: before } });
    else notes.push({ key: 'botc:script.notes.placedAfter', params: { name: c.name, night, after: script.characters.find((x) => x.id === before)?.name ?? before } });
  }
  return out;
}

/**
 * A loaded script written back as a script file: the form Lantern stores (a game's set-up, the
 * phone's script library) and exports. `readScript` reads it back to the same script. Official
 * characters are plain ids unless the script brought text for them; homebrew ones are written
 * out in full; nothing Lantern dropped (URLs, unknown fields) comes back.
 */
export function scriptToJson(script: Script): unknown[] {
  const out: unknown[] = [];
  const meta: Record<string, unknown> = { id: '_meta' };
  if (script.name) meta.name = script.name;
  if (script.author) meta.author = script.author;
  if (script.bootlegger.length) meta.bootlegger = [...script.bootlegger];
  if (script.firstNight) meta.firstNight = [...script.firstNight];
  if (script.otherNight) meta.otherNight = [...script.otherNight];
  if (Object.keys(meta).length > 1) out.push(meta);
  for (const c of script.characters) {
    const text: Record<string, unknown> = {};
    if (c.ability) text.ability = c.ability;
    if (c.firstNightReminder) text.firstNightReminder = c.firstNightReminder;
    if (c.otherNightReminder) text.otherNightReminder = c.otherNightReminder;
    if (c.flavor) text.flavor = c.flavor;
    if (c.official && c.stated?.firstNight) text.firstNight = c.stated.firstNight;
    if (c.official && c.stated?.otherNight) text.otherNight = c.stated.otherNight;
    if (c.jinxes.length) text.jinxes = c.jinxes.map((j) => (j.reason ? { id: j.id, reason: j.reason } : { id: j.id }));
    if (c.official) {
      out.push(Object.keys(text).length ? { id: c.id, ...text } : c.id);
      continue;
    }
    out.push({
      id: c.id,
      name: c.name,
      team: c.team,
      ...(c.edition !== 'homebrew' ? { edition: c.edition } : {}),
      ...(c.firstNight ? { firstNight: c.firstNight } : {}),
      ...(c.otherNight ? { otherNight: c.otherNight } : {}),
      ...(c.setup ? { setup: true } : {}),
      ...(c.reminders.length ? { reminders: [...c.reminders] } : {}),
      ...(c.remindersGlobal.length ? { remindersGlobal: [...c.remindersGlobal] } : {}),
      ...(c.special.length ? { special: c.special.map((s) => ({ ...s })) } : {}),
      ...text
    });
  }
  return out;
}

/** The script of a base edition: its name and its characters, in the book's team order. */
export function editionScript(edition: 'tb' | 'bmr' | 'snv', name: string): Script {
  return {
    name,
    author: null,
    characters: byTeam(editionCharacterList(edition)).map((facts) => ({
      ...facts,
      official: true,
      ability: null,
      firstNightReminder: null,
      otherNightReminder: null,
      jinxes: []
    })),
    firstNight: null,
    otherNight: null,
    bootlegger: []
  };
}

/** Characters in the order a script sheet lists them: by team, then as given. */
export function byTeam<C extends { team: Team }>(characters: readonly C[]): C[] {
  return TEAMS.flatMap((t) => characters.filter((c) => c.team === t));
}

/**
 * The jinxes between a script's characters, each pair once: the official jinx pairs (facts, no
 * reason: the reasons are the publisher's text) and those the script itself states, with their
 * reason when it gives one.
 */
export function scriptJinxes(script: Script): { a: ScriptCharacter; b: ScriptCharacter; reason: string | null }[] {
  const byId = new Map(script.characters.map((c) => [c.id, c]));
  const out: { a: ScriptCharacter; b: ScriptCharacter; reason: string | null }[] = [];
  const seen = new Set<string>();
  const add = (a: ScriptCharacter, id: string, reason: string | null) => {
    const b = byId.get(id);
    if (!b || b === a) return;
    const key = [a.id, b.id].sort().join('+');
    const there = out.find((j) => [j.a.id, j.b.id].sort().join('+') === key);
    if (there) {
      there.reason ??= reason;
      return;
    }
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ a, b, reason });
  };
  for (const c of script.characters) {
    for (const j of c.jinxes) add(c, j.id, j.reason);
    for (const id of c.jinxedWith) add(c, id, null);
  }
  return out;
}
