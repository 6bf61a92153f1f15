/**
 * The importer's side of GalleryTable: what the plan looks up (BatchGetItem by key, Query on
 * byPhoto and byParent), and the writes: BatchWriteItem of 25 Puts, asking again for what
 * DynamoDB leaves unprocessed, and UpdateItem of the counts of items that are not in the file.
 */
import { BatchGetCommand, BatchWriteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../lib/clock';
import { itemKey } from '../../lib/gallery/items';
import type { Kind } from '../../lib/gallery/store';
import { inPool, type CountUpdate, type GalleryLookup, type StoredComment } from './plan';

export const BATCH_WRITE_LIMIT = 25;
const BATCH_GET_LIMIT = 100;

/** How often a batch is sent again while DynamoDB leaves part of it unprocessed, and how long to wait between. */
export interface RetryOptions {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 10, baseDelayMs: 50, maxDelayMs: 2_000 };

/** Thrown when DynamoDB still leaves items unprocessed after the last attempt. */
export class UnprocessedItemsError extends Error {
  override readonly name = 'UnprocessedItemsError';
}

const backoff = (retry: RetryOptions, attempt: number) => Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** A projection of these attributes, with every name as a placeholder (some are reserved words). */
function projection(names: readonly string[]) {
  return {
    ProjectionExpression: names.map((_, index) => `#a${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
  };
}

export interface TableOptions {
  /** Requests in flight at once. */
  readonly concurrency?: number;
  readonly retry?: RetryOptions;
}

export class DynamoGalleryLookup implements GalleryLookup {
  private readonly concurrency: number;
  private readonly retry: RetryOptions;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    options: TableOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 8;
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  private async batchGet(kind: Kind, ids: readonly number[], attributes: readonly string[]): Promise<Record<string, unknown>[]> {
    const pages = await inPool(chunks(ids, BATCH_GET_LIMIT), this.concurrency, async (chunk) => {
      const found: Record<string, unknown>[] = [];
      let keys: Record<string, unknown>[] = chunk.map((id) => ({ pk: itemKey(kind, id) }));
      for (let attempt = 1; keys.length > 0; attempt++) {
        if (attempt > this.retry.attempts) throw new UnprocessedItemsError(`DynamoDB left ${keys.length} keys unread after ${this.retry.attempts} attempts`);
        if (attempt > 1) await pause(backoff(this.retry, attempt - 1));
        const answer = await this.client.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys, ...projection(attributes) } } }));
        found.push(...(answer.Responses?.[this.table] ?? []));
        keys = (answer.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      }
      return found;
    });
    return pages.flat();
  }

  async photos(ids: readonly number[]): Promise<Map<number, number>> {
    const items = await this.batchGet('photo', ids, ['id', 'comments']);
    return new Map(items.map((item) => [item.id as number, item.comments as number]));
  }

  async comments(ids: readonly number[]): Promise<Map<number, StoredComment>> {
    const items = await this.batchGet('comment', ids, ['id', 'story', 'replyto', 'level', 'root', 'replies']);
    return new Map(items.map((item) => [item.id as number, item as unknown as StoredComment]));
  }

  private async idsOn(index: string, keyName: string, key: string): Promise<number[]> {
    const ids: number[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: index,
          KeyConditionExpression: `${keyName} = :key`,
          ExpressionAttributeValues: { ':key': key },
          ...projection(['id']),
          ExclusiveStartKey: start,
        }),
      );
      ids.push(...(page.Items ?? []).map((item) => item.id as number));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return ids;
  }

  commentIdsOfPhoto(photoId: number): Promise<number[]> {
    return this.idsOn('byPhoto', 'photo_key', itemKey('photo', photoId));
  }

  replyIdsOf(commentId: number): Promise<number[]> {
    return this.idsOn('byParent', 'parent_key', itemKey('comment', commentId));
  }
}

export interface WriteOptions extends TableOptions {
  /** Told how many more items are written, as they are. */
  readonly onWritten?: (count: number) => void;
}

/**
 * Puts the items in BatchWriteItem requests of 25, sending what DynamoDB leaves unprocessed
 * again with exponential backoff; after the last attempt, an UnprocessedItemsError.
 */
export function writeItems(client: DynamoDBDocumentClient, table: string, items: readonly Record<string, unknown>[], options: WriteOptions = {}): Promise<void> {
  return batchWrite(client, table, items.map((Item) => ({ PutRequest: { Item } })), options);
}

/** Deletes the items of these keys, in batches as writeItems writes. */
export function deleteItems(client: DynamoDBDocumentClient, table: string, keys: readonly Record<string, unknown>[], options: WriteOptions = {}): Promise<void> {
  return batchWrite(client, table, keys.map((Key) => ({ DeleteRequest: { Key } })), options);
}

async function batchWrite(client: DynamoDBDocumentClient, table: string, all: readonly object[], options: WriteOptions): Promise<void> {
  const retry = options.retry ?? DEFAULT_RETRY;
  await inPool(chunks(all, BATCH_WRITE_LIMIT), options.concurrency ?? 4, async (chunk) => {
    let requests: object[] = chunk;
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > retry.attempts) {
        throw new UnprocessedItemsError(
          `DynamoDB still left ${requests.length} of ${chunk.length} items of a batch unprocessed after ${retry.attempts} attempts (is the table throttled?); ` +
            'running it again writes the same items',
        );
      }
      if (attempt > 1) await pause(backoff(retry, attempt - 1));
      const answer = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests as never } }));
      const unprocessed = answer.UnprocessedItems?.[table] ?? [];
      options.onWritten?.(requests.length - unprocessed.length);
      requests = unprocessed;
    }
  });
}

/** SETs the counts of items the file did not hold; an item deleted meanwhile is left deleted. */
export async function writeCounts(client: DynamoDBDocumentClient, table: string, updates: readonly CountUpdate[], options: WriteOptions = {}): Promise<void> {
  await inPool(updates, options.concurrency ?? 4, async (update) => {
    try {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: itemKey(update.kind, update.id) },
          UpdateExpression: 'SET #count = :value',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#count': update.field },
          ExpressionAttributeValues: { ':value': update.value },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    options.onWritten?.(1);
  });
}
