/** Headless Chromium for playwright-core: CHROMIUM_PATH, else a browser where packages put one; none fails saying how. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const KNOWN_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const HOW = 'install Chromium (Debian and Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

/** The browser's binary; throws saying how to get one where there is none. */
function chromiumPath(): string {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named))
      throw new Error(`No Chromium for the browser tests: CHROMIUM_PATH names ${named}, which does not exist; ${HOW}`);
    return named;
  }
  const found = KNOWN_PLACES.find((path) => existsSync(path));
  if (found === undefined) throw new Error(`No Chromium for the browser tests: ${HOW}. Looked in: ${KNOWN_PLACES.join(', ')}`);
  return found;
}

/**
 * Headless Chromium (a rejection saying how to get one where there is none), without a sandbox (it refuses to start as root with one), the GPU or its own
 * connections (background updates, sync, QUIC: this machine refuses them). Playwright starts it
 * headless with a fresh profile in a temporary directory of its own (--user-data-dir), removed on close.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    chromiumSandbox: false,
    timeout: 30_000,
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
