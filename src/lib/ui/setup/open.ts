/**
 * What a /new/<game> screen needs before it is drawn: the texts of its form and its draft. Each
 * route's +page.ts calls it, so the screen is drawn once, complete, with no "Loading…" first.
 *
 * The English texts come in the route's own code (a static import there), so on a first visit
 * they arrive with the screen instead of in a request after it (docs/PERFORMANCE.md). English is
 * every language's fallback, so a phone in another language needs them too; its own language's
 * are fetched here as usual.
 */
import { i18n } from '$lib/i18n';
import { SetupDraft } from './draft';

type Bundle = Record<string, unknown>;

export async function openSetup(game: string, english: { setup: Bundle; game: Bundle }): Promise<SetupDraft> {
  i18n.provide('en', 'setup', english.setup);
  i18n.provide('en', game, english.game);
  const [, draft] = await Promise.all([
    // Without its own language's texts the form still works, in English.
    Promise.all([i18n.loadNamespace('setup'), i18n.loadNamespace(game)]).catch(() => {}),
    SetupDraft.open(game)
  ]);
  return draft;
}
