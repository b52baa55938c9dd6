#!/usr/bin/env node
/**
 * `npm test`: everything that checks Lantern, in one command, on a fresh machine.
 *
 *   1. svelte-kit sync, then svelte-check (types and Svelte diagnostics, warnings fail)
 *   2. vitest: unit and component tests
 *   3. vite build: the real app, service worker included
 *   4. Chromium: found (CHROME_PATH, usual paths), or installed from Debian when running as root
 *   5. node --test tests/e2e/*.test.mjs: the built app in headless Chromium (subpath.test.mjs
 *      makes one more build itself, under /lantern/ into build-lantern/, and removes it after)
 *
 * Every stage runs even when an earlier one failed (except the browser tests, which need a
 * build and a browser), so one run shows every problem. The last line is always
 * `Total: N passed, N failed`: the vitest and end-to-end test counts, where a stage that
 * failed without test counts (type check, build, no browser) counts as one failure.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const RESULTS = join(root, 'test-results');

/** Runs a command with the terminal attached; resolves with its exit code. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function heading(text) {
  console.log(`\n━━ ${text} ━━`);
}

/**
 * The longest end-to-end files start first, so that no long one is left running alone at the
 * end (measured durations, longest first, on a loaded 2-core machine: 120–185 s each); the
 * rest follow in name order.
 */
const LONG_E2E = ['pwa', 'script-screen', 'hostile', 'storage', 'cluethulhu', 'backup', 'crash', 'deal-secrecy', 'speech'];
const rank = (file) => {
  const i = LONG_E2E.indexOf(file.replace(/\.test\.mjs$/, ''));
  return i < 0 ? LONG_E2E.length : i;
};
const E2E_CONCURRENCY = Number(process.env.LANTERN_E2E_CONCURRENCY ?? 4);

const stageFailures = [];
let passed = 0;
let failed = 0;
const started = Date.now();

await rm(RESULTS, { recursive: true, force: true });
await mkdir(RESULTS, { recursive: true });

// 1. Types and Svelte diagnostics.
heading('svelte-check');
if ((await run(bin('svelte-kit'), ['sync'])) !== 0) stageFailures.push('svelte-kit sync');
else if ((await run(bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings'])) !== 0) {
  stageFailures.push('svelte-check');
}

// 2. Unit and component tests. The JSON report gives exact counts.
heading('vitest (unit and component tests)');
const vitestReport = join(RESULTS, 'vitest.json');
const vitestCode = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`
]);
try {
  const report = JSON.parse(await readFile(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test in it, but is a failure all the same.
  const brokenSuites = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  failed += brokenSuites.length;
  if (vitestCode !== 0 && report.numFailedTests === 0 && brokenSuites.length === 0) stageFailures.push('vitest');
} catch {
  stageFailures.push('vitest (no report)');
}

// 3. The real build.
heading('vite build');
const built = (await run(bin('vite'), ['build'])) === 0;
if (!built) stageFailures.push('vite build (run svelte-check to see a compile error the PWA plugin hides)');

// 4 and 5. The built app in Chromium.
if (built) {
  heading('end-to-end tests (Chromium)');
  let chromePath = null;
  try {
    chromePath = ensureChromium();
    console.log(`Chromium: ${chromePath}`);
  } catch (error) {
    console.error(error.message);
    stageFailures.push('Chromium not available');
  }
  if (chromePath) {
    const tap = join(RESULTS, 'e2e.tap');
    const e2eFiles = (await readdir(join(root, 'tests/e2e')))
      .filter((name) => name.endsWith('.test.mjs'))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
      .map((name) => join('tests/e2e', name));
    const code = await run(
      process.execPath,
      [
        '--test',
        '--test-timeout=600000',
        // Four files at a time: most of an end-to-end test is waiting (a step is answered only
        // once it can have been read, a deal screen starts locked, a reload, the service
        // worker): a whole run keeps two cores less than a fifth busy.
        `--test-concurrency=${E2E_CONCURRENCY}`,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        // Named one by one: Node 20 expands a folder, later versions read arguments as globs.
        ...e2eFiles
      ],
      { CHROME_PATH: chromePath }
    );
    try {
      const text = await readFile(tap, 'utf8');
      const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? NaN);
      const [pass, fail, cancelled] = [count('pass'), count('fail'), count('cancelled')];
      if (Number.isNaN(pass) || Number.isNaN(fail)) throw new Error('no summary');
      passed += pass;
      failed += fail + (cancelled || 0);
      if (code !== 0 && fail === 0 && !cancelled) stageFailures.push('end-to-end run');
    } catch {
      stageFailures.push('end-to-end tests (no report)');
    }
  }
}

failed += stageFailures.length;
console.log('');
for (const stage of stageFailures) console.log(`Failed stage: ${stage}`);
console.log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
