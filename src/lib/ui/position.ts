/**
 * The shell's promises about position (see docs/ARCHITECTURE.md, "One table for every game"):
 * when a game's position changes (a move committed, an undo, the hand-back opened), the page
 * starts at its top, focus goes to the element marked `data-position-top`, and taps on the
 * game's controls are ignored for `POSITION_GUARD_MS`, so a second tap meant for the control
 * that was there never lands on the one that appears in its place.
 */
export const POSITION_GUARD_MS = 500;

/** What a tap may land on that moves a game: every control but those marked `data-any-time`. */
const CONTROL = 'button, a[href], input, select, textarea, label, summary, [role="button"], [role="radio"], [role="checkbox"]';

export function tappedControl(target: EventTarget | null): Element | null {
  const el = target instanceof Element ? target : null;
  const control = el?.closest(CONTROL) ?? null;
  return control && !control.closest('[data-any-time]') ? control : null;
}

/**
 * The element a new position starts at: the one marked `data-position-top`, else the screen's
 * first heading, which is then marked (and made focusable) so a screen that does not mark its
 * own still keeps the promise.
 */
export function positionTop(root: HTMLElement): HTMLElement | null {
  const marked = root.querySelector<HTMLElement>('[data-position-top]');
  if (marked) return marked;
  const heading = root.querySelector<HTMLElement>('h1') ?? root.querySelector<HTMLElement>('h2');
  if (!heading) return null;
  heading.setAttribute('data-position-top', '');
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
