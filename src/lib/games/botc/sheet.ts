/**
 * The printable night sheet for the game's script: the first night and the other nights in this
 * script's order (its own, or the publisher's), every character of the script, with the night
 * reminder the script itself brings (homebrew, or text the Storyteller included) and the reminder
 * tokens it may place. The publisher's reminder sentences are not in Lantern: where a script has
 * none, the line says to wake the character as its ability says.
 */
import type { SheetLine, SheetSection } from '../../engine/game';
import { setupScript, type BotcSetup } from './game-setup';
import { nightOrder, type Night } from './night';

const k = (key: string, params?: Record<string, string | number>) => ({ key: `botc:sheet.${key}`, ...(params ? { params } : {}) });

function lines(setup: BotcSetup, night: Night): SheetLine[] {
  const script = setupScript(setup);
  if (!script) return [];
  const out: SheetLine[] = [];
  for (const entry of nightOrder(script, night)) {
    if (entry.kind === 'marker') {
      out.push({ role: { key: `botc:night.${entry.id}` }, say: k(entry.id), ...(entry.id === 'minioninfo' || entry.id === 'demoninfo' ? { note: k('sevenOrMore') } : {}) });
      continue;
    }
    const c = script.characters.find((x) => x.id === entry.id);
    if (!c) continue;
    const text = night === 'first' ? c.firstNightReminder : c.otherNightReminder;
    out.push({
      role: { key: 'botc:card.role', params: { name: c.name } },
      say: text ? { key: 'botc:card.ability', params: { text } } : k('wake', { name: c.name }),
      ...(c.reminders.length ? { note: k('reminders', { labels: [...new Set(c.reminders)].join(', ') }) } : {})
    });
  }
  return out;
}

export function sheet(setup: BotcSetup): SheetSection[] {
  return [
    { title: k('firstNight'), lines: lines(setup, 'first') },
    { title: k('otherNights'), lines: lines(setup, 'other') }
  ];
}
