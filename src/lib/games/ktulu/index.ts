/**
 * Ktulu for the Manitou: everything the rest of Lantern needs from this game.
 * Who is who: factions.ts, roles.ts; the Manitou's lists: steps.ts, plan.ts; set-up: setup.ts;
 * the rules: rules.ts (with compute.ts); the machine: machine.ts; what screens show: view.ts.
 */
import { dealing, setupPlayers } from '../../engine/common';
import type { GameDefinition } from '../../engine/game';
import { FACTION_IDS } from './factions';
import { facts, type KtuluFacts } from './facts';
import { machine, MACHINE_VERSION } from './machine';
import { overrideProblem, type Ctx } from './rules';
import { MAX_PLAYERS, MIN_PLAYERS, validateSetup, type KtuluSetup } from './setup';
import { sheet } from './sheet';
import { view } from './view';

export const ktulu: GameDefinition<KtuluSetup, KtuluFacts> = {
  id: 'ktulu',
  namespace: 'ktulu',
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  // One winner per faction: "W grze możliwe jest zwycięstwo tylko jednej frakcji."
  winners: FACTION_IDS,
  machine,
  validateSetup,
  view,
  dealing,
  ...setupPlayers,
  sheet,
  checkOverride: (snapshot, o) => overrideProblem(snapshot.context as Ctx, o),
  facts
};

export type { KtuluSetup, KtuluSettings, RoleCounts } from './setup';
export type { KtuluFacts, KtuluStepFacts } from './facts';
export {
  controversialWarnings,
  defaultSettings,
  factionsIn,
  roleList,
  countRoles,
  setupWarnings,
  suggestedRoster,
  validateSetup,
  MIN_PLAYERS,
  MAX_PLAYERS
} from './setup';
export { FACTIONS, FACTION_IDS, type FactionId } from './factions';
export { ROLES, ROLE_IDS, rolesOf, type RoleId } from './roles';
