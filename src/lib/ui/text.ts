/**
 * Small translations the screens share: phase names, a game's name, time stamps. Everything
 * goes through the i18n module; nothing here holds English.
 */
import { i18n } from '$lib/i18n';
import type { Phase, Step } from '$lib/engine/types';

/** "Day 2", "Noc 1"; a night numbered 0 (Ktulu's) is "Zero night", "Zerowa noc", as the book says. */
export function phaseLabel(phase: Phase): string {
  if (phase.kind === 'night' && phase.number === 0) return i18n.t('common:phase.nightZero');
  return i18n.t(`common:phase.${phase.kind}`, { number: phase.number });
}

/**
 * Where the step is in its phase: "Step 3 of 9", the later parts of one call "Step 3 of 9 ·
 * part 2", and a consequence "Extra step, before step 4 of 9" (or "after step 9 of 9" once the
 * last call is over), never a new total; calls passed over since the last are named, or counted
 * on an eyes-open step ("Step 6 of 13 · passed over: Thief").
 */
export function progressLabel(progress: Step['progress']): string {
  const { index, total, part, extra, passed } = progress;
  const step = extra
    ? index > total
      ? i18n.t('common:script.progressExtraAfter', { total })
      : i18n.t('common:script.progressExtra', { index, total })
    : part && part > 1
      ? i18n.t('common:script.progressPart', { step: i18n.t('common:script.progress', { index, total }), part })
      : i18n.t('common:script.progress', { index, total });
  // Calls the phase's events passed over since the last: why the number moved on by more than one.
  if (!passed) return step;
  if (passed.names?.length) return i18n.t('common:script.progressPassed', { step, calls: passed.names.map((n) => i18n.tx(n)).join(', ') });
  return i18n.t('common:script.progressPassedCount', { step, count: passed.count });
}

// A game's name, blurb and winners live in `common` (`games.<id>.*`), so the home and
// game-choice screens can name every game without fetching any game's own text.

export function gameName(gameId: string): string {
  return i18n.t(`common:games.${gameId}.name`);
}

export function gameBlurb(gameId: string): string {
  return i18n.t(`common:games.${gameId}.blurb`);
}

/** A winner id as the game names it (`common:games.cluethulhu.winners.cult`). */
export function winnerLabel(gameId: string, winner: string): string {
  return i18n.t(`common:games.${gameId}.winners.${winner}`);
}

/**
 * A time stamp in the current language: the time alone for today, else the date and time (with
 * the year when it is not this year's).
 */
export function formatWhen(at: number, now = Date.now()): string {
  const d = new Date(at);
  const today = new Date(now);
  const sameDay = today.toDateString() === d.toDateString();
  const opts: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : today.getFullYear() === d.getFullYear()
      ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(i18n.language, opts).format(d);
}
