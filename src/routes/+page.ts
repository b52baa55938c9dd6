import { gamesList } from '$lib/stores/games.svelte';
import { keepGamesNote } from '$lib/stores/keep-games.svelte';
import { reportStorageError } from '$lib/ui/ui-state.svelte';

// The home screen is drawn once, with its lists: they come from a small read of IndexedDB
// (no database library on this screen), so nothing below them moves when they arrive.
export const load = async (): Promise<void> => {
  try {
    // The note about keeping games is known before the screen is drawn too (keep-games.svelte.ts).
    await Promise.all([gamesList.refresh(), keepGamesNote.load()]);
  } catch (e) {
    reportStorageError(e);
  }
};
