/**
 * What Killer Kloo Doo's screens show: the scoreboard (whose turn, each character's Survival
 * Points, weapon, objectives turned face up, missed turns, the room being searched, the
 * staircase), the Part 1 scores, the latest dice, and each player's secret objectives, which the
 * screens show only while that player holds to see them. Plain data: the screens translate.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Corrections, GameView, PlayerView, ValueField, ValueTarget } from '../../engine/game';
import type { PlayerId, Text } from '../../engine/types';
import { CARDS, cardNameId, WEAPONS, type CardId, type Edition, type OwnNames, type RoomId, type SuspectId, type WeaponId } from '../cluedo-cards';
import { cardValue, MULTIPLIER, RANKS, total, type Rank } from './cards';
import { dealFor } from './setup';
import {
  charOf,
  doneOf,
  living,
  MISS_LIMIT,
  nameOf,
  outcomeOf,
  overrideProblem,
  part1Leaders,
  part1Of,
  playable,
  SP_LIMIT,
  TABLE,
  type KkdState,
  type Part,
  type Roll
} from './rules';

export interface CharacterRow {
  id: SuspectId;
  /** Who plays it; null for a non-player character. */
  player: PlayerId | null;
  name: string | null;
  alive: boolean;
  /** Survival Points, in Part 2. */
  sp: number | null;
  /** The Part 1 score (cards entered and the accusation), once the cards are entered. */
  part1: number | null;
  cards: { hearts: Rank[]; diamonds: Rank[]; heartsTotal: number; diamondsTotal: number } | null;
  weapon: WeaponId | null;
  miss: number;
  lastRoom: RoomId | null;
  searching: RoomId | null;
  cleaned: WeaponId[];
  staircase: boolean;
  /** Objectives turned face up. */
  done: CardId[];
  /** Whose turn it is. */
  turn: boolean;
}

export interface KkdBoard {
  part: Part;
  over: boolean;
  edition: Edition;
  /** The names the table's own cards print (set-up). */
  names: OwnNames;
  turn: { number: number; who: SuspectId; name: string };
  /** Part 1's deal for this many players. */
  deal: { hand: number; middle: number };
  /** Player characters in turn order, then the non-player characters. */
  characters: CharacterRow[];
  accusation: { by: SuspectId; right: boolean } | null;
  /** The highest Part 1 score and who has it, once Part 1 is over. */
  leaders: { score: number; who: SuspectId[] } | null;
  objectives: {
    mode: 'app' | 'physical';
    /** Whose turn it is to look at their objectives (pass-and-peek), and how far round the table. */
    seeing: { who: SuspectId; name: string; index: number; total: number } | null;
  } | null;
  /** Each player's three objectives when Lantern dealt them: secret, shown only while held. */
  secret: Partial<Record<SuspectId, CardId[]>>;
  weapons: { id: WeaponId; holder: SuspectId | null; thrown: boolean; multiplier: number }[];
  roll: Roll | null;
}

export function board(s: KkdState): KkdBoard {
  const players = playable(s);
  const others = s.characters.filter((c) => !c.player);
  const part2 = s.part === 'part2';
  const rows: CharacterRow[] = [...players, ...others].map((c) => {
    const cards = s.scores[c.id];
    return {
      id: c.id,
      player: c.player,
      name: c.player ? nameOf(s, c.player) : null,
      alive: c.alive,
      sp: part2 ? c.sp : null,
      part1: c.player && (cards || s.part !== 'part1') ? part1Of(s, c.id) : null,
      cards: cards ? { hearts: [...cards.hearts], diamonds: [...cards.diamonds], heartsTotal: total(cards.hearts), diamondsTotal: total(cards.diamonds) } : null,
      weapon: c.weapon,
      miss: c.miss,
      lastRoom: c.lastRoom,
      searching: c.searching,
      cleaned: [...c.cleaned],
      staircase: c.staircase,
      done: [...doneOf(s, c.id)],
      turn: c.id === s.turn.who
    };
  });
  const o = s.objectives;
  const seeing = o && o.toSee.length > 0 ? o.toSee[0] : null;
  const seeingTotal = o ? o.toSee.length + living(s).filter((c) => !o.toSee.includes(c.id)).length : 0;
  return {
    part: s.part,
    over: s.outcome !== null,
    edition: s.edition,
    names: { ...(s.names ?? {}) },
    turn: { ...s.turn, name: nameOf(s, charOf(s, s.turn.who).player!) },
    deal: dealFor(s.players.length) ?? { hand: 0, middle: 0 },
    characters: rows,
    accusation: s.accusation ? { ...s.accusation } : null,
    leaders: s.part === 'part1' ? null : part1Leaders(s),
    objectives: o
      ? {
          mode: o.mode,
          seeing: seeing ? { who: seeing, name: nameOf(s, charOf(s, seeing).player!), index: seeingTotal - o.toSee.length + 1, total: seeingTotal } : null
        }
      : null,
    secret: o?.mode === 'app' ? Object.fromEntries(Object.entries(o.dealt).map(([k, v]) => [k, [...(v ?? [])]])) : {},
    weapons: WEAPONS.map((w) => ({ id: w, holder: s.characters.find((c) => c.weapon === w)?.id ?? null, thrown: s.thrown.includes(w), multiplier: MULTIPLIER[w] })),
    roll: s.roll
  };
}

/** The board in a view (the screens' accessor for `GameView.board`). */
export const boardOf = (view: GameView): KkdBoard => view.board as KkdBoard;

export function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const s = snapshot.context as KkdState;
  const b = board(s);
  const over = snapshot.value === 'over';
  const players: PlayerView[] = b.characters
    .filter((r) => r.player)
    .map((r) => ({
      id: r.player!,
      name: r.name!,
      seat: s.players.find((p) => p.id === r.player)!.seat,
      alive: r.alive,
      ...(r.alive ? {} : { fate: { key: 'kkd:board.dead' } }),
      // The character is public: the "card" a generic screen shows is who they play and how they stand.
      card: {
        role: { key: 'kkd:board.character', params: { card: cardNameId(r.id, s.edition, s.names) } },
        side: (r.sp !== null
            ? { key: 'kkd:board.spLine', params: { sp: r.sp } }
            : r.part1 !== null
              ? { key: 'kkd:board.part1Line', params: { score: r.part1 } }
              : { key: 'kkd:board.part1Pending' }) as Text,
        ability: { key: 'kkd:board.doneLine', params: { count: r.done.length } },
        tone: 'neutral'
      },
      marks: []
    }));
  return {
    stage: over ? 'over' : 'play',
    phase: { kind: 'turn', number: s.turn.number },
    step: null,
    players,
    outcome: over ? outcomeOf(s) : null,
    log: s.log,
    facts: [],
    board: b,
    ...(over ? {} : { corrections: corrections(s) })
  };
}

const k = (key: string, params?: Text['params']): Text => ({ key: `kkd:corrections.${key}`, params });
const cardText = (s: KkdState, id: CardId): Text => ({ key: 'kkd:board.character', params: { card: cardNameId(id, s.edition, s.names) } });
const rankOption = (r: Rank) => ({ id: r, name: k('rank', { rank: r, value: cardValue(r) }) });
const ranksNow = (ranks: readonly Rank[]): Text => (ranks.length ? k('now.cards', { cards: ranks.join(' '), total: total(ranks) }) : k('now.noCards'));

/**
 * What the table may put right now (`setValue`, a name, a player leaving), each number or mark
 * with what it is now. Only what `overrideProblem` could allow is offered; the value picked is
 * checked by it again before it is confirmed.
 */
export function corrections(s: KkdState): Corrections {
  const values: ValueTarget[] = [];
  const dealing = !!s.objectives && s.objectives.toSee.length > 0;
  if (!dealing && s.part !== 'scoring') {
    values.push({
      id: TABLE,
      name: k('table'),
      fields: [
        {
          id: 'turn',
          name: k('fields.turn'),
          now: k('now.who', { name: nameOf(s, charOf(s, s.turn.who).player ?? '') }),
          input: 'choice',
          options: living(s).map((c) => ({ id: c.id, name: k('who', { name: nameOf(s, c.player!), card: cardNameId(c.id, s.edition, s.names) }) })),
          value: s.turn.who
        }
      ]
    });
  }
  if (!dealing) {
    for (const c of [...playable(s), ...s.characters.filter((x) => !x.player)]) {
      const fields: ValueField[] = [];
      const player = !!c.player;
      if (s.part === 'part2') {
        fields.push({ id: 'sp', name: k('fields.sp'), now: k('now.number', { value: c.sp }), input: 'number', min: -SP_LIMIT, max: SP_LIMIT, value: c.sp });
        if (c.alive) {
          const weapons = WEAPONS.filter((w) => !s.thrown.includes(w));
          fields.push({
            id: 'weapon',
            name: k('fields.weapon'),
            now: c.weapon ? k('now.weapon', { weapon: cardNameId(c.weapon, s.edition, s.names) }) : k('now.noWeapon'),
            input: 'choice',
            options: [{ id: 'none', name: k('none') }, ...weapons.map((w) => ({ id: w, name: cardText(s, w) }))],
            value: c.weapon ?? 'none'
          });
        }
      }
      if (player && c.alive && s.part !== 'scoring')
        fields.push({ id: 'miss', name: k('fields.miss'), now: k('now.number', { value: c.miss }), input: 'number', min: 0, max: MISS_LIMIT, value: c.miss });
      if (player && s.part === 'part2') {
        const done = doneOf(s, c.id);
        // With Lantern's deal a player's objectives are secret, and the dialog is read by the
        // whole table: it lists none of them (the player turns theirs up with the Objective form,
        // which offers every card). One turned up by mistake is turned back down here.
        const candidates =
          s.objectives?.mode === 'app' ? [] : CARDS.filter((x) => overrideProblem(s, { kind: 'setValue', target: c.id, field: 'done', value: x }) === null);
        if (c.alive && candidates.length)
          fields.push({ id: 'done', name: k('fields.done'), now: k('now.count', { count: done.length }), input: 'choice', options: candidates.map((x) => ({ id: x, name: cardText(s, x) })), value: '' });
        if (done.length)
          fields.push({ id: 'undone', name: k('fields.undone'), now: k('now.count', { count: done.length }), input: 'choice', options: done.map((x) => ({ id: x, name: cardText(s, x) })), value: '' });
      }
      if (player && s.part === 'scoring') {
        const had = s.scores[c.id] ?? { hearts: [], diamonds: [] };
        for (const suit of ['hearts', 'diamonds'] as const)
          fields.push({ id: suit, name: k(`fields.${suit}`), now: ranksNow(had[suit]), input: 'set', options: RANKS.map(rankOption), value: [...had[suit]] });
        if (s.accusation?.by === c.id) {
          const now = s.accusation.right ? 'right' : 'wrong';
          fields.push({
            id: 'accusation',
            name: k('fields.accusation'),
            now: k(`now.${now}`),
            input: 'choice',
            options: [
              { id: 'right', name: k('right') },
              { id: 'wrong', name: k('wrong') }
            ],
            value: now
          });
        }
      }
      if (fields.length)
        values.push({
          id: c.id,
          name: player ? k('who', { name: nameOf(s, c.player!), card: cardNameId(c.id, s.edition, s.names) }) : cardText(s, c.id),
          fields
        });
    }
  }
  return { tokens: [], roles: [], leave: k('leave'), latecomer: k('latecomer'), values, only: ['setValue', 'rename', 'leave'] };
}
