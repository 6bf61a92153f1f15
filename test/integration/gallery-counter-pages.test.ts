/**
 * What the counters say is what the records hold, page by page (docs/data.md; docs/gallery-layout.md, Counters: totals
 * without counting): pages of every kind, any window, sort and offset, against the records themselves. 600 photos over three
 * days and a thread of 150 comments go into a table of this file's own in bulk (test/support/own-table.ts's bulkWrite): the
 * importer's transactions would cost more. The counters' exactness after imports: gallery-counters.test.ts.
 */
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { auditGallery } from '../../infra/ops/gallery/recount';
import { recreateGalleryTable } from '../../infra/local/sample/seed';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { allOf, thread } from '../../lib/gallery/layout';
import { ORDER, SORT_VALUES, type SortValue } from '../support/gallery-order';
import { photoRecord, threadRecords } from '../support/gallery-records';
import { bulkWrite, ownGalleryTable } from '../support/own-table';

jest.setTimeout(240_000);

// docs/api.md, The gallery's arguments: dates are 0 to 99 999 999 999.
const ALL_TIME = { from: 0, to: 99_999_999_999 };
const DAY = 86_400;

describe('pages of every kind against the records themselves', () => {
  /** 600 photos over three days (200 a day, so that offsets land deep inside days), digg counts with many ties; a thread of 150 comments. */
  const START = 2_100_000_000 - (2_100_000_000 % DAY);
  const idBase = 2 * 10 ** 13 + randomInt(0, 2 ** 30) * 1_000;
  const photos = Array.from({ length: 600 }, (_, n) => ({ id: idBase + n, date: START + randomInt(0, 3 * DAY), rank: randomInt(0, 5) }));
  const threadPhoto = idBase + 999;
  const comments: Array<{ id: number; date: number; rank: number; replyto: number | null }> = [];
  for (let n = 0; n < 150; n++) {
    const replyto = n > 0 && randomInt(0, 3) > 0 ? comments[randomInt(0, n)]!.id : null;
    comments.push({ id: idBase + 1_000 + n, date: START + 10 * DAY + randomInt(0, 3 * DAY), rank: randomInt(0, 4), replyto });
  }
  const pages = ownGalleryTable('gallery-pages-test');
  const pageStore = new DynamoGalleryStore(pages.documents, pages.name);

  beforeAll(async () => {
    await recreateGalleryTable(pages.client, pages.name, pages.template);
    const withDigg = (id: number, date: number, rank: number, count = 0) => ({ ...photoRecord(id, date, count), digg_count: rank });
    await bulkWrite(pages.documents, pages.name, {
      photos: [...photos.map((p) => withDigg(p.id, p.date, p.rank)), withDigg(threadPhoto, START + 10 * DAY, 0, comments.length)],
      comments: threadRecords(
        threadPhoto,
        comments.map((c) => ({ ...c, up: c.rank })),
      ),
    });
    // The records whole and the counters theirs, as the importer would have left them.
    expect((await auditGallery(pages.documents, pages.name)).problems).toEqual([]);
  });

  const sort = fc.constantFrom(...SORT_VALUES);
  const upTo = (min: number, max: number) => fc.integer({ min, max });
  const counts = upTo(1, 100);
  const expected = (members: typeof photos, range: { from: number; to: number }, order: SortValue, offset: number, count: number) => {
    const inRange = members.filter((m) => m.date >= range.from && m.date <= range.to).sort(ORDER[order]);
    return { total: inRange.length, ids: inRange.slice(offset, offset + count).map((m) => m.id) };
  };

  test('the whole gallery: any window cutting the days, any sort, any offset (deep, past the middle, past the end)', async () => {
    await fc.assert(
      fc.asyncProperty(upTo(-DAY, 4 * DAY), upTo(0, 4 * DAY), sort, upTo(0, 650), counts, async (from, width, order, offset, count) => {
        const range = { from: START + from, to: START + from + width };
        const page = await pageStore.page({ series: [allOf('photo')], range, sort: order, offset, count });
        expect(page).toEqual(expected(photos, range, order, offset, count));
      }),
      { numRuns: 150 },
    );
  });

  test('a thread, its top level and a comment’s replies: all time or any window, any sort, any offset', async () => {
    const parents = [...new Set(comments.flatMap((c) => (c.replyto === null ? [] : [c.replyto])))];
    const seriesOf = fc.oneof(
      fc.constant({ series: thread(threadPhoto), members: comments }),
      fc.constant({ series: { of: 'top' as const, photo: threadPhoto }, members: comments.filter((c) => c.replyto === null) }),
      fc
        .constantFrom(...parents)
        .map((parent) => ({ series: { of: 'replies' as const, comment: parent }, members: comments.filter((c) => c.replyto === parent) })),
    );
    const range = fc.oneof(
      fc.constant(ALL_TIME),
      fc.tuple(upTo(9 * DAY, 14 * DAY), upTo(0, 4 * DAY)).map(([from, width]) => ({ from: START + from, to: START + from + width })),
    );
    await fc.assert(
      fc.asyncProperty(seriesOf, range, sort, upTo(0, 160), counts, async ({ series, members }, window, order, offset, count) => {
        const page = await pageStore.page({ series: [series], range: window, sort: order, offset, count });
        expect(page).toEqual(expected(members, window, order, offset, count));
      }),
      { numRuns: 150 },
    );
  });
});
