/**
 * A seat as a screen reader says it, in the circle and in the list alike: alive or dead, the
 * vote token, a Traveller; with the grimoire open, the character, what they think they are, the
 * alignment where it differs, the drunk and poisoned marks and the reminders.
 */
import { i18n } from '$lib/i18n';
import type { SeatView } from '$lib/games/botc/view';

export function describeSeat(s: SeatView, open: boolean): string {
  const parts = [s.alive ? i18n.t('botc:grimoire.alive') : i18n.t('botc:grimoire.dead')];
  if (!s.alive) parts.push(i18n.t(s.ghostVote ? 'botc:grimoire.hasVote' : 'botc:grimoire.noVote'));
  if (s.traveller) parts.push(i18n.t('botc:marks.traveller'));
  if (open) {
    parts.push(s.character.name);
    if (s.shown) parts.push(i18n.t('botc:grimoire.thinks', { name: s.shown.name }));
    if (s.alignmentDiffers || s.traveller) parts.push(i18n.t(`botc:alignment.${s.alignment}`));
    if (s.drunk) parts.push(i18n.t('botc:marks.drunk'));
    if (s.poisoned) parts.push(i18n.t('botc:marks.poisoned'));
    if (s.reminders.length) parts.push(i18n.t('botc:grimoire.remindersOn', { labels: s.reminders.map((r) => r.label).join(', ') }));
  }
  return parts.join(', ');
}

/** What the seats are drawn from, as a circle or as a list (Seats.svelte hands its own on to either). */
export interface SeatsProps {
  seats: SeatView[];
  /** The grimoire is open: characters and reminders show. */
  open: boolean;
  selected: string | null;
  onselect: (id: string) => void;
  /** In the middle of the circle, or above the list. */
  centre?: string;
}

/** The seats in seating order. */
export const bySeat = (seats: readonly SeatView[]): SeatView[] => [...seats].sort((a, b) => a.seat - b.seat);

/** Where the Storyteller last chose to see the seats: the circle or the list (kept on the phone). */
export type SeatsLayout = 'circle' | 'list';
const LAYOUT_KEY = 'lantern.botc.seats';

export function keptLayout(): SeatsLayout {
  try {
    return globalThis.localStorage?.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'circle';
  } catch {
    return 'circle';
  }
}

export function keepLayout(layout: SeatsLayout): void {
  try {
    globalThis.localStorage?.setItem(LAYOUT_KEY, layout);
  } catch {
    // No local storage: the choice lasts until the page is left.
  }
}
