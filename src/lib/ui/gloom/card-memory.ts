/**
 * The phone's memory of what Cthulhu Gloom cards print (games/gloom/memory.ts), kept in the
 * settings table under `gloom.cards`. Everything here is best effort: a memory that cannot be
 * read or written only means the table types a card's values again.
 */
import { CARD_MEMORY_SETTING, readCardMemory, withCard, withoutCard, type CardMemory, type Remembered } from '$lib/games/gloom/memory';
import type { StorySetup } from '$lib/games/gloom';
import { ready } from '$lib/stores/storage.svelte';

export type { CardMemory };
export { recall, recallStory } from '$lib/games/gloom/memory';

export async function readMemory(): Promise<CardMemory> {
  try {
    return readCardMemory(await (await ready()).getSetting<unknown>(CARD_MEMORY_SETTING, {}));
  } catch {
    return {};
  }
}

async function store(changed: CardMemory): Promise<CardMemory> {
  // Rebuilt as plain data: the screens hold the memory in reactive state, whose proxies the
  // database cannot store (a memory read on opening the table, then added to, was not kept).
  const next = readCardMemory(changed);
  try {
    await (await ready()).setSetting(CARD_MEMORY_SETTING, next);
  } catch {
    // Not kept: the table types it again next time.
  }
  return next;
}

/** Remember (or correct) what a card prints. */
export const remember = (memory: CardMemory, name: string, type: Remembered['type'], print: Remembered['print']): Promise<CardMemory> =>
  store(withCard(memory, name, { type, print }));

/** Forget a card: the next time it is played, its values are typed again. */
export const forget = (memory: CardMemory, name: string): Promise<CardMemory> => store(withoutCard(memory, name));

/** Remember what the set-up's Stories are worth (and require), for the next game's set-up. */
export const rememberStories = (memory: CardMemory, stories: readonly StorySetup[]): Promise<CardMemory> =>
  store(stories.reduce((m, s) => withCard(m, s.name, { type: 'story', points: s.points, requires: [...s.requires] }), memory));
