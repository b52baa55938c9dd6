/**
 * Setting up Cthulhu Gloom (the sheet's "Setup"): 2 to 5 players in turn order, who goes first,
 * a family each with its characters, and two Stories face up in the centre.
 *
 * The sheet names four families but not which characters belong to which, nor who forms the
 * 5-player misfit family. The card list lists the twenty Characters in four runs of five, each
 * plainly one family: Lantern offers each run as that family's five (`FAMILY_CARDS`), still
 * editable, and the misfit family is typed (docs/RULES.md, "Gloom families").
 */
import { playerProblems } from '../../engine/names';
import type { Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { cardKey, cardsOf, findCard } from './cards';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
/** "Unless it's altered by card effects, your draw limit is 5 cards." */
export const DRAW_LIMIT = 5;
/** Longest card name Lantern takes (the list's longest is 34 characters). */
export const CARD_NAME_MAX = 60;

/** The four families the sheet names, and the 5-player game's misfit one. */
export const FAMILIES = ['miskatonic', 'whateleys', 'sanitarium', 'innsmouth'] as const;
export type FamilyId = (typeof FAMILIES)[number] | 'misfit';

/**
 * Each named family's five Characters, as the card list runs them: deck A's first five (Doctor
 * Willett's Arkham Sanitarium) and last five (the Innsmouth folk: Barnabas Marsh, Zadok Allen…),
 * deck B's first five (Miskatonic's Armitage, West, Gilman…) and last five (the Whateleys).
 */
export const FAMILY_CARDS: Readonly<Record<(typeof FAMILIES)[number], readonly string[]>> = (() => {
  const names = cardsOf('character').map((c) => c.name);
  return { sanitarium: names.slice(0, 5), innsmouth: names.slice(5, 10), miskatonic: names.slice(10, 15), whateleys: names.slice(15, 20) };
})();

/** The story icons (the sheet's "Story Icons"), and the blank block that covers one. */
export const ICONS = ['goblet', 'horror', 'investigation', 'madness', 'magic', 'romance'] as const;
export type Icon = (typeof ICONS)[number];

export interface StorySetup {
  /** As printed (one of the list's Stories, or typed). */
  name: string;
  /** The Pathos points it is worth to its holder (0 when it prints none). */
  points: number;
  /**
   * The icons its family requirement names (any one of them on a character counts); empty when
   * the players did not enter it, and then Lantern does not check claims.
   */
  requires: Icon[];
}

export interface GloomSetup {
  /** In turn order (clockwise from any seat). */
  players: Player[];
  /** Who goes first, or `random`: drawn by the game's seeded generator. */
  first: PlayerId | 'random';
  /** Each player's family and its characters, in the order they lie on the table. */
  families: Record<PlayerId, { family: FamilyId; characters: string[] }>;
  /** The two Stories face up in the centre. */
  stories: StorySetup[];
}

/** Characters in each family: "In a 4-player game, each player should choose 1 Character to discard." */
export const familySize = (players: number): number => (players === 4 ? 4 : 5);

const err = (key: string, params?: Text['params']): Text => ({ key: `gloom:setup.errors.${key}`, params });

export const isPathos = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 99;

/** Every problem with a setup, each as a message; empty when the game can start. */
export function validateSetup(setup: GloomSetup): SetupProblem[] {
  const out: SetupProblem[] = [];
  const players = Array.isArray(setup?.players) ? setup.players : [];
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    out.push({ field: 'players', text: err('playerCount', { min: MIN_PLAYERS, max: MAX_PLAYERS }) });
  out.push(...playerProblems(players));
  if (setup.first !== 'random' && !players.some((p) => p.id === setup.first)) out.push({ field: 'players', text: err('first') });

  // Families: each player one, the named ones at most once each, the misfit one only with five.
  const size = familySize(players.length);
  const seen = new Map<string, string>();
  const families = setup.families && typeof setup.families === 'object' ? setup.families : {};
  const taken = new Set<FamilyId>();
  for (const p of players) {
    const f = families[p.id];
    if (!f || !Array.isArray(f.characters)) {
      out.push({ field: 'roles', text: err('noFamily', { name: p.name }) });
      continue;
    }
    if (![...FAMILIES, 'misfit'].includes(f.family)) out.push({ field: 'roles', text: err('noFamily', { name: p.name }) });
    else if (taken.has(f.family)) out.push({ field: 'roles', text: err('familyTwice', { family: f.family }) });
    taken.add(f.family);
    if (f.family === 'misfit' && players.length !== 5) out.push({ field: 'roles', text: err('misfitOnlyFive') });
    const names = f.characters.filter((c) => typeof c === 'string' && c.trim() !== '');
    if (names.length !== size || f.characters.length !== size)
      out.push({ field: 'roles', text: err('characterCount', { name: p.name, count: size }) });
    for (const c of names) {
      const key = cardKey(c);
      const card = findCard(c);
      if (c.length > CARD_NAME_MAX) out.push({ field: 'roles', text: err('nameLong', { max: CARD_NAME_MAX }) });
      else if (card && card.type !== 'character') out.push({ field: 'roles', text: err('notCharacter', { card: card.name }) });
      else if (seen.has(key)) out.push({ field: 'roles', text: err('characterTwice', { card: c.trim() }) });
      seen.set(key, p.id);
    }
  }
  if (players.length === 5 && !taken.has('misfit')) out.push({ field: 'roles', text: err('misfitNeeded') });

  // "Select two Story cards and place them face up in the center of the table."
  const stories = Array.isArray(setup.stories) ? setup.stories : [];
  if (stories.length !== 2) out.push({ field: 'options', text: err('storyCount') });
  const storyKeys = new Set<string>();
  for (const s of stories) {
    if (typeof s?.name !== 'string' || s.name.trim() === '' || s.name.length > CARD_NAME_MAX) {
      out.push({ field: 'options', text: err('storyName') });
      continue;
    }
    const card = findCard(s.name);
    if (card && card.type !== 'story') out.push({ field: 'options', text: err('notStory', { card: card.name }) });
    if (storyKeys.has(cardKey(s.name))) out.push({ field: 'options', text: err('storyTwice', { card: s.name.trim() }) });
    storyKeys.add(cardKey(s.name));
    if (!isPathos(s.points)) out.push({ field: 'options', text: err('storyPoints', { card: s.name.trim() }) });
    if (!Array.isArray(s.requires) || s.requires.some((i) => !ICONS.includes(i))) out.push({ field: 'options', text: err('storyIcons', { card: s.name.trim() }) });
  }
  return out;
}
