/**
 * Player names: what a name may be, and how it sits inside game text.
 *
 * What a name may be is the same in every game, so every game's `validateSetup` uses
 * `playerProblems` (messages in `setup:errors`) and every setup screen outlines rows with
 * `invalidNameRows`: a name must show something, be at most NAME_MAX characters, and differ from
 * every other name by more than case, width or invisible characters.
 *
 * In text, names are typed freely: an Arabic or Hebrew name, or one carrying bidirectional
 * controls (an unclosed right-to-left override), set into a sentence or a list would pull the
 * punctuation, digits and even the other names beside it into its own direction. Wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, a name is laid out on its
 * own and the text around it stays as written. Left-to-right names are left as they are.
 *
 * The screens isolate every name passed to a translation (src/lib/i18n/bidi.ts); a game that
 * joins several names into one parameter uses `nameList`, so each name is isolated on its own.
 */

import type { SetupProblem, Text } from './types';

/** Right-to-left scripts, and every bidirectional control character. */
const NEEDS_ISOLATION =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** `text` isolated when it could reorder the text around it; unchanged otherwise. */
export function isolate(text: string): string {
  return NEEDS_ISOLATION.test(text) ? `\u2068${text}\u2069` : text;
}

/** Names as one list for a text parameter ("Ada, Bram, Cleo"), each isolated from the others. */
export function nameList(names: readonly string[]): string {
  return names.map(isolate).join(', ');
}

/**
 * A tally as one text parameter ("Ada (3), Bram (1)"): the names in the order given, each
 * isolated, with their counts; those with none are left out, so an empty string means no votes.
 */
export function countList(entries: readonly (readonly [name: string, count: number])[]): string {
  return entries
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${isolate(name)} (${n})`)
    .join(', ');
}

// ---------------------------------------------------------------- what a name may be

/**
 * The longest name a player may have, in characters as a reader counts them (an emoji made of
 * several code points is one). Forty holds any real first name and surname; longer ones would be
 * read aloud by no moderator, and crowd the seats at the table.
 */
export const NAME_MAX = 40;
/**
 * A second bound, in code points, for names that are "one character" only to a counter: a chain
 * of thousands of emoji glued with zero-width joiners is a single grapheme, yet draws thousands
 * of glyphs that no line can break.
 */
export const NAME_MAX_CODE_POINTS = NAME_MAX * 4;

/**
 * What takes no visible place on screen: white space (the no-break space included), zero-width
 * spaces and joiners, bidirectional controls, Hangul and Braille blanks, and every other
 * character Unicode marks as ignorable by default.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]/gu;

/** A name that shows nothing: empty, or only spaces and invisible characters (or not text at all). */
export function isBlankName(name: unknown): boolean {
  return typeof name !== 'string' || name.replace(INVISIBLE, '') === '';
}

/**
 * The form of a name used to tell two players apart: invisible characters dropped, compatibility
 * forms folded (full-width letters, ligatures) and case ignored, so that names which look the
 * same on screen count as the same name.
 */
export function nameKey(name: string): string {
  return name.replace(INVISIBLE, '').normalize('NFKC').toLocaleLowerCase();
}

/** Characters as a reader counts them (grapheme clusters), where the platform can tell. */
function graphemes(text: string): number {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (!Segmenter) return [...text].length;
  let n = 0;
  for (const _ of new Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

/** Whether a name is longer than a player's name may be. */
export function isTooLongName(name: string): boolean {
  // Cheap bounds first: the code-unit length caps both counts from above.
  if (name.length <= NAME_MAX) return false;
  return [...name].length > NAME_MAX_CODE_POINTS || graphemes(name) > NAME_MAX;
}

const problem = (key: string, params?: Record<string, string | number>): SetupProblem => ({
  field: 'players',
  text: params ? { key: `setup:errors.${key}`, params } : { key: `setup:errors.${key}` }
});

/**
 * Every problem with the players' names and ids, in seating order: a blank name, a name too
 * long (counted once the spaces around it are trimmed), a name already taken by an earlier
 * player, and two players sharing an id.
 */
export function playerProblems(players: readonly { id: string; name: unknown }[]): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const seen = new Set<string>();
  players.forEach((p, i) => {
    if (isBlankName(p.name)) return void problems.push(problem('blankName', { seat: i + 1 }));
    const name = (p.name as string).trim();
    if (isTooLongName(name)) return void problems.push(problem('nameTooLong', { seat: i + 1, max: NAME_MAX }));
    const key = nameKey(name);
    if (seen.has(key)) problems.push(problem('duplicateName', { name }));
    else seen.add(key);
  });
  if (new Set(players.map((p) => p.id)).size !== players.length) problems.push(problem('duplicateId'));
  return problems;
}

/** The rows a setup screen outlines: a blank or too long name, and every player of a repeated name. */
export function invalidNameRows(players: readonly { id: string; name: string }[]): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, string>();
  for (const p of players) {
    const key = isBlankName(p.name) ? '' : nameKey(p.name.trim());
    if (!key || isTooLongName(p.name.trim())) out.add(p.id);
    else if (seen.has(key)) {
      out.add(p.id);
      out.add(seen.get(key)!);
    } else seen.set(key, p.id);
  }
  return out;
}

/**
 * Why `name` cannot be a player's new name mid-game (a correction or a new person in the seat),
 * or null: the same rules as at setup, against the names the other players have now.
 */
export function renameProblem(name: unknown, others: readonly string[]): Text | null {
  const t = (key: string, params?: Record<string, string | number>): Text => ({ key: `common:override.problems.${key}`, params });
  if (isBlankName(name)) return t('blankName');
  const trimmed = (name as string).trim();
  if (isTooLongName(trimmed)) return t('nameTooLong', { max: NAME_MAX });
  const key = nameKey(trimmed);
  return others.some((o) => nameKey(o) === key) ? t('nameTaken', { name: trimmed }) : null;
}
