/**
 * How the screen looks right now, written onto <html> for the stylesheet (app.css) to follow:
 *
 * - `class="night"`: the dim, red-accented theme. In `auto` it follows the step on the script
 *   screen (on while eyes are closed); `on` and `off` force it everywhere.
 * - `data-text-size`: the Keeper's text size, app-wide.
 *
 * - `class="in-game"`: a game has been on screen in this tab (dealt, played or just over). Every
 *   screen then stays dark, whatever the phone's light/dark preference, and in `auto` every
 *   screen (Table, Log, Settings, Home, dialogs) follows the eyes of the step last shown: a
 *   moderator in a dark room never meets a light screen. With night mode `off` the Keeper
 *   has asked for the phone's own look, so `in-game` is not set.
 *
 * The Settings store sets the preferences, the game screens say whether a game is running and
 * whether eyes are closed; the phone's light/dark preference is left to CSS
 * (`prefers-color-scheme`). The game's state is kept in the tab's session storage, so a reload
 * on any screen mid-game comes back dark at once.
 */
import { afterPaint } from './after-paint';

export const NIGHT_MODES = ['auto', 'on', 'off'] as const;
export type NightMode = (typeof NIGHT_MODES)[number];

export const TEXT_SIZES = ['normal', 'large', 'xlarge'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export const isNightMode = (v: unknown): v is NightMode => (NIGHT_MODES as readonly unknown[]).includes(v);
export const isTextSize = (v: unknown): v is TextSize => (TEXT_SIZES as readonly unknown[]).includes(v);

export class Display {
  nightMode: NightMode = $state('auto');
  textSize: TextSize = $state('normal');
  /** Whether the game's last step shown has eyes closed; null when no game is running. */
  eyesClosed: boolean | null = $state(readSession());

  constructor() {
    // A reload mid-game: dark from the first frame, before the stored settings are read.
    if (this.eyesClosed !== null) this.#sync();
  }

  get night(): boolean {
    return this.nightMode === 'on' || (this.nightMode === 'auto' && this.eyesClosed === true);
  }

  /** A game is running: every screen stays dark (unless night mode is forced off). */
  get inGame(): boolean {
    return this.eyesClosed !== null && this.nightMode !== 'off';
  }

  /**
   * What a game's view means for the screen: eyes closed or open on its step; dealing and the
   * game-over card are eyes-open screens of a game still at the table, so they stay dark too
   * (until the tab is closed: a dark room does not end with the game). A game with no step (a
   * scoreboard, the Storyteller's grimoire) has eyes closed during a night.
   */
  followGame(view: { stage: string; step?: { eyesClosed: boolean } | null; phase?: { kind: string } | null } | null): void {
    if (!view) return;
    this.showStep(view.stage === 'play' ? (view.step?.eyesClosed ?? view.phase?.kind === 'night') : false);
  }

  setNightMode(mode: NightMode): void {
    this.nightMode = mode;
    this.#sync();
  }

  setTextSize(size: TextSize): void {
    this.textSize = size;
    this.#sync();
  }

  /**
   * A game screen shows a running game, whose last step has eyes closed (true) or open (false,
   * also while dealing), or the game is over or gone (null). Leaving a game's screens for
   * another screen does not end it: the room is still dark.
   */
  showStep(eyesClosed: boolean | null): void {
    this.eyesClosed = eyesClosed;
    // Kept for a reload, written once the screen has changed: it is not part of the change.
    if (eyesClosed !== this.#stored) {
      this.#stored = eyesClosed;
      setTimeout(() => writeSession(eyesClosed), 0);
    }
    this.#sync();
  }

  /** What the tab's session storage holds (or will, once written). */
  #stored: boolean | null = readSession();

  /** What was last written onto <html>: the script screen calls on every step, and reading the
   *  theme's colour back forces a style recalculation (2 ms a step), so only a change does it. */
  #synced: string | null = null;

  #sync(): void {
    const root = globalThis.document?.documentElement;
    if (!root) return;
    const state = `${this.night}|${this.inGame}|${this.textSize}`;
    if (state === this.#synced) return;
    this.#synced = state;
    root.classList.toggle('night', this.night);
    root.classList.toggle('in-game', this.inGame);
    if (this.textSize === 'normal') delete root.dataset.textSize;
    else root.dataset.textSize = this.textSize;
    // The browser's own bar (Android) takes the page's background, so it dims with it. Read once
    // the frame is drawn: right after the class changed it would force a second style pass.
    afterPaint(() => {
      const meta = globalThis.document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
      const bg = globalThis.getComputedStyle?.(root).getPropertyValue('--bg').trim();
      if (meta && bg) meta.content = bg;
    });
  }
}

const SESSION_KEY = 'lantern.game.eyes';

function readSession(): boolean | null {
  try {
    const v = globalThis.sessionStorage?.getItem(SESSION_KEY);
    return v === 'closed' ? true : v === 'open' ? false : null;
  } catch {
    return null;
  }
}

function writeSession(eyesClosed: boolean | null): void {
  try {
    if (eyesClosed === null) globalThis.sessionStorage?.removeItem(SESSION_KEY);
    else globalThis.sessionStorage?.setItem(SESSION_KEY, eyesClosed ? 'closed' : 'open');
  } catch {
    // No session storage (a locked-down browser): the state lasts until a reload.
  }
}

export const display = new Display();
