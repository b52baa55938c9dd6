/**
 * Press and hold to see: the one gesture by which anything secret reaches the screen while
 * eyes may be open (a seat's card on the Table, a player's own role during the deal, a fact
 * only the moderator should know). A finger down for `ms`, or Space/Enter held on the
 * keyboard, makes `held` the key of what is held; lifting the finger, the pointer leaving,
 * the control losing focus, the page being hidden or the component going away clears it at
 * once. A tap, however quick or repeated, never shows anything, and a disabled control holds
 * nothing.
 *
 *   const hold = new Hold(600);
 *   <button {...hold.on(player.id)}>…</button>
 *   {#if hold.held === player.id}…secret…{/if}
 *
 * Call `hold.release()` from the component's teardown (or `onDestroy`).
 */
export class Hold {
  held = $state<string | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ms: number;

  constructor(ms = 600) {
    this.#ms = ms;
  }

  begin(key: string) {
    clearTimeout(this.#timer);
    this.held = null;
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.#onVisibility);
    this.#timer = setTimeout(() => {
      this.held = key;
      this.#timer = undefined;
    }, this.#ms);
  }

  release = () => {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.held = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.#onVisibility);
  };

  // The phone locked or another app came to the front: whatever was held is hidden at once.
  #onVisibility = () => {
    if (document.visibilityState === 'hidden') this.release();
  };

  /** Event handlers for the control that is held; spread them on a `<button>`. */
  on(key: string) {
    const isHoldKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
    return {
      onpointerdown: (e: PointerEvent) => {
        // Only a finger, a pen or the main mouse button holds (a right click opens nothing), and
        // never on a disabled control (browsers send pointer events to those too).
        if (e.button > 0 || isDisabled(e)) return;
        (e.currentTarget as Element | null)?.setPointerCapture?.(e.pointerId);
        this.begin(key);
      },
      onpointerup: this.release,
      onpointercancel: this.release,
      onlostpointercapture: this.release,
      onkeydown: (e: KeyboardEvent) => {
        if (!isHoldKey(e) || isDisabled(e)) return;
        e.preventDefault();
        if (!e.repeat) this.begin(key);
      },
      onkeyup: (e: KeyboardEvent) => {
        if (isHoldKey(e)) this.release();
      },
      onblur: this.release,
      // A long press must not open the browser's menu (or select text) instead.
      oncontextmenu: (e: Event) => e.preventDefault()
    };
  }
}

const isDisabled = (e: Event): boolean => (e.currentTarget as HTMLButtonElement | null)?.disabled === true;
