/**
 * One line of a short-link import (infra/ops/shorturls/records.ts, docs/shorturls.md, Import): the
 * NDJSON format and its refusals, the CSV column names common shorteners export and their cells,
 * the code and link rules, and the export's line read back as the same link.
 */
import fc from 'fast-check';
import { csvColumns, csvLink } from '../../infra/ops/shorturls/csv-records';
import { ndjsonLink } from '../../infra/ops/shorturls/ndjson-records';
import { exportLine, type ImportedLink, RefusedLine } from '../../infra/ops/shorturls/records';
import type { ShortLinkHost } from '../../lib/shorturls/hosts';
import { refusalOf } from '../support/refusal';

const HOST: ShortLinkHost = { origin: new URL('https://sho.rt'), aliases: new Set(['abc123.execute-api.us-east-1.amazonaws.com']) };
const ndjson = (value: unknown) => ndjsonLink(typeof value === 'string' ? value : JSON.stringify(value), HOST);
const refusal = (read: () => unknown): string => refusalOf(RefusedLine, read);

describe('NDJSON', () => {
  test('a line of the export format is read as given, the link normalised', () => {
    const fields = { code: 'Spring-sale_2', itemid: 41, view_count: 1290, created: 1262304000 };
    const disabled = { reason: 'spam', at: 1790000000, by: 'ops' };
    const normal = { ...fields, disabled, link: 'https://shop.example.org/sale?id=3' };
    expect(ndjson({ ...fields, disabled, link: 'HTTPS://Shop.Example.org/sale?id=3' })).toEqual(normal);
  });

  test('only code and link are needed: no views is 0, no itemid and no date are none', () => {
    expect(ndjson({ code: 'a', link: 'http://x.example/' })).toEqual({ code: 'a', link: 'http://x.example/', view_count: 0 });
  });

  test.each([
    ['not JSON', '{"code": "a", ', /^not JSON$/],
    ['an array', '[1]', /^not a JSON object$/],
    ['an unknown field', { code: 'a', link: 'http://x.example/', title: 'x' }, /^unknown field "title"$/],
    ['an unknown field whose name is markup', { code: 'a', link: 'http://x.example/', '<b>': 1 }, /^an unknown field$/],
    ['no code', { link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['an empty code', { code: '', link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['a code of 65 characters', { code: 'a'.repeat(65), link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['a code with a dot', { code: 'a.b', link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['a code with a slash', { code: 'a/b', link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['a code that is a number', { code: 5, link: 'http://x.example/' }, /"code" must be 1 to 64/],
    ['a link of another scheme', { code: 'a', link: 'ftp://x.example/' }, /error 1016/],
    ['a link with credentials', { code: 'a', link: 'http://u:p@x.example/' }, /error 1016/],
    ['a link to the short-link host', { code: 'a', link: 'https://sho.rt/abc' }, /error 1016/],
    ['a link to its API Gateway name', { code: 'a', link: 'https://abc123.execute-api.us-east-1.amazonaws.com/x' }, /error 1016/],
    ['a relative link', { code: 'a', link: '/x' }, /error 1016/],
    ['a link of 2 049 characters', { code: 'a', link: `http://x.example/${'a'.repeat(2032)}` }, /error 1016/],
    ['an itemid of 0', { code: 'a', link: 'http://x.example/', itemid: 0 }, /"itemid" must be a whole number from 1/],
    ['an itemid as text', { code: 'a', link: 'http://x.example/', itemid: '5' }, /"itemid" must be a whole number from 1/],
    ['negative views', { code: 'a', link: 'http://x.example/', view_count: -1 }, /"view_count" must be a whole number from 0/],
    ['fractional views', { code: 'a', link: 'http://x.example/', view_count: 1.5 }, /"view_count" must be a whole number from 0/],
    ['a date as text', { code: 'a', link: 'http://x.example/', created: '2020-01-01' }, /"created" must be epoch seconds/],
    ['a takedown without its reason', { code: 'a', link: 'http://x.example/', disabled: { at: 1, by: 'x' } }, /"disabled" must be/],
  ])('%s is refused', (_name, line, reason) => {
    expect(refusal(() => ndjson(line))).toMatch(reason);
  });
});

describe('CSV', () => {
  test.each([
    [['code', 'link'], { code: 0, link: 1 }],
    [['Short Code', 'Long URL', 'Clicks', 'Date'], { code: 0, link: 1, view_count: 2, created: 3 }],
    [[' KEYWORD ', 'URL', 'Title', 'timestamp', 'Visits'], { code: 0, link: 1, created: 3, view_count: 4 }],
    [['slug', 'original url', 'view_count', 'created', 'itemid'], { code: 0, link: 1, view_count: 2, created: 3, itemid: 4 }],
  ])('the header %j names its columns', (header, columns) => {
    expect(csvColumns(header)).toEqual(columns);
  });

  test('a header without a code or a link column is refused as a whole, naming the names it takes', () => {
    expect(() => csvColumns(['url', 'clicks'])).toThrow(/no code column: a code is one of code, short code, keyword, slug/);
    expect(() => csvColumns(['slug', 'title'])).toThrow(/no link column/);
  });

  const columns = csvColumns(['keyword', 'url', 'title', 'clicks', 'timestamp']);
  const row = (...cells: string[]) => csvLink(cells, columns, HOST);

  test('cells are read as the fields they fill, trimmed; other columns and empty cells are nothing', () => {
    const read = { code: 'abc', link: 'https://x.example/a', view_count: 12, created: 1551675967 };
    expect(row(' abc ', 'https://x.example/a', 'A title, with a comma', '12', '1551675967')).toEqual(read);
    expect(row('abc', 'https://x.example/a', '', '', '')).toEqual({ code: 'abc', link: 'https://x.example/a', view_count: 0 });
  });

  test.each([
    ['2019-03-04T05:06:07Z', 1551675967],
    ['2019-03-04 05:06:07', 1551675967],
    ['2019-03-04T05:06:07.999Z', 1551675967],
    ['2019-03-04T06:06:07+01:00', 1551675967],
    ['2019-03-04T06:06:07+0100', 1551675967],
    ['2019-03-04', 1551657600],
    ['1970-01-01T00:00:00Z', 0],
    ['9999-12-31T23:59:59Z', 253_402_300_799],
    ['9999-12-31 23:59:59.999', 253_402_300_799],
    ['0', 0],
    ['253402300799', 253_402_300_799],
  ])('the date %s is read as ISO 8601', (date, seconds) => {
    expect(row('abc', 'https://x.example/a', '', '0', date).created).toBe(seconds);
  });

  test.each([
    ['views that are not a whole number', ['abc', 'https://x.example/', '', '1.5', ''], /"view_count" must be a whole number/],
    ['a date that is neither', ['abc', 'https://x.example/', '', '0', 'yesterday'], /epoch seconds .*, or an ISO 8601 date/],
    ['a bad code', ['a b', 'https://x.example/', '', '0', ''], /"code" must be 1 to 64/],
    ['a missing link', ['abc', '', '', '0', ''], /error 1016/],
  ])('%s is refused', (_name, cells, reason) => {
    expect(refusal(() => row(...cells))).toMatch(reason);
  });
});

describe('each number at and one past its bounds', () => {
  const VIEWS = '"view_count" must be a whole number from 0 to 999999999999999';
  const ITEMID = '"itemid" must be a whole number from 1 to 9007199254740991';
  const CREATED = '"created" must be epoch seconds, a whole number from 0 to 253402300799';
  const TAKEN_DOWN = '"disabled.at" must be epoch seconds, a whole number from 0 to 253402300799';
  const line = (fields: object) => ndjson({ code: 'a', link: 'http://x.example/', ...fields });
  const takedown = (at: number) => ({ disabled: { reason: 'spam', at, by: 'ops' } });

  test.each([
    ['view_count', { view_count: 0 }, { view_count: 999_999_999_999_999 }],
    ['itemid', { itemid: 1 }, { itemid: 9_007_199_254_740_991 }],
    ['created', { created: 0 }, { created: 253_402_300_799 }],
    ['disabled.at', takedown(0), takedown(253_402_300_799)],
  ])('NDJSON: %s is taken at its least and its most', (_field, least, most) => {
    expect(line(least)).toMatchObject(least);
    expect(line(most)).toMatchObject(most);
  });

  test.each([
    ['view_count', { view_count: -1 }, { view_count: 1_000_000_000_000_000 }, VIEWS],
    ['itemid', { itemid: 0 }, { itemid: 9_007_199_254_740_992 }, ITEMID],
    ['created', { created: -1 }, { created: 253_402_300_800 }, CREATED],
    ['disabled.at', takedown(-1), takedown(253_402_300_800), TAKEN_DOWN],
  ])('NDJSON: %s is refused one past either bound, naming the field and its bounds', (_field, under, over, reason) => {
    expect(refusal(() => line(under))).toBe(reason);
    expect(refusal(() => line(over))).toBe(reason);
  });

  test('NDJSON: a number past what JSON reads exactly, or past any number, is refused', () => {
    expect(refusal(() => ndjson('{"code":"a","link":"http://x.example/","itemid":9007199254740993}'))).toBe(ITEMID);
    expect(refusal(() => ndjson('{"code":"a","link":"http://x.example/","view_count":1e400}'))).toBe(VIEWS);
  });

  const columns = csvColumns(['code', 'link', 'clicks', 'itemid', 'date']);
  const row = (views: string, itemid: string, date: string) => () =>
    csvLink(['a', 'http://x.example/', views, itemid, date], columns, HOST);

  test('CSV: the views, the itemid and the date are taken at their bounds', () => {
    expect(row('0', '1', '0')()).toMatchObject({ view_count: 0, itemid: 1, created: 0 });
    const most = { view_count: 999_999_999_999_999, itemid: 9_007_199_254_740_991, created: 253_402_300_799 };
    expect(row('999999999999999', '9007199254740991', '253402300799')()).toMatchObject(most);
  });

  const DATE =
    '"created" must be epoch seconds from 0 to 253402300799, or an ISO 8601 date (and time) from 1970-01-01 to 9999-12-31T23:59:59Z';
  test.each([
    ['views past their most', row('1000000000000000', '', ''), VIEWS],
    ['views of 400 digits', row('9'.repeat(400), '', ''), VIEWS],
    ['negative views', row('-1', '', ''), VIEWS],
    ['an itemid of 0', row('0', '0', ''), ITEMID],
    ['an itemid past its most', row('0', '9007199254740992', ''), ITEMID],
    ['epoch seconds past the last second', row('0', '', '253402300800'), DATE],
    ['a date-time past the last second once its offset applies', row('0', '', '9999-12-31T23:59:59-00:01'), DATE],
    ['a date-time before 1970', row('0', '', '1969-12-31T23:59:59Z'), DATE],
    ['a date-time before 1970 once its offset applies', row('0', '', '1970-01-01T00:59:59+01:00'), DATE],
    ['a date that is not in the calendar', row('0', '', '2027-02-30'), DATE],
    ['a date-time that is not in the calendar', row('0', '', '2027-02-30 12:00:00'), DATE],
    ['a time that is not on the clock', row('0', '', '2027-02-28 24:00:00'), DATE],
  ])('CSV: %s is refused, naming the field and its bounds', (_name, read, reason) => {
    expect(refusal(read)).toBe(reason);
  });
});

describe('the export format', () => {
  const link = fc.record(
    {
      code: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      link: fc.webUrl({ validSchemes: ['http', 'https'] }).map((url) => new URL(url).href),
      itemid: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      view_count: fc.integer({ min: 0, max: 999_999_999_999_999 }),
      created: fc.integer({ min: 0, max: 253_402_300_799 }),
      disabled: fc.record({
        reason: fc.string({ maxLength: 50 }),
        at: fc.integer({ min: 0, max: 253_402_300_799 }),
        by: fc.string({ maxLength: 30 }),
      }),
    },
    { requiredKeys: ['code', 'link', 'view_count'] },
  );

  test('an exported line is read back as the same link', () => {
    fc.assert(
      fc.property(link, (given) => {
        fc.pre(given.link.length <= 2048 && new URL(given.link).hostname !== 'sho.rt' && new URL(given.link).username === '');
        expect(ndjsonLink(exportLine(given as ImportedLink), HOST)).toEqual(given);
      }),
      { numRuns: 300 },
    );
  });
});
