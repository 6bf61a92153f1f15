/**
 * `npm run smoke` against a stack started as `npm start` starts it, and against servers that
 * must fail it: nothing listening, garbage, and PHP bodies with a byte too many.
 */
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../infra/dynamodb/local';
import { startStack, type RunningStack } from '../../infra/start/process';
import { runScript } from '../support/command';
import { CONTENT_TYPE, type ResponseType } from '../support/expect-error';

// Its own limits: the rate-limit table is shared with the other test files' short URLs.
const LIMITS = { RATE_LIMIT_PER_APP_KEY: '5000', RATE_LIMIT_PER_CLIENT_IP: '5000' };

// A gallery sunset past and a short-link brownout from a minute ago, for an hour.
const brownout = `${new Date(Date.now() - 60_000).toISOString().slice(0, 19)}Z/PT1H`;
let stack: RunningStack;
let retiring: RunningStack;

/**
 * npm start, with a request to each function the smoke calls, so that it meets them loaded: a
 * function's first request loads its modules, longer on a busy machine than a smoke request may take.
 */
async function started(settings: Record<string, string>): Promise<RunningStack> {
  const running = await startStack(settings);
  const paths = '/errors /error/1014 /containers /container/technology /galleryphotos /url/short/create /url/short/x /x/y'.split(' ');
  const urls = [...paths.map((path) => `${running.api}${path}?appkey=http%3A%2F%2Fmy.app%2F`), `${running.shortLinks}/Nope1234`];
  for (const url of urls) await (await fetch(url, { redirect: 'manual' })).arrayBuffer();
  return running;
}

beforeAll(async () => {
  [stack, retiring] = await Promise.all([
    started(LIMITS),
    started({ ...LIMITS, GALLERY_SUNSET_DATE: '2020-01-01', LINKS_BROWNOUTS: brownout }),
  ]);
}, 120_000);
const servers: Server[] = [];
afterAll(() => Promise.all([stack?.stop(), retiring?.stop(), ...servers.map((server) => new Promise((closed) => server.close(closed)))]));

/** The error and container catalogues' pages, as the smoke's check lines name them. */
const CATALOGUE_PAGES = ['/errors', '/error/1014', '/containers', '/container/technology'];

/** Runs `npm run smoke -- ...args` (../support/command.ts), to its end; `checks`: the lines PASS, FAIL or SKIP, then the check's name. */
async function smoke(...args: string[]) {
  const child = runScript('smoke', args, process.env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  // 'close': once its output is read to the end, as well as its exit code known.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code: code ?? -1, stdout, stderr, checks: stdout.split('\n').filter((line) => /^(PASS|FAIL|SKIP) /.test(line)) };
}

/** A server of the file's own on loopback, closed after the file: its base URL. */
async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('every check passes against npm start, the short link followed on the short-link host', async () => {
  const run = await smoke(stack.api, stack.shortLinks);
  expect(run.stderr).toBe('');
  // The checks first: a failure shows which.
  expect(run.checks.filter((line) => !line.startsWith('PASS '))).toEqual([]);
  expect(run.code).toBe(0);
  expect(run.checks.length).toBeGreaterThanOrEqual(30);
  const named = ['xml', 'json', 'javascript', 'php'].flatMap((type) => [
    ...[...CATALOGUE_PAGES, 'an unknown path', '/galleryphotos', '/url/short/create'].map((name) => `${name} (${type})`),
    `(${type}): view_count 1 after the visit`,
  ]);
  expect([...named, 'short-link host: 301 to the link'].filter((name) => !run.checks.some((line) => line.includes(name)))).toEqual([]);
  const lines = run.stdout.trim().split('\n');
  expect(lines[lines.length - 1]).toMatch(/^SMOKE PASSED: \d+ passed, 0 failed, 0 skipped in \d+\.\d s$/);
}, 90_000);

test('against npm start retiring (a gallery sunset past, a short-link brownout now), what is retired is skipped, not failed', async () => {
  const run = await smoke(retiring.api, retiring.shortLinks);
  expect(run.checks.filter((line) => line.startsWith('FAIL '))).toEqual([]);
  expect(run.code).toBe(0);
  const skipped = run.checks.filter((line) => line.startsWith('SKIP '));
  for (const type of ['xml', 'json', 'javascript', 'php']) {
    expect(skipped).toContain(
      `SKIP  GET /galleryphotos (${type}): gallery wrapper, Sunset header when set: retired: Not found: retired on 2020-01-01`,
    );
    expect(skipped.some((line) => line.includes(`(${type}): view_count 1 after the visit`))).toBe(true);
  }
  const end = `${new Date(Date.parse(brownout.slice(0, 20)) + 3_600_000).toISOString().slice(0, 19)}Z`;
  expect(skipped).toContain(
    `SKIP  GET {short URL} on the short-link host: 301 to the link: the short-link host is retired: brownout until ${end}`,
  );
  expect(skipped).toHaveLength(9);
  expect(run.checks.filter((line) => !line.startsWith('SKIP ')).every((line) => line.startsWith('PASS '))).toBe(true);
}, 90_000);

test('without SHORT_URL_BASE the short link is not followed, and the rest passes', async () => {
  const run = await smoke(`${stack.api}/`);
  expect(run.checks.filter((line) => line.startsWith('FAIL '))).toEqual([]);
  expect(run.code).toBe(0);
  const skipped = run.checks.filter((line) => line.startsWith('SKIP '));
  expect(skipped).toHaveLength(5);
  expect(skipped.every((line) => line.endsWith('no SHORT_URL_BASE given'))).toBe(true);
}, 90_000);

test('nothing listening: every check fails, exit code 1', async () => {
  const port = await freePort();
  const run = await smoke(`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}`);
  expect(run.code).toBe(1);
  expect(run.checks.length).toBeGreaterThanOrEqual(30);
  expect(run.checks.every((line) => line.startsWith('FAIL '))).toBe(true);
  expect(run.checks[0]).toContain('ECONNREFUSED');
  expect(run.stdout).toMatch(/\nSMOKE FAILED: 0 passed, \d+ failed/);
}, 90_000);

test('a server answering garbage in the right Content-Types fails every check', async () => {
  const base = await serve((request, response) => {
    const type = new URL(request.url!, 'http://x').searchParams.get('type') ?? 'xml';
    response.writeHead(200, {
      'content-type': CONTENT_TYPE[type as ResponseType] ?? 'text/plain; charset=utf-8',
      sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
    });
    response.end('<errors>{"errors": [');
  });
  const run = await smoke(base, base);
  expect(run.code).toBe(1);
  expect(run.checks.every((line) => line.startsWith('FAIL '))).toBe(true);
  expect(run.checks.find((line) => line.includes('/errors (php)'))).toContain('unparsable php');
  expect(run.checks.find((line) => line.includes('/errors (xml)'))).toContain('unparsable xml');
}, 90_000);

test('a PHP body with one byte too many fails, and only the PHP checks fail', async () => {
  // A proxy in front of the API that appends a byte to PHP bodies only.
  const base = await serve(async (request, response) => {
    const upstream = await fetch(`${stack.api}${request.url}`, { redirect: 'manual' });
    let body = Buffer.from(await upstream.arrayBuffer());
    const contentType = upstream.headers.get('content-type') ?? '';
    if (contentType.startsWith('application/php')) body = Buffer.concat([body, Buffer.from(';')]);
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    response.writeHead(upstream.status, headers);
    response.end(body);
  });
  const run = await smoke(base, stack.shortLinks);
  expect(run.code).toBe(1);
  const failed = run.checks.filter((line) => line.startsWith('FAIL '));
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.every((line) => line.includes('(php)') && line.includes('not exactly one serialized value'))).toBe(true);
  expect(run.checks.filter((line) => !line.startsWith('FAIL ')).every((line) => line.startsWith('PASS ') && !line.includes('(php)'))).toBe(
    true,
  );
}, 90_000);

test('bad arguments: usage on stderr, exit code 2', async () => {
  expect((await smoke()).code).toBe(2);
  const run = await smoke('not a url');
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('usage: npm run smoke -- BASE_URL [SHORT_URL_BASE]');
}, 90_000);
