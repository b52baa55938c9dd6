/**
 * The game being played, as Svelte state. Every tap goes through here: the next snapshot is
 * computed with the engine, written to storage with its log entry in one transaction, and only
 * once that has committed does the screen move on. A game on screen is therefore always a game
 * that a reload would bring back, with two exceptions the Keeper is told about:
 *
 * - storage is full, or stops working mid-game: the game carries on in memory from that move
 *   (see `carryOnInMemory`), and the layout warns until it is saved again;
 * - the stored game moved on elsewhere (another tab): nothing is written, the game is reloaded
 *   from storage and the screen says so. A stale screen never overwrites newer moves.
 */
import {
  isCheckpoint,
  StorageError,
  toStorageError,
  type CheckpointRecord,
  type EventRecord,
  type GameRecord,
  type GameSummary,
  type StoredGame
} from '../db';
import type { DealState, GameDefinition, GameInput, GameView } from '../engine/game';
import { randomId } from '../engine/ids';
import { freshSeed } from '../engine/rng';
import {
  apply,
  effectiveEvents,
  persist,
  RejectedEvent,
  replay,
  restore,
  restorePlan,
  start,
  type LoggedEvent,
  type Snapshot
} from '../engine/session';
import type { Answer, Move, MoveTag, Override, SetupProblem, StepTag, Text } from '../engine/types';
import { isKnownGame, loadGame } from '../games';
import { canCarryOn, carryOnInMemory, exclusive, storageFor, storageState } from './storage.svelte';

type Def = GameDefinition<never>;

/** How long a move may take to be stored before the screen says it is saving. */
const SAVING_SHOWN_AFTER_MS = 150;

/** Checkpoints kept at hand for undos in a row and for a memory copy. */
const RECENT_CHECKPOINTS = 4;

export class ActiveGame {
  readonly id: string;
  readonly def: Def;
  /** The committed snapshot and log; never ahead of what storage holds. */
  #snapshot: Snapshot;
  /** The committed log as stored: what a memory copy starts from. */
  #entries: EventRecord[] = [];
  /** Entry numbers with a checkpoint where the game is kept (see `CheckpointRecord`). */
  #checkpoints = new Set<number>();
  /** The checkpoints this page wrote or read last, newest last: an undo or a memory copy starts from them. */
  #recent = new Map<number, CheckpointRecord>();
  #log: LoggedEvent[] = $state.raw([]);
  #record: GameRecord = $state.raw() as GameRecord;
  #view: GameView = $state.raw() as GameView;
  #deal: DealState | null = $state.raw(null);
  /** The deal or a mid-game pass-round: whose turn it is to look (see `passing`). */
  #passing: DealState | null = $state.raw(null);
  /** The deal or pass-round has just ended: the hand-back screen is up until the moderator holds. */
  #handBack = $state(false);
  /** The log length (and step) the screen last drew: what a move made from it names. */
  #drawn: StepTag | MoveTag | null = null;
  /** A move is being computed and stored; later taps are ignored until it is done. */
  #busy = false;
  /** The entry being committed, for the refusal's details. */
  #pending: LoggedEvent | null = null;
  /** The same, once it has taken long enough to show (see SAVING_SHOWN_AFTER_MS). */
  #saving = $state(false);
  #error: Text | null = $state.raw(null);
  /** The refused move, when the players may make it anyway (a scoreboard game's rule). */
  #overrulable: Move | null = $state.raw(null);

  private constructor(def: Def, stored: StoredGame) {
    this.id = stored.game.id;
    this.def = def;
    this.#snapshot = this.#load(stored);
  }

  /** A stored game, or null when there is none with this id (or its game is unknown). */
  static async open(id: string): Promise<ActiveGame | null> {
    const found = await (await storageFor(id)).getGame(id);
    if (!found || !isKnownGame(found.game.gameId)) return null;
    const def = await loadGame(found.game.gameId);
    return new ActiveGame(def, found);
  }

  /** Show a stored game; returns the snapshot it restores. */
  #load({ game: record, events: entries, checkpoints }: StoredGame): Snapshot {
    const log = entries.map((e) => e.event);
    // A snapshot can only be read by the machine version that wrote it. After an update that
    // changed the machine the log is the truth: replaying it from the stored setup and seed
    // rebuilds the same game under the new machine, random draws included.
    const snapshot =
      record.machineVersion === this.def.machineVersion
        ? restore(this.def, record.snapshot)
        : replay(this.def, record.input as GameInput<never>, log);
    this.#snapshot = snapshot;
    this.#entries = entries;
    this.#checkpoints = new Set(checkpoints);
    this.#recent.clear();
    this.#log = log;
    this.#record = record;
    this.#view = this.def.view(snapshot);
    this.#deal = this.def.dealing(snapshot);
    this.#passing = this.#passRoundOf(snapshot);
    // Whether the game is on its hand-back screen is read from the stored game itself: its last
    // log entry ended a deal or pass-round, and the moderator has not opened the hand-back at
    // that log length (`handedBack`, stored on the game's record before the screen opens).
    this.#handBack = !this.#passing && record.handBackOpenedAt !== record.seq && this.#endedPassRound(record, log);
    this.#drawn = null;
    return snapshot;
  }

  /**
   * Check the setup and store a new game (in memory when storage is full or failing). Rejects
   * with a StorageError on any other storage failure.
   */
  static async create(gameId: string, setup: unknown, seed?: number): Promise<{ id: string } | { problems: SetupProblem[] }> {
    const def = await loadGame(gameId);
    // The setup may come straight from a form's state: store a plain copy, not a proxy.
    const plain = $state.snapshot(setup) as never;
    const problems = def.validateSetup(plain);
    if (problems.length) return { problems };
    const input: GameInput<never> = { setup: plain, seed: seed ?? freshSeed() };
    const snapshot = start(def, input);
    const view = def.view(snapshot);
    const now = Date.now();
    const record: GameRecord = {
      id: randomId(),
      gameId,
      createdAt: now,
      updatedAt: now,
      input,
      machineVersion: def.machineVersion,
      snapshot: persist(def, snapshot),
      seq: 0,
      status: view.stage === 'over' ? 'over' : 'active',
      summary: summarize(view)
    };
    await exclusive(async () => {
      const storage = await storageFor(record.id);
      try {
        await storage.createGame(record);
      } catch (e) {
        // A full or failing storage does not keep the table from playing: the game starts in
        // memory, and the layout says it is not being saved.
        const error = toStorageError(e);
        if (!canCarryOn(error)) throw error;
        await carryOnInMemory(record, [], [], null, error.kind);
      }
    });
    return { id: record.id };
  }

  get record(): GameRecord {
    return this.#record;
  }
  get view(): GameView {
    return this.#view;
  }
  get deal(): DealState | null {
    return this.#deal;
  }
  /**
   * The deal, or a pass-round mid-game (`GameDefinition.passRound`): whose turn it is to look.
   * While it is set the phone is in a player's hands: the shell keeps Undo out of reach.
   */
  get passing(): DealState | null {
    return this.#passing;
  }
  /**
   * The last player has just looked: the phone goes back to the moderator (or the table) and the
   * hand-back screen shows nothing else until the moderator holds to open the game (`handedBack`).
   */
  get handBack(): boolean {
    return this.#handBack;
  }
  /**
   * The moderator held the hand-back screen's button: the opening is stored on the game's record
   * (a killed browser then reopens the moderator's screen, as it was), and only then does the
   * game's own screen open. Storage that refuses the write does not keep the game shut: the
   * opening then lasts as long as the page, and a reload shows the hand-back again.
   */
  async handedBack(): Promise<void> {
    const seq = this.#record.seq;
    try {
      await exclusive(async () => (await storageFor(this.id)).markHandBack(this.id, seq));
    } catch {
      // Kept in the page only (see above).
    }
    if (this.#record.seq !== seq) return;
    this.#record = { ...this.#record, handBackOpenedAt: seq };
    this.#handBack = false;
  }
  /**
   * The screen has drawn the game as it is now: a move or answer sent from it without a tag of
   * its own names this position, so a tap that lands after the game moved on, on a control of
   * the screen before, is refused as stale (the shell calls this once the screen is drawn).
   */
  drawn(): void {
    const step = this.#view.step;
    this.#drawn = step ? { seq: this.#record.seq, step: step.id } : { seq: this.#record.seq };
  }

  /**
   * The log's last entry is the move that ended a deal or pass-round: the game as it was one
   * entry earlier (replayed from the stored setup) was passing. An undo never ends one.
   */
  #endedPassRound(record: GameRecord, log: readonly LoggedEvent[]): boolean {
    const last = log.at(-1);
    if (!last || last.type === 'undo') return false;
    // Only the deal's answer or a pass-round's `seen` ends one: any other last move is known
    // without replaying the log (opening a long game stays one read and a restore).
    if (last.type === 'keeper.override') return false;
    if (last.type === 'step.answer' && last.at && last.at.step !== 'deal') return false;
    if (last.type === 'move' && (last.move as { kind?: unknown }).kind !== 'seen') return false;
    if (!this.def.passRound && !this.def.dealing(start(this.def, record.input as GameInput<never>))) return false;
    try {
      return this.#passRoundOf(replay(this.def, record.input as GameInput<never>, log.slice(0, -1))) !== null;
    } catch {
      // A log that does not replay: the hand-back, which only asks the moderator to hold.
      return true;
    }
  }
  #passRoundOf(snapshot: Snapshot): DealState | null {
    return this.def.dealing(snapshot) ?? this.def.passRound?.(snapshot) ?? null;
  }
  /** True while a move is being stored: a tap now is ignored. Not reactive: screens read `saving`. */
  get busy(): boolean {
    return this.#busy;
  }
  /**
   * True while a move is being stored and has taken longer than a moment: the screen then says
   * "Saving…" and disables its buttons. A move normally commits within a frame or two; flipping
   * every button to disabled and back for it cost a style and layout pass that delayed the
   * commit itself (45 → 35 ms a step with the CPU slowed 4×).
   */
  get saving(): boolean {
    return this.#saving;
  }
  get error(): Text | null {
    return this.#error;
  }
  /** The last move refused by a rule the players may overrule (send it again with `overrule`). */
  get overrulable(): Move | null {
    return this.#overrulable;
  }
  /** Why the game would refuse this correction now (its own `checkOverride`), or null: what the correction screen shows before it is confirmed. */
  overrideProblem(override: Override): Text | null {
    return this.def.checkOverride?.(this.#snapshot, override) ?? null;
  }
  get canUndo(): boolean {
    // Undo into the deal would put a card back in front of the wrong eyes: the deal's moves
    // are a floor Undo never goes below.
    return this.#view.stage !== 'dealing' && effectiveEvents(this.#log).length > this.def.dealSteps(this.#record.input.setup as never);
  }
  /** Entries in the committed log. */
  get seq(): number {
    return this.#record.seq;
  }
  /** False while this game is played on in memory, not saved on the phone. */
  get saved(): boolean {
    return !storageState.unsaved.some((u) => u.id === this.id);
  }

  /**
   * Answer the step on screen. `at` names it (the screen's `stepTag`): a tap meant for a step
   * that is no longer the current one (a doubled tap landing after the first was stored) is
   * refused without a word and changes nothing.
   */
  answer(answer: Answer, at?: StepTag): Promise<boolean> {
    // Without a tag of its own (the deal's "Done, pass on"), the answer names the step drawn.
    if (!at && this.#drawn && 'step' in this.#drawn) at = this.#drawn;
    return this.#commit(() => ({ type: 'step.answer', answer: $state.snapshot(answer), ...(at ? { at: { seq: at.seq, step: at.step } } : {}) }));
  }

  /** The tag an answer to the step on screen carries (see `StepTag`); null when there is no step. */
  get stepTag(): StepTag | null {
    const step = this.#view.step;
    return step ? { seq: this.#record.seq, step: step.id } : null;
  }

  /**
   * A scoreboard game's move (see `GameDefinition.kind`). It names the position it was made at
   * (`MoveTag`): `at`, or the log length the screen last drew (`drawn`), or else the current one.
   */
  move(move: Move, at?: MoveTag): Promise<boolean> {
    const seq = at?.seq ?? this.#drawn?.seq ?? this.#record.seq;
    return this.#commit(() => ({ type: 'move', move: $state.snapshot(move) as Move, at: { seq } }));
  }

  /**
   * A correction (the moderator's, or the players' on a scoreboard). Like a move, it names the
   * position it was made at: `at`, or the log length the screen last drew, or else the current one.
   */
  override(override: Override, at?: MoveTag): Promise<boolean> {
    const seq = at?.seq ?? this.#drawn?.seq ?? this.#record.seq;
    return this.#commit(() => ({ type: 'keeper.override', override: $state.snapshot(override), at: { seq } }));
  }

  /**
   * Take back the last move still in effect. Appends an `undo` entry: history is never rewritten.
   * `at`, the log length the screen showed, refuses a second tap that would take back one more.
   */
  undo(at?: number): Promise<boolean> {
    if (!this.canUndo || (at !== undefined && at !== this.#record.seq)) return Promise.resolve(false);
    return this.#commit(() => ({ type: 'undo' }));
  }

  clearError(): void {
    this.#error = null;
    this.#overrulable = null;
  }

  /**
   * Compute, store, then show. Resolves true once the move is stored and on screen; false when
   * it was refused (error set) or another move was still being stored (a double tap).
   */
  async #commit(entry: () => LoggedEvent): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    const slow = setTimeout(() => (this.#saving = true), SAVING_SHOWN_AFTER_MS);
    this.#pending = null;
    try {
      const event = entry();
      this.#pending = event;
      const log = [...this.#log, event];
      const snapshot = event.type === 'undo' ? await this.#beforeLastMove(log) : apply(this.def, this.#snapshot, event, this.#record.seq);
      const view = this.def.view(snapshot);
      const persisted = persist(this.def, snapshot);
      const at = Date.now();
      const seq = this.#record.seq + 1;
      const record: GameRecord = {
        ...this.#record,
        updatedAt: at,
        machineVersion: this.def.machineVersion,
        snapshot: persisted,
        seq,
        status: view.stage === 'over' ? 'over' : 'active',
        summary: summarize(view)
      };
      const machineVersion = this.def.machineVersion;
      const logged: EventRecord = { gameId: this.id, seq, at, event, machineVersion };
      const checkpoint = isCheckpoint(seq) ? { gameId: this.id, seq, snapshot: persisted, machineVersion } : undefined;
      await exclusive(() => this.#store(record, logged, checkpoint));
      // Committed: only now may the screen change.
      this.#snapshot = snapshot;
      this.#entries = [...this.#entries, logged];
      if (checkpoint) {
        this.#checkpoints.add(seq);
        this.#remember(checkpoint);
      }
      this.#log = log;
      this.#record = record;
      this.#view = view;
      this.#deal = this.def.dealing(snapshot);
      // The last player has looked: the hand-back screen, kept across a reload until it is held.
      const passing = this.#passRoundOf(snapshot);
      const handBack = !!this.#passing && !passing && event.type !== 'undo';
      this.#passing = passing;
      // Nothing to write: a reopening reads the hand-back from the log's last entry.
      this.#handBack = handBack;
      this.#error = null;
      this.#overrulable = null;
      return true;
    } catch (e) {
      if (e instanceof StorageError && e.kind === 'conflict') await this.#reloadAfterConflict();
      // A tap meant for a step already answered: nothing to say, nothing changed.
      else if (e instanceof RejectedEvent && e.reason === 'stale') return false;
      else if (e instanceof RejectedEvent || e instanceof StorageError) {
        this.#error = e.text;
        const last = this.#pending;
        this.#overrulable = e instanceof RejectedEvent && e.overrulable && last?.type === 'move' ? last.move : null;
      }
      else {
        // A fault in a game's rules: the game stays where it was and the Keeper is told.
        console.error(e);
        this.#error = { key: 'common:errors.unexpected' };
      }
      return false;
    } finally {
      clearTimeout(slow);
      this.#busy = false;
      this.#saving = false;
    }
  }

  /**
   * The game as it was before the last move still in effect, for an undo (`log` ends with it):
   * the nearest checkpoint whose moves are all still in effect, restored, and the few moves
   * after it applied (`restorePlan`). An undo then costs one read and at most about
   * `CHECKPOINT_EVERY` moves however long the game (replaying the log from the start took a
   * third of a second at a thousand entries). A checkpoint that is missing (a game carried on in
   * memory holds only the newest), unreadable (a failing disk) or written by another machine
   * version is passed over for an older one, down to the start of the game.
   */
  async #beforeLastMove(log: LoggedEvent[]): Promise<Snapshot> {
    const input = this.#record.input as GameInput<never>;
    // Every checkpoint at hand is also one of the stored ones.
    const usable = new Set(this.#checkpoints);
    for (;;) {
      const plan = restorePlan(log, usable);
      let snapshot: Snapshot;
      if (plan.from === 0) snapshot = start(this.def, input);
      else {
        const found = this.#recent.get(plan.from) ?? (await this.#readCheckpoint(plan.from));
        if (!found || found.machineVersion !== this.def.machineVersion) {
          usable.delete(plan.from);
          continue;
        }
        this.#remember(found);
        snapshot = restore(this.def, found.snapshot);
      }
      for (const move of plan.moves) snapshot = apply(this.def, snapshot, move);
      return snapshot;
    }
  }

  /** A stored checkpoint, or null when it cannot be read: a failing disk must not stop an undo. */
  async #readCheckpoint(seq: number): Promise<CheckpointRecord | null> {
    try {
      return await (await storageFor(this.id)).getCheckpoint(this.id, seq);
    } catch {
      return null;
    }
  }

  /** Keep a checkpoint at hand, and only the newest few. */
  #remember(checkpoint: CheckpointRecord): void {
    this.#recent.delete(checkpoint.seq);
    this.#recent.set(checkpoint.seq, checkpoint);
    if (this.#recent.size > RECENT_CHECKPOINTS) this.#recent.delete(this.#recent.keys().next().value!);
  }

  /** Append one entry where the game is kept; on a full or failing storage, go on in memory. */
  async #store(record: GameRecord, logged: EventRecord, checkpoint: CheckpointRecord | undefined): Promise<void> {
    const storage = await storageFor(this.id);
    try {
      await storage.appendEvent(record, logged, checkpoint);
    } catch (e) {
      const error = toStorageError(e);
      // Already in memory, or a failure memory would not cure (a conflict, a bug): refuse.
      if (!canCarryOn(error) || !this.saved) throw error;
      // The refused transaction wrote nothing, so the stored copy is still the committed game.
      const kept = [...this.#recent.values()].filter((c) => c.seq <= this.#record.seq);
      const memory = await carryOnInMemory(this.#record, this.#entries, kept, this.#record.seq, error.kind);
      await memory.appendEvent(record, logged, checkpoint);
    }
  }

  /**
   * The stored game is not the one on screen (another tab moved it on, or undid): show what is
   * stored, never overwrite it, and say why the screen changed.
   */
  async #reloadAfterConflict(): Promise<void> {
    try {
      const found = await (await storageFor(this.id)).getGame(this.id);
      if (found) {
        this.#load(found);
        this.#error = { key: 'common:reliability.reloaded' };
        return;
      }
    } catch {
      // Unreadable: keep the screen as it was, with the conflict message below.
    }
    this.#error = { key: 'common:storage.conflict' };
  }
}

function summarize(view: GameView): GameSummary {
  return {
    players: view.players.map((p) => p.name),
    phase: view.phase,
    stage: view.stage,
    winner: view.outcome?.winner ?? null
  };
}
