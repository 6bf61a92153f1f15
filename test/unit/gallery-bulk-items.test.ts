/**
 * The bulk load's items (infra/ops/gallery/bulk.ts galleryItems): besides the records and their
 * counters, each kind's earliest-date hint (lib/gallery/counters.ts) at its earliest record's
 * date, and none for a kind with no record.
 */
import { galleryItems } from '../../infra/ops/gallery/bulk';
import { commentRecord, photoRecord } from '../support/gallery-records';

const hints = (items: ReturnType<typeof galleryItems>) => items.filter((item) => String(item.pk).startsWith('earliest#'));

test('each kind’s hint is its earliest record’s date', () => {
  const items = galleryItems({
    photos: [photoRecord(1, 5_000), photoRecord(2, 1_200), photoRecord(3, 9_000)],
    comments: [commentRecord(10, 1, 7_000), commentRecord(11, 2, 6_500)],
  });
  expect(hints(items)).toEqual([
    { pk: 'earliest#photos', date: 1_200 },
    { pk: 'earliest#comments', date: 6_500 },
  ]);
});

test('no records of a kind, no hint of it', () => {
  expect(hints(galleryItems({ photos: [photoRecord(1, 5_000)], comments: [] }))).toEqual([{ pk: 'earliest#photos', date: 5_000 }]);
  expect(hints(galleryItems({ photos: [], comments: [] }))).toEqual([]);
});
