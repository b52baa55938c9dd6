#!/usr/bin/env node
/**
 * `npm run bench`: Lantern's two performance budgets, measured on the built app in headless
 * Chromium, printed and written to bench-results/latest.json.
 *
 *   (a) first visit to `/`: gzipped bytes of the JavaScript and CSS the page fetches (each
 *       file's body compressed with zlib's default gzip level), budget ≤ 100 KB of JS;
 *   (b) a step: from the Keeper's tap on Next (or Yes) to the next prompt on screen with its
 *       event committed to IndexedDB (the game screen's <main data-seq> moves only after the
 *       commit), timed inside the page with performance.now(), over at least STEPS steps of
 *       real games (new games are started as needed), budget median ≤ 16 ms.
 *
 * Builds first when build/ is missing or BUILD=1. STEPS (default 200) sets the sample size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PHONE, dealAll, prepareAnswer, screenState, startCluethulhu } from '../tests/e2e/keeper.mjs';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { startServer } from './serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = Number(process.env.STEPS ?? 200);
const BUDGET = { firstVisitJsKB: 100, stepMedianMs: 16 };

if (!existsSync(join(root, 'build/index.html')) || process.env.BUILD === '1') {
  console.log('Building…');
  const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const verdict = (ok) => (ok ? 'held' : 'NOT held');

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** (a) What the first visit to `/` fetches, by file, with gzipped sizes. */
async function firstVisit(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  const files = new Map();
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
    if (!kind || files.has(path)) continue;
    const body = await response.body();
    files.set(path, { path, kind, bytes: body.length, gzip: gzipSync(body).length });
  }
  await context.close();
  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  const sum = (kind, key) => list.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);
  return {
    files: list,
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    jsRaw: sum('js', 'bytes'),
    cssRaw: sum('css', 'bytes')
  };
}

/**
 * Arms a watcher in the page, before the tap: it notes the time of the click (capture phase,
 * ahead of the app's own handler) and resolves once <main data-seq> has moved on, with the
 * prompt drawn; it also notes the next animation frame, when the new prompt gets painted.
 */
async function armTimer(page) {
  await page.evaluate(() => {
    const main = document.querySelector('main[data-seq]');
    const seq = main?.getAttribute('data-seq');
    const prompt = document.querySelector('[data-testid="prompt"]')?.textContent ?? null;
    let clickedAt = null;
    window.addEventListener('click', () => (clickedAt ??= performance.now()), { capture: true, once: true });
    // @ts-ignore: a measurement hook on the page
    window.__lanternStep = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const now = document.querySelector('main[data-seq]');
        if (!now || now.getAttribute('data-seq') === seq || clickedAt === null) return;
        const stage = now.getAttribute('data-stage');
        const nextPrompt = document.querySelector('[data-testid="prompt"]')?.textContent ?? null;
        // Committed; in play the next prompt must be on screen too.
        if (stage === 'play' && nextPrompt === null) return;
        const committed = performance.now();
        observer.disconnect();
        requestAnimationFrame(() =>
          resolve({
            commitMs: committed - clickedAt,
            frameMs: performance.now() - clickedAt,
            stage,
            promptChanged: nextPrompt !== prompt
          })
        );
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
}

/** (b) Times `count` steps, starting new games whenever one ends. */
async function stepTimings(browser, url, count) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const samples = [];
  let games = 0;
  let refused = 0;
  try {
    while (samples.length < count) {
      const id = await startCluethulhu(page, url);
      games += 1;
      let state = await dealAll(page);
      while (state.stage === 'play' && samples.length < count) {
        const button = await prepareAnswer(page, refused);
        await armTimer(page);
        await button.click();
        // A step commits in milliseconds; no result after 5 s means the app refused the answer.
        const result = await Promise.race([
          page.evaluate(() => /** @type {any} */ (window).__lanternStep),
          new Promise((resolve) => setTimeout(() => resolve(null), 5_000))
        ]);
        const after = await screenState(page);
        if (after.seq === state.seq) {
          // The answer did not fit this step: try the next one; nothing was committed or timed.
          refused += 1;
          if (refused > 4) throw new Error(`game ${id}: no answer accepted for "${state.prompt}"`);
          continue;
        }
        refused = 0;
        const timing = result ?? (await page.evaluate(() => /** @type {any} */ (window).__lanternStep));
        samples.push({ game: games, seq: after.seq, phase: state.phase, ...timing });
        state = after;
      }
      // The log really is in IndexedDB: a reload brings back the same committed length.
      await page.reload();
      await page.waitForFunction((seq) => document.querySelector('main[data-seq]')?.getAttribute('data-seq') === String(seq), state.seq, {
        timeout: 15_000
      });
    }
  } finally {
    await context.close();
  }
  return { samples, games };
}

const executablePath = ensureChromium();
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const visit = await firstVisit(browser, server.url);
  console.log('\nFirst visit to / (gzip, zlib default level):');
  for (const f of visit.files) console.log(`  ${String(kb(f.gzip)).padStart(6)} KB  ${f.path}`);
  const jsOk = visit.jsGzip <= BUDGET.firstVisitJsKB * 1024;
  console.log(`  JS  ${kb(visit.jsGzip)} KB gzipped (${kb(visit.jsRaw)} KB raw), budget ≤ ${BUDGET.firstVisitJsKB} KB: ${verdict(jsOk)}`);
  console.log(`  CSS ${kb(visit.cssGzip)} KB gzipped (${kb(visit.cssRaw)} KB raw)`);

  console.log(`\nTiming ${STEPS} steps (tap on Next → next prompt drawn and committed)…`);
  const { samples, games } = await stepTimings(browser, server.url, STEPS);
  const commit = samples.map((s) => s.commitMs).sort((a, b) => a - b);
  const frame = samples.map((s) => s.frameMs).sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  const stats = (sorted) => ({
    median: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? NaN)
  });
  const committed = stats(commit);
  const painted = stats(frame);
  const stepOk = committed.median <= BUDGET.stepMedianMs;
  console.log(`  ${samples.length} steps over ${games} games`);
  console.log(`  committed and drawn: median ${committed.median} ms, p95 ${committed.p95} ms, max ${committed.max} ms`);
  console.log(`  next frame after it:  median ${painted.median} ms, p95 ${painted.p95} ms`);
  console.log(`  budget median ≤ ${BUDGET.stepMedianMs} ms: ${verdict(stepOk)}`);

  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, chromium: browser.version() },
    budgets: BUDGET,
    firstVisit: {
      jsGzipBytes: visit.jsGzip,
      cssGzipBytes: visit.cssGzip,
      jsRawBytes: visit.jsRaw,
      cssRawBytes: visit.cssRaw,
      files: visit.files,
      held: jsOk
    },
    step: {
      count: samples.length,
      games,
      commitMs: committed,
      frameMs: painted,
      held: stepOk,
      samples
    }
  };
  await mkdir(join(root, 'bench-results'), { recursive: true });
  await writeFile(join(root, 'bench-results/latest.json'), JSON.stringify(result, null, 2) + '\n');
  console.log('\nWritten to bench-results/latest.json');
} finally {
  await browser.close();
  await server.close();
}
