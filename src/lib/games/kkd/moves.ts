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

/** The fields of a move read from a file: the move itself, who acts and whom it aims at. */
type Reader<K extends KkdMove['kind']> = (v: Obj, by: unknown, target: unknown) => Extract<KkdMove, { kind: K }> | null;

function readPart2(v: Obj): Extract<KkdMove, { kind: 'part2' }> | null {
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
  return { kind: 'part2', objectives: v.objectives, ...(rolls && { rolls }), ...(v.first !== undefined && { first: v.first as SuspectId }) };
}

function readAttack(v: Obj, by: unknown, target: unknown): Extract<KkdMove, { kind: 'attack' }> | null {
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
  return { kind: 'attack', by, target, ...(v.counter !== undefined && { counter: v.counter }), ...(rolled && { dice: rolled }) };
}

function readServant(v: Obj, by: unknown, target: unknown): Extract<KkdMove, { kind: 'servant' }> | null {
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
    ...(v.result !== undefined && { result: v.result })
  };
}

/** A Weapon objective's moves: the weapon cleaned, or thrown out. */
const readWeaponWork =
  <K extends 'clean' | 'throwOut'>(kind: K): Reader<K> =>
  (v, by) =>
    isSuspect(by) && isWeapon(v.weapon) ? ({ kind, by, weapon: v.weapon } as Extract<KkdMove, { kind: K }>) : null;

/** Each kind of move's reader, found by the move's kind; the overrule flag is added after. */
const READERS: { [K in KkdMove['kind']]: Reader<K> } = {
  endTurn: () => ({ kind: 'endTurn' }),
  stop: () => ({ kind: 'stop' }),
  enter: (v, by) => (isSuspect(by) && isRoom(v.room) ? { kind: 'enter', by, room: v.room } : null),
  ace: (_, by, target) => (isSuspect(by) && isSuspect(target) ? { kind: 'ace', by, target } : null),
  contest: (v, by, target) => {
    const cards = v.cards;
    if (!isSuspect(by) || !isSuspect(target) || (v.contest !== 'persuasion' && v.contest !== 'aggression')) return null;
    if (!isObj(cards) || !isRank(cards.by) || !(cards.target === null || isRank(cards.target))) return null;
    if (v.result !== undefined && !isSide(v.result)) return null;
    return { kind: 'contest', contest: v.contest, by, target, cards: { by: cards.by, target: cards.target }, ...(v.result !== undefined && { result: v.result }) };
  },
  trick: (v, by, target) => (isSuspect(by) && isRank(v.court) && (isSuspect(target) || isWeapon(target)) ? { kind: 'trick', by, court: v.court, target } : null),
  accuse: (v, by) => (isSuspect(by) && typeof v.right === 'boolean' ? { kind: 'accuse', by, right: v.right } : null),
  score: (v, by) => {
    const hearts = rankList(v.hearts);
    const diamonds = rankList(v.diamonds);
    return isSuspect(by) && hearts && diamonds ? { kind: 'score', by, hearts, diamonds } : null;
  },
  part2: readPart2,
  seen: (_, by) => (isSuspect(by) ? { kind: 'seen', by } : null),
  take: (v, by) => (isSuspect(by) && isWeapon(v.weapon) ? { kind: 'take', by, weapon: v.weapon } : null),
  drop: (_, by) => (isSuspect(by) ? { kind: 'drop', by } : null),
  attack: readAttack,
  assault: (v, by, target) => {
    if (!isSuspect(by) || !isSuspect(target) || !isObj(v.clubs)) return null;
    const mine = rankList(v.clubs.by);
    const theirs = rankList(v.clubs.target);
    return mine && theirs ? { kind: 'assault', by, target, clubs: { by: mine, target: theirs } } : null;
  },
  heal: (v, by) => (isSuspect(by) && isRank(v.card) ? { kind: 'heal', by, card: v.card } : null),
  servant: readServant,
  clean: readWeaponWork('clean'),
  throwOut: readWeaponWork('throwOut'),
  search: (v, by) => (isSuspect(by) && isRoom(v.room) && isRank(v.court) ? { kind: 'search', by, room: v.room, court: v.court } : null),
  searchRoll: (v, by) => {
    if (!isSuspect(by)) return null;
    if (v.dice === undefined) return { kind: 'searchRoll', by };
    const two = dice(v.dice, 2);
    return two ? { kind: 'searchRoll', by, dice: two } : null;
  },
  leave: (_, by) => (isSuspect(by) ? { kind: 'leave', by } : null),
  complete: (v, by) => (isSuspect(by) && isCard(v.card) ? { kind: 'complete', by, card: v.card as CardId } : null),
  staircase: (v, by) => {
    if (!isSuspect(by) || (v.off !== undefined && typeof v.off !== 'boolean')) return null;
    return { kind: 'staircase', by, ...(v.off !== undefined && { off: v.off }) };
  },
  adjust: (v, _, target) =>
    isSuspect(target) && typeof v.delta === 'number' && Number.isInteger(v.delta) && Math.abs(v.delta) <= 999 ? { kind: 'adjust', target, delta: v.delta } : null,
  roll: (v) => (v.count === 1 || v.count === 2 ? { kind: 'roll', count: v.count } : null)
};

function readKkdMove(v: unknown): KkdMove | null {
  if (!isObj(v)) return null;
  if (v.overrule !== undefined && typeof v.overrule !== 'boolean') return null;
  const over = v.overrule !== undefined ? { overrule: v.overrule as boolean } : {};
  if (typeof v.kind !== 'string' || !Object.hasOwn(READERS, v.kind)) return null;
  const move = (READERS[v.kind as KkdMove['kind']] as Reader<KkdMove['kind']>)(v, v.by, v.target);
  return move && { ...move, ...over };
}
