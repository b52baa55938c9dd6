/**
 * What each Cthulhu Gloom card prints, as the players typed it, remembered on the phone by the
 * card's name (its `cardKey`) so that the next time the card is played nothing needs typing.
 * The remembered values can be corrected or forgotten, and travel in backup files.
 *
 * Read from storage or from a file, every entry is rebuilt from its checked fields; an entry
 * that is not what it says is dropped, never passed through.
 */
import { cardKey } from './cards';
import { readPrint } from './moves';
import type { Print } from './rules';
import { ICONS, isPathos, type Icon } from './setup';

export type RememberedType = 'modifier' | 'death';
export interface Remembered {
  type: RememberedType;
  print: Print;
}
/** What a Story is worth to its holder and the icons its family requirement names, as set up. */
export interface RememberedStory {
  type: 'story';
  points: number;
  requires: Icon[];
}
/** By `cardKey(name)`. */
export type CardMemory = Record<string, Remembered | RememberedStory>;

/** The setting the phone keeps it under. */
export const CARD_MEMORY_SETTING = 'gloom.cards';

/** Far more cards than the game has (about a hundred and fifty, plus a table's own). */
export const MAX_REMEMBERED = 1000;
/** As long as a card's name may be typed. */
export const MAX_NAME = 200;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** The valid entries of a stored or imported memory; anything else reads as nothing remembered. */
export function readCardMemory(v: unknown): CardMemory {
  const out: CardMemory = {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
  let kept = 0;
  for (const [name, entry] of Object.entries(v)) {
    if (kept >= MAX_REMEMBERED) break;
    if (name.length === 0 || name.length > MAX_NAME || FORBIDDEN.has(name)) continue;
    if (typeof entry !== 'object' || entry === null) continue;
    const { type, print, points, requires } = entry as Record<string, unknown>;
    const key = cardKey(name);
    if (key === '' || FORBIDDEN.has(key)) continue;
    if (type === 'story') {
      if (!isPathos(points) || !Array.isArray(requires) || requires.length > ICONS.length) continue;
      if (!requires.every((i) => ICONS.includes(i)) || new Set(requires).size !== requires.length) continue;
      out[key] = { type, points, requires: [...requires] };
      kept++;
      continue;
    }
    if (type !== 'modifier' && type !== 'death') continue;
    const read = readPrint(print);
    if (!read) continue;
    out[key] = { type, print: read };
    kept++;
  }
  return out;
}

const entry = (memory: CardMemory, name: string): Remembered | RememberedStory | undefined =>
  Object.hasOwn(memory, cardKey(name)) ? memory[cardKey(name)] : undefined;

/** What a Modifier or an Untimely Death prints, if remembered. */
export function recall(memory: CardMemory, name: string): Remembered | undefined {
  const known = entry(memory, name);
  return known && known.type !== 'story' ? known : undefined;
}

/** A Story's points and requirement, if remembered. */
export function recallStory(memory: CardMemory, name: string): RememberedStory | undefined {
  const known = entry(memory, name);
  return known?.type === 'story' ? known : undefined;
}

export const withCard = (memory: CardMemory, name: string, remembered: Remembered | RememberedStory): CardMemory => ({ ...memory, [cardKey(name)]: remembered });

export function withoutCard(memory: CardMemory, name: string): CardMemory {
  const next = { ...memory };
  delete next[cardKey(name)];
  return next;
}

/**
 * A file's memory added to the phone's: a card the phone already remembers keeps the phone's
 * values (they may be a correction made here since); the file adds the cards it does not know.
 * Returns the merged memory and how many cards it added.
 */
export function mergeCardMemory(here: CardMemory, imported: CardMemory): { memory: CardMemory; added: number } {
  const memory = { ...here };
  let added = 0;
  for (const [key, value] of Object.entries(imported)) {
    if (Object.hasOwn(memory, key) || Object.keys(memory).length >= MAX_REMEMBERED) continue;
    memory[key] = value;
    added++;
  }
  return { memory, added };
}
