/**
 * Every theme in app.css (dark, night, light) keeps the colour pairs the screens use at 4.5:1
 * or more (WCAG AA for normal text), read straight from the stylesheet: a palette change that
 * makes any of them hard to read in a dark room, or in daylight, fails here before axe sees it.
 */
import { describe, expect, it } from 'vitest';

// Read from disk: vitest hands CSS imports (even `?raw`) to its stub CSS pipeline, which
// empties them. The project has no Node type definitions, hence the typed dynamic import.
const fs: { readFileSync(path: string, encoding: 'utf8'): string } = await import(/* @vite-ignore */ `node:${'fs'}`);
const css = fs.readFileSync('src/app.css', 'utf8');

/** The custom properties declared in the first rule whose selector is exactly `selector`. */
function block(selector: string): Record<string, string> {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule for ${selector}`);
  const body = css.slice(at + selector.length + 2, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const dark = block(':root');
const THEMES: Record<string, Record<string, string>> = {
  dark,
  // Night and light override only colours; anything they leave out is the dark value.
  night: { ...dark, ...block(':root.night') },
  light: { ...dark, ...block(':root:not(.night):not(.in-game)') }
};

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour on background colour, as the screens pair them. */
const PAIRS: [string, string][] = [
  ['--text', '--bg'],
  ['--text', '--surface'],
  ['--text', '--surface-2'],
  ['--text', '--chosen-bg'],
  ['--muted', '--bg'],
  ['--muted', '--surface'],
  ['--muted', '--surface-2'],
  ['--muted', '--chosen-bg'],
  ['--accent', '--bg'],
  ['--accent-strong', '--bg'],
  ['--accent-strong', '--surface'],
  ['--on-accent', '--accent'],
  ['--on-accent', '--accent-hover'],
  ['--danger', '--bg'],
  ['--danger', '--surface'],
  ['--on-danger', '--danger-bg'],
  ['--on-danger', '--danger-hover'],
  ['--ok', '--bg'],
  ['--ok', '--surface'],
  ['--hint-text', '--hint-bg'],
  ['--hint-line', '--hint-bg'],
  ['--warn-text', '--warn-bg'],
  ['--alert-text', '--alert-bg'],
  ['--link-hover', '--bg'],
  ['--text', '--btn-hover'],
  ['--tone-neutral', '--bg'],
  ['--tone-cult', '--tone-cult-bg'],
  ['--tone-investigator', '--tone-investigator-bg'],
  ['--tone-neutral', '--tone-neutral-bg'],
  ['--text', '--tone-cult-bg'],
  ['--text', '--tone-investigator-bg'],
  ['--text', '--tone-neutral-bg'],
  // Not text, but it must stand out: the focus ring.
  ['--focus', '--bg']
];

describe.each(Object.keys(THEMES))('the %s theme', (name) => {
  const theme = THEMES[name];

  it('keeps every text colour at 4.5:1 or more against its background', () => {
    const low = PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(theme[fg], theme[bg]) }))
      .filter((p) => p.ratio < 4.5)
      .map((p) => `${p.pair}: ${p.ratio.toFixed(2)}`);
    expect(low).toEqual([]);
  });
});

describe('the night theme', () => {
  it('is dimmer than the dark one, with a red accent', () => {
    const night = THEMES.night;
    expect(luminance(night['--text'])).toBeLessThan(luminance(dark['--text']));
    expect(luminance(night['--bg'])).toBeLessThanOrEqual(luminance(dark['--bg']));
    const [r, g, b] = rgb(night['--accent']);
    expect(r).toBeGreaterThan(2 * Math.max(g, b));
  });
});

describe('the contrast check itself', () => {
  it('measures known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
