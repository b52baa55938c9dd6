/**
 * Small translations the screens share: phase names, a game's name, time stamps. Everything
 * goes through the i18n module; nothing here holds English.
 */
import { i18n } from '$lib/i18n';
import type { Phase } from '$lib/engine/types';
import { CATALOGUE } from '$lib/games';

/** "Day 2", "Noc 1". */
export function phaseLabel(phase: Phase): string {
  return i18n.t(`common:phase.${phase.kind}`, { number: phase.number });
}

/** The i18n namespace of a game id (the id itself when the catalogue does not list it). */
export function gameNamespace(gameId: string): string {
  return CATALOGUE.find((g) => g.id === gameId)?.namespace ?? gameId;
}

export function gameName(gameId: string): string {
  return i18n.t(`${gameNamespace(gameId)}:name`);
}

/** A winner id as the game names it (`cluethulhu:winners.cult`). */
export function winnerLabel(gameId: string, winner: string): string {
  return i18n.t(`${gameNamespace(gameId)}:winners.${winner}`);
}

/** A time stamp in the current language: the time for today, the date and time otherwise. */
export function formatWhen(at: number, now = Date.now()): string {
  const d = new Date(at);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  const opts: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(i18n.language, opts).format(d);
}
