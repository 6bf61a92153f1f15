/** The gallery in DynamoDB (layout in ./items.ts); reads only: Query and BatchGetItem, never Scan. */
import { pause } from '../clock';
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { databaseUnavailable, withDatabase } from '../db/failures';
import { commentOf, dateId, itemKey, MAX_DATE, parseDateId, photoOf } from './items';
import type { Ranked } from './order';
import type { CommentRecord, GalleryStore, Kind, PhotoRecord } from './store';
import type { DateWindow } from './window';

const BATCH_GET_LIMIT = 100;
/** Rounds of asking again for keys DynamoDB left unprocessed before answering 503. */
const BATCH_GET_ATTEMPTS = 5;
/** Items asked for per query page: DynamoDB refuses a Limit past 2^31 - 1, and pages end at 1 MB anyway. */
const QUERY_PAGE_LIMIT = 1000;
const RANK: Record<Kind, string> = { photo: 'digg_count', comment: 'up' };

export class DynamoGalleryStore implements GalleryStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Runs a query page by page; `enough` stops it once it holds as many items as needed. */
  private async query(input: Omit<QueryCommandInput, 'TableName'>, enough = Infinity): Promise<{ items: Record<string, unknown>[]; count: number }> {
    const items: Record<string, unknown>[] = [];
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const limit = Number.isFinite(enough) ? Math.min(enough - items.length, QUERY_PAGE_LIMIT) : undefined;
      const page = await withDatabase(() =>
        this.client.send(new QueryCommand({ ...input, TableName: this.table, ExclusiveStartKey: start, ...(limit ? { Limit: limit } : {}) })),
      );
      items.push(...(page.Items ?? []));
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start !== undefined && items.length < enough);
    return { items, count };
  }

  private byDate(kind: Kind, window: DateWindow) {
    return {
      IndexName: 'byDate',
      KeyConditionExpression: 'kind = :kind AND date_id BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':kind': kind,
        ':from': dateId(Math.max(0, window.min ?? 0), 0),
        ':to': dateId(Math.min(MAX_DATE, window.max ?? MAX_DATE), Number.MAX_SAFE_INTEGER),
      },
    };
  }

  async countInWindow(kind: Kind, window: DateWindow): Promise<number> {
    return (await this.query({ ...this.byDate(kind, window), Select: 'COUNT' })).count;
  }

  async idsByDate(kind: Kind, window: DateWindow, newestFirst: boolean, limit: number): Promise<number[]> {
    const { items } = await this.query({ ...this.byDate(kind, window), ScanIndexForward: !newestFirst, ProjectionExpression: 'date_id' }, limit);
    return items.map((item) => parseDateId(item.date_id as string).id);
  }

  async ranksInWindow(kind: Kind, window: DateWindow): Promise<Ranked[]> {
    const { items } = await this.query({
      ...this.byDate(kind, window),
      ProjectionExpression: 'date_id, #rank',
      ExpressionAttributeNames: { '#rank': RANK[kind] },
    });
    return items.map((item) => ({ ...parseDateId(item.date_id as string), rank: item[RANK[kind]] as number }));
  }

  async earliestDate(kind: Kind): Promise<number | undefined> {
    const { items } = await this.query({ ...this.byDate(kind, {}), ScanIndexForward: true, ProjectionExpression: 'date_id' }, 1);
    return items[0] === undefined ? undefined : parseDateId(items[0].date_id as string).date;
  }

  /** BatchGetItem in batches of 100, asking again for what DynamoDB left unprocessed. */
  private async itemsByIds(kind: Kind, ids: readonly number[]): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (let start = 0; start < ids.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = ids.slice(start, start + BATCH_GET_LIMIT).map((id) => ({ pk: itemKey(kind, id) }));
      for (let attempt = 0; keys !== undefined && keys.length > 0; attempt++) {
        if (attempt === BATCH_GET_ATTEMPTS) throw databaseUnavailable();
        if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
        const request = { [this.table]: { Keys: keys } };
        const answer = await withDatabase(() => this.client.send(new BatchGetCommand({ RequestItems: request })));
        found.push(...(answer.Responses?.[this.table] ?? []));
        keys = answer.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    return found;
  }

  async photosByIds(ids: readonly number[]): Promise<Map<number, PhotoRecord>> {
    return new Map((await this.itemsByIds('photo', ids)).map((item) => [item.id as number, photoOf(item)]));
  }

  async commentsByIds(ids: readonly number[]): Promise<Map<number, CommentRecord>> {
    return new Map((await this.itemsByIds('comment', ids)).map((item) => [item.id as number, commentOf(item)]));
  }

  async commentsOfPhoto(photoId: number): Promise<CommentRecord[]> {
    const { items } = await this.query({
      IndexName: 'byPhoto',
      KeyConditionExpression: 'photo_key = :photo',
      ExpressionAttributeValues: { ':photo': itemKey('photo', photoId) },
    });
    return items.map(commentOf);
  }

  async repliesTo(commentId: number): Promise<CommentRecord[]> {
    const { items } = await this.query({
      IndexName: 'byParent',
      KeyConditionExpression: 'parent_key = :parent',
      ExpressionAttributeValues: { ':parent': itemKey('comment', commentId) },
    });
    return items.map(commentOf);
  }
}
