/**
 * What gallery requests read besides the records, written by hand with values the API cannot take
 * as they are (docs/api.md, Errors: stored values; docs/gallery-layout.md, Stored values the API
 * cannot show): a counter's count is read capped (0 for what is not a number) and so is a total;
 * an earliest-date hint that is not a date is not used; texts past their bound are cut to it, so
 * that the largest page still fits in what Lambda returns. Never a 500, every body parsed in its
 * type, and one warning per request naming the item's key. The records: gallery-stored-values.test.ts.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { counterUpdates } from '../../lib/gallery/counters';
import { PHOTOS, topLevel } from '../../lib/gallery/layout';
import { TYPES } from '../support/expect-error';
import { expectListing, fetchComments, fetchPhotos, idsOf } from '../support/gallery-answers';
import { commentView, photoView } from '../support/gallery-decode';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { handWrittenGallery, type Noted } from '../support/stored-gallery';
import { MAX } from '../support/stored-value-rule';

jest.setTimeout(120_000);

const gallery = handWrittenGallery('stored-counters');
const DAY = 86_400;
const D = 1_300_060_800; // a midnight, UTC
const WINDOW = `min_submit_date=${D}&max_submit_date=${D + 10 * DAY}`;

/** Counter values as a hand may write them, and the count the rule reads for each. */
const COUNTS: ReadonlyArray<readonly [AttributeValue, number]> = [
  [{ S: '12' }, 0],
  [{ N: '-4' }, 0],
  [{ N: '2.5' }, 2],
  [{ N: '9007199254740993' }, MAX],
  [{ N: '12345678901234567890.5' }, MAX],
  [{ NULL: true }, 0],
  [{ M: { c: { N: '1' } } }, 0],
];

const everyRequest = (items: Noted[]) => TYPES.map(() => items);

// Photo A on day 2 and B on day 5 of a ten-day window, A with two comments.
const A = photoRecord(51, D + 2 * DAY + 43_200, 2);
const B = photoRecord(52, D + 5 * DAY + 43_200);
// The long-titled photos lie past the window, where no other test reads; each title put whole, as a hand would.
const TITLED = D + 20 * DAY;
const HUNDRED = Array.from({ length: 100 }, (_, i) => photoRecord(1_000 + i, TITLED + i));
const LONG = '\u0001'.repeat(20_000);
// All written at once, in batches: the importer's transactions and a put a title would cost more than the reads.
beforeAll(() =>
  gallery.writeAtOnce(
    [A, B, ...HUNDRED.map((photo) => ({ ...photo, title: LONG }))],
    [commentRecord(53, 51, D + 3 * DAY), commentRecord(54, 51, D + 4 * DAY)],
  ),
);

describe('counters', () => {
  /** The counter of A's day in the photos' series (docs/gallery-layout.md, Counters: a 64-day bucket's child). */
  const aDay = counterUpdates(PHOTOS, A.submit_date, 1)[3]!;
  afterAll(() => gallery.put(aDay.key, aDay.attribute, { N: '1' }));

  test.each(COUNTS)('a day counter of %j is read as %d: the total is capped, every listing answers', async (value, count) => {
    await gallery.put(aDay.key, aDay.attribute, value);
    const noted = everyRequest([{ key: aDay.key, degraded: [aDay.attribute] }]);
    for (const sort of ['submit_date-desc', 'submit_date-asc', 'digg_count-desc']) {
      const { result, warnings } = await gallery.noted(() => fetchPhotos('/galleryphotos', `${WINDOW}&sort=${sort}`, gallery.invoke));
      expect(warnings).toEqual(noted);
      for (const type of TYPES) expect(result.listings[type].total).toBe(Math.min(MAX, count + 1));
      // The page follows the counters (a partition counted 0 is not read), its records as stored.
      const listed = idsOf(result);
      if (count === 0) expect(listed).toEqual([52]);
      expect(result.listings.json.items).toEqual(listed.map((id) => photoView(id === 51 ? A : B)));
    }
  });

  test.each(COUNTS)('a thread counter of %j is read as %d: the top level’s total follows it', async (value, count) => {
    const root = counterUpdates(topLevel(51), D + 3 * DAY, 1).at(-1)!;
    await gallery.put(root.key, root.attribute, value);
    const { result, warnings } = await gallery.noted(() => fetchComments('/galleryphoto/51/comments', 'min_submit_date=0', gallery.invoke));
    expect(warnings).toEqual(everyRequest([{ key: root.key, degraded: [root.attribute] }]));
    const comments = [commentRecord(54, 51, D + 4 * DAY), commentRecord(53, 51, D + 3 * DAY)].map(commentView);
    expectListing(result, { min_date: 0, total: count, items: comments.slice(0, Math.min(count, 10)) });
  });
});

const HINTS: AttributeValue[] = [{ S: 'soon' }, { N: '-1' }, { N: '1.5' }, { N: '9007199254740993' }, { BOOL: true }];
test.each(HINTS)('an earliest-date hint of %j is not used: min_date is the earliest photo’s date, from the counters', async (value) => {
  await gallery.put('earliest#photos', 'date', value);
  const { result, warnings } = await gallery.noted(() => fetchPhotos('/galleryphoto/52', '', gallery.invoke));
  expectListing(result, { min_date: A.submit_date, total: 1, items: [photoView(B)] });
  expect(warnings).toEqual(everyRequest([{ key: 'earliest#photos', ignored: ['date'] }]));
});

test('a hundred photos with 20 000-character titles: each cut to 2 000 characters, the page within what Lambda returns', async () => {
  const query = `min_submit_date=${TITLED}&max_submit_date=${TITLED + DAY}&count=100`;
  const { result, warnings } = await gallery.noted(() => fetchPhotos('/galleryphotos', query, gallery.invoke));
  const newestFirst = [...HUNDRED].reverse();
  const items = newestFirst.map((photo) => photoView({ ...photo, title: '\u0001'.repeat(2_000) }));
  expectListing(result, { min_date: TITLED, max_date: TITLED + DAY, total: 100, items });
  expect(warnings).toEqual(everyRequest(newestFirst.map((photo) => ({ key: `photo#${photo.id}`, degraded: ['title'] }))));
});
