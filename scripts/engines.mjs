/**
 * Finding the browsers of the cross-engine smoke run (tests/engines/): Firefox ESR, and
 * WebKitGTK's WebDriver server with the MiniBrowser it starts and the virtual display it needs.
 * Debian's packages: firefox-esr, webkit2gtk-driver, xvfb (`.ci/run` installs them). An engine
 * that is missing is skipped, with the reason said; it is not a failure. FIREFOX_PATH names
 * another Firefox.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** MiniBrowser's path: WebKitWebDriver starts it, and needs to be told where it is. */
function miniBrowser() {
  const known = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'];
  const found = known.find((path) => existsSync(path));
  if (found) return found;
  try {
    return execFileSync('sh', ['-c', 'dpkg -L libwebkit2gtk-4.1-0 2>/dev/null | grep "/MiniBrowser$"'], { encoding: 'utf8' }).trim().split('\n')[0] || null;
  } catch {
    return null;
  }
}

/**
 * Which engines this machine has: for each, what is needed to start it or, when it is
 * missing, why (`missing`, a sentence saying what to install).
 */
export function findEngines() {
  const fromEnv = process.env.FIREFOX_PATH;
  const firefox = fromEnv ? (existsSync(fromEnv) ? fromEnv : null) : which('firefox-esr') || which('firefox');
  const driver = which('WebKitWebDriver');
  const xvfb = which('xvfb-run');
  const browser = driver ? miniBrowser() : null;
  return {
    firefox: firefox
      ? { path: firefox }
      : { missing: fromEnv ? `FIREFOX_PATH is set to ${fromEnv}, but there is no file there` : 'Firefox ESR is not installed (apt-get install firefox-esr)' },
    webkit:
      driver && xvfb && browser
        ? { driver, xvfb, browser }
        : {
            missing: !driver
              ? 'WebKitWebDriver is not installed (apt-get install webkit2gtk-driver)'
              : !browser
                ? 'MiniBrowser (package libwebkit2gtk-4.1-0) was not found'
                : 'xvfb-run is not installed (apt-get install xvfb): MiniBrowser needs a display'
          }
  };
}
