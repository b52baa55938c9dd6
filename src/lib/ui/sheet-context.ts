/**
 * What each game's printed sheet needs from the phone besides its set-up (`SheetContext`),
 * loaded only when that game's sheet is opened: Blood on the Clocktower's imported character
 * texts. A game not listed needs nothing.
 */
import type { SheetContext } from '$lib/engine/game';

const loaders: Record<string, () => Promise<SheetContext>> = {
  botc: async () => {
    const { characterTexts } = await import('$lib/stores/character-texts.svelte');
    await characterTexts.load();
    return { characterTexts: characterTexts.texts };
  }
};

/** The game's sheet context, read now (a refusal to read gives none: the sheet shows what it has). */
export function sheetContext(gameId: string): Promise<SheetContext> {
  const load = loaders[gameId];
  return load ? load().catch(() => ({})) : Promise.resolve({});
}
