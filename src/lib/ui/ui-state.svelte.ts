/**
 * Screen state shared between the root layout and the pages, and nothing else: which stage
 * the open game is in (the layout holds back an app update while a game is mid-phase) and the
 * last storage failure a page met (the layout shows it as a banner).
 */
import type { Text } from '$lib/engine/types';

export const uiState = $state<{
  /** Stage of the game shown on a /game/ route; null elsewhere. */
  gameStage: 'dealing' | 'play' | 'over' | null;
  /** A storage failure to show until dismissed. */
  storageError: Text | null;
}>({ gameStage: null, storageError: null });

/** Turn anything a storage call threw into a message for the banner. */
export function reportStorageError(error: unknown): void {
  const text = (error as { text?: Text } | null)?.text;
  uiState.storageError = text && typeof text.key === 'string' ? text : { key: 'common:storage.unknown' };
}
