/**
 * The table screen of each scoreboard game (see `GameDefinition.kind`), loaded with the game: a
 * game's screen code is only fetched when one of its games is opened.
 */
import type { Component } from 'svelte';
import type { ActiveGame } from '$lib/stores/game.svelte';

type Board = Component<{ game: ActiveGame }>;

const boards: Record<string, () => Promise<Board>> = {
  gloom: () => import('./gloom/GloomTable.svelte').then((m) => m.default as Board),
  botc: () => import('./botc/Grimoire.svelte').then((m) => m.default as Board),
  kkd: () => import('./kkd/KkdTable.svelte').then((m) => m.default as Board),
  notebook: () => import('./notebook/NotebookTable.svelte').then((m) => m.default as Board)
};

export function loadBoard(gameId: string): Promise<Board> {
  const load = boards[gameId];
  if (!load) return Promise.reject(new Error(`No table screen for ${gameId}`));
  return load();
}
