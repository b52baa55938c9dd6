/**
 * A Cthulhu Gloom move read from a backup file, rebuilt field by field (nothing passed through);
 * null when it is not a move this game makes. Whether it may be made is then `check`'s.
 */
import type { Move } from '../../engine/types';
import type { EventEffect, GloomMove, Print } from './rules';
import { ICONS, type Icon } from './setup';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 100): v is string => typeof v === 'string' && v.length <= max;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 1_000_000;

export function readPrint(v: unknown): Print | null {
  if (!isObj(v) || !Array.isArray(v.pathos) || v.pathos.length !== 3) return null;
  if (!v.pathos.every((x) => x === null || isInt(x))) return null;
  const icon = v.icon;
  if (!(icon === null || icon === 'blank' || ICONS.includes(icon as Icon))) return null;
  return { pathos: [v.pathos[0], v.pathos[1], v.pathos[2]] as Print['pathos'], icon: icon as Print['icon'] };
}

function readEffect(v: unknown): EventEffect | null {
  if (!isObj(v)) return null;
  if (v.kind === 'none') return { kind: 'none' };
  if (v.kind === 'revive') return isText(v.character) ? { kind: 'revive', character: v.character } : null;
  if (v.kind === 'moveModifier')
    return isText(v.from) && isText(v.to) && isInt(v.uid) ? { kind: 'moveModifier', from: v.from, to: v.to, uid: v.uid } : null;
  return null;
}

/** The optional flags a play may carry, kept only when they are what they say. */
function flags(v: Obj): { by?: string; free?: boolean; overrule?: boolean } | null {
  const out: { by?: string; free?: boolean; overrule?: boolean } = {};
  if (v.by !== undefined) {
    if (!isText(v.by, 64)) return null;
    out.by = v.by;
  }
  for (const f of ['free', 'overrule'] as const) {
    if (v[f] === undefined) continue;
    if (typeof v[f] !== 'boolean') return null;
    out[f] = v[f];
  }
  return out;
}

export function readMove(v: unknown): Move | null {
  const m = readGloomMove(v);
  return m as Move | null;
}

function readGloomMove(v: unknown): GloomMove | null {
  if (!isObj(v)) return null;
  const f = flags(v);
  if (!f) return null;
  const { by, free, overrule } = f;
  const opt = { ...(by !== undefined && { by }), ...(free !== undefined && { free }), ...(overrule !== undefined && { overrule }) };
  const over = overrule !== undefined ? { overrule } : {};
  switch (v.kind) {
    case 'play': {
      const print = readPrint(v.print);
      if (!isText(v.card) || !isText(v.target) || (v.cardType !== 'modifier' && v.cardType !== 'death') || !print) return null;
      return { kind: 'play', card: v.card, cardType: v.cardType, target: v.target, print, ...opt };
    }
    case 'event': {
      const effect = readEffect(v.effect);
      return isText(v.card) && effect ? { kind: 'event', card: v.card, effect, ...opt } : null;
    }
    case 'claim':
      return isText(v.story) ? { kind: 'claim', story: v.story, ...opt } : null;
    case 'discard':
      return { kind: 'discard', ...opt };
    case 'pass':
      return { kind: 'pass', ...over };
    case 'endTurn':
      return { kind: 'endTurn', ...over };
    case 'adjust':
      return isText(v.character) && isInt(v.delta) ? { kind: 'adjust', character: v.character, delta: v.delta, ...over } : null;
    case 'drawLimit':
      return isText(v.player, 64) && isInt(v.limit) ? { kind: 'drawLimit', player: v.player, limit: v.limit, ...over } : null;
    case 'reprint': {
      const print = readPrint(v.print);
      return isText(v.character) && isInt(v.uid) && print ? { kind: 'reprint', character: v.character, uid: v.uid, print, ...over } : null;
    }
  }
  return null;
}
