/**
 * What retiring does besides answering (docs/api.md, Retirement): a retired endpoint asks the database
 * nothing, and the request line says which group retired it and why, with the group's counts.
 */
import { capture } from '../support/observability-capture';
import type { Route } from '../../infra/template/routes';
import { expectError, invokerWithEnv } from '../support/expect-error';
import { APP_KEY, invoke, SHORT_LINK_ROUTES, withKey } from '../support/invoke';
import { PAST } from '../support/retirement';

const logs = capture();

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

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
