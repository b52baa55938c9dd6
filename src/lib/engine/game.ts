/**
 * What a game module gives the rest of Lantern: its machine, how to check a setup, and how
 * to read a snapshot as a view the screens draw (phase, step, players, outcome, log).
 * Each `src/lib/games/<id>/index.ts` exports one `GameDefinition`.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Fact, LogLine, Move, MoveProblem, Outcome, Override, Phase, Player, PlayerId, SetupProblem, Step, Text } from './types';

/** What every game machine receives as input. */
export interface GameInput<Setup = unknown> {
  setup: Setup;
  /** Seed of the game's random generator; stored with the game so a replay is exact. */
  seed: number;
}

/** A player as a screen shows them. */
export interface PlayerView extends Player {
  alive: boolean;
  /** Why the player is out ("arrested", "murdered"), when they are. */
  fate?: Text;
  /** The secret card, for dealing, the table's press-and-hold and the game-over screen. */
  card: RoleCard;
  /** Public or moderator-only marks: High Priest, Haunted Doll, detained, protected, … */
  marks: Mark[];
}

export interface RoleCard {
  role: Text;
  side: Text;
  ability: Text;
  /** A colour family for the card (e.g. `cult`, `investigator`, `neutral`). */
  tone: string;
}

export interface Mark {
  id: string;
  text: Text;
  /** Known only to the moderator. */
  secret: boolean;
}

/** Everything a screen needs from a game snapshot. */
export interface GameView {
  /** `dealing` before the first phase, `play` during it, `over` once won. */
  stage: 'dealing' | 'play' | 'over';
  phase: Phase | null;
  step: Step | null;
  players: PlayerView[];
  outcome: Outcome | null;
  log: LogLine[];
  /** Short moderator-facing facts about the game as a whole (e.g. "Ritual declared"), each public or secret. */
  facts: Fact[];
  /**
   * Players who may show their card now, as their role allows, recorded with a `reveal`
   * override; empty when nobody may at this moment. Absent in a game without such a role.
   */
  revealable?: PlayerId[];
  /**
   * What the moderator's override may put right in this game now (tokens, cards, names, a player
   * leaving); absent in a game that offers only the basic rulings.
   */
  corrections?: Corrections;
  /**
   * A scoreboard game's table as its own screens draw it (the game's type; its module reads it
   * back with its own accessor). Absent in a script game.
   */
  board?: unknown;
}

/**
 * What the override may correct in a game, as its screen offers it: the game knows which
 * tokens exist and who may hold them, which cards there are, and what a player leaving sets off.
 */
export interface Corrections {
  /** Tokens the moderator may give to another player. */
  tokens: TokenChoice[];
  /** Every card of the game, in the game's order, for correcting one player's card. */
  roles: RoleChoice[];
  /** What follows when a player leaves, in this game's rules (said before it is confirmed). */
  leave: Text;
  /** Why someone arriving late cannot join this game now, and what to do instead. */
  latecomer: Text;
  /**
   * The numbers and marks the table may put right (`setValue`), by what they belong to: a
   * scoreboard game's (Killer Kloo Doo's Survival Points, weapons, objectives, whose turn).
   */
  values?: ValueTarget[];
  /**
   * A game without a moderator's rulings or roles offers only these corrections (and no
   * eliminate, revive or winner); absent: everything above.
   */
  only?: ('rename' | 'leave' | 'setValue')[];
}

/** What a `setValue` correction may change, grouped by what it belongs to. */
export interface ValueTarget {
  /** `setValue.target`: a character, or `table` for the game as a whole. */
  id: string;
  name: Text;
  fields: ValueField[];
}

/** One number or mark that may be put right, and what it is now. */
export interface ValueField {
  /** `setValue.field`. */
  id: string;
  name: Text;
  /** What it is now, as said on screen. */
  now: Text;
  /** A whole number in min..max; one of `options`; or any of them (a set). */
  input: 'number' | 'choice' | 'set';
  min?: number;
  max?: number;
  options?: { id: string; name: Text }[];
  /** Its value now, for the form to start from. */
  value: number | string | string[];
}

export interface TokenChoice {
  id: string;
  name: Text;
  /** Who holds it now, or null. */
  holder: PlayerId | null;
  /** Who holds it is the moderator's secret (Ktulu's statue): shown only while held to see. */
  secret: boolean;
  /** The holder has it planted and does not know (Ktulu's Silent Foot). */
  planted?: boolean;
  /** Why it cannot be given to anyone now (no Evil Child dealt, no High Priest elected yet), or null. */
  blocked: Text | null;
  /** Players who may not hold it, each with the reason; everyone else may. */
  refused: Record<PlayerId, Text>;
  /** The game lets it be given "planted" (Ktulu's Silent Foot): the holder does not know they have it. */
  plantable?: boolean;
  /**
   * Players on whom it may not be planted now, each with the reason (on top of `refused`). For a
   * secret token these name secrets (who the Silent Foot is, that there is none): the screen says
   * the reason only for the player the moderator picks.
   */
  refusedPlanted?: Record<PlayerId, Text>;
}

export interface RoleChoice {
  id: string;
  name: Text;
  /** The side or faction the card puts its holder on. */
  side: Text;
  /** One card of it in the game: a second holder is refused (swap the two players' cards instead). */
  single: boolean;
  /** Who holds it now. Secret: the screen shows it only while the moderator holds to see. */
  holders: PlayerId[];
}

/** A player during dealing: the seat being dealt and the whole deal's progress. */
export interface DealState {
  player: PlayerId;
  index: number;
  total: number;
}

/**
 * `Facts`: what the game's `facts(snapshot)` gives tests and scripts (see there); each game
 * names its own shape.
 */
export interface GameDefinition<Setup = unknown, Facts = unknown> {
  id: string;
  /**
   * `script` (absent means script): a moderator answers one step after another. `scoreboard`:
   * no moderator and no step; the players change a shared table in any order with `move`
   * events, each checked by `checkMove` (see docs/ARCHITECTURE.md, "Two shapes of game").
   */
  kind?: 'script' | 'scoreboard';
  /** i18n namespace holding this game's text. */
  namespace: string;
  /** Other namespaces its texts nest (`$t(cluedo:cards.…)`), loaded with it. */
  uses?: readonly string[];
  /** Bumped whenever a stored snapshot of the previous version could no longer be restored. */
  machineVersion: number;
  minPlayers: number;
  maxPlayers: number;
  /** Winner ids the moderator may declare (named in `common:games.<id>.winners.<winner>`). */
  winners: readonly string[];
  machine: AnyStateMachine;
  validateSetup(setup: Setup): SetupProblem[];
  view(snapshot: SnapshotFrom<AnyStateMachine>): GameView;
  /** Whose card is being dealt in the app, or null once everyone has seen theirs. */
  dealing(snapshot: SnapshotFrom<AnyStateMachine>): DealState | null;
  /**
   * A pass-round mid-game, when the game has one (Killer Kloo Doo's objectives): whose turn it
   * is to look, or null. The shell treats it as it treats the deal: nothing else on screen, no
   * Undo within reach, and a hand-back screen once the last player has looked.
   */
  passRound?(snapshot: SnapshotFrom<AnyStateMachine>): DealState | null;
  /** Players and their names as entered at setup (for lists on the home screen). */
  players(setup: Setup): Player[];
  /**
   * How many moves the deal takes (one per player when dealing in the app). Undo never goes
   * back past them: a card once hidden is only shown again on purpose.
   */
  dealSteps(setup: Setup): number;
  /**
   * The call order as a printable sheet for this setup: what the moderator would otherwise
   * write by hand before the game (each phase's calls in order, with what is said).
   */
  sheet?(setup: Setup, context?: SheetContext): SheetSection[];
  /**
   * The game as it stands, as plain read-only data for tests and scripts (never for a screen):
   * the sides' counts, who holds each token, who is detained, protected or revealed, and what
   * the step on screen is in the book's terms. Players are named by their names, as the
   * headless driver names them. Computed by the game's own pure module, so a test reads the
   * rules' state without reading i18n keys.
   */
  facts?(snapshot: SnapshotFrom<AnyStateMachine>): Facts;
  /** Scoreboard games: why `move` cannot be made now, or null when it can. */
  checkMove?(snapshot: SnapshotFrom<AnyStateMachine>, move: Move): MoveProblem | null;
  /**
   * Script games: why the override cannot be made now (a token given to someone who may not
   * hold it, an unknown card, a name already taken), or null when it can. Only the corrections
   * (`CORRECTION_KINDS`) are checked, so the rulings of stored games replay as they always did.
   */
  checkOverride?(snapshot: SnapshotFrom<AnyStateMachine>, override: Override): Text | null;
  /**
   * Scoreboard games: a move read from a backup file, rebuilt from its checked fields, or null
   * when it is not a move of this game.
   */
  readMove?(value: unknown): Move | null;
}

/**
 * What a game's sheet may use besides its set-up: things kept on the phone, not in the game
 * (Blood on the Clocktower: the character texts the Storyteller imported, by character id).
 * The sheet page loads it (`ui/sheet-context.ts`) before it asks for the sheet.
 */
export interface SheetContext {
  characterTexts?: ReadonlyMap<string, { firstNightReminder: string | null; otherNightReminder: string | null }> | null;
}

/** One part of a printed call sheet (e.g. "Day"), its lines in calling order. */
export interface SheetSection {
  title: Text;
  lines: SheetLine[];
  /** Said once under the title (where the sheet's texts come from, or why they are missing). */
  note?: Text;
}

/**
 * A piece of a text the game brings in its own words (a script's or an imported character
 * text): plain, in bold, or a reminder-token mark named by `label` for screen readers. Drawn as
 * elements, never as HTML.
 */
export type SheetPart = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'mark'; label: Text };

export interface SheetLine {
  /** The role or group called, on the first line of its call. */
  role?: Text;
  /** What the moderator says. */
  say: Text;
  /** What is said, when it is a text the game brings rather than Lantern's words: shown instead of `say`. */
  parts?: SheetPart[];
  /** When it applies, or what to do (once only, a bluff call, …). */
  note?: Text;
}
