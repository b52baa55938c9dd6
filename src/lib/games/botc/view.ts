/**
 * What Blood on the Clocktower's screens show: the grimoire (each seat's character, alive or
 * dead, vote token, reminders and the drunk and poisoned marks they make), tonight's list in
 * this script's order with the players holding each character, the day's nominations and who
 * is about to die, and the win the Storyteller may declare. Plain data: the screens translate.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { DealState, GameView, Mark, PlayerView, RoleCard } from '../../engine/game';
import type { PlayerId } from '../../engine/types';
import { scriptEdition, scriptTravellers, type Alignment } from './game-setup';
import { nightOrder, type Night } from './night';
import {
  aboutToDie,
  bluffGroups,
  characterIn,
  characterName,
  dealing,
  exileThreshold,
  isOver,
  offeredWin,
  openNomination,
  present,
  scriptOf,
  voteThreshold,
  type BotcPlayer,
  type BotcState,
  type Exile,
  type Nomination,
  type Reminder
} from './rules';
import type { Marker, ScriptCharacter } from './script';
import type { BaseEdition, Team } from './characters';

export interface TokenView {
  id: string;
  name: string;
  team: Team;
}

/**
 * A character's own text as the script brings it (a homebrew character, or an official one
 * written out in full). An official character without it shows the text the Storyteller
 * imported on the phone, if any (the screens look it up: it is the phone's, not the game's).
 */
export interface OwnText {
  official: boolean;
  ability: string | null;
  /** The reminder for the night the list is for. */
  reminder: string | null;
  /** The flavour text the script brings, shown with the ability. */
  flavor: string | null;
}

export interface SeatView {
  id: PlayerId;
  name: string;
  seat: number;
  character: TokenView;
  own: OwnText;
  /** What they think they are, when it is another character (the Drunk's Townsfolk). */
  shown: TokenView | null;
  alignment: Alignment;
  /** The alignment is not the one the character's team starts with. */
  alignmentDiffers: boolean;
  alive: boolean;
  ghostVote: boolean;
  traveller: boolean;
  note: string;
  reminders: Reminder[];
  /** From the reminders placed on them (and the Drunk's own token): the Storyteller's marks. */
  drunk: boolean;
  poisoned: boolean;
}

export interface NightHolder {
  player: PlayerId;
  name: string;
  dead: boolean;
  drunk: boolean;
  poisoned: boolean;
  /** Woken as a character they only think they are (the Drunk). */
  thinks: boolean;
}

export type NightLine =
  | {
      kind: 'marker';
      id: Marker;
      minions?: string[];
      demons?: string[];
      bluffs?: string[];
      /** The further groups of bluffs, by name. */
      moreBluffs?: string[][];
      /** Evil Travellers at Minion info: the Storyteller shows them the Demon. */
      evilTravellers?: string[];
    }
  | {
      kind: 'character';
      character: TokenView;
      holders: NightHolder[];
      reminders: string[];
      own: OwnText;
      /** A Fabled in play: in the centre of the grimoire, held by no player. */
      centre?: boolean;
    };

export interface BotcBoard {
  phase: { kind: 'day' | 'night'; number: number };
  seats: SeatView[];
  fabled: TokenView[];
  bluffs: TokenView[];
  /** Every group of bluffs, the Demon's first (always there, maybe empty). */
  bluffGroups: TokenView[][];
  /** Tonight's list (during a night), or the next night's (by day). */
  night: NightLine[];
  /** The same with the script's characters nobody holds, for a pretended call. */
  nightWithAbsent: NightLine[];
  nightKind: Night;
  /** Who died last night (by day), or so far tonight (by night). */
  diedTonight: string[];
  nominations: (Nomination & { nominatorName: string; nomineeName: string })[];
  open: Nomination | null;
  threshold: number;
  exileThreshold: number;
  aboutToDie: { player: PlayerId | null; name: string | null; votes: number; tied: boolean };
  executed: { player: PlayerId; name: string; died: boolean; wasDead?: boolean } | null;
  exiles: Exile[];
  offeredWin: ReturnType<typeof offeredWin>;
  winner: Alignment | null;
  /** Reminder tokens the Storyteller may place: the characters in play and the Fabled, then every global one of the script. */
  tokens: { source: TokenView; labels: string[] }[];
  /** The Travellers of the base edition the script is (none for any other script), offered first to one who joins. */
  editionTravellers: TokenView[];
  /** The base edition the script is made of, if one. */
  edition: BaseEdition | null;
  /** Characters a player may be changed to: the script's, the Travellers and Fabled in play. */
  scriptCharacters: TokenView[];
  script: { name: string | null; author: string | null };
  over: boolean;
}

const token = (c: ScriptCharacter | null, id: string): TokenView => ({ id, name: c?.name ?? id, team: c?.team ?? 'townsfolk' });

const ownText = (c: ScriptCharacter | null, night: Night | null): OwnText => ({
  official: c?.official ?? true,
  ability: c?.ability ?? null,
  flavor: c?.flavor ?? null,
  reminder: night === 'first' ? (c?.firstNightReminder ?? null) : night === 'other' ? (c?.otherNightReminder ?? null) : null
});

const MARKS = { drunk: /drunk/i, poisoned: /poison/i };

/**
 * The seat views last made, by player. A move replaces only what it changes (rules.ts), so a
 * player whose state, reminders and script are the very same as before gets the very same view:
 * the screens then leave that seat as it is (a new phase redraws no seat).
 */
const seatViews = new WeakMap<BotcPlayer, { script: unknown[]; reminders: Reminder[]; view: SeatView }>();

function seatView(s: BotcState, p: BotcPlayer): SeatView {
  const reminders = s.reminders.filter((r) => r.player === p.id);
  const last = seatViews.get(p);
  if (last && last.script === s.script && last.reminders.length === reminders.length && last.reminders.every((r, i) => r === reminders[i])) return last.view;
  const view = makeSeatView(s, p, reminders);
  seatViews.set(p, { script: s.script, reminders, view });
  return view;
}

function makeSeatView(s: BotcState, p: BotcPlayer, reminders: Reminder[]): SeatView {
  const c = characterIn(s, p.character);
  const shown = p.shown ? token(characterIn(s, p.shown), p.shown) : null;
  const natural: Alignment = c?.team === 'minion' || c?.team === 'demon' ? 'evil' : 'good';
  return {
    id: p.id,
    name: p.name,
    seat: p.seat,
    character: token(c, p.character),
    own: ownText(c, null),
    shown,
    alignment: p.alignment,
    alignmentDiffers: !p.traveller && p.alignment !== natural,
    alive: p.alive,
    ghostVote: p.ghostVote,
    traveller: p.traveller,
    note: p.note,
    reminders,
    // The Drunk thinks it is a Townsfolk: it is drunk all game (its own token says so).
    drunk: reminders.some((r) => MARKS.drunk.test(r.label)) || (shown !== null && p.character === 'drunk'),
    poisoned: reminders.some((r) => MARKS.poisoned.test(r.label))
  };
}

/**
 * The night's list for this game: the script's order (its own, or the publisher's), with the
 * Travellers in play placed by the publisher's order too. A character nobody holds is left out;
 * one held by a dead player stays, marked dead (some act when dead: the Storyteller decides).
 * The Drunk is listed at the place of the Townsfolk it thinks it is, marked drunk
 * (RULES-NOTES). Minion and Demon info only on the first night with 7 or more players.
 */
export function nightLines(s: BotcState, seats: SeatView[], night: Night, withAbsent = false): NightLine[] {
  const script = scriptOf(s);
  // A Traveller who joined from outside the script, and a Fabled in the centre (rule book,
  // Fabled: they act at their place in the night like any character; docs/RULES.md).
  const inPlayExtras = [...present(s).map((p) => p.character), ...s.fabled]
    .map((id) => characterIn(s, id))
    .filter((c): c is ScriptCharacter => !!c && !script.characters.some((x) => x.id === c.id));
  const order = nightOrder(script, night, inPlayExtras);
  const big = present(s).length >= 7;
  const named = (team: Team) => seats.filter((x) => x.character.team === team).map((x) => x.name);
  const out: NightLine[] = [];
  for (const entry of order) {
    if (entry.kind === 'marker') {
      if (entry.id === 'minioninfo' || entry.id === 'demoninfo') {
        if (!big || night !== 'first') continue;
        out.push({
          kind: 'marker',
          id: entry.id,
          minions: named('minion'),
          demons: named('demon'),
          ...(entry.id === 'minioninfo' ? { evilTravellers: seats.filter((x) => x.traveller && x.alignment === 'evil').map((x) => x.name) } : {}),
          ...(entry.id === 'demoninfo'
            ? { bluffs: s.bluffs.map((b) => characterName(s, b)), moreBluffs: (s.moreBluffs ?? []).map((g) => g.map((b) => characterName(s, b))) }
            : {})
        });
        continue;
      }
      out.push({ kind: 'marker', id: entry.id });
      continue;
    }
    const holders: NightHolder[] = seats
      .filter((x) => (x.shown ? x.shown.id === entry.id : x.character.id === entry.id))
      .map((x) => ({ player: x.id, name: x.name, dead: !x.alive, drunk: x.drunk, poisoned: x.poisoned, thinks: x.shown !== null }));
    const centre = s.fabled.includes(entry.id);
    // Left out unless the Storyteller wants to pretend to call it (so nobody learns it is absent).
    if (holders.length === 0 && !centre && !withAbsent) continue;
    const c = characterIn(s, entry.id);
    out.push({ kind: 'character', character: token(c, entry.id), holders, reminders: c?.reminders ?? [], own: ownText(c, night), ...(centre ? { centre } : {}) });
  }
  return out;
}

export function board(s: BotcState): BotcBoard {
  const script = scriptOf(s);
  const seats = present(s).map((p) => seatView(s, p));
  const nightKind: Night = s.phase.kind === 'night' ? (s.phase.number === 1 ? 'first' : 'other') : 'other';
  const name = (id: PlayerId) => s.players.find((p) => p.id === id)?.name ?? id;
  const atd = aboutToDie(s);
  const inPlay = [...new Set([...present(s).map((p) => p.character), ...s.fabled])];
  const tokens = inPlay.map((id) => {
    const c = characterIn(s, id);
    return { source: token(c, id), labels: [...new Set(c?.reminders ?? [])] };
  });
  for (const c of script.characters) {
    if (c.remindersGlobal.length === 0) continue;
    const there = tokens.find((t) => t.source.id === c.id);
    const labels = [...new Set(c.remindersGlobal)];
    if (there) there.labels = [...new Set([...there.labels, ...labels])];
    else tokens.push({ source: token(c, c.id), labels });
  }
  const extras = inPlay.filter((id) => !script.characters.some((c) => c.id === id));
  // By night the list is on screen (the grimoire opens with the night), so it is made with the
  // board: a move's board is made while the move is being stored, not in the redraw after it.
  let night: NightLine[] | undefined = s.phase.kind === 'night' && !dealing(s) ? nightLines(s, seats, nightKind) : undefined;
  let withAbsent: NightLine[] | undefined;
  return {
    phase: { kind: s.phase.kind === 'day' ? 'day' : 'night', number: s.phase.number },
    seats,
    fabled: s.fabled.map((id) => token(characterIn(s, id), id)),
    bluffs: s.bluffs.map((id) => token(characterIn(s, id), id)),
    bluffGroups: bluffGroups(s).map((g) => g.map((id) => token(characterIn(s, id), id))),
    // Drawn only while the grimoire is open (and the absent ones only when asked): by day made when first read.
    get night() {
      return (night ??= nightLines(s, seats, nightKind));
    },
    get nightWithAbsent() {
      return (withAbsent ??= nightLines(s, seats, nightKind, true));
    },
    nightKind,
    diedTonight: s.diedTonight.map(name),
    nominations: s.nominations.map((n) => ({ ...n, nominatorName: name(n.nominator), nomineeName: name(n.nominee) })),
    open: openNomination(s),
    threshold: voteThreshold(s),
    exileThreshold: exileThreshold(s),
    aboutToDie: { ...atd, name: atd.player ? name(atd.player) : null },
    executed: s.executed ? { ...s.executed, name: name(s.executed.player) } : null,
    exiles: s.exiles,
    offeredWin: offeredWin(s),
    winner: s.winner,
    tokens: tokens.filter((t) => t.labels.length > 0),
    edition: scriptEdition(script),
    editionTravellers: scriptTravellers(script).map((c) => ({ id: c.id, name: c.name, team: c.team })),
    scriptCharacters: [...script.characters.map((c) => token(c, c.id)), ...extras.map((id) => token(characterIn(s, id), id))],
    script: { name: script.name, author: script.author },
    over: isOver(s)
  };
}

/** The board in a view (the screens' accessor for `GameView.board`). */
export const boardOf = (view: GameView): BotcBoard => view.board as BotcBoard;

/** A player's card as the deal shows it: the character they think they are, and its team. */
function card(s: BotcState, p: BotcPlayer, truth: boolean): RoleCard {
  const id = truth ? p.character : (p.shown ?? p.character);
  const c = characterIn(s, id);
  return {
    role: { key: 'botc:card.role', params: { name: c?.name ?? id } },
    side: truth ? { key: `botc:alignment.${p.alignment}` } : { key: `botc:teams.${c?.team ?? 'townsfolk'}` },
    ability: c?.ability ? { key: 'botc:card.ability', params: { text: c.ability } } : { key: 'botc:card.noAbility' },
    tone: 'neutral'
  };
}

export function dealState(s: BotcState): DealState | null {
  if (!dealing(s)) return null;
  return { player: s.players[s.dealt].id, index: s.dealt, total: s.players.length };
}

export function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const s = snapshot.context as BotcState;
  const b = board(s);
  const inDeal = dealing(s);
  const over = snapshot.value === 'over';
  const players: PlayerView[] = present(s).map((p) => {
    const seat = b.seats.find((x) => x.id === p.id)!;
    const marks: Mark[] = [];
    if (p.traveller) marks.push({ id: 'traveller', text: { key: 'botc:marks.traveller' }, secret: false });
    if (!p.alive && p.ghostVote) marks.push({ id: 'ghostVote', text: { key: 'botc:marks.ghostVote' }, secret: false });
    if (seat.drunk) marks.push({ id: 'drunk', text: { key: 'botc:marks.drunk' }, secret: true });
    if (seat.poisoned) marks.push({ id: 'poisoned', text: { key: 'botc:marks.poisoned' }, secret: true });
    return {
      id: p.id,
      name: p.name,
      seat: p.seat,
      alive: p.alive,
      // While dealing, the card is the one the player is shown; after, the truth.
      card: card(s, p, !inDeal),
      marks
    };
  });
  return {
    stage: over ? 'over' : inDeal ? 'dealing' : 'play',
    phase: inDeal ? null : { kind: s.phase.kind, number: s.phase.number },
    step: null,
    players,
    outcome: s.winner
      ? {
          winner: s.winner,
          reason: { key: `botc:outcome.${s.winner}` },
          winners: present(s).filter((p) => p.alignment === s.winner).map((p) => p.id)
        }
      : null,
    log: s.log,
    facts: [],
    board: b
  };
}
