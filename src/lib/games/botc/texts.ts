/**
 * The official characters' own words, when the Storyteller brings them: the publisher's
 * character data file for toolmakers (`roles.json`, a JSON array of character objects with
 * `id`, `ability`, `firstNightReminder`, `otherNightReminder` and more), imported once on the
 * phone. Lantern holds none of these texts itself (../shared/botc/README.md): without the file
 * it shows names, teams, tokens and the night order only.
 *
 * The file is read as hostile, like a script or a backup: too large, not JSON, not an array,
 * nesting too deep, a `__proto__`-style key, a text over its limit anywhere, an entry that is not
 * a character object, an id that is not text, or a text field that is not text. Any of these
 * refuses the whole file with one message and keeps nothing. Entries for ids Lantern does not
 * know (characters newer than its facts, or homebrew) are left out and counted; only the three
 * texts of known official characters are kept. Markup in the texts stays text: `markup()` turns
 * the two forms the data uses (`:reminder:` and `*WORD*`) into parts a screen draws as elements.
 *
 * What is kept on the phone is Lantern's own form (`StoredTexts`), read back through the same
 * checks (`readStoredTexts`), so a damaged row shows no text rather than a broken screen.
 */
import type { Text } from '../../engine/types';
import { officialCharacter } from './characters';

/** The whole file: a few hundred characters with a paragraph each is far below this. */
export const MAX_TEXTS_BYTES = 4 * 1024 * 1024;
export const TEXT_LIMITS = {
  items: 2000,
  depth: 8,
  id: 50,
  ability: 500,
  nightReminder: 1000,
  /** Any other text in the file (flavour, jinx reasons, fields Lantern ignores). */
  anyText: 5000
} as const;

export interface CharacterText {
  ability: string | null;
  firstNightReminder: string | null;
  otherNightReminder: string | null;
}

/** The texts by official id. */
export type CharacterTexts = ReadonlyMap<string, CharacterText>;

export type TextsResult =
  | { ok: true; texts: CharacterTexts; /** Entries for ids Lantern does not know, left out. */ unknown: number }
  | { ok: false; problem: Text };

/** The form kept on the phone (the settings row `STORED_TEXTS_KEY`). */
export interface StoredTexts {
  v: 1;
  importedAt: number;
  /** [id, ability, first-night reminder, other-night reminder]. */
  entries: [string, string | null, string | null, string | null][];
}

export const STORED_TEXTS_KEY = 'botc.characterTexts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const FIELDS = [
  ['ability', TEXT_LIMITS.ability],
  ['firstNightReminder', TEXT_LIMITS.nightReminder],
  ['otherNightReminder', TEXT_LIMITS.nightReminder]
] as const;

class Refused extends Error {
  constructor(readonly problem: Text) {
    super(problem.key);
  }
}
const refuse = (key: string, params?: Text['params']): never => {
  throw new Refused({ key: `botc:texts.errors.${key}`, ...(params ? { params } : {}) });
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** One walk over the parsed value, without recursion: depth, keys and the length of every text. */
function scan(root: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > TEXT_LIMITS.anyText) refuse('textTooLong', { max: TEXT_LIMITS.anyText });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= TEXT_LIMITS.depth) refuse('tooDeep');
    if (!Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) refuse('forbiddenKey', { key });
        if (key.length > TEXT_LIMITS.anyText) refuse('textTooLong', { max: TEXT_LIMITS.anyText });
      }
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
}

function field(entry: Record<string, unknown>, name: string, max: number, item: number, id: string): string | null {
  const v = Object.hasOwn(entry, name) ? entry[name] : undefined;
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') refuse('notText', { what: name, item, id });
  const s = (v as string).trim();
  if (s.length > max) refuse('fieldTooLong', { what: name, item, id, max });
  return s === '' ? null : s;
}

/** The texts of a parsed file, entry by entry. Throws `Refused`. */
function readEntries(list: unknown[]): { texts: Map<string, CharacterText>; unknown: number } {
  const texts = new Map<string, CharacterText>();
  let unknown = 0;
  list.forEach((entry, i) => {
    const item = i + 1;
    if (!isPlainObject(entry)) refuse('notCharacter', { item });
    const e = entry as Record<string, unknown>;
    const rawId = Object.hasOwn(e, 'id') ? e.id : undefined;
    if (typeof rawId !== 'string' || rawId.trim() === '') refuse('noId', { item });
    if ((rawId as string).length > TEXT_LIMITS.id) refuse('fieldTooLong', { what: 'id', item, id: '', max: TEXT_LIMITS.id });
    const id = rawId as string;
    const [ability, firstNightReminder, otherNightReminder] = FIELDS.map(([name, max]) => field(e, name, max, item, id));
    const known = officialCharacter(id);
    if (!known) {
      unknown++;
      return;
    }
    // A character listed twice keeps its first entry.
    if (texts.has(known.id)) return;
    if (ability === null && firstNightReminder === null && otherNightReminder === null) return;
    texts.set(known.id, { ability, firstNightReminder, otherNightReminder });
  });
  return { texts, unknown };
}

/** Read the publisher's character data file (its text). Nothing is kept unless it all reads. */
export function parseCharacterTexts(text: string): TextsResult {
  if (typeof text !== 'string') return { ok: false, problem: { key: 'botc:texts.errors.notJson' } };
  if (text.length > MAX_TEXTS_BYTES) return { ok: false, problem: { key: 'botc:texts.errors.tooLarge', params: { max: '4 MB' } } };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: { key: 'botc:texts.errors.notJson' } };
  }
  try {
    if (!Array.isArray(data)) refuse('notArray');
    const list = data as unknown[];
    if (list.length > TEXT_LIMITS.items) refuse('tooMany', { max: TEXT_LIMITS.items });
    scan(list);
    const { texts, unknown } = readEntries(list);
    if (texts.size === 0) refuse('noTexts');
    return { ok: true, texts, unknown };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    if (e instanceof RangeError) return { ok: false, problem: { key: 'botc:texts.errors.tooDeep' } };
    throw e;
  }
}

/** The texts in the form kept on the phone. */
export function storeTexts(texts: CharacterTexts, importedAt: number): StoredTexts {
  return { v: 1, importedAt, entries: [...texts].map(([id, t]) => [id, t.ability, t.firstNightReminder, t.otherNightReminder]) };
}

/** The texts kept on the phone, checked again; null when there are none or the row does not read. */
export function readStoredTexts(value: unknown): { texts: CharacterTexts; importedAt: number } | null {
  if (!isPlainObject(value) || value.v !== 1 || !Array.isArray(value.entries)) return null;
  const importedAt = typeof value.importedAt === 'number' && Number.isFinite(value.importedAt) ? value.importedAt : 0;
  const list = value.entries.map((row: unknown) =>
    Array.isArray(row) && row.length === 4 ? { id: row[0], ability: row[1], firstNightReminder: row[2], otherNightReminder: row[3] } : row
  );
  try {
    scan(list);
    const { texts, unknown } = readEntries(list);
    if (unknown > 0 || texts.size === 0) return null;
    return { texts, importedAt };
  } catch {
    return null;
  }
}

/** A part of a text as a screen draws it: plain text, a word in bold, or a reminder-token mark. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'reminder' };

/**
 * `:reminder:` stands for a reminder token; `*WORD*` is bold: up to 100 characters with no
 * asterisk or line break inside, and no space just inside either asterisk.
 */
const MARKUP = /:reminder:|\*([^*\s](?:[^*\n]{0,98}[^*\s])?)\*/g;

/**
 * The parts of a character text: the two marks the publisher's data uses become parts of their
 * own, everything else (HTML, other symbols, a lone asterisk) stays text, to be shown as text.
 */
export function markup(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (s: string) => {
    if (!s) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += s;
    else parts.push({ kind: 'text', text: s });
  };
  for (const m of text.matchAll(MARKUP)) {
    push(text.slice(at, m.index));
    if (m[1] === undefined) parts.push({ kind: 'reminder' });
    else parts.push({ kind: 'bold', text: m[1] });
    at = m.index + m[0].length;
  }
  push(text.slice(at));
  return parts;
}

/** A character text as plain words, for a place that shows no elements: bold words as they are, a token mark as `reminder`. */
export function plainText(text: string, reminder: string): string {
  return markup(text)
    .map((p) => (p.kind === 'reminder' ? reminder : p.text))
    .join('');
}
