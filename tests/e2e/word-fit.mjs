/**
 * Finds words that do not fit, from the layout the browser drew: a word broken inside itself
 * (its letters on two lines), and text cut or spilling out of its box. Runs in the page
 * (`page.evaluate(findUnfitWords, options)`), on the text of buttons, headings, labels, legends,
 * table headers, tabs and seats that are on screen.
 *
 * A word is a run of letters between spaces, hyphens, dashes and slashes: a line may break at a
 * hyphen ("Tcho-/Tcho") or after a slash, never inside "wiesz|amy".
 */

/**
 * @param {{ skip?: string[] }} [options] selectors of regions left out of the check
 * @returns {{ what: string, text: string, word?: string }[]}
 */
export function findUnfitWords({ skip = [] } = {}) {
  const SELECTOR = [
    'button',
    '.btn',
    'h1',
    'h2',
    'h3',
    'h4',
    'label',
    'legend',
    'th',
    'summary',
    '[role="tab"]',
    '[role="columnheader"]',
    '.seat'
  ].join(',');
  const problems = [];
  const seen = new Set();
  const visible = (el) => {
    if (!(el instanceof HTMLElement)) return false;
    if (el.closest('[hidden], [inert], .visually-hidden')) return false;
    // A closed dialog's content is not drawn.
    const dialog = el.closest('dialog');
    if (dialog && !dialog.open) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return el.getClientRects().length > 0;
  };
  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    const cls = [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
    return `${tag}${cls}`;
  };
  /** Whether something between `el` and the page clips or scrolls sideways. */
  const scrollsSideways = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if ((x === 'auto' || x === 'scroll') && a.scrollWidth > a.clientWidth) return true;
    }
    return false;
  };

  for (const el of document.querySelectorAll(SELECTOR)) {
    if (seen.has(el) || !visible(el)) continue;
    if (skip.some((s) => el.closest(s))) continue;
    seen.add(el);
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const style = getComputedStyle(el);

    // Cut: the box clips its text (an ellipsis, or hidden overflow narrower than the text).
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if ((style.textOverflow === 'ellipsis' || clips) && el.scrollWidth > el.clientWidth + 1) {
      problems.push({ what: `${describe(el)} cuts its text`, text });
      continue;
    }

    const box = el.getBoundingClientRect();
    const sideways = scrollsSideways(el);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || skip.some((s) => parent.closest(s))) continue;
      // A descendant that clips on its own is judged as itself when it matches; else here.
      const value = node.nodeValue ?? '';
      const fontSize = parseFloat(getComputedStyle(parent).fontSize) || 16;
      for (const m of value.matchAll(/[^\s\-\u2010-\u2015/]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        if (rects.length === 0) continue;
        const tops = rects.map((r) => r.top);
        if (Math.max(...tops) - Math.min(...tops) > fontSize * 0.6) {
          problems.push({ what: `${describe(el)} breaks a word across lines`, text, word: m[0] });
          break;
        }
        const left = Math.min(...rects.map((r) => r.left));
        const right = Math.max(...rects.map((r) => r.right));
        // Spilling out of its own button or heading, or off the side of the screen.
        if (right > box.right + 2 || left < box.left - 2) {
          problems.push({ what: `${describe(el)} lets a word spill out of its box`, text, word: m[0] });
          break;
        }
        if (!sideways && (right > document.documentElement.clientWidth + 1 || left < -1)) {
          problems.push({ what: `${describe(el)} runs a word off the screen`, text, word: m[0] });
          break;
        }
      }
    }
  }
  return problems;
}
