/**
 * Cluethulhu's call sheet: the page a Keeper would otherwise write by hand before the game.
 * The tablets in play, then the Day's calls and the Night's steps in the order the script
 * plays them (sequence.ts), each with the words to say (the script's own lines) and when it
 * applies: once-only calls, calls made only on a condition, and bluff calls for roles that
 * are not in play when the Keeper chose to call absent roles.
 *
 * It names roles, never players, but it is the Keeper's own: the tablets in play and the calls
 * marked as bluffs are what the bluff option hides from the table, so the page says to keep it
 * out of the players' sight.
 */
import type { SheetLine, SheetSection } from '../../engine/game';
import type { Text } from '../../engine/types';
import type { RoleId } from './roles';
import { DAY_ORDER, NIGHT_ORDER, type DaySlot, type NightSlot } from './sequence';
import { bluffable, countRoles, roleMix, type CluethulhuSetup } from './setup';

const k = (key: string, params?: Text['params']): Text => ({ key: `cluethulhu:${key}`, params });
const role = (id: RoleId): Text => k(`roles.${id}.name`);
const say = (key: string): Text => k(`steps.${key}`);
const note = (key: string): Text => k(`sheet.notes.${key}`);

/** Abilities the book allows once per game (guide, Day: "once"). */
const ONCE: readonly RoleId[] = ['mother', 'psychiatrist', 'traitor', 'yithian'];

/** What the Keeper says for each role's call, first line first; `note` marks a conditional line. */
const DAY_LINES: Record<Exclude<DaySlot, 'investigators'>, SheetLine[]> = {
  evilChild: [
    { say: say('evilChild.choose'), note: note('evilChildFirst') },
    { say: k('sheet.say.dollFirst') },
    { say: say('evilChild.pass'), note: note('evilChildLater') },
    { say: k('sheet.say.dollPass') }
  ],
  wizard: [{ say: say('wizard.prompt') }, { say: say('wizardFails.prompt'), note: note('wizardFails') }, { say: say('wizard.after') }],
  detective: [
    { say: say('detective.prompt') },
    { say: say('detective.after') },
    { say: say('detectiveInvalid.prompt'), note: note('detectiveInvalid') }
  ],
  mother: [{ say: say('mother.prompt') }, { say: say('mother.afterNo') }, { say: say('motherPick.prompt'), note: note('ifNod') }, { say: say('siblingsWake.prompt') }],
  psychiatrist: [
    { say: say('psychiatrist.prompt') },
    { say: say('psychiatrist.afterNo') },
    { say: say('psychiatristPick.prompt'), note: note('ifNod') },
    { say: say('psychiatristSwap.prompt') }
  ],
  tchoTcho: [{ say: say('tchoTcho.prompt') }, { say: say('tchoTchoShow.prompt'), note: note('tapTarget') }, { say: say('tchoTcho.after') }],
  traitor: [{ say: say('traitor.prompt') }],
  yithian: [{ say: say('yithian.prompt') }, { say: say('yithian.afterNo') }, { say: say('yithianPick.prompt'), note: note('ifNod') }, { say: say('yithianSwap.prompt') }]
};

const NIGHT_LINES: Record<NightSlot, SheetLine[]> = {
  wake: [{ say: say('wake.prompt'), note: note('wake') }],
  highPriest: [{ say: say('highPriest.prompt'), note: note('highPriest') }],
  ritual: [{ say: say('ritual.prompt'), note: note('ritual') }],
  discussion: [{ say: say('discussion.prompt') }],
  accusation: [{ say: say('accusation.prompt'), note: note('accusation') }],
  vote: [{ say: k('sheet.say.vote'), note: note('vote') }, { say: k('sheet.say.murdered') }, { say: say('result.after') }]
};

/** The note on a role's first line: how often it is called, and what to do once it cannot act. */
function callNote(id: RoleId, inPlay: boolean, bluff: boolean): Text | undefined {
  if (!inPlay) return note('absent');
  if (ONCE.includes(id)) return note(bluff ? 'onceBluff' : 'once');
  return note(bluff ? 'goneBluff' : 'goneSkip');
}

function daySection(setup: CluethulhuSetup, mix: Set<RoleId>): SheetSection {
  const bluff = setup.callAbsentRoles;
  const lines: SheetLine[] = [];
  for (const slot of DAY_ORDER) {
    if (slot === 'investigators') {
      lines.push(
        { role: k('sides.investigators'), say: say('investigatorsVote.prompt'), note: note('investigators') },
        { say: say('investigatorsSleep.prompt') },
        { say: say('investigatorsArrest.prompt'), note: note('arrest') }
      );
      // The Shoggoth is never called in turn: it wakes when it is arrested.
      if (mix.has('shoggoth')) lines.push({ role: role('shoggoth'), say: say('shoggothAbsorb.day'), note: note('shoggothDay') });
      continue;
    }
    const inPlay = mix.has(slot);
    // A role not in play is only called as a bluff, and then only its first line.
    if (!inPlay && !(bluff && bluffable(setup.players.length, slot))) continue;
    const [first, ...rest] = DAY_LINES[slot];
    lines.push({ role: role(slot), say: first.say, note: callNote(slot, inPlay, bluff) });
    if (inPlay) lines.push(...rest);
  }
  return { title: k('sheet.day'), lines };
}

function nightSection(mix: Set<RoleId>): SheetSection {
  const lines: SheetLine[] = [];
  for (const slot of NIGHT_ORDER) {
    lines.push(...NIGHT_LINES[slot]);
    if (slot === 'vote' && mix.has('shoggoth')) lines.push({ role: role('shoggoth'), say: k('sheet.say.shoggothNight'), note: note('shoggothNight') });
  }
  // The High Priest is a token, not a role: its holder's last act is named after it.
  lines.push({ role: k('marks.highPriest'), say: k('sheet.say.successor'), note: note('successor') });
  return { title: k('sheet.night'), lines };
}

function mixSection(setup: CluethulhuSetup, mix: RoleId[]): SheetSection {
  const counts = countRoles(mix);
  const order = [...new Set(mix)];
  return {
    title: k('sheet.mix', { count: setup.players.length }),
    lines: [
      { say: k(setup.callAbsentRoles ? 'sheet.bluffOn' : 'sheet.bluffOff') },
      ...order.map((id) => ({ role: role(id), say: k('sheet.tablets', { count: counts[id] ?? 0 }) }))
    ]
  };
}

export function sheet(setup: CluethulhuSetup): SheetSection[] {
  const mix = roleMix(setup);
  const inPlay = new Set(mix);
  return [mixSection(setup, mix), daySection(setup, inPlay), nightSection(inPlay)];
}
