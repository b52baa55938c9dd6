/**
 * Finding (and on a fresh Debian machine, installing) the Chromium that the end-to-end tests,
 * the benchmark and the icon script drive through playwright-core. No test tool can download
 * its own browser here, so the system's Chromium is used.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Flags for a quiet headless Chromium: without the networking ones it keeps calling home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
];

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium'
];

/** The Chromium to drive: CHROME_PATH if set, else the first usual install found, else null. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

function isDebianLike() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

/**
 * Returns a Chromium path, installing Debian's package when running as root on Debian or Ubuntu.
 * Throws with instructions otherwise.
 */
export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but there is no file there.`);
  }
  if (process.getuid?.() === 0 && isDebianLike()) {
    log('Chromium not found: installing Debian\u2019s package (apt-get install chromium)…');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    [
      'The end-to-end tests need Chromium and none was found.',
      'Install it, e.g. on Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
      '(on Ubuntu the package may be chromium-browser), or point CHROME_PATH at a Chrome or Chromium binary.'
    ].join('\n')
  );
}
