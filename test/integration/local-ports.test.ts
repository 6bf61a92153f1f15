/**
 * `npm start` with one of its ports in use on 127.0.0.1: one line naming the variable that sets
 * it, and exit code 1, for the API, the short-link host and DynamoDB Local (Java) alike.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, spawnStart } from '../../infra/start/process';
import { runToEnd } from '../support/run-to-end';

jest.setTimeout(60_000);
let occupied: Server;
let port = 0;
let dataDir = '';
const PORTS = ['PORT', 'SHORT_PORT', 'DYNAMODB_PORT'] as const;
type Run = ReturnType<typeof runToEnd>;
/** The refusals, started at once: each npm start stops by itself. */
let runs: { PORT: Run; SHORT_PORT: Run; DYNAMODB_PORT: Run; notANumber: Run };

const run = (overrides: Record<string, string | undefined>) => runToEnd(spawnStart(childEnv(overrides)));

beforeAll(async () => {
  occupied = createServer().listen(0, '127.0.0.1');
  await once(occupied, 'listening');
  port = (occupied.address() as { port: number }).port;
  dataDir = mkdtempSync(join(tmpdir(), 'local-ports-'));
  runs = {
    PORT: run({ PORT: String(port) }),
    SHORT_PORT: run({ SHORT_PORT: String(port) }),
    DYNAMODB_PORT: run({ AWS_ENDPOINT_URL_DYNAMODB: undefined, LOCAL_DATA_DIR: dataDir, DYNAMODB_PORT: String(port) }),
    notANumber: run({ SHORT_PORT: '30o1' }),
  };
});

afterAll(async () => {
  await Promise.all(Object.values(runs ?? {}));
  occupied.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test.each(PORTS)('%s in use (DYNAMODB_PORT: DynamoDB Local says it): one line naming it, exit code 1', async (variable) => {
  const { code, lines } = await runs[variable];
  const line = `^127\\.0\\.0\\.1:${port} is in use by another program: set ${variable} to a free port, e\\.g\\. ${variable}=\\d+ npm start$`;
  expect(lines).toEqual([expect.stringMatching(new RegExp(line))]);
  expect(code).toBe(1);
});

test('a port that is not a number: one line naming the variable, exit code 1', async () => {
  const { code, lines } = await runs.notANumber;
  expect(lines).toEqual(['SHORT_PORT must be a port number from 0 to 65535, not "30o1"']);
  expect(code).toBe(1);
});
