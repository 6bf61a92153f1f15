/** Retirement on the operator's schedule (docs/api.md, Retirement), through the functions loaded with the settings. */
import { capture } from '../support/observability-capture';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { handlerOf } from '../../infra/local/invoke';
import type { Route } from '../../infra/template/routes';
import { ConfigError } from '../../lib/api-error';
import { CONTENT_TYPE, DEPRECATION, expectError, invokerWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { APP_KEY, invoke, ROUTES, SHORT_LINK_ROUTES, withKey, type Invocation } from '../support/invoke';
import { withTarget } from '../support/hostile-input/check';
import { checkHeaders, hostileInputs } from '../support/hostile-input/echoes';
import { expectedType } from '../support/hostile-input/oracle';
import { fromBody, fromPhp, type Payload } from '../support/hostile-input/payload';
import { queryOf, targetOf } from '../support/hostile-input/requests';
import { API_HEADERS, isCallable } from '../support/hostile-input/rules';
import { hostileWire } from '../support/hostile-input/strings';
import { argument, COMMON_ARGUMENT_WIRES, nameWire, pathWire, requests, segmentWire } from '../support/hostile-input/wire';
import { loadAfresh } from '../support/load-afresh';
import { runScript, unserialize } from '../support/parsers';
import { codeOf } from '../support/short-url-host';

const logs = capture();

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

const PAST = '2020-01-01';
const FUTURE = '2099-01-01';
const httpDate = (date: string) => new Date(date).toUTCString();
const MIGRATE_LINK = '<https://docs.new-api.test/migrate>; rel="deprecation"; type="text/html"';

/** A request each route answers (the catch-all: a path the API does not have). */
const SAMPLE_PATHS: Record<string, string> = {
  '/errors': '/errors',
  '/error/{code}': '/error/1014',
  '/containers': '/containers',
  '/container/{short_name}': '/container/technology',
  '/galleryphotos': '/galleryphotos',
  '/galleryphotos/comments': '/galleryphotos/comments',
  '/galleryphotos/{list}': '/galleryphotos/1,2',
  '/galleryphotos/{list}/comments': '/galleryphotos/1,2/comments',
  '/galleryphoto/{id}': '/galleryphoto/1',
  '/galleryphoto/{id}/comments': '/galleryphoto/1/comments',
  '/galleryphoto/{id}/comment/{comment_id}': '/galleryphoto/1/comment/2',
  '/galleryphoto/{id}/comment/{comment_id}/replies': '/galleryphoto/1/comment/2/replies',
  '/url/short/create': `/url/short/create?url=${encodeURIComponent('https://retirement.test/a')}`,
  '/url/short/{short_url+}': '/url/short/Nope123',
  $default: '/no-such-path',
};
const sampleOf = (route: Route): string => {
  const path = SAMPLE_PATHS[route.path];
  if (path === undefined) throw new Error(`no sample request for ${route.routeKey}: add one`);
  return path;
};
const isGallery = (route: Route) => route.path.startsWith('/gallery');
const isCreate = (route: Route) => route.path === '/url/short/create';
const withType = (target: string, type: string) => withKey(`${target}${target.includes('?') ? '&' : '?'}${type}`);

/** Asserts the 410 of a retired API endpoint, in `type`, saying `why`, and returns its headers. */
function expectRetired(answer: Invocation, type: (typeof TYPES)[number], why: string): Record<string, string | undefined> {
  const message = expectError(answer, type, 404, 410, { detail: why });
  expect(message).toBe(`Not found: ${why}`);
  expect(answer.headers.deprecation).toBe(DEPRECATION);
  return answer.headers;
}

/** A short link of its own, made through the API as it is by default. */
async function newShortLink(): Promise<{ code: string; link: string }> {
  const link = `https://retirement.test/${randomUUID()}`;
  const made = await invoke(withKey(`/url/short/create?type=json&url=${encodeURIComponent(link)}`), { sourceIp: '198.51.100.7' });
  expect(made.statusCode).toBe(200);
  const code = codeOf(JSON.parse(made.body).shorturls[0].short_url as string);
  return { code, link };
}
const viewsOf = async (code: string): Promise<number> =>
  JSON.parse((await invoke(withKey(`/url/short/${code}?type=json`))).body).shorturls[0].view_count;

describe('each group alone, past its sunset', () => {
  test('gallery: its eight endpoints answer 410 in every type, the rest of the API and the links as usual, without Sunset', async () => {
    const retired = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST });
    expect(ROUTES.filter(isGallery)).toHaveLength(8);
    for (const route of ROUTES) {
      for (const type of TYPES) {
        const answer = await retired(withType(sampleOf(route), typeQuery(type)), { method: route.method === 'ANY' ? 'GET' : route.method });
        if (isGallery(route)) expect(expectRetired(answer, type, `retired on ${PAST}`).sunset).toBe(httpDate(PAST));
        else {
          const where = [route.routeKey, type];
          expect([...where, answer.statusCode === 410, answer.body.includes('retired')]).toEqual([...where, false, false]);
          expect(answer.headers).not.toHaveProperty('sunset');
        }
      }
    }
    const { code, link } = await newShortLink();
    const visit = await invokerWithEnv({ GALLERY_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES })(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
  });

  test('api: every route of the API host answers 410, the catch-all and any method included; the links stay', async () => {
    const retired = invokerWithEnv({ API_SUNSET_DATE: PAST });
    for (const route of ROUTES) {
      for (const type of TYPES) expectRetired(await retired(withType(sampleOf(route), typeQuery(type))), type, `retired on ${PAST}`);
    }
    expectRetired(await retired(withKey('/containers?type=json'), { method: 'POST' }), 'json', `retired on ${PAST}`);
    expectRetired(await retired(withKey('/nope/%FF?type=json')), 'json', `retired on ${PAST}`);
    const { code, link } = await newShortLink();
    const before = await viewsOf(code);
    const visit = await invokerWithEnv({ API_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES })(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
    expect(visit.headers).not.toHaveProperty('sunset');
    expect(await viewsOf(code)).toBe(before + 1);
  });

  test('create: /url/short/create answers 410, looking a short URL up as usual', async () => {
    const { code } = await newShortLink();
    const retired = invokerWithEnv({ CREATE_SUNSET_DATE: PAST });
    for (const route of ROUTES) {
      const answer = await retired(withType(sampleOf(route), 'type=json'));
      if (isCreate(route)) expectRetired(answer, 'json', `retired on ${PAST}`);
      else expect([route.routeKey, answer.statusCode === 410, answer.headers.sunset]).toEqual([route.routeKey, false, undefined]);
    }
    const lookup = await retired(withKey(`/url/short/${code}?type=json`));
    expect(lookup.statusCode).toBe(200);
  });

  test('links: every path of the short-link host answers the 410 page, GET and HEAD, counting no view; the API as usual', async () => {
    const { code } = await newShortLink();
    const before = await viewsOf(code);
    const retired = invokerWithEnv({ LINKS_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES });
    for (const [target, method] of [
      [`/${code}`, 'GET'],
      [`/${code}`, 'HEAD'],
      ['/Nope123', 'GET'],
      ['/not/a/code', 'GET'],
      [`/${code}`, 'POST'],
    ] as const) {
      const page = await retired(target, { method });
      expect([target, method, page.statusCode, page.headers.location]).toEqual([target, method, 410, undefined]);
      const headers = {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        deprecation: DEPRECATION,
        sunset: httpDate(PAST),
      };
      expect(page.headers).toMatchObject(headers);
      expect(page.body).toContain('<title>Gone</title>');
      expect(page.body).toContain(`(retired on ${PAST})`);
    }
    expect(await viewsOf(code)).toBe(before);
    const api = invokerWithEnv({ LINKS_SUNSET_DATE: PAST });
    expect((await api(withKey(`/url/short/${code}?type=json`))).statusCode).toBe(200);
    expect((await api(withKey('/errors?type=json'))).headers).not.toHaveProperty('sunset');
  });
});

describe('links before its sunset', () => {
  test('every answer of the short-link host carries Sunset with its date, Deprecation and Link: its 301 (GET and HEAD) and its 404 page; the API host no Sunset', async () => {
    const env = { LINKS_SUNSET_DATE: '2099-09-30', DEPRECATION_LINK: 'https://docs.new-api.test/migrate' };
    const { code, link } = await newShortLink();
    const before = await viewsOf(code);
    const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
    const answers = [
      [301, await links(`/${code}`)],
      [301, await links(`/${code}`, { method: 'HEAD' })],
      [404, await links('/Nope123')],
      [404, await links('/not/a/code')],
    ] as const;
    for (const [status, answer] of answers) {
      expect(answer.statusCode).toBe(status);
      expect(answer.headers.location).toBe(status === 301 ? link : undefined);
      expect(answer.headers).toMatchObject({ sunset: 'Wed, 30 Sep 2099 00:00:00 GMT', deprecation: DEPRECATION, link: MIGRATE_LINK });
      expect(answer.headers.sunset).toBe(httpDate('2099-09-30'));
    }
    expect(answers[2][1].headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answers[2][1].body).toContain('<title>Not found</title>');
    expect(await viewsOf(code)).toBe(before + 1);
    const api = await invokerWithEnv(env)(withKey('/errors?type=json'));
    expect(api.statusCode).toBe(200);
    expect(api.headers).not.toHaveProperty('sunset');
    expect(api.headers.link).toBe(MIGRATE_LINK);
  });
});

describe('groups combined', () => {
  test('before their sunsets, a path carries the earliest of its groups’ dates, and no other path any', async () => {
    const env = { GALLERY_SUNSET_DATE: '2099-06-30', API_SUNSET_DATE: '2099-12-31', CREATE_SUNSET_DATE: '2099-03-01' };
    const scheduled = invokerWithEnv(env);
    expect((await scheduled(withKey('/galleryphotos?type=json&count=0'))).headers.sunset).toBe('Tue, 30 Jun 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/errors?type=json'))).headers.sunset).toBe('Thu, 31 Dec 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/no-such-path?type=json'))).headers.sunset).toBe('Thu, 31 Dec 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/url/short/create?type=json'))).headers.sunset).toBe('Sun, 01 Mar 2099 00:00:00 GMT');
    const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
    expect((await links('/Nope123')).headers).not.toHaveProperty('sunset');
  });

  test('a gallery endpoint retires with the earlier of the gallery’s and the API’s sunsets, and names it', async () => {
    const both = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, API_SUNSET_DATE: '2019-06-01' });
    const headers = expectRetired(await both(withKey('/galleryphotos?type=json')), 'json', 'retired on 2019-06-01');
    expect(headers.sunset).toBe(httpDate('2019-06-01'));
    const galleryFirst = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, API_SUNSET_DATE: FUTURE });
    expectRetired(await galleryFirst(withKey('/galleryphoto/1?type=xml')), 'xml', `retired on ${PAST}`);
    expect((await galleryFirst(withKey('/errors?type=json'))).statusCode).toBe(200);
  });

  test('in the API’s brownout, a gallery endpoint names its own coming sunset, the rest says until when', async () => {
    const now = Date.now();
    const brownout = `${new Date(now - 60_000).toISOString().slice(0, 19)}Z/PT1H`;
    const end = `${new Date(now - 60_000 + 3_600_000).toISOString().slice(0, 19)}Z`;
    const browned = invokerWithEnv({ API_BROWNOUTS: brownout, GALLERY_SUNSET_DATE: FUTURE });
    expectRetired(await browned(withKey('/galleryphotos?type=json')), 'json', `retiring on ${FUTURE}`);
    expectRetired(await browned(withKey('/containers?type=json')), 'json', `brownout until ${end}`);
  });
});

describe('brownouts and sunsets to the millisecond', () => {
  const env = {
    GALLERY_SUNSET_DATE: '2027-06-30T12:00:00Z',
    GALLERY_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H,2027-05-02T00:00:00Z/2027-05-02T00:00:01Z',
    LINKS_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H',
  };
  const gallery = invokerWithEnv(env);
  const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
  let clock: jest.SpyInstance | undefined;
  afterEach(() => clock?.mockRestore());

  test.each([
    ['2027-05-01T13:59:59.999Z', undefined],
    ['2027-05-01T14:00:00.000Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T14:59:59.999Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T15:00:00.000Z', undefined],
    ['2027-05-02T00:00:00.000Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:00.999Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:01.000Z', undefined],
    ['2027-06-30T11:59:59.999Z', undefined],
    ['2027-06-30T12:00:00.000Z', 'retired on 2027-06-30T12:00:00Z'],
  ])('at %s the gallery answers %s', async (moment, why) => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(moment));
    // count=0 is refused (1006) without a database read when the gallery answers as usual.
    const answer = await gallery(withKey('/galleryphotos?type=json&count=0'));
    if (why === undefined) expectError(answer, 'json', 1006, 403);
    else expectRetired(answer, 'json', why);
    expect(answer.headers.sunset).toBe('Wed, 30 Jun 2027 12:00:00 GMT');
    expect((await gallery(withKey('/errors?type=json'))).statusCode).toBe(200);
  });

  test.each([
    ['2027-05-01T13:59:59.999Z', 404],
    ['2027-05-01T14:00:00.000Z', 410],
    ['2027-05-01T14:59:59.999Z', 410],
    ['2027-05-01T15:00:00.000Z', 404],
  ])('at %s the short-link host answers %i', async (moment, status) => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(moment));
    const page = await links('/not/a/code');
    expect(page.statusCode).toBe(status);
    if (status === 410) expect(page.body).toContain('(brownout until 2027-05-01T15:00:00Z)');
  });
});

describe('the answer', () => {
  const retired = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, DEPRECATION_LINK: 'https://docs.new-api.test/migrate' });
  const WHY = `retired on ${PAST}`;

  test('in the type asked, by type or Accept; an unknown type in XML; Javascript 200 with status 410, or an alert without a valid callback', async () => {
    for (const type of TYPES) expectRetired(await retired(withKey(`/galleryphotos?${typeQuery(type)}`)), type, WHY);
    expectRetired(await retired(withKey('/galleryphotos?type=yaml')), 'xml', WHY);
    expectRetired(await retired(withKey('/galleryphotos?type=JSON')), 'json', WHY);
    expectRetired(await retired(withKey('/galleryphotos'), { headers: { accept: 'application/php' } }), 'php', WHY);
    const script = await retired(withKey('/galleryphotos?type=javascript&callback=cb'));
    expect(runScript(script.body, 'cb').calls[0]).toEqual([{ code: 404, message: `Not found: ${WHY}`, status: 410 }]);
    for (const query of ['type=javascript', 'type=javascript&callback=1bad']) {
      expectError(await retired(withKey(`/galleryphotos?${query}`)), 'javascript', 404, 410, { alert: true, detail: WHY });
    }
  });

  test('the date it names: a date as set, a date-time to the second in UTC, one set to the minute included', async () => {
    for (const [setting, named] of [
      ['2020-01-01', '2020-01-01'],
      ['2020-01-01T12:30:00Z', '2020-01-01T12:30:00Z'],
      ['2020-01-01T12:30Z', '2020-01-01T12:30:00Z'],
    ] as const) {
      const answer = await invokerWithEnv({ GALLERY_SUNSET_DATE: setting })(withKey('/galleryphotos?type=json'));
      expectRetired(answer, 'json', `retired on ${named}`);
      expect(answer.headers.sunset).toBe(httpDate(named));
    }
  });

  test('whatever it is asked: no app key, a bad or denied one, unknown or bad arguments, a bad path', async () => {
    const denied = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, DENIED_APP_KEYS: APP_KEY });
    for (const target of [
      '/galleryphotos?type=json',
      '/galleryphotos?type=json&appkey=not-a-uri',
      '/galleryphotos?type=json&appkey=http%3A%2F%2Fexample.com%2F',
      '/galleryphotos?type=json&appkey=http%3A%2F%2Fmy.app%2F%E9',
      withKey('/galleryphotos?type=json&count=0&offset=-1&sort=bogus&colour=red'),
      withKey('/galleryphotos?type=json&min_submit_date=1e9&max_submit_date=x'),
      withKey('/galleryphoto/not-a-number?type=json'),
      withKey('/galleryphotos/1,2,x/comments?type=json'),
      withKey('/galleryphoto/1/comment/%FF?type=json'),
    ]) {
      expectRetired(await retired(target), 'json', WHY);
    }
    expectRetired(await denied(withKey('/galleryphotos?type=json')), 'json', WHY);
  });

  test('its headers: Deprecation, Sunset, Link, no-store (a cacheable endpoint too), the type’s Content-Type', async () => {
    for (const type of TYPES) {
      const headers = expectRetired(await retired(withKey(`/galleryphotos/comments?${typeQuery(type)}`)), type, WHY);
      expect(headers['content-type']).toBe(CONTENT_TYPE[type]);
      expect(headers.sunset).toBe('Wed, 01 Jan 2020 00:00:00 GMT');
      expect(headers.link).toBe(MIGRATE_LINK);
      expect(headers['cache-control']).toBe('no-store');
    }
    const staticRetired = invokerWithEnv({ API_SUNSET_DATE: PAST });
    expect(expectRetired(await staticRetired(withKey('/errors?type=json')), 'json', WHY)['cache-control']).toBe('no-store');
  });
});

/** The body of an answer read by its type's parser (PHP's own unserialize() included). */
function retiredPayload(type: (typeof TYPES)[number], body: string, query: URLSearchParams): Payload {
  return (type === 'php' ? fromPhp(unserialize(body), body) : fromBody(type, body, query)).payload;
}

/** What a retired API host answers a request of `query` with, in `type`. */
function expectedRetiredPayload(type: (typeof TYPES)[number], query: URLSearchParams): Payload {
  const message = `Not found: retired on ${PAST}`;
  if (type !== 'javascript') return { kind: 'error', code: 404, message };
  return isCallable(query.get('callback') ?? '') ? { kind: 'error', code: 404, message, status: 410 } : { kind: 'alert', message };
}

test('any request to a retired API host, however hostile, is its 410 in the type asked, echoing nothing', async () => {
  const retired = invokerWithEnv({ API_SUNSET_DATE: PAST });
  const hostile = requests({
    path: fc.oneof(fc.constantFrom(...ROUTES.map(sampleOf).map((target) => target.split('?')[0]!)), pathWire(segmentWire)),
    args: COMMON_ARGUMENT_WIRES,
    extra: argument(nameWire, hostileWire),
  });
  await fc.assert(
    fc.asyncProperty(hostile, async (request) => {
      const answer = await retired(targetOf(request), {
        method: request.method,
        headers: request.accept === undefined ? {} : { accept: request.accept },
      });
      withTarget(request, () => {
        checkHeaders(answer.headers, API_HEADERS, hostileInputs(request));
        const type = TYPES.find((kind) => CONTENT_TYPE[kind] === answer.headers['content-type']);
        // Whatever the Accept header, the answer is in one of the four types (docs/api.md, Headers).
        expect(TYPES).toContain(type);
        const expected = expectedType(request);
        if (expected !== undefined) expect(type).toBe(expected);
        expect(answer.statusCode).toBe(type === 'javascript' ? 200 : 410);
        expect(answer.body).toContain(`Not found: retired on ${PAST}`);
        expect(answer.body.length).toBeLessThan(300);
        // Read by the type's own parser: error 404 with the retired message, or, with Javascript
        // and no callable callback, the alert() of it (docs/api.md, Retirement).
        expect(retiredPayload(type!, answer.body, queryOf(request))).toEqual(expectedRetiredPayload(type!, queryOf(request)));
      });
    }),
    { numRuns: 300 },
  );
});

describe('not one database call', () => {
  /** Functions whose database client fails the test's way if used, and the calls it got. */
  function withFailingDatabase(env: Record<string, string>, routes?: readonly Route[]) {
    const calls: string[] = [];
    const prepare = async () => {
      const { mockClient } = await import('aws-sdk-client-mock');
      const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
      mockClient(DynamoDBDocumentClient)
        .onAnyCommand()
        .callsFake((input: unknown) => {
          calls.push(JSON.stringify(input).slice(0, 80));
          throw new Error('the database was asked');
        });
    };
    return { calls, invoke: invokerWithEnv(env, { ...(routes ? { routes } : {}), prepare }) };
  }

  test('retired endpoints that read and write (gallery, creation, lookup, redirect) ask the database nothing', async () => {
    const api = withFailingDatabase({ API_SUNSET_DATE: PAST });
    for (const target of [
      '/galleryphotos?type=json',
      '/galleryphoto/1/comments?type=php',
      '/url/short/create?type=xml&url=https%3A%2F%2Fa.test%2F',
      '/url/short/Abc1234?type=json',
    ]) {
      expect((await api.invoke(withKey(target))).statusCode).toBe(410);
    }
    const links = withFailingDatabase({ LINKS_SUNSET_DATE: PAST }, SHORT_LINK_ROUTES);
    for (const method of ['GET', 'HEAD']) expect((await links.invoke('/Abc1234', { method })).statusCode).toBe(410);
    expect([...api.calls, ...links.calls]).toEqual([]);
  });

  test('(the failing client is the one the functions use: an endpoint not retired asks it, and fails)', async () => {
    const gallery = withFailingDatabase({ GALLERY_SUNSET_DATE: PAST });
    const lookup = await gallery.invoke(withKey('/url/short/Abc1234?type=json'));
    expect(lookup.statusCode).toBeGreaterThanOrEqual(500);
    // An unexpected failure, not a transient one: error 500 `Internal error`, HTTP 500 (docs/api.md, Errors).
    expectError(lookup, 'json', 500, 500, { detail: false });
    expect(gallery.calls.length).toBeGreaterThan(0);
  });
});

describe('telemetry', () => {
  test('the request line says which group and why, with the app key; the group’s count is kept; as usual, neither', async () => {
    const env = { GALLERY_SUNSET_DATE: PAST, API_BROWNOUTS: `${new Date(Date.now() - 60_000).toISOString().slice(0, 19)}Z/PT1H` };
    const retired = invokerWithEnv(env);
    logs.clear();
    const gone = await retired(withKey('/galleryphotos?type=json'));
    expect(gone.statusCode).toBe(410);
    const browned = await retired(withKey('/errors?type=json'));
    expect(browned.statusCode).toBe(410);
    const lines = logs.logs().filter((entry) => entry.message === 'request');
    expect(lines.map((line) => [line.route, line.status, line.app_key, line.retired])).toEqual([
      ['GET /galleryphotos', 410, APP_KEY, { group: 'gallery', why: 'sunset' }],
      ['GET /errors', 410, APP_KEY, { group: 'api', why: 'brownout' }],
    ]);
    const counted = logs.counts().filter((count) => count.name.startsWith('Retired'));
    expect(counted.map((count) => [count.name, count.dimensions.endpoint ?? 'total'])).toEqual([
      ['RetiredGallery', 'GET /galleryphotos'],
      ['RetiredGallery', 'total'],
      ['RetiredApi', 'GET /errors'],
      ['RetiredApi', 'total'],
    ]);

    logs.clear();
    expect((await invoke(withKey('/errors?type=json'))).statusCode).toBe(200);
    expect(logs.logs().find((entry) => entry.message === 'request')).not.toHaveProperty('retired');
    expect(logs.counts().filter((count) => count.name.startsWith('Retired'))).toEqual([]);
  });

  test('the short-link host’s line and count likewise', async () => {
    const links = invokerWithEnv({ LINKS_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES });
    logs.clear();
    expect((await links('/Abc1234')).statusCode).toBe(410);
    const line = logs.logs().find((entry) => entry.message === 'request');
    expect(line).toMatchObject({ route: 'GET /{code}', status: 410, retired: { group: 'links', why: 'sunset' } });
    expect(logs.counts().filter((count) => count.name === 'RetiredLinks')).toHaveLength(2);
    expect(logs.counts().filter((count) => count.name === 'Redirects')).toEqual([]);
  });
});

describe('a bad setting stops the start', () => {
  const functions = [...new Map([...ROUTES, ...SHORT_LINK_ROUTES].map((route) => [route.fn.id, route.fn])).values()];

  test.each([
    ['GALLERY_SUNSET_DATE', '2027-02-30'],
    ['API_SUNSET_DATE', 'next year'],
    ['CREATE_BROWNOUTS', '2027-05-01T14:00:00Z/PT0S'],
    ['LINKS_BROWNOUTS', '2027-05-01T15:00:00Z/2027-05-01T14:00:00Z'],
    // Past 9999-12-31T23:59:59Z: these loaded, then every request answered 500 formatting the end.
    ['API_BROWNOUTS', '2020-01-01T00:00:00Z/P99999999W'],
    ['LINKS_BROWNOUTS', '2020-01-01T00:00:00Z/PT99999999999999999999999S'],
  ])('%s=%s: every function refuses to load, naming it', async (variable, value) => {
    for (const fn of functions) {
      // Loaded in a registry of its own, the function throws that registry's ConfigError: told by its name.
      await expect(loadAfresh({ [variable]: value }, () => handlerOf(fn))).rejects.toMatchObject({
        name: ConfigError.name,
        message: expect.stringMatching(new RegExp(`^${variable} must be `)),
      });
    }
  });
});
