/**
 * HTTP tests against the local runner, started as `npm start` starts it (on a free port),
 * with every response checked by the real parser of its type. npm start with DynamoDB Local of
 * its own: local-data-directory.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { decode } from '../support/parsers';
import { childEnv, startStack, type RunningStack } from '../../infra/start/process';

const KEY = 'appkey=http%3A%2F%2Fmy.app%2F';
let stack: RunningStack;
let base = '';

beforeAll(async () => {
  // The integration run's DynamoDB Local (AWS_ENDPOINT_URL_DYNAMODB) serves this stack too. Its
  // functions log as on Lambda, every request, as npm start's do outside the tests.
  stack = await startStack({ POWERTOOLS_LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: undefined });
  base = stack.api;
}, 60_000);

afterAll(() => stack.stop());

/**
 * A connection a request: this process can pause longer than the server keeps an idle connection
 * open (PHP's first load for a body), and a request sent on one the server is closing fails.
 */
async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { ...init, headers: { ...init.headers, connection: 'close' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  return { status: response.status, headers: response.headers, body: bytes.toString('utf8') };
}

test('the README example answers the 30 catalogue entries in XML', async () => {
  const response = await get(`/errors?${KEY}`);
  expect(response.status).toBe(200);
  const decoded = decode(response.headers.get('content-type')!, response.body);
  expect(decoded.type === 'xml' && decoded.root.children.map((child) => child.name)).toEqual(Array(30).fill('error'));
});

describe.each(['xml', 'json', 'javascript', 'php'])('every endpoint in %s', (type) => {
  test.each(['/errors', '/error/1017', '/containers', '/container/offbeat'])('%s', async (path) => {
    const response = await get(`${path}?${KEY}&type=${type}&callback=show`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const decoded = decode(response.headers.get('content-type')!, response.body, 'show');
    expect(decoded.type).toBe(type);
    if (decoded.type === 'javascript') expect(decoded.calls).toHaveLength(1);
  });
});

test('a path parameter arrives decoded, as API Gateway decodes it', async () => {
  const response = await get(`/container/%74echnology?${KEY}&type=json`);
  expect(JSON.parse(response.body).containers[0].short_name).toBe('technology');
});

test('the type follows the Accept header when no type is given', async () => {
  const response = await get(`/containers?${KEY}`, { headers: { Accept: 'text/html, application/json;q=0.9' } });
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
});

test.each([
  ['POST', `/errors?${KEY}&type=json`],
  ['DELETE', `/container/science?${KEY}&type=json`],
  ['GET', `/?${KEY}&type=json`],
  ['GET', `/stories/container/science?${KEY}&type=json`],
])('%s %s is error 404 from the catch-all, in the requested type', async (method, path) => {
  const response = await get(path, { method });
  expect(response.status).toBe(404);
  expect(JSON.parse(response.body)).toEqual({ code: 404, message: 'Not found' });
});

test('short URLs over HTTP: a created short URL redirects from the short-link host beside the API, and the view is counted', async () => {
  const link = `https://www.example.org/${randomUUID()}`;
  const created = JSON.parse((await get(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`)).body);
  const { short_url } = created.shorturls[0];
  expect(short_url.startsWith(`${stack.shortLinks}/`)).toBe(true);
  const visit = await fetch(short_url, { redirect: 'manual' });
  expect(visit.status).toBe(301);
  expect(visit.headers.get('location')).toBe(link);
  const looked = JSON.parse((await get(`/url/short/${encodeURIComponent(short_url)}?${KEY}&type=json`)).body);
  expect(looked.shorturls[0]).toEqual({ ...created.shorturls[0], view_count: 1 });
});

describe('npm start on its own', () => {
  test('keeps answering while its functions log every request to its output', async () => {
    for (let i = 0; i < 3; i++) expect((await get(`/errors?${KEY}&type=json`)).status).toBe(200);
  });

  test('says in one line that Java is missing, and stops', () => {
    const env = childEnv({ AWS_ENDPOINT_URL_DYNAMODB: undefined, PATH: '/nonexistent', DYNAMODB_PORT: '0' });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/start/main.ts'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/Java.*java/)]);
  }, 30_000);
});
