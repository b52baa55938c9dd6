/**
 * Run `fn` once the frame being prepared has been drawn. For work that reads layout or computed
 * style after a change of screen (moving focus, reading a theme colour): done at once it would
 * force the browser to lay out the half-updated page mid-step, then again for the frame; after
 * the paint the layout is already clean, and the work is cheap.
 */
export function afterPaint(fn: () => void): void {
  const frame = globalThis.requestAnimationFrame;
  if (typeof frame === 'function') frame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}
