/**
 * A setup form's draft: the form as it stands, kept in the settings table under
 * `setup.draft.<game>` as it is filled in, so going back from the deal, a reload or a phone
 * that slept finds the form exactly as it was left.
 *
 * Once Start has made a game, the draft names it. While that game is still being dealt, the
 * draft stays: Start again opens that same game when nothing changed, or replaces it with the
 * corrected setup, so one setup never makes two games. Once the game is past its deal (or
 * deleted), the draft has served: the next visit starts from an empty form.
 *
 * Everything here is best effort: a draft that cannot be read or written only means the form
 * starts empty, never that a game cannot start.
 */
import type { GameRecord } from '$lib/db';
import { peekStorage } from '$lib/db/peek';
import { listAllGames, ready } from '$lib/stores/storage.svelte';
import type { Entry } from './ids';

/** Writes are gathered for this long while the Keeper types. */
const SAVE_AFTER_MS = 250;

const keyOf = (game: string) => `setup.draft.${game}`;

interface Stored {
  form: unknown;
  started: string | null;
}

const isStored = (v: unknown): v is Stored =>
  typeof v === 'object' &&
  v !== null &&
  'form' in v &&
  typeof (v as Stored).form === 'object' &&
  (v as Stored).form !== null &&
  ((v as Stored).started === null || typeof (v as Stored).started === 'string');

const inDeal = (game: GameRecord | undefined): game is GameRecord =>
  !!game && game.status === 'active' && game.summary.stage === 'dealing';

/** The game a draft started, found still in its deal. */
async function dealing(id: string | null): Promise<GameRecord | null> {
  if (!id) return null;
  const game = (await listAllGames()).find((g) => g.id === id);
  return inDeal(game) ? game : null;
}

export class SetupDraft {
  readonly game: string;
  /** The form as stored, for the form to check and take what fits; null for a fresh form. */
  readonly form: unknown;
  /** The game this setup started, still in its deal when the draft was opened. */
  readonly dealingAtOpen: GameRecord | null;
  #started: string | null;
  /** What storage holds for this draft's form, as JSON (null: nothing, or not yet known). */
  #storedJson: string | null;
  /** The form has reported itself once: its first report is the form as drawn. */
  #drawn = false;
  #pending: unknown = undefined;
  #timer: ReturnType<typeof setTimeout> | null = null;

  private constructor(game: string, stored: Stored | null, dealingAtOpen: GameRecord | null = null) {
    this.game = game;
    this.form = stored?.form ?? null;
    this.dealingAtOpen = dealingAtOpen;
    this.#started = stored?.started ?? null;
    this.#storedJson = stored ? JSON.stringify(stored.form) : null;
  }

  /**
   * The stored draft for `game`, or an empty one when there is none or it has served. Read with
   * the small read the home screen uses, so the form is drawn without waiting for the database
   * library (docs/PERFORMANCE.md); the full storage reads it only where that read cannot.
   */
  static async open(game: string): Promise<SetupDraft> {
    const peeked = await peekStorage().catch(() => null);
    if (peeked) {
      const stored = peeked.settings[keyOf(game)];
      if (!isStored(stored)) return new SetupDraft(game, null);
      const started = stored.started ? peeked.games.find((g) => g.id === stored.started) : undefined;
      if (stored.started && !inDeal(started)) {
        const served = new SetupDraft(game, null);
        void served.clear();
        return served;
      }
      return new SetupDraft(game, stored, started ?? null);
    }
    try {
      const storage = await ready();
      const stored = await storage.getSetting<unknown>(keyOf(game), null);
      if (!isStored(stored)) return new SetupDraft(game, null);
      const started = await dealing(stored.started);
      if (stored.started && !started) {
        await storage.setSetting(keyOf(game), null);
        return new SetupDraft(game, null);
      }
      return new SetupDraft(game, stored, started);
    } catch {
      return new SetupDraft(game, null);
    }
  }

  /** The game this setup started, if it is still being dealt (checked now, not when opened). */
  async startedGame(): Promise<GameRecord | null> {
    try {
      return await dealing(this.#started);
    } catch {
      return null;
    }
  }

  /**
   * Keep `form` (a plain copy), soon. Nothing is written while the form is as storage has it, or
   * as it was first drawn: an empty form needs no draft, and the screen does not load the
   * database library (and run it, in a long task) until the Keeper changes something.
   */
  save(form: unknown): void {
    const json = JSON.stringify(form);
    if (!this.#drawn) {
      this.#drawn = true;
      this.#storedJson ??= json;
    }
    if (json === this.#storedJson) {
      this.#pending = undefined;
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
      return;
    }
    this.#pending = form;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), SAVE_AFTER_MS);
  }

  /** Write what `save` was given, now. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#pending === undefined) return;
    const form = this.#pending;
    this.#pending = undefined;
    await this.#write(form);
  }

  /** Start made game `id` from `form`: the draft now names it. */
  async started(id: string, form: unknown): Promise<void> {
    this.#started = id;
    this.#pending = undefined;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#write(form);
  }

  /** Forget the draft: the form starts empty. */
  async clear(): Promise<void> {
    this.#pending = undefined;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#started = null;
    // The form is drawn again, empty: its first report needs no draft.
    this.#storedJson = null;
    this.#drawn = false;
    try {
      await (await ready()).setSetting(keyOf(this.game), null);
    } catch {
      // Nothing to lose: an unreadable draft is ignored next time.
    }
  }

  async #write(form: unknown): Promise<void> {
    try {
      const value: Stored = { form, started: this.#started };
      await (await ready()).setSetting(keyOf(this.game), value);
      this.#storedJson = JSON.stringify(form);
    } catch {
      // The draft is a convenience: the game itself is saved by Start, not here.
    }
  }
}

/** One field of a stored form when it passes `check`, else undefined (the form's default then). */
export function field<T>(form: unknown, key: string, check: (v: unknown) => v is T): T | undefined {
  if (typeof form !== 'object' || form === null) return undefined;
  const v = (form as Record<string, unknown>)[key];
  return check(v) ? v : undefined;
}

/** Player rows: each with an id of its own and a name. */
export function isEntries(v: unknown): v is Entry[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > 100) return false;
  const ids = new Set<string>();
  for (const e of v) {
    if (typeof e !== 'object' || e === null) return false;
    const { id, name } = e as Entry;
    if (typeof id !== 'string' || id === '' || ids.has(id) || typeof name !== 'string' || name.length > 200) return false;
    ids.add(id);
  }
  return true;
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** A list of ids, each one of `allowed`. */
export const isListOf =
  <T extends string>(allowed: readonly T[]) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every((x) => (allowed as readonly unknown[]).includes(x));

/** A record from strings to one of `allowed` (or '' for none). */
export const isRecordOf =
  <T extends string>(allowed: readonly T[]) =>
  (v: unknown): v is Record<string, T | ''> =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => x === '' || (allowed as readonly unknown[]).includes(x));

export const isDealMode = (v: unknown): v is 'app' | 'physical' => v === 'app' || v === 'physical';
