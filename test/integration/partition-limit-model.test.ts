/**
 * LOCAL_PARTITION_WRITES (infra/dynamodb/partition-limit.ts): a DynamoDB Local of this file's own,
 * behind the model of DynamoDB's per-partition limit, on a clock the test holds. Beyond N writes
 * (3 × N reads) a second to one partition key, the SDK meets DynamoDB's throttling error; other
 * keys, and the next second, are served.
 */
import { Agent, request as httpRequest } from 'node:http';
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { freePort, type DynamoDbLocal } from '../../infra/dynamodb/local';
import { startLimitedDynamoDbLocal } from '../../infra/dynamodb/partition-limit';
import { createTable, key, N, TABLE, atOnce } from '../support/partition-table';

/** The model's clock: a second is over only when a test says so. */
let time = Date.UTC(2026, 0, 1, 12);
let database: DynamoDbLocal;
let client: DynamoDBClient;

const put = (pk: string, sk = 'a') => client.send(new PutItemCommand({ TableName: TABLE, Item: { ...key(pk, sk), grp: { S: 'g' } } }));
const get = (pk: string) => client.send(new GetItemCommand({ TableName: TABLE, Key: key(pk) }));
const query = (pk: string) =>
  client.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: '#p = :p AND sk >= :s',
      ExpressionAttributeNames: { '#p': 'pk' },
      ExpressionAttributeValues: { ':p': { S: pk }, ':s': { S: 'a' } },
    }),
  );
const throttled = { name: 'ProvisionedThroughputExceededException', $metadata: expect.objectContaining({ httpStatusCode: 400 }) };
const itemsOf = async (pk: string) =>
  ((await client.send(new ScanCommand({ TableName: TABLE }))).Items ?? []).filter((item) => item.pk!.S === pk).length;

beforeAll(async () => {
  // A few requests: Java's quick compiler alone starts it on less CPU (../../infra/dynamodb/local.ts).
  database = await startLimitedDynamoDbLocal({ port: await freePort(), quickCompiler: true, partitionWrites: N, now: () => time });
  // One attempt: the SDK's retries would otherwise hide each throttle.
  client = new DynamoDBClient({ endpoint: database.endpoint, maxAttempts: 1 });
  await createTable(client, TABLE);
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await database?.stop();
});

// Each test in a second of its own.
beforeEach(() => {
  time += 1_000;
});

test('writes beyond N a second to one partition key are throttled, whatever the sort key; other keys and the next second are served', async () => {
  await atOnce(N, (i) => put('hot', `s${i}`));
  await expect(put('hot', 'beyond')).rejects.toMatchObject(throttled);
  await expect(
    client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: key('hot'),
        UpdateExpression: 'SET n = :n',
        ExpressionAttributeValues: { ':n': { N: '1' } },
      }),
    ),
  ).rejects.toMatchObject(throttled);
  await atOnce(N, (i) => put('cold', `s${i}`));
  // Writes and reads have budgets of their own.
  await get('hot');
  time += 999;
  await expect(put('hot', 'still')).rejects.toMatchObject(throttled);
  time += 1;
  await atOnce(N, (i) => put('hot', `t${i}`));
  await expect(put('hot', 'beyond')).rejects.toMatchObject(throttled);
  // What was throttled was not written.
  expect(await itemsOf('hot')).toBe(2 * N);
});

test('reads beyond 3 × N a second to one partition key are throttled, GetItem and Query alike; an index has partitions of its own', async () => {
  await put('read');
  await atOnce(3 * N - 1, () => get('read'));
  await query('read');
  await expect(get('read')).rejects.toMatchObject(throttled);
  await expect(query('read')).rejects.toMatchObject(throttled);
  await atOnce(3 * N, () => get('other'));
  // The index's partition `g` (every item's grp) is not the table's `read`.
  const byGroup = new QueryCommand({
    TableName: TABLE,
    IndexName: 'byGroup',
    KeyConditionExpression: 'grp = :g',
    ExpressionAttributeValues: { ':g': { S: 'g' } },
  });
  await atOnce(3 * N, () => client.send(byGroup));
  await expect(client.send(byGroup)).rejects.toMatchObject(throttled);
  time += 1_000;
  await atOnce(3 * N, () => get('read'));
});

test('BatchWriteItem returns the writes beyond N as UnprocessedItems, and is throttled when every one is', async () => {
  const puts = (pk: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ PutRequest: { Item: { ...key(pk, `b${i}`), grp: { S: 'b' } } } }));
  const batch = await client.send(
    new BatchWriteItemCommand({ RequestItems: { [TABLE]: [...puts('batch', N + 3), ...puts('beside', 2)] } }),
  );
  expect(batch.UnprocessedItems).toEqual({ [TABLE]: puts('batch', N + 3).slice(N) });
  expect([await itemsOf('batch'), await itemsOf('beside')]).toEqual([N, 2]);
  await expect(client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: puts('batch', 2) } }))).rejects.toMatchObject(throttled);
  const keys = Array.from({ length: 3 * N + 2 }, (_, i) => key('batch', `b${i}`));
  const read = await client.send(new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: keys, ConsistentRead: true } } }));
  expect(read.UnprocessedKeys).toEqual({ [TABLE]: { Keys: keys.slice(3 * N), ConsistentRead: true } });
  expect(read.Responses?.[TABLE]).toHaveLength(N);
});

test('TransactWriteItems beyond N writes to one partition key is throttled whole', async () => {
  const transaction = (count: number) =>
    new TransactWriteItemsCommand({
      TransactItems: Array.from({ length: count }, (_, i) => ({ Put: { TableName: TABLE, Item: key('transaction', `x${i}`) } })),
    });
  await expect(client.send(transaction(N + 1))).rejects.toMatchObject(throttled);
  expect(await itemsOf('transaction')).toBe(0);
  await client.send(transaction(N));
  expect(await itemsOf('transaction')).toBe(N);
});

test('the SDK retries a throttled write, as DynamoDB throttling: it is served once the second is over', async () => {
  const retrying = new DynamoDBClient({ endpoint: database.endpoint });
  let attempts = 0;
  // Per attempt (below the retries): the second ends before the second attempt.
  retrying.middlewareStack.add(
    (next) => (args) => {
      if (++attempts === 2) time += 1_000;
      return next(args);
    },
    { step: 'deserialize' },
  );
  await atOnce(N, (i) => put('retried', `s${i}`));
  await retrying.send(new PutItemCommand({ TableName: TABLE, Item: key('retried', 'late') }));
  retrying.destroy();
  expect(attempts).toBe(2);
  expect(await itemsOf('retried')).toBe(N + 1);
});

test('keeps an idle connection as long as its client does: none is closed under a request sent on it', async () => {
  // Node's servers close a connection idle 5 s; a view sent on it just then would end unknown, and is never sent again.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = () =>
    new Promise<boolean>((answered, failed) => {
      const headers = { 'x-amz-target': 'DynamoDB_20120810.ListTables', 'content-type': 'application/x-amz-json-1.0' };
      const sent = httpRequest(database.endpoint, { method: 'POST', agent, headers }, (answer) =>
        answer.resume().on('end', () => answered(sent.reusedSocket)),
      );
      sent.on('error', failed).end('{}');
    });
  try {
    expect(await send()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await send()).toBe(true);
  } finally {
    agent.destroy();
  }
});
