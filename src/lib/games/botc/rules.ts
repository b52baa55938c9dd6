/**
 * Blood on the Clocktower's grimoire as pure rules: the Storyteller's notebook, not the
 * Storyteller. Lantern keeps who sits where with which character, alive or dead, the ghost votes,
 * the reminder tokens and notes; it counts the day's nominations and votes and keeps the night
 * and day numbers. It never resolves an ability: every death, every piece of information and
 * every ruling is the Storyteller's move.
 *
 * The game is the scoreboard shape (engine/scoreboard.ts): `init`, `check`, `reduce`, `over`
 * over this state, every move one entry of the log. It starts with the deal when the phone
 * deals (one `seen` move a player, in seat order), then the first night.
 *
 * What the rule book fixes, Lantern refuses with the reason (the Storyteller may overrule: some
 * characters break these rules) — "The Nitty-Gritty" and "Running the Game", Day:
 * - only living players nominate, each once a day; each player is nominated at most once a day;
 *   one nomination at a time (not overrulable: the vote comes first);
 * - a dead player votes only while they hold their vote token, and voting spends it;
 * - the vote succeeds with at least half the living players (rounded up) and more votes than
 *   any earlier nominee today; a tie with the most so far means nobody is about to die;
 * - at most one execution a day; a Traveller is exiled, never executed (RULES-NOTES);
 * - an exile may be called by anyone, alive or dead, once a Traveller a day; it succeeds with
 *   the support of at least half of all players (not only the living); it spends no vote token.
 */
import { seedRng, type RngState } from '../../engine/rng';
import type { GameInput } from '../../engine/game';
import { isBlankName, isTooLongName, nameKey, NAME_MAX } from '../../engine/names';
import type { LogLine, MoveProblem, Phase, PlayerId, Text } from '../../engine/types';
import { BLUFFS, gameCharacter, isBluff, MAX_BLUFF_GROUPS, seatCharacters, setupScript, teamAlignment, type Alignment, type BotcSetup } from './game-setup';
import { readScript, type Script, type ScriptCharacter } from './script';

export interface BotcPlayer {
  id: PlayerId;
  name: string;
  seat: number;
  /** The character they hold. */
  character: string;
  /** The character they think they hold, when it is another (the Drunk's Townsfolk). */
  shown: string | null;
  alignment: Alignment;
  alive: boolean;
  /** The vote token a dead player keeps for one vote. */
  ghostVote: boolean;
  traveller: boolean;
  /** The Storyteller's own note about them. */
  note: string;
  /** A Traveller who has left the game: out of the circle and every count. */
  left?: boolean;
}

/** A reminder token in the grimoire, placed by a player's character token. */
export interface Reminder {
  uid: number;
  /** The character whose token it is. */
  source: string;
  label: string;
  player: PlayerId;
}

export interface Nomination {
  nominator: PlayerId;
  nominee: PlayerId;
  /** Who raised a hand, clockwise from the nominee's left; null while the vote is to come. */
  voters: PlayerId[] | null;
  /** The votes counted (the voters, unless the Storyteller counted otherwise). */
  votes: number | null;
  /** The votes reached the threshold as it stood when they were counted. */
  reached?: boolean;
}

export interface Exile {
  caller: PlayerId;
  traveller: PlayerId;
  supporters: PlayerId[];
  exiled: boolean;
}

export interface BotcState {
  /**
   * The set-up's script file (`BotcSetup.script`), read again by `scriptOf`. The script as read
   * holds every character's facts, about two thirds of a stored snapshot, and a snapshot is
   * written on every move: machine version 1 stored it read.
   */
  script: unknown[];
  players: BotcPlayer[];
  bluffs: string[];
  /** More groups of bluffs (docs/RULES.md); missing in a game stored before they existed. */
  moreBluffs?: string[][];
  fabled: string[];
  /** How many players have seen their character in the phone's deal (all, after a deal by hand). */
  dealt: number;
  phase: Phase;
  reminders: Reminder[];
  nextUid: number;
  /** Today's nominations, in order; the last one's vote may be still to come. */
  nominations: Nomination[];
  exiles: Exile[];
  /** Today's execution. */
  /** `wasDead`: the player was already dead when executed (the book allows it), absent otherwise. */
  executed: { player: PlayerId; died: boolean; wasDead?: boolean } | null;
  /** Who died last night (read at dawn), or during the night so far. */
  diedTonight: PlayerId[];
  winner: Alignment | null;
  log: LogLine[];
  rng: RngState;
}

type By = { overrule?: boolean };
export type BotcMove =
  | ({ kind: 'seen'; player: PlayerId } & By)
  | ({ kind: 'place'; source: string; label: string; player: PlayerId } & By)
  | ({ kind: 'shift'; uid: number; player: PlayerId } & By)
  | ({ kind: 'remove'; uid: number } & By)
  | ({ kind: 'die'; player: PlayerId } & By)
  | ({ kind: 'revive'; player: PlayerId } & By)
  | ({ kind: 'ghostVote'; player: PlayerId; has: boolean } & By)
  | ({ kind: 'note'; player: PlayerId; text: string } & By)
  | ({ kind: 'alignment'; player: PlayerId; alignment: Alignment } & By)
  | ({ kind: 'character'; player: PlayerId; character: string } & By)
  | ({ kind: 'nominate'; nominator: PlayerId; nominee: PlayerId } & By)
  | ({ kind: 'vote'; voters: PlayerId[]; votes?: number } & By)
  | ({ kind: 'execute'; player: PlayerId; dies: boolean } & By)
  | ({ kind: 'exile'; caller: PlayerId; traveller: PlayerId; supporters: PlayerId[] } & By)
  | ({ kind: 'fabled'; character: string; on: boolean } & By)
  /** Group 0 is the Demon's; a group one past the last adds a group; an empty list removes a group after the first. */
  | ({ kind: 'bluffs'; group: number; characters: string[] } & By)
  | ({ kind: 'join'; player: PlayerId; name: string; character: string; alignment: Alignment; after: PlayerId | null } & By)
  | ({ kind: 'leave'; player: PlayerId } & By)
  | ({ kind: 'phase' } & By)
  | ({ kind: 'declare'; winner: Alignment } & By);

export const NOTE_MAX = 500;
/** The most people a grimoire seats, Travellers who joined included. */
export const MAX_SEATS = 30;
export const NS = 'botc';

// ---------------------------------------------------------------- start

export function init(input: GameInput<BotcSetup>): BotcState {
  const setup = input.setup;
  const script = setupScript(setup);
  if (!script) throw new Error('The set-up’s script does not read');
  read.set(setup.script, script);
  const [held, rng] = seatCharacters(setup, seedRng(input.seed));
  const players = [...setup.players]
    .sort((a, b) => a.seat - b.seat)
    .map((p): BotcPlayer => {
      const character = held[p.id];
      const c = gameCharacter(script, character);
      const traveller = setup.travellers[p.id];
      return {
        id: p.id,
        name: p.name,
        seat: p.seat,
        character,
        shown: setup.shown[character] ?? null,
        alignment: traveller ? traveller.alignment : teamAlignment(c?.team ?? 'townsfolk'),
        alive: true,
        ghostVote: true,
        traveller: !!traveller,
        note: ''
      };
    });
  return {
    script: setup.script,
    players,
    bluffs: [...setup.bluffs],
    moreBluffs: (setup.moreBluffs ?? []).map((g) => [...g]),
    fabled: [...setup.fabled],
    dealt: setup.deal.mode === 'physical' ? players.length : 0,
    phase: { kind: 'night', number: 1 },
    reminders: [],
    nextUid: 1,
    nominations: [],
    exiles: [],
    executed: null,
    diedTonight: [],
    winner: null,
    log: [],
    rng
  };
}

// ---------------------------------------------------------------- what the state says

export const dealing = (s: BotcState): boolean => s.dealt < s.players.length;
export const isOver = (s: BotcState): boolean => s.winner !== null;

export const playerById = (s: BotcState, id: PlayerId): BotcPlayer | undefined => s.players.find((p) => p.id === id);

/** Each script file a state holds, as read: a move keeps the same file, so it is read once a game opened. */
const read = new WeakMap<object, Script>();

/** The game's script, as read from the set-up's file. */
export function scriptOf(s: BotcState): Script {
  let script = read.get(s.script);
  if (!script) {
    const r = readScript(s.script);
    // The set-up was checked before the game began, so its script reads.
    if (!r.ok) throw new Error('The game’s script does not read');
    script = r.script;
    read.set(s.script, script);
  }
  return script;
}

/** A character in this game (the script's, or a Traveller or Fabled that joined). */
export const characterIn = (s: BotcState, id: string): ScriptCharacter | null => gameCharacter(scriptOf(s), id);

export const nameOf = (s: BotcState, id: PlayerId): string => playerById(s, id)?.name ?? id;
export const characterName = (s: BotcState, id: string): string => characterIn(s, id)?.name ?? id;

/** The players in the circle (not a Traveller who has left), in seat order. */
export const present = (s: BotcState): BotcPlayer[] => s.players.filter((p) => !p.left);

export const alivePlayers = (s: BotcState): BotcPlayer[] => present(s).filter((p) => p.alive);

/** The votes a nominee needs: half the living players, rounded up (rule book, Day: "equals or exceeds half"). */
export const voteThreshold = (s: BotcState): number => Math.ceil(alivePlayers(s).length / 2);

/** The support an exile needs: half of all players, dead or alive (Travellers, "Exile"). */
export const exileThreshold = (s: BotcState): number => Math.ceil(present(s).length / 2);

/** Every group of bluffs: the Demon's first, then any more. */
export const bluffGroups = (s: BotcState): string[][] => [s.bluffs, ...(s.moreBluffs ?? [])];

/** The nomination whose vote is still to come. */
export const openNomination = (s: BotcState): Nomination | null => {
  const last = s.nominations.at(-1);
  return last && last.voters === null ? last : null;
};

/**
 * Who is about to die today: the nominee whose vote reached the threshold (as it stood when it
 * was counted) with more votes than every earlier nominee; a vote that ties the most so far
 * leaves nobody, and a later nominee must exceed that number (rule book, Day: "If the vote ties
 * with a player nominated earlier today…"). `tied`: nobody, because of such a tie.
 */
export function aboutToDie(s: BotcState): { player: PlayerId | null; votes: number; tied: boolean } {
  let votes = 0;
  let player: PlayerId | null = null;
  let tied = false;
  for (const n of s.nominations) {
    if (n.votes === null) continue;
    if (n.votes > votes) {
      votes = n.votes;
      player = n.reached ? n.nominee : null;
      tied = false;
    } else if (n.votes === votes && votes > 0) {
      tied = tied || player !== null || !!n.reached;
      player = null;
    }
  }
  return { player, votes, tied };
}

/** The result of a vote of `votes` counted now, against the day so far. */
function voteResult(s: BotcState, votes: number): 'aboutToDie' | 'tie' | 'fails' {
  const before = aboutToDie(s);
  if (votes < voteThreshold(s)) return 'fails';
  if (votes > before.votes) return 'aboutToDie';
  return votes === before.votes ? 'tie' : 'fails';
}

/**
 * The win the grimoire shows the Storyteller, to declare or not: good when every Demon in play
 * is dead; evil when only two players are alive, Travellers not counted; good when both
 * (rule book, "Winning"). Lantern never declares it: a Scarlet Woman may carry on the game.
 */
export function offeredWin(s: BotcState): { winner: Alignment; reason: 'demonDead' | 'twoAlive' } | null {
  if (s.winner || dealing(s)) return null;
  const demons = present(s).filter((p) => characterIn(s, p.character)?.team === 'demon');
  if (demons.length > 0 && demons.every((p) => !p.alive)) return { winner: 'good', reason: 'demonDead' };
  if (present(s).filter((p) => p.alive && !p.traveller).length <= 2) return { winner: 'evil', reason: 'twoAlive' };
  return null;
}

// ---------------------------------------------------------------- checking a move

const no = (key: string, params?: Text['params'], overrulable = false): MoveProblem => ({
  text: { key: `botc:refused.${key}`, ...(params ? { params } : {}) },
  overrulable
});
/** A rule Lantern reads from the book: the Storyteller may make the move anyway. */
const rule = (key: string, params?: Text['params']) => no(key, params, true);

/** Why a move cannot be made, or null. A move with `overrule` skips the problems the Storyteller may overrule. */
export function check(s: BotcState, move: BotcMove): MoveProblem | null {
  const problem = problemOf(s, move);
  return problem && problem.overrulable && move.overrule ? null : problem;
}

/** A player still at the table, by id (a Traveller who has left takes no further part). */
const presentPlayer = (s: BotcState, id: unknown): BotcPlayer | undefined => (typeof id === 'string' ? present(s).find((p) => p.id === id) : undefined);

/** A list of players at the table, each named once. */
const presentList = (s: BotcState, ids: unknown): ids is PlayerId[] =>
  Array.isArray(ids) && !ids.some((id) => !presentPlayer(s, id)) && new Set(ids).size === ids.length;

type MoveCheck<K extends BotcMove['kind']> = (s: BotcState, m: Extract<BotcMove, { kind: K }>) => MoveProblem | null;

/**
 * Each kind of move's checks once the characters are dealt, found by the move's kind: `no` for
 * what cannot be, `rule` for what the book forbids and the Storyteller may overrule.
 */
const CHECKS: { [K in Exclude<BotcMove['kind'], 'seen'>]: MoveCheck<K> } = {
  place: (s, m) => {
    const c = characterIn(s, m.source);
    if (!c || !presentPlayer(s, m.player)) return no('unknown');
    return [...c.reminders, ...c.remindersGlobal].includes(m.label) ? null : no('unknownReminder');
  },
  shift: (s, m) => (s.reminders.some((r) => r.uid === m.uid) && presentPlayer(s, m.player) ? null : no('unknown')),
  remove: (s, m) => (s.reminders.some((r) => r.uid === m.uid) ? null : no('unknown')),
  die: (s, m) => {
    const p = presentPlayer(s, m.player);
    if (!p) return no('unknown');
    return p.alive ? null : no('alreadyDead', { name: p.name });
  },
  revive: (s, m) => {
    const p = presentPlayer(s, m.player);
    if (!p) return no('unknown');
    return p.alive ? no('alreadyAlive', { name: p.name }) : null;
  },
  ghostVote: (s, m) => {
    const p = presentPlayer(s, m.player);
    if (!p || typeof m.has !== 'boolean') return no('unknown');
    return p.alive ? no('aliveHasVote', { name: p.name }) : null;
  },
  note: (s, m) => (presentPlayer(s, m.player) && typeof m.text === 'string' && m.text.length <= NOTE_MAX ? null : no('unknown')),
  alignment: (s, m) => (presentPlayer(s, m.player) && (m.alignment === 'good' || m.alignment === 'evil') ? null : no('unknown')),
  character: (s, m) => (presentPlayer(s, m.player) && characterIn(s, m.character) ? null : no('unknown')),
  nominate: (s, m) => {
    const by = presentPlayer(s, m.nominator);
    const of = presentPlayer(s, m.nominee);
    if (!by || !of) return no('unknown');
    if (s.phase.kind !== 'day') return no('notDay');
    if (openNomination(s)) return no('voteFirst', { name: nameOf(s, openNomination(s)!.nominee) });
    if (s.executed) return rule('executedToday');
    if (!by.alive) return rule('deadNominator', { name: by.name });
    if (s.nominations.some((n) => n.nominator === by.id)) return rule('nominatedAlready', { name: by.name });
    if (s.nominations.some((n) => n.nominee === of.id)) return rule('nomineeAlready', { name: of.name });
    if (of.traveller) return rule('travellerNominee', { name: of.name });
    return null;
  },
  vote: (s, m) => {
    const open = openNomination(s);
    if (!open) return no('noNomination');
    if (!presentList(s, m.voters)) return no('unknown');
    if (m.votes !== undefined && (!Number.isInteger(m.votes) || m.votes < 0 || m.votes > s.players.length * 3)) return no('unknown');
    const spent = m.voters.map((id) => presentPlayer(s, id)!).find((p) => !p.alive && !p.ghostVote);
    return spent ? rule('noGhostVote', { name: spent.name }) : null;
  },
  execute: (s, m) => {
    const p = presentPlayer(s, m.player);
    if (!p || typeof m.dies !== 'boolean') return no('unknown');
    if (s.phase.kind !== 'day') return no('notDay');
    if (s.executed) return rule('executedToday');
    if (p.traveller) return rule('travellerExecuted', { name: p.name });
    return null;
  },
  exile: (s, m) => {
    const by = presentPlayer(s, m.caller);
    const t = presentPlayer(s, m.traveller);
    if (!by || !t || !presentList(s, m.supporters)) return no('unknown');
    if (s.phase.kind !== 'day') return no('notDay');
    if (!t.traveller) return no('notTraveller', { name: t.name });
    if (s.exiles.some((e) => e.traveller === t.id)) return rule('exiledToday', { name: t.name });
    return null;
  },
  fabled: (s, m) => {
    const c = characterIn(s, m.character);
    if (!c || c.team !== 'fabled' || typeof m.on !== 'boolean') return no('unknown');
    if (m.on && s.fabled.includes(c.id)) return no('fabledThere', { name: c.name });
    if (!m.on && !s.fabled.includes(c.id)) return no('fabledNotThere', { name: c.name });
    return null;
  },
  bluffs: (s, m) => {
    const groups = bluffGroups(s);
    if (!Number.isInteger(m.group) || m.group < 0 || m.group > groups.length || !Array.isArray(m.characters)) return no('unknown');
    if (m.group === groups.length && groups.length >= MAX_BLUFF_GROUPS) return no('bluffGroups', { max: MAX_BLUFF_GROUPS });
    if (m.characters.length > BLUFFS || new Set(m.characters).size !== m.characters.length) return no('unknown');
    if (m.group === groups.length && m.characters.length === 0) return no('unknown');
    // A bluff is a good character of the script; one a player holds now is the Storyteller's call.
    if (m.characters.some((id) => typeof id !== 'string' || !isBluff(scriptOf(s), id, []))) return no('unknown');
    const held = m.characters.find((id) => present(s).some((p) => p.character === id || p.shown === id));
    return held ? rule('bluffInPlay', { name: characterName(s, held) }) : null;
  },
  join: (s, m) => {
    const c = characterIn(s, m.character);
    if (typeof m.player !== 'string' || !/^[\w-]{1,64}$/.test(m.player) || playerById(s, m.player)) return no('unknown');
    if (!c || c.team !== 'traveller' || (m.alignment !== 'good' && m.alignment !== 'evil')) return no('unknown');
    if (m.after !== null && !presentPlayer(s, m.after)) return no('unknown');
    if (typeof m.name !== 'string' || isBlankName(m.name)) return no('joinName');
    if (isTooLongName(m.name.trim())) return no('joinNameLong', { max: NAME_MAX });
    if (present(s).some((p) => nameKey(p.name) === nameKey(m.name.trim()))) return no('joinNameTaken', { name: m.name.trim() });
    if (present(s).length >= MAX_SEATS) return no('full', { max: MAX_SEATS });
    return null;
  },
  leave: (s, m) => {
    const p = presentPlayer(s, m.player);
    if (!p) return no('unknown');
    return p.traveller ? null : no('notTravellerLeave', { name: p.name });
  },
  phase: (s) => (openNomination(s) ? no('voteFirst', { name: nameOf(s, openNomination(s)!.nominee) }) : null),
  declare: (_, m) => (m.winner === 'good' || m.winner === 'evil' ? null : no('unknown'))
};

function problemOf(s: BotcState, m: BotcMove): MoveProblem | null {
  if (s.winner) return no('over');
  if (m.kind === 'seen') {
    if (!dealing(s)) return no('dealt');
    return m.player === s.players[s.dealt].id ? null : no('notTheirTurn');
  }
  if (dealing(s)) return no('dealing');
  if (!Object.hasOwn(CHECKS, m.kind)) return no('unknown');
  return (CHECKS[m.kind] as MoveCheck<typeof m.kind>)(s, m);
}

// ---------------------------------------------------------------- making a move

function log(s: BotcState, key: string, params: Record<string, string | number> = {}, secret = false): BotcState {
  return { ...s, log: [...s.log, { phase: { ...s.phase }, text: { key: `${NS}:log.${key}`, params }, secret }] };
}

const patch = (s: BotcState, id: PlayerId, change: Partial<BotcPlayer>): BotcState => ({
  ...s,
  players: s.players.map((p) => (p.id === id ? { ...p, ...change } : p))
});

function death(s: BotcState, id: PlayerId): BotcState {
  const next = patch(s, id, { alive: false });
  return s.phase.kind === 'night' && !s.diedTonight.includes(id) ? { ...next, diedTonight: [...s.diedTonight, id] } : next;
}

/** The names of players, for a log line ("Ania, Bartek"). */
const names = (s: BotcState, ids: readonly PlayerId[]) => ids.map((id) => nameOf(s, id)).join(', ');

export function reduce(state: BotcState, move: BotcMove): BotcState {
  // Anything refused by a rule and made anyway is logged as overruled, with the rule it broke.
  const broken = move.overrule ? problemOf(state, { ...move, overrule: false }) : null;
  let s = applyMove(state, move);
  if (broken) s = log(s, 'overruled', { rule: `$t(${broken.text.key})`, ...broken.text.params });
  return s;
}

type MoveApply<K extends BotcMove['kind']> = (s: BotcState, m: Extract<BotcMove, { kind: K }>) => BotcState;

/** What each kind of move does to the grimoire, found by the move's kind. */
const MOVES: { [K in BotcMove['kind']]: MoveApply<K> } = {
  seen: (s) => ({ ...s, dealt: s.dealt + 1 }),
  place: (s, m) => {
    const r: Reminder = { uid: s.nextUid, source: m.source, label: m.label, player: m.player };
    return log({ ...s, reminders: [...s.reminders, r], nextUid: s.nextUid + 1 }, 'placed', { label: m.label, character: characterName(s, m.source), name: nameOf(s, m.player) }, true);
  },
  shift: (s, m) => {
    const r = s.reminders.find((x) => x.uid === m.uid)!;
    const next = { ...s, reminders: s.reminders.map((x) => (x.uid === m.uid ? { ...x, player: m.player } : x)) };
    return log(next, 'shifted', { label: r.label, character: characterName(s, r.source), name: nameOf(s, m.player) }, true);
  },
  remove: (s, m) => {
    const r = s.reminders.find((x) => x.uid === m.uid)!;
    return log({ ...s, reminders: s.reminders.filter((x) => x.uid !== m.uid) }, 'removed', { label: r.label, character: characterName(s, r.source), name: nameOf(s, r.player) }, true);
  },
  die: (s, m) => log(death(s, m.player), s.phase.kind === 'night' ? 'diedNight' : 'died', { name: nameOf(s, m.player) }),
  revive: (s, m) => log({ ...patch(s, m.player, { alive: true }), diedTonight: s.diedTonight.filter((id) => id !== m.player) }, 'revived', { name: nameOf(s, m.player) }),
  ghostVote: (s, m) => log(patch(s, m.player, { ghostVote: m.has }), m.has ? 'ghostVoteBack' : 'ghostVoteSpent', { name: nameOf(s, m.player) }),
  note: (s, m) => patch(s, m.player, { note: m.text.trim() }),
  alignment: (s, m) => log(patch(s, m.player, { alignment: m.alignment }), `turned.${m.alignment}`, { name: nameOf(s, m.player) }, true),
  character: (s, m) => log(patch(s, m.player, { character: m.character, shown: null }), 'character', { name: nameOf(s, m.player), character: characterName(s, m.character) }, true),
  nominate: (s, m) => {
    const n: Nomination = { nominator: m.nominator, nominee: m.nominee, voters: null, votes: null };
    return log({ ...s, nominations: [...s.nominations, n] }, 'nominated', { nominator: nameOf(s, m.nominator), nominee: nameOf(s, m.nominee) });
  },
  vote: (s, m) => {
    const open = openNomination(s)!;
    const votes = m.votes ?? m.voters.length;
    const result = voteResult(s, votes);
    const threshold = voteThreshold(s);
    // Raising a hand spends a dead player's vote token (rule book, Day: "they remove their vote token").
    let next: BotcState = { ...s, players: s.players.map((p) => (!p.alive && m.voters.includes(p.id) ? { ...p, ghostVote: false } : p)) };
    const counted: Nomination = { ...open, voters: [...m.voters], votes, reached: votes >= threshold };
    next = { ...next, nominations: [...s.nominations.slice(0, -1), counted] };
    return log(next, `vote.${result}`, { nominee: nameOf(s, open.nominee), count: votes, threshold, voters: names(s, m.voters) || '—' });
  },
  execute: (s, m) => {
    const p = playerById(s, m.player)!;
    const next = { ...s, executed: { player: m.player, died: m.dies, ...(p.alive ? {} : { wasDead: true }) } };
    if (!p.alive) return log(next, 'executedDead', { name: p.name });
    if (m.dies) return log(death(next, m.player), 'executed', { name: p.name });
    return log(next, 'executedSurvived', { name: p.name });
  },
  exile: (s, m) => {
    const exiled = m.supporters.length >= exileThreshold(s);
    const e: Exile = { caller: m.caller, traveller: m.traveller, supporters: [...m.supporters], exiled };
    let next: BotcState = { ...s, exiles: [...s.exiles, e] };
    if (exiled && playerById(s, m.traveller)!.alive) next = death(next, m.traveller);
    return log(next, exiled ? 'exiled' : 'notExiled', {
      name: nameOf(s, m.traveller),
      caller: nameOf(s, m.caller),
      count: m.supporters.length,
      threshold: exileThreshold(s)
    });
  },
  phase: (s) => {
    if (s.phase.kind === 'night') {
      // Dawn: the night's deaths are read out; the day's count starts empty.
      const dawn = log(s, s.diedTonight.length ? 'dawn' : 'dawnNobody', { number: s.phase.number, names: names(s, s.diedTonight) });
      return { ...dawn, phase: { kind: 'day', number: s.phase.number }, nominations: [], exiles: [], executed: null };
    }
    // A day that ends without an execution says so in the log.
    const ended = s.executed ? s : log(s, 'noExecution', { number: s.phase.number });
    const dusk = { ...ended, phase: { kind: 'night' as const, number: s.phase.number + 1 }, diedTonight: [], nominations: [], exiles: [], executed: null };
    return log(dusk, 'dusk', { number: s.phase.number + 1 });
  },
  declare: (s, m) => log({ ...s, winner: m.winner }, 'declared', { winner: m.winner }),
  fabled: (s, m) => log({ ...s, fabled: m.on ? [...s.fabled, m.character] : s.fabled.filter((f) => f !== m.character) }, m.on ? 'fabledAdded' : 'fabledRemoved', {
    character: characterName(s, m.character)
  }),
  bluffs: (s, m) => {
    const groups = bluffGroups(s).map((g) => [...g]);
    const removed = m.group > 0 && m.characters.length === 0;
    if (removed) groups.splice(m.group, 1);
    else groups[m.group] = [...m.characters];
    const [bluffs, ...moreBluffs] = groups;
    const names = m.characters.map((id) => characterName(s, id)).join(', ') || '—';
    return log({ ...s, bluffs, moreBluffs }, removed ? 'bluffsRemoved' : m.group === 0 ? 'bluffs' : 'bluffsGroup', { number: m.group + 1, names }, true);
  },
  join: (s, m) => {
    // The newcomer sits after the player named (at the start of the circle when none), and
    // the seats are numbered again clockwise.
    const order = [...s.players].sort((a, b) => a.seat - b.seat);
    const at = m.after === null ? 0 : order.findIndex((p) => p.id === m.after) + 1;
    const joined: BotcPlayer = {
      id: m.player,
      name: m.name.trim(),
      seat: 0,
      character: m.character,
      shown: null,
      alignment: m.alignment,
      alive: true,
      ghostVote: true,
      traveller: true,
      note: ''
    };
    order.splice(at, 0, joined);
    const players = order.map((p, seat) => ({ ...p, seat }));
    // A Traveller chooses their character in the open: nothing to deal.
    return log({ ...s, players, dealt: s.dealt + 1 }, 'joined', { name: joined.name, character: characterName(s, m.character) });
  },
  leave: (s, m) => log(
    { ...patch(s, m.player, { left: true }), reminders: s.reminders.filter((r) => r.player !== m.player) },
    'left',
    { name: nameOf(s, m.player) }
  )
};

function applyMove(s: BotcState, m: BotcMove): BotcState {
  return (MOVES[m.kind] as MoveApply<typeof m.kind>)(s, m);
}
