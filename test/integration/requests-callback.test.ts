/**
 * The callback (docs/api.md, Arguments every endpoint takes: callback): required with
 * type=javascript (1002), a dotted JavaScript name (else 1003), both answered with alert() and
 * HTTP 200; ignored with the other types; never carried over to a later request.
 */
import { apiEvent } from '../../infra/local/api-event';
import { asInvocation, contextFields, importHandler, lambdaContext } from '../../infra/local/invoke';
import { expectError } from '../support/expect-error';
import { expectSuccess } from '../support/expect-success';
import { invoke, ROUTES, withKey } from '../support/invoke';
import { REQUEST_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

describe('Requests: callback', () => {
  test.each([...STATIC_PATHS, '/nope'])('%s: type=javascript without a callback is 1002, an alert() with HTTP 200', async (path) => {
    expectError(await invoke(withKey(`${path}?type=javascript`)), 'javascript', 1002, 200, { alert: true, detail: false });
    expectError(await invoke(withKey(`${path}?type=javascript&callback=`)), 'javascript', 1002, 200, { alert: true, detail: false });
  });

  test('the callback is required with type=javascript whatever else is wrong', async () => {
    expectError(await invoke('/errors?type=javascript&foo=1'), 'javascript', 1002, 200, { alert: true });
  });

  test.each([
    ['starting with a digit', '1abc'],
    ['a hyphen', 'a-b'],
    ['an empty segment', 'a..b'],
    ['a trailing dot', 'a.'],
    ['a call', 'alert(1)'],
    ['markup', '%3Cscript%3E'],
    ['a space', 'a%20b'],
    ['a line separator', 'a%E2%80%A8b'],
    ['129 characters', 'x'.repeat(129)],
  ])('a callback with %s is 1003, an alert() with HTTP 200', async (_name, callback) => {
    const response = await invoke(withKey(`/errors?type=javascript&callback=${callback}`));
    expectError(response, 'javascript', 1003, 200, { alert: true, detail: false });
    expect(response.body).not.toContain(decodeURIComponent(callback));
  });

  test('the callback of an earlier request does not answer a later one, even on a reused context', async () => {
    const handler = await importHandler('functions/errors.ts', 'handler');
    const route = ROUTES.find((candidate) => candidate.routeKey === 'GET /errors')!;
    const event = (target: string) =>
      apiEvent({ method: 'GET', target, headers: {}, sourceIp: '127.0.0.1', host: 'localhost' }, { route, pathParameters: undefined });
    const reused = lambdaContext(contextFields(route.fn.id, 'reused', route.fn.memoryMb));
    const first = await handler(event(withKey('/errors?type=javascript&callback=earlier')), reused);
    expect(first.body?.startsWith('/**/earlier(')).toBe(true);
    const second = await handler(event(withKey('/errors?type=javascript')), reused);
    expectError(asInvocation(second), 'javascript', 1002, 200, { alert: true, callback: 'earlier' });
  });

  test.each(['cb', '$', '_x', 'a.b.c', 'jQuery123_456', 'x'.repeat(128)])('callback %s is valid and is called', async (callback) => {
    const response = await invoke(withKey(`/containers?type=javascript&callback=${callback}`));
    expectSuccess(response, 'javascript', callback);
    expect(response.body.startsWith(`/**/${callback}(`)).toBe(true);
  });

  test('a callback is ignored with the other types, valid or not', async () => {
    for (const callback of ['cb', '1bad', '%3Cscript%3E', 'x'.repeat(200)]) {
      for (const type of ['xml', 'json', 'php'] as const)
        expectSuccess(await invoke(withKey(`/errors?type=${type}&callback=${callback}`)), type);
      expectSuccess(await invoke(withKey(`/errors?callback=${callback}`)), 'xml');
    }
  });

  test('other errors with a valid callback call it with the status, HTTP 200', async () => {
    expectError(await invoke('/errors?type=javascript&callback=my.cb'), 'javascript', 1005, 403, { callback: 'my.cb' });
  });
});
