/**
 * Player names inside game text. Names are typed freely: an Arabic or Hebrew name, or one
 * carrying bidirectional controls (an unclosed right-to-left override), set into a sentence or a
 * list would pull the punctuation, digits and even the other names beside it into its own
 * direction. Wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, a name is laid out on its
 * own and the text around it stays as written. Left-to-right names are left as they are.
 *
 * The screens isolate every name passed to a translation (src/lib/i18n/bidi.ts); a game that
 * joins several names into one parameter uses `nameList`, so each name is isolated on its own.
 */

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
