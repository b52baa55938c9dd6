/**
 * Cluethulhu's thirteen tablets (guide, "Components"): four on the investigator side, six
 * on the cult side and three of "ambiguous loyalty". Text lives in the `cluethulhu`
 * namespace under `roles.<id>.name | ability`.
 */

export const ROLE_IDS = [
  'investigator',
  'detective',
  'psychiatrist',
  'cultist',
  'shoggoth',
  'wizard',
  'tchoTcho',
  'mother',
  'traitor',
  'yithian',
  'evilChild'
] as const;

export type RoleId = (typeof ROLE_IDS)[number];

/** The side a tablet starts on. The Evil Child and the Yithian count for neither. */
export type Side = 'investigators' | 'cult' | 'neutral';

export const STARTING_SIDE: Record<RoleId, Side> = {
  investigator: 'investigators',
  detective: 'investigators',
  psychiatrist: 'investigators',
  cultist: 'cult',
  shoggoth: 'cult',
  wizard: 'cult',
  tchoTcho: 'cult',
  mother: 'cult',
  traitor: 'cult',
  yithian: 'neutral',
  evilChild: 'neutral'
};

/** Specials the Keeper may swap in for plain Cultists (guide, set-up by player count). */
export const CULT_SPECIALS: readonly RoleId[] = ['shoggoth', 'yithian', 'mother', 'tchoTcho', 'wizard', 'evilChild'];
export const ALL_SPECIALS: readonly RoleId[] = [...CULT_SPECIALS, 'traitor'];

/** Tablets in the box (RULES-NOTES: 2 Investigator, 1 Detective, 1 Psychiatrist, 9 Cultist, one of each special). */
export const BOX: Record<RoleId, number> = {
  investigator: 2,
  detective: 1,
  psychiatrist: 1,
  cultist: 9,
  shoggoth: 1,
  wizard: 1,
  tchoTcho: 1,
  mother: 1,
  traitor: 1,
  yithian: 1,
  evilChild: 1
};
