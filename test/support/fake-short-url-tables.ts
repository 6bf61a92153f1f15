/**
 * An in-memory stand-in for the two short-URL tables behind a mocked document client, with the conditions
 * lib/shorturls/dynamodb.ts relies on, for the short-URL fault tests. Importing it mocks the client for the
 * importing test file: reset, and console.error quietened afresh, before each test.
 */
import { UNIT_RATE_LIMITS_TABLE, UNIT_SHORT_URLS_TABLE } from './short-url-unit-env';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchGetCommandInput, GetCommandInput, TransactWriteCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { linkKey } from '../../lib/shorturls/link';

const ddb = mockClient(DynamoDBDocumentClient);
/** The running test's console.error, quiet: a spy made afresh before each test (an import reads the current one). */
export let consoleError: jest.SpyInstance;

beforeEach(() => {
  ddb.reset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());
afterEach(() => jest.useRealTimers());
afterAll(() => ddb.restore());

type Item = Record<string, unknown>;

/** Which of the store's calls a request is making. */
export type Point =
  | 'rate-limit'
  | 'give-back'
  | 'find-link'
  | 'find-code'
  | 'next-itemid'
  | 'insert'
  | 'count-view'
  | 'count-shard'
  | 'mark-shards';

/** Returns what the call should be rejected with, or undefined to let it run. */
export type Fault = (point: Point, input: unknown, database: FakeDatabase) => unknown;

export class FakeDatabase {
  readonly shortUrls = new Map<string, Item>();
  /** Rate-limit windows: the address's `count` and each app key's `key#…` count. */
  readonly windows = new Map<string, Record<string, number>>();
  /** Each window's `requests`: the tokens of the creations it counts. */
  readonly requests = new Map<string, Set<string>>();
  lastItemId = 100;
  readonly calls: { point: Point; input: unknown }[] = [];

  /** Stores a record and its link's entry, as a won insert does. */
  put(record: { code: string; link: string; itemid: number; view_count: number }): void {
    this.shortUrls.set(`code#${record.code}`, { pk: `code#${record.code}`, ...record });
    this.shortUrls.set(`link#${linkKey(record.link)}`, { pk: `link#${linkKey(record.link)}`, code: record.code });
  }

  inserts(): TransactWriteCommandInput[] {
    return this.calls.filter((call) => call.point === 'insert').map((call) => call.input as TransactWriteCommandInput);
  }

  count(point: Point): number {
    return this.calls.filter((call) => call.point === point).length;
  }

  points(): Point[] {
    return this.calls.map((call) => call.point);
  }
}

const pkOf = (input: { Key?: Record<string, unknown> }): string => String(input.Key?.pk);

function pointOfUpdate(input: UpdateCommandInput): Point {
  if (input.TableName === UNIT_RATE_LIMITS_TABLE)
    return input.ExpressionAttributeValues?.[':minusOne'] === undefined ? 'rate-limit' : 'give-back';
  if (pkOf(input).startsWith('views#')) return 'count-shard';
  if (input.UpdateExpression?.startsWith('SET view_shards')) return 'mark-shards';
  return pkOf(input).startsWith('code#') ? 'count-view' : 'next-itemid';
}

const conditionFailed = (message = 'The conditional request failed'): ConditionalCheckFailedException =>
  new ConditionalCheckFailedException({ message, $metadata: {} });

/** The condition a rate-limit window fails, with the item as DynamoDB returns it (ReturnValuesOnConditionCheckFailure). */
export const windowFull = (window: Record<string, number>, requests: ReadonlySet<string> = new Set(), message?: string) =>
  Object.assign(conditionFailed(message), {
    Item: {
      ...Object.fromEntries(Object.entries(window).map(([name, value]) => [name, { N: String(value) }])),
      ...(requests.size ? { requests: { SS: [...requests] } } : {}),
    },
  });

export const cancelled = (...codes: string[]): TransactionCanceledException =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** Routes the mocked client's commands to `database`, failing those `fault` picks. */
export function install(database: FakeDatabase, fault: Fault = () => undefined): void {
  const enter = (point: Point, input: unknown) => {
    database.calls.push({ point, input });
    const failure = fault(point, input, database);
    if (failure !== undefined) throw failure;
  };
  ddb.on(GetCommand).callsFake(async (input: GetCommandInput) => {
    expect(input.TableName).toBe(UNIT_SHORT_URLS_TABLE);
    enter(pkOf(input).startsWith('link#') ? 'find-link' : 'find-code', input);
    const item = database.shortUrls.get(pkOf(input));
    return { Item: item && { ...item } };
  });
  // A container's first creation reads the blocked hosts and the link's entry together.
  ddb.on(BatchGetCommand).callsFake(async (input: BatchGetCommandInput) => {
    const [[table, { Keys }]] = Object.entries(input.RequestItems!) as [[string, { Keys: Item[] }]];
    expect(table).toBe(UNIT_SHORT_URLS_TABLE);
    for (const key of Keys) enter(String(key.pk).startsWith('link#') ? 'find-link' : 'find-code', { Key: key });
    const items = Keys.map((key) => database.shortUrls.get(String(key.pk))).filter((item) => item !== undefined);
    return { Responses: { [table]: items.map((item) => ({ ...item })) } };
  });
  ddb.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    const point = pointOfUpdate(input);
    enter(point, input);
    const pk = pkOf(input);
    const window = database.windows.get(pk) ?? {};
    const key = input.ExpressionAttributeNames?.['#key'] ?? '';
    const token = input.ExpressionAttributeValues?.[':token'] as string;
    const requests = database.requests.get(pk) ?? new Set<string>();
    switch (point) {
      case 'rate-limit': {
        const values = input.ExpressionAttributeValues!;
        const full = (window.count ?? 0) >= (values[':addressLimit'] as number) || (window[key] ?? 0) >= (values[':keyLimit'] as number);
        if (requests.has(token) || full) throw windowFull(window, requests);
        database.windows.set(pk, { ...window, count: (window.count ?? 0) + 1, [key]: (window[key] ?? 0) + 1 });
        database.requests.set(pk, new Set([...requests, token]));
        return {};
      }
      case 'give-back':
        if (!requests.has(token)) throw conditionFailed();
        database.windows.set(pk, { ...window, count: (window.count ?? 0) - 1, [key]: (window[key] ?? 0) - 1 });
        database.requests.set(pk, new Set([...requests].filter((held) => held !== token)));
        return {};
      case 'count-view': {
        const item = database.shortUrls.get(pk);
        if (item === undefined) throw conditionFailed();
        item.view_count = (item.view_count as number) + 1;
        return { Attributes: { ...item } };
      }
      case 'count-shard': {
        const shard = database.shortUrls.get(pk) ?? { pk, view_count: 0 };
        database.shortUrls.set(pk, { ...shard, view_count: (shard.view_count as number) + 1 });
        return {};
      }
      case 'mark-shards': {
        const item = database.shortUrls.get(pk);
        if (item === undefined) throw conditionFailed();
        item.view_shards ??= 16;
        return {};
      }
      default:
        return { Attributes: { last: ++database.lastItemId } };
    }
  });
  ddb.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => {
    enter('insert', input);
    const puts = input.TransactItems!.map((entry) => entry.Put!);
    for (const put of puts) expect(put.TableName).toBe(UNIT_SHORT_URLS_TABLE);
    const reasons = puts.map((put) => (database.shortUrls.has(String(put.Item!.pk)) ? 'ConditionalCheckFailed' : 'None'));
    if (reasons.includes('ConditionalCheckFailed')) throw cancelled(...reasons);
    for (const put of puts) database.shortUrls.set(String(put.Item!.pk), { ...put.Item });
    return {};
  });
}

/** A fault failing every call at one of `points` with a new `make()`, kept in `errors`. */
export const failingWith =
  (points: readonly Point[], make: () => Error, errors: Error[]): Fault =>
  (point) =>
    points.includes(point) ? errors[errors.push(make()) - 1] : undefined;
