/**
 * What the correction dialog lists on each screen, worked out from what is chosen so far: kept
 * apart from the dialog so each list is read in one place.
 */
import type { Corrections, PlayerView, TokenChoice, ValueField, ValueTarget } from '$lib/engine/game';
import type { CorrectedValue, Text } from '$lib/engine/types';
import { i18n } from '$lib/i18n';

export type Mode =
  | 'menu'
  | 'eliminate'
  | 'revive'
  | 'declareWinner'
  | 'reveal'
  | 'leave'
  | 'latecomer'
  | 'rename'
  | 'replace'
  | 'moveToken'
  | 'swapRoles'
  | 'setRole'
  | 'setValue';

export interface Option {
  id: string;
  label: string;
  /** Why it cannot be chosen, shown beside it. */
  why?: string;
}

export interface ListState {
  mode: Mode;
  /** 0: the first choice (a player, a token, a winner); 1: the second (a name, a holder, a role, a field); 2: a value. */
  part: number;
  /** The players in seating order. */
  seated: PlayerView[];
  winners: { id: string; label: string }[];
  corrections?: Corrections;
  tokenNow?: TokenChoice;
  planted: boolean;
  targetNow?: ValueTarget;
  fieldNow?: ValueField;
}

/** The options of the list on screen, in seating order (or the game's order). */
export function listOptions(s: ListState): Option[] {
  const named = (list: PlayerView[]) => list.map((p) => ({ id: p.id, label: p.name }));
  const living = s.seated.filter((p) => p.alive);
  switch (s.mode) {
    case 'eliminate':
    case 'leave':
    case 'replace':
      return named(living);
    case 'revive':
      return named(s.seated.filter((p) => !p.alive));
    case 'declareWinner':
      return s.winners;
    case 'reveal':
      // Every living player, by name only: listing just those who may show a card, or their
      // roles, would tell a table with its eyes open who holds those roles.
      return named(living);
    case 'rename':
    case 'swapRoles':
      return named(s.seated);
    case 'setRole':
      if (s.part === 0) return named(s.seated);
      return (s.corrections?.roles ?? []).map((r) => ({ id: r.id, label: `${i18n.tx(r.name)} · ${i18n.tx(r.side)}` }));
    case 'moveToken': {
      if (s.part === 0) return (s.corrections?.tokens ?? []).map((t) => ({ id: t.id, label: i18n.tx(t.name), why: t.blocked ? i18n.tx(t.blocked) : undefined }));
      const t = s.tokenNow;
      if (!t) return [];
      // A secret token's refusals when planted name secrets (who the Silent Foot is): said only
      // for the player picked (`tokenProblem`), never beside every name.
      return s.seated.map((p) => {
        const why: Text | undefined = t.refused[p.id] ?? (s.planted && !t.secret ? t.refusedPlanted?.[p.id] : undefined);
        return { id: p.id, label: p.name, why: why ? i18n.tx(why) : undefined };
      });
    }
    case 'setValue':
      if (s.part === 0) return (s.corrections?.values ?? []).map((t) => ({ id: t.id, label: i18n.tx(t.name) }));
      if (s.part === 1) return (s.targetNow?.fields ?? []).map((f) => ({ id: f.id, label: i18n.t('common:override.setValue.fieldNow', { field: i18n.tx(f.name), now: i18n.tx(f.now) }) }));
      return (s.fieldNow?.options ?? []).map((o) => ({ id: o.id, label: i18n.tx(o.name) }));
  }
  return [];
}

/** A value as the confirmation says it: a number, an option's name, or a set's names. */
export function valueText(f: ValueField | undefined, v: CorrectedValue | null): string {
  if (!f || v === null) return '';
  if (typeof v === 'number') return String(v);
  const nameOfOption = (id: string) => {
    const o = f.options?.find((x) => x.id === id);
    return o ? i18n.tx(o.name) : id;
  };
  if (typeof v === 'string') return nameOfOption(v);
  return v.length ? v.map(nameOfOption).join(', ') : i18n.t('common:override.setValue.nothing');
}
