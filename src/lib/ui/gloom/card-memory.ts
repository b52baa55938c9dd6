/**
 * What each Cthulhu Gloom card prints, remembered on the phone by card name once the players
 * have typed it, so the next time the card is played nothing needs typing. Kept in the
 * settings table (`gloom.cards`); a correction simply replaces the remembered values.
 */
import { cardKey, type Print } from '$lib/games/gloom';
import { ready } from '$lib/stores/storage.svelte';

const KEY = 'gloom.cards';

export type CardMemory = Record<string, { type: 'modifier' | 'death'; print: Print }>;

export async function readMemory(): Promise<CardMemory> {
  try {
    const stored = await (await ready()).getSetting<unknown>(KEY, {});
    return stored && typeof stored === 'object' ? (stored as CardMemory) : {};
  } catch {
    return {};
  }
}

export const recall = (memory: CardMemory, name: string) => memory[cardKey(name)];

/** Remember a card's values; a failing storage only loses the convenience. */
export async function remember(memory: CardMemory, name: string, type: 'modifier' | 'death', print: Print): Promise<CardMemory> {
  const next = { ...memory, [cardKey(name)]: { type, print } };
  try {
    await (await ready()).setSetting(KEY, next);
  } catch {
    // Not remembered: the table types it again next time.
  }
  return next;
}
