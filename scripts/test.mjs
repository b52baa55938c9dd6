#!/usr/bin/env node
/**
 * `npm test`: everything that checks Lantern, in one command, on a fresh machine.
 *
 *   1. svelte-kit sync, then svelte-check (types and Svelte diagnostics, warnings fail)
 *   2. vitest: unit and component tests (run a second time only when every test passed and
 *      vitest's only errors were its own workers not answering it in time, which a busy machine
 *      causes; any other error outside a test fails the stage)
 *   3. vite build: the real app, service worker included
 *   4. Chromium: found (CHROME_PATH, usual paths), or installed from Debian when running as root
 *   5. node --test tests/e2e/*.test.mjs: the built app in headless Chromium (subpath.test.mjs
 *      makes one more build itself, under /lantern/ into build-lantern/, and removes it after)
 *   6. node --test tests/engines/*.test.mjs: the cross-engine smoke run on the same build, in
 *      Firefox ESR and WebKitGTK side by side (scripts/engines.mjs finds them; an engine that is
 *      not installed is said and skipped, not failed: `.ci/run` installs both)
 *
 * Stages 1 and 2 run at the same time, and so do 5 and 6: each pair's second is printed whole
 * once the first is done, so the output reads in order.
 *
 * `node scripts/test.mjs --only engines` (or `--only e2e`, `--only unit`, `--only check`, comma
 * separated) runs only those stages; e2e and engines build first. A full run takes no flag.
 *
 * Every stage runs even when an earlier one failed (except the browser tests, which need a
 * build and a browser), so one run shows every problem. The last line is always
 * `Total: N passed, N failed`: the vitest and end-to-end test counts, where a stage that
 * failed without test counts (type check, build, no browser) counts as one failure. Above it,
 * "What failed" names every failed test and quotes an error vitest found outside the tests, so
 * the last lines of a long run say what to look at.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { findEngines } from './engines.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const RESULTS = join(root, 'test-results');

/**
 * Runs a command with the terminal attached; resolves with its exit code. With `log`, what it
 * prints is also kept in that file, to be quoted in the summary at the end.
 */
function run(command, args, env = {}, log = null, { echo = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env }
    });
    const file = log ? createWriteStream(log) : null;
    if (file) {
      child.stdout.on('data', (chunk) => (echo && process.stdout.write(chunk), file.write(chunk)));
      child.stderr.on('data', (chunk) => (echo && process.stderr.write(chunk), file.write(chunk)));
    }
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      file?.end();
      resolve(1);
    });
    child.on('close', (code, signal) => {
      const exit = code ?? (signal ? 1 : 0);
      // The log is read as soon as this resolves: all of it, written out.
      if (file) file.end(() => resolve(exit));
      else resolve(exit);
    });
  });
}

function heading(text) {
  console.log(`\n━━ ${text} ━━`);
}

/** Vitest's "Unhandled Errors" block, from its heading to the rule that closes it. */
function unhandledBlock(log) {
  const lines = plain(log).split('\n');
  const start = lines.findIndex((line) => /Unhandled (Error|Rejection)/.test(line));
  if (start < 0) return 'vitest exited with an error but printed no "Unhandled Error": see its output above';
  // The block ends with a rule of ⎯ alone; at most 40 lines of it.
  const end = lines.findIndex((line, i) => i > start + 1 && /^\s*⎯+\s*$/.test(line));
  return lines.slice(start, Math.min(end < 0 ? Infinity : end + 1, start + 40)).join('\n  ');
}

/** The first line of each unhandled error vitest printed ("Error: …"). */
function unhandledErrors(log) {
  const lines = plain(log).split('\n');
  const errors = [];
  lines.forEach((line, i) => {
    if (!/⎯\s*(Unhandled (Error|Rejection)|Uncaught Exception)\s*⎯/.test(line)) return;
    const message = lines.slice(i + 1).find((next) => next.trim() !== '');
    if (message) errors.push(message.trim());
  });
  return errors;
}

/** Errors of vitest's own machinery: a worker that did not answer it in time, or exited. */
const VITEST_OWN = /^(Error: )?\[vitest-(worker|pool)\]|Worker exited unexpectedly/;

// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The longest end-to-end files start first, so that no long one is left running alone at the
 * end (measured durations, longest first, on a loaded 2-core machine: 100–200 s each); the
 * rest follow in name order.
 */
const LONG_E2E = ['script-screen', 'crash-games', 'botc-table', 'table-promises', 'pwa', 'hostile', 'storage', 'cluethulhu', 'backup', 'crash', 'word-break', 'deal-secrecy', 'speech'];
const rank = (file) => {
  const i = LONG_E2E.indexOf(file.replace(/\.test\.mjs$/, ''));
  return i < 0 ? LONG_E2E.length : i;
};
const E2E_CONCURRENCY = Number(process.env.LANTERN_E2E_CONCURRENCY ?? 4);

/** `--only a,b`: the stages to run (all when absent). */
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg < 0 ? null : new Set((process.argv[onlyArg + 1] ?? '').split(',').filter(Boolean));
const STAGES = ['check', 'unit', 'e2e', 'engines'];
if (only && (only.size === 0 || [...only].some((stage) => !STAGES.includes(stage)))) {
  console.error(`--only takes one or more of ${STAGES.join(', ')}, comma separated`);
  process.exit(2);
}
const runs = (stage) => !only || only.has(stage);

const stageFailures = [];
/** Every failed test by name, and what a failed stage printed about why: repeated at the end,
 *  where a long run's last lines are what is read first. */
const failures = [];
let passed = 0;
let failed = 0;
const started = Date.now();

await rm(RESULTS, { recursive: true, force: true });
await mkdir(RESULTS, { recursive: true });

// 1. Types and Svelte diagnostics, run while vitest runs (each leaves a core idle at times);
// what svelte-check says is printed once vitest is done.
let checking = null;
if (runs('check')) {
  if ((await run(bin('svelte-kit'), ['sync'])) !== 0) stageFailures.push('svelte-kit sync');
  else {
    const log = join(RESULTS, 'svelte-check.log');
    checking = run(bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings'], {}, log, { echo: false }).then(async (code) => ({ code, log }));
  }
}

/** svelte-check's verdict and what it printed, once it is done. */
async function checked() {
  if (!checking) return;
  const { code, log } = await checking;
  heading('svelte-check');
  process.stdout.write(await readFile(log, 'utf8').catch(() => ''));
  if (code !== 0) stageFailures.push('svelte-check');
}

// 2. Unit and component tests. The JSON report gives exact counts.
if (runs('unit')) {
  heading('vitest (unit and component tests)');
  let unit = await vitest();
  if (unit.onlyWorkerErrors) {
    // Every test passed, and the only errors were vitest's own workers failing to answer it in
    // time (a machine too busy for them), not an error of Lantern's code: once more, said aloud.
    console.log(`\nEvery unit test passed, but vitest's own workers failed: ${unit.errors.join('; ')}`);
    heading('vitest, once more (its own workers failed the first time)');
    unit = await vitest();
  }
  passed += unit.passed;
  failed += unit.failed;
  stageFailures.push(...unit.stageFailures);
  failures.push(...unit.failures);
}

/** Runs vitest once; its counts and failures, and whether its only errors were its own. */
async function vitest() {
  const report = join(RESULTS, 'vitest.json');
  const log = join(RESULTS, 'vitest.log');
  await rm(report, { force: true });
  const code = await run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {},
    log
  );
  const result = { passed: 0, failed: 0, stageFailures: [], failures: [], errors: [], onlyWorkerErrors: false };
  let json;
  try {
    json = JSON.parse(await readFile(report, 'utf8'));
  } catch {
    result.stageFailures.push('vitest (no report)');
    return result;
  }
  result.passed = json.numPassedTests;
  result.failed = json.numFailedTests;
  // A file that fails to load has no failed test in it, but is a failure all the same.
  const brokenSuites = json.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  result.failed += brokenSuites.length;
  for (const file of json.testResults) {
    const name = file.name.replace(`${root}/`, '');
    if (brokenSuites.includes(file)) result.failures.push(`vitest: ${name} did not load: ${file.message ?? ''}`.trim());
    for (const test of file.assertionResults) {
      if (test.status === 'failed') result.failures.push(`vitest: ${name} › ${test.fullName}`);
    }
  }
  if (code !== 0 && json.numFailedTests === 0 && brokenSuites.length === 0) {
    // Every test passed, yet vitest failed: an error thrown outside any test (a timer or a
    // promise left running when its test ended, or one of vitest's own workers). Vitest prints
    // it under "Unhandled Error"; it is quoted again at the end.
    const text = await readFile(log, 'utf8').catch(() => '');
    result.errors = unhandledErrors(text);
    result.onlyWorkerErrors = result.errors.length > 0 && result.errors.every((e) => VITEST_OWN.test(e));
    result.stageFailures.push('vitest (every test passed; an error outside the tests, quoted above)');
    result.failures.push(unhandledBlock(text));
  }
  return result;
}

await checked();

// 3. The real build.
const needsBuild = runs('e2e') || runs('engines');
let built = false;
if (needsBuild) {
  heading('vite build');
  built = (await run(bin('vite'), ['build'])) === 0;
  if (!built) stageFailures.push('vite build (run svelte-check to see a compile error the PWA plugin hides)');
}

// 6. The cross-engine smoke run, on the same build: Firefox ESR and WebKitGTK at once (each
// its own browser; together 80-105 s with a 2-core machine's load average near 20). It starts
// with the Chromium tests, whose browsers mostly wait, and is printed after them.
const engineRun =
  built && runs('engines')
    ? run(
        process.execPath,
        [
          '--test',
          '--test-timeout=300000',
          '--test-concurrency=2',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${join(RESULTS, 'engines.tap')}`,
          'tests/engines/firefox.test.mjs',
          'tests/engines/webkit.test.mjs'
        ],
        {},
        join(RESULTS, 'engines.log'),
        { echo: false }
      )
    : null;

// 4 and 5. The built app in Chromium.
if (built && runs('e2e')) {
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
    await countTap(tap, code, 'end-to-end');
  }
}

if (engineRun) {
  const code = await engineRun;
  heading('cross-engine smoke (Firefox ESR, WebKitGTK)');
  const engines = findEngines();
  for (const [name, found] of [['Firefox ESR', engines.firefox], ['WebKitGTK', engines.webkit]]) {
    console.log(found.missing ? `${name}: skipped, ${found.missing}.` : `${name}: ${found.path ?? found.driver}`);
  }
  process.stdout.write(await readFile(join(RESULTS, 'engines.log'), 'utf8').catch(() => ''));
  await countTap(join(RESULTS, 'engines.tap'), code, 'cross-engine');
}

/**
 * Adds a node:test TAP report's counts to the total, and names its failed tests. Skipped tests
 * (an engine not installed) count neither way.
 */
async function countTap(tap, code, label) {
  try {
    const text = await readFile(tap, 'utf8');
    const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? NaN);
    const [pass, fail, cancelled] = [count('pass'), count('fail'), count('cancelled')];
    if (Number.isNaN(pass) || Number.isNaN(fail)) throw new Error('no summary');
    passed += pass;
    failed += fail + (cancelled || 0);
    for (const [, name] of text.matchAll(/^\s*not ok \d+ - (.+)$/gm)) failures.push(`${label}: ${name}`);
    if (code !== 0 && fail === 0 && !cancelled) stageFailures.push(`${label} run`);
  } catch {
    stageFailures.push(`${label} tests (no report)`);
  }
}

failed += stageFailures.length;
console.log('');
if (failures.length > 0) {
  console.log('What failed:');
  for (const failure of failures) console.log(`  ${failure}`);
  console.log('');
}
for (const stage of stageFailures) console.log(`Failed stage: ${stage}`);
console.log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
