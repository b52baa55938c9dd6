/**
 * Opening the game a /game/[id] screen shows: loading, not found, failed, or ready with the
 * game's texts loaded. The pages only read `status` and `game`.
 */
import type { Text } from '$lib/engine/types';
import { i18n } from '$lib/i18n';
import { ActiveGame } from '$lib/stores/game.svelte';

export class GameLoader {
  status = $state<'loading' | 'missing' | 'failed' | 'ready'>('loading');
  game = $state<ActiveGame | null>(null);
  failure = $state<Text | null>(null);
  #current = '';

  /** Open game `id`; a later call wins over an earlier one still on its way. */
  async load(id: string): Promise<void> {
    this.#current = id;
    this.status = 'loading';
    this.game = null;
    this.failure = null;
    try {
      const game = await ActiveGame.open(id);
      if (this.#current !== id) return;
      if (!game) {
        this.status = 'missing';
        return;
      }
      await Promise.all([game.def.namespace, ...(game.def.uses ?? [])].map((ns) => i18n.loadNamespace(ns)));
      if (this.#current !== id) return;
      this.game = game;
      this.status = 'ready';
    } catch (e) {
      if (this.#current !== id) return;
      const text = (e as { text?: Text } | null)?.text;
      this.failure = text?.key ? text : { key: 'common:storage.unknown' };
      this.status = 'failed';
    }
  }
}
