/**
 * The catalogue of games. Only this small list is loaded with the home screen; a game's
 * rules and machine (and XState with them) are fetched when a screen needs that game.
 *
 * Adding a game: one entry in CATALOGUE and one `import('./<id>')` in `loaders`. Never import
 * a game's folder statically from here (or from any module the home screen or the layout
 * imports): that would put its rules, data and XState into the first visit's chunk
 * (scripts/first-visit-chunk.mjs; `npm run bench` checks the budget).
 */
import type { GameDefinition } from '../engine/game';

export interface CatalogueEntry {
  id: string;
  /** i18n namespace of the game's own text; its name, blurb and winners are in `common:games.<id>`. */
  namespace: string;
  minPlayers: number;
  maxPlayers: number;
  /** Route of the game's setup screen. */
  setupRoute: string;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  { id: 'cluethulhu', namespace: 'cluethulhu', minPlayers: 7, maxPlayers: 20, setupRoute: '/new/cluethulhu' },
  { id: 'ktulu', namespace: 'ktulu', minPlayers: 6, maxPlayers: 30, setupRoute: '/new/ktulu' },
  { id: 'gloom', namespace: 'gloom', minPlayers: 2, maxPlayers: 5, setupRoute: '/new/gloom' },
  { id: 'botc', namespace: 'botc', minPlayers: 5, maxPlayers: 20, setupRoute: '/new/botc' },
  { id: 'kkd', namespace: 'kkd', minPlayers: 2, maxPlayers: 6, setupRoute: '/new/kkd' },
  { id: 'notebook', namespace: 'notebook', minPlayers: 2, maxPlayers: 6, setupRoute: '/new/notebook' }
];

const loaders: Record<string, () => Promise<GameDefinition<never>>> = {
  cluethulhu: () => import('./cluethulhu').then((m) => m.cluethulhu as GameDefinition<never>),
  ktulu: () => import('./ktulu').then((m) => m.ktulu as GameDefinition<never>),
  gloom: () => import('./gloom').then((m) => m.gloom as GameDefinition<never>),
  botc: () => import('./botc').then((m) => m.botc as GameDefinition<never>),
  kkd: () => import('./kkd').then((m) => m.kkd as GameDefinition<never>),
  notebook: () => import('./notebook').then((m) => m.notebook as GameDefinition<never>)
};

export function isKnownGame(id: string): boolean {
  return id in loaders;
}

/** Load a game's definition (rules, machine). Rejects for an unknown game id. */
export async function loadGame(id: string): Promise<GameDefinition<never>> {
  const load = loaders[id];
  if (!load) throw new Error(`Unknown game: ${id}`);
  return load();
}
