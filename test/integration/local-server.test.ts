/**
 * HTTP tests against the local runner, started as `npm start` starts it (on a free port),
 * with every response checked by the real parser of its type.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { decode } from '../support/decode';

const KEY = 'appkey=http%3A%2F%2Fmy.app%2F';
let server: ChildProcess;
let base = '';

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'infra/start.ts'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  for await (const chunk of server.stdout!) {
    printed += String(chunk);
    const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
    if (url && printed.includes('Try: curl')) {
      base = url[1]!;
      break;
    }
  }
  expect(base).not.toBe('');
}, 30_000);

afterAll(async () => {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
});

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
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
