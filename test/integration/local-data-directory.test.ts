/**
 * `npm start` running DynamoDB Local of its own on a data directory (LOCAL_DATA_DIR): a request
 * that comes in while DynamoDB Local starts waits for it; Java runs the launcher's compiled class
 * with its quick compiler only; while it runs it names its endpoint and short-link origin there,
 * and another npm start on the directory refuses; once stopped it names nothing, and started again
 * it has its data back. One npm start, restarted once, serves the tests in order: each start of
 * DynamoDB Local costs seconds of CPU.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/dynamodb/local';
import { stateFileIn } from '../../infra/dynamodb/start-state';
import { childEnv, type RunningStack, startStack } from '../../infra/start/process';
import { runScript } from '../support/command';
import { runToEnd } from '../support/run-to-end';

jest.setTimeout(120_000);

const KEY = 'appkey=http%3A%2F%2Fmy.app%2F';
const dataDir = mkdtempSync(join(tmpdir(), 'local-data-'));
let dynamoDbPort = '';
let stack: RunningStack;
let gallery = '';
/** The request sent as soon as the API's port took connections: whether npm start had yet said it was ready, and the answer's status. */
let early: { beforeReady: boolean; status: Promise<number | Error> };

/** npm start's settings: DynamoDB Local of its own, on the data directory. */
const own = () => ({ AWS_ENDPOINT_URL_DYNAMODB: undefined, LOCAL_DATA_DIR: dataDir, DYNAMODB_PORT: dynamoDbPort });

const takesConnections = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      done(true);
    }).once('error', () => done(false));
  });

const created = async (running: RunningStack, link: string) =>
  JSON.parse(await (await fetch(`${running.api}/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`)).text());

beforeAll(async () => {
  dynamoDbPort = String(await freePort());
  const port = await freePort();
  gallery = `http://127.0.0.1:${port}/galleryphotos?${KEY}&type=json`;
  let ready = false;
  const starting = startStack({ ...own(), PORT: String(port) });
  const isReady = () => (ready = true);
  void starting.then(isReady, isReady);
  // The server listens at once; DynamoDB Local takes seconds to start. Tried until npm start is up.
  while (!ready && !(await takesConnections(port))) await new Promise((tick) => setTimeout(tick, 20));
  const answer = fetch(gallery);
  early = { beforeReady: !ready, status: answer.then((response) => response.status).catch((error: Error) => error) };
  stack = await starting;
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a request that comes in while DynamoDB Local is still starting waits for it, and breaks nothing', async () => {
  expect([early.beforeReady, await early.status, (await fetch(gallery)).status]).toEqual([true, 200, 200]);
});

test("runs its DynamoDB Local from the launcher's compiled class, with Java's quick compiler only", () => {
  const processes = execFileSync('ps', ['-ww', '-eo', 'args'], { encoding: 'utf8' }).split('\n');
  const java = processes.find((line) => line.startsWith('java ') && line.includes(` -port ${dynamoDbPort} `));
  expect(java).toContain(' -XX:TieredStopAtLevel=1 ');
  expect(java).toContain(' LoopbackDynamoDBLocal -port ');
});

test('names its endpoint and short-link origin there while it runs; another npm start on it refuses in one line', async () => {
  const state = JSON.parse(readFileSync(stateFileIn(dataDir), 'utf8'));
  expect(state).toEqual({ pid: expect.any(Number), endpoint: `http://127.0.0.1:${dynamoDbPort}`, shortUrlHost: stack.shortLinks });
  // Bundled (../support/command.ts): it refuses before it loads a function, so tsx's loader is only cost.
  const second = await runToEnd(runScript('start', [], childEnv({ ...own(), DYNAMODB_PORT: String(await freePort()) })));
  expect(second.lines).toEqual([`npm start (pid ${state.pid}) already runs DynamoDB Local on ${dataDir}: stop it, or set LOCAL_DATA_DIR`]);
  expect(second.code).toBe(1);
});

test('names nothing there once stopped, and keeps DynamoDB Local data in LOCAL_DATA_DIR across restarts', async () => {
  expect(stack.printed).toContain(`data in ${dataDir}`);
  const link = `https://www.example.org/${randomUUID()}`;
  const first = await created(stack, link);
  await stack.stop();
  expect(existsSync(stateFileIn(dataDir))).toBe(false);
  stack = await startStack(own());
  const again = await created(stack, link);
  expect(again.shorturls[0].itemid).toBe(first.shorturls[0].itemid);
});
