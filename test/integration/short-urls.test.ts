/**
 * The rules of docs/api.md, Short URLs, through the real handlers and DynamoDB Local. Links carry a
 * random UUID and each creation comes from an app key and address of its own (unless a test is about
 * them), so that the rate limits and other files' data cannot interfere.
 */
import { randomUUID } from 'node:crypto';
import { selectRoute } from '../../infra/local/api-event';
import { documentClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { CONTENT_TYPE, expectError, invokeHandler, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import { invoke, invokeShortLink, ROUTES, type Invocation } from '../support/invoke';
import { parseXml, runScript, unserialize } from '../support/parsers';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { loadAfresh } from '../support/load-afresh';
import { storedRecordOf } from '../support/stored-link';
import { followViews, type SentViews } from '../support/views-sent';
import { type Handler, importHandler } from '../../infra/local/invoke';

type Client = { readonly appkey: string; readonly sourceIp: string };

/** An app key and a client address nothing else uses: its rate-limit windows are its own. */
function newClient(): Client {
  const id = randomUUID();
  const hex = id.replace(/-/g, '');
  return { appkey: `http://t-${id}.app/`, sourceIp: `fd00:${hex.slice(0, 28).match(/.{4}/g)!.join(':')}` };
}

const enc = encodeURIComponent;
const uniqueLink = (path = ''): string => `https://news.test/${randomUUID()}${path}`;

/** A request's type, client (a new one unless given) and further query text (`extra`, e.g. `foo=1`). */
type Options = { readonly type?: ResponseType; readonly client?: Client; readonly extra?: string };

function query(options: Options): string {
  const client = options.client ?? newClient();
  return [`appkey=${enc(client.appkey)}`, typeQuery(options.type ?? 'json'), ...(options.extra ? [options.extra] : [])].join('&');
}

/** GET `path` from the client's address with its key, the type and `tail`. */
function send(path: string, options: Options, tail = ''): Promise<Invocation> {
  const client = options.client ?? newClient();
  return invoke(`${path}?${query({ ...options, client })}${tail}`, { sourceIp: client.sourceIp });
}
/** GET /url/short/create; `url` undefined leaves the argument out. */
const create = (url: string | undefined, options: Options = {}) =>
  send('/url/short/create', options, url === undefined ? '' : `&url=${enc(url)}`);
/** GET /url/short/{segment}; `segment` is put in the path as given. */
const lookup = (segment: string, options: Options = {}) => send(`/url/short/${segment}`, options);

type ShortUrl = { readonly link: string; readonly short_url: string; readonly itemid: number; readonly view_count: number };

/** A JSON answer that must be the Short URL list with one record; the record. */
function recordOf(response: Invocation): ShortUrl {
  expect(response.headers['content-type']).toBe(CONTENT_TYPE.json);
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  const list = JSON.parse(response.body) as { shorturls: ShortUrl[] };
  expect(list.shorturls).toHaveLength(1);
  return list.shorturls[0]!;
}

const created = async (url: string, options: Options = {}): Promise<ShortUrl> => recordOf(await create(url, options));
const looked = async (segment: string): Promise<ShortUrl> => recordOf(await lookup(segment));

const store = new DynamoShortUrlStore(documentClient, process.env.SHORT_URLS_TABLE!);
/** The record stored for a normalised link, read from DynamoDB itself. */
const storedFor = (link: string) => storedRecordOf(store, link);

const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

// A redirect answers without its view after 0.5 s: a count is read once every view sent has ended.
let views: SentViews;
beforeEach(() => {
  views = followViews(DynamoShortUrlStore.prototype);
});
afterEach(() => views.restore());

describe('Short URLs: `url`', () => {
  const longLink = (length: number): string => {
    const base = uniqueLink('/');
    return base + 'a'.repeat(length - base.length);
  };
  const spacedLink = (): string => {
    const base = uniqueLink('/');
    return `${base} ${'a'.repeat(2048 - base.length - 1)}`;
  };
  const INVALID: ReadonlyArray<readonly [string, string | undefined]> = [
    ['missing', undefined],
    ['empty', ''],
    ['relative', '/news/story'],
    ['scheme-relative', '//news.test/story'],
    ['without a scheme', 'news.test/story'],
    ['ftp:', 'ftp://news.test/file'],
    ['javascript:', 'javascript:alert(1)'],
    ['mailto:', 'mailto:someone@news.test'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['credentials', 'https://user:pw@x.org/'],
    ['a user name', 'https://user@x.org/'],
    ['a password only', 'https://:pw@x.org/'],
    ['2049 characters', longLink(2049)],
    ['2048 characters, but 2050 once normalised (a space becomes %20)', spacedLink()],
    ['the short host itself', `${SHORT_URL_HOST}/abc`],
    ['the short host, upper case scheme', `HTTP://127.0.0.1:3001/AbC1234`],
    ['the short host, https', 'https://127.0.0.1:3001/AbC1234'],
    ['the short host, its address in hex', 'http://0x7f.0.0.1:3001/abc'],
    ['the short host, a trailing dot', 'http://127.0.0.1.:3001/abc'],
    ['no host', 'http://'],
    ['a bad port', 'http://news.test:99999/'],
    ['a bad host', 'http://exa mple.org/'],
  ];

  test('2048-character links are accepted, as the bound says (the limit is not off by one)', async () => {
    const link = longLink(2048);
    expect(link).toHaveLength(2048);
    expect((await created(link)).link).toBe(link);
  });

  test('the 2049-character case above really is one character over', () => {
    expect(INVALID.find(([name]) => name === '2049 characters')![1]).toHaveLength(2049);
    const spaced = INVALID.find(([name]) => name.startsWith('2048 characters, but'))![1]!;
    expect(spaced).toHaveLength(2048);
    expect(new URL(spaced).href.length).toBeGreaterThan(2048);
  });

  test.each(INVALID)('%s: 1016 with HTTP 403 in all four types, and nothing is stored', async (_name, url) => {
    for (const type of TYPES) expectError(await create(url, { type }), type, 1016, 403);
    if (url !== undefined && URL.canParse(url)) expect(await storedFor(new URL(url).href)).toBeUndefined();
  });

  // A fully qualified name with its trailing dot (`sho.rt.`) is the same host to DNS; comparing
  // `url.host` strings let it through (fixed in lib/shorturls/link.ts, ef5c26c).
  test('the short host is refused under every spelling of its name (a domain name short host)', async () => {
    const handler = await loadCreate({ SHORT_URL_HOST: 'https://sho.rt' });
    const client = newClient();
    const id = randomUUID();
    const spellings =
      'https://sho.rt/Ab3dE9z HTTPS://SHO.RT/Ab3dE9z http://sho.rt/x https://sho.rt:443/x https://sho.rt./Ab3dE9z https://SHO.RT./x';
    for (const url of spellings.split(' ')) expectError(await createWith(handler, `${url}?${id}`, client), 'json', 1016, 403);
  });

  // ID stands for a UUID of the test's own.
  test.each([
    ['an international domain name', 'https://BÜCHER.example/ID', 'https://xn--bcher-kva.example/ID'],
    ['the default http port and a dot segment', 'http://News.Test:80/ID/./x', 'http://news.test/ID/x'],
    ['spaces and markup in the path and query', 'https://news.test/ID/a b<c>?q="x y"', 'https://news.test/ID/a%20b%3Cc%3E?q=%22x%20y%22'],
    ['surrounding blanks and a tab inside', '  https://news.test/ID/a\tb  ', 'https://news.test/ID/ab'],
    ['an IPv4 address in decimal', 'http://3232235777:8080/ID', 'http://192.168.1.1:8080/ID'],
  ])('normalised: %s', async (_name, raw, normal) => {
    const id = randomUUID();
    expect((await created(raw.replace('ID', id))).link).toBe(normal.replace('ID', id));
  });

  test('a link is stored and answered in its WHATWG serialisation; its other spellings give the same record, other links do not', async () => {
    const id = randomUUID();
    const first = await created(`HTTPS://Example.ORG:443/${id}/a/../b?x#y`);
    const normal = `https://example.org/${id}/b?x#y`;
    expect(first.link).toBe(normal);
    expect(await storedFor(normal)).toMatchObject({ link: normal, itemid: first.itemid, code: codeOf(first.short_url) });
    expect((await looked(codeOf(first.short_url))).link).toBe(normal);
    const second = await created(`https://example.org/${id}/b?x#y`);
    const third = await created(`https://EXAMPLE.org/${id}/c/../b?x#y`);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // A different scheme, query or fragment is a different link.
    for (const other of [
      `http://example.org/${id}/b?x#y`,
      ...['b?X#y', 'b?x#z', 'b?x'].map((tail) => `https://example.org/${id}/${tail}`),
    ]) {
      const record = await created(other);
      expect(record.itemid).not.toBe(first.itemid);
      expect(record.short_url).not.toBe(first.short_url);
    }
  });
});

describe('Short URLs: same URL twice', () => {
  test('returns the same record (itemid and short_url), whoever asks, and view_count starts at 0', async () => {
    const link = uniqueLink();
    const first = await created(link);
    expect(first).toEqual({ link, short_url: expect.stringMatching(SHORT_URL), itemid: expect.any(Number), view_count: 0 });
    const again = await created(link);
    const otherClient = await created(link, { client: newClient() });
    expect(again).toEqual(first);
    expect(otherClient).toEqual(first);
  });

  test('asked again after views, the record answers its view_count, not a new record', async () => {
    const link = uniqueLink();
    const first = await created(link);
    await invokeShortLink(`/${codeOf(first.short_url)}`);
    await views.ended();
    expect(await created(link)).toEqual({ ...first, view_count: 1 });
  });
});

describe('Short URLs: codes', () => {
  test('short_url is SHORT_URL_HOST/ and 7 base-62 characters; itemid a positive integer', async () => {
    const record = await created(uniqueLink());
    expect(record.short_url).toMatch(SHORT_URL);
    expect(Number.isSafeInteger(record.itemid) && record.itemid > 0).toBe(true);
  });

  test('many creations: distinct codes, unique increasing itemids, and codes not derivable from itemids', async () => {
    const records: ShortUrl[] = [];
    for (let i = 0; i < 40; i++) records.push(await created(uniqueLink()));
    const codes = records.map((record) => codeOf(record.short_url));
    const itemids = records.map((record) => record.itemid);
    expect(new Set(codes).size).toBe(records.length);
    for (let i = 1; i < itemids.length; i++) expect(itemids[i]).toBeGreaterThan(itemids[i - 1]!);

    // Codes of consecutive itemids share no telling structure: they differ in more than the last
    // character (a counter's encoding would differ only there), and are in no order.
    const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const value = (code: string): bigint => [...code].reduce((n, c) => n * 62n + BigInt(BASE62.indexOf(c)), 0n);
    for (let i = 1; i < codes.length; i++) {
      const differing = [...codes[i]!].filter((c, at) => c !== codes[i - 1]![at]).length;
      expect(differing).toBeGreaterThan(1);
    }
    const values = codes.map(value);
    const ascending = values.every((v, i) => i === 0 || v > values[i - 1]!);
    const descending = values.every((v, i) => i === 0 || v < values[i - 1]!);
    expect(ascending || descending).toBe(false);
    // Not the itemid itself, nor any fixed step away from it.
    const steps = new Set(values.slice(1).map((v, i) => v - values[i]!));
    expect(steps.size).toBeGreaterThan(1);
    for (const [i, v] of values.entries()) expect(v).not.toBe(BigInt(itemids[i]!));
  });
});

describe('Short URLs: lookup segment', () => {
  let record: ShortUrl;
  let code: string;
  beforeAll(async () => {
    record = await created(uniqueLink('/lookup?a=1&b=2#frag'));
    code = codeOf(record.short_url);
  });

  test.each([
    ['the bare code', () => code],
    ['the whole short URL, URL-encoded in the path', () => enc(record.short_url)],
    ['the whole short URL as it is (the route is greedy)', () => record.short_url],
  ])('by %s', async (_name, segment) => {
    expect(record.short_url).toBe(`http://127.0.0.1:3001/${code}`);
    expect(await looked(segment())).toEqual(record);
  });

  test('an unknown code, bare or as a short URL, is 404 in all four types', async () => {
    for (const segment of ['zZ0zZ0z', enc(`${SHORT_URL_HOST}/zZ0zZ0z`), `${SHORT_URL_HOST}/zZ0zZ0z`])
      for (const type of TYPES) expectError(await lookup(segment, { type }), type, 404, 404, { detail: false });
  });

  test('malformed segments are 404, even when they hold an existing code', async () => {
    const segments = [
      ...['abc', 'toolong12', `${code}x`, code.slice(1), 'AbC12-4', 'AbC1 34', enc(`${code}/`), `${code}/`, `${code}/x`, 'create/x'],
      ...['abc', `${code}?x=1`, `${code}#x`, `${code}/`, `${code}/more`, `x/${code}`].map((tail) => enc(`${SHORT_URL_HOST}/${tail}`)),
      ...['http://127.0.0.1:3002/', 'http://other.test/', 'ftp://127.0.0.1:3001/', 'javascript:', SHORT_URL_HOST].map((head) =>
        enc(head + code),
      ),
      ...['%', '%zz'],
    ];
    for (const segment of segments)
      for (const type of ['json', 'xml'] as const) expectError(await lookup(segment, { type }), type, 404, 404, { detail: false });
  });

  test('a segment whose escapes are not UTF-8 is 1016, as such a url is, never another code read with U+FFFD', async () => {
    for (const segment of [`%ff${code}`, `${code}%E9`, `${enc(`${SHORT_URL_HOST}/`) + code}%C3`, `%C3%28${code}`, `%ED%A0%80${code}`])
      for (const type of TYPES) expectError(await lookup(segment, { type }), type, 1016, 403);
  });

  test('lookups do not count as views', async () => {
    const own = await created(uniqueLink());
    for (const segment of [codeOf(own.short_url), enc(own.short_url), own.short_url, codeOf(own.short_url)])
      for (const type of TYPES) await lookup(segment, { type });
    expect((await looked(codeOf(own.short_url))).view_count).toBe(0);
    expect((await storedFor(own.link))?.view_count).toBe(0);
  });
});

describe('Short URLs: views on the short-link host', () => {
  const expectRedirect = ({ statusCode, headers }: Invocation, link: string) =>
    expect([statusCode, headers.location, headers['cache-control']]).toEqual([301, link, 'no-store']);
  function expectNotFoundPage(page: Invocation): void {
    expect(page.statusCode).toBe(404);
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toMatch(/^<!doctype html>/i);
  }

  test('GET /{code} answers 301 to the stored link, uncached, and adds exactly 1 per view', async () => {
    const record = await created(uniqueLink('/view?q=1#part'));
    const code = codeOf(record.short_url);
    for (let count = 1; count <= 3; count++) {
      expectRedirect(await invokeShortLink(`/${code}`), record.link);
      await views.ended();
      expect((await looked(code)).view_count).toBe(count);
    }
  });

  test('concurrent views are all counted (the increment is atomic)', async () => {
    const record = await created(uniqueLink());
    const visits = await Promise.all(Array.from({ length: 20 }, () => invokeShortLink(`/${codeOf(record.short_url)}`)));
    expect(visits.map((visit) => visit.statusCode)).toEqual(Array(20).fill(301));
    await views.ended();
    expect((await looked(codeOf(record.short_url))).view_count).toBe(20);
  });

  test('a query string on the short link does not change where it goes', async () => {
    const record = await created(uniqueLink());
    expectRedirect(await invokeShortLink(`/${codeOf(record.short_url)}?utm_source=x`), record.link);
  });

  test('unknown codes and other paths get the 404 HTML page, which tells nothing of the path', async () => {
    for (const path of ['/zZ0zZ0z', '/', '/toolong12', '/a/b', '/abc', '/%3Cscript%3E', '/url/short/create', '/<b>x</b>']) {
      const page = await invokeShortLink(path);
      expectNotFoundPage(page);
      expect(page.body).not.toMatch(/script|toolong|zZ0zZ0z|<b>/);
    }
  });

  test('HEAD answers the same 301 and counts no view, so link checkers see a live link', async () => {
    const record = await created(uniqueLink());
    expectRedirect(await invokeShortLink(`/${codeOf(record.short_url)}`, { method: 'HEAD' }), record.link);
    expect((await invokeShortLink('/zZ0zZ0z', { method: 'HEAD' })).statusCode).toBe(404);
    expect(views.codes).toEqual([]);
    expect((await looked(codeOf(record.short_url))).view_count).toBe(0);
  });

  test('other methods get the 404 page and count no view', async () => {
    const record = await created(uniqueLink());
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      expectNotFoundPage(await invokeShortLink(`/${codeOf(record.short_url)}`, { method }));
    expect(views.codes).toEqual([]);
    expect((await looked(codeOf(record.short_url))).view_count).toBe(0);
  });

  test('the code is case-sensitive: another case is another (unknown) code', async () => {
    // A code of digits only has no other case: another link's code then.
    let code: string;
    do code = codeOf((await created(uniqueLink())).short_url);
    while (!/[A-Za-z]/.test(code));
    const swapped = [...code].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    expect((await invokeShortLink(`/${swapped}`)).statusCode).toBe(404);
    await views.ended();
    expect((await looked(code)).view_count).toBe(0);
  });
});

// The rate limit's settings are read when the module loads: functions/short-url-create.ts is loaded afresh with small limits.
const loadCreate = (env: Record<string, string>): Promise<Handler> =>
  loadAfresh(env, () => importHandler('functions/short-url-create.ts', 'handler'));

/** A creation through `handler`, from `client`, of `url`. */
async function createWith(handler: Handler, url: string, client: Client, type: ResponseType = 'json'): Promise<Invocation> {
  const target = `/url/short/create?${query({ type, client })}&url=${enc(url)}`;
  const match = selectRoute(ROUTES, 'GET', target.split('?')[0]!)!;
  expect(match.route.fn.entry).toMatch(/short-url-create/);
  return invokeHandler(handler, target, { sourceIp: client.sourceIp });
}

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
  for (let i = 0; i < 3; i++) recordOf(await createWith(handler, uniqueLink(), next()));
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
    recordOf(await createWith(handler, uniqueLink(), { appkey: spellings[0]!, sourceIp: newClient().sourceIp }));
    recordOf(await createWith(handler, uniqueLink(), { appkey: newClient().appkey, sourceIp: address }));
  });

  test('per client address: past the limit, 503 with Retry-After in all four types, whatever the app key, and nothing is created', async () => {
    const handler = await loadLimited('1000', '3');
    const address = newClient().sourceIp;
    const withNewKey = (): Client => ({ appkey: newClient().appkey, sourceIp: address });
    await expectLimitOfThree(handler, withNewKey);
    recordOf(await createWith(handler, uniqueLink(), newClient()));
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
    recordOf(await create(uniqueLink(), { client: { appkey: key, sourceIp: newClient().sourceIp } }));
    const address = newClient().sourceIp;
    check(await inTens(120 + 1, () => create(uniqueLink(), { client: { appkey: newClient().appkey, sourceIp: address } })), 120);
  }, 120_000);

  test('invalid links are refused before the limit is counted', async () => {
    const handler = await loadLimited('2', '1000');
    const client = newClient();
    for (let i = 0; i < 5; i++) expectError(await createWith(handler, 'ftp://news.test/', client), 'json', 1016, 403);
    recordOf(await createWith(handler, uniqueLink(), client));
    recordOf(await createWith(handler, uniqueLink(), client));
  });
});

describe('the short URL list in all four types, through the real parsers', () => {
  let record: ShortUrl;
  beforeAll(async () => {
    // Characters each type must escape, in the link's query and fragment.
    record = await created(uniqueLink(`/list?a=1&b='2'&c=<3>#"frag"&x`));
  });

  const ENDPOINTS: ReadonlyArray<readonly [string, (type: ResponseType) => Promise<Invocation>]> = [
    ['create', (type) => create(record.link, { type })],
    ['lookup', (type) => lookup(codeOf(record.short_url), { type })],
  ];

  /** The headers of every API answer (docs/api.md, Headers); short URLs are never cached. */
  function expectHeaders(response: Invocation, type: ResponseType): void {
    expect(response.headers).toMatchObject({
      'content-type': CONTENT_TYPE[type],
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
      deprecation: expect.stringMatching(/^@[0-9]+$/),
    });
    expect([response.statusCode, response.headers.sunset, response.headers['retry-after']]).toEqual([200, undefined, undefined]);
  }

  function expectTimestamp(timestamp: unknown): void {
    expect(Number.isSafeInteger(timestamp)).toBe(true);
    expect(Math.abs((timestamp as number) - Date.now() / 1000)).toBeLessThan(60);
  }

  /** A decoded list: wrapper keys (after PHP's __class) shorturls, timestamp, total, count, offset; one record, its keys in order. */
  function expectList(value: Record<string, unknown>, classes?: { list: string; entry: string }): void {
    const [listClass, entryClass] = classes ? [{ __class: classes.list }, { __class: classes.entry }] : [{}, {}];
    const { shorturls, timestamp, ...rest } = value;
    expect(Object.keys(value)).toEqual([...Object.keys(listClass), 'shorturls', 'timestamp', 'total', 'count', 'offset']);
    expect(rest).toEqual({ ...listClass, total: 1, count: 1, offset: 0 });
    expectTimestamp(timestamp);
    expect(shorturls).toEqual([{ ...entryClass, ...record }]);
    expect(Object.keys((shorturls as object[])[0]!)).toEqual([...Object.keys(entryClass), 'link', 'short_url', 'itemid', 'view_count']);
  }

  describe.each(ENDPOINTS)('%s', (_name, request) => {
    test('JSON: wrapper keys shorturls, timestamp, total, count, offset; record keys link, short_url, itemid, view_count', async () => {
      const response = await request('json');
      expectHeaders(response, 'json');
      expectList(JSON.parse(response.body));
    });

    test('XML: root shorturls with timestamp, total, count, offset; shorturl children with the four attributes', async () => {
      const response = await request('xml');
      expectHeaders(response, 'xml');
      expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const root = parseXml(response.body);
      expect(root.name).toBe('shorturls');
      expect(Object.keys(root.attributes)).toEqual(['timestamp', 'total', 'count', 'offset']);
      expect(root.attributes).toEqual({ timestamp: expect.stringMatching(/^[0-9]+$/), total: '1', count: '1', offset: '0' });
      expectTimestamp(Number(root.attributes.timestamp));
      const attributes = { ...record, itemid: String(record.itemid), view_count: String(record.view_count) };
      expect(root.children).toEqual([{ name: 'shorturl', attributes, children: [], text: expect.stringMatching(/^\s*$/) }]);
      expect(Object.keys(root.children[0]!.attributes)).toEqual(['link', 'short_url', 'itemid', 'view_count']);
    });

    test('PHP: ServiceAPIShortURLs of ServiceAPIShortURL, byte for byte what PHP serialize() writes', async () => {
      const response = await request('php');
      expectHeaders(response, 'php');
      const answer = unserialize(response.body);
      expect([answer.error, answer.serialized]).toEqual([undefined, response.body]);
      expectList(answer.value as Record<string, unknown>, { list: 'ServiceAPIShortURLs', entry: 'ServiceAPIShortURL' });
    });

    test('Javascript: the callback receives the same object', async () => {
      const response = await request('javascript');
      expectHeaders(response, 'javascript');
      expect(response.body.startsWith('/**/callback(')).toBe(true);
      const run = runScript(response.body, 'callback');
      expect([run.alerts, run.calls.length]).toEqual([[], 1]);
      expectList(run.calls[0]![0] as Record<string, unknown>);
    });
  });
});

describe('the request pipeline applies to the short URL endpoints', () => {
  test('unknown arguments are 1001, naming the argument, and create nothing', async () => {
    const link = uniqueLink();
    for (const type of TYPES) {
      expectError(await create(link, { type, extra: 'foo=1' }), type, 1001, 403, { detail: 'foo' });
      expectError(await lookup('AbC1234', { type, extra: 'url=x' }), type, 1001, 403, { detail: 'url' });
      expectError(await lookup('AbC1234', { type, extra: 'count=1' }), type, 1001, 403, { detail: 'count' });
    }
    expect(await storedFor(link)).toBeUndefined();
  });

  test('a missing app key is 1005 and an invalid one 1028; nothing is created', async () => {
    const link = uniqueLink();
    for (const type of TYPES) {
      const typed = typeQuery(type);
      expectError(await invoke(`/url/short/create?${typed}&url=${enc(link)}`), type, 1005, 403);
      expectError(await invoke(`/url/short/create?appkey=&${typed}&url=${enc(link)}`), type, 1005, 403);
      expectError(await invoke(`/url/short/create?appkey=${enc('http://example.com/')}&${typed}&url=${enc(link)}`), type, 1028, 403);
      expectError(await invoke(`/url/short/AbC1234?${typed}`), type, 1005, 403);
      expectError(await invoke(`/url/short/AbC1234?appkey=nokey&${typed}`), type, 1028, 403);
    }
    expect(await storedFor(link)).toBeUndefined();
  });

  test('other methods and the bare /url/short/ are the catch-all 404', async () => {
    const client = newClient();
    for (const [method, path] of [
      ['POST', '/url/short/create'],
      ['PUT', '/url/short/AbC1234'],
      ['GET', '/url/short/'],
      ['GET', '/url/short'],
    ]) {
      const response = await invoke(`${path}?${query({ client })}&url=${enc(uniqueLink())}`, { method, sourceIp: client.sourceIp });
      expectError(response, 'json', 404, 404, { detail: false });
    }
  });
});
