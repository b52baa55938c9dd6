/**
 * The games for the home screen: those still being played and those finished, including any
 * played on in memory because storage is full (as they are now, not as last stored).
 */
import type { GameRecord } from '../db';
import { deleteGame, listAllGames } from './storage.svelte';

class GamesList {
  #all: GameRecord[] = $state.raw([]);
  #loaded = $state(false);
  /** Most recently played first. */
  readonly active = $derived(this.#all.filter((g) => g.status === 'active'));
  readonly finished = $derived(this.#all.filter((g) => g.status === 'over'));

  /** False until the first refresh has read storage (so "no games yet" is not shown too early). */
  get loaded(): boolean {
    return this.#loaded;
  }

  async refresh(): Promise<void> {
    this.#all = await listAllGames();
    this.#loaded = true;
  }

  /** Delete a game and its log. Rejects with a StorageError when storage refuses. */
  async remove(id: string): Promise<void> {
    await deleteGame(id);
    await this.refresh();
  }
}

export const gamesList = new GamesList();
export type { GamesList };
