/**
 * An answer picked on the script but not yet sent with Next, kept so that a reload or a killed
 * browser brings the pick back instead of an empty (or worse, a "nobody") answer.
 *
 * One draft per game, in the `settings` table under `draft:<game id>`, tagged with the step it
 * belongs to (the committed log length and the step's id, as the step's timer is); a draft for
 * another step is ignored, and the script clears it when the step changes. A storage failure
 * only costs the reload-proofing: the pick stays on screen.
 */
import { ready } from '$lib/stores/storage.svelte';

export interface StepDraft {
  /** The step it was picked on: `<log length>|<step id>`. */
  step: string;
  /** Players ticked, in the order ticked. */
  picked: string[];
  /** "Nobody" (or the step's own word for it) chosen on purpose. */
  nobody: boolean;
  /** Votes counted so far on a tally. */
  counts: Record<string, number>;
}

export const draftKey = (gameId: string) => `draft:${gameId}`;

/** Drafts this page has stored or found stored: the only ones there is anything to clear. */
const kept = new Set<string>();

function isDraft(v: unknown): v is StepDraft {
  const d = v as StepDraft | null;
  return (
    !!d &&
    typeof d.step === 'string' &&
    Array.isArray(d.picked) &&
    d.picked.every((id) => typeof id === 'string') &&
    typeof d.nobody === 'boolean' &&
    !!d.counts &&
    typeof d.counts === 'object' &&
    Object.values(d.counts).every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** The draft kept for this step of this game, or null. */
export async function loadDraft(gameId: string, step: string): Promise<StepDraft | null> {
  try {
    const stored = await (await ready()).getSetting<unknown>(draftKey(gameId), null);
    if (stored === null) return null;
    kept.add(draftKey(gameId));
    return isDraft(stored) && stored.step === step ? stored : null;
  } catch {
    return null;
  }
}

/** Keep the draft; an empty one (nothing picked) is cleared instead. */
export async function saveDraft(gameId: string, draft: StepDraft): Promise<void> {
  const empty = draft.picked.length === 0 && !draft.nobody && Object.values(draft.counts).every((n) => n === 0);
  if (empty) return clearDraft(gameId);
  const key = draftKey(gameId);
  kept.add(key);
  try {
    await (await ready()).setSetting(key, { ...draft, picked: [...draft.picked], counts: { ...draft.counts } });
  } catch {
    // Not kept: the pick is still on screen, it just would not survive a reload.
  }
}

/** Forget a game's draft (the step was answered or changed). Writes nothing when there is none. */
export async function clearDraft(gameId: string): Promise<void> {
  if (!kept.delete(draftKey(gameId))) return;
  try {
    await (await ready()).setSetting(draftKey(gameId), null);
  } catch {
    // A stale draft is harmless: it names a step that is over.
  }
}
