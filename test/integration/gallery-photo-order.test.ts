/**
 * Which photos a listing holds and in which order (docs/api.md, The gallery's arguments: `list`, `sort`, `count` and `offset`)
 * through the real handlers and DynamoDB Local, every answer in all four types (test/support/gallery-answers.ts): id lists,
 * the sorts and their tie-breaks, paging. Every test writes photos of its own in a table of this file's own, in time ranges
 * nothing else comes near (claim).
 */
import { expectError, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchPhotos, idsOf, targetFor } from '../support/gallery-answers';
import { DAY, ids, shuffled, type TestPhoto, uniqueId } from '../support/gallery-fixtures';
import { SORT_VALUES, sortRecords, TIE_ORDERS, TIES } from '../support/gallery-order';
import { invoke } from '../support/invoke';
import { photoGallery, views } from '../support/photo-gallery';

jest.setTimeout(60_000);

const { save, claim, earliestInGallery } = photoGallery('gallery-photo-order');

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
  // The tied plan of gallery-order.ts, as photos: [day, digg count].
  async function tiedPhotos(): Promise<{ p: Record<number, TestPhoto>; from: number; to: number }> {
    const start = await claim(5 * DAY);
    const base = uniqueId() + 1000;
    const p: Record<number, TestPhoto> = {};
    await save((g) => {
      for (const [n, [day, digg]] of shuffled(Object.entries(TIES)))
        p[Number(n)] = g.photo(start + (day + 1) * DAY, { id: base + Number(n), digg_count: digg });
    });
    return { p, from: start + DAY, to: start + 3 * DAY };
  }

  test('the written-out orders agree with the rules the other tests compute with', () => {
    const photos = Object.entries(TIES).map(([n, [date, digg]]) => ({ id: Number(n), submit_date: date, digg_count: digg }) as TestPhoto);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(photos, sort))).toEqual(TIE_ORDERS[sort]);
  });

  test.each([...SORT_VALUES, undefined])(
    'sort=%s over the window (/galleryphotos) and over ids (/galleryphotos/{list}); none is submit_date-desc',
    async (sort) => {
      const { p, from, to } = await tiedPhotos();
      const expected = views(TIE_ORDERS[sort ?? 'submit_date-desc']!.map((n) => p[n]!));
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
