/**
 * Whatever the short-URL table holds, by hand or an older version, never makes a request answer 500
 * (docs/api.md, Short URLs: Stored values): counts capped or shown as 0, unreadable records unknown,
 * an itemid counter past 2^53 - 1 a 503 for creations only, a block list that is no map ignored, the
 * export naming what it leaves out. Items are written with the low-level client, as DynamoDB holds them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AttributeValue, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { exportLinks } from '../../infra/ops/shorturls/export';
import { documentClient } from '../../lib/db/client';
import { linkKey } from '../../lib/shorturls/link';
import { logger } from '../../lib/observability/powertools';
import { decode } from '../support/parsers';
import { expectError, invokerWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { invoke, invokeShortLink, SHORT_LINK_ROUTES } from '../support/invoke';
import { freshAddress } from '../support/fresh-address';
import { ownTables } from '../support/own-table';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(60_000);

const KEY = `appkey=${encodeURIComponent('http://stored.test/')}`;
const SHARED_TABLE = process.env.SHORT_URLS_TABLE!;
const low = new DynamoDBClient({});
afterAll(() => low.destroy());

/** The docs' bounds, as docs/api.md states them. */
const VIEW_COUNT_SHOWN_AT_MOST = 999_999_999_999_999;

const unique = () => `st-${randomUUID().slice(0, 8)}`;
const put = (table: string, item: Record<string, AttributeValue>) => low.send(new PutItemCommand({ TableName: table, Item: item }));

/** A record as a hand might write it: `fields` over a sound one. */
async function handWritten(fields: Record<string, AttributeValue>, to = SHARED_TABLE): Promise<{ code: string; link: string }> {
  const code = unique();
  const link = `https://stored.test/${code}`;
  await put(to, { pk: { S: `code#${code}` }, code: { S: code }, link: { S: link }, itemid: { N: '5' }, view_count: { N: '0' }, ...fields });
  return { code, link };
}

const lookupJson = async (code: string) => {
  const answer = await invoke(`/url/short/${code}?${KEY}&type=json`);
  return { status: answer.statusCode, body: answer.statusCode === 200 ? JSON.parse(answer.body).shorturls[0] : undefined };
};
const storedViews = async (code: string) =>
  (await documentClient.send(new GetCommand({ TableName: SHARED_TABLE, Key: { pk: `code#${code}` }, ConsistentRead: true }))).Item
    ?.view_count;

let warnings: jest.SpyInstance;
let errors: jest.SpyInstance;
beforeEach(() => {
  warnings = jest.spyOn(logger, 'warn');
  errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('view counts', () => {
  test('a count at the top of the range, then a visit: shown as 999 999 999 999 999 in every type, and the log says so', async () => {
    const { code, link } = await handWritten({ view_count: { N: '999999999999999' } });
    const visit = await invokeShortLink(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
    expect(await storedViews(code)).toBe(1_000_000_000_000_000);
    expect(await lookupJson(code)).toEqual({ status: 200, body: expect.objectContaining({ view_count: VIEW_COUNT_SHOWN_AT_MOST }) });
    for (const type of TYPES) {
      const answer = await invoke(`/url/short/${code}?${KEY}&${typeQuery(type)}`);
      expect(answer.statusCode).toBe(200);
      expect(() => decode(answer.headers['content-type'], answer.body)).not.toThrow();
      expect(answer.body).toContain('999999999999999');
    }
    expect(warnings).toHaveBeenCalledWith('stored short URL degraded', expect.objectContaining({ code }));
  });

  test.each(['123456789012345678901234567890', '123456789012345678901.5'])(
    'a count past 2^53 by hand, %s: the visit redirects, the lookup shows the top of the range',
    async (count) => {
      const { code, link } = await handWritten({ view_count: { N: count } });
      expect((await invokeShortLink(`/${code}`)).headers.location).toBe(link);
      expect(await lookupJson(code)).toEqual({ status: 200, body: expect.objectContaining({ view_count: VIEW_COUNT_SHOWN_AT_MOST }) });
    },
  );

  test.each<[string, AttributeValue]>([
    ['text', { S: 'many' }],
    ['negative', { N: '-5' }],
    ['a fraction', { N: '2.5' }],
    ['a list', { L: [{ N: '1' }] }],
  ])('a count that is %s: shown as 0; the visit still redirects', async (_, view_count) => {
    const { code, link } = await handWritten({ view_count });
    expect(await lookupJson(code)).toEqual({ status: 200, body: expect.objectContaining({ view_count: 0 }) });
    const visit = await invokeShortLink(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
  });
});

describe('a record that cannot be read is unknown: 404 in every type, the 404 page, logged', () => {
  test.each<[string, Record<string, AttributeValue>]>([
    ['a link that is no URL', { link: { S: 'not a url' } }],
    ['a javascript: link', { link: { S: 'javascript:alert(1)' } }],
    ['a link that is a number', { link: { N: '42' } }],
    ['a link past 2 048 characters', { link: { S: `https://stored.test/${'a'.repeat(2_048)}` } }],
    ['no link', { link: { NULL: true } }],
    ['an itemid that is text', { itemid: { S: 'x' } }],
    ['an itemid of 0', { itemid: { N: '0' } }],
    ['an itemid past 2^53', { itemid: { N: '9007199254740993' } }],
  ])('%s', async (_, fields) => {
    const { code } = await handWritten(fields);
    for (const type of TYPES) expectError(await invoke(`/url/short/${code}?${KEY}&${typeQuery(type)}`), type, 404, 404);
    for (const method of ['GET', 'HEAD']) expect((await invokeShortLink(`/${code}`, { method })).statusCode).toBe(404);
    expect(errors).toHaveBeenCalledWith('stored short URL unreadable: answered as unknown', expect.anything());
  });

  test('a takedown that is no takedown (NULL, text) still takes the record down: 410, no view', async () => {
    for (const disabled of [{ NULL: true }, { S: 'yes' }] as AttributeValue[]) {
      const { code } = await handWritten({ disabled });
      expect((await invokeShortLink(`/${code}`)).statusCode).toBe(410);
      expect(await storedViews(code)).toBe(0);
      expectError(await invoke(`/url/short/${code}?${KEY}&type=json`), 'json', 404, 404);
    }
  });

  test('creating a link whose entry names a record that cannot be read answers 503 with Retry-After, and logs it', async () => {
    const { code, link } = await handWritten({ link: { S: 'not a url' } });
    await put(SHARED_TABLE, { pk: { S: `link#${linkKey(`https://stored.test/${code}`)}` }, code: { S: code } });
    const answer = await invoke(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: '198.51.100.77' });
    expectError(answer, 'json', 500, 503, { detail: false });
    expect(answer.headers['retry-after']).toBe('1');
  });
});

describe('items of the whole table, on a table of its own', () => {
  // The functions are loaded afresh, with a logger of their own, which writes through the console.
  let console_: jest.SpyInstance;
  beforeEach(() => {
    console_ = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  const logged = () => console_.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
  const tables = ownTables('ShortUrlsTable');
  const folder = mkdtempSync(join(tmpdir(), 'stored-values-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  /** The functions on `table`: a creation of `url` from an address of its own, a lookup of `code` and a visit. */
  function functionsOn(table: string) {
    const call = invokerWithEnv({ SHORT_URLS_TABLE: table });
    const follow = invokerWithEnv({ SHORT_URLS_TABLE: table }, { routes: SHORT_LINK_ROUTES });
    return {
      create: (url: string) => call(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(url)}`, { sourceIp: freshAddress() }),
      lookup: (code: string) => call(`/url/short/${code}?${KEY}&type=json`),
      follow: (code: string) => follow(`/${code}`),
    };
  }

  test('an itemid counter past 9 007 199 254 740 991: creations answer 503, lookups and visits go on', async () => {
    const { table } = await tables.create('counter');
    const functions = functionsOn(table);
    const { code, link } = await handWritten({}, table);
    for (const last of ['9007199254740991', '99999999999999999999', '-5']) {
      await put(table, { pk: { S: 'counter#itemid' }, last: { N: last } });
      const answer = await functions.create(`https://stored.test/new-${last}`);
      expectError(answer, 'json', 500, 503, { detail: false });
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect((await functions.lookup(code)).statusCode).toBe(200);
    expect((await functions.follow(code)).headers.location).toBe(link);
    expect(logged()).toMatch(/the itemid counter .* creations answer 503/);
  });

  test('a block list that is no map: creations, lookups and visits answer as usual, and the log says so', async () => {
    const { table } = await tables.create('blocks');
    await put(table, { pk: { S: 'blocks' }, hosts: { S: 'evil.test' } });
    const { code, link } = await handWritten({}, table);
    const functions = functionsOn(table);
    const created = await functions.create('https://evil.test/x');
    expect(created.statusCode).toBe(200);
    expect(JSON.parse(created.body).shorturls[0].short_url.startsWith(`${SHORT_URL_HOST}/`)).toBe(true);
    expect((await functions.lookup(code)).statusCode).toBe(200);
    expect((await functions.follow(code)).headers.location).toBe(link);
    expect(logged()).toMatch(/the blocked hosts \(blocks\) are not a map: the last list read holds/);
  });

  test('the export writes what it can read, the count capped, and names what it left out', async () => {
    const target = await tables.create('export');
    const top = await handWritten({ view_count: { N: '123456789012345678901234567890' } }, target.table);
    const unreadable = await handWritten({ link: { S: 'not a url' } }, target.table);
    const file = join(folder, 'export.ndjson');
    expect(await exportLinks(target, file)).toEqual({ written: 1, unreadable: [expect.stringContaining(unreadable.code)] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...top, itemid: 5, view_count: VIEW_COUNT_SHOWN_AT_MOST });
  });
});
