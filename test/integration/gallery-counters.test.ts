/**
 * The gallery's counters stay exact (docs/data.md; lib/gallery/counters.ts): after any sequence of imports — the same
 * file twice, overlapping files, changed dates or votes, refused photos or parents — a recount of the whole table
 * (infra/ops/gallery/recount.ts) agrees with every counter, `comments` and `replies`, and listings answer what the records say.
 * The table is one of its own: the recount reads all of it, so no other test's data may come and go meanwhile. Pages of
 * every kind against records written in bulk: gallery-counter-pages.test.ts.
 */
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { auditGallery } from '../../infra/ops/gallery/recount';
import { importLines } from '../../infra/ops/gallery/importer';
import { recreateGalleryTable } from '../../infra/local/sample/seed';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { allOf, type Series, thread } from '../../lib/gallery/layout';
import type { SortValue } from '../support/gallery-order';
import { photoRecord } from '../support/gallery-records';
import { ownGalleryTable } from '../support/own-table';

jest.setTimeout(240_000);

const { name, template, client, documents } = ownGalleryTable('gallery-counters-test');
const store = new DynamoGalleryStore(documents, name);

beforeAll(() => recreateGalleryTable(client, name, template));

// docs/api.md, The gallery's arguments: dates are 0 to 99 999 999 999.
const ALL_TIME = { from: 0, to: 99_999_999_999 };
const DAY = 86_400;
/** A 64-day bucket's start, and offsets from it that fall on every level's edges. */
const BASE = 1_300_000_000 - (1_300_000_000 % (64 * DAY));
const OFFSETS = [0, 1, 59, 60, 61, 3_599, 3_600, 86_399, 86_400, 86_401, 64 * DAY - 1, 64 * DAY, 4_096 * DAY + 17];

/** A photo and a comment as lines of the import format (docs/data.md). */
const photoLine = (id: number, date: number, digg: number): string => {
  const { comments: _, ...fields } = photoRecord(id, date);
  return JSON.stringify({ type: 'photo', ...fields, digg_count: digg });
};
const commentLine = (id: number, photo: number, replyto: number | null, date: number, up: number, content: string) =>
  JSON.stringify({ type: 'comment', id, photo, replyto, date, user: 'c', content, up, down: 0 });

const oneTo = (maxLength: number) => ({ minLength: 1, maxLength });
/** One version of a record, as a line of the import format; `of` says which record. */
type Line = { readonly of: string; readonly text: string };

/** A universe of photos and comments (each of a photo, replying to an earlier comment of it or not), each in a few versions
 * (other dates and votes), from which files are drawn. */
const universe = (idBase: number) =>
  fc
    .record({
      photos: fc.array(fc.array(fc.record({ date: fc.constantFrom(...OFFSETS), digg: fc.nat(5) }), oneTo(2)), oneTo(4)),
      comments: fc.array(
        fc.record({
          photo: fc.nat(),
          parent: fc.option(fc.nat(), { nil: undefined }),
          versions: fc.array(fc.record({ date: fc.constantFrom(...OFFSETS), up: fc.nat(5) }), oneTo(2)),
        }),
        { maxLength: 10 },
      ),
    })
    .map(({ photos, comments }) => {
      const lines: Line[][] = photos.map((versions, p) =>
        versions.map(({ date, digg }) => ({ of: `photo ${p}`, text: photoLine(idBase + p, BASE + date, digg) })),
      );
      const photoOf: number[] = [];
      comments.forEach(({ photo, parent, versions }, c) => {
        // A reply answers an earlier comment of the same photo, so that no cycle is ever drawn.
        const earlier = photoOf.flatMap((p, index) => (p === photo % photos.length ? [index] : []));
        const replyto = parent === undefined || earlier.length === 0 ? null : idBase + 1_000 + earlier[parent % earlier.length]!;
        photoOf.push(photo % photos.length);
        const [id, photoId] = [idBase + 1_000 + c, idBase + (photo % photos.length)];
        lines.push(
          versions.map(({ date, up }) => ({
            of: `comment ${c}`,
            text: commentLine(id, photoId, replyto, BASE + date, up, `Comment ${c}`),
          })),
        );
      });
      return lines;
    });

/** Files drawn from a universe: any records, each in any of its versions, in any order. */
const importSequences = (idBase: number) =>
  universe(idBase).chain((records) =>
    fc.tuple(
      fc.constant(records),
      fc.array(
        fc
          .shuffledSubarray(records)
          .chain((chosen) => fc.tuple(...chosen.map((versions) => fc.constantFrom(...versions))))
          .map((lines) => lines.map((line) => line.text)),
        oneTo(4),
      ),
    ),
  );

test('after random sequences of imports, every counter and count agrees with a recount of the records', async () => {
  let run = 0;
  // The photos the runs imported, however many the seed drew: the table holds each, and no other.
  const before = (await auditGallery(documents, name)).photos;
  const imported = new Set<number>();
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 30 }).chain((seed) => importSequences(10 ** 12 + seed * 10_000 + run++ * 2_000)),
      async ([, files]) => {
        for (const lines of files) await importLines(lines, documents, name);
        for (const line of files.flat()) if (JSON.parse(line).type === 'photo') imported.add(JSON.parse(line).id);
        // The last file again: it is all in the table as given, so nothing at all is written.
        const again = await importLines(files.at(-1)!, documents, name);
        expect(again.unchanged).toBe(again.photos + again.comments);
        const audit = await auditGallery(documents, name);
        expect(audit.problems).toEqual([]);
      },
    ),
    { numRuns: 25 },
  );
  const audit = await auditGallery(documents, name);
  expect(imported.size).toBeGreaterThan(0);
  expect(audit.photos).toBe(before + imported.size);
  expect(audit.counters).toBeGreaterThan(audit.photos);
});

test('what the counters say is what the listings find: totals and pages over the records written', async () => {
  const idBase = 10 ** 13 + randomInt(0, 2 ** 30) * 100;
  const photo = (n: number, date: number, digg: number) => photoLine(idBase + n, date, digg);
  const start = 2_000_000_000 - (2_000_000_000 % DAY);
  const comments = [0, 1, 2].map((n) => commentLine(idBase + 50 + n, idBase, null, start + n * 4_096 * DAY, n, 'x'));
  const photos = [photo(0, start + 10, 1), photo(1, start + 3 * DAY, 2), photo(2, start + 3 * DAY + 1, 2)];
  await importLines([...photos, ...comments], documents, name);
  // Photo 1 moves a day on; photo 0 gets more diggs.
  await importLines([photo(1, start + 4 * DAY, 2), photo(0, start + 10, 9)], documents, name);
  const range = { from: start, to: start + 30 * DAY };
  const page = (series: Series, sort: SortValue, offset: number, count: number, within = range) =>
    store.page({ series: [series], range: within, sort, offset, count });
  expect(await page(allOf('photo'), 'submit_date-asc', 0, 10)).toEqual({ total: 3, ids: [idBase, idBase + 2, idBase + 1] });
  expect(await page(allOf('photo'), 'digg_count-desc', 1, 10)).toEqual({ total: 3, ids: [idBase + 1, idBase + 2] });
  expect(await page(thread(idBase), 'submit_date-desc', 0, 2, ALL_TIME)).toEqual({ total: 3, ids: [idBase + 52, idBase + 51] });
  expect((await auditGallery(documents, name)).problems).toEqual([]);
});
