/**
 * The earliest date of the whole gallery (min_date of listings by id, docs/api.md: Bodies) from its hint (lib/gallery/counters.ts,
 * infra/ops/gallery/earliest-hint.ts), against DynamoDB Local: the importer makes and lowers the hints, the store reads them in two round
 * trips and falls back to walking the counters where a hint is missing, stale or not a date, and the reads of one turn go in one
 * BatchGetItem. Each test has a table of its own.
 */
import { BatchGetCommand, DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditGallery } from '../../infra/ops/gallery/recount';
import { lowerEarliestHint } from '../../infra/ops/gallery/earliest-hint';
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { earliestKey } from '../../lib/gallery/counters';
import { allOf } from '../../lib/gallery/layout';
import type { ApiError } from '../../lib/api-error';
import { GalleryService, type ListingArgs } from '../../lib/gallery/service';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { ownTables } from '../support/own-table';
import { batchKeys, sentWhile } from '../support/sent-commands';

jest.setTimeout(60_000);

const DAY = 86_400;
const tables = ownTables('GalleryTable');
/** A day's start in 2004: every date here is from it. */
const T0 = 1_100_000_000 - (1_100_000_000 % DAY);

const importRecords = (documents: DynamoDBDocumentClient, table: string, photos: PhotoRecord[], comments: CommentRecord[] = []) =>
  importLines(linesOf(photos, comments), documents, table);

/** The hint item of a kind, as stored. */
async function hintItem(documents: DynamoDBDocumentClient, table: string, kind: 'photo' | 'comment') {
  const { Responses } = await documents.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [{ pk: earliestKey(allOf(kind)) }], ConsistentRead: true } } }),
  );
  return Responses?.[table]?.[0];
}

const ARGS: ListingArgs = { min_submit_date: undefined, max_submit_date: undefined, sort: 'submit_date-desc', count: 10, offset: 0 };

test('an import into an empty table makes each kind’s hint its earliest date; an earlier import lowers it, a later one leaves it', async () => {
  const { documents, table } = await tables.create('earliest-made');
  const comments = [commentRecord(11, 1, T0 + 700), commentRecord(12, 2, T0 + 650)];
  await importRecords(documents, table, [photoRecord(1, T0 + 500), photoRecord(2, T0 + 90)], comments);
  expect(await hintItem(documents, table, 'photo')).toEqual({ pk: 'earliest#photos', date: T0 + 90 });
  expect(await hintItem(documents, table, 'comment')).toEqual({ pk: 'earliest#comments', date: T0 + 650 });

  await importRecords(documents, table, [photoRecord(3, T0 + 5)]);
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(T0 + 5);
  await importRecords(documents, table, [photoRecord(4, T0 + DAY * 3)]);
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(T0 + 5);
  expect((await hintItem(documents, table, 'comment'))?.date).toBe(T0 + 650);
  expect((await auditGallery(documents, table)).problems).toEqual([]);
});

test('with a hint, the earliest date is two round trips, where walking the counters takes seven', async () => {
  const { documents, table } = await tables.create('earliest-reads');
  await importRecords(documents, table, [photoRecord(1, T0 + DAY * 40 + 17), photoRecord(2, T0 + DAY * 90)]);
  const store = new DynamoGalleryStore(documents, table);

  const hinted = await sentWhile(documents, () => store.earliestDate('photo'));
  expect(hinted.result).toBe(T0 + DAY * 40 + 17);
  expect(hinted.sent).toEqual(['BatchGetCommand', 'BatchGetCommand']);

  await documents.send(new DeleteCommand({ TableName: table, Key: { pk: earliestKey(allOf('photo')) } }));
  const walked = await sentWhile(documents, () => store.earliestDate('photo'));
  expect(walked.result).toBe(T0 + DAY * 40 + 17);
  expect(walked.sent).toHaveLength(1 + 7);
});

test('a hint below every member, in a minute with no member from it on, or not a date, still gives the earliest date', async () => {
  const { documents, table } = await tables.create('earliest-stale');
  const earliest = T0 + DAY * 2 + 3_600 + 42;
  await importRecords(documents, table, [photoRecord(1, earliest), photoRecord(2, earliest + DAY)]);
  const store = new DynamoGalleryStore(documents, table);
  const setHint = (date: unknown) => documents.send(new PutCommand({ TableName: table, Item: { pk: earliestKey(allOf('photo')), date } }));

  for (const hint of [earliest - 30, earliest, earliest - DAY * 5, earliest - 50, 'yesterday', -1, 1.5]) {
    await setHint(hint);
    expect(await store.earliestDate('photo')).toBe(earliest);
  }
  // Above a member the hint is wrong (no writer raises one): the audit says so.
  await setHint(earliest + DAY - 10);
  expect((await auditGallery(documents, table)).problems).toEqual([
    `earliest#photos is ${earliest + DAY - 10}, above the earliest photo's date ${earliest}`,
  ]);

  // An import mends a hint that is not a date (a number too: it once kept failing its condition), from the table's earliest and its own.
  for (const [n, notADate] of ['yesterday', -1, 1.5].entries()) {
    await setHint(notADate);
    await importRecords(documents, table, [photoRecord(3 + n, earliest + 500)]);
    expect((await hintItem(documents, table, 'photo'))?.date).toBe(earliest);
  }
  await documents.send(new PutCommand({ TableName: table, Item: { pk: earliestKey(allOf('photo')) } }));
  await importRecords(documents, table, [photoRecord(9, earliest - 7)]);
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(earliest - 7);
  expect((await auditGallery(documents, table)).problems).toEqual([]);
});

test('a table written before there were hints gets one from its earliest member and the import’s', async () => {
  const { documents, table } = await tables.create('earliest-old');
  await importRecords(documents, table, [photoRecord(1, T0 + 100), photoRecord(2, T0 + 200)]);
  await documents.send(new DeleteCommand({ TableName: table, Key: { pk: earliestKey(allOf('photo')) } }));

  await importRecords(documents, table, [photoRecord(3, T0 + DAY)]);
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(T0 + 100);
  expect((await auditGallery(documents, table)).problems).toEqual([]);

  // Making it reads the missing hint once, then walks the counters.
  const hintKey = earliestKey(allOf('photo'));
  await documents.send(new DeleteCommand({ TableName: table, Key: { pk: hintKey } }));
  const { inputs } = await sentWhile(documents, () => lowerEarliestHint(documents, table, 'photo', T0 + DAY * 2));
  const readsHint = (input: unknown) => (input as { Key?: { pk?: string } }).Key?.pk === hintKey || batchKeys(input).includes(hintKey);
  expect(inputs.filter(readsHint)).toHaveLength(1);
  expect(inputs.flatMap(batchKeys).some((key) => key.startsWith('count#photos#'))).toBe(true);
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(T0 + 100);
});

test('imports at once each leave the hint at or below their members', async () => {
  const { documents, table } = await tables.create('earliest-race');
  await importRecords(documents, table, [photoRecord(1, T0 + DAY * 10)]);
  await Promise.all(Array.from({ length: 6 }, (_, n) => importRecords(documents, table, [photoRecord(100 + n, T0 + DAY * 9 - n * 1_000)])));
  expect((await hintItem(documents, table, 'photo'))?.date).toBe(T0 + DAY * 9 - 5_000);
  expect((await auditGallery(documents, table)).problems).toEqual([]);
});

test('a photo’s listing reads its photo and the hint in one BatchGetItem, then the hint’s minute', async () => {
  const { documents, table } = await tables.create('earliest-turn');
  await importRecords(documents, table, [photoRecord(1, T0 + 300), photoRecord(2, T0 + DAY)]);
  const service = new GalleryService(new DynamoGalleryStore(documents, table));
  const { result, sent } = await sentWhile(documents, () => service.photo(2, ARGS, T0 + DAY * 2));
  expect(result.min_date).toBe(T0 + 300);
  expect(result.photos.map((p) => p.id)).toEqual([2]);
  expect(sent).toEqual(['BatchGetCommand', 'BatchGetCommand']);
});

test('a fresh table without comments has no earliest comment date, and a comment list by id gives min_date 0', async () => {
  const { documents, table } = await tables.create('earliest-none');
  const store = new DynamoGalleryStore(documents, table);
  expect(await store.earliestDate('comment')).toBeUndefined();
  expect(await store.earliestDate('photo')).toBeUndefined();

  await importRecords(documents, table, [photoRecord(1, T0 + 300)]);
  expect(await store.earliestDate('comment')).toBeUndefined();
  expect(await store.earliestDate('photo')).toBe(T0 + 300);
  const comments = await new GalleryService(store).topLevelComments(1, ARGS, T0 + DAY);
  expect(comments).toMatchObject({ min_date: 0, total: 0, count: 0, comments: [] });
});

test('the comments of several photos read the photos, the hint and the threads’ counters in one BatchGetItem, the hint’s minute with the records', async () => {
  const { documents, table } = await tables.create('earliest-threads');
  const comments = [commentRecord(11, 1, T0 + 400), commentRecord(12, 1, T0 + 500), commentRecord(21, 2, T0 + 450)];
  await importRecords(documents, table, [photoRecord(1, T0 + 100, 2), photoRecord(2, T0 + 200, 1), photoRecord(3, T0 + 300)], comments);
  const service = new GalleryService(new DynamoGalleryStore(documents, table));
  const { result, sent, inputs } = await sentWhile(documents, () => service.commentsOfPhotos([1, 2, 3], ARGS, T0 + DAY));
  expect(result.min_date).toBe(T0 + 400);
  expect(result.comments.map((c) => c.id)).toEqual([12, 21, 11]);
  // One Query per thread with comments; the thread of photo 3 costs only its absent counter item.
  expect(sent).toEqual(['BatchGetCommand', 'QueryCommand', 'QueryCommand', 'BatchGetCommand']);
  const keys = inputs.map(batchKeys);
  expect(keys[0]).toEqual(expect.arrayContaining(['photo#1', 'photo#2', 'photo#3', 'earliest#comments', 'count#photo/3#7#0']));
  expect(keys[3]).toEqual(expect.arrayContaining(['comment#11', 'comment#12', 'comment#21', `count#comments#1#${T0 + 360}`]));
});

test('a 404 of a thread’s listing reads the photo or comment beside the counters, and none of the page’s entries or records', async () => {
  const { documents, table } = await tables.create('earliest-unknown');
  const comments = [commentRecord(11, 1, T0 + 400), commentRecord(12, 1, T0 + 500, 11, 1, 11), commentRecord(13, 1, T0 + 600)];
  await importRecords(documents, table, [photoRecord(1, T0 + 100, 3), photoRecord(2, T0 + 200)], comments);
  const service = new GalleryService(new DynamoGalleryStore(documents, table));
  const fails = (listing: Promise<unknown>) => listing.then(() => 'answered').catch((error: ApiError) => error.code);
  const pageKeys = ['comment#12', 'comment#13'];

  // Photo 99 is unknown: photo 1's thread is counted beside the photos, and read no further.
  const list = await sentWhile(documents, () => fails(service.commentsOfPhotos([1, 99], ARGS, T0 + DAY)));
  expect(list.result).toBe(404);
  expect(list.sent).not.toContain('QueryCommand');
  expect(list.inputs.flatMap(batchKeys)).toEqual(expect.arrayContaining(['photo#1', 'photo#99', 'count#photo/1#7#0']));
  expect(list.inputs.flatMap(batchKeys)).not.toContain(pageKeys[1]);

  // Comment 11 is photo 1's, not photo 2's: its replies' first entries went out beside the counters, their records do not.
  const replies = await sentWhile(documents, () => fails(service.replies(2, 11, ARGS, T0 + DAY)));
  expect(replies.result).toBe(404);
  expect(replies.inputs.flatMap(batchKeys)).toEqual(expect.arrayContaining(['photo#2', 'comment#11']));
  expect(replies.inputs.flatMap(batchKeys)).not.toContain(pageKeys[0]);

  // The same listings of what is there read their records.
  expect((await service.commentsOfPhotos([1, 2], ARGS, T0 + DAY)).comments.map((c) => c.id)).toEqual([13, 12, 11]);
  expect((await service.replies(1, 11, ARGS, T0 + DAY)).comments.map((c) => c.id)).toEqual([12]);
});
