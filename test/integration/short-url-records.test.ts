/**
 * The record a creation answers (docs/api.md, Short URLs): one a link, the same whoever asks and after
 * views, its code 7 base-62 characters on SHORT_URL_HOST that tell nothing of its itemid, which grows.
 * Through the real handlers and DynamoDB Local, from clients of their own.
 */
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { invokeShortLink } from '../support/invoke';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { created, newClient, uniqueLink } from '../support/short-url-requests';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { followViewsEachTest } from '../support/views-sent';

const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

// A redirect answers without its view after 0.5 s: a count is read once every view sent has ended.
const views = followViewsEachTest(DynamoShortUrlStore.prototype);

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
    const records: ShortUrlValue[] = [];
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
