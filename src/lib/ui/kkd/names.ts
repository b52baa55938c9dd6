/**
 * How Killer Kloo Doo's screens name things: a clue card in the table's edition, a character by
 * its player and card (or its card alone for a non-player character), a playing card by rank.
 */
import { i18n } from '$lib/i18n';
import { cardNameId, type CardId, type Edition, type OwnNames } from '$lib/games/cluedo-cards';
import type { RoleCard } from '$lib/engine/game';
import { cardValue, type CharacterRow, type KkdBoard, type Rank } from '$lib/games/kkd';

/** The short moves' forms (QuickForm). */
export type Quick = 'enter' | 'ace' | 'accuse' | 'heal' | 'take' | 'drop' | 'adjust' | 'staircase' | 'roll';

/** Whose names the cards print: the edition's, and the table's own (a board is one). */
export type Naming = { edition: Edition; names?: OwnNames };

export const cardText = (id: CardId, naming: Naming): string => i18n.t(`cluedo:cards.${cardNameId(id, naming.edition, naming.names)}`);

/** "Ania (Miss Scarlett)", or "Professor Plum" for a non-player character. */
export function whoText(row: CharacterRow, edition: Naming): string {
  const card = cardText(row.id, edition);
  return row.name ? i18n.t('kkd:table.who', { name: row.name, card }) : card;
}

/** The short name used in sentences: the player's name, or the card. */
export const shortName = (row: CharacterRow, edition: Naming): string => row.name ?? cardText(row.id, edition);

export const rowOf = (board: KkdBoard, id: string): CharacterRow | undefined => board.characters.find((c) => c.id === id);

/** "Q (13)". */
export const rankText = (rank: Rank): string => i18n.t('kkd:cards.rank', { rank: i18n.t(`kkd:cards.ranks.${rank}`), value: cardValue(rank) });

export const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

/** A die typed in: a whole number 1 to 6, or null. */
export function dieOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : null;
}

/** A player's three secret objectives as a card to hold and see (pass-and-peek, or seen again). */
export function objectivesCard(board: KkdBoard, id: string): RoleCard {
  const [a, b, c] = (board.secret[id as keyof KkdBoard['secret']] ?? []).map((x) => cardNameId(x, board.edition, board.names));
  return {
    role: { key: 'kkd:deal.cardTitle' },
    side: { key: 'kkd:deal.cards', params: { a: a ?? '', b: b ?? '', c: c ?? '' } },
    ability: { key: 'kkd:deal.how' },
    tone: 'neutral'
  };
}
