/**
 * The printable night sheet for the game's script: the first night and the other nights in this
 * script's order (its own, or the publisher's), every character of the script, with its night
 * reminder and the reminder tokens it may place. The reminder is the script's own (a homebrew
 * character, or text the Storyteller included), else, for an official character, the one from
 * the publisher's character data file the Storyteller imported on the phone (`SheetContext`),
 * as the night's list on screen shows it: `*WORD*` in bold and `:reminder:` as a token mark,
 * never as raw symbols. Without either, the line says to wake the character as its ability
 * says, and the sheet says once where the text would come from.
 */
import type { SheetContext, SheetLine, SheetPart, SheetSection } from '../../engine/game';
import { setupScript, type BotcSetup } from './game-setup';
import { nightOrder, type Night } from './night';
import { markup } from './texts';

const k = (key: string, params?: Record<string, string | number>) => ({ key: `botc:sheet.${key}`, ...(params ? { params } : {}) });

/** A character text as the sheet's parts. */
export function sheetParts(text: string): SheetPart[] {
  return markup(text).map((p) => (p.kind === 'reminder' ? { kind: 'mark', label: { key: 'botc:texts.reminderToken' } } : p));
}

function lines(setup: BotcSetup, night: Night, context: SheetContext): { lines: SheetLine[]; missing: boolean } {
  const script = setupScript(setup);
  if (!script) return { lines: [], missing: false };
  const out: SheetLine[] = [];
  let missing = false;
  for (const entry of nightOrder(script, night)) {
    if (entry.kind === 'marker') {
      out.push({ role: { key: `botc:night.${entry.id}` }, say: k(entry.id), ...(entry.id === 'minioninfo' || entry.id === 'demoninfo' ? { note: k('sevenOrMore') } : {}) });
      continue;
    }
    const c = script.characters.find((x) => x.id === entry.id);
    if (!c) continue;
    const own = night === 'first' ? c.firstNightReminder : c.otherNightReminder;
    // The script's own text always wins; an official character without it takes the imported one.
    const imported = !own && c.official ? context.characterTexts?.get(c.id) : null;
    const text = own ?? (night === 'first' ? imported?.firstNightReminder : imported?.otherNightReminder) ?? null;
    if (!own && c.official && !context.characterTexts) missing = true;
    out.push({
      role: { key: 'botc:card.role', params: { name: c.name } },
      say: text ? { key: 'botc:card.ability', params: { text } } : k('wake', { name: c.name }),
      ...(text ? { parts: sheetParts(text) } : {}),
      ...(c.reminders.length ? { note: k('reminders', { labels: [...new Set(c.reminders)].join(', ') }) } : {})
    });
  }
  return { lines: out, missing };
}

export function sheet(setup: BotcSetup, context: SheetContext = {}): SheetSection[] {
  const first = lines(setup, 'first', context);
  const other = lines(setup, 'other', context);
  // Where the texts would come from, said once (as the night's list on screen says it).
  const note = first.missing || other.missing ? { note: { key: 'botc:texts.whereFrom' } } : {};
  return [
    { title: k('firstNight'), lines: first.lines, ...note },
    { title: k('otherNights'), lines: other.lines }
  ];
}
