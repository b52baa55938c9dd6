/**
 * The vocabulary every game shares: players in their seats, numbered phases, the step the
 * moderator is on (what to read aloud, what only the moderator sees, what kind of answer it
 * takes) and the events that move a game on.
 *
 * Pure data. Nothing here knows about Svelte, Dexie or i18next: text is carried as i18n keys
 * with parameters, and the screens translate it.
 */

export type PlayerId = string;

export interface Player {
  id: PlayerId;
  name: string;
  /** 0-based position around the table, clockwise. */
  seat: number;
}

/** A scoreboard game (no moderator) counts its time in players' turns. */
export type PhaseKind = 'day' | 'night' | 'turn';

export interface Phase {
  kind: PhaseKind;
  /** 1-based: Day 1, Night 1, Day 2, … */
  number: number;
}

/** A translatable text: an i18n key (`namespace:path`) and its interpolation values. */
export interface Text {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A fact about the game for the moderator's box. `secret`: only the moderator may know it (a
 * role, who holds a token in secret, a side's count); on a step where eyes are open it is not
 * on screen unless the moderator holds to see it. Public facts (the rules in force, a declared
 * Ritual, the elected High Priest) are shown as they are.
 */
export type Fact = Text & { secret?: boolean };

/** What the moderator may answer on a step. */
export type AnswerSpec =
  | { kind: 'none' }
  | { kind: 'yesno'; yes?: Text; no?: Text }
  | {
      kind: 'players';
      /** Fewest and most players that may be picked. `min: 0` lets the moderator pick nobody. */
      min: number;
      max: number;
      /** Players that may be picked, in seating order. Everyone else is shown disabled. */
      candidates: PlayerId[];
      /**
       * Marks shown next to a player on the answer widget (e.g. "protected last Day"), each
       * public or secret like a `Fact`: a secret one is off the screen on an eyes-open step
       * unless the moderator holds to see it.
       */
      marks?: Record<PlayerId, Fact>;
      /**
       * The player's own marks (by `Mark.id`) that the step's mark says in other words ("In jail:
       * cannot be killed" for "In jail"): shown once, as the step's.
       */
      covers?: Record<PlayerId, string[]>;
      /** Label of the "nobody" choice when `min` is 0. */
      none?: Text;
      /** Offer "draw at random" (the seeded generator picks among the candidates). */
      random?: boolean;
    }
  | {
      kind: 'tally';
      /** One counter per option, in seating order. */
      options: PlayerId[];
      /** Highest count a single option can receive. */
      max: number;
      /**
       * What the counts must add up to: `exactly` when nobody may abstain (every voter casts
       * every vote), `atMost` when a voter may abstain but votes once. Absent: no check.
       */
      total?: { rule: 'exactly' | 'atMost'; n: number };
    };

/** The moderator's answer to a step. */
export type Answer =
  | { kind: 'none' }
  | { kind: 'yesno'; value: boolean }
  | { kind: 'players'; ids: PlayerId[] }
  | { kind: 'random' }
  | { kind: 'tally'; counts: Record<PlayerId, number> };

/** The step the moderator is on, as a screen shows it. */
export interface Step {
  /** Stable id within the game, e.g. `day.wizard`. */
  id: string;
  /** The rule book's number for this step, where the book numbers it. */
  number?: string;
  /** Role (or group) called by this step, if any: an i18n key. */
  role?: Text;
  /** Read aloud by the moderator. */
  prompt: Text;
  /**
   * Read aloud first, before the call: results and announcements of what has just happened
   * (who was arrested, who died, what a search found).
   */
  announce?: Text[];
  /** Read aloud right after the prompt, as part of the call (e.g. how many may be searched). */
  more?: Text[];
  /** Read aloud once the answer is given (e.g. "Wizard, close your eyes."). */
  after?: Text;
  /**
   * Moderator-only notes, never read aloud. Each is public or secret like a `Fact`: on a step
   * where eyes are open a secret one (a role, who holds a token in secret, a side's count) is
   * not on screen unless the moderator holds to see it.
   */
  hints: Fact[];
  answer: AnswerSpec;
  /** The role is absent, dead or powerless: the moderator only pretends to call it. */
  pretend?: boolean;
  /** Eyes closed for everyone but those called. */
  eyesClosed: boolean;
  /** Suggested timer for the step, in seconds. */
  timer?: number;
  /**
   * Position in the current phase's plan of calls, 1-based, and the plan's length. `part`: the
   * step's place within its call when the call takes several steps (2 for the second), so the
   * parts of one call never read the same. `extra`: a consequence asked between two calls (a
   * death that needs an answer); `index` is then the call it comes before, or `total + 1` once
   * the last call is over, and the plan's length is unchanged. The plan is fixed when the
   * phase starts (engine/progress.ts): `passed`, the calls its events removed since the last.
   */
  progress: { index: number; total: number; part?: number; extra?: boolean; passed?: PassedOver };
  /**
   * The step has the moderator show one player's card to a role (Ktulu's Harlot, Shaman;
   * Cluethulhu's Tcho-Tcho). Set only when the app dealt the cards, so there is no physical
   * card to hold up: the screen offers a full-screen view of that one card instead.
   */
  showCard?: { player: PlayerId; to: Text };
}

/**
 * Planned calls passed over since the last call made (engine/progress.ts): how many, and their
 * names when the step is played with eyes closed (on an eyes-open step only the count, so
 * nothing is given away).
 */
export interface PassedOver {
  count: number;
  names?: Text[];
}

/**
 * The step an answer was given on: the number of log entries stored when the step was shown
 * (the answer becomes entry `seq + 1`) and the step's id. A move made for another step (a
 * stale or doubled tap) is refused. Moves logged before steps were named carry none.
 */
export interface StepTag {
  seq: number;
  step: string;
}

/** Events the moderator sends to a game machine. */
export type GameEvent =
  | { type: 'step.answer'; answer: Answer; at?: StepTag }
  | { type: 'keeper.override'; override: Override; at?: MoveTag }
  | { type: 'move'; move: Move; at?: MoveTag };

/**
 * The position a scoreboard game's move answers: the number of log entries stored when the
 * screen it was made on was drawn. Every committed move (an undo too) changes it, so a move
 * made on a screen the game has already left (a doubled tap) is refused as stale. Moves logged
 * before positions were named carry none.
 */
export interface MoveTag {
  seq: number;
}

/**
 * A move in a scoreboard game (no moderator, no script): what the players did, in any order,
 * as the game defines it (Cthulhu Gloom: a card played, a Story claimed, a turn ended).
 * `overrule` records that the players chose to make a move the rules as Lantern reads them
 * refuse (see `MoveProblem.overrulable`).
 */
export type Move = { kind: string; overrule?: boolean } & { [field: string]: unknown };

/** Why a scoreboard game refuses a move. */
export interface MoveProblem {
  text: Text;
  /** The players may make it anyway (a rule Lantern reads, not a broken move). */
  overrulable: boolean;
}

/**
 * The moderator's ruling, outside the script: the book's "the Keeper's ruling is final". Also
 * what a player does outside the script that the moderator records: `reveal`, a player showing
 * their card as their role allows (Ktulu's Mayor and Insurance Agent; see `GameView.revealable`).
 *
 * And what goes wrong at a real table, put right (what each game allows is in its
 * `GameView.corrections`, and its `checkOverride` refuses the rest):
 * - `moveToken`: a token given to another player (Cluethulhu's doll and High Priest, Ktulu's
 *   statue, `planted` by the Silent Foot or not);
 * - `swapRoles`: two players' cards were mixed up (the mix of cards stays the same);
 *   `setRole`: a player holds another card than recorded (the mix changes);
 * - `rename`: the same person under a corrected name; `replace`: a new person takes the seat
 *   and its card;
 * - `leave`: a player leaves the table (the game decides what follows; nothing a death sets off);
 * - `setValue`: a number or mark on a scoreboard put right (Killer Kloo Doo's Survival Points, a
 *   weapon held, an objective done, whose turn it is): `target` is what it belongs to (a
 *   character, or the table), `field` which number or mark, `value` the right one. The game's
 *   `GameView.corrections.values` says what it offers; its `checkOverride` refuses the rest.
 */
export type Override =
  | { kind: 'eliminate'; player: PlayerId }
  | { kind: 'revive'; player: PlayerId }
  | { kind: 'declareWinner'; winner: string }
  | { kind: 'reveal'; player: PlayerId }
  | { kind: 'moveToken'; token: string; to: PlayerId; planted?: boolean }
  | { kind: 'swapRoles'; a: PlayerId; b: PlayerId }
  | { kind: 'setRole'; player: PlayerId; role: string }
  | { kind: 'rename'; player: PlayerId; name: string }
  | { kind: 'replace'; player: PlayerId; name: string }
  | { kind: 'leave'; player: PlayerId }
  | { kind: 'setValue'; target: string; field: string; value: CorrectedValue };

/** A corrected number, a choice (an id), or a set of choices (ids). */
export type CorrectedValue = number | string | string[];

/** The override kinds that put right what went wrong at the table (see `Override`). */
export const CORRECTION_KINDS = ['moveToken', 'swapRoles', 'setRole', 'rename', 'replace', 'leave', 'setValue'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** One line of a game's history, shown in the log screen. */
export interface LogLine {
  phase: Phase;
  text: Text;
  /** Only the moderator may see it (secret choices). */
  secret?: boolean;
}

/** Who won and why. */
export interface Outcome {
  /** A game-specific winner id, e.g. `investigators`, `cult`, `evilChild`. */
  winner: string;
  /** Translatable reason shown on the game-over screen. */
  reason: Text;
  /** Players who share the win. */
  winners: PlayerId[];
  /**
   * Other winner ids whose condition held at the same moment, though the rules gave the game to
   * `winner` (Blood Siblings as the last two, while the Investigators matched the Cult): the log
   * says so with the result.
   */
  alsoMet?: string[];
}

/** One problem found in a setup, for a clear message on the setup screen. */
export interface SetupProblem {
  /** Which part of the form it belongs to. */
  field: 'players' | 'roles' | 'options';
  text: Text;
}
