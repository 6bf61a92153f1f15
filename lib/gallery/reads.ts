/**
 * The gallery's two kinds of read, Query and BatchGetItem, never Scan: each sent with the
 * request's abort signal (so that nothing more is read for a request that has been answered),
 * and with a database failure turned into the 503 the API answers (lib/db/failures.ts).
 */
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { pause } from '../clock';
import { databaseUnavailable, withDatabase } from '../db/failures';

type Item = Record<string, unknown>;
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>;

const BATCH_GET_LIMIT = 100;
/** Rounds of asking again for keys DynamoDB left unprocessed before answering 503. */
const BATCH_GET_ATTEMPTS = 5;
/** DynamoDB refuses a Limit past 2^31 − 1; pages end at 1 MB anyway. */
const QUERY_PAGE_LIMIT = 1_000;

export class GalleryReads {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    readonly table: string,
  ) {}

  /** The items under these `pk`s, by key (absent ones left out): BatchGetItem, 100 keys a request, all at once. */
  async items(keys: readonly string[], signal?: AbortSignal): Promise<Map<string, Item>> {
    const unique = [...new Set(keys)];
    const batches: string[][] = [];
    for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) batches.push(unique.slice(start, start + BATCH_GET_LIMIT));
    const found = await Promise.all(batches.map((batch) => this.batch(batch, signal)));
    return new Map(found.flat().map((item) => [item.pk as string, item]));
  }

  private async batch(keys: readonly string[], signal?: AbortSignal): Promise<Item[]> {
    const found: Item[] = [];
    let pending: Item[] | undefined = keys.map((pk) => ({ pk }));
    for (let attempt = 0; pending !== undefined && pending.length > 0; attempt++) {
      if (attempt === BATCH_GET_ATTEMPTS) throw databaseUnavailable();
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      signal?.throwIfAborted();
      const request = { [this.table]: { Keys: pending } };
      const answer = await withDatabase(() => this.client.send(new BatchGetCommand({ RequestItems: request }), { abortSignal: signal }));
      found.push(...(answer.Responses?.[this.table] ?? []));
      pending = answer.UnprocessedKeys?.[this.table]?.Keys as Item[] | undefined;
    }
    return found;
  }

  /**
   * Up to `limit` items of a query from `start` (a previous answer's `next`), page by page;
   * `next` is where the query goes on, undefined when it has nothing more.
   */
  async query(input: QueryInput, limit: number, signal?: AbortSignal, start?: Item): Promise<{ items: Item[]; next: Item | undefined }> {
    const items: Item[] = [];
    let next = start;
    do {
      signal?.throwIfAborted();
      const Limit = Math.min(limit - items.length, QUERY_PAGE_LIMIT);
      const page = await withDatabase(() =>
        this.client.send(new QueryCommand({ ...input, TableName: this.table, Limit, ExclusiveStartKey: next }), { abortSignal: signal }),
      );
      items.push(...(page.Items ?? []));
      next = page.LastEvaluatedKey;
    } while (next !== undefined && items.length < limit);
    return { items, next };
  }
}
