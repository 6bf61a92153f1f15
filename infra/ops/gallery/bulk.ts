/**
 * Whole records put straight into a gallery table that holds nothing else: each record's item
 * with its index keys (lib/gallery/layout.ts), and every series' counters (lib/gallery/counters.ts)
 * summed in memory and put as whole items, 100 to a TransactWriteItems or 25 to a BatchWriteItem
 * (PutRequest says which suits which database). Putting the same items again
 * changes nothing, so a load that stopped half-way is finished by putting them all again. Not
 * for a table holding other records: counters are put, not added to (the importer, ./writer.ts,
 * adds to them in transactions, and is what writes into any other table).
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../../lib/iso-time';
import { counterUpdates, earliestKey, HINT_ATTRIBUTE } from '../../../lib/gallery/counters';
import { allOf, commentItem, photoItem, seriesOf } from '../../../lib/gallery/layout';
import type { CommentRecord, Kind, PhotoRecord } from '../../../lib/gallery/store';
import { inPool } from './plan';
import { backoff, DEFAULT_RETRY, UnprocessedItemsError, type RetryOptions } from './table';
import { itemBytes, MAX_ACTIONS, MAX_BYTES, transact } from './writer';

type Item = Record<string, unknown>;

/**
 * The request that puts the items. DynamoDB Local commits a TransactWriteItems as one SQLite
 * transaction and each item of a BatchWriteItem as one of its own, so on disk (`npm start`'s
 * data folder) transactions of 100 put about 1.4 times as many items a second here, and more where
 * committing to disk is slower; in memory (the tests' DynamoDB Local), where a commit
 * costs nothing, a batch does less work an item than a transaction and is the faster
 * (docs/local.md has the figures). On DynamoDB a transaction costs twice the write units: the
 * bulk path writes only into the local tools' tables.
 */
export type PutRequest = 'TransactWriteItems' | 'BatchWriteItem';

/** DynamoDB's limit of one BatchWriteItem (whose 16 MB 25 items of 400 KB cannot reach). */
const BATCH_WRITE_LIMIT = 25;

/** The items in requests: 25 a batch; 100 a transaction, within its 4 MB. */
function requestsOf(items: readonly Item[], request: PutRequest): Item[][] {
  const requests: Item[][] = [];
  let bytes = 0;
  for (const item of items) {
    const size = itemBytes(item);
    const last = requests.at(-1);
    const fits =
      last !== undefined &&
      (request === 'BatchWriteItem' ? last.length < BATCH_WRITE_LIMIT : last.length < MAX_ACTIONS && bytes + size <= MAX_BYTES);
    if (fits) last.push(item);
    else requests.push([item]);
    bytes = fits ? bytes + size : size;
  }
  return requests;
}

/** The items of whole records (counts, levels and roots as the importer derives them): theirs, their counters', the earliest-date hints. */
export function galleryItems(records: { readonly photos: readonly PhotoRecord[]; readonly comments: readonly CommentRecord[] }): Item[] {
  const counters = new Map<string, Record<string, number>>();
  const count = (series: ReturnType<typeof seriesOf>, date: number) => {
    for (const s of series) {
      for (const u of counterUpdates(s, date, 1)) {
        const item = counters.get(u.key) ?? {};
        item[u.attribute] = (item[u.attribute] ?? 0) + 1;
        counters.set(u.key, item);
      }
    }
  };
  // The earliest-date hints (lib/gallery/counters.ts): the table holds these records alone.
  const hints = new Map<string, number>();
  const hint = (kind: Kind, date: number) => {
    const key = earliestKey(allOf(kind));
    hints.set(key, Math.min(date, hints.get(key) ?? date));
  };
  for (const photo of records.photos) {
    count(seriesOf({ kind: 'photo' }), photo.submit_date);
    hint('photo', photo.submit_date);
  }
  for (const comment of records.comments) {
    count(seriesOf({ kind: 'comment', story: comment.story, replyto: comment.replyto }), comment.date);
    hint('comment', comment.date);
  }
  return [
    ...records.photos.map(photoItem),
    ...records.comments.map(commentItem),
    ...[...counters].map(([pk, attributes]) => ({ pk, ...attributes })),
    ...[...hints].map(([pk, date]) => ({ pk, [HINT_ATTRIBUTE]: date })),
  ];
}

export interface PutOptions {
  readonly request: PutRequest;
  /** Requests in flight at once. */
  readonly concurrency: number;
  readonly retry?: RetryOptions;
  /** Told how many more items are written, as they are. */
  readonly onWritten?: (count: number) => void;
  /** Once aborted, no further request starts; those in flight finish. */
  readonly signal?: AbortSignal;
  /** Awaited before each request: `npm start`'s load waits there while the API answers requests. */
  readonly beforeBatch?: () => Promise<void>;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** One BatchWriteItem, sending again with backoff what DynamoDB leaves unprocessed. */
async function batchWrite(documents: DynamoDBDocumentClient, table: string, writes: WriteRequest[], retry: RetryOptions): Promise<void> {
  let requests = writes;
  for (let attempt = 1; requests.length > 0; attempt++) {
    if (attempt > retry.attempts)
      throw new UnprocessedItemsError(`DynamoDB left ${requests.length} items unwritten after ${retry.attempts} attempts`);
    if (attempt > 1) await pause(backoff(retry, attempt - 1));
    const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
  }
}

/** Puts the items, as many a request as `options.request` takes. */
export async function putItems(
  documents: DynamoDBDocumentClient,
  table: string,
  items: readonly Item[],
  options: PutOptions,
): Promise<void> {
  const retry = options.retry ?? DEFAULT_RETRY;
  await inPool(requestsOf(items, options.request), options.concurrency, async (batch) => {
    await options.beforeBatch?.();
    options.signal?.throwIfAborted();
    if (options.request === 'BatchWriteItem')
      await batchWrite(
        documents,
        table,
        batch.map((Item) => ({ PutRequest: { Item } })),
        retry,
      );
    else
      await transact(
        documents,
        batch.map((Item) => ({ Put: { TableName: table, Item } })),
        retry,
      );
    options.onWritten?.(batch.length);
  });
}

/** Deletes the items of these keys, 25 a BatchWriteItem, `concurrency` requests at once. */
export async function deleteItems(
  documents: DynamoDBDocumentClient,
  table: string,
  keys: readonly Item[],
  concurrency: number,
): Promise<void> {
  await inPool(requestsOf(keys, 'BatchWriteItem'), concurrency, (batch) =>
    batchWrite(
      documents,
      table,
      batch.map((Key) => ({ DeleteRequest: { Key } })),
      DEFAULT_RETRY,
    ),
  );
}
