/**
 * The photo endpoints' date windows (docs/api.md, The gallery's arguments: `min_submit_date` and `max_submit_date`) through the
 * real handlers and DynamoDB Local, every answer in all four types (test/support/gallery-answers.ts): at most 30 days without ids,
 * all time with them, `min_date` and `max_date`; and extreme but valid windows and offsets, which answer, never error 500.
 * Every test writes photos of its own in a table of this file's own, in time ranges nothing else comes near (claim).
 */
import { invokerWithEnv, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchComments, fetchPhotos, idsOf } from '../support/gallery-answers';
import { type PhotoView, photoView } from '../support/gallery-decode';
import { ANCHOR_DATE, DAY, ids, shuffled, THIRTY_DAYS, type TestPhoto, uniqueId } from '../support/gallery-fixtures';
import { sortRecords } from '../support/gallery-order';
import { photoGallery, views } from '../support/photo-gallery';

jest.setTimeout(60_000);

const { gallery, save, claim, earliestInGallery } = photoGallery('gallery-photo-windows');

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
