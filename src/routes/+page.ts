import { gamesList } from '$lib/stores/games.svelte';
import { reportStorageError } from '$lib/ui/ui-state.svelte';

// The home screen is drawn once, with its lists: they come from a small read of IndexedDB
// (no database library on this screen), so nothing below them moves when they arrive.
export const load = async (): Promise<void> => {
  try {
    await gamesList.refresh();
  } catch (e) {
    reportStorageError(e);
  }
};
