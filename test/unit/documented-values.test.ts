/**
 * Numbers docs/api.md promises, written as the docs state them: the gallery's arguments (dates 0
 * to 99 999 999 999, `count` 1 to 100, default 10, `offset` from 0, a window without ids of at
 * most 30 days), `appkey`'s 2 048 characters, the minute a redirect goes by a link it followed,
 * and the 1 000 codes whose links a container remembers (docs/design-notes.md). The arguments
 * go through the real request pipeline to a handler that keeps what it was given; changing a
 * bound in lib/ fails a test here.
 */
import { GALLERY_ARGUMENTS } from '../../lib/gallery/wiring';
import { dateWindow } from '../../lib/gallery/partitions';
import { endpoint } from '../../lib/http/endpoint';
import { EventsShape } from '../../lib/resources/gallery';
import { resource } from '../../lib/resources/shape';
import { KnownLinks } from '../../lib/shorturls/known-links';
import { expectError, invokeHandler } from '../support/expect-error';
import { APP_KEY } from '../support/invoke';

let given: Record<string, unknown> = {};
const handler = endpoint({ args: GALLERY_ARGUMENTS, group: 'gallery' }, ({ args }) => {
  given = args;
  return resource(EventsShape, { timestamp: 0, min_date: 0, total: 0, offset: 0, count: 0, comments: [] });
});
const ask = (query: string) => invokeHandler(handler, `/galleryphotos/comments?type=json&${query}&appkey=${encodeURIComponent(APP_KEY)}`);

describe('the bounds of the integer arguments, and their defaults', () => {
  test.each([
    ['min_submit_date', 0, 99_999_999_999],
    ['max_submit_date', 0, 99_999_999_999],
    ['count', 1, 100],
  ])('%s: from %i to %i, both taken; 1006 below, 1007 above, naming the argument and its bound', async (name, min, max) => {
    for (const value of [min, max]) {
      expect((await ask(`${name}=${value}`)).statusCode).toBe(200);
      expect(given[name]).toBe(value);
    }
    expectError(await ask(`${name}=${min - 1}`), 'json', 1006, 403, { detail: `${name} (minimum ${min})` });
    expectError(await ask(`${name}=${max + 1}`), 'json', 1007, 403, { detail: `${name} (maximum ${max})` });
  });

  test('offset: 0 or more, without a maximum; negative is 1006', async () => {
    for (const value of [0, 9_007_199_254_740_991]) {
      expect((await ask(`offset=${value}`)).statusCode).toBe(200);
      expect(given.offset).toBe(value);
    }
    expectError(await ask('offset=-1'), 'json', 1006, 403, { detail: 'offset (minimum 0)' });
  });

  test('count defaults to 10, offset to 0, sort to submit_date-desc; the dates to none', async () => {
    expect((await ask('')).statusCode).toBe(200);
    expect(given).toEqual({ count: 10, offset: 0, sort: 'submit_date-desc' });
  });
});

test('appkey: at most 2 048 characters; one more is 1028', async () => {
  const key = (length: number) => `http://my.app/${'a'.repeat(length - 'http://my.app/'.length)}`;
  const withKey = (appkey: string) => invokeHandler(handler, `/galleryphotos/comments?type=json&appkey=${encodeURIComponent(appkey)}`);
  expect((await withKey(key(2_048))).statusCode).toBe(200);
  expectError(await withKey(key(2_049)), 'json', 1028, 403);
});

describe('the date window without ids: at most 30 days, 2 592 000 seconds', () => {
  const now = 1_800_000_000;

  test('neither bound: the 30 days before the request; only min_submit_date: the 30 days from it; only max_submit_date: the 30 days up to it, never before 0', () => {
    expect(dateWindow({}, false, now)).toEqual({ min: now - 2_592_000, max: now });
    expect(dateWindow({ min: 1_000_000 }, false, now)).toEqual({ min: 1_000_000, max: 3_592_000 });
    expect(dateWindow({ max: 3_000_000 }, false, now)).toEqual({ min: 408_000, max: 3_000_000 });
    expect(dateWindow({ max: 1_000 }, false, now)).toEqual({ min: 0, max: 1_000 });
  });

  test('both bounds: 30 days apart are taken, one second more is 1020; with ids, no limit', () => {
    expect(dateWindow({ min: 5, max: 2_592_005 }, false, now)).toEqual({ min: 5, max: 2_592_005 });
    expect(() => dateWindow({ min: 5, max: 2_592_006 }, false, now)).toThrow(expect.objectContaining({ code: 1020 }));
    expect(dateWindow({ min: 0, max: 99_999_999_999 }, true, now)).toEqual({ min: 0, max: 99_999_999_999 });
  });
});

// docs/api.md, Views: while a function knows of a blocked host, it reads a code it has not
// followed in the last minute before counting its view; within the minute it goes by its link.
test('a redirect remembers the link of a code it followed for a minute, and no longer', () => {
  let now = 1_000_000;
  const known = new KnownLinks(() => now);
  known.remember('AbC1234', 'https://a.example/');
  now += 59_999;
  expect(known.get('AbC1234')).toBe('https://a.example/');
  now += 1;
  expect(known.get('AbC1234')).toBeUndefined();
});

// docs/design-notes.md, The link comes first: a container remembers the links of 1 000 codes, the
// oldest forgotten first, so its memory stays bounded whatever it is sent.
test('a container remembers the links of the last 1 000 codes it followed', () => {
  const known = new KnownLinks(() => 0);
  const code = (n: number) => `c${String(n).padStart(6, '0')}`;
  for (let n = 0; n <= 1_000; n++) known.remember(code(n), `https://a.example/${n}`);
  expect(known.get(code(0))).toBeUndefined();
  expect(known.get(code(1))).toBe('https://a.example/1');
  expect(known.get(code(1_000))).toBe('https://a.example/1000');
});
