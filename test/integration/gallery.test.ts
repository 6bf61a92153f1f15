/**
 * The gallery photo endpoints (docs/api.md) through the real handlers and DynamoDB Local, every answer in all four types
 * (test/support/gallery-answers.ts); the argument errors and headers of all eight endpoints too. Comments: gallery-comments.test.ts.
 * Every test writes photos of its own in a table of this file's own, in time ranges nothing else comes near (claimRange).
 */
import { DEPRECATION, expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchComments, fetchPhotos, idsOf, targetFor, xmlSafe } from '../support/gallery-answers';
import { type PhotoView, photoView } from '../support/gallery-decode';
import { claimRange, DAY, shuffled, THIRTY_DAYS, uniqueId, type TestPhoto, ANCHOR_DATE } from '../support/gallery-fixtures';
import { SORT_VALUES, sortRecords } from '../support/gallery-order';
import { invoke, withKey } from '../support/invoke';
import { bulkGalleryPerTest, earliestOf } from '../support/bulk-own-gallery';

/** This file's years; gallery-comments.test.ts has others. */
const YEARS = [1990, 1996] as const;
const claim = (span: number) => claimRange(span, { years: YEARS });

jest.setTimeout(60_000);

const gallery = bulkGalleryPerTest('gallery-photos', (data) => {
  data.photo(ANCHOR_DATE, { title: 'anchor' });
});
const save = gallery.save;
/** Without a lower bound, `min_date` is the earliest photo's `submit_date` in the gallery (the table of this file's own). */
const earliestInGallery = (): number => earliestOf([ANCHOR_DATE, ...gallery.stored().photos.map((photo) => photo.submit_date)]);

const ids = (photos: readonly { id: number }[]): number[] => photos.map((photo) => photo.id);
const views = (photos: readonly TestPhoto[]) => photos.map(photoView);

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

/** Photos one second outside [lo, hi], at both ends and between; those inside as listed, newest first. */
async function aroundWindow(lo: number, hi: number): Promise<PhotoView[]> {
  const inside = [...new Set([lo, lo + 1, Math.floor((lo + hi) / 2), hi])].filter((date) => date <= hi);
  const { photos } = await save((g) => [lo - 1, ...inside, hi + 1].map((date) => g.photo(date)));
  return views(sortRecords(photos.slice(1, -1), 'submit_date-desc'));
}

describe('GET /galleryphotos: the date window without ids, at most 30 days', () => {
  // lo and hi: the window the rule gives, from the claimed range's start; the query names its bounds.
  const queryOf = { none: () => '', min: (lo: number) => `min_submit_date=${lo}`, max: (_: number, hi: number) => `max_submit_date=${hi}` };
  test.each<[string, 'none' | 'min' | 'max' | 'both', number, number]>([
    ['both bounds omitted: the 30 days before the request', 'none', 5 * DAY + 4321, 35 * DAY + 4321],
    ['only min_submit_date: the 30 days from it, no max_date', 'min', DAY + 777, DAY + 777 + THIRTY_DAYS],
    ['only max_submit_date: the 30 days before it', 'max', DAY + 55, 31 * DAY + 55],
    ['both bounds', 'both', DAY, 10 * DAY],
    ['both bounds exactly 30 days apart', 'both', 0, THIRTY_DAYS],
    ['min = max: the one second', 'both', DAY, DAY],
  ])('%s, both ends included', async (_, bounds, from, to) => {
    const start = await claim(40 * DAY);
    const [lo, hi] = [start + from, start + to];
    const items = await aroundWindow(lo, hi);
    const query = bounds === 'both' ? `${queryOf.min(lo)}&${queryOf.max(lo, hi)}` : queryOf[bounds](lo, hi);
    if (bounds === 'none') jest.spyOn(Date, 'now').mockReturnValue(hi * 1000 + 678); // the handlers must drop the fraction
    const fetched = await fetchPhotos('/galleryphotos', [query, 'count=100'].filter(Boolean).join('&'));
    if (bounds === 'none') for (const type of TYPES) expect(fetched.listings[type].timestamp).toBe(hi);
    const max_date = bounds === 'max' || bounds === 'both' ? hi : undefined;
    expectListing(fetched, { min_date: lo, max_date, total: items.length, items });
  });

  test('both bounds omitted, on the real clock: fresh photos are listed, a 31-day-old one is not, min_date is now − 30 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { photos } = await save((g) => [now - 3600, now - 3599, now - 31 * DAY].map((date) => g.photo(date)));
    const [older, newer, old] = photos as [TestPhoto, TestPhoto, TestPhoto];
    const fetched = await fetchPhotos('/galleryphotos', 'count=100');
    const listed = idsOf(fetched);
    expect(listed.filter((id) => id === older.id || id === newer.id || id === old.id)).toEqual([newer.id, older.id]);
    // The four requests may fall in different seconds: each type is checked against its own.
    for (const type of TYPES) {
      const { min_date, timestamp, total, count, ...listing } = fetched.listings[type];
      expect([min_date, 'max_date' in listing, total >= 2, count]).toEqual([timestamp - THIRTY_DAYS, false, true, Math.min(total, 100)]);
    }
    for (const photo of [older, newer]) expect(fetched.listings.json.items.find((item) => item.id === photo.id)).toEqual(photoView(photo));
  });

  const AT = 700_000_000;
  test.each([
    ['more than 30 days between the bounds', 1020, `min_submit_date=${AT}&max_submit_date=${AT + THIRTY_DAYS + 1}`, undefined],
    ['a year between the bounds', 1020, `min_submit_date=${AT}&max_submit_date=${AT + 365 * DAY}`, undefined],
    ...['abc', '1.5', '1e9', ''].map((raw) => [`min_submit_date=${raw}`, 1026, `min_submit_date=${raw}`, 'min_submit_date'] as const),
    ['max_submit_date=x', 1026, 'max_submit_date=x', 'max_submit_date'],
    ['min_submit_date=-1', 1006, 'min_submit_date=-1', 'min_submit_date'],
  ] as const)('%s is %i (HTTP 403) in every type', async (_, code, query, detail) => {
    await expectErrorEverywhere('/galleryphotos', query, code, 403, detail);
  });

  test('max_submit_date before min_submit_date is 1006 (HTTP 403) in every type, for every photo endpoint', async () => {
    const { photos } = await save((g) => g.photo(347_155_200 + 3));
    for (const path of ['/galleryphotos', `/galleryphotos/${photos[0]!.id},${uniqueId()}`, `/galleryphoto/${photos[0]!.id}`])
      await expectErrorEverywhere(path, 'min_submit_date=700000000&max_submit_date=699999999', 1006, 403, 'max_submit_date');
  });
});

describe('GET /galleryphotos/{list} and /galleryphoto/{id}: with ids the window is all time', () => {
  /** All-time data of this file lies in 1981–1985 and after 2100: after the anchor, outside every claimed range. */
  const Y1981 = 347_155_200;
  const Y2100 = 4_102_444_800;

  test('photos decades apart are all listed; min_date is the earliest date of the whole gallery; no max_date', async () => {
    const { photos } = await save((g) => [Y1981 + 12_345, Y1981 + 3 * 365 * DAY, Y2100 + 99].map((date) => g.photo(date)));
    const fetched = await fetchPhotos(`/galleryphotos/${ids(shuffled(photos)).join(',')}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 3, items: views(sortRecords(photos, 'submit_date-desc')) });
    // Earliest of the gallery, not of the photos listed.
    expect(fetched.listings.json.min_date).toBeLessThan(photos[0]!.submit_date);
  });

  test('min_date follows the earliest photo of the gallery: one before all others moves it, its removal moves it back', async () => {
    const listed = await save((g) => g.photo(Y1981 + 50));
    const early = await save((g) => g.photo(ANCHOR_DATE - 3 * DAY - 17));
    const path = `/galleryphoto/${listed.photos[0]!.id}`;
    expectListing(await fetchPhotos(path), { min_date: ANCHOR_DATE - 3 * DAY - 17, total: 1, items: views(listed.photos) });
    await gallery.remove(early);
    expectListing(await fetchPhotos(path), { min_date: ANCHOR_DATE, total: 1, items: views(listed.photos) });
    // A gallery without photos: 0.
    const empty = invokerWithEnv({ GALLERY_TABLE: (await gallery.tables.create('gallery-empty')).table });
    expectListing(await fetchPhotos(`/galleryphotos/${listed.photos[0]!.id}`, '', empty), { min_date: 0, total: 0, items: [] });
  });

  test('bounds apply (inclusive) and may be any distance apart; min_date is the lower bound, max_date the upper', async () => {
    const { photos } = await save((g) => [Y1981 + 10, Y1981 + 400 * DAY, Y1981 + 800 * DAY, Y2100].map((date) => g.photo(date)));
    const [a, b, c, d] = photos as [TestPhoto, TestPhoto, TestPhoto, TestPhoto];
    const [bDate, cDate] = [b.submit_date, c.submit_date];
    const byIds = (query: string) => fetchPhotos(`/galleryphotos/${ids(photos).join(',')}`, query);
    const [min, max] = ['min_submit_date', 'max_submit_date'];
    expectListing(await byIds(`${min}=${bDate}&${max}=${cDate}`), { min_date: bDate, max_date: cDate, total: 2, items: views([c, b]) });
    const narrow = await byIds(`${min}=${bDate + 1}&${max}=${cDate - 1}`);
    expectListing(narrow, { min_date: bDate + 1, max_date: cDate - 1, total: 0, items: [] });
    expectListing(await byIds(`${min}=${bDate}`), { min_date: bDate, total: 3, items: views([d, c, b]) });
    expectListing(await byIds(`${max}=${bDate}`), { min_date: earliestInGallery(), max_date: bDate, total: 2, items: views([b, a]) });
  });

  test('/galleryphoto/{id}: the gallery wrapper holding the one photo, whatever its date', async () => {
    const { photos } = await save((g) => g.comment(g.photo(Y1981 + 5 * DAY, { digg_count: 17 }), Y1981 + 6 * DAY));
    const fetched = await fetchPhotos(`/galleryphoto/${photos[0]!.id}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 1, items: views(photos) });
    expect(fetched.listings.json.items[0]!.comments).toBe(1);
    const far = await fetchPhotos(`/galleryphoto/${photos[0]!.id}`, `min_submit_date=${Y1981}&max_submit_date=${Y2100}`);
    expectListing(far, { min_date: Y1981, max_date: Y2100, total: 1, items: views(photos) });
  });

  test.each([
    ['an unknown photo', String(uniqueId()), 404, 404],
    ...['abc', '0', '-5', '1.5', '1e3', '12,13', '%20'].map((id) => [id, id, 1026, 403] as const),
  ] as const)('/galleryphoto/{id} of %s is %i in every type (Javascript: HTTP 200)', async (_, id, code, status) => {
    await expectErrorEverywhere(`/galleryphoto/${id}`, '', code, status);
  });
});

describe('id lists (docs/api.md, The gallery’s arguments: `list`; unknown ids left out)', () => {
  const range = (n: number): number[] => Array.from({ length: n }, () => uniqueId());

  test('more than 100 distinct ids is 1007 (HTTP 403) in every type, naming the list and its bound; 100, each given twice, pass', async () => {
    const tooMany = `/galleryphotos/${range(101).join(',')}`;
    for (const type of TYPES)
      expect(expectError(await invoke(targetFor(tooMany, '', type)), type, 1007, 403, { detail: 'list' })).toMatch(/\b100\b/);
    const many = range(100);
    const { photos } = await save((g) => g.photo(347_155_200 + 77, { id: many[50]! }));
    const fetched = await fetchPhotos(`/galleryphotos/${[...many, ...many].join(',')}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 1, items: views(photos) });
  });

  test('duplicates are ignored, unknown ids left out (total counts what was found), and the sort decides the order', async () => {
    const start = await claim(5 * DAY);
    const { photos } = await save((g) => [300, 200, 100].map((at, i) => g.photo(start + at, { digg_count: [3, 1, 2][i]! })));
    const [a, b, c] = photos as [TestPhoto, TestPhoto, TestPhoto];
    const list = [c.id, uniqueId(), a.id, c.id, b.id, a.id, uniqueId()].join(',');
    const expected = { min_date: earliestInGallery(), total: 3 };
    expectListing(await fetchPhotos(`/galleryphotos/${list}`), { ...expected, items: views([a, b, c]) });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'sort=submit_date-asc'), { ...expected, items: views([c, b, a]) });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'sort=digg_count-asc'), { ...expected, items: views([b, c, a]) });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'offset=1&count=1'), { ...expected, offset: 1, items: views([b]) });
    // Only unknown ids: an empty list with total 0.
    expectListing(await fetchPhotos(`/galleryphotos/${range(3).join(',')}`), { ...expected, total: 0, items: [] });
  });

  const BAD_LISTS = ['1,x', '1,,2', '1,2,', ',1', '0', '1,-2', '1.0', '1,2%203', '0x10', '9007199254740993'];
  test.each(BAD_LISTS)('/galleryphotos/%s: a bad element is 1026 in every type', async (list) => {
    await expectErrorEverywhere(`/galleryphotos/${list}`, '', 1026, 403, 'list');
  });
});

describe('sorts and their tie-breaks (docs/api.md, The gallery’s arguments: `sort`)', () => {
  /**
   * Eight photos on three days with ids in a known order (photo: [day, digg count]), chosen so that every tie rule decides something:
   * p1/p2 share date and digg count; p3/p5/p8 share a date; p1–p4 share a digg count on three dates; p6/p7 share one on two dates.
   */
  const PLAN: Record<number, [number, number]> = { 1: [1, 5], 2: [1, 5], 3: [2, 5], 4: [0, 5], 5: [2, 9], 6: [0, 0], 7: [1, 0], 8: [2, 1] };
  const EXPECTED: Record<string, number[]> = {
    'submit_date-desc': [8, 5, 3, 7, 2, 1, 6, 4],
    'submit_date-asc': [4, 6, 1, 2, 7, 3, 5, 8],
    'digg_count-desc': [5, 3, 2, 1, 4, 8, 7, 6],
    // Ties still go to the newer photo, then the higher id: not the reverse of digg_count-desc.
    'digg_count-asc': [7, 6, 8, 3, 2, 1, 4, 5],
  };

  async function tiedPhotos(): Promise<{ p: Record<number, TestPhoto>; from: number; to: number }> {
    const start = await claim(5 * DAY);
    const base = uniqueId() + 1000;
    const p: Record<number, TestPhoto> = {};
    await save((g) => {
      for (const [n, [day, digg]] of shuffled(Object.entries(PLAN)))
        p[Number(n)] = g.photo(start + (day + 1) * DAY, { id: base + Number(n), digg_count: digg });
    });
    return { p, from: start + DAY, to: start + 3 * DAY };
  }

  test('the written-out orders agree with the rules the other tests compute with', () => {
    const photos = Object.entries(PLAN).map(([n, [date, digg]]) => ({ id: Number(n), submit_date: date, digg_count: digg }) as TestPhoto);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(photos, sort))).toEqual(EXPECTED[sort]);
  });

  test.each([...SORT_VALUES, undefined])(
    'sort=%s over the window (/galleryphotos) and over ids (/galleryphotos/{list}); none is submit_date-desc',
    async (sort) => {
      const { p, from, to } = await tiedPhotos();
      const expected = views(EXPECTED[sort ?? 'submit_date-desc']!.map((n) => p[n]!));
      const window = `min_submit_date=${from}&max_submit_date=${to}${sort ? `&sort=${sort}` : ''}`;
      expectListing(await fetchPhotos('/galleryphotos', window), { min_date: from, max_date: to, total: 8, items: expected });
      const byIds = await fetchPhotos(`/galleryphotos/${ids(shuffled(Object.values(p))).join(',')}`, sort ? `sort=${sort}` : '');
      expectListing(byIds, { min_date: earliestInGallery(), total: 8, items: expected });
      const page = await fetchPhotos('/galleryphotos', `${window}&offset=2&count=3`);
      expectListing(page, { min_date: from, max_date: to, total: 8, offset: 2, items: expected.slice(2, 5) });
    },
  );

  test('digg counts order a larger set by the stored counts, past the first page', async () => {
    const start = await claim(3 * DAY);
    const { photos } = await save((g) =>
      Array.from({ length: 40 }, (_, i) => g.photo(start + (i % 7) * 600, { digg_count: (i * 7919) % 6 })),
    );
    const query = `min_submit_date=${start}&max_submit_date=${start + 2 * DAY}`;
    const window = { min_date: start, max_date: start + 2 * DAY, total: 40 };
    for (const sort of ['digg_count-desc', 'digg_count-asc'] as const) {
      const expected = views(sortRecords(photos, sort));
      expectListing(await fetchPhotos('/galleryphotos', `${query}&sort=${sort}&count=100`), { ...window, items: expected });
      const page = await fetchPhotos('/galleryphotos', `${query}&sort=${sort}&offset=25&count=10`);
      expectListing(page, { ...window, offset: 25, items: expected.slice(25, 35) });
    }
  });

  const BAD_SORTS = ['newest', 'digg_count', 'SUBMIT_DATE-DESC', 'submit_date-desc ', ''];
  test.each(BAD_SORTS)('sort=%s is 1017 (HTTP 403) in every type', async (sort) => {
    for (const path of ['/galleryphotos', `/galleryphotos/${uniqueId()}`, `/galleryphoto/${uniqueId()}`])
      await expectErrorEverywhere(path, `sort=${encodeURIComponent(sort)}`, 1017, 403);
  });
});

describe('paging (docs/api.md, The gallery’s arguments: `count` and `offset`)', () => {
  test('count defaults to 10; offset moves into the list; past the end the rest, then an empty list with the total', async () => {
    const min = await claim(3 * DAY);
    const saved = await save((g) => Array.from({ length: 12 }, (_, i) => g.photo(min + 1000 * (i + 1))));
    const photos = views(sortRecords(saved.photos, 'submit_date-desc'));
    const window = { min_date: min, max_date: min + 2 * DAY, total: 12 };
    const page = (query: string) => fetchPhotos('/galleryphotos', `min_submit_date=${min}&max_submit_date=${min + 2 * DAY}${query}`);
    expectListing(await page(''), { ...window, items: photos.slice(0, 10) });
    expectListing(await page('&count=1'), { ...window, items: photos.slice(0, 1) });
    // offset: count, the offsets ascending.
    for (const [at, count] of Object.entries({ 3: 4, 10: 5, 11: 100, 12: 10, 500: 10 })) {
      const offset = Number(at);
      expectListing(await page(`&offset=${offset}&count=${count}`), { ...window, offset, items: photos.slice(offset, offset + count) });
    }
    const byIds = { min_date: earliestInGallery(), total: 12 };
    const list = `/galleryphotos/${ids(photos).join(',')}`;
    expectListing(await fetchPhotos(list, 'offset=10&count=5'), { ...byIds, offset: 10, items: photos.slice(10) });
    expectListing(await fetchPhotos(list, 'offset=12'), { ...byIds, offset: 12, items: [] });
    expectListing(await fetchPhotos(`/galleryphoto/${photos[0]!.id}`, 'offset=1'), { ...byIds, total: 1, offset: 1, items: [] });
  });

  test('count=100 returns 100 of 105, by date and by digg count', async () => {
    const min = await claim(3 * DAY);
    const { photos } = await save((g) => Array.from({ length: 105 }, (_, i) => g.photo(min + 60 * i, { digg_count: i % 4 })));
    const query = `min_submit_date=${min}&max_submit_date=${min + DAY}&count=100`;
    for (const sort of ['submit_date-asc', 'digg_count-desc'] as const) {
      const fetched = await fetchPhotos('/galleryphotos', `${query}&sort=${sort}`);
      expectListing(fetched, { min_date: min, max_date: min + DAY, total: 105, items: views(sortRecords(photos, sort).slice(0, 100)) });
    }
    const byIds = await fetchPhotos(`/galleryphotos/${ids(photos.slice(0, 100)).join(',')}`, 'count=100&sort=submit_date-asc');
    expect(idsOf(byIds)).toEqual(ids(photos.slice(0, 100)));
  });
});

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

describe('extreme but valid arguments answer, never error 500', () => {
  /** The latest date min_submit_date and max_submit_date accept (MAX_DATE of lib/gallery/layout.ts). */
  const LATEST = 99_999_999_999;

  // The bug's 500s would log an unexpected error; keep the output readable.
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  test('min_submit_date near the latest accepted date: an empty list, for photos and comments', async () => {
    for (const min of [LATEST - THIRTY_DAYS + 1, LATEST]) {
      expectListing(await fetchPhotos('/galleryphotos', `min_submit_date=${min}`), { min_date: min, total: 0, items: [] });
      expectListing(await fetchComments('/galleryphotos/comments', `min_submit_date=${min}`), { min_date: min, total: 0, items: [] });
    }
  });

  test('an offset far past the end (offset + count beyond 2^31): an empty page with the total', async () => {
    const start = await claim(2 * DAY);
    await save((g) => {
      g.comment(g.photo(start + 10), start + 20);
      g.photo(start + 30);
    });
    const offset = 9_007_199_254_740_991;
    for (const sort of ['submit_date-desc', 'digg_count-desc']) {
      const query = `min_submit_date=${start}&max_submit_date=${start + DAY}&offset=${offset}&sort=${sort}`;
      expectListing(await fetchPhotos('/galleryphotos', query), { min_date: start, max_date: start + DAY, total: 2, offset, items: [] });
      expectListing(await fetchComments('/galleryphotos/comments', query), { min_date: start, total: 1, offset, items: [] });
    }
  });

  test('min_date is never before the epoch: max_submit_date within 30 days of it', async () => {
    const fetched = await fetchPhotos('/galleryphotos', 'max_submit_date=100');
    for (const type of TYPES) {
      const { min_date, max_date } = fetched.listings[type];
      expect([type, min_date, min_date >= 0, max_date]).toEqual([type, expect.any(Number), true, 100]);
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
