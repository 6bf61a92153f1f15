/**
 * A model of DynamoDB's per-partition limit, which DynamoDB Local lacks (it never throttles): a
 * loopback proxy in front of it that answers as DynamoDB does a request beyond N write units or
 * 3 × N read units a second to one partition key (LOCAL_PARTITION_WRITES, docs/local.md).
 */
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { DescribeTableCommand, DynamoDBClient, type KeySchemaElement } from '@aws-sdk/client-dynamodb';
import { freePort, startDynamoDbLocal, type DynamoDbLocal, type DynamoDbLocalOptions } from './local';

/** What DynamoDB serves one partition a second, in capacity units: N stands for the writes, and reads scale with it. */
export const DYNAMODB_PARTITION = { writes: 1_000, reads: 3_000 } as const;

export interface PartitionLimitOptions {
  /** Write units a second one partition key takes; reads, 3 times as many. */
  readonly partitionWrites: number;
  /** Milliseconds since the epoch, whose whole seconds are the windows: a test holds time with it. */
  readonly now?: () => number;
}

type Json = Record<string, any>;
/** What a request touches: its item, key, or (a Query) the attributes it names equal, and a batch's entry for it. */
type Touch = { table: string; index?: string; write: boolean; item: Json; entry?: unknown };

const one = (write: boolean) => (input: Json) => [{ table: input.TableName, write, item: input.Item ?? input.Key }];
// Each entry of a batch: BatchWriteItem's PutRequest or DeleteRequest, BatchGetItem's key.
const batch = (write: boolean) => (input: Json) =>
  Object.entries(input.RequestItems as Json).flatMap(([table, spec]) =>
    (spec.Keys ?? spec).map((entry: Json) => ({ table, write, item: entry.PutRequest?.Item ?? entry.DeleteRequest?.Key ?? entry, entry })),
  );

/**
 * What each modelled operation touches, 1 unit an item: DynamoDB charges writes by the KB (twice in
 * a transaction), reads by 4 KB (half when eventually consistent), a Query by what it returns; the
 * model counts items, not sizes. Scan, TransactGetItems and the rest pass through uncounted.
 */
const TOUCHES: Record<string, (input: Json) => Touch[]> = {
  PutItem: one(true),
  UpdateItem: one(true),
  DeleteItem: one(true),
  GetItem: one(false),
  // The partition key's value is the `name = :value` of KeyConditionExpression on the table's (index's) partition key.
  Query: ({ TableName, IndexName, KeyConditionExpression, ExpressionAttributeNames: names, ExpressionAttributeValues: values }) => {
    const equal = [...String(KeyConditionExpression).matchAll(/(#?\w+)\s*=\s*(:\w+)/g)];
    const attributes = Object.fromEntries(equal.map(([, name, value]) => [names?.[name!] ?? name, values?.[value!]]));
    return [{ table: TableName, index: IndexName, write: false, item: attributes }];
  },
  // Put, Update, Delete or ConditionCheck: each a write.
  TransactWriteItems: (input) => input.TransactItems.flatMap((entry: Json) => one(true)(Object.values(entry)[0])),
  BatchWriteItem: batch(true),
  BatchGetItem: batch(false),
};
const UNPROCESSED: Record<string, string> = { BatchWriteItem: 'UnprocessedItems', BatchGetItem: 'UnprocessedKeys' };

/** A batch's RequestItems kept to `entries` (BatchGetItem's in their Keys). */
function keep(requestItems: Json, entries: Set<unknown>): Json {
  const kept: Json = {};
  for (const [table, spec] of Object.entries(requestItems)) {
    const list = (spec.Keys ?? spec).filter((entry: unknown) => entries.has(entry));
    if (list.length > 0) kept[table] = spec.Keys ? { ...spec, Keys: list } : list;
  }
  return kept;
}

const THROTTLED = 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException';

function answer(response: ServerResponse, status: number, headers: Json, body: string): void {
  response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body), 'x-amz-crc32': String(crc32(body)) }).end(body);
}

/** DynamoDB Local on a free loopback port, behind the model on `options.port`: every client at that port is throttled alike. */
export async function startLimitedDynamoDbLocal(options: DynamoDbLocalOptions & PartitionLimitOptions): Promise<DynamoDbLocal> {
  const { partitionWrites, now = Date.now } = options;
  const partitionReads = (partitionWrites * DYNAMODB_PARTITION.reads) / DYNAMODB_PARTITION.writes;
  const behind = `http://127.0.0.1:${await freePort()}`;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const describer = new DynamoDBClient({ endpoint: behind, region: 'us-east-1', credentials });
  // Each table's partition key attribute, and each index's (by name), from one DescribeTable.
  const schemas = new Map<string, Promise<Map<string | undefined, string | undefined>>>();
  const hash = (schema: KeySchemaElement[] = []) => schema.find((key) => key.KeyType === 'HASH')?.AttributeName;
  const describe = async (table: string) => {
    try {
      const { Table = {} } = await describer.send(new DescribeTableCommand({ TableName: table }));
      const keyed = [Table, ...(Table.GlobalSecondaryIndexes ?? []), ...(Table.LocalSecondaryIndexes ?? [])];
      return new Map(keyed.map((one) => ['IndexName' in one ? one.IndexName : undefined, hash(one.KeySchema)]));
    } catch {
      schemas.delete(table); // no such table (DynamoDB Local will say so): asked again next time
      return new Map<string | undefined, string | undefined>();
    }
  };
  const schemaOf = (table: string) => schemas.get(table) ?? schemas.set(table, describe(table)).get(table)!;
  let window = { second: Number.NaN, used: new Map<string, number>() };
  const upstream = (incoming: IncomingMessage, body: string | Buffer) =>
    new Promise<IncomingMessage>((answered, failed) => {
      const headers = { ...incoming.headers, 'content-length': String(Buffer.byteLength(body)) };
      request(behind, { method: incoming.method, path: incoming.url, headers }, answered).on('error', failed).end(body);
    });

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const body = Buffer.concat(await incoming.toArray());
    const operation = /^DynamoDB_20120810\.(\w+)$/.exec(String(incoming.headers['x-amz-target']))?.[1] ?? '';
    let input: Json = {};
    let touches: Touch[] = [];
    try {
      input = JSON.parse(body.toString());
      touches = TOUCHES[operation]?.(input) ?? [];
    } catch {} // not a request the model reads: DynamoDB Local answers it as it does
    if (/^(Create|Delete|Update)Table$/.test(operation)) schemas.delete(input.TableName); // its key may change
    const keyNames = await Promise.all(touches.map(async (touch) => (await schemaOf(touch.table)).get(touch.index)));

    const second = Math.floor(now() / 1000);
    if (second !== window.second) window = { second, used: new Map() };
    const { used } = window;
    const taking = new Map<string, number>(); // this request's, kept only if it is served
    const refused = new Set<unknown>();
    touches.forEach((touch, i) => {
      const value = touch.item?.[keyNames[i] ?? ''];
      if (value === undefined) return; // no table, or a key the model cannot find: uncounted
      const counter = JSON.stringify([touch.write, touch.table, touch.index, value]);
      const units = (taking.get(counter) ?? used.get(counter) ?? 0) + 1;
      if (units > (touch.write ? partitionWrites : partitionReads)) refused.add(touch.entry ?? touch);
      else taking.set(counter, units);
    });
    const batch = UNPROCESSED[operation];
    // A batch loses only its refused items, to Unprocessed…; any other request, or a batch refused whole, is throttled.
    if (refused.size > 0 && (!batch || refused.size === touches.length)) {
      const message = `Throughput exceeds the current capacity of your table or index (the local model: ${partitionWrites} writes a second to one partition key)`;
      return answer(response, 400, { 'content-type': 'application/x-amz-json-1.0' }, JSON.stringify({ __type: THROTTLED, message }));
    }
    for (const [counter, units] of taking) used.set(counter, units);
    if (refused.size === 0) {
      const passed = await upstream(incoming, body);
      response.writeHead(passed.statusCode!, passed.statusMessage, passed.rawHeaders);
      return void passed.pipe(response);
    }
    const admitted = new Set(touches.map((touch) => touch.entry).filter((entry) => !refused.has(entry)));
    const passed = await upstream(incoming, JSON.stringify({ ...input, RequestItems: keep(input.RequestItems, admitted) }));
    const text = Buffer.concat(await passed.toArray()).toString();
    if (passed.statusCode !== 200) return answer(response, passed.statusCode!, passed.headers, text);
    const result = JSON.parse(text) as Json;
    // The model's unprocessed entries, and DynamoDB Local's own (a BatchGetItem's beyond 16 MB).
    const unprocessed = keep(input.RequestItems, refused);
    for (const [table, spec] of Object.entries<any>(result[batch!] ?? {}))
      unprocessed[table] = spec.Keys
        ? { ...spec, Keys: [...(unprocessed[table]?.Keys ?? []), ...spec.Keys] }
        : [...(unprocessed[table] ?? []), ...spec];
    answer(response, 200, passed.headers, JSON.stringify({ ...result, [batch!]: unprocessed }));
  };

  const server = createServer((incoming, response) => void handle(incoming, response).catch(() => response.destroy()));
  // Never the first to close an idle connection, as Node's 5 s default would: a request its client
  // sends on it just then is lost unknown, and a view is never sent again (stop() closes them all).
  server.keepAliveTimeout = 0;
  server.listen(options.port, '127.0.0.1');
  // The port first: its error (EADDRINUSE, which npm start names) comes before Java starts.
  await once(server, 'listening');
  const database = await startDynamoDbLocal({ ...options, port: Number(new URL(behind).port) }).catch((error) => {
    server.close();
    throw error;
  });
  const stop = async () => {
    describer.destroy();
    await new Promise((closed) => server.close(closed).closeAllConnections());
    await database.stop();
  };
  return { ...database, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop };
}
