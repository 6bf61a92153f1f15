/**
 * Errors (docs/api.md, Errors): the shape of each type with the catalogue message, nothing internal
 * in a 500, and every code answered with its status per code (Javascript: 200, the status in the
 * object), through endpoints made here and the real functions.
 */
import { ApiError } from '../../lib/api-error';
import { ErrorShape, resource, type Resource } from '../../lib/resources/shape';
import { statusFor } from '../support/catalogue';
import { CATALOGUE, expectError, TYPES, typeQuery } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { call, resourceEndpoint, throwing } from '../support/made-endpoints';

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
