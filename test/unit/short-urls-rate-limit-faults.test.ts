/**
 * The short-URL rate limit on a mocked document client (no database), docs/api.md, Rate limit: a refused
 * conditional update is 503 with Retry-After, and nothing is counted or created; a failure gives its place back,
 * and the limit counts with the real conditions of the fake table.
 */
import { consoleError, FakeDatabase, failingWith, install, type Point, windowFull } from '../support/fake-short-url-tables';
import { UNIT_RATE_LIMITS_TABLE } from '../support/short-url-unit-env';
import { THROTTLING, TRANSIENT } from '../support/dynamodb-errors';
import { TYPES } from '../support/expect-error';
import { invoke } from '../support/invoke';
import { decode } from '../support/parsers';
import { afterAFirstCreation, createTarget, expectRateLimited, expectUnavailable } from '../support/short-url-fault-answers';

jest.setTimeout(30_000);
afterAFirstCreation();

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
