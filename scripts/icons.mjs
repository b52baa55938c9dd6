#!/usr/bin/env node
/**
 * Draws Lantern's icons from one SVG: static/favicon.svg and the PNGs the web app manifest and
 * iOS ask for (192, 512, maskable 512, apple-touch 180). The PNGs are committed; run this only
 * when the glyph changes: `node scripts/icons.mjs` (needs Chromium, see scripts/chromium.mjs).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DARK = '#14121c';

/** The lantern itself, drawn in a 512 × 512 box (about 240 × 390 of it). */
const GLYPH = `
  <defs>
    <radialGradient id="glow" cx="256" cy="290" r="150" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffcf6b" stop-opacity="0.95"/>
      <stop offset="0.55" stop-color="#f29a38" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#f29a38" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <circle cx="256" cy="290" r="150" fill="url(#glow)"/>
  <g fill="none" stroke="#e9c982" stroke-linecap="round" stroke-linejoin="round">
    <circle cx="256" cy="92" r="30" stroke-width="18"/>
    <rect x="170" y="178" width="172" height="222" rx="30" stroke-width="18"/>
    <path d="M213 178v222M299 178v222" stroke-width="10" stroke-opacity="0.7"/>
  </g>
  <g fill="#e9c982">
    <path d="M196 124h120l36 54H160z"/>
    <rect x="146" y="396" width="220" height="36" rx="12"/>
  </g>
  <path d="M256 220c26 34 44 58 44 88a44 44 0 0 1-88 0c0-30 18-54 44-88z" fill="#ffb347"/>
  <path d="M256 268c12 16 20 28 20 42a20 20 0 0 1-40 0c0-14 8-26 20-42z" fill="#fff4cf"/>
`;

/**
 * @param {object} o
 * @param {'rounded' | 'square'} o.background rounded: a rounded tile with clear corners;
 *   square: full bleed (maskable and Apple icons, which the system crops itself).
 * @param {number} o.scale glyph scale around the centre (maskable icons keep it in the safe circle).
 */
function svg({ background, scale }) {
  const bg =
    background === 'rounded'
      ? `<rect width="512" height="512" rx="96" fill="${DARK}"/>`
      : `<rect width="512" height="512" fill="${DARK}"/>`;
  const glyph =
    scale === 1 ? GLYPH : `<g transform="translate(256 256) scale(${scale}) translate(-256 -262)">${GLYPH}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${bg}${glyph}</svg>\n`;
}

// The safe zone of a maskable icon is the central circle of radius 40% (204.8 px of 512). The
// glyph's farthest corner sits about 226 px from the centre, so 0.78 keeps it about 176 px out.
const ICONS = [
  { file: 'static/icons/icon-192.png', size: 192, background: 'rounded', scale: 1 },
  { file: 'static/icons/icon-512.png', size: 512, background: 'rounded', scale: 1 },
  { file: 'static/icons/icon-maskable-512.png', size: 512, background: 'square', scale: 0.78 },
  { file: 'static/icons/apple-touch-icon.png', size: 180, background: 'square', scale: 0.86 }
];

await mkdir(join(root, 'static/icons'), { recursive: true });
await writeFile(join(root, 'static/favicon.svg'), svg({ background: 'rounded', scale: 1 }));

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const markup = svg(icon).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${markup}`
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(join(root, icon.file), png);
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
