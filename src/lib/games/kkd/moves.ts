/**
 * A Killer Kloo Doo move read from a backup file, rebuilt field by field (nothing passed
 * through); null when it is not a move this game makes. Whether it may be made is then `check`'s.
 */
import type { Move } from '../../engine/types';
import { isCard, ROOMS, SUSPECTS, WEAPONS, type CardId, type RoomId, type SuspectId, type WeaponId } from '../cluedo-cards';
import { isDie, isRank, type Rank } from './cards';
import type { KkdMove } from './rules';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSuspect = (v: unknown): v is SuspectId => (SUSPECTS as readonly unknown[]).includes(v);
const isWeapon = (v: unknown): v is WeaponId => (WEAPONS as readonly unknown[]).includes(v);
const isRoom = (v: unknown): v is RoomId => (ROOMS as readonly unknown[]).includes(v);
const isSide = (v: unknown): v is 'by' | 'target' => v === 'by' || v === 'target';
/** Up to 13 cards of one suit (a whole suit is 13). */
const rankList = (v: unknown): Rank[] | null => (Array.isArray(v) && v.length <= 13 && v.every(isRank) ? [...v] : null);
const dice = (v: unknown, n: number): number[] | null => (Array.isArray(v) && v.length === n && v.every(isDie) ? [...v] : null);

export function readMove(v: unknown): Move | null {
  return readKkdMove(v) as Move | null;
}

function readKkdMove(v: unknown): KkdMove | null {
  if (!isObj(v)) return null;
  if (v.overrule !== undefined && typeof v.overrule !== 'boolean') return null;
  const over = v.overrule !== undefined ? { overrule: v.overrule as boolean } : {};
  const by = v.by;
  const target = v.target;
  switch (v.kind) {
    case 'endTurn':
      return { kind: 'endTurn', ...over };
    case 'stop':
      return { kind: 'stop', ...over };
    case 'enter':
      return isSuspect(by) && isRoom(v.room) ? { kind: 'enter', by, room: v.room, ...over } : null;
    case 'ace':
      return isSuspect(by) && isSuspect(target) ? { kind: 'ace', by, target, ...over } : null;
    case 'contest': {
      const cards = v.cards;
      if (!isSuspect(by) || !isSuspect(target) || (v.contest !== 'persuasion' && v.contest !== 'aggression')) return null;
      if (!isObj(cards) || !isRank(cards.by) || !(cards.target === null || isRank(cards.target))) return null;
      if (v.result !== undefined && !isSide(v.result)) return null;
      return { kind: 'contest', contest: v.contest, by, target, cards: { by: cards.by, target: cards.target }, ...(v.result !== undefined && { result: v.result }), ...over };
    }
    case 'trick':
      return isSuspect(by) && isRank(v.court) && (isSuspect(target) || isWeapon(target)) ? { kind: 'trick', by, court: v.court, target, ...over } : null;
    case 'accuse':
      return isSuspect(by) && typeof v.right === 'boolean' ? { kind: 'accuse', by, right: v.right, ...over } : null;
    case 'score': {
      const hearts = rankList(v.hearts);
      const diamonds = rankList(v.diamonds);
      return isSuspect(by) && hearts && diamonds ? { kind: 'score', by, hearts, diamonds, ...over } : null;
    }
    case 'part2': {
      if (v.objectives !== 'app' && v.objectives !== 'physical') return null;
      let rolls: Partial<Record<SuspectId, number[]>> | undefined;
      if (v.rolls !== undefined) {
        if (!isObj(v.rolls)) return null;
        rolls = {};
        for (const [id, d] of Object.entries(v.rolls)) {
          const two = dice(d, 2);
          if (!isSuspect(id) || !two) return null;
          rolls[id] = two;
        }
      }
      if (v.first !== undefined && !isSuspect(v.first)) return null;
      return { kind: 'part2', objectives: v.objectives, ...(rolls && { rolls }), ...(v.first !== undefined && { first: v.first as SuspectId }), ...over };
    }
    case 'seen':
      return isSuspect(by) ? { kind: 'seen', by, ...over } : null;
    case 'take':
      return isSuspect(by) && isWeapon(v.weapon) ? { kind: 'take', by, weapon: v.weapon, ...over } : null;
    case 'drop':
      return isSuspect(by) ? { kind: 'drop', by, ...over } : null;
    case 'attack': {
      if (!isSuspect(by) || !isSuspect(target)) return null;
      if (v.counter !== undefined && typeof v.counter !== 'boolean') return null;
      let rolled: { by?: number; target?: number } | undefined;
      if (v.dice !== undefined) {
        if (!isObj(v.dice)) return null;
        rolled = {};
        for (const side of ['by', 'target'] as const) {
          const d = v.dice[side];
          if (d === undefined) continue;
          if (!isDie(d)) return null;
          rolled[side] = d;
        }
      }
      return { kind: 'attack', by, target, ...(v.counter !== undefined && { counter: v.counter }), ...(rolled && { dice: rolled }), ...over };
    }
    case 'assault': {
      if (!isSuspect(by) || !isSuspect(target) || !isObj(v.clubs)) return null;
      const mine = rankList(v.clubs.by);
      const theirs = rankList(v.clubs.target);
      return mine && theirs ? { kind: 'assault', by, target, clubs: { by: mine, target: theirs }, ...over } : null;
    }
    case 'heal':
      return isSuspect(by) && isRank(v.card) ? { kind: 'heal', by, card: v.card, ...over } : null;
    case 'servant': {
      if (!isSuspect(by) || !isSuspect(target) || !isRank(v.court)) return null;
      if (v.service !== 'lure' && v.service !== 'spy' && v.service !== 'steal') return null;
      const diamonds = rankList(v.diamonds);
      if (!diamonds || diamonds.length > 2) return null;
      if (v.spade !== null && !isRank(v.spade)) return null;
      if (v.room !== undefined && !isRoom(v.room)) return null;
      if (v.result !== undefined && !isSide(v.result)) return null;
      return {
        kind: 'servant',
        service: v.service,
        by,
        target,
        court: v.court,
        diamonds,
        spade: v.spade as Rank | null,
        ...(v.room !== undefined && { room: v.room as RoomId }),
        ...(v.result !== undefined && { result: v.result }),
        ...over
      };
    }
    case 'clean':
    case 'throwOut':
      return isSuspect(by) && isWeapon(v.weapon) ? { kind: v.kind, by, weapon: v.weapon, ...over } : null;
    case 'search':
      return isSuspect(by) && isRoom(v.room) && isRank(v.court) ? { kind: 'search', by, room: v.room, court: v.court, ...over } : null;
    case 'searchRoll': {
      if (!isSuspect(by)) return null;
      if (v.dice === undefined) return { kind: 'searchRoll', by, ...over };
      const two = dice(v.dice, 2);
      return two ? { kind: 'searchRoll', by, dice: two, ...over } : null;
    }
    case 'leave':
      return isSuspect(by) ? { kind: 'leave', by, ...over } : null;
    case 'complete':
      return isSuspect(by) && isCard(v.card) ? { kind: 'complete', by, card: v.card as CardId, ...over } : null;
    case 'staircase':
      if (!isSuspect(by) || (v.off !== undefined && typeof v.off !== 'boolean')) return null;
      return { kind: 'staircase', by, ...(v.off !== undefined && { off: v.off }), ...over };
    case 'adjust':
      return isSuspect(target) && typeof v.delta === 'number' && Number.isInteger(v.delta) && Math.abs(v.delta) <= 999
        ? { kind: 'adjust', target, delta: v.delta, ...over }
        : null;
    case 'roll':
      return v.count === 1 || v.count === 2 ? { kind: 'roll', count: v.count, ...over } : null;
  }
  return null;
}
