/**
 * The short-URL functions when DynamoDB fails or races, on a mocked document client (no database):
 * transient failures are error 500 with HTTP 503 and Retry-After, others error 500, logged
 * (lib/db/failures.ts); nothing internal reaches a body (docs/api.md, Errors); one link, one record;
 * the rate limit and views. Every API answer is checked in all four types with the real parsers.
 */
import { UNIT_RATE_LIMITS_TABLE, UNIT_SHORT_URLS_TABLE } from '../support/short-url-unit-env';
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { ResourceNotFoundException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchGetCommandInput, GetCommandInput, TransactWriteCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { clientStatus, RATE_LIMITED } from '../../infra/perf/load/drive';
import { linkKey } from '../../lib/shorturls/link';
import { decode } from '../support/parsers';
import { CONTENT_TYPE, DEPRECATION, expectError, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import { APP_KEY, invoke, invokeShortLink, type Invocation } from '../support/invoke';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(30_000);

const ddb = mockClient(DynamoDBDocumentClient);
let consoleError: jest.SpyInstance;

beforeEach(() => {
  ddb.reset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());
afterEach(() => jest.useRealTimers());
afterAll(() => ddb.restore());

// An in-memory stand-in for the two tables, with the conditions lib/shorturls/dynamodb.ts relies on.

type Item = Record<string, unknown>;

/** Which of the store's calls a request is making. */
type Point =
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
type Fault = (point: Point, input: unknown, database: FakeDatabase) => unknown;

class FakeDatabase {
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
const windowFull = (window: Record<string, number>, requests: ReadonlySet<string> = new Set(), message?: string) =>
  Object.assign(conditionFailed(message), {
    Item: {
      ...Object.fromEntries(Object.entries(window).map(([name, value]) => [name, { N: String(value) }])),
      ...(requests.size ? { requests: { SS: [...requests] } } : {}),
    },
  });

const cancelled = (...codes: string[]): TransactionCanceledException =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** Routes the mocked client's commands to `database`, failing those `fault` picks. */
function install(database: FakeDatabase, fault: Fault = () => undefined): void {
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

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;
const NEW_URL = 'https://faults.example/new?x=1';
const EXISTING = { code: 'Exist12', link: 'https://faults.example/existing', itemid: 7, view_count: 3 };

const createTarget = (type: ResponseType, url = NEW_URL) => `/url/short/create?url=${encodeURIComponent(url)}&${KEY}&${typeQuery(type)}`;
const lookupTarget = (type: ResponseType, code = EXISTING.code): string => `/url/short/${code}?${KEY}&${typeQuery(type)}`;

/** Text of the process that must never reach a client. */
const INTERNAL = [UNIT_SHORT_URLS_TABLE, UNIT_RATE_LIMITS_TABLE, ...'stack Exception /work/ node_modules .ts: arn:aws secret-'.split(' ')];

function expectNoInternals(response: Invocation, error?: unknown, { catalogueOnly = true } = {}): void {
  const { body } = response;
  for (const text of INTERNAL) expect(body).not.toContain(text);
  // A stack frame, whatever else the body says.
  expect(body).not.toMatch(/\bat \S+ \(|\n\s*at /);
  // The catalogue messages hold no "at "; details may ("at most 60").
  if (catalogueOnly) expect(body).not.toContain('at ');
  if (error instanceof Error) {
    expect(body).not.toContain(error.message);
    if (error.name !== 'Error') expect(body).not.toContain(error.name);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') expect(body).not.toContain(code);
  }
}

/** Transient: error 500, HTTP 503 (Javascript: 200, status 503), Retry-After, nothing logged. */
function expectUnavailable(response: Invocation, type: ResponseType, error: unknown): void {
  expectError(response, type, 500, 503, { detail: false });
  expect(response.headers['retry-after']).toBe('1');
  // What `npm run load` reads from the answer: a 503 that is not the rate limiter's.
  expect(clientStatus(type, response.statusCode, response.body)).toBe(503);
  expect(RATE_LIMITED.test(response.body)).toBe(false);
  expectNoInternals(response, error);
}

/** Unexpected: error 500 (Javascript: 200, status 500), no Retry-After. */
function expectInternalError(response: Invocation, type: ResponseType, error: unknown): void {
  expectError(response, type, 500, 500, { detail: false });
  expect(response.headers['retry-after']).toBeUndefined();
  expectNoInternals(response, error);
}

/** The rate limit: error 403 with HTTP 503 and a Retry-After within the window. */
function expectRateLimited(response: Invocation, type: ResponseType): void {
  expectError(response, type, 403, 503);
  expect(clientStatus(type, response.statusCode, response.body)).toBe(503);
  expect(RATE_LIMITED.test(response.body)).toBe(true);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expectNoInternals(response, undefined, { catalogueOnly: false });
}

/** The detail of an unexpected error went to the log, once (each test clears it per request), as one JSON line. */
function expectLogged(error: unknown): void {
  expect(consoleError).toHaveBeenCalledTimes(1);
  const [[line]] = consoleError.mock.calls;
  expect(typeof line).toBe('string');
  const entry = JSON.parse(line as string) as { error: { stack?: string | string[] } };
  const { name, message } = error as Error;
  expect(entry).toMatchObject({ level: 'ERROR', error: { name, message } });
  // Under jest, Powertools' dev mode (test/support/quiet-observability.ts) splits the stack into lines.
  expect([entry.error.stack].flat().join('\n')).toContain(name);
}

type Entry = { readonly link: string; readonly short_url: string; readonly itemid: number; readonly view_count: number };

/** The one short URL of a successful answer in `type`, decoded with the real parser. */
function entryOf(response: Invocation, type: ResponseType): Entry {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(CONTENT_TYPE[type]);
  const decoded = decode(response.headers['content-type'], response.body);
  let entry: Record<string, unknown>;
  switch (decoded.type) {
    case 'xml': {
      expect(decoded.root.name).toBe('shorturls');
      expect(decoded.root.children).toHaveLength(1);
      const { link, short_url, itemid, view_count } = decoded.root.children[0]!.attributes;
      entry = { link, short_url, itemid: Number(itemid), view_count: Number(view_count) };
      break;
    }
    case 'javascript':
      expect(decoded.calls).toHaveLength(1);
      entry = (decoded.calls[0]![0] as { shorturls: Record<string, unknown>[] }).shorturls[0]!;
      break;
    default: {
      const list = (decoded.value as { shorturls: Record<string, unknown>[] }).shorturls;
      expect(list).toHaveLength(1);
      const { __class: _class, ...rest } = list[0]!;
      entry = rest;
    }
  }
  expect(Object.keys(entry).sort()).toEqual(['itemid', 'link', 'short_url', 'view_count']);
  return entry as unknown as Entry;
}

const shortUrlOf = (code: string): string => `${SHORT_URL_HOST}/${code}`;
const codeOfPut = (input: TransactWriteCommandInput): string => String(input.TransactItems![0]!.Put!.Item!.pk);

/** An error the SDK makes of a service's answer: an Error named as the service named it. */
const named =
  (name: string, message: string, fields: object = {}) =>
  () =>
    Object.assign(new Error(message), { name, ...fields });
/** An error of a class DynamoDB's client models. */
const modelled =
  (Type: new (options: { message: string; $metadata: object }) => Error, message: string, $metadata = {}) =>
  () =>
    new Type({ message, $metadata });
const THROUGHPUT = `secret-throughput: the level of configured provisioned throughput for ${UNIT_SHORT_URLS_TABLE} was exceeded`;
const TRANSIENT: ReadonlyArray<readonly [string, () => Error]> = [
  ['ProvisionedThroughputExceededException', modelled(ProvisionedThroughputExceededException, THROUGHPUT, { httpStatusCode: 400 })],
  ['ThrottlingException', modelled(ThrottlingException, 'secret-throttling: Rate of requests exceeds the allowed throughput')],
  ['ThrottlingException by name only', named('ThrottlingException', 'secret-throttling-by-name: too many requests')],
  ['TimeoutError', named('TimeoutError', 'secret-timeout: Connection timed out after 2000 ms')],
  ['ECONNREFUSED', named('Error', 'secret-refused: connect ECONNREFUSED 10.11.12.13:443', { code: 'ECONNREFUSED', errno: -111 })],
];

const DENIED = `secret-denied: User: arn:aws:sts::123456789012:assumed-role/fn is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/${UNIT_SHORT_URLS_TABLE}`;
const MISSING = `secret-missing: Requested resource not found: Table: ${UNIT_RATE_LIMITS_TABLE} not found`;
const INVALID = `secret-validation: One or more parameter values were invalid: ${UNIT_SHORT_URLS_TABLE}`;
const BUG = "secret-bug: Cannot read properties of undefined (reading 'last') at /work/main/lib/x.ts:1:2";
const UNEXPECTED: ReadonlyArray<readonly [string, () => Error]> = [
  ['ValidationException', named('ValidationException', INVALID)],
  // Not modelled by DynamoDB's client: the SDK makes a generic service error of that name.
  ['AccessDeniedException', named('AccessDeniedException', DENIED, { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
  ['ResourceNotFoundException', modelled(ResourceNotFoundException, MISSING)],
  ['a TypeError (a bug)', () => new TypeError(BUG)],
];

/** Where an API request meets the database, with the request that gets there. */
const API_SITES: readonly { point: Point; request: string; target: (type: ResponseType) => string }[] = [
  { point: 'rate-limit', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-link', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-code', request: 'creation of a known link', target: (type) => createTarget(type, EXISTING.link) },
  { point: 'next-itemid', request: 'creation', target: (type) => createTarget(type) },
  { point: 'insert', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-code', request: 'lookup', target: (type) => lookupTarget(type) },
];

/** A fault failing every call at one of `points` with a new `make()`, kept in `errors`. */
const failingWith =
  (points: readonly Point[], make: () => Error, errors: Error[]): Fault =>
  (point) =>
    points.includes(point) ? errors[errors.push(make()) - 1] : undefined;

/** A database holding EXISTING, failing every call at `point` with a new `make()`. */
function failingAt(point: Point, make: () => Error): { database: FakeDatabase; errors: Error[] } {
  const database = new FakeDatabase();
  database.put(EXISTING);
  const errors: Error[] = [];
  install(database, failingWith([point], make, errors));
  return { database, errors };
}

/** DynamoDB refusing a key past its throughput: at the rate limit, a refusal of its own (below). */
/** The window's key past its writes: the rate limit's refusal. Any other throttling (a table's, an account's) is the database's error. */
const THROTTLING = TRANSIENT.filter(([name]) => name === 'ProvisionedThroughputExceededException');

describe('a database failure: transient is error 500 with HTTP 503 and Retry-After, unlogged; any other error 500, logged', () => {
  const cases = API_SITES.flatMap((site) =>
    [...TRANSIENT.map((error) => [...error, true] as const), ...UNEXPECTED.map((error) => [...error, false] as const)]
      .filter(([name]) => site.point !== 'rate-limit' || !THROTTLING.some(([throttling]) => throttling === name))
      .map(([name, make, transient]) => [site.request, site.point, name, site, make, transient] as const),
  );
  test.each(cases)('%s, %s: %s', async (_request, _point, _name, site, make, transient) => {
    const { errors } = failingAt(site.point, make);
    for (const type of TYPES) {
      consoleError.mockClear();
      const response = await invoke(site.target(type));
      expect(errors).toHaveLength(TYPES.indexOf(type) + 1);
      if (transient) {
        expectUnavailable(response, type, errors.at(-1));
        expect(consoleError).not.toHaveBeenCalled();
      } else {
        expectInternalError(response, type, errors.at(-1));
        expectLogged(errors.at(-1));
      }
    }
  });

  test('a failed creation stores nothing', async () => {
    const { database } = failingAt('insert', UNEXPECTED[0]![1]);
    for (const type of TYPES) expectInternalError(await invoke(createTarget(type)), type, undefined);
    expect([...database.shortUrls.keys()].sort()).toEqual([`code#${EXISTING.code}`, `link#${linkKey(EXISTING.link)}`]);
  });
});

describe('creations that race: the conditional transaction decides', () => {
  /** NEW_URL created in `type` on a fresh database with `fault`: the entry answered, and the database. */
  async function createdWith(type: ResponseType, fault: Fault) {
    const database = new FakeDatabase();
    install(database, fault);
    return { database, entry: entryOf(await invoke(createTarget(type)), type) };
  }
  /** The entry of NEW_URL made by the insert `put`, with the first itemid the fake counter hands out. */
  const madeBy = (put: TransactWriteCommandInput) => ({
    link: new URL(NEW_URL).href,
    short_url: shortUrlOf(codeOfPut(put).slice('code#'.length)),
    itemid: 101,
    view_count: 0,
  });

  test('the link made meanwhile by another request ([None, ConditionalCheckFailed]): its record is answered', async () => {
    for (const type of TYPES) {
      const { code, ...winner } = { code: 'Winner1', link: new URL(NEW_URL).href, itemid: 55, view_count: 2 };
      // Just before this request's insert, the other request's insert lands.
      const { database, entry } = await createdWith(type, (point, _input, db) =>
        point === 'insert' && db.count('insert') === 1 ? db.put({ code, ...winner }) : undefined,
      );
      expect(entry).toEqual({ ...winner, short_url: shortUrlOf(code) });
      expect(database.count('insert')).toBe(1);
      // Read again after losing: the link's entry, then the winner's record.
      expect(database.points()).toEqual(['rate-limit', 'find-link', 'next-itemid', 'insert', 'find-link', 'find-code']);
      expect(database.shortUrls.size).toBe(2);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  const OTHER = { link: 'https://faults.example/other', itemid: 9, view_count: 0 };
  test('the code taken by another link ([ConditionalCheckFailed, None]): retried with a new code, same itemid', async () => {
    for (const type of TYPES) {
      // Another link already has the code this request drew.
      const { database, entry } = await createdWith(type, (point, input, db) =>
        point === 'insert' && db.count('insert') === 1
          ? db.put({ ...OTHER, code: codeOfPut(input as TransactWriteCommandInput).slice('code#'.length) })
          : undefined,
      );
      const [first, second, ...more] = database.inserts();
      expect(more).toEqual([]);
      expect(codeOfPut(second!)).not.toBe(codeOfPut(first!));
      expect(codeOfPut(second!)).toMatch(/^code#[0-9A-Za-z]{7}$/);
      expect(entry).toEqual(madeBy(second!));
      expect(database.count('next-itemid')).toBe(1);
      // The other link's record is untouched.
      expect(database.shortUrls.get(codeOfPut(first!))).toMatchObject(OTHER);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  test.each([
    ['TransactionConflict', 'None'],
    ['None', 'TransactionConflict'],
  ])('a transaction conflict ([%s, %s]) is retried after a pause', async (...reasons) => {
    for (const type of TYPES) {
      const { database, entry } = await createdWith(type, (point, _input, db) =>
        point === 'insert' && db.count('insert') <= 2 ? cancelled(...reasons) : undefined,
      );
      const inserts = database.inserts();
      expect(inserts).toHaveLength(3);
      expect(entry).toEqual(madeBy(inserts[2]!));
      expect(database.count('next-itemid')).toBe(1);
      // Each retry looks for the link first: the other request may have made it.
      expect(database.count('find-link')).toBe(3);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('a race that never resolves (always a conflict) ends, as error 500, in every type', async () => {
    const database = new FakeDatabase();
    const errors: Error[] = [];
    install(
      database,
      failingWith(['insert'], () => cancelled('TransactionConflict', 'None'), errors),
    );
    // The pauses between attempts are on jest's clock: what they add up to is measured on it, exactly.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const started = Date.now();
    const answered = Promise.all(TYPES.map((type) => invoke(createTarget(type))));
    await jest.runAllTimersAsync();
    const responses = await answered;
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const [i, response] of responses.entries()) expectInternalError(response, TYPES[i]!, errors[0]);
    // A bounded number of attempts per request (lib/shorturls/service.ts, MAX_ATTEMPTS).
    expect(database.count('insert')).toBe(8 * TYPES.length);
    expect(database.shortUrls.size).toBe(0);
    expect(consoleError).toHaveBeenCalledTimes(TYPES.length);
    for (const [line] of consoleError.mock.calls) expect(String(line)).toContain('attempts');
  });

  test.each([
    ['an unknown reason', ['ValidationError', 'None']],
    ['no reasons at all', []],
  ])('a cancelled transaction with %s is error 500, logged', async (_what, reasons) => {
    const database = new FakeDatabase();
    const error = cancelled(...reasons);
    install(database, (point) => (point === 'insert' ? error : undefined));
    for (const type of TYPES) {
      consoleError.mockClear();
      expectInternalError(await invoke(createTarget(type)), type, error);
      expectLogged(error);
    }
  });

  // DynamoDB cancels a transaction it throttles with TransactionCanceledException and the reason
  // ThrottlingError or ProvisionedThroughputExceeded, which the SDK does not retry.
  test.each([
    ['ThrottlingError', 'None'],
    ['None', 'ProvisionedThroughputExceeded'],
  ])('a transaction cancelled for throttling ([%s, %s]) is transient: 503 with Retry-After', async (...reasons) => {
    const database = new FakeDatabase();
    const error = cancelled(...reasons);
    install(database, (point) => (point === 'insert' ? error : undefined));
    for (const type of TYPES) expectUnavailable(await invoke(createTarget(type)), type, error);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('the rate limit: a refused conditional update is 503 with Retry-After, and nothing is counted or created', () => {
  /** The statuses of `n` creations of new links in JSON, one after another. */
  async function statusesOf(n: number, prefix = ''): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await invoke(createTarget('json', `https://faults.example/${prefix}${i}`))).statusCode);
    return statuses;
  }
  const failing = (window: Record<string, number>) => (point: Point) =>
    point === 'rate-limit'
      ? windowFull(window, new Set(), `secret-condition: The conditional request failed on ${UNIT_RATE_LIMITS_TABLE}`)
      : undefined;

  test.each([
    ['the app key from this address', { count: 3, 'key#x': 60 }, 'appkey from this client address (at most 60 short URLs per 60 s)'],
    ['the client address', { count: 120 }, 'client address (at most 120 short URLs per 60 s)'],
  ])('refused for %s: one conditional update, nothing else', async (_whom, window, message) => {
    const database = new FakeDatabase();
    install(database, failing(window));
    for (const type of TYPES) {
      const response = await invoke(createTarget(type));
      expectRateLimited(response, type);
      expect(decode(response.headers['content-type'], response.body)).toBeDefined();
      expect(response.body).toContain(message);
    }
    expect(database.points()).toEqual(Array(TYPES.length).fill('rate-limit'));
    expect(database.windows.size).toBe(0);
    expect(database.shortUrls.size).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  // docs/api.md, Rate limit: an address faster than its window's key takes writes is past any limit for that second.
  test.each(THROTTLING)(
    'the window throttled (%s): refused as the address, Retry-After 1, nothing given back or created',
    async (_name, make) => {
      const database = new FakeDatabase();
      install(database, failingWith(['rate-limit'], make, []));
      for (const type of TYPES) {
        const response = await invoke(createTarget(type));
        expectRateLimited(response, type);
        expect(response.headers['retry-after']).toBe('1');
        expect(response.body).toContain('client address (more short URLs a second than its window takes)');
      }
      expect([database.points(), database.windows.size, database.shortUrls.size]).toEqual([Array(TYPES.length).fill('rate-limit'), 0, 0]);
      expect(consoleError).not.toHaveBeenCalled();
    },
  );

  test('the database failing on the count: 503 at once, after giving back the place the count may have taken, and no other call', async () => {
    const database = new FakeDatabase();
    const errors: Error[] = [];
    install(database, failingWith(['rate-limit'], TRANSIENT.find(([name]) => name === 'TimeoutError')![1], errors));
    for (const type of TYPES) expectUnavailable(await invoke(createTarget(type)), type, errors.at(-1));
    expect(database.points()).toEqual(TYPES.flatMap(() => ['rate-limit', 'give-back']));
    expect(database.windows.size).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('a creation that fails after it was let through gives its place back: 20 failures spend nothing', async () => {
    const database = new FakeDatabase();
    let failures = 20;
    install(database, (point) => (point === 'insert' && failures-- > 0 ? TRANSIENT[0]![1]() : undefined));
    jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 5, 1, 12, 0, 30));
    expect(await statusesOf(20, 'f')).toEqual(Array(20).fill(503));
    expect([...database.windows.values()].every((window) => Object.values(window).every((count) => count === 0))).toBe(true);
    expect(database.count('give-back')).toBe(20);
    // So the 60 places of this key from this address are all there.
    expect(await statusesOf(60)).toEqual(Array(60).fill(200));
    expectRateLimited(await invoke(createTarget('json')), 'json');
  });

  test('the limit counts with the real conditions of the fake table: the 61st creation of a key from one address is refused', async () => {
    const database = new FakeDatabase();
    install(database);
    // One instant for all 61, so that no window boundary falls between them.
    jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 5, 1, 12, 0, 30));
    expect(await statusesOf(60)).toEqual(Array(60).fill(200));
    for (const type of TYPES) {
      const response = await invoke(createTarget(type));
      expectRateLimited(response, type);
      // The rest of the window: 30 s of the minute have passed.
      expect(response.headers['retry-after']).toBe('30');
    }
    // The same key from another address has places of its own.
    expect((await invoke(createTarget('json'), { sourceIp: '198.51.100.7' })).statusCode).toBe(200);
  });
});

/** A code of seven letters no other test of this file uses: one the short-link host does not remember. */
let codes = 0;
const freshCode = (): string => `Fresh${String(++codes).padStart(2, '0')}`;

describe('the short-link host', () => {
  const expectPage = (response: Invocation, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers.deprecation).toBe(DEPRECATION);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toMatch(/^<!doctype html>/);
  };

  test('a visit counts the view and answers 301 to the link', async () => {
    const database = new FakeDatabase();
    database.put(EXISTING);
    install(database);
    const { statusCode, headers } = await invokeShortLink(`/${EXISTING.code}`);
    expect([statusCode, headers.location, headers.deprecation]).toEqual([301, EXISTING.link, DEPRECATION]);
    expect(database.shortUrls.get(`code#${EXISTING.code}`)?.view_count).toBe(EXISTING.view_count + 1);
  });

  test('a view is one ADD sent once, which answers the link: no read beside it, and a code gone is 404', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: 'Seen123', link: 'https://faults.example/seen' };
    database.put(record);
    install(database);
    for (let i = 0; i < 3; i++) expect((await invokeShortLink(`/${record.code}`)).headers.location).toBe(record.link);
    expect(database.points()).toEqual(['count-view', 'count-view', 'count-view']);
    const view = database.calls[0]!.input as UpdateCommandInput;
    expect(view).toMatchObject({
      UpdateExpression: 'ADD view_count :one',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
      ReturnValues: 'ALL_NEW',
    });
    expect(database.shortUrls.get(`code#${record.code}`)?.view_count).toBe(record.view_count + 3);
    database.shortUrls.delete(`code#${record.code}`);
    expect((await invokeShortLink(`/${record.code}`)).statusCode).toBe(404);
  });

  test('a view DynamoDB refused without applying it (the item held by a transaction) is sent again and counted once', async () => {
    const database = new FakeDatabase();
    database.put(EXISTING);
    const make = named('TransactionConflictException', 'Transaction is ongoing for the item');
    install(database, (point, _input, db) => (point === 'count-view' && db.count('count-view') <= 2 ? make() : undefined));
    expect((await invokeShortLink(`/${EXISTING.code}`)).statusCode).toBe(301);
    expect(database.count('count-view')).toBe(3);
    expect(database.shortUrls.get(`code#${EXISTING.code}`)?.view_count).toBe(EXISTING.view_count + 1);
  });

  test('a view the record’s key throttles is counted once on a shard, and the record marked: 301 to its link all the same', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode(), link: 'https://faults.example/throttled' };
    database.put(record);
    install(database, (point) =>
      point === 'count-view' ? new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }) : undefined,
    );
    const response = await invokeShortLink(`/${record.code}`);
    expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
    expect(database.points().sort()).toEqual(['count-shard', 'count-view', 'find-code', 'mark-shards']);
    const shards = [...database.shortUrls.values()].filter((item) => String(item.pk).startsWith(`views#${record.code}#`));
    expect(shards.map((shard) => shard.view_count)).toEqual([1]);
    expect(database.shortUrls.get(`code#${record.code}`)).toMatchObject({ view_count: record.view_count, view_shards: 16 });
  });

  test('a view whose fate is unknown (a timeout) is never sent again: the link is read, and the visitor redirected', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode(), link: 'https://faults.example/unknown-fate' };
    database.put(record);
    install(database, failingWith(['count-view'], named('TimeoutError', 'Socket timed out'), []));
    const response = await invokeShortLink(`/${record.code}`);
    expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
    expect(database.points()).toEqual(['count-view', 'find-code']);
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('an unknown code (the conditional update refused) is the 404 page', async () => {
    const database = new FakeDatabase();
    install(database);
    const response = await invokeShortLink('/Nope123');
    expectPage(response, 404);
    expect(database.count('count-view')).toBe(1);
    expectNoInternals(response);
    expect(consoleError).not.toHaveBeenCalled();
  });

  /** A database with a record under a new code, failing every call at `points` with a new `make()`, kept in `errors`. */
  function freshLinkFailing(points: readonly Point[], make: () => Error) {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode() };
    database.put(record);
    const errors: Error[] = [];
    install(database, failingWith(points, make, errors));
    return { database, record, errors };
  }

  test.each([...TRANSIENT, ...UNEXPECTED])(
    'the view failing (%s) costs the view, not the redirect: 301 to its link all the same',
    async (_name, make) => {
      // Throttling fails the view on the shards too; a code of its own, which no earlier throttle made the function skip.
      const { database, record, errors } = freshLinkFailing(['count-view', 'count-shard'], make);
      const response = await invokeShortLink(`/${record.code}`);
      expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(database.shortUrls.get(`code#${record.code}`)?.view_count).toBe(record.view_count);
      expect([...database.shortUrls.keys()].filter((pk) => pk.startsWith('views#'))).toEqual([]);
      expectNoInternals(response, errors[0]);
    },
  );

  test.each([
    ...TRANSIENT.map(([name, make]) => [503, name, make] as const),
    ...UNEXPECTED.map(([name, make]) => [500, name, make] as const),
  ])(
    'the %d page when the view and the read of its link both fail (%s), nothing of it in the body; logged only if unexpected',
    async (status, _name, make) => {
      // A code no earlier visit made the function remember: its link must be read.
      const { record, errors } = freshLinkFailing(['count-view', 'find-code'], make);
      const response = await invokeShortLink(`/${record.code}`);
      expectPage(response, status);
      expect(response.headers['retry-after']).toBe(status === 503 ? '1' : undefined);
      expectNoInternals(response, errors.at(-1));
      expect(consoleError.mock.calls.map(([line]) => String(line).includes(errors.at(-1)!.message))).toEqual(status === 503 ? [] : [true]);
    },
  );
});
