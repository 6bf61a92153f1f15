/**
 * `npm run smoke -- BASE_URL [SHORT_URL_BASE]`: checks a running deployment (or `npm start`)
 * from outside. BASE_URL is the API's URL (the stack's ApiUrl output); SHORT_URL_BASE the
 * short-link host's origin (ShortUrlHost), without which following a short URL is skipped.
 * One line per check, PASS, FAIL or SKIP with the reason, then a summary; exit code 1 when a
 * check failed (2 for bad arguments). Each request has 10 s, the whole run 55 s.
 */
import type { CheckResult } from './check';
import { APP_KEY, runSmoke } from './checks';

const OVERALL_TIMEOUT_MS = 55_000;

function usage(problem: string): never {
  console.error(`${problem}\nusage: npm run smoke -- BASE_URL [SHORT_URL_BASE]`);
  process.exit(2);
}

function httpUrl(text: string | undefined, what: string): string {
  let url: URL;
  try {
    url = new URL(text ?? '');
  } catch {
    usage(`${what} is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') usage(`${what} is not an http(s) URL: ${text}`);
  if (url.search || url.hash) usage(`${what} has a query or fragment: ${text}`);
  return text!;
}

const [apiArgument, shortArgument, ...rest] = process.argv.slice(2);
if (!apiArgument) usage('BASE_URL is missing');
if (rest.length > 0) usage(`unexpected arguments: ${rest.join(' ')}`);
const api = httpUrl(apiArgument, 'BASE_URL');
const shortLinks = shortArgument ? httpUrl(shortArgument, 'SHORT_URL_BASE') : undefined;

console.log(
  `Smoke test of ${api}${shortLinks ? ` with short links at ${shortLinks}` : ' (no SHORT_URL_BASE: short links are not followed)'}, appkey ${APP_KEY}`,
);
const started = performance.now();
const printed: CheckResult[] = [];

function summary(): string {
  const count = (outcome: CheckResult['outcome']) => printed.filter((result) => result.outcome === outcome).length;
  const failed = count('FAIL');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `${failed === 0 ? 'SMOKE PASSED' : 'SMOKE FAILED'}: ${count('PASS')} passed, ${failed} failed, ${count('SKIP')} skipped in ${seconds} s`;
}

const results = runSmoke({ api, shortLinks });
setTimeout(() => {
  console.log(
    `FAIL  the whole run: not finished within ${OVERALL_TIMEOUT_MS / 1000} s (${results.length - printed.length} checks unanswered)`,
  );
  printed.push({ name: 'the whole run', outcome: 'FAIL', ms: OVERALL_TIMEOUT_MS });
  console.log(summary());
  process.exit(1);
}, OVERALL_TIMEOUT_MS).unref();

for (const pending of results) {
  const result = await pending;
  printed.push(result);
  const ms = `(${Math.round(result.ms)} ms)`;
  console.log(`${result.outcome}  ${result.name}${result.reason ? `: ${result.reason}` : ''}${result.outcome === 'SKIP' ? '' : ` ${ms}`}`);
}
console.log(summary());
process.exitCode = printed.some((result) => result.outcome === 'FAIL') ? 1 : 0;
