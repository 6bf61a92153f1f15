/**
 * Looking a short URL up (docs/api.md, Short URLs: lookup segment), through the real handlers and
 * DynamoDB Local: by its code or the whole short URL, 404 for unknown and malformed segments, 1016
 * for escapes that are not UTF-8, and no view counted.
 */
import { expectError, TYPES } from '../support/expect-error';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { created, enc, lookup, looked, storedFor, uniqueLink } from '../support/short-url-requests';
import type { ShortUrlValue } from '../../lib/resources/short-urls';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

describe('Short URLs: lookup segment', () => {
  let record: ShortUrlValue;
  let code: string;
  beforeAll(async () => {
    record = await created(uniqueLink('/lookup?a=1&b=2#frag'));
    code = codeOf(record.short_url);
  });

  test.each([
    ['the bare code', () => code],
    ['the whole short URL, URL-encoded in the path', () => enc(record.short_url)],
    ['the whole short URL as it is (the route is greedy)', () => record.short_url],
  ])('by %s', async (_name, segment) => {
    expect(record.short_url).toBe(`http://127.0.0.1:3001/${code}`);
    expect(await looked(segment())).toEqual(record);
  });

  test('an unknown code, bare or as a short URL, is 404 in all four types', async () => {
    for (const segment of ['zZ0zZ0z', enc(`${SHORT_URL_HOST}/zZ0zZ0z`), `${SHORT_URL_HOST}/zZ0zZ0z`])
      for (const type of TYPES) expectError(await lookup(segment, { type }), type, 404, 404, { detail: false });
  });

  test('malformed segments are 404, even when they hold an existing code', async () => {
    const segments = [
      ...['abc', 'toolong12', `${code}x`, code.slice(1), 'AbC12-4', 'AbC1 34', enc(`${code}/`), `${code}/`, `${code}/x`, 'create/x'],
      ...['abc', `${code}?x=1`, `${code}#x`, `${code}/`, `${code}/more`, `x/${code}`].map((tail) => enc(`${SHORT_URL_HOST}/${tail}`)),
      ...['http://127.0.0.1:3002/', 'http://other.test/', 'ftp://127.0.0.1:3001/', 'javascript:', SHORT_URL_HOST].map((head) =>
        enc(head + code),
      ),
      ...['%', '%zz'],
    ];
    for (const segment of segments)
      for (const type of ['json', 'xml'] as const) expectError(await lookup(segment, { type }), type, 404, 404, { detail: false });
  });

  test('a segment whose escapes are not UTF-8 is 1016, as such a url is, never another code read with U+FFFD', async () => {
    for (const segment of [`%ff${code}`, `${code}%E9`, `${enc(`${SHORT_URL_HOST}/`) + code}%C3`, `%C3%28${code}`, `%ED%A0%80${code}`])
      for (const type of TYPES) expectError(await lookup(segment, { type }), type, 1016, 403);
  });

  test('lookups do not count as views', async () => {
    const own = await created(uniqueLink());
    for (const segment of [codeOf(own.short_url), enc(own.short_url), own.short_url, codeOf(own.short_url)])
      for (const type of TYPES) await lookup(segment, { type });
    expect((await looked(codeOf(own.short_url))).view_count).toBe(0);
    expect((await storedFor(own.link))?.view_count).toBe(0);
  });
});
