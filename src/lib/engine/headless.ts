/**
 * Driving a game from a test or a script, with no screen and no storage: players are named
 * by their names, answers are one call each, and every move is logged so that undo and
 * replay can be checked against the live snapshot. See docs/ARCHITECTURE.md for an example.
 */
import type { GameDefinition, GameInput, GameView } from './game';
import { apply, persist, replay, restore, start, type LoggedEvent, type Snapshot } from './session';
import type { Answer, GameEvent, Move, Override, PlayerId, Step } from './types';

export class HeadlessGame<S, F = unknown> {
  snapshot: Snapshot;
  readonly log: LoggedEvent[] = [];

  constructor(
    readonly def: GameDefinition<S, F>,
    readonly input: GameInput<S>
  ) {
    this.snapshot = start(def, input);
  }

  get view(): GameView {
    return this.def.view(this.snapshot);
  }

  /**
   * The game's plain facts as it stands (`GameDefinition.facts`): side counts, token holders,
   * the step in the book's terms, players by name. For a game that gives none, an error.
   */
  get facts(): F {
    if (!this.def.facts) throw new Error(`${this.def.id} gives no facts`);
    return this.def.facts(this.snapshot);
  }

  get step(): Step {
    const s = this.view.step;
    if (!s) throw new Error(`No step: the game is ${this.view.stage}`);
    return s;
  }

  /** The current step's id, e.g. `day.wizard`. */
  get at(): string | null {
    return this.view.step?.id ?? null;
  }

  id(name: string): PlayerId {
    const p = this.view.players.find((q) => q.name === name);
    if (!p) throw new Error(`No player named ${name}`);
    return p.id;
  }

  name(id: PlayerId): string {
    return this.view.players.find((p) => p.id === id)!.name;
  }

  send(event: GameEvent): this {
    this.snapshot = apply(this.def, this.snapshot, event, this.log.length);
    this.log.push(event);
    return this;
  }

  /** Answer the current step, naming it as the screen does (see `StepTag`). */
  answer(answer: Answer): this {
    const step = this.view.step;
    return this.send(step ? { type: 'step.answer', answer, at: { seq: this.log.length, step: step.id } } : { type: 'step.answer', answer });
  }

  /** Answer a step that takes no answer ("Next"). */
  next(): this {
    return this.answer({ kind: 'none' });
  }

  yes(): this {
    return this.answer({ kind: 'yesno', value: true });
  }

  no(): this {
    return this.answer({ kind: 'yesno', value: false });
  }

  /** Pick players by name; no names picks nobody. */
  pick(...names: string[]): this {
    return this.answer({ kind: 'players', ids: names.map((n) => this.id(n)) });
  }

  random(): this {
    return this.answer({ kind: 'random' });
  }

  /** Enter a tally by name: `tally({ Ania: 5, Bartek: 2 })`. Options left out count 0. */
  tally(counts: Record<string, number>): this {
    return this.answer({ kind: 'tally', counts: Object.fromEntries(Object.entries(counts).map(([n, c]) => [this.id(n), c])) });
  }

  /** A scoreboard game's move. */
  move(m: Move): this {
    return this.send({ type: 'move', move: m });
  }

  override(o: Override): this {
    return this.send({ type: 'keeper.override', override: o });
  }

  /** Take back the last move, as the app does: by replaying the log. */
  undo(): this {
    this.log.push({ type: 'undo' });
    this.snapshot = replay(this.def, this.input, this.log);
    return this;
  }

  /** Answer "Next" until the step's id is `id` (fails after `limit` steps). */
  nextUntil(id: string, limit = 50): this {
    for (let i = 0; i < limit && this.at !== id; i++) this.next();
    if (this.at !== id) throw new Error(`Did not reach ${id}; at ${this.at}`);
    return this;
  }

  /** Persist to JSON, read the log back from JSON and replay it, as a backup's import does. */
  replayed(): Snapshot {
    return replay(this.def, this.input, JSON.parse(JSON.stringify(this.log)) as LoggedEvent[]);
  }

  /** Persist to JSON and restore, as a reload does. */
  reload(): this {
    this.snapshot = restore(this.def, JSON.parse(JSON.stringify(persist(this.def, this.snapshot))));
    return this;
  }

  /** Players still in the game, by name. */
  get alive(): string[] {
    return this.view.players.filter((p) => p.alive).map((p) => p.name);
  }
}
