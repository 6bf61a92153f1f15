/**
 * A first page in date order reads its newest (or, ascending, its oldest) partition beside the
 * counters (lib/gallery/listing.ts): two round trips before the records, not three, and the
 * same page whether that partition holds the page, part of it, or nothing of the range. A
 * window's first page (no thread to check) read with its records, when that partition fills
 * it, reads the counters with the records instead: two requests in all. Against DynamoDB Local,
 * with a table of this file's own.
 */
import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { itemKey, PHOTOS, partitionKey, topLevel } from '../../lib/gallery/layout';
import { GalleryService, type ListingArgs } from '../../lib/gallery/service';
import type { PageQuery } from '../../lib/gallery/store';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { ownTables } from '../support/own-table';
import { batchKeys, sentWhile } from '../support/sent-commands';

jest.setTimeout(60_000);

const tables = ownTables('GalleryTable');
const DAY = 86_400;
const FIRST_DAY = 1_200_000_000 - (1_200_000_000 % DAY);

/** Whether the first Query was sent before the counters' BatchGetItem was answered. */
const queriedBesideCounters = (events: readonly string[]) => events.indexOf('sent Query') < events.indexOf('answered BatchGet');

let documents: DynamoDBDocumentClient;
let tableName: string;
let store: DynamoGalleryStore;
/** Photo n is dated `n` hours after the first day's start: days 0–3 hold 24 each, day 5 holds 3, day 4 none. */
const dates = [...Array.from({ length: 96 }, (_, n) => FIRST_DAY + n * 3_600), ...[0, 1, 2].map((n) => FIRST_DAY + 5 * DAY + n * 600)];
const photos = dates.map((date, n) => photoRecord(1_000 + n, date));
const comments = Array.from({ length: 30 }, (_, n) => commentRecord(5_000 + n, 1_000, FIRST_DAY + 7 * DAY + n * 60));
/** The first page of the comments, newest first: the last ten written, a minute apart. */
const NEWEST_COMMENTS = Array.from({ length: 10 }, (_, n) => 5_029 - n);
/** The first page of photo 1000's top-level comments: a single partition. */
const THREAD = { series: [topLevel(1_000)], range: { from: 0, to: FIRST_DAY + 30 * DAY }, sort: 'submit_date-desc', count: 10 } as const;

beforeAll(async () => {
  ({ documents, table: tableName } = await tables.create('first-page'));
  await importLines(linesOf(photos, comments), documents, tableName);
  store = new DynamoGalleryStore(documents, tableName);
});

const idsBy = (sort: 'desc' | 'asc', from: number, to: number, count: number) =>
  photos
    .filter((p) => p.submit_date >= from && p.submit_date <= to)
    .sort((a, b) => (sort === 'desc' ? b.submit_date - a.submit_date : a.submit_date - b.submit_date))
    .slice(0, count)
    .map((p) => p.id);

const page = (query: Omit<PageQuery, 'series' | 'offset'> & Partial<PageQuery>) =>
  sentWhile(documents, () => store.page({ series: [PHOTOS], offset: 0, ...query }));

test.each([
  ['newest day holds the whole page', 'submit_date-desc', FIRST_DAY + 3 * DAY, FIRST_DAY + 3 * DAY + DAY - 1, 10],
  ['newest day holds part of it', 'submit_date-desc', FIRST_DAY + 2 * DAY, FIRST_DAY + 3 * DAY + 3 * 3_600, 10],
  ['oldest day, ascending', 'submit_date-asc', FIRST_DAY + DAY + 30, FIRST_DAY + 3 * DAY, 30],
] as const)('%s: counters and the partition at once, then the rest', async (_, sort, from, to, count) => {
  const { result, sent, events, inputs } = await page({ range: { from, to }, sort, count });
  expect(result.ids).toEqual(idsBy(sort === 'submit_date-desc' ? 'desc' : 'asc', from, to, count));
  // The read beside the counters: at most `count` entries, of the range's newest day (oldest, ascending).
  const early = inputs[sent.indexOf('QueryCommand')] as QueryCommandInput;
  expect(early.Limit).toBeLessThanOrEqual(count);
  expect(early.ExpressionAttributeValues?.[':p']).toBe(partitionKey(PHOTOS, Math.floor((sort === 'submit_date-desc' ? to : from) / DAY)));
  expect(result.total).toBe(idsBy('desc', from, to, 1_000).length);
  // The first Query went out with the counters; another only where the page reaches another day.
  expect(queriedBesideCounters(events)).toBe(true);
  expect(sent.length).toBe(result.ids.length <= 24 && sort === 'submit_date-desc' && from >= FIRST_DAY + 3 * DAY ? 2 : 3);
});

test('a newest day holding nothing of the range: that read is spent, and the page comes from the days before', async () => {
  const from = FIRST_DAY + 3 * DAY;
  const to = FIRST_DAY + 4 * DAY + DAY - 1; // day 4 holds no photo
  const { result, sent, events } = await page({ range: { from, to }, sort: 'submit_date-desc', count: 5 });
  expect(result.ids).toEqual(idsBy('desc', from, to, 5));
  expect(queriedBesideCounters(events)).toBe(true);
  expect([...sent].sort()).toEqual(['BatchGetCommand', 'QueryCommand', 'QueryCommand']);
});

test('an empty range answers at the counters; an offset reads after them as before', async () => {
  const empty = await page({ range: { from: FIRST_DAY + 4 * DAY, to: FIRST_DAY + 4 * DAY + 100 }, sort: 'submit_date-desc', count: 10 });
  expect(empty.result).toEqual({ total: 0, ids: [] });

  const offset = await page({ range: { from: FIRST_DAY, to: FIRST_DAY + 6 * DAY }, sort: 'submit_date-desc', offset: 5, count: 4 });
  expect(offset.result.ids).toEqual(idsBy('desc', FIRST_DAY, FIRST_DAY + 6 * DAY, 9).slice(5));
  expect(queriedBesideCounters(offset.events)).toBe(false);
});

test('one photo’s comments, a single partition: its first page with its counters', async () => {
  const { result, sent, events } = await page(THREAD);
  expect(queriedBesideCounters(events)).toBe(true);
  expect(result.ids).toEqual(NEWEST_COMMENTS);
  expect(result.total).toBe(30);
  expect([...sent].sort()).toEqual(['BatchGetCommand', 'QueryCommand']);
});

describe('a first page read with its records (a window: nothing to check first)', () => {
  /** The page, its records asked for as soon as its ids are known, as the gallery service does. */
  const withRecords = (query: Omit<PageQuery, 'series' | 'offset'>) =>
    sentWhile(documents, async () => {
      let records: Promise<Map<number, unknown>> | undefined;
      const result = await store.page({ series: [PHOTOS], offset: 0, ...query }, undefined, undefined, (ids) => {
        records = store.photosByIds(ids);
      });
      return { ...result, records: await (records ?? store.photosByIds(result.ids)) };
    });

  test('its newest day fills it: the Query, then one BatchGetItem of the counters and the records', async () => {
    const from = FIRST_DAY + 2 * DAY;
    const to = FIRST_DAY + 3 * DAY + DAY - 1;
    const { result, sent, inputs } = await withRecords({ range: { from, to }, sort: 'submit_date-desc', count: 10 });
    expect(result.ids).toEqual(idsBy('desc', from, to, 10));
    expect([...result.records.keys()].sort()).toEqual([...result.ids].sort());
    expect(result.total).toBe(idsBy('desc', from, to, 1_000).length);
    expect(sent).toEqual(['QueryCommand', 'BatchGetCommand']);
    const keys = batchKeys(inputs[1]);
    expect(keys).toEqual(expect.arrayContaining(result.ids.map((id) => itemKey('photo', id))));
    expect(keys.filter((key) => key.startsWith('photo#'))).toHaveLength(10);
    expect(keys.length).toBeGreaterThan(10); // the counters
  });

  test('its newest day holds part of it: the counters after the Query, and the same page as without', async () => {
    const from = FIRST_DAY + 2 * DAY;
    const to = FIRST_DAY + 3 * DAY + 3 * 3_600; // the newest day holds 4 photos of the range
    const { result, sent } = await withRecords({ range: { from, to }, sort: 'submit_date-desc', count: 10 });
    expect(result.ids).toEqual(idsBy('desc', from, to, 10));
    expect(result.total).toBe(idsBy('desc', from, to, 1_000).length);
    expect(sent).toEqual(['QueryCommand', 'BatchGetCommand', 'QueryCommand', 'BatchGetCommand']);
  });

  test('with a thread to check first, the counters stay beside the Query', async () => {
    const { result, events } = await sentWhile(documents, () =>
      store.page({ ...THREAD, offset: 0 }, undefined, Promise.resolve(), () => undefined),
    );
    expect(queriedBesideCounters(events)).toBe(true);
    expect(result.total).toBe(30);
  });
});

test('the gallery service reads a window’s first page so: /galleryphotos and /galleryphotos/comments in two requests', async () => {
  const service = new GalleryService(store);
  const args: ListingArgs = { min_submit_date: undefined, max_submit_date: undefined, sort: 'submit_date-desc', count: 10, offset: 0 };
  const endOfDay = (day: number) => FIRST_DAY + day * DAY + DAY - 1;

  const photosPage = await sentWhile(documents, () => service.photos(args, endOfDay(3)));
  expect(photosPage.result.photos.map((photo) => photo.id)).toEqual(idsBy('desc', 0, endOfDay(3), 10));
  expect([photosPage.result.total, photosPage.sent]).toEqual([96, ['QueryCommand', 'BatchGetCommand']]);

  const commentsPage = await sentWhile(documents, () => service.comments(args, endOfDay(7)));
  expect(commentsPage.result.comments.map((comment) => comment.id)).toEqual(NEWEST_COMMENTS);
  expect([commentsPage.result.total, commentsPage.sent]).toEqual([30, ['QueryCommand', 'BatchGetCommand']]);
});
