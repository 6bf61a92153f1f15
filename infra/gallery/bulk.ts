/**
 * Whole records put straight into a gallery table that holds nothing else: each record's item
 * with its index keys (lib/gallery/layout.ts), and every series' counters (lib/gallery/counters.ts)
 * summed in memory and put as whole items, with BatchWriteItem. Putting the same items again
 * changes nothing, so a load that stopped half-way is finished by putting them all again. Not
 * for a table holding other records: counters are put, not added to (the importer, ./writer.ts,
 * adds to them in transactions, and is what writes into any other table).
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../lib/clock';
import { counterUpdates } from '../../lib/gallery/counters';
import { commentItem, photoItem, seriesOf } from '../../lib/gallery/layout';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { inPool } from './plan';
import { backoff, DEFAULT_RETRY, UnprocessedItemsError, type RetryOptions } from './table';

type Item = Record<string, unknown>;

/** DynamoDB's limit of one BatchWriteItem. */
const BATCH_WRITE_LIMIT = 25;

/** The items of whole records (counts, levels and roots as the importer derives them): theirs, then their counters'. */
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
  for (const photo of records.photos) count(seriesOf({ kind: 'photo' }), photo.submit_date);
  for (const comment of records.comments)
    count(seriesOf({ kind: 'comment', story: comment.story, replyto: comment.replyto }), comment.date);
  return [
    ...records.photos.map(photoItem),
    ...records.comments.map(commentItem),
    ...[...counters].map(([pk, attributes]) => ({ pk, ...attributes })),
  ];
}

export interface PutOptions {
  /** BatchWriteItem requests in flight at once. */
  readonly concurrency: number;
  readonly retry?: RetryOptions;
  /** Told how many more items are written, as they are. */
  readonly onWritten?: (count: number) => void;
  /** Once aborted, no further request starts; those in flight finish. */
  readonly signal?: AbortSignal;
  /** Awaited before each request: `npm start`'s load waits there while the API answers requests. */
  readonly beforeBatch?: () => Promise<void>;
}

/** Puts the items, 25 a request, sending again with backoff what DynamoDB leaves unprocessed. */
export async function putItems(
  documents: DynamoDBDocumentClient,
  table: string,
  items: readonly Item[],
  options: PutOptions,
): Promise<void> {
  const retry = options.retry ?? DEFAULT_RETRY;
  const batches: Item[][] = [];
  for (let start = 0; start < items.length; start += BATCH_WRITE_LIMIT) batches.push(items.slice(start, start + BATCH_WRITE_LIMIT));
  await inPool(batches, options.concurrency, async (batch) => {
    await options.beforeBatch?.();
    options.signal?.throwIfAborted();
    let requests = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > retry.attempts)
        throw new UnprocessedItemsError(`DynamoDB left ${requests.length} items unwritten after ${retry.attempts} attempts`);
      if (attempt > 1) await pause(backoff(retry, attempt - 1));
      const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
    options.onWritten?.(batch.length);
  });
}
