/** A card's print as the form's fields hold it (PrintFields.svelte), and back. */
import type { Print } from '$lib/games/gloom';

/** The print the fields say, or null when a space holds something other than a whole number. */
export function printOf(spaces: readonly string[], icon: string): Print | null {
  const pathos = spaces.map((s) => (s.trim() === '' ? null : Number(s.trim().replace('−', '-'))));
  if (pathos.length !== 3 || pathos.some((v) => v !== null && !Number.isInteger(v))) return null;
  return { pathos: pathos as Print['pathos'], icon: icon === 'none' ? null : (icon as Print['icon']) };
}

export function fieldsOf(print: Print): { spaces: string[]; icon: string } {
  return { spaces: print.pathos.map((v) => (v === null ? '' : String(v))), icon: print.icon ?? 'none' };
}

/** "+5 / · / −10 / Romance": each space, then the icon's name. */
export function printText(p: Print, iconName: (icon: string) => string): string {
  return [...p.pathos.map((v) => (v === null ? '·' : v > 0 ? `+${v}` : `${v}`)), iconName(p.icon ?? 'none')].join(' / ');
}
