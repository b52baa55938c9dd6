/**
 * Run `fn` once the frame being prepared has been drawn. For work that reads layout or computed
 * style after a change of screen (moving focus, reading a theme colour): done at once it would
 * force the browser to lay out the half-updated page mid-step, then again for the frame; after
 * the paint the layout is already clean, and the work is cheap.
 *
 * A page taken down in between (no document any more) has nothing left to read: `fn` is skipped.
 */
export function afterPaint(fn: () => void): void {
  const run = () => {
    if (globalThis.document) fn();
  };
  const frame = globalThis.requestAnimationFrame;
  if (typeof frame === 'function') frame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}
