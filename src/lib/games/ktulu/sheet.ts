/**
 * Ktulu's call sheet: the Manitou's two lists ("Kolejność w trakcie zerowej nocy" and
 * "Kolejność w trakcie nocy") for this roster, each step with the book's number and line, who
 * is called and what is read aloud, and a note when the step is only pretended (a faction in
 * play whose role was not dealt, when the Manitou calls absent roles too).
 *
 * It names roles, never players, but it is the Manitou's own: the roster and the steps marked as
 * pretended are what calling absent roles hides from the town, so the page says to keep it out of
 * the players' sight.
 */
import type { SheetLine, SheetSection } from '../../engine/game';
import type { Text } from '../../engine/types';
import { actorFaction, actorRoles, type NightKind } from './plan';
import { rolesOf } from './roles';
import { roleList, type KtuluSetup } from './setup';
import { NIGHT, ZERO_NIGHT, type KtuluStep } from './steps';

const k = (key: string, params?: Text['params']): Text => (params ? { key: `ktulu:${key}`, params } : { key: `ktulu:${key}` });

function section(kind: NightKind, steps: readonly KtuluStep[], setup: KtuluSetup): SheetSection {
  const dealt = new Set(roleList(setup.roles));
  const lines: SheetLine[] = [];
  for (const step of steps) {
    const faction = actorFaction(step.actor);
    const roles = actorRoles(step.actor).filter((r) => dealt.has(r));
    const inPlay = roles.length > 0;
    const factionInPlay = rolesOf(faction).some((r) => dealt.has(r));
    if (!inPlay && !(setup.settings.callAbsentRoles && factionInPlay)) continue;
    const who = 'faction' in step.actor ? k(`factions.${faction}`) : k(`roles.${(roles[0] ?? actorRoles(step.actor)[0])}.name`);
    const note = k(inPlay ? 'sheet.step' : 'sheet.pretend', { n: step.n, kind });
    lines.push({ role: who, say: k(`${kind}.${step.n}.say`), note });
    if (step.alone) lines.push({ say: k(`${kind}.${step.n}.after`) });
  }
  return { title: k(kind === 'zeroNight' ? 'sheet.zeroNight' : 'sheet.night'), lines };
}

function rosterSection(setup: KtuluSetup): SheetSection {
  const counts = new Map<string, number>();
  for (const r of roleList(setup.roles)) counts.set(r, (counts.get(r) ?? 0) + 1);
  return {
    title: k('sheet.roster', { count: setup.players.length }),
    lines: [
      { say: k(setup.settings.callAbsentRoles ? 'sheet.bluffOn' : 'sheet.bluffOff') },
      ...[...counts].map(([role, count]) => ({ role: k(`roles.${role}.name`), say: k('sheet.cards', { count }) }))
    ]
  };
}

export function sheet(setup: KtuluSetup): SheetSection[] {
  return [rosterSection(setup), section('zeroNight', ZERO_NIGHT, setup), section('night', NIGHT, setup)];
}
