#!/usr/bin/env node
/**
 * Draws Lantern's icons from one SVG: static/favicon.svg (also the manifest's scalable icon,
 * which browsers that take SVG use at every size) and the PNGs where a platform needs pixels:
 * 192 for a browser without SVG icons, maskable 512 for Android's shaped launchers and splash,
 * apple-touch 180 for iOS. The PNGs are
 * committed; run this only when the glyph changes: `node scripts/icons.mjs` (needs Chromium,
 * see scripts/chromium.mjs).
 *
 * Each PNG is drawn by Chromium, then reduced to a palette of at most 256 colours (the icon has
 * a few flat colours and one glow) and written as an indexed PNG with zlib at its best level:
 * the manifest's icons and the touch icon stay under 25 KB together (they were 95 KB as
 * true-colour screenshots, with a 512 PNG where the SVG now serves).
 */
import { deflateSync } from 'node:zlib';
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

/**
 * Reduces RGBA pixels to at most `max` colours: the most frequent colours on a 5-bit-per-channel
 * grid (alpha too) become the palette, and every pixel takes the nearest entry. Good enough for
 * flat shapes with anti-aliased edges and a soft glow; no dithering, so flat areas stay flat.
 * @param {Uint8Array} rgba
 * @param {number} max
 */
function quantize(rgba, max = 256) {
  const key = (i) => ((rgba[i] >> 3) << 15) | ((rgba[i + 1] >> 3) << 10) | ((rgba[i + 2] >> 3) << 5) | (rgba[i + 3] >> 3);
  /** @type {Map<number, { n: number, r: number, g: number, b: number, a: number }>} */
  const bins = new Map();
  for (let i = 0; i < rgba.length; i += 4) {
    const k = key(i);
    const bin = bins.get(k) ?? { n: 0, r: 0, g: 0, b: 0, a: 0 };
    bin.n += 1;
    bin.r += rgba[i];
    bin.g += rgba[i + 1];
    bin.b += rgba[i + 2];
    bin.a += rgba[i + 3];
    bins.set(k, bin);
  }
  const palette = [...bins.values()]
    .sort((x, y) => y.n - x.n)
    .slice(0, max)
    .map((b) => [b.r, b.g, b.b, b.a].map((v) => Math.round(v / b.n)));
  // Fully transparent pixels all take one entry.
  const clear = palette.findIndex((c) => c[3] === 0);
  /** @type {Map<number, number>} */
  const nearest = new Map();
  const indices = new Uint8Array(rgba.length / 4);
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    if (rgba[i + 3] === 0 && clear >= 0) {
      indices[p] = clear;
      continue;
    }
    const k = key(i);
    let best = nearest.get(k);
    if (best === undefined) {
      let bestD = Infinity;
      palette.forEach((c, j) => {
        const d = (c[0] - rgba[i]) ** 2 + (c[1] - rgba[i + 1]) ** 2 + (c[2] - rgba[i + 2]) ** 2 + 2 * (c[3] - rgba[i + 3]) ** 2;
        if (d < bestD) [bestD, best] = [d, j];
      });
      nearest.set(k, /** @type {number} */ (best));
    }
    indices[p] = /** @type {number} */ (best);
  }
  return { palette, indices };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const head = Buffer.from(type, 'latin1');
  let crc = 0xffffffff;
  for (const byte of Buffer.concat([head, data])) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  head.copy(out, 4);
  data.copy(out, 8);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

/** An indexed-colour PNG (colour type 3, 8 bits) of `size` × `size` RGBA pixels. */
function indexedPng(rgba, size) {
  const { palette, indices } = quantize(rgba);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.from(palette.flatMap((c) => c.slice(0, 3)));
  const opaque = palette.every((c) => c[3] === 255);
  // Rows unfiltered (filter 0): indices of flat shapes compress best as they are.
  const raw = Buffer.alloc(size * (size + 1));
  for (let y = 0; y < size; y++) raw.set(indices.subarray(y * size, (y + 1) * size), y * (size + 1) + 1);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    ...(opaque ? [] : [chunk('tRNS', Buffer.from(palette.map((c) => c[3])))]),
    chunk('IDAT', deflateSync(raw, { level: 9, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ]);
}

// The safe zone of a maskable icon is the central circle of radius 40% (204.8 px of 512). The
// glyph's farthest corner sits about 226 px from the centre, so 0.78 keeps it about 176 px out.
const ICONS = [
  { file: 'static/icons/icon-192.png', size: 192, background: 'rounded', scale: 1 },
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
    // The drawn pixels, read back from a canvas: the PNG is then written here, indexed.
    const pixels = await page.evaluate(async ({ markup, size }) => {
      const image = new Image(size, size);
      image.src = `data:image/svg+xml;base64,${btoa(markup)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      context.drawImage(image, 0, 0, size, size);
      return Array.from(context.getImageData(0, 0, size, size).data);
    }, { markup, size: icon.size });
    const png = indexedPng(Uint8Array.from(pixels), icon.size);
    await writeFile(join(root, icon.file), png);
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
