/**
 * A Blood on the Clocktower move read from a backup file, rebuilt field by field (nothing passed
 * through); null when it is not a move this game makes. Whether it may be made is then `check`'s.
 */
import type { Move } from '../../engine/types';
import { NOTE_MAX, type BotcMove } from './rules';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isUid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1_000_000;
const ids = (v: unknown): string[] | null => (Array.isArray(v) && v.length <= 40 && v.every(isId) ? [...v] : null);

export function readMove(v: unknown): Move | null {
  return readBotcMove(v) as Move | null;
}

function readBotcMove(v: unknown): BotcMove | null {
  if (!isObj(v)) return null;
  if (v.overrule !== undefined && typeof v.overrule !== 'boolean') return null;
  const o = v.overrule !== undefined ? { overrule: v.overrule as boolean } : {};
  switch (v.kind) {
    case 'seen':
      return isId(v.player) ? { kind: 'seen', player: v.player, ...o } : null;
    case 'place':
      return isId(v.source) && typeof v.label === 'string' && v.label.length <= 40 && isId(v.player)
        ? { kind: 'place', source: v.source, label: v.label, player: v.player, ...o }
        : null;
    case 'shift':
      return isUid(v.uid) && isId(v.player) ? { kind: 'shift', uid: v.uid, player: v.player, ...o } : null;
    case 'remove':
      return isUid(v.uid) ? { kind: 'remove', uid: v.uid, ...o } : null;
    case 'die':
    case 'revive':
      return isId(v.player) ? { kind: v.kind, player: v.player, ...o } : null;
    case 'ghostVote':
      return isId(v.player) && typeof v.has === 'boolean' ? { kind: 'ghostVote', player: v.player, has: v.has, ...o } : null;
    case 'note':
      return isId(v.player) && typeof v.text === 'string' && v.text.length <= NOTE_MAX ? { kind: 'note', player: v.player, text: v.text, ...o } : null;
    case 'alignment':
      return isId(v.player) && (v.alignment === 'good' || v.alignment === 'evil') ? { kind: 'alignment', player: v.player, alignment: v.alignment, ...o } : null;
    case 'character':
      return isId(v.player) && isId(v.character) ? { kind: 'character', player: v.player, character: v.character, ...o } : null;
    case 'nominate':
      return isId(v.nominator) && isId(v.nominee) ? { kind: 'nominate', nominator: v.nominator, nominee: v.nominee, ...o } : null;
    case 'vote': {
      const voters = ids(v.voters);
      if (!voters) return null;
      if (v.votes === undefined) return { kind: 'vote', voters, ...o };
      return typeof v.votes === 'number' && Number.isInteger(v.votes) && v.votes >= 0 && v.votes <= 200 ? { kind: 'vote', voters, votes: v.votes, ...o } : null;
    }
    case 'execute':
      return isId(v.player) && typeof v.dies === 'boolean' ? { kind: 'execute', player: v.player, dies: v.dies, ...o } : null;
    case 'exile': {
      const supporters = ids(v.supporters);
      return supporters && isId(v.caller) && isId(v.traveller) ? { kind: 'exile', caller: v.caller, traveller: v.traveller, supporters, ...o } : null;
    }
    case 'fabled':
      return isId(v.character) && typeof v.on === 'boolean' ? { kind: 'fabled', character: v.character, on: v.on, ...o } : null;
    case 'bluffs': {
      const characters = ids(v.characters);
      return characters && typeof v.group === 'number' && Number.isInteger(v.group) && v.group >= 0 && v.group < 10
        ? { kind: 'bluffs', group: v.group, characters, ...o }
        : null;
    }
    case 'join':
      return isId(v.player) &&
        typeof v.name === 'string' &&
        v.name.length <= 200 &&
        isId(v.character) &&
        (v.alignment === 'good' || v.alignment === 'evil') &&
        (v.after === null || isId(v.after))
        ? { kind: 'join', player: v.player, name: v.name, character: v.character, alignment: v.alignment, after: v.after as string | null, ...o }
        : null;
    case 'leave':
      return isId(v.player) ? { kind: 'leave', player: v.player, ...o } : null;
    case 'phase':
      return { kind: 'phase', ...o };
    case 'declare':
      return v.winner === 'good' || v.winner === 'evil' ? { kind: 'declare', winner: v.winner, ...o } : null;
  }
  return null;
}
