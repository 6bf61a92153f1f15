/** Headless Chromium for playwright-core: CHROMIUM_PATH, else a browser where packages put one; none fails saying how. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const KNOWN_PLACES = [
  ...['chromium', 'chromium-browser', 'google-chrome'].map((name) => `/usr/bin/${name}`),
  ...['Chromium.app/Contents/MacOS/Chromium', 'Google Chrome.app/Contents/MacOS/Google Chrome'].map((app) => `/Applications/${app}`),
];

const HOW = 'install Chromium (Debian and Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

function chromiumPath(): string {
  const named = process.env.CHROMIUM_PATH;
  if (named && !existsSync(named))
    throw new Error(`No Chromium for the browser tests: CHROMIUM_PATH names ${named}, which does not exist; ${HOW}`);
  const found = named || KNOWN_PLACES.find((path) => existsSync(path));
  if (found === undefined) throw new Error(`No Chromium for the browser tests: ${HOW}. Looked in: ${KNOWN_PLACES.join(', ')}`);
  return found;
}

/** Headless Chromium, a fresh profile removed on close; no sandbox (as root it refuses one), GPU or connections of its own (refused). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    chromiumSandbox: false,
    timeout: 30_000,
    args: ['gpu', 'quic', 'background-networking', 'component-update', 'sync'].map((what) => `--disable-${what}`).concat('--no-first-run'),
  });
}
