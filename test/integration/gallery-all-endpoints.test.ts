/**
 * What every gallery endpoint answers alike (docs/api.md: The gallery's arguments, Errors, Headers, Retirement, Bodies) through
 * the real handlers and DynamoDB Local, in all four types: the argument errors of all eight endpoints, Deprecation and Sunset on
 * every answer, and hard characters through a photo's fields. Comments' own rules: gallery-comment-*.test.ts.
 * Every test writes photos of its own in a table of this file's own, in time ranges nothing else comes near (claim).
 */
import { DEPRECATION, expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchPhotos, targetFor, xmlSafe } from '../support/gallery-answers';
import { DAY, uniqueId } from '../support/gallery-fixtures';
import { invoke, withKey } from '../support/invoke';
import { photoGallery, views } from '../support/photo-gallery';

jest.setTimeout(60_000);

const { save, claim } = photoGallery('gallery-all-endpoints');

/** The eight gallery routes for photo `p` and its comment `c`; `list` stands for the id-list routes' photos. */
const galleryPaths = (p: number, c: number, list: string = String(p)): string[] => [
  '/galleryphotos',
  `/galleryphotos/${list}`,
  `/galleryphoto/${p}`,
  '/galleryphotos/comments',
  `/galleryphotos/${list}/comments`,
  `/galleryphoto/${p}/comments`,
  `/galleryphoto/${p}/comment/${c}`,
  `/galleryphoto/${p}/comment/${c}/replies`,
];

/** The eight routes for a photo and comment stored at `at` and one second later. */
async function storedPaths(at: number): Promise<string[]> {
  const { photos, comments } = await save((g) => g.comment(g.photo(at), at + 1));
  return galleryPaths(photos[0]!.id, comments[0]!.id);
}

describe('the arguments of all eight gallery endpoints, in every type', () => {
  const paths = (): string[] => {
    const [a, b, c] = [uniqueId(), uniqueId(), uniqueId()];
    return galleryPaths(a, c, `${a},${b}`);
  };
  const COUNTS = { 'count=0': 1006, 'count=-3': 1006, 'count=101': 1007, 'count=1.5': 1026, 'count=ten': 1026, 'count=': 1026 };
  const OTHERS = { 'offset=-1': 1006, 'offset=1e2': 1026, 'sort=bogus': 1017, 'colour=red': 1001 };

  test.each(Object.entries({ ...COUNTS, ...OTHERS }))('%s is %i (HTTP 403) naming the argument', async (query, code) => {
    for (const path of paths()) {
      for (const type of TYPES) {
        const response = await invoke(targetFor(path, query, type));
        expectError(response, type, code, 403, { detail: query.split('=')[0] });
        expect(response.headers).not.toHaveProperty('sunset');
      }
    }
  });

  // Arguments are checked before anything is looked up, so a backwards window is 1006 whether or not the photo exists.
  test.each([
    ['for a photo and comment that exist', true],
    ['also when the ids are unknown', false],
  ])('max_submit_date before min_submit_date is 1006 (HTTP 403) on all eight, %s', async (_, stored) => {
    for (const path of stored ? await storedPaths(347_155_200 + 4000) : paths())
      await expectErrorEverywhere(path, 'min_submit_date=700000000&max_submit_date=699999999', 1006, 403, 'max_submit_date');
  });

  test('count=100 and offset=0 pass everywhere (no argument error)', async () => {
    for (const path of paths()) {
      const response = await invoke(targetFor(path, 'count=100&offset=0', 'json'));
      const listing = path === '/galleryphotos' || path === '/galleryphotos/comments' || /^\/galleryphotos\/\d+,\d+$/.test(path);
      expect([path, response.statusCode]).toEqual([path, listing ? 200 : 404]);
    }
  });

  test('a window wider than 30 days is 1020 only where there are no ids', async () => {
    const query = 'min_submit_date=700000000&max_submit_date=800000000';
    await expectErrorEverywhere('/galleryphotos/comments', query, 1020, 403);
    await expectErrorEverywhere('/galleryphotos', query, 1020, 403);
    for (const path of paths().filter((p) => p !== '/galleryphotos' && p !== '/galleryphotos/comments')) {
      const response = await invoke(targetFor(path, query, 'json'));
      expect([path, response.statusCode]).toEqual([path, /^\/galleryphotos\/\d+,\d+$/.test(path) ? 200 : 404]);
    }
  });
});

describe('headers (docs/api.md, Headers and Retirement)', () => {
  const SET = 'Sat, 28 Feb 2099 00:00:00 GMT';
  const invokeSet = invokerWithEnv({ GALLERY_SUNSET_DATE: '2099-02-28' });

  test.each([
    ['by default no gallery answer carries Sunset', 'none'],
    ['with GALLERY_SUNSET_DATE every gallery answer carries Sunset as an RFC 8594 HTTP-date', SET],
  ])('%s; every one, success or error, in every type, Deprecation', async (_, sunset) => {
    for (const path of await storedPaths(347_155_200 + 5000)) {
      for (const type of TYPES) {
        for (const query of ['', 'count=0']) {
          const { statusCode, headers } = await (sunset === SET ? invokeSet : invoke)(targetFor(path, query, type));
          const status = query === '' || type === 'javascript' ? 200 : 403;
          const got = [path, type, query, statusCode, headers.sunset ?? 'none', headers.deprecation];
          expect(got).toEqual([path, type, query, status, sunset, DEPRECATION]);
        }
      }
    }
  });

  test('with GALLERY_SUNSET_DATE, an unknown photo, a request without an app key or of an unknown type carry Sunset; the rest of the API not', async () => {
    for (const type of TYPES) expect((await invokeSet(targetFor(`/galleryphoto/${uniqueId()}`, '', type))).headers.sunset).toBe(SET);
    expect((await invokeSet('/galleryphotos?type=json')).headers.sunset).toBe(SET);
    expect((await invokeSet(withKey('/galleryphotos?type=yaml'))).headers.sunset).toBe(SET);
    for (const path of ['/errors', '/containers', '/galleryphotos/x/y/z'])
      expect((await invokeSet(withKey(path))).headers).not.toHaveProperty('sunset');
  });

  const NOT_GALLERY = '/errors /error/1014 /containers /container/gaming /url/short/Nope123 /stories /galleryphotos/x/y/z'.split(' ');
  test.each(NOT_GALLERY)('%s (not a gallery endpoint) carries Deprecation but no Sunset', async (path) => {
    for (const type of TYPES) {
      const response = await invoke(targetFor(path, '', type));
      expect(response.headers.deprecation).toBe(DEPRECATION);
      expect(response.headers).not.toHaveProperty('sunset');
    }
  });
});

const HARD =
  'Tom & Jerry <b>"quoted"</b> \'single\' ]]> \t tab \n lf \r cr \r\n crlf \u0000 nul \u0001 \u001f \u007f \u0085 \uFFFE \uFFFF 中文 日本語 한국어 😀 👍🏽 \u2028 \u2029 end';

test('hard characters round-trip through every type: title, user name, icon, src and href', async () => {
  const start = await claim(2 * DAY);
  const user = {
    name: `名前 & <user> "q" \u0002 😀`,
    icon: 'http://img.example.net/u/a&b<c>.png?x="1"',
    registered: 1_100_000_000,
    profileviews: 3,
  };
  const links = { src: 'http://img.example.net/p/1.jpg?a=1&b=<2>', href: 'http://news.example.net/gallery/1?q="x"&y=\'z\'' };
  const { photos } = await save((g) => g.photo(start + 10, { title: HARD, user, ...links }));
  const photo = photos[0]!;
  for (const path of ['/galleryphotos', `/galleryphotos/${photo.id}`, `/galleryphoto/${photo.id}`]) {
    const fetched = await fetchPhotos(path, `min_submit_date=${start}&max_submit_date=${start + DAY}`);
    expectListing(fetched, { min_date: start, max_date: start + DAY, total: 1, items: views([photo]) });
    // What XML cannot carry became U+FFFD; everything else came through as written.
    expect(fetched.listings.xml.items[0]!.title).toBe(xmlSafe(HARD));
    expect(fetched.listings.xml.items[0]!.title).toContain('\uFFFD nul \uFFFD \uFFFD \u007f \u0085 \uFFFD \uFFFD 中文');
    expect(fetched.listings.php.items[0]!.title).toBe(HARD);
    expect(fetched.responses.javascript.body).not.toMatch(/[\u2028\u2029]/);
  }
});
