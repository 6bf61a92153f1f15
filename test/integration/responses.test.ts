/**
 * What every answer is made of (docs/api.md: Headers, Errors, Bodies): content types, the four
 * bodies, property order, errors, status per code, deprecation, caching and CORS, through the
 * real handlers (and, for what no endpoint of this release produces, through endpoint() with a
 * handler made here), each body decoded with the real parser of its type.
 */
import { ApiError } from '../../lib/api-error';
import { endpoint, unmatchedRoute } from '../../lib/http/endpoint';
import { ContainerListShape, ErrorListShape } from '../../lib/resources/catalogue';
import { ErrorShape, resource, type Resource } from '../../lib/resources/shape';
import { GalleryShape } from '../../lib/resources/gallery';
import { ShortUrlListShape } from '../../lib/resources/short-urls';
import { parseXml, runScript, unserialize, XML_DECLARATION } from '../support/parsers';
import { CATALOGUE, CONTENT_TYPE, DEPRECATION, expectError, invokeHandler, invokeWithEnv, TYPES, typeQuery } from '../support/expect-error';
import type { ResponseType } from '../support/expect-error';
import { APP_KEY, invoke, withKey, type Invocation } from '../support/invoke';
import { loadAfresh } from '../support/load-afresh';
import { statusFor } from '../support/catalogue';
import type { Handler } from '../../infra/local/invoke';

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;
const STATIC_PATHS = ['/errors', '/error/1014', '/containers', '/container/gaming'];

/** One response of every kind the service gives: successes, errors, the catch-all, callback errors. */
async function everyKindOfResponse(): Promise<Array<[string, Invocation]>> {
  const responses: Array<[string, Invocation]> = [];
  for (const type of TYPES) {
    for (const path of STATIC_PATHS) responses.push([`${path} ${type}`, await invoke(withKey(`${path}?${typeQuery(type)}`))]);
    responses.push([`1005 ${type}`, await invoke(`/errors?${typeQuery(type)}`)]);
    responses.push([`1014 ${type}`, await invoke(withKey(`/container/nope?${typeQuery(type)}`))]);
    responses.push([`404 ${type}`, await invoke(withKey(`/nope?${typeQuery(type)}`))]);
    responses.push([`POST ${type}`, await invoke(withKey(`/errors?${typeQuery(type)}`), { method: 'POST' })]);
  }
  responses.push(['1002', await invoke(withKey('/errors?type=javascript'))]);
  responses.push(['1003', await invoke(withKey('/errors?type=javascript&callback=1x'))]);
  responses.push(['1001 type', await invoke(withKey('/errors?type=yaml'))]);
  return responses;
}

const resourceEndpoint = (make: () => Resource, spec: { cacheable?: boolean } = {}) => endpoint({ args: {}, ...spec }, make);
/** A handler that throws `thrown`. */
const throwing =
  (thrown: unknown): (() => never) =>
  () => {
    throw thrown;
  };
/** An endpoint answering an error list of one entry with `message`. */
const listOf = (message: string) => resourceEndpoint(() => resource(ErrorListShape, { timestamp: 1, errors: [{ code: 1, message }] }));
const call = (handler: Handler, type: ResponseType, query = '') =>
  invokeHandler(handler, `/errors?${KEY}&${typeQuery(type, 'cb')}${query}`);

describe('Responses: Content-Type', () => {
  test.each(TYPES)('%s: exact Content-Type on successes and errors', async (type) => {
    for (const path of STATIC_PATHS)
      expect((await invoke(withKey(`${path}?${typeQuery(type)}`))).headers['content-type']).toBe(CONTENT_TYPE[type]);
    expect((await invoke(`/errors?${typeQuery(type)}`)).headers['content-type']).toBe(CONTENT_TYPE[type]);
  });

  test('X-Content-Type-Options: nosniff on an internal error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = resourceEndpoint(throwing(new Error('boom')));
    for (const type of TYPES) expect((await call(failing, type)).headers['x-content-type-options']).toBe('nosniff');
  });
});

/** A string holding what XML must escape, what it cannot carry at all, and non-ASCII text. */
const TRICKY = 'a & b < c > "d" \'e\' \t tab \n lf \r cr ]]> é 😀 \u2028 \u2029 end';
const UNCARRIABLE = 'x\u0000y\u0001z\uFFFEw\uD800v\u001F';

describe('Responses: XML', () => {
  test.each(STATIC_PATHS)('%s begins with exactly the UTF-8 XML declaration and parses strictly', async (path) => {
    const response = await invoke(withKey(path));
    expect(response.body.startsWith(`${XML_DECLARATION}<`)).toBe(true);
    expect(() => parseXml(response.body)).not.toThrow();
  });

  test('errors too begin with the declaration', async () => {
    expect((await invoke('/errors')).body.startsWith(`${XML_DECLARATION}<error `)).toBe(true);
    expect((await invoke('/nope')).body.startsWith(`${XML_DECLARATION}<error `)).toBe(true);
  });

  test('markup, whitespace and non-ASCII text come back exactly', async () => {
    const handler = resourceEndpoint(() =>
      resource(ContainerListShape, {
        timestamp: 1,
        containers: [{ name: TRICKY, short_name: 'x', topics: [{ name: TRICKY, short_name: 'y' }] }],
      }),
    );
    const root = parseXml((await call(handler, 'xml')).body);
    expect(root.children[0]!.attributes.name).toBe(TRICKY);
    expect(root.children[0]!.children[0]!.attributes.name).toBe(TRICKY);
  });

  test('characters XML cannot carry are replaced with U+FFFD, and the document stays well-formed', async () => {
    const response = await call(listOf(UNCARRIABLE), 'xml');
    expect(response.statusCode).toBe(200);
    expect(parseXml(response.body).children[0]!.attributes.message).toBe('x\uFFFDy\uFFFDz\uFFFDw\uFFFDv\uFFFD');
  });
});

describe('Responses: JSON', () => {
  test('UTF-8 text comes back exactly', async () => {
    const response = await call(listOf(TRICKY), 'json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(response.body).errors[0].message).toBe(TRICKY);
  });

  test('total is a string in the gallery list (and in PHP), an attribute in XML', async () => {
    const handler = resourceEndpoint(() =>
      resource(GalleryShape, { timestamp: 5, min_date: 1, total: 42, offset: 0, count: 0, photos: [] }),
    );
    expect((await call(handler, 'json')).body).toBe('{"timestamp":5,"min_date":1,"total":"42","offset":0,"count":0,"photos":[]}');
    expect(parseXml((await call(handler, 'xml')).body).attributes.total).toBe('42');
    const php = unserialize((await call(handler, 'php')).body);
    expect((php.value as Record<string, unknown>).total).toBe('42');
  });
});

describe('Responses: Javascript', () => {
  test.each(STATIC_PATHS)('%s: the body is /**/callback(<json>); and calls it once with the JSON-type value', async (path) => {
    const response = await invoke(withKey(`${path}?type=javascript&callback=my.show`));
    expect(response.statusCode).toBe(200);
    const match = /^\/\*\*\/my\.show\((.*)\);$/s.exec(response.body);
    expect(match).not.toBeNull();
    const run = runScript(response.body, 'my.show');
    expect(run.calls).toEqual([[JSON.parse(match![1]!)]]);
    const json = JSON.parse((await invoke(withKey(`${path}?type=json`))).body);
    expect({ ...(run.calls[0]![0] as object), timestamp: 0 }).toEqual({ ...json, timestamp: 0 });
  });

  test('U+2028 and U+2029 are escaped, and reach the callback intact', async () => {
    const response = await call(listOf(TRICKY), 'javascript');
    expect(response.body).not.toMatch(/[\u2028\u2029]/);
    expect(response.body).toContain('\\u2028');
    expect(response.body).toContain('\\u2029');
    expect(runScript(response.body, 'cb').calls).toEqual([[{ timestamp: 1, errors: [{ code: 1, message: TRICKY }] }]]);
  });
});

describe('Responses: PHP', () => {
  test.each(STATIC_PATHS)("%s: the body is byte for byte PHP's own serialize() of what it unserializes to", async (path) => {
    const body = (await invoke(withKey(`${path}?type=php`))).body;
    const answer = unserialize(body);
    expect(answer.error).toBeUndefined();
    expect(answer.serialized).toBe(body);
  });

  test('multi-byte text, NUL and quotes are counted in bytes as PHP counts them', async () => {
    const text = `${TRICKY} \u0000 ";} s:1:"`;
    const body = (await call(listOf(text), 'php')).body;
    const answer = unserialize(body);
    expect(answer.serialized).toBe(body);
    expect(answer.value).toEqual({
      __class: 'ServiceAPIErrors',
      timestamp: 1,
      errors: [{ __class: 'ServiceAPIError', code: 1, message: text }],
    });
  });

  test('class names are ServiceAPI…', async () => {
    const errors = unserialize((await invoke(withKey('/error/1014?type=php'))).body).value;
    expect(errors).toMatchObject({ __class: 'ServiceAPIErrors', errors: [{ __class: 'ServiceAPIError' }] });
    const containers = unserialize((await invoke(withKey('/container/gaming?type=php'))).body).value as Record<string, any>;
    expect(containers).toMatchObject({ __class: 'ServiceAPIContainers', containers: [{ __class: 'ServiceAPIContainer' }] });
    expect(containers.containers[0].topics[0].__class).toBe('ServiceAPITopic');
  });

  test('the class prefix is configurable (PHP_CLASS_PREFIX=DiggAPI), for successes and errors', async () => {
    const env = { PHP_CLASS_PREFIX: 'DiggAPI' };
    const containers = unserialize((await invokeWithEnv(env, withKey('/containers?type=php'))).body);
    expect(containers.value).toMatchObject({
      __class: 'DiggAPIContainers',
      containers: expect.arrayContaining([expect.objectContaining({ __class: 'DiggAPIContainer' })]),
    });
    const errors = unserialize((await invokeWithEnv(env, withKey('/errors?type=php'))).body);
    expect(errors.value).toMatchObject({
      __class: 'DiggAPIErrors',
      errors: expect.arrayContaining([expect.objectContaining({ __class: 'DiggAPIError' })]),
    });
    const error = await invokeWithEnv(env, '/errors?type=php');
    expect(error.statusCode).toBe(403);
    expect(unserialize(error.body)).toEqual({
      value: { __class: 'DiggAPIError', code: 1005, message: 'Application key required' },
      serialized: error.body,
    });
  });
});

describe('Responses: Property order', () => {
  const keys = (value: unknown): string[] => Object.keys(value as object).filter((key) => key !== '__class');

  test('errors and containers: JSON and PHP keep the order of docs/api.md, Bodies', async () => {
    for (const type of ['json', 'php'] as const) {
      const read = async (path: string) => {
        const body = (await invoke(withKey(`${path}?type=${type}`))).body;
        return (type === 'json' ? JSON.parse(body) : unserialize(body).value) as Record<string, any>;
      };
      const errors = await read('/errors');
      expect(keys(errors)).toEqual(['timestamp', 'errors']);
      for (const entry of errors.errors) expect(keys(entry)).toEqual(['code', 'message']);
      const containers = await read('/containers');
      expect(keys(containers)).toEqual(['timestamp', 'containers']);
      for (const container of containers.containers) {
        expect(keys(container)).toEqual(['name', 'short_name', 'topics']);
        for (const topic of container.topics) expect(keys(topic)).toEqual(['name', 'short_name']);
      }
    }
  });

  test('XML attributes follow the same order', async () => {
    const root = parseXml((await invoke(withKey('/container/sports'))).body);
    expect(Object.keys(root.attributes)).toEqual(['timestamp']);
    expect(Object.keys(root.children[0]!.attributes)).toEqual(['name', 'short_name']);
    expect(Object.keys(root.children[0]!.children[0]!.attributes)).toEqual(['name', 'short_name']);
  });

  test('short URL records are link, short_url, itemid, view_count; the wrapper shorturls, timestamp, total, count, offset', async () => {
    const record = { link: 'https://news.test/a', short_url: 'https://sho.rt/Ab3dE9z', itemid: 7, view_count: 0 };
    const handler = resourceEndpoint(() =>
      resource(ShortUrlListShape, { shorturls: [record], timestamp: 9, total: 1, count: 1, offset: 0 }),
    );
    const json = JSON.parse((await call(handler, 'json')).body);
    const php = unserialize((await call(handler, 'php')).body).value as Record<string, any>;
    for (const value of [json, php]) {
      expect(keys(value)).toEqual(['shorturls', 'timestamp', 'total', 'count', 'offset']);
      expect(keys(value.shorturls[0])).toEqual(['link', 'short_url', 'itemid', 'view_count']);
    }
    expect(php.__class).toBe('ServiceAPIShortURLs');
    expect(php.shorturls[0].__class).toBe('ServiceAPIShortURL');
  });
});

describe('Responses: Errors', () => {
  /** What would show an exception's text or stack: its message, frames, file names, class names. */
  const INTERNALS = /secret|\bat \S|\.[tj]s\b|node_modules|stack|TypeError|ShapeMismatch|resource|field /i;

  test.each(TYPES)('%s: the shape of the type, with the catalogue message', async (type) => {
    expectError(await invoke(`/containers?${typeQuery(type)}`), type, 1005, 403, { detail: false });
    expectError(await invoke(withKey(`/container/nope?${typeQuery(type)}`)), type, 1014, 404, { detail: false });
    expectError(await invoke(withKey(`/errors?${typeQuery(type)}&offset=1`)), type, 1001, 403, { detail: 'offset' });
  });

  test.each([
    ['throwing an Error', throwing(new Error('secret-stack-detail'))],
    ['throwing a non-Error', throwing('secret-string')],
    ['answering a non-resource', () => ({ secret: 'secret-value' })],
    ['answering a value that does not fit its shape', () => resource(ErrorShape, { code: 'secret' as unknown as number, message: 'x' })],
    ['answering undefined', () => undefined],
  ])('a handler %s is error 500 "Internal error", logged, with nothing internal in the body', async (_name, make) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = resourceEndpoint(make as () => Resource);
    for (const type of TYPES) {
      const response = await call(handler, type);
      expectError(response, type, 500, 500, { detail: false, callback: 'cb' });
      expect(response.body).not.toMatch(INTERNALS);
    }
    expect(log).toHaveBeenCalled();
  });
});

describe('Responses: Status per code', () => {
  test.each(CATALOGUE.map(([code]) => [code, statusFor(code)]))(
    'error %i answers HTTP %i (Javascript: 200, status in the object)',
    async (code, status) => {
      const handler = resourceEndpoint(throwing(new ApiError(code)));
      expectError(await call(handler, 'json'), 'json', code, status, { detail: false });
      expectError(await call(handler, 'javascript'), 'javascript', code, status, { detail: false, callback: 'cb' });
    },
  );

  test.each([
    ['/container/nope', 1014, 404],
    ['/error/9999', 1025, 404],
    ['/nope', 404, 404],
    ['/errors?foo=1', 1001, 403],
    ['/errors?type=yaml', 1001, 403],
  ])('%s: error %i answers HTTP %i through the real functions (Javascript: 200, status in the object)', async (path, code, status) => {
    expectError(await invoke(withKey(path)), 'xml', code, status);
    if (path.includes('type=')) return;
    const script = withKey(`${path}${path.includes('?') ? '&' : '?'}type=javascript&callback=cb`);
    expectError(await invoke(script), 'javascript', code, status, { callback: 'cb' });
  });

  test('1005 and 1028 answer HTTP 403', async () => {
    expectError(await invoke('/errors?type=json'), 'json', 1005, 403);
    expectError(await invoke('/errors?type=json&appkey=http://example.com/'), 'json', 1028, 403);
  });

  test('the rate limit answers 503 with body code 403 and Retry-After (Javascript: 200, status 503)', async () => {
    const limited = resourceEndpoint(throwing(new ApiError(403, undefined, { status: 503, headers: { 'Retry-After': '60' } })));
    for (const type of TYPES) {
      const response = await call(limited, type);
      expectError(response, type, 403, 503, { callback: 'cb' });
      expect(response.headers['retry-after']).toBe('60');
    }
  });
});

describe('Responses: Deprecation', () => {
  test('the date is configurable (DEPRECATION_DATE)', async () => {
    const response = await invokeWithEnv({ DEPRECATION_DATE: '2025-06-01' }, withKey('/errors'));
    expect(response.headers.deprecation).toBe(`@${Date.UTC(2025, 5, 1) / 1000}`);
  });

  test('a Link to the replacement documentation when DEPRECATION_LINK is set, on successes and errors', async () => {
    const env = { DEPRECATION_LINK: 'https://docs.new-api.test/migrate' };
    for (const target of [withKey('/containers'), '/containers', withKey('/nope')]) {
      expect((await invokeWithEnv(env, target)).headers.link).toBe(
        '<https://docs.new-api.test/migrate>; rel="deprecation"; type="text/html"',
      );
    }
  });

  test('no endpoint carries Sunset by default, a gallery endpoint neither (no group has a sunset date unless set)', async () => {
    const gallery = endpoint({ args: {}, group: 'gallery' }, () =>
      resource(GalleryShape, { timestamp: 5, min_date: 1, total: 0, offset: 0, count: 0, photos: [] }),
    );
    for (const response of [await call(gallery, 'xml'), await invokeHandler(gallery, '/errors?type=json')]) {
      expect(response.headers).not.toHaveProperty('sunset');
      expect(response.headers.deprecation).toBe(DEPRECATION);
    }
  });

  test('with GALLERY_SUNSET_DATE, a gallery endpoint carries Sunset as an HTTP-date, on successes and errors', async () => {
    const gallery = await loadAfresh({ GALLERY_SUNSET_DATE: '2099-02-28' }, async () => {
      const http = await import('../../lib/http/endpoint');
      const { resource } = await import('../../lib/resources/shape');
      const { ErrorListShape } = await import('../../lib/resources/catalogue');
      return http.endpoint({ args: {}, group: 'gallery' }, () => resource(ErrorListShape, { timestamp: 0, errors: [] }));
    });
    for (const response of [await call(gallery, 'json'), await invokeHandler(gallery, '/errors?type=json')]) {
      expect(response.headers.sunset).toBe('Sat, 28 Feb 2099 00:00:00 GMT');
      expect(response.headers.deprecation).toBe(DEPRECATION);
    }
  });
});

describe('Responses: Caching', () => {
  test.each(STATIC_PATHS)('%s: successes are public, max-age=300 in every type', async (path) => {
    for (const type of TYPES) {
      const response = await invoke(withKey(`${path}?${typeQuery(type)}`));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  test('errors, also on those paths, and the catch-all are no-store', async () => {
    for (const target of [
      '/errors',
      ...['/errors?foo=1', '/error/9999', '/container/nope', '/nope', '/containers?type=yaml'].map(withKey),
    ]) {
      expect([target, (await invoke(target)).headers['cache-control']]).toEqual([target, 'no-store']);
    }
    expect((await invoke(withKey('/containers'), { method: 'POST' })).headers['cache-control']).toBe('no-store');
    expect((await invoke(withKey('/containers?type=javascript'))).headers['cache-control']).toBe('no-store');
  });

  test('everything else is no-store, successes included', async () => {
    const handler = resourceEndpoint(() => resource(ErrorListShape, { timestamp: 1, errors: [] }));
    const response = await call(handler, 'json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await invokeHandler(unmatchedRoute(), withKey('/nope'))).headers['cache-control']).toBe('no-store');
  });
});

describe('Responses: the headers of every kind of response', () => {
  let responses: Array<[string, Invocation]> = [];
  beforeAll(async () => {
    responses = await everyKindOfResponse();
  });

  // Deprecation is @<epoch seconds>; none of these endpoints has a Sunset or a Link; CORS is open to all.
  test.each([
    ['x-content-type-options', 'nosniff'],
    ['deprecation', DEPRECATION],
    ['sunset', undefined],
    ['link', undefined],
    ['vary', 'Accept'],
    ['access-control-allow-origin', '*'],
  ])('%s: %s', (header, value) => {
    expect(responses.map(([name, response]) => [name, response.headers[header]])).toEqual(responses.map(([name]) => [name, value]));
  });
});
