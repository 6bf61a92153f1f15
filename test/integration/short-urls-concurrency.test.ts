/**
 * Short URLs under concurrency and retries, against DynamoDB Local (docs/api.md, Short URLs):
 * concurrent creations of one link make one record, hundreds of simultaneous visits to one link
 * all redirect and each counts once (Views: the link comes first), the SDK's retries never count
 * a view or a creation twice, and the rate limit holds when requests race (Rate limit).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { scanAll } from '../../infra/ops/scan';
import { documentClient, singleAttemptClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { DynamoRateLimitStore, RateLimiter } from '../../lib/shorturls/rate-limit';
import { linkKey } from '../../lib/shorturls/link';
import { expectError, invokeHandler } from '../support/expect-error';
import { invoke, invokeShortLink, type Invocation } from '../support/invoke';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { loadAfresh } from '../support/load-afresh';
import { storedRecordOf } from '../support/stored-link';
import { followViews, type SentViews } from '../support/views-sent';
import { importHandler } from '../../infra/local/invoke';

const SHORT_URLS_TABLE = process.env.SHORT_URLS_TABLE!;
const RATE_LIMITS_TABLE = process.env.RATE_LIMITS_TABLE!;

jest.setTimeout(30_000);

type ShortUrlEntry = { readonly link: string; readonly short_url: string; readonly itemid: number; readonly view_count: number };

/** A link no other test (or earlier run against a kept database) has shortened. */
const uniqueUrl = (tag: string): string => `https://concurrency.example/${tag}/${randomUUID()}?q=1`;
const uniqueAppKey = (): string => `http://concurrency-${randomUUID()}.test/`;
/** A documentation-range address (RFC 5737) with a random tail, one per request. */
const randomIp = (): string => `198.51.${randomInt(256)}.${randomInt(256)}`;
const times = <T>(n: number, make: (_: unknown, i: number) => T): T[] => Array.from({ length: n }, make);
/** An address no other request comes from. */
const uniqueIp = (): string => `${randomIp()}-${randomUUID()}`;

const createTarget = (url: string, appKey: string) =>
  `/url/short/create?url=${encodeURIComponent(url)}&appkey=${encodeURIComponent(appKey)}&type=json`;

/** The one entry of a successful creation, in JSON. */
function entryOf(response: Invocation): ShortUrlEntry {
  expect(response.statusCode).toBe(200);
  const value = JSON.parse(response.body) as { shorturls: ShortUrlEntry[]; total: number };
  expect(value.total).toBe(1);
  expect(value.shorturls).toHaveLength(1);
  return value.shorturls[0]!;
}

/** 50 creations of `url` at once, each with a key and an address of its own. */
const burstOf = (url: string) => Promise.all(times(50, () => invoke(createTarget(url, uniqueAppKey()), { sourceIp: randomIp() })));

/** A burst's answers all give one record of `link`, with no views, and the table holds it and its entry alone; the record. */
async function expectOneRecord(link: string, responses: Invocation[]): Promise<ShortUrlEntry> {
  const entries = responses.map(entryOf);
  const entry = entries[0]!;
  for (const other of entries) expect(other).toEqual({ link, short_url: entry.short_url, itemid: entry.itemid, view_count: 0 });
  const code = codeOf(entry.short_url);
  const items = await scanAll(documentClient, SHORT_URLS_TABLE);
  const records = items.filter((item) => String(item.pk).startsWith('code#') && item.link === link);
  expect(records).toEqual([{ pk: `code#${code}`, code, link, itemid: entry.itemid, view_count: 0 }]);
  const entriesForLink = items.filter((item) => String(item.pk).startsWith('link#') && item.code === code);
  expect(entriesForLink).toEqual([{ pk: `link#${linkKey(link)}`, code }]);
  return entry;
}

const keyOf = (input: unknown): string | undefined => {
  const pk = (input as { Key?: { pk?: unknown } }).Key?.pk;
  return typeof pk === 'string' ? pk : ((pk as { S?: string } | undefined)?.S ?? undefined);
};

/**
 * DynamoDB Local runs requests one at a time, so a plain burst never races: this holds every read of
 * `link#<key>` on the functions' client until `parties` wait (`patienceMs` only guards against a hang),
 * so that all find no record and insert; it keeps the reasons of cancelled transactions.
 */
function raceBarrier(key: string, parties: number, patienceMs = 60_000) {
  const name = `race-barrier-${randomUUID()}`;
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const timer = setTimeout(open, patienceMs);
  const cancellations: string[] = [];
  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName;
      if (command === 'GetItemCommand' && keyOf(args.input) === `link#${key}` && waiting < parties) {
        waiting += 1;
        if (waiting === parties) open();
        await opened;
      }
      try {
        return await next(args);
      } catch (error) {
        if (command === 'TransactWriteItemsCommand' && error instanceof Error && error.name === 'TransactionCanceledException') {
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
          cancellations.push(reasons.map((reason) => reason.Code).join(','));
        }
        throw error;
      }
    },
    { step: 'initialize', name },
  );
  return {
    waiting: () => waiting,
    cancellations,
    remove() {
      clearTimeout(timer);
      open();
      documentClient.middlewareStack.remove(name);
    },
  };
}

describe('Short URLs: Same URL twice, concurrently', () => {
  test('50 concurrent creations of one URL answer one itemid and short_url, and store one record', async () => {
    const url = uniqueUrl('same');
    const link = new URL(url).href;
    const first = await expectOneRecord(link, await burstOf(url));
    expect(first.short_url).toMatch(new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`));
    expect(Number.isSafeInteger(first.itemid) && first.itemid > 0).toBe(true);
  });

  test('50 creations of one URL that all find no record and race to insert it still make one record', async () => {
    const url = uniqueUrl('race');
    const link = new URL(url).href;
    // The container's blocked hosts read just now: each creation reads the link's entry on its own
    // (a GetItem, after admission), not with them (docs/api.md, Short URLs: Rate limit).
    entryOf(await invoke(createTarget(uniqueUrl('fresh-list'), uniqueAppKey()), { sourceIp: randomIp() }));
    const barrier = raceBarrier(linkKey(link), 50);
    let responses: Invocation[];
    try {
      responses = await burstOf(url);
    } finally {
      barrier.remove();
    }
    // The race was run: every request read "no record" before any had inserted one.
    expect(barrier.waiting()).toBe(50);
    // One insert won; each of the others was cancelled (the link taken, or a conflict) and read the winner back.
    expect(barrier.cancellations.length).toBeGreaterThanOrEqual(49);
    for (const reasons of barrier.cancellations) expect(reasons).toMatch(/ConditionalCheckFailed|TransactionConflict/);
    await expectOneRecord(link, responses);
  }, 90_000);
});

/** The code of a new short URL, made through the API. */
async function newCode(tag: string): Promise<{ code: string; entry: ShortUrlEntry }> {
  const entry = entryOf(await invoke(createTarget(uniqueUrl(tag), uniqueAppKey()), { sourceIp: randomIp() }));
  return { code: codeOf(entry.short_url), entry };
}

const viewsOf = async (code: string): Promise<number> =>
  (await documentClient.send(new GetCommand({ TableName: SHORT_URLS_TABLE, Key: { pk: `code#${code}` }, ConsistentRead: true }))).Item
    ?.view_count as number;

// A redirect answers without its view after 0.5 s: the count is read once every view sent has ended.
let views: SentViews;
beforeEach(() => {
  views = followViews(DynamoShortUrlStore.prototype);
});
afterEach(() => views.restore());

/** The view count once every view the visits sent has ended (counted, refused or lost). */
const settledViews = (code: string): Promise<number> => views.ended().then(() => viewsOf(code));

/**
 * Runs `run` with a step in `client`'s middleware (inside the SDK's retry loop) for the calls `applies`
 * picks: throwing in `before`, the call never reaches DynamoDB; in `after`, it was applied but its answer
 * lost. Answers the sends of each call, in order.
 */
async function interfering(
  client: DynamoDBDocumentClient,
  applies: (command: string | undefined, input: Record<string, unknown>) => boolean,
  step: { before?: (attempt: number) => void; after?: (attempt: number) => void },
  run: () => Promise<unknown>,
): Promise<number[]> {
  const name = `interfere-${randomUUID()}`;
  const attempts = new Map<unknown, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!applies(context.commandName, args.input as Record<string, unknown>)) return next(args);
      const attempt = (attempts.get(args.input) ?? 0) + 1;
      attempts.set(args.input, attempt);
      step.before?.(attempt);
      const result = await next(args);
      step.after?.(attempt);
      return result;
    },
    { step: 'deserialize', name },
  );
  try {
    await run();
    return [...attempts.values()];
  } finally {
    client.middlewareStack.remove(name);
  }
}

const failure = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: {} });
/** An SDK step that loses the first attempt's answer, once DynamoDB applied it. */
const lostAfter = (attempt: number) => {
  if (attempt === 1) throw failure('TimeoutError', 'the answer was lost');
};
const onCode = (command: string | undefined, input: Record<string, unknown>) =>
  command === 'UpdateItemCommand' && JSON.stringify(input.Key).includes('code#');
const onRateLimit = (command: string | undefined, input: Record<string, unknown>) =>
  command === 'UpdateItemCommand' && input.TableName === RATE_LIMITS_TABLE;

describe('Views: the link comes first (docs/api.md, Views)', () => {
  test('500 simultaneous visits to one link all answer 301, and add exactly 500 to view_count', async () => {
    const { code, entry } = await newCode('viral');
    const visits = await Promise.all(times(500, () => invokeShortLink(`/${code}`)));
    expect(visits.filter((visit) => visit.statusCode !== 301)).toEqual([]);
    for (const visit of visits) expect(visit.headers.location).toBe(entry.link);
    expect(views.codes).toEqual(Array(500).fill(code));
    expect(await settledViews(code)).toBe(500);
    // The API's lookup tells the same count, and does not add a view itself.
    const lookup = entryOf(await invoke(`/url/short/${code}?appkey=${encodeURIComponent(uniqueAppKey())}&type=json`));
    expect(lookup).toEqual({ ...entry, view_count: 500 });
    expect(await viewsOf(code)).toBe(500);
  });

  const timeout = (message: string) => () => {
    throw failure('TimeoutError', message);
  };
  test.each([
    ['its answer lost after DynamoDB applied it: counted once', { after: timeout('the answer was lost') }, 10, 10],
    ['timed out before it was sent: not counted', { before: timeout('no connection in time') }, 5, 0],
  ])('a view is sent once, never again, and the visitor redirected; %s', async (_what, step, visits, counted) => {
    const { code, entry } = await newCode('sent-once');
    const sends = await interfering(singleAttemptClient(), onCode, step, async () => {
      const answers = await Promise.all(times(visits, () => invokeShortLink(`/${code}`)));
      expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual(Array(visits).fill([301, entry.link]));
    });
    expect(sends).toEqual(Array(visits).fill(1));
    expect(await settledViews(code)).toBe(counted);
  });

  test('a view its record refuses as throttled is counted once on a shard, which the lookup sums', async () => {
    const { code, entry } = await newCode('throttled');
    const onRecordView = (command: string | undefined, input: Record<string, unknown>) =>
      onCode(command, input) && input.UpdateExpression === 'ADD view_count :one';
    let calls = 0;
    const throttle = () => {
      calls++;
      throw failure('ThrottlingException', 'refused, not applied');
    };
    await interfering(singleAttemptClient(), onRecordView, { before: throttle }, async () => {
      const answers = await Promise.all(times(5, () => invokeShortLink(`/${code}`)));
      expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual(Array(5).fill([301, entry.link]));
    });
    // Sent once each at most: a code throttled lately goes straight to a shard.
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(5);
    expect(await settledViews(code)).toBe(0);
    const lookup = entryOf(await invoke(`/url/short/${code}?appkey=${encodeURIComponent(uniqueAppKey())}&type=json`));
    expect(lookup).toEqual({ ...entry, view_count: 5 });
  });

  test.each([['held by a transaction', 'TransactionConflictException']])(
    'a view DynamoDB refused unapplied (%s) is sent again, and counted once',
    async (_what, name) => {
      const { code } = await newCode('refused');
      // The store sends a refused view again as a call of its own: the first five calls are refused.
      let calls = 0;
      const refuseFirstFive = () => {
        if (++calls <= 5) throw failure(name, 'refused, not applied');
      };
      await interfering(singleAttemptClient(), onCode, { before: refuseFirstFive }, async () => {
        const answers = await Promise.all(times(5, () => invokeShortLink(`/${code}`)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(301));
      });
      expect(calls).toBe(10);
      expect(await settledViews(code)).toBe(5);
    },
  );
});

describe('Short URLs: Rate limit, concurrently', () => {
  const LIMITS = { perAppKey: 7, perClientIp: 1000, windowSeconds: 60 };
  const limiter = new RateLimiter(new DynamoRateLimitStore(documentClient, RATE_LIMITS_TABLE), LIMITS);
  // One instant for every burst, so that each admit counts in the same window: one ten minutes
  // to come, whose items DynamoDB Local does not delete as expired while the file runs.
  const now = Math.ceil((Date.now() / 1000 + 600) / 60) * 60;

  /** How many of `attempts` were admitted; the others must be the rate limit's 503. */
  async function admitted(attempts: Promise<unknown>[]): Promise<number> {
    const outcomes = await Promise.allSettled(attempts);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({ name: 'ApiError', code: 403, status: 503 });
      expect(Number(outcome.reason.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    }
    return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  }

  test.each([
    ['one address: exactly the 7 allowed pass', false, 7],
    ['40 addresses: all pass (no limit per key alone)', true, 40],
  ])('40 concurrent admits with one app key from %s', async (_from, manyAddresses, passed) => {
    const appKey = uniqueAppKey();
    const ip = uniqueIp();
    const from = () => (manyAddresses ? uniqueIp() : ip);
    expect(await admitted(times(40, () => limiter.admit(appKey, from(), now, randomUUID())))).toBe(passed);
  });

  test('200 concurrent admits from one address with new keys: exactly the address limit passes', async () => {
    // A client without the functions' 2 s limit a request: DynamoDB Local answers the 200 one at a
    // time, on a busy machine past 2 s, and a request given up would be a 500, not the limit's 503.
    const patient = new DynamoDBClient({});
    const documents = DynamoDBDocumentClient.from(patient, { marshallOptions: { removeUndefinedValues: true } });
    const perIp = new RateLimiter(new DynamoRateLimitStore(documents, RATE_LIMITS_TABLE), { ...LIMITS, perAppKey: 60, perClientIp: 120 });
    const ip = uniqueIp();

    try {
      expect(await admitted(times(200, () => perIp.admit(uniqueAppKey(), ip, now, randomUUID())))).toBe(120);
    } finally {
      patient.destroy();
    }
  });

  test('released admissions (creations that failed) give their places back, concurrently', async () => {
    const appKey = uniqueAppKey();
    const ip = uniqueIp();
    const first = await Promise.all(times(7, () => limiter.admit(appKey, ip, now, randomUUID())));
    await Promise.all(first.map((admission) => admission.release()));
    expect(await admitted(times(20, () => limiter.admit(appKey, ip, now, randomUUID())))).toBe(7);
  });

  /** The address's window item: its count, and the tokens it holds. */
  const windowOf = async (ip: string) => {
    const windowStart = now - (now % 60);
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: RATE_LIMITS_TABLE, Key: { pk: `ip#${ip}#${windowStart}` }, ConsistentRead: true }),
    );
    return { count: Item?.count as number | undefined, tokens: (Item?.requests as Set<string> | undefined)?.size ?? 0 };
  };

  const freshClients: DynamoDBDocumentClient[] = [];
  afterAll(() => {
    for (const client of freshClients) client.destroy();
  });

  /**
   * The functions' client as a container starts with it, and a limiter on it: its SDK retry quota
   * whole, whatever the bursts before spent on a busy machine (a spent quota sends nothing again).
   */
  async function freshLimiter() {
    const { documentClient: client } = await loadAfresh({}, () => import('../../lib/db/client'));
    freshClients.push(client);
    return { client, limiter: new RateLimiter(new DynamoRateLimitStore(client, RATE_LIMITS_TABLE), LIMITS) };
  }

  test('a creation counts once, whatever the SDK sends again: its answer lost, throttled, or timed out before it left (no transaction ever holds its item)', async () => {
    const firstRefused = (name: string) => (attempt: number) => {
      if (attempt === 1) throw failure(name, 'not applied');
    };
    for (const step of [{ after: lostAfter }, { before: firstRefused('ThrottlingException') }, { before: firstRefused('TimeoutError') }]) {
      const ip = uniqueIp();
      const { client, limiter } = await freshLimiter();
      const sends = await interfering(client, onRateLimit, step, () =>
        Promise.all(times(3, () => limiter.admit(uniqueAppKey(), ip, now, randomUUID()))),
      );
      // Each was sent twice by the SDK, and counted once.
      expect(sends).toEqual([2, 2, 2]);
      expect(await windowOf(ip)).toEqual({ count: 3, tokens: 3 });
    }
  });

  test('a place is given back once, whatever the SDK sends again, and only if it was taken', async () => {
    const ip = uniqueIp();
    const { client, limiter } = await freshLimiter();
    const admissions = await Promise.all(times(3, () => limiter.admit(uniqueAppKey(), ip, now, randomUUID())));
    await interfering(client, onRateLimit, { after: lostAfter }, async () => {
      await Promise.all(admissions.map((admission) => admission.release()));
      // Given back again (a second release of the same creation): nothing more.
      await admissions[0]!.release();
    });
    expect(await windowOf(ip)).toEqual({ count: 0, tokens: 0 });
  });

  test('30 concurrent creations with one app key from one address over a limit of 5: 5 records, 25 answered 503, nothing else stored', async () => {
    const windowSeconds = 3600;
    const handler = await loadAfresh(
      { RATE_LIMIT_PER_APP_KEY: '5', RATE_LIMIT_PER_CLIENT_IP: '1000', RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds) },
      () => importHandler('functions/short-url-create.ts', 'handler'),
    );

    const appKey = uniqueAppKey();
    const urls = times(30, (_, i) => uniqueUrl(`limited-${i}`));
    const address = uniqueIp();
    // The functions' clock held 100 s into a window: the burst falls in that one, whose rest is 3 500
    // s; a window to come, so that DynamoDB Local does not delete its item as expired meanwhile.
    const windowStart = Math.ceil((Date.now() / 1000 + 120) / windowSeconds) * windowSeconds;
    const clock = jest.spyOn(Date, 'now').mockReturnValue((windowStart + 100) * 1000);
    let responses: Invocation[];
    try {
      responses = await Promise.all(urls.map((url) => invokeHandler(handler, createTarget(url, appKey), { sourceIp: address })));
    } finally {
      clock.mockRestore();
    }

    const created = new Map<string, ShortUrlEntry>();
    responses.forEach((response, i) => {
      if (response.statusCode === 200) {
        const entry = entryOf(response);
        expect(entry.link).toBe(new URL(urls[i]!).href);
        created.set(urls[i]!, entry);
      } else {
        expectError(response, 'json', 403, 503);
        expect(response.headers['retry-after']).toBe(String(3600 - 100));
      }
    });
    expect(created.size).toBe(5);
    expect(responses.filter((response) => response.statusCode === 503)).toHaveLength(25);

    const store = new DynamoShortUrlStore(documentClient, SHORT_URLS_TABLE);
    for (const url of urls) {
      const entry = created.get(url);
      const expected = entry && { code: codeOf(entry.short_url), link: entry.link, itemid: entry.itemid, view_count: 0 };
      expect(await storedRecordOf(store, new URL(url).href)).toEqual(expected);
    }
  });
});
