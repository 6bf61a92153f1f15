/**
 * A request's late reads (lib/gallery/reads.ts lateItem: what it needs only for its answer, as the
 * earliest-date hint's minute) ride with the request's next BatchGetItem, or go alone once none of
 * its reads is under way; never with another request's. Against DynamoDB Local, with a table of
 * this file's own.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { earliestKey } from '../../lib/gallery/counters';
import { indexQuery } from '../../lib/gallery/index-streams';
import { dayOf, itemKey, partitionKey, PHOTOS } from '../../lib/gallery/layout';
import { GalleryReads } from '../../lib/gallery/reads';
import { photoRecord } from '../support/gallery-records';
import { ownTables } from '../support/own-table';
import { batchKeys, sentWhile } from '../support/sent-commands';

jest.setTimeout(60_000);

const tables = ownTables('GalleryTable');
const DATE = 1_300_000_000;
const HINT = earliestKey(PHOTOS);
const NO_SUCH_INDEX = { IndexName: 'noSuchIndex', KeyConditionExpression: 'day_part = :p', ExpressionAttributeValues: { ':p': 'x' } };

let documents: DynamoDBDocumentClient;
let reads: GalleryReads;

beforeAll(async () => {
  let table: string;
  ({ documents, table } = await tables.create('reads'));
  await importLines(linesOf([photoRecord(1, DATE), photoRecord(2, DATE + 60)], []), documents, table);
  reads = new GalleryReads(documents, table);
});

/** A Query of the photos' day partition: the request's read under way. */
const dayQuery = (signal: AbortSignal) =>
  reads.query(indexQuery({ series: PHOTOS, key: partitionKey(PHOTOS, dayOf(DATE)) }, 'date', false), 10, signal);

test('with nothing else of its request under way, a late read goes at once, alone', async () => {
  const { result, sent } = await sentWhile(documents, () => reads.lateItem(HINT, new AbortController().signal));
  expect(result).toEqual({ pk: HINT, date: DATE });
  expect(sent).toEqual(['BatchGetCommand']);
});

test('a late read waits for its request’s Query and goes with the BatchGetItem asked when it answers', async () => {
  const signal = new AbortController().signal;
  const { result, sent, inputs, events } = await sentWhile(documents, async () => {
    const entries = dayQuery(signal);
    const hint = reads.lateItem(HINT, signal);
    const keys = (await entries).items.map((entry) => entry.pk as string);
    const records = await reads.items(keys, signal);
    return { hint: await hint, ids: [...records.values()].map((record) => record.id) };
  });
  expect(result).toEqual({ hint: { pk: HINT, date: DATE }, ids: expect.arrayContaining([1, 2]) });
  expect(sent).toEqual(['QueryCommand', 'BatchGetCommand']);
  expect(batchKeys(inputs[1]).sort()).toEqual([HINT, itemKey('photo', 1), itemKey('photo', 2)].sort());
  expect(events.indexOf('answered Query')).toBeLessThan(events.indexOf('sent BatchGet'));
});

test('a late read goes alone once its request’s Query has answered and asked for nothing more', async () => {
  const signal = new AbortController().signal;
  const { result, sent, events } = await sentWhile(documents, async () => {
    const entries = dayQuery(signal);
    const hint = reads.lateItem(HINT, signal);
    await entries;
    return hint;
  });
  expect(result).toEqual({ pk: HINT, date: DATE });
  expect(sent).toEqual(['QueryCommand', 'BatchGetCommand']);
  expect(events.indexOf('answered Query')).toBeLessThan(events.indexOf('sent BatchGet'));
});

test('a late read never rides with another request’s BatchGetItem', async () => {
  const mine = new AbortController().signal;
  const theirs = new AbortController().signal;
  const { result, sent, inputs } = await sentWhile(documents, async () => {
    const entries = dayQuery(mine);
    const hint = reads.lateItem(HINT, mine);
    const other = await reads.items([itemKey('photo', 1)], theirs);
    await entries;
    return { hint: await hint, other: other.size };
  });
  expect(result).toEqual({ hint: { pk: HINT, date: DATE }, other: 1 });
  expect(sent).toEqual(['QueryCommand', 'BatchGetCommand', 'BatchGetCommand']);
  expect(batchKeys(inputs[1])).toEqual([itemKey('photo', 1)]);
  expect(batchKeys(inputs[2])).toEqual([HINT]);
});

test('a late read still goes, alone, when its request’s Query fails', async () => {
  const signal = new AbortController().signal;
  const { result, sent } = await sentWhile(documents, async () => {
    const broken = reads.query(NO_SUCH_INDEX, 10, signal);
    const hint = reads.lateItem(HINT, signal);
    const query = await broken.then(() => 'answered').catch(() => 'failed');
    return { query, hint: await hint };
  });
  expect(result).toEqual({ query: 'failed', hint: { pk: HINT, date: DATE } });
  expect(sent).toEqual(['QueryCommand', 'BatchGetCommand']);
});

test('a late read of a request that has been answered reads nothing and fails', async () => {
  const answered = new AbortController();
  const { result, sent } = await sentWhile(documents, async () => {
    const hint = reads.lateItem(HINT, answered.signal);
    answered.abort();
    return hint.then(() => 'read').catch((error: Error) => error.name);
  });
  expect(result).toBe('AbortError');
  expect(sent).toEqual([]);
});
