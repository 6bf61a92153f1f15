/**
 * The short URL list that creation and lookup answer, in all four types through the real parsers
 * (docs/api.md, Short URLs, and Headers): its wrapper and record keys in order, XML's attributes,
 * PHP's classes byte for byte, the Javascript callback, and the headers of every API answer.
 */
import { CONTENT_TYPE, type ResponseType } from '../support/expect-error';
import type { Invocation } from '../support/invoke';
import { parseXml, runScript, unserialize } from '../support/parsers';
import { codeOf } from '../support/short-url-host';
import { create, created, lookup, uniqueLink } from '../support/short-url-requests';
import type { ShortUrlValue } from '../../lib/resources/short-urls';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

describe('the short URL list in all four types, through the real parsers', () => {
  let record: ShortUrlValue;
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
