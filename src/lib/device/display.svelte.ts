/**
 * How the screen looks right now, written onto <html> for the stylesheet (app.css) to follow:
 *
 * - `class="night"`: the dim, red-accented theme. In `auto` it follows the step on the script
 *   screen (on while eyes are closed); `on` and `off` force it everywhere.
 * - `data-text-size`: the Keeper's text size, app-wide.
 *
 * The Settings store sets the preferences, the script screen says whether eyes are closed; the
 * phone's light/dark preference is left to CSS (`prefers-color-scheme`).
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
  /** Whether the step on screen has eyes closed; null when no script is on screen. */
  eyesClosed: boolean | null = $state(null);

  get night(): boolean {
    return this.nightMode === 'on' || (this.nightMode === 'auto' && this.eyesClosed === true);
  }

  setNightMode(mode: NightMode): void {
    this.nightMode = mode;
    this.#sync();
  }

  setTextSize(size: TextSize): void {
    this.textSize = size;
    this.#sync();
  }

  /** The script screen shows a step (true: eyes closed), or has closed (null). */
  showStep(eyesClosed: boolean | null): void {
    this.eyesClosed = eyesClosed;
    this.#sync();
  }

  /** What was last written onto <html>: the script screen calls on every step, and reading the
   *  theme's colour back forces a style recalculation (2 ms a step), so only a change does it. */
  #synced: string | null = null;

  #sync(): void {
    const root = globalThis.document?.documentElement;
    if (!root) return;
    const state = `${this.night}|${this.textSize}`;
    if (state === this.#synced) return;
    this.#synced = state;
    root.classList.toggle('night', this.night);
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

export const display = new Display();
