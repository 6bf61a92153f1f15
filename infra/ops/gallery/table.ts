/**
 * The importer's reads of GalleryTable: the stored records of the ids a file names
 * (BatchGetItem, asking again for what DynamoDB leaves unprocessed), and how often and how long
 * it asks again, for its writes (./writer.ts) too.
 */
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../../lib/iso-time';
import { batchGetBatches } from '../../../lib/db/client';
import { commentOf, itemKey, photoOf } from '../../../lib/gallery/layout';
import type { CommentRecord, Kind, PhotoRecord } from '../../../lib/gallery/store';
import { inPool, type GalleryLookup } from './plan';

/** How often a request is sent again while DynamoDB leaves part of it undone, and how long to wait between. */
export interface RetryOptions {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 10, baseDelayMs: 50, maxDelayMs: 2_000 };

/** Thrown when DynamoDB still leaves keys unread after the last attempt. */
export class UnprocessedItemsError extends Error {
  override readonly name = 'UnprocessedItemsError';
}

export const backoff = (retry: RetryOptions, attempt: number): number => Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));

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

  private async batchGet(kind: Kind, ids: readonly number[]): Promise<Record<string, unknown>[]> {
    const pages = await inPool(batchGetBatches(ids), this.concurrency, async (chunk) => {
      const found: Record<string, unknown>[] = [];
      let keys: Record<string, unknown>[] = chunk.map((id) => ({ pk: itemKey(kind, id) }));
      for (let attempt = 1; keys.length > 0; attempt++) {
        if (attempt > this.retry.attempts)
          throw new UnprocessedItemsError(`DynamoDB left ${keys.length} keys unread after ${this.retry.attempts} attempts`);
        if (attempt > 1) await pause(backoff(this.retry, attempt - 1));
        const answer = await this.client.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys } } }));
        found.push(...(answer.Responses?.[this.table] ?? []));
        keys = (answer.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      }
      return found;
    });
    return pages.flat();
  }

  async photos(ids: readonly number[]): Promise<Map<number, PhotoRecord>> {
    return new Map((await this.batchGet('photo', ids)).map((item) => [item.id as number, photoOf(item)]));
  }

  async comments(ids: readonly number[]): Promise<Map<number, CommentRecord>> {
    return new Map((await this.batchGet('comment', ids)).map((item) => [item.id as number, commentOf(item)]));
  }
}
