/**
 * The headers of every answer (docs/api.md, Headers): Content-Type and nosniff, Deprecation, Link
 * and Sunset, caching, CORS, on every kind of response the service gives, successes, errors, the
 * catch-all and callback errors.
 */
import { endpoint, unmatchedRoute } from '../../lib/http/endpoint';
import { ErrorListShape } from '../../lib/resources/catalogue';
import { resource } from '../../lib/resources/shape';
import { GalleryShape } from '../../lib/resources/gallery';
import { CONTENT_TYPE, DEPRECATION, invokeHandler, invokeWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { invoke, withKey, type Invocation } from '../support/invoke';
import { loadAfresh } from '../support/load-afresh';
import { call, resourceEndpoint, throwing } from '../support/made-endpoints';
import { RESPONSE_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

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
