/**
 * The importer's transactions (infra/ops/gallery/writer.ts), with the document client mocked: what
 * each change writes, how changes are packed (at most 100 actions, one per item, adds to the
 * same item added up), and what a cancelled transaction does. Against DynamoDB Local, the
 * counters' exactness is gallery-counters.test.ts's.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { bumpsOf, type RecordChange } from '../../infra/ops/gallery/changes';
import { ImportConflictError, writeChanges } from '../../infra/ops/gallery/writer';
import { counterUpdates } from '../../lib/gallery/counters';
import { PHOTOS, seriesOf } from '../../lib/gallery/layout';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { commentRecord, photoRecord } from '../support/gallery-records';

const ddb = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } }),
);
const fast = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 };

const added = (record: PhotoRecord | CommentRecord): RecordChange =>
  'submit_date' in record
    ? { kind: 'photo', before: undefined, after: record, bumps: [] }
    : { kind: 'comment', before: undefined, after: record, bumps: bumpsOf(record) };

type TransactItem = {
  Put?: { Item: Record<string, unknown> };
  Update?: {
    Key: { pk: string };
    UpdateExpression: string;
    ConditionExpression?: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
  Delete?: { Key: { pk: string } };
};
const transactions = (): TransactItem[][] =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems as TransactItem[]);
const keyOf = (item: TransactItem): string => (item.Put?.Item.pk ?? item.Update?.Key.pk ?? item.Delete?.Key.pk) as string;

/** What the transactions add to each attribute of each item, summed over all of them. */
function addsOf(all: TransactItem[][]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const item of all.flat()) {
    const update = item.Update;
    if (!update) continue;
    const add = /ADD (.*)$/.exec(update.UpdateExpression)?.[1];
    for (const part of add?.split(', ') ?? []) {
      const [name, value] = part.split(' ') as [string, string];
      const key = `${update.Key.pk} ${update.ExpressionAttributeNames[name]}`;
      sums.set(key, (sums.get(key) ?? 0) + (update.ExpressionAttributeValues[value] as number));
    }
  }
  return sums;
}

/** A fresh mock: earliest-date hints at 0, as none of these changes lowers one (test/integration/gallery-earliest.test.ts has them). */
function freshMock() {
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: { pk: 'earliest#', date: 0 } });
  return ddb.on(TransactWriteCommand);
}
beforeEach(() => freshMock().resolves({}));

test('a photo and its comments in one transaction: the Put carries the count its comments add', async () => {
  const p = photoRecord(1, 1_000_000);
  await writeChanges(client, 't', [added(p), ...[2, 3, 4].map((id) => added(commentRecord(id, 1, 1_000_100 + id)))], { retry: fast });
  const [only] = transactions();
  expect(transactions()).toHaveLength(1);
  expect(only!.find((item) => item.Put?.Item.pk === 'photo#1')!.Put).toMatchObject({
    Item: { comments: 3 },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  expect(new Set(only!.map(keyOf)).size).toBe(only!.length);
});

test('many records: at most 100 actions a transaction, one per item, and the counters add up to one per member', async () => {
  const photos = Array.from({ length: 400 }, (_, i) => photoRecord(i + 1, 1_000_000 + i * 37));
  await writeChanges(client, 't', photos.map(added), { retry: fast });
  const all = transactions();
  expect(all.length).toBeGreaterThan(4);
  for (const items of all) {
    expect(items.length).toBeLessThanOrEqual(100);
    expect(new Set(items.map(keyOf)).size).toBe(items.length);
  }
  const expected = new Map<string, number>();
  for (const p of photos)
    for (const u of counterUpdates(PHOTOS, p.submit_date, 1))
      expected.set(`${u.key} ${u.attribute}`, (expected.get(`${u.key} ${u.attribute}`) ?? 0) + 1);
  expect(addsOf(all)).toEqual(expected);
  expect(all.flat().filter((item) => item.Put).length).toBe(400);
});

test('a changed record: SET without its count, on the condition of its date, and its counters moved', async () => {
  const before = commentRecord(5, 1, 2_000_000);
  const after = { ...before, date: 3_000_000, up: 4, replies: 2 };
  await writeChanges(client, 't', [{ kind: 'comment', before, after, bumps: [] }], { retry: fast });
  const items = transactions()[0]!;
  const update = items.find((item) => item.Update?.Key.pk === 'comment#5')!.Update!;
  expect(Object.values(update.ExpressionAttributeNames)).not.toContain('replies');
  expect(update.ConditionExpression).toMatch(/^attribute_exists\(pk\) AND #n\d+ = :v\d+$/);
  expect(update.ExpressionAttributeValues).toEqual(expect.objectContaining({ [update.ConditionExpression!.split(' = ')[1]!]: 2_000_000 }));
  const moves = new Map<string, number>();
  for (const series of seriesOf({ kind: 'comment', story: 1, replyto: null }))
    for (const u of [...counterUpdates(series, 2_000_000, -1), ...counterUpdates(series, 3_000_000, 1)])
      moves.set(`${u.key} ${u.attribute}`, (moves.get(`${u.key} ${u.attribute}`) ?? 0) + u.delta);
  expect(addsOf([items])).toEqual(new Map([...moves].filter(([, delta]) => delta !== 0)));
});

test('removing a reply and its parent: the parent’s count is not added to after its removal', async () => {
  const parent = { ...commentRecord(10, 1, 4_000_000), replies: 1 };
  const reply = commentRecord(11, 1, 4_000_100, 10, 1, 10);
  const removed = (record: CommentRecord): RecordChange => ({ kind: 'comment', before: record, after: undefined, bumps: bumpsOf(record) });
  await writeChanges(client, 't', [removed(reply), removed(parent)], { retry: fast });
  const items = transactions()[0]!;
  const deleted = items.filter((item) => item.Delete).map(keyOf);
  expect(deleted.sort()).toEqual(['comment#10', 'comment#11']);
  expect(addsOf([items]).get('photo#1 comments')).toBe(-2);
});

test('a conflict with another transaction is sent again; a failed condition stops the import', async () => {
  const cancelled = (code: string) =>
    Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: code }] });
  const writeOne = () => writeChanges(client, 't', [added(photoRecord(1, 1))], { retry: fast });
  freshMock().rejectsOnce(cancelled('TransactionConflict')).resolves({});
  await writeOne();
  expect(transactions()).toHaveLength(2);
  freshMock().rejects(cancelled('ConditionalCheckFailed'));
  await expect(writeOne()).rejects.toThrow(ImportConflictError);
  freshMock().rejects(cancelled('TransactionConflict'));
  await expect(writeOne()).rejects.toThrow('cancelled');
  expect(transactions()).toHaveLength(fast.attempts);
});
