/**
 * The gallery photo endpoints (docs/api.md: Endpoints, The gallery's arguments, Errors, Bodies)
 * through the real handlers and DynamoDB Local: GET /galleryphotos, /galleryphotos/{list} and
 * /galleryphoto/{id}, every answer made in all four types and decoded with the real parsers
 * (test/support/gallery-answers.ts). The argument errors and headers of all eight endpoints are
 * here too; the comment endpoints have gallery-comments.test.ts.
 *
 * Every test writes photos of its own (random ids of 10^12 and more) in a time range of its own
 * that nothing else in the table comes near (claimRange), and deletes them afterwards.
 */
import { DEPRECATION, expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectListing, fetchComments, fetchPhotos, idsOf, targetFor, xmlSafe } from '../support/gallery-answers';
import { photoView } from '../support/gallery-decode';
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

/** Asserts error `code` with `status` for the request in all four types. */
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
  let photo: TestPhoto | undefined;
  let comment: { id: number } | undefined;
  await save((g) => {
    photo = g.photo(at);
    comment = g.comment(photo, at + 1);
  });
  return galleryPaths(photo!.id, comment!.id);
}

async function expectErrorEverywhere(path: string, query: string, code: number, status: number, detail?: string): Promise<void> {
  for (const type of TYPES)
    expectError(await invoke(targetFor(path, query, type)), type, code, status, detail === undefined ? {} : { detail });
}

/** Freezes the clock the handlers read at `seconds` (plus a fraction, which they must drop). */
function freezeNow(seconds: number): void {
  jest.spyOn(Date, 'now').mockReturnValue(seconds * 1000 + 678);
}

// ---------------------------------------------------------------------------------------------

describe('GET /galleryphotos: the date window without ids, at most 30 days', () => {
  test('both bounds omitted: the 30 days before the request, both ends included', async () => {
    const start = await claim(40 * DAY);
    const now = start + 35 * DAY + 4321;
    let inside: TestPhoto[] = [];
    await save((g) => {
      g.photo(now - THIRTY_DAYS - 1);
      inside = [g.photo(now - THIRTY_DAYS), g.photo(now - 15 * DAY), g.photo(now - 3600), g.photo(now)];
      g.photo(now + 1);
    });
    freezeNow(now);
    const fetched = await fetchPhotos('/galleryphotos', 'count=100');
    for (const type of TYPES) expect(fetched.listings[type].timestamp).toBe(now);
    expectListing(fetched, { min_date: now - THIRTY_DAYS, total: 4, items: views(sortRecords(inside, 'submit_date-desc')) });
  });

  test('both bounds omitted, on the real clock: fresh photos are listed, a 31-day-old one is not, min_date is now − 30 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    let fresh: TestPhoto[] = [];
    let old: TestPhoto | undefined;
    await save((g) => {
      fresh = [g.photo(now - 3600), g.photo(now - 3599)];
      old = g.photo(now - 31 * DAY);
    });
    const fetched = await fetchPhotos('/galleryphotos', 'count=100');
    const listed = idsOf(fetched);
    expect(listed).toEqual(expect.arrayContaining(ids(fresh)));
    expect(listed.indexOf(fresh[1]!.id)).toBeLessThan(listed.indexOf(fresh[0]!.id));
    expect(listed).not.toContain(old!.id);
    // The four requests may fall in different seconds: each type is checked against its own.
    for (const type of TYPES) {
      const listing = fetched.listings[type];
      expect(listing.min_date).toBe(listing.timestamp - THIRTY_DAYS);
      expect(listing).not.toHaveProperty('max_date');
      expect(listing.total).toBeGreaterThanOrEqual(2);
      expect(listing.count).toBe(Math.min(listing.total, 100));
    }
    for (const photo of fresh) {
      expect(fetched.listings.json.items.find((item) => item.id === photo.id)).toEqual(photoView(photo));
    }
  });

  test('only min_submit_date: the 30 days from it, both ends included; min_date is it, no max_date', async () => {
    const min = (await claim(32 * DAY)) + DAY + 777;
    let inside: TestPhoto[] = [];
    await save((g) => {
      g.photo(min - 1);
      inside = [g.photo(min), g.photo(min + 1), g.photo(min + 15 * DAY), g.photo(min + THIRTY_DAYS)];
      g.photo(min + THIRTY_DAYS + 1);
    });
    const fetched = await fetchPhotos('/galleryphotos', `min_submit_date=${min}&count=100`);
    expectListing(fetched, { min_date: min, total: 4, items: views(sortRecords(inside, 'submit_date-desc')) });
  });

  test('only max_submit_date: the 30 days before it, both ends included; min_date is max − 30 days, max_date is max', async () => {
    const max = (await claim(32 * DAY)) + 31 * DAY + 55;
    let inside: TestPhoto[] = [];
    await save((g) => {
      g.photo(max - THIRTY_DAYS - 1);
      inside = [g.photo(max - THIRTY_DAYS), g.photo(max - 10 * DAY), g.photo(max)];
      g.photo(max + 1);
    });
    const fetched = await fetchPhotos('/galleryphotos', `max_submit_date=${max}&count=100`);
    expectListing(fetched, { min_date: max - THIRTY_DAYS, max_date: max, total: 3, items: views(sortRecords(inside, 'submit_date-desc')) });
  });

  test('both bounds: inclusive at each end, one second outside left out', async () => {
    const start = await claim(12 * DAY);
    const min = start + DAY;
    const max = start + 10 * DAY;
    let inside: TestPhoto[] = [];
    await save((g) => {
      g.photo(min - 1);
      inside = [g.photo(min), g.photo(min + 5 * DAY), g.photo(max)];
      g.photo(max + 1);
    });
    const fetched = await fetchPhotos('/galleryphotos', `min_submit_date=${min}&max_submit_date=${max}&count=100`);
    expectListing(fetched, { min_date: min, max_date: max, total: 3, items: views(sortRecords(inside, 'submit_date-desc')) });
  });

  test('both bounds: exactly 30 days apart is allowed; min = max is the one second', async () => {
    const min = (await claim(32 * DAY)) + DAY;
    let ends: TestPhoto[] = [];
    await save((g) => {
      ends = [g.photo(min), g.photo(min + THIRTY_DAYS)];
    });
    const wide = await fetchPhotos('/galleryphotos', `min_submit_date=${min}&max_submit_date=${min + THIRTY_DAYS}`);
    expectListing(wide, { min_date: min, max_date: min + THIRTY_DAYS, total: 2, items: views(sortRecords(ends, 'submit_date-desc')) });
    const second = await fetchPhotos('/galleryphotos', `min_submit_date=${min}&max_submit_date=${min}`);
    expectListing(second, { min_date: min, max_date: min, total: 1, items: views([ends[0]!]) });
  });

  test('more than 30 days between the bounds is 1020 (HTTP 403) in every type', async () => {
    const min = 700_000_000;
    await expectErrorEverywhere('/galleryphotos', `min_submit_date=${min}&max_submit_date=${min + THIRTY_DAYS + 1}`, 1020, 403);
    await expectErrorEverywhere('/galleryphotos', `min_submit_date=${min}&max_submit_date=${min + 365 * DAY}`, 1020, 403);
  });

  test('max_submit_date before min_submit_date is 1006 (HTTP 403) in every type, for every photo endpoint', async () => {
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(347_155_200 + 3);
    });
    const query = 'min_submit_date=700000000&max_submit_date=699999999';
    for (const path of ['/galleryphotos', `/galleryphotos/${photo!.id},${uniqueId()}`, `/galleryphoto/${photo!.id}`]) {
      await expectErrorEverywhere(path, query, 1006, 403, 'max_submit_date');
    }
  });

  test('dates must be plain non-negative integers: 1026 and 1006', async () => {
    for (const raw of ['abc', '1.5', '1e9', '']) {
      await expectErrorEverywhere('/galleryphotos', `min_submit_date=${raw}`, 1026, 403, 'min_submit_date');
    }
    expectError(await invoke(withKey('/galleryphotos?max_submit_date=x&type=json')), 'json', 1026, 403, { detail: 'max_submit_date' });
    expectError(await invoke(withKey('/galleryphotos?min_submit_date=-1&type=json')), 'json', 1006, 403, { detail: 'min_submit_date' });
  });
});

describe('GET /galleryphotos/{list} and /galleryphoto/{id}: with ids the window is all time', () => {
  /** All-time data of this file lies in 1981–1985 and after 2100: after the anchor, outside every claimed range. */
  const Y1981 = 347_155_200;
  const Y2100 = 4_102_444_800;

  test('photos decades apart are all listed; min_date is the earliest date of the whole gallery; no max_date', async () => {
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = [g.photo(Y1981 + 12_345), g.photo(Y1981 + 3 * 365 * DAY), g.photo(Y2100 + 99)];
    });
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
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = [g.photo(Y1981 + 10), g.photo(Y1981 + 400 * DAY), g.photo(Y1981 + 800 * DAY), g.photo(Y2100)];
    });
    const list = ids(photos).join(',');
    const [a, b, c, d] = photos as [TestPhoto, TestPhoto, TestPhoto, TestPhoto];
    const both = await fetchPhotos(`/galleryphotos/${list}`, `min_submit_date=${b.submit_date}&max_submit_date=${c.submit_date}`);
    expectListing(both, { min_date: b.submit_date, max_date: c.submit_date, total: 2, items: views([c, b]) });
    const narrow = await fetchPhotos(`/galleryphotos/${list}`, `min_submit_date=${b.submit_date + 1}&max_submit_date=${c.submit_date - 1}`);
    expectListing(narrow, { min_date: b.submit_date + 1, max_date: c.submit_date - 1, total: 0, items: [] });
    const onlyMin = await fetchPhotos(`/galleryphotos/${list}`, `min_submit_date=${b.submit_date}`);
    expectListing(onlyMin, { min_date: b.submit_date, total: 3, items: views([d, c, b]) });
    const onlyMax = await fetchPhotos(`/galleryphotos/${list}`, `max_submit_date=${b.submit_date}`);
    expectListing(onlyMax, { min_date: earliestInGallery(), max_date: b.submit_date, total: 2, items: views([b, a]) });
  });

  test('/galleryphoto/{id}: the gallery wrapper holding the one photo, whatever its date', async () => {
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(Y1981 + 5 * DAY, { digg_count: 17 });
      g.comment(photo, Y1981 + 6 * DAY);
    });
    const fetched = await fetchPhotos(`/galleryphoto/${photo!.id}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 1, items: views([photo!]) });
    expect(fetched.listings.json.items[0]!.comments).toBe(1);
    const far = await fetchPhotos(`/galleryphoto/${photo!.id}`, `min_submit_date=${Y1981}&max_submit_date=${Y2100}`);
    expectListing(far, { min_date: Y1981, max_date: Y2100, total: 1, items: views([photo!]) });
  });

  test('/galleryphoto/{id} of an unknown photo is 404 (code 404) in every type; Javascript answers 200 with status 404', async () => {
    await expectErrorEverywhere(`/galleryphoto/${uniqueId()}`, '', 404, 404);
  });

  test.each(['abc', '0', '-5', '1.5', '1e3', '12,13', '%20'])('/galleryphoto/%s is 1026 in every type', async (id) => {
    await expectErrorEverywhere(`/galleryphoto/${id}`, '', 1026, 403);
  });
});

describe('id lists (docs/api.md, The gallery’s arguments: `list`; unknown ids left out)', () => {
  const range = (n: number): number[] => Array.from({ length: n }, () => uniqueId());

  test('more than 100 distinct ids is 1007 (HTTP 403) in every type, naming the list and its bound', async () => {
    for (const type of TYPES) {
      const message = expectError(await invoke(targetFor(`/galleryphotos/${range(101).join(',')}`, '', type)), type, 1007, 403, {
        detail: 'list',
      });
      expect(message).toMatch(/\b100\b/);
    }
  });

  test('100 distinct ids, each given twice, pass', async () => {
    const many = range(100);
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(347_155_200 + 77, { id: many[50]! });
    });
    const fetched = await fetchPhotos(`/galleryphotos/${[...many, ...many].join(',')}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 1, items: views([photo!]) });
  });

  test('duplicates are ignored, unknown ids left out (total counts what was found), and the sort decides the order', async () => {
    const start = await claim(5 * DAY);
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = [g.photo(start + 300, { digg_count: 3 }), g.photo(start + 200, { digg_count: 1 }), g.photo(start + 100, { digg_count: 2 })];
    });
    const [a, b, c] = photos as [TestPhoto, TestPhoto, TestPhoto];
    const list = [c.id, uniqueId(), a.id, c.id, b.id, a.id, uniqueId()].join(',');
    const earliest = earliestInGallery();
    expectListing(await fetchPhotos(`/galleryphotos/${list}`), { min_date: earliest, total: 3, items: views([a, b, c]) });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'sort=submit_date-asc'), {
      min_date: earliest,
      total: 3,
      items: views([c, b, a]),
    });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'sort=digg_count-asc'), {
      min_date: earliest,
      total: 3,
      items: views([b, c, a]),
    });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'offset=1&count=1'), {
      min_date: earliest,
      total: 3,
      offset: 1,
      items: views([b]),
    });
  });

  test('only unknown ids: an empty list with total 0', async () => {
    const fetched = await fetchPhotos(`/galleryphotos/${range(3).join(',')}`);
    expectListing(fetched, { min_date: earliestInGallery(), total: 0, items: [] });
  });

  test.each(['1,x', '1,,2', '1,2,', ',1', '0', '1,-2', '1.0', '1,2%203', '0x10', '9007199254740993'])(
    '/galleryphotos/%s: a bad element is 1026 in every type',
    async (list) => {
      await expectErrorEverywhere(`/galleryphotos/${list}`, '', 1026, 403, 'list');
    },
  );
});

describe('sorts and their tie-breaks (docs/api.md, The gallery’s arguments: `sort`)', () => {
  /**
   * Eight photos on three dates with ids in a known order, chosen so that every tie rule
   * decides something: p1/p2 share date and digg count; p3/p5/p8 share a date; p1–p4 share a
   * digg count on three dates; p6/p7 share one on two dates.
   */
  async function tiedPhotos(): Promise<{ p: Record<number, TestPhoto>; from: number; to: number }> {
    const start = await claim(5 * DAY);
    const [t0, t1, t2] = [start + DAY, start + 2 * DAY, start + 3 * DAY];
    const base = uniqueId() + 1000;
    const p: Record<number, TestPhoto> = {};
    const plan: Array<[number, number, number]> = [
      [1, t1, 5],
      [2, t1, 5],
      [3, t2, 5],
      [4, t0, 5],
      [5, t2, 9],
      [6, t0, 0],
      [7, t1, 0],
      [8, t2, 1],
    ];
    await save((g) => {
      for (const [n, date, digg] of shuffled(plan)) p[n] = g.photo(date, { id: base + n, digg_count: digg });
    });
    return { p, from: t0, to: t2 };
  }

  const EXPECTED: Record<string, number[]> = {
    'submit_date-desc': [8, 5, 3, 7, 2, 1, 6, 4],
    'submit_date-asc': [4, 6, 1, 2, 7, 3, 5, 8],
    'digg_count-desc': [5, 3, 2, 1, 4, 8, 7, 6],
    // Ties still go to the newer photo, then the higher id: not the reverse of digg_count-desc.
    'digg_count-asc': [7, 6, 8, 3, 2, 1, 4, 5],
  };

  test('the written-out orders agree with the rules the other tests compute with', () => {
    const plan = { 1: [2, 5], 2: [2, 5], 3: [3, 5], 4: [1, 5], 5: [3, 9], 6: [1, 0], 7: [2, 0], 8: [3, 1] } as Record<
      number,
      [number, number]
    >;
    const photos = Object.entries(plan).map(([n, [date, digg]]) => ({ id: Number(n), submit_date: date, digg_count: digg }) as TestPhoto);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(photos, sort))).toEqual(EXPECTED[sort]);
  });

  test.each(SORT_VALUES)('sort=%s over the window (/galleryphotos) and over ids (/galleryphotos/{list})', async (sort) => {
    const { p, from, to } = await tiedPhotos();
    const expected = views(EXPECTED[sort]!.map((n) => p[n]!));
    const window = await fetchPhotos('/galleryphotos', `min_submit_date=${from}&max_submit_date=${to}&sort=${sort}`);
    expectListing(window, { min_date: from, max_date: to, total: 8, items: expected });
    const list = ids(shuffled(Object.values(p))).join(',');
    const byIds = await fetchPhotos(`/galleryphotos/${list}`, `sort=${sort}`);
    expectListing(byIds, { min_date: earliestInGallery(), total: 8, items: expected });
    const page = await fetchPhotos('/galleryphotos', `min_submit_date=${from}&max_submit_date=${to}&sort=${sort}&offset=2&count=3`);
    expectListing(page, { min_date: from, max_date: to, total: 8, offset: 2, items: expected.slice(2, 5) });
  });

  test('no sort is submit_date-desc', async () => {
    const { p, from, to } = await tiedPhotos();
    const fetched = await fetchPhotos('/galleryphotos', `min_submit_date=${from}&max_submit_date=${to}`);
    expectListing(fetched, { min_date: from, max_date: to, total: 8, items: views(EXPECTED['submit_date-desc']!.map((n) => p[n]!)) });
  });

  test('digg counts order a larger set by the stored counts, past the first page', async () => {
    const start = await claim(3 * DAY);
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = Array.from({ length: 40 }, (_, i) => g.photo(start + (i % 7) * 600, { digg_count: (i * 7919) % 6 }));
    });
    const query = `min_submit_date=${start}&max_submit_date=${start + 2 * DAY}`;
    for (const sort of ['digg_count-desc', 'digg_count-asc'] as const) {
      const expected = views(sortRecords(photos, sort));
      expectListing(await fetchPhotos('/galleryphotos', `${query}&sort=${sort}&count=100`), {
        min_date: start,
        max_date: start + 2 * DAY,
        total: 40,
        items: expected,
      });
      expectListing(await fetchPhotos('/galleryphotos', `${query}&sort=${sort}&offset=25&count=10`), {
        min_date: start,
        max_date: start + 2 * DAY,
        total: 40,
        offset: 25,
        items: expected.slice(25, 35),
      });
    }
  });

  test.each(['newest', 'digg_count', 'SUBMIT_DATE-DESC', 'submit_date-desc ', ''])(
    'sort=%s is 1017 (HTTP 403) in every type',
    async (sort) => {
      for (const path of ['/galleryphotos', `/galleryphotos/${uniqueId()}`, `/galleryphoto/${uniqueId()}`]) {
        await expectErrorEverywhere(path, `sort=${encodeURIComponent(sort)}`, 1017, 403);
      }
    },
  );
});

describe('paging (docs/api.md, The gallery’s arguments: `count` and `offset`)', () => {
  async function twelve(): Promise<{ photos: TestPhoto[]; query: string; min: number; max: number }> {
    const min = await claim(3 * DAY);
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = Array.from({ length: 12 }, (_, i) => g.photo(min + 1000 * (i + 1)));
    });
    const max = min + 2 * DAY;
    return { photos: sortRecords(photos, 'submit_date-desc'), query: `min_submit_date=${min}&max_submit_date=${max}`, min, max };
  }

  test('count defaults to 10; count=1; total counts the whole window', async () => {
    const { photos, query, min, max } = await twelve();
    expectListing(await fetchPhotos('/galleryphotos', query), {
      min_date: min,
      max_date: max,
      total: 12,
      items: views(photos.slice(0, 10)),
    });
    expectListing(await fetchPhotos('/galleryphotos', `${query}&count=1`), {
      min_date: min,
      max_date: max,
      total: 12,
      items: views(photos.slice(0, 1)),
    });
  });

  test('offset moves into the list; offset+count past the end gives the rest; past the end an empty list with the total', async () => {
    const { photos, query, min, max } = await twelve();
    const page = (offset: number, count: number) => fetchPhotos('/galleryphotos', `${query}&offset=${offset}&count=${count}`);
    const base = { min_date: min, max_date: max, total: 12 };
    expectListing(await page(3, 4), { ...base, offset: 3, items: views(photos.slice(3, 7)) });
    expectListing(await page(10, 5), { ...base, offset: 10, items: views(photos.slice(10)) });
    expectListing(await page(11, 100), { ...base, offset: 11, items: views(photos.slice(11)) });
    expectListing(await page(12, 10), { ...base, offset: 12, items: [] });
    expectListing(await page(500, 10), { ...base, offset: 500, items: [] });
    const list = ids(photos).join(',');
    const earliest = earliestInGallery();
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'offset=10&count=5'), {
      min_date: earliest,
      total: 12,
      offset: 10,
      items: views(photos.slice(10)),
    });
    expectListing(await fetchPhotos(`/galleryphotos/${list}`, 'offset=12'), { min_date: earliest, total: 12, offset: 12, items: [] });
    expectListing(await fetchPhotos(`/galleryphoto/${photos[0]!.id}`, 'offset=1'), { min_date: earliest, total: 1, offset: 1, items: [] });
  });

  test('count=100 returns 100 of 105, by date and by digg count', async () => {
    const min = await claim(3 * DAY);
    let photos: TestPhoto[] = [];
    await save((g) => {
      photos = Array.from({ length: 105 }, (_, i) => g.photo(min + 60 * i, { digg_count: i % 4 }));
    });
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
  const CASES: Array<[string, number, string]> = [
    ['count=0', 1006, 'count'],
    ['count=-3', 1006, 'count'],
    ['count=101', 1007, 'count'],
    ['count=1.5', 1026, 'count'],
    ['count=ten', 1026, 'count'],
    ['count=', 1026, 'count'],
    ['offset=-1', 1006, 'offset'],
    ['offset=1e2', 1026, 'offset'],
    ['sort=bogus', 1017, 'sort'],
    ['colour=red', 1001, 'colour'],
  ];

  test.each(CASES)('%s is %i (HTTP 403) naming the argument', async (query, code, detail) => {
    for (const path of paths()) {
      for (const type of TYPES) {
        const response = await invoke(targetFor(path, query, type));
        expectError(response, type, code, 403, { detail });
        expect(response.headers).not.toHaveProperty('sunset');
      }
    }
  });

  const BACKWARDS = 'min_submit_date=700000000&max_submit_date=699999999';

  test('max_submit_date before min_submit_date is 1006 (HTTP 403) on all eight, for a photo and comment that exist', async () => {
    for (const path of await storedPaths(347_155_200 + 4000)) {
      await expectErrorEverywhere(path, BACKWARDS, 1006, 403, 'max_submit_date');
    }
  });

  // Arguments are checked before anything is looked up: count=0 is 1006 for an unknown photo too
  // (above), and so must a backwards window be, whether or not the photo exists.
  test('max_submit_date before min_submit_date is 1006 (HTTP 403) on all eight also when the ids are unknown', async () => {
    for (const path of paths()) await expectErrorEverywhere(path, BACKWARDS, 1006, 403, 'max_submit_date');
  });

  test('count=100 and offset=0 pass everywhere (no argument error)', async () => {
    for (const path of paths()) {
      const response = await invoke(targetFor(path, 'count=100&offset=0', 'json'));
      expect([path, response.statusCode]).toEqual([
        path,
        path === '/galleryphotos' || path === '/galleryphotos/comments' || /^\/galleryphotos\/\d+,\d+$/.test(path) ? 200 : 404,
      ]);
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
      expect([type, fetched.listings[type].min_date]).toEqual([type, expect.any(Number)]);
      expect([type, fetched.listings[type].min_date >= 0]).toEqual([type, true]);
      expect(fetched.listings[type].max_date).toBe(100);
    }
  });
});

describe('headers (docs/api.md, Headers and Retirement)', () => {
  test('by default no gallery answer carries Sunset, and every one, success or error, in every type, Deprecation', async () => {
    for (const path of await storedPaths(347_155_200 + 5000)) {
      for (const type of TYPES) {
        for (const query of ['', 'count=0']) {
          const response = await invoke(targetFor(path, query, type));
          expect([path, type, query, response.statusCode]).toEqual([path, type, query, query === '' || type === 'javascript' ? 200 : 403]);
          expect(response.headers).not.toHaveProperty('sunset');
          expect(response.headers.deprecation).toBe(DEPRECATION);
        }
      }
    }
  });

  test('with GALLERY_SUNSET_DATE, every gallery answer, success or error, in every type, carries Sunset as an RFC 8594 HTTP-date', async () => {
    const invokeSet = invokerWithEnv({ GALLERY_SUNSET_DATE: '2099-02-28' });
    const SET = 'Sat, 28 Feb 2099 00:00:00 GMT';
    for (const path of await storedPaths(347_155_200 + 5000)) {
      for (const type of TYPES) {
        for (const query of ['', 'count=0']) {
          const response = await invokeSet(targetFor(path, query, type));
          expect([path, type, query, response.statusCode]).toEqual([path, type, query, query === '' || type === 'javascript' ? 200 : 403]);
          expect([path, type, query, response.headers.sunset]).toEqual([path, type, query, SET]);
          expect(response.headers.deprecation).toBe(DEPRECATION);
        }
      }
    }
    for (const type of TYPES) expect((await invokeSet(targetFor(`/galleryphoto/${uniqueId()}`, '', type))).headers.sunset).toBe(SET);
    // Without an app key, and with a type nothing can render: still a gallery answer.
    expect((await invokeSet('/galleryphotos?type=json')).headers.sunset).toBe(SET);
    expect((await invokeSet(withKey('/galleryphotos?type=yaml'))).headers.sunset).toBe(SET);
    // The rest of the API is not the gallery: no Sunset there.
    for (const path of ['/errors', '/containers', '/galleryphotos/x/y/z'])
      expect((await invokeSet(withKey(path))).headers).not.toHaveProperty('sunset');
  });

  test.each(['/errors', '/error/1014', '/containers', '/container/gaming', '/url/short/Nope123', '/stories', '/galleryphotos/x/y/z'])(
    '%s (not a gallery endpoint) carries Deprecation but no Sunset',
    async (path) => {
      for (const type of TYPES) {
        const response = await invoke(targetFor(path, '', type));
        expect(response.headers.deprecation).toBe(DEPRECATION);
        expect(response.headers).not.toHaveProperty('sunset');
      }
    },
  );
});

describe('hard characters round-trip through every type', () => {
  const HARD =
    'Tom & Jerry <b>"quoted"</b> \'single\' ]]> \t tab \n lf \r cr \r\n crlf \u0000 nul \u0001 \u001f \u007f \u0085 \uFFFE \uFFFF 中文 日本語 한국어 😀 👍🏽 \u2028 \u2029 end';

  test('title, user name, icon, src and href', async () => {
    const start = await claim(2 * DAY);
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(start + 10, {
        title: HARD,
        user: {
          name: `名前 & <user> "q" \u0002 😀`,
          icon: 'http://img.example.net/u/a&b<c>.png?x="1"',
          registered: 1_100_000_000,
          profileviews: 3,
        },
        src: 'http://img.example.net/p/1.jpg?a=1&b=<2>',
        href: 'http://news.example.net/gallery/1?q="x"&y=\'z\'',
      });
    });
    const query = `min_submit_date=${start}&max_submit_date=${start + DAY}`;
    for (const [path, q] of [
      ['/galleryphotos', query],
      [`/galleryphotos/${photo!.id}`, query],
      [`/galleryphoto/${photo!.id}`, query],
    ] as const) {
      const fetched = await fetchPhotos(path, q);
      expectListing(fetched, { min_date: start, max_date: start + DAY, total: 1, items: views([photo!]) });
      // What XML cannot carry became U+FFFD; everything else came through as written.
      expect(fetched.listings.xml.items[0]!.title).toBe(xmlSafe(HARD));
      expect(fetched.listings.xml.items[0]!.title).toContain('\uFFFD nul \uFFFD \uFFFD \u007f \u0085 \uFFFD \uFFFD 中文');
      expect(fetched.listings.php.items[0]!.title).toBe(HARD);
      expect(fetched.responses.javascript.body).not.toMatch(/[\u2028\u2029]/);
    }
  });
});
