/**
 * The Cluedo clue cards: six suspects, six weapons and nine rooms, as facts shared by every
 * Lantern game played with the Cluedo box (the detective's notebook, Killer Kloo Doo).
 *
 * A card is known by a stable id; its printed name depends on the edition the table owns. The
 * UK names are the default; an edition renames some cards (the Dagger is the Knife elsewhere,
 * the Spanner the Wrench). Names reach the screens as i18n keys in the `cluedo` namespace.
 */
import type { Text } from '../engine/types';
import { ownNameId } from '../engine/own-names';

export type CardCategory = 'suspect' | 'weapon' | 'room';

export const SUSPECTS = ['scarlett', 'mustard', 'white', 'green', 'peacock', 'plum'] as const;
export const WEAPONS = ['candlestick', 'dagger', 'leadPiping', 'revolver', 'rope', 'spanner'] as const;
export const ROOMS = [
  'kitchen',
  'ballroom',
  'conservatory',
  'diningRoom',
  'billiardRoom',
  'library',
  'lounge',
  'hall',
  'study'
] as const;

export type SuspectId = (typeof SUSPECTS)[number];
export type WeaponId = (typeof WEAPONS)[number];
export type RoomId = (typeof ROOMS)[number];
export type CardId = SuspectId | WeaponId | RoomId;

/** All 21 cards: suspects, then weapons, then rooms, in the order the box's sheet lists them. */
export const CARDS: readonly CardId[] = [...SUSPECTS, ...WEAPONS, ...ROOMS];

export const CATEGORIES: readonly CardCategory[] = ['suspect', 'weapon', 'room'];

export const CARDS_BY_CATEGORY: Readonly<Record<CardCategory, readonly CardId[]>> = {
  suspect: SUSPECTS,
  weapon: WEAPONS,
  room: ROOMS
};

const CATEGORY_OF = new Map<string, CardCategory>(
  CATEGORIES.flatMap((category) => CARDS_BY_CATEGORY[category].map((card) => [card, category] as const))
);

export function isCard(value: unknown): value is CardId {
  return typeof value === 'string' && CATEGORY_OF.has(value);
}

export function categoryOf(card: CardId): CardCategory {
  const category = CATEGORY_OF.get(card);
  if (!category) throw new Error(`Not a Cluedo card: ${card}`);
  return category;
}

/** Editions whose printed names differ from the UK set. */
export type Edition = 'uk' | 'us';
export const EDITIONS: readonly Edition[] = ['uk', 'us'];

/** The cards an edition prints under another name (everything else keeps the UK name). */
const RENAMED: Readonly<Record<Edition, Partial<Record<CardId, string>>>> = {
  uk: {},
  us: { green: 'green_us', dagger: 'knife', leadPiping: 'leadPipe', spanner: 'wrench' }
};

/**
 * The name of a card in an edition, as the last part of its key in `cluedo:cards`: sentences
 * that name a card nest it as `$t(cluedo:cards.{{card}})` with this as the parameter.
 */
export function cardNameId(card: CardId, edition: Edition = 'uk', own?: OwnNames): string {
  const name = own?.[card];
  return name ? ownNameId(name) : (RENAMED[edition][card] ?? card);
}

/** Names the table gave its own cards (Killer Kloo Doo's set-up), by card; the rest keep the edition's. */
export type OwnNames = Partial<Record<CardId, string>>;

/** The longest name a card may be given. */
export const OWN_NAME_MAX = 30;

/** A card's name as a translatable text. */
export function cardName(card: CardId, edition: Edition = 'uk'): Text {
  return { key: `cluedo:cards.${cardNameId(card, edition)}` };
}

/**
 * Killer Kloo Doo's deal, by player count: clue cards to each player and face down in the
 * middle, after three go in the envelope (its "Setting up the Board").
 */
export const KILLER_KLOO_DOO_DEAL: Readonly<Record<number, { hand: number; middle: number }>> = {
  2: { hand: 8, middle: 2 },
  3: { hand: 5, middle: 3 },
  4: { hand: 4, middle: 2 },
  5: { hand: 3, middle: 3 },
  6: { hand: 2, middle: 6 }
};

/** A suggestion or an accusation names one card of each category. */
export type Triple = readonly [SuspectId, WeaponId, RoomId];

export function isTriple(cards: readonly unknown[]): cards is Triple {
  return (
    cards.length === 3 &&
    isCard(cards[0]) &&
    isCard(cards[1]) &&
    isCard(cards[2]) &&
    categoryOf(cards[0]) === 'suspect' &&
    categoryOf(cards[1]) === 'weapon' &&
    categoryOf(cards[2]) === 'room'
  );
}
