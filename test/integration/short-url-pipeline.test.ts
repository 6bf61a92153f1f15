/**
 * The request pipeline of docs/api.md (Errors, `appkey`, and the catch-all 404) on the short URL
 * endpoints: unknown arguments 1001, a missing app key 1005 and an invalid one 1028, nothing created;
 * other methods and the bare /url/short/ the catch-all.
 */
import { expectError, TYPES, typeQuery } from '../support/expect-error';
import { invoke } from '../support/invoke';
import { create, enc, lookup, newClient, query, storedFor, uniqueLink } from '../support/short-url-requests';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

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
