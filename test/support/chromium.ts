/**
 * Headless Chromium for the tests that look at a page, driven by playwright-core (which brings no
 * browser of its own): CHROMIUM_PATH when set, else the first browser found where Debian's
 * `chromium` (CI installs it in .ci/run), Ubuntu's or Google's packages, or macOS's apps put it.
 * `npm test` needs only Node.js and Java, so without a browser the page tests fail only where
 * CI=true (GitHub Actions, whose runners have Chrome), and elsewhere say in a warning that the
 * page was not looked at and how to get a browser (.ci/run installs one first).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const KNOWN_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const MISSING =
  'No Chromium for the browser tests: install it (Debian and Ubuntu: apt-get install chromium), ' +
  `or set CHROMIUM_PATH to a Chromium or Chrome binary. Looked in: ${KNOWN_PLACES.join(', ')}`;

/** The browser's binary, or undefined when there is none. */
function chromiumPath(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH names ${named}, which does not exist`);
    return named;
  }
  return KNOWN_PLACES.find((path) => existsSync(path));
}

/**
 * Headless Chromium, or undefined where there is none and CI is not set; in CI, a missing
 * browser fails the test that asked.
 */
export async function chromiumIfInstalled(): Promise<Browser | undefined> {
  const path = chromiumPath();
  if (path !== undefined) return launchChromium(path);
  if (process.env.CI === 'true') throw new Error(MISSING);
  console.warn(`${MISSING}. The API reference page was not looked at.`);
  return undefined;
}

/**
 * Chromium without a sandbox (it refuses to start as root with one), the GPU or its own
 * connections (background updates, sync, QUIC: this machine refuses them). Playwright starts it
 * headless with a fresh profile in a temporary directory of its own (--user-data-dir), removed on close.
 */
function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
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
