/**
 * The rate limit when requests race (docs/api.md, Short URLs: Rate limit), against DynamoDB Local:
 * concurrent admits pass exactly the limit, released places come back, the SDK's retries never count a
 * creation twice nor give a place back twice, and a burst of creations stores exactly the limit.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { importHandler } from '../../infra/local/invoke';
import { documentClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { DynamoRateLimitStore, RateLimiter } from '../../lib/shorturls/rate-limit';
import { expectError, invokeHandler } from '../support/expect-error';
import type { Invocation } from '../support/invoke';
import { loadAfresh } from '../support/load-afresh';
import { failure, interfering } from '../support/sdk-interference';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { theShortUrl } from '../support/short-url-answer';
import { createTarget, randomIp, times, uniqueAppKey, uniqueUrl } from '../support/short-url-bursts';
import { codeOf } from '../support/short-url-host';
import { storedRecordOf } from '../support/stored-link';

const SHORT_URLS_TABLE = process.env.SHORT_URLS_TABLE!;
const RATE_LIMITS_TABLE = process.env.RATE_LIMITS_TABLE!;

jest.setTimeout(30_000);

/** An address no other request comes from. */
const uniqueIp = (): string => `${randomIp()}-${randomUUID()}`;

/** An SDK step that loses the first attempt's answer, once DynamoDB applied it. */
const lostAfter = (attempt: number) => {
  if (attempt === 1) throw failure('TimeoutError', 'the answer was lost');
};
const onRateLimit = (command: string | undefined, input: Record<string, unknown>) =>
  command === 'UpdateItemCommand' && input.TableName === RATE_LIMITS_TABLE;

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

    const created = new Map<string, ShortUrlValue>();
    responses.forEach((response, i) => {
      if (response.statusCode === 200) {
        const entry = theShortUrl(response);
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
