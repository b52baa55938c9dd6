/**
 * The shape of the character facts: their teams, app flags and the row `facts.ts` holds for
 * each. Apart from `characters.ts` so that the written facts depend on nothing that reads them.
 */

export const TEAMS = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'] as const;
export type Team = (typeof TEAMS)[number];

/** An app-integration flag, as the toolmaker data gives it (`bag-disabled`, `replace-character`…). */
export interface Special {
  type: string;
  name: string;
  value?: number | string;
  time?: string;
  global?: string;
}

export type FactRow = [
  id: string,
  name: string,
  team: Team,
  edition: string,
  firstNight: number,
  otherNight: number,
  setup: string | boolean,
  reminders?: string[],
  remindersGlobal?: string[],
  special?: Special[],
  jinxedWith?: string[]
];
