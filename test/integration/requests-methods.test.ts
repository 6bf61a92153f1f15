/**
 * Any other path or method is error 404, in the requested type, with or without an app key
 * (docs/api.md, Endpoints): template.yaml routes GET only, and everything else to the catch-all.
 */
import { expectError, TYPES, typeQuery } from '../support/expect-error';
import { invoke, ROUTES, withKey } from '../support/invoke';
import { REQUEST_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

describe('Requests: Methods', () => {
  test('template.yaml has a $default route to the catch-all, and every other route is GET', () => {
    const fallback = ROUTES.filter((route) => route.path === '$default');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]!.fn.entry).toBe('functions/not-found.ts');
    for (const route of ROUTES.filter((r) => r.path !== '$default')) expect(route.method).toBe('GET');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])('%s on an existing path is 404 in the type asked', async (method) => {
    for (const path of STATIC_PATHS) {
      expectError(await invoke(withKey(path), { method }), 'xml', 404, 404, { detail: false });
      expectError(await invoke(withKey(`${path}?type=json`), { method }), 'json', 404, 404, { detail: false });
    }
  });

  test.each(['/nope', '/errors/extra', '/', '/error', '/container', '/errors/', '/Errors', '/error/1001/extra', '/containers/technology'])(
    'unknown path %s is 404 in every type',
    async (path) => {
      for (const type of TYPES) expectError(await invoke(withKey(`${path}?${typeQuery(type)}`)), type, 404, 404, { detail: false });
    },
  );

  test.each([
    ['an unknown path picks its type from Accept too', withKey('/nope'), { headers: { accept: 'application/php' } }, 'php'],
    ['an unknown path is 404 also without an application key', '/nope', {}, 'xml'],
    ['an unknown path is 404 also without an application key, in JSON', '/nope?type=json', {}, 'json'],
    [
      'a POST with type=javascript calls back with status 404, HTTP 200',
      withKey('/errors?type=javascript&callback=cb'),
      { method: 'POST' },
      'javascript',
    ],
  ] as const)('%s', async (_rule, target, options, type) => {
    expectError(await invoke(target, options), type, 404, 404, { callback: 'cb' });
  });
});
