/**
 * Cluethulhu for the Keeper: everything the rest of Lantern needs from this game.
 * Rules: rules.ts; call order: sequence.ts; the machine: machine.ts; what screens show: view.ts.
 */
import { dealing, setupPlayers } from '../../engine/common';
import type { GameDefinition } from '../../engine/game';
import { facts, type CluethulhuFacts } from './facts';
import { machine, MACHINE_VERSION } from './machine';
import { overrideProblem, type Ctx } from './rules';
import { MAX_PLAYERS, MIN_PLAYERS, validateSetup, type CluethulhuSetup } from './setup';
import { sheet } from './sheet';
import { view } from './view';

export const cluethulhu: GameDefinition<CluethulhuSetup, CluethulhuFacts> = {
  id: 'cluethulhu',
  namespace: 'cluethulhu',
  machineVersion: MACHINE_VERSION,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  winners: ['investigators', 'cult', 'evilChild', 'siblings'],
  machine,
  validateSetup,
  view,
  dealing,
  ...setupPlayers,
  sheet,
  checkOverride: (snapshot, o) => overrideProblem(snapshot.context as Ctx, o),
  facts
};

export type { CluethulhuSetup } from './setup';
export type { CluethulhuFacts, CluethulhuStepFacts } from './facts';
export { band, roleMix, setupWarnings, validateSetup } from './setup';
export { ROLE_IDS, ALL_SPECIALS, CULT_SPECIALS, type RoleId } from './roles';
