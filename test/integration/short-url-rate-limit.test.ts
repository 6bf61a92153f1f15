/**
 * The rate limit of creations (docs/api.md, Short URLs: Rate limit), per app key from one address and
 * per client address, with small limits and with the template's defaults: 503 with Retry-After, the
 * rest of the fixed window, in every type, nothing created, invalid links refused before counting.
 */
import { randomUUID } from 'node:crypto';
import type { Handler } from '../../infra/local/invoke';
import { expectError, TYPES, type ResponseType } from '../support/expect-error';
import type { Invocation } from '../support/invoke';
import { type Client, create, createWith, loadCreate, newClient, storedFor, uniqueLink } from '../support/short-url-requests';
import { theShortUrl } from '../support/short-url-answer';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

/** The create function with these limits a window of WINDOW. */
const loadLimited = (RATE_LIMIT_PER_APP_KEY: string, RATE_LIMIT_PER_CLIENT_IP: string) =>
  loadCreate({ RATE_LIMIT_PER_APP_KEY, RATE_LIMIT_PER_CLIENT_IP, RATE_LIMIT_WINDOW_SECONDS: `${WINDOW}` });
/** The window of the tests that set their own limits: a day. */
const WINDOW = 86_400;
/** Where the functions' clock is held in it, in seconds: Retry-After is then the rest, WINDOW - INTO_WINDOW. */
const INTO_WINDOW = 600;

/** The real clock, wherever a test holds Date.now. */
const realNow = Date.now;

// In ms, `into` s into a window that starts 2 min from now or later: its items outlive the test (DynamoDB Local deletes expired items).
const instantInto = (windowSeconds: number, into: number): number =>
  (Math.ceil((realNow() / 1000 + 120) / windowSeconds) * windowSeconds + into) * 1000;

/** The rate limit's answer, whose Retry-After is the rest of the fixed window the request fell in, not a whole window. */
function expectRateLimited(response: Invocation, type: ResponseType, retryAfter = WINDOW - INTO_WINDOW): void {
  expectError(response, type, 403, 503);
  expect(response.headers['retry-after']).toBe(String(retryAfter));
}

/** Three creations from `next()` clients pass; a fourth in each type is refused and stores nothing. */
async function expectLimitOfThree(handler: Handler, next: () => Client): Promise<void> {
  for (let i = 0; i < 3; i++) theShortUrl(await createWith(handler, uniqueLink(), next()));
  for (const type of TYPES) {
    const link = uniqueLink();
    expectRateLimited(await createWith(handler, link, next(), type), type);
    expect(await storedFor(link)).toBeUndefined();
  }
}

/** `n` requests made by `make`, ten at a time (DynamoDB Local runs requests one at a time); their answers in order. */
async function inTens(n: number, make: () => Promise<Invocation>): Promise<Invocation[]> {
  const answers: Invocation[] = [];
  while (answers.length < n) answers.push(...(await Promise.all(Array.from({ length: Math.min(10, n - answers.length) }, make))));
  return answers;
}

describe('Short URLs: rate limit', () => {
  // The functions' clock (Date.now) held by the test: no burst straddles two windows, however slow.
  let clock: jest.SpyInstance;
  beforeEach(() => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(instantInto(WINDOW, INTO_WINDOW));
  });
  afterEach(() => clock.mockRestore());

  test('per app key from one address: past the limit, 503 with Retry-After in all four types (Javascript 200 with status 503), and nothing is created', async () => {
    const handler = await loadLimited('3', '1000');
    // One key in several spellings (docs/api.md, `appkey`: given URL-encoded or raw, an absolute
    // URI; a fragment, an empty query or a final dot make no other key): counted together.
    const app = `t-${randomUUID()}.app`;
    const spellings = [`http://${app}/`, `HTTP://${app.toUpperCase()}`, ...[':80/', '/#x', '/?', './'].map((end) => `http://${app}${end}`)];
    const address = newClient().sourceIp;
    let spelling = 0;
    const next = (): Client => ({ appkey: spellings[spelling++ % spellings.length]!, sourceIp: address });
    await expectLimitOfThree(handler, next);
    // App keys are public: the same key from another address has places of its own, and so
    // does another key from this address.
    theShortUrl(await createWith(handler, uniqueLink(), { appkey: spellings[0]!, sourceIp: newClient().sourceIp }));
    theShortUrl(await createWith(handler, uniqueLink(), { appkey: newClient().appkey, sourceIp: address }));
  });

  test('per client address: past the limit, 503 with Retry-After in all four types, whatever the app key, and nothing is created', async () => {
    const handler = await loadLimited('1000', '3');
    const address = newClient().sourceIp;
    const withNewKey = (): Client => ({ appkey: newClient().appkey, sourceIp: address });
    await expectLimitOfThree(handler, withNewKey);
    theShortUrl(await createWith(handler, uniqueLink(), newClient()));
  });

  // A victim's key used up from one address keeps its places elsewhere: checked on the first burst.
  test("with the template's default settings: 60 per app key from one address (the victim's key keeps its places elsewhere) and 120 per client address in a 60-second window", async () => {
    // The function as deployed: the environment globalSetup gives it from template.yaml's defaults.
    // Its clock held 15 s into a minute: every creation falls in one window, whose rest is 45 s.
    clock.mockReturnValue(instantInto(60, 15));
    const check = (results: Invocation[], limit: number) => {
      expect(results.map((r) => r.statusCode)).toEqual([...Array(limit).fill(200), 503]);
      expectRateLimited(results[limit]!, 'json', 60 - 15);
    };
    const key = newClient().appkey;
    const from = newClient().sourceIp;
    check(await inTens(60 + 1, () => create(uniqueLink(), { client: { appkey: key, sourceIp: from } })), 60);
    theShortUrl(await create(uniqueLink(), { client: { appkey: key, sourceIp: newClient().sourceIp } }));
    const address = newClient().sourceIp;
    check(await inTens(120 + 1, () => create(uniqueLink(), { client: { appkey: newClient().appkey, sourceIp: address } })), 120);
  }, 120_000);

  test('invalid links are refused before the limit is counted', async () => {
    const handler = await loadLimited('2', '1000');
    const client = newClient();
    for (let i = 0; i < 5; i++) expectError(await createWith(handler, 'ftp://news.test/', client), 'json', 1016, 403);
    theShortUrl(await createWith(handler, uniqueLink(), client));
    theShortUrl(await createWith(handler, uniqueLink(), client));
  });
});
