/**
 * HTTP tests against the local runner, started as `npm start` starts it (on a free port),
 * with every response checked by the real parser of its type.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../infra/dynamodb/local';
import { decode } from '../support/decode';
import { childEnv, spawnStart, startStack, type RunningStack } from '../../infra/start/process';

const KEY = 'appkey=http%3A%2F%2Fmy.app%2F';
let stack: RunningStack;
let base = '';

beforeAll(async () => {
  // The integration run's DynamoDB Local (AWS_ENDPOINT_URL_DYNAMODB) serves this stack too.
  stack = await startStack();
  base = stack.api;
}, 60_000);

afterAll(() => stack.stop());

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

describe('short URLs over HTTP, with the short-link host beside the API', () => {
  test('a created short URL redirects from the short-link host, and the view is counted', async () => {
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
});

describe('npm start on its own', () => {
  test('keeps DynamoDB Local data in LOCAL_DATA_DIR across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-data-'));
    const own = { AWS_ENDPOINT_URL_DYNAMODB: undefined, LOCAL_DATA_DIR: dataDir, DYNAMODB_PORT: String(await freePort()) };
    const link = `https://www.example.org/${randomUUID()}`;
    try {
      let running = await startStack(own);
      expect(running.printed).toContain(`data in ${dataDir}`);
      const first = JSON.parse(
        await (await fetch(`${running.api}/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`)).text(),
      );
      await running.stop();
      running = await startStack(own);
      const again = JSON.parse(
        await (await fetch(`${running.api}/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`)).text(),
      );
      await running.stop();
      expect(again.shorturls[0].itemid).toBe(first.shorturls[0].itemid);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  test("runs its DynamoDB Local from the launcher's compiled class, with Java's quick compiler only", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-java-'));
    const dynamoDbPort = String(await freePort());
    const running = await startStack({ AWS_ENDPOINT_URL_DYNAMODB: undefined, LOCAL_DATA_DIR: dataDir, DYNAMODB_PORT: dynamoDbPort });
    try {
      const processes = execFileSync('ps', ['-ww', '-eo', 'args'], { encoding: 'utf8' }).split('\n');
      const java = processes.find((line) => line.startsWith('java ') && line.includes(` -port ${dynamoDbPort} `));
      expect(java).toContain(' -XX:TieredStopAtLevel=1 ');
      expect(java).toContain(' LoopbackDynamoDBLocal -port ');
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  test('a request that comes in while DynamoDB Local is still starting waits for it, and breaks nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-early-'));
    const port = await freePort();
    const child = spawnStart(
      childEnv({
        AWS_ENDPOINT_URL_DYNAMODB: undefined,
        LOCAL_DATA_DIR: dataDir,
        DYNAMODB_PORT: String(await freePort()),
        PORT: String(port),
      }),
    );
    let printed = '';
    child.stdout!.on('data', (chunk) => (printed += String(chunk)));
    const gallery = `http://127.0.0.1:${port}/galleryphotos?${KEY}&type=json`;
    try {
      // The server listens at once; DynamoDB Local takes seconds to start.
      let early: Promise<Response> | undefined;
      for (let tries = 0; early === undefined && tries < 200; tries++) {
        const connected = await new Promise<boolean>((done) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.end();
            done(true);
          }).once('error', () => done(false));
        });
        if (connected) early = fetch(gallery);
        else await new Promise((tick) => setTimeout(tick, 50));
      }
      expect(printed).not.toContain('listening at');
      expect((await early!).status).toBe(200);
      expect((await fetch(gallery)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  test('keeps answering while its functions log every request to its output', async () => {
    const loud = await startStack({ POWERTOOLS_LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: undefined });
    try {
      for (let i = 0; i < 3; i++) expect((await fetch(`${loud.api}/errors?${KEY}&type=json`)).status).toBe(200);
    } finally {
      await loud.stop();
    }
  }, 60_000);

  test('says in one line that Java is missing, and stops', () => {
    const env = childEnv({ AWS_ENDPOINT_URL_DYNAMODB: undefined, PATH: '/nonexistent', DYNAMODB_PORT: '0' });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/start/main.ts'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/Java.*java/)]);
  }, 30_000);
});
