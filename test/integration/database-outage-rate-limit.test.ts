/**
 * Faults and the rate limit (docs/api.md, Short URLs: Rate limit): creations that meet the
 * database hung or down spend at most one place each, and none when nothing reached it.
 *
 * The create function is loaded with the template's default limit per app key (60 in a
 * 60-second window) and reaches the run's DynamoDB Local through a gate the test holds
 * (test/support/database-on-hold.ts): down, it refuses connections; hung, it keeps what is sent,
 * and released, gives the database each give-back before the counts it should undo, the worst
 * order for the places held. The functions' clock (Date.now) is held too, so that every
 * creation falls in one window, however slow the machine.
 *
 * The functions run in this file's realm, whose `Error` is not Node's own: the environment below
 * makes a refused connection's error an `Error` here too, as it is in Lambda (see that file).
 *
 * @jest-environment ./test/support/node-errors-environment.ts
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type Handler, importHandler } from '../../infra/local/invoke';
import { DatabaseOnHold } from '../support/database-on-hold';
import { expectError, invokeHandler } from '../support/expect-error';
import type { Invocation } from '../support/invoke';
import { loadAfresh } from '../support/load-afresh';

const RATE_LIMITS_TABLE = process.env.RATE_LIMITS_TABLE!;

const DATABASE = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
/** The test's own view of the database, not through the gate. */
const database = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: DATABASE }));
let gate: DatabaseOnHold;
let clock: jest.SpyInstance;
/** The functions' clock, held 20 s into a minute: the window's start, in seconds. */
let windowStart: number;

// The SDK reads the endpoint at a client's first request: the functions' go through the gate.
beforeAll(async () => {
  gate = await DatabaseOnHold.start(DATABASE);
  process.env.AWS_ENDPOINT_URL_DYNAMODB = gate.endpoint;
});
afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = DATABASE;
  database.destroy();
  await gate.stop();
});
beforeEach(() => {
  // A minute to come: DynamoDB Local does not delete the window's item as expired while the test runs.
  windowStart = Math.ceil((Date.now() / 1000 + 120) / 60) * 60;
  clock = jest.spyOn(Date, 'now').mockReturnValue((windowStart + 20) * 1000);
});
afterEach(() => clock.mockRestore());

/** The create function with docs/api.md's 60 per app key from one address in 60 s, behind the gate. */
const limitedCreate = (): Promise<Handler> =>
  loadAfresh({ RATE_LIMIT_PER_APP_KEY: '60', RATE_LIMIT_PER_CLIENT_IP: '1000', RATE_LIMIT_WINDOW_SECONDS: '60' }, () =>
    importHandler('functions/short-url-create.ts', 'handler'),
  );

/** `n` creations of new links from one app key and address, `atOnce` at a time (DynamoDB Local runs requests one at a time). */
async function creations(handler: Handler, n: number, appKey: string, sourceIp: string, atOnce = 5): Promise<Invocation[]> {
  const answers: Invocation[] = [];
  for (let sent = 0; sent < n; sent += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, n - sent) }, () => {
      const url = encodeURIComponent(`https://outage.test/limited/${randomUUID()}`);
      return invokeHandler(handler, `/url/short/create?url=${url}&appkey=${encodeURIComponent(appKey)}&type=json`, { sourceIp });
    });
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

async function placesHeld(sourceIp: string): Promise<number> {
  const { Item } = await database.send(
    new GetCommand({ TableName: RATE_LIMITS_TABLE, Key: { pk: `ip#${sourceIp}#${windowStart}` }, ConsistentRead: true }),
  );
  return (Item?.count as number | undefined) ?? 0;
}

/** An app key and a client address nothing else uses. */
function newClient(): { appKey: string; sourceIp: string } {
  const id = randomUUID();
  return { appKey: `http://limited-${id}.test/`, sourceIp: `fd00:${id.replace(/-/g, '').slice(0, 28).match(/.{4}/g)!.join(':')}` };
}

/** The database error: error 500, HTTP 503, `Retry-After: 1`. */
const expectDatabaseError = (answer: Invocation) => expectError(answer, 'json', 500, 503, { detail: false });

test('20 creations while the database hangs spend one place each at the most: of 60 more in the window, 40 succeed', async () => {
  const handler = await limitedCreate();
  const { appKey, sourceIp } = newClient();
  gate.hang();
  let during: Invocation[];
  let kept = 0;
  try {
    during = await creations(handler, 20, appKey, sourceIp, 20);
  } finally {
    // Each creation's count (sent up to three times) and its give-back reach the database now,
    // the give-backs first: each count then lands after the give-back meant to undo it.
    kept = await gate.release();
  }
  expect(kept).toBeGreaterThanOrEqual(20);
  for (const answer of during) expectDatabaseError(answer);
  expect(await placesHeld(sourceIp)).toBe(20);
  const after = await creations(handler, 60, appKey, sourceIp);
  expect(after.filter((answer) => answer.statusCode === 200)).toHaveLength(60 - 20);
  const refused = after.filter((answer) => answer.statusCode !== 200);
  expect(refused).toHaveLength(20);
  // The rate limit's answer, whose Retry-After is the rest of the minute (held 20 s into it).
  for (const answer of refused) {
    expectError(answer, 'json', 403, 503);
    expect(answer.headers['retry-after']).toBe(String(60 - 20));
  }
}, 60_000);

test('20 creations while the database is down write nothing: all 60 more in the window succeed', async () => {
  const handler = await limitedCreate();
  const { appKey, sourceIp } = newClient();
  await gate.down();
  let during: Invocation[];
  try {
    during = await creations(handler, 20, appKey, sourceIp, 20);
  } finally {
    await gate.up();
  }
  for (const answer of during) expectDatabaseError(answer);
  expect(await placesHeld(sourceIp)).toBe(0);
  const after = await creations(handler, 60, appKey, sourceIp);
  expect(after.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
}, 60_000);
