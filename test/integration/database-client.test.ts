/**
 * lib/db/client.ts against a database that accepts connections and never answers, as a hung
 * DynamoDB does: the functions' document client gives up after its three attempts of 2 s with a
 * TimeoutError, which the functions answer as the database error (503), well inside their 10 s
 * timeout. The SDK only warns about a request past its `requestTimeout` unless told to throw;
 * without that, the request waited for ever (in Lambda: until the function timed out, and the
 * client got API Gateway's answer instead of the API's).
 */
import type { AddressInfo, Server, Socket } from 'node:net';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

/** template.yaml's Timeout of the functions. */
const FUNCTION_TIMEOUT_MS = 10_000;

let silentDatabase: Server;
const heldConnections: Socket[] = [];
const savedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;

beforeAll(async () => {
  // Takes every connection and never reads or answers a byte.
  silentDatabase = createServer((socket) => heldConnections.push(socket));
  await new Promise<void>((listening) => silentDatabase.listen(0, '127.0.0.1', listening));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${(silentDatabase.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of heldConnections) socket.destroy();
  await new Promise((closed) => silentDatabase.close(closed));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = savedEndpoint;
});

test('a database that never answers: TimeoutError after three attempts of 2 s, answered as the database error, inside the function timeout', async () => {
  // Loaded only now: the client takes the endpoint (the silent database's) when it is made.
  const { documentClient } = await import('../../lib/db/client');
  const { databaseFailure } = await import('../../lib/db/failures');
  let functionTimeout: NodeJS.Timeout | undefined;
  const started = performance.now();
  const failure = await Promise.race([
    documentClient.send(new GetCommand({ TableName: 'AnyTable', Key: { pk: 'any' } })).then(
      () => 'answered',
      (error: unknown) => error,
    ),
    new Promise((timedOut) => {
      functionTimeout = setTimeout(() => timedOut('still waiting when the function would have timed out'), FUNCTION_TIMEOUT_MS);
    }),
  ]);
  const elapsed = performance.now() - started;
  clearTimeout(functionTimeout);
  expect(failure).toMatchObject({ name: 'TimeoutError', $metadata: { attempts: 3 } });
  // Each attempt ran into the 2 s request timeout, and all three ended inside the function's
  // timeout: the rule's own bound, not a guess at how long the machine takes.
  expect(elapsed).toBeGreaterThan(3 * 2_000 - 100);
  expect(elapsed).toBeLessThan(FUNCTION_TIMEOUT_MS);
  expect(databaseFailure(failure)).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
}, 20_000);
