/**
 * The short-URL store in DynamoDB: ShortUrlsTable in the layout of ./table.ts, made from
 * SHORT_URLS_TABLE when a function's container starts (a missing setting fails it at once), with
 * the blocklist the short-link host and the API's service (./service.ts) go by.
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Env, requiredSetting } from '../config';
import { documentClient, singleAttemptClient } from '../db/client';
import { cancellationReasons, databaseUnavailable, isNamed, withDatabase } from '../db/failures';
import { logger } from '../observability/powertools';
import { Blocklist } from './blocklist';
import { GatheredReads } from './gathered-reads';
import {
  BLOCKS,
  codeKey,
  ITEMID_COUNTER,
  ITEMID_MAX,
  type ItemOf,
  itemIdKey,
  linkEntryKey,
  readRecord,
  shardKeysOf,
  takeItemId,
} from './table';
import type { InsertOutcome, LinkEntry, ShardViewResult, ShortUrlRecord, ShortUrlStore, ViewResult } from './store';
import { ViewWrites } from './view-writes';

type Item = Record<string, unknown>;

/** The record of a `code#` item, or undefined when there is none or it cannot be read (logged: by hand, or an older version). */
function recordIn(item: Item | undefined, shardOf?: ItemOf): ShortUrlRecord | undefined {
  const read = readRecord(item, shardOf);
  if (read === undefined) return undefined;
  if ('unreadable' in read) {
    logger.error('stored short URL unreadable: answered as unknown', { problem: read.unreadable });
    return undefined;
  }
  if (read.degraded.length > 0) logger.warn('stored short URL degraded', { code: read.record.code, problems: read.degraded });
  return read.record;
}

export class DynamoShortUrlStore implements ShortUrlStore {
  private readonly reads: GatheredReads;
  private readonly views: ViewWrites;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    /** The client views are sent with: one that never sends a request again by itself. */
    views: () => DynamoDBDocumentClient = singleAttemptClient,
  ) {
    this.reads = new GatheredReads(client, table);
    this.views = new ViewWrites(views, table);
  }

  async findByCode(code: string, shards: 'summed' | 'skipped' = 'summed'): Promise<ShortUrlRecord | undefined> {
    const item = await this.reads.read(codeKey(code));
    // Only a record whose key has throttled has shards: any other costs its one read.
    const keys = shards === 'summed' ? shardKeysOf(item) : [];
    if (keys.length === 0) return recordIn(item);
    const shardItems = await this.reads.readAll(keys);
    return recordIn(item, (pk) => shardItems.get(pk));
  }

  async linkEntry(linkKey: string): Promise<LinkEntry | undefined> {
    const entry = await this.reads.read(linkEntryKey(linkKey));
    if (entry === undefined) return undefined;
    return { ...(typeof entry.code === 'string' ? { code: entry.code } : {}), takenDown: entry.takedown !== undefined };
  }

  nextItemId(): Promise<number> {
    return withDatabase(async () => {
      const itemid = await takeItemId(this.client, this.table);
      if (itemid !== undefined) return itemid;
      // Only a counter set by hand gets here: creations wait for an operator, everything else goes on.
      logger.error(`the itemid counter (${ITEMID_COUNTER.pk}) is past ${ITEMID_MAX} or no number: creations answer 503`);
      throw databaseUnavailable();
    });
  }

  insert(record: ShortUrlRecord, linkKey: string): Promise<InsertOutcome> {
    const absent = 'attribute_not_exists(pk)';
    return withDatabase(async () => {
      try {
        await this.client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: this.table, Item: { ...codeKey(record.code), ...record }, ConditionExpression: absent } },
              {
                Put: {
                  TableName: this.table,
                  Item: { ...linkEntryKey(linkKey), code: record.code },
                  // An entry without a code (its link's takedown undone) is no entry.
                  ConditionExpression: 'attribute_not_exists(code) AND attribute_not_exists(takedown)',
                },
              },
              // No other record (an imported one) holds the itemid: infra/ops/shorturls/importer.ts keeps the ones it is given.
              { Put: { TableName: this.table, Item: { ...itemIdKey(record.itemid), code: record.code }, ConditionExpression: absent } },
            ],
          }),
        );
        return 'inserted';
      } catch (error) {
        if (!isNamed(error, 'TransactionCanceledException')) throw error;
        const reasons = cancellationReasons(error);
        const [codeReason, linkReason, itemIdReason] = reasons;
        if (codeReason === 'ConditionalCheckFailed') return 'code-taken';
        if (linkReason === 'ConditionalCheckFailed') return 'link-taken';
        if (itemIdReason === 'ConditionalCheckFailed') return 'itemid-taken';
        if (reasons.includes('TransactionConflict')) return 'conflict';
        throw error;
      }
    });
  }

  async addView(code: string): Promise<ViewResult> {
    const sent = await this.views.toRecord(code);
    if (sent.outcome !== 'counted') return sent;
    const record = recordIn(sent.item);
    return record === undefined ? { outcome: 'no such code' } : { outcome: 'counted', link: record.link };
  }

  addShardView(code: string): Promise<ShardViewResult> {
    return this.views.toShard(code);
  }

  async blockedHosts(): Promise<readonly string[]> {
    const hosts = (await this.reads.read(BLOCKS))?.hosts;
    if (typeof hosts === 'object' && hosts !== null && !Array.isArray(hosts)) return Object.keys(hosts);
    if (hosts === undefined) return [];
    // Written by hand: the container keeps the list it had (./blocklist.ts), rather than unblock every host.
    logger.error(`the blocked hosts (${BLOCKS.pk}) are not a map: the last list read holds`);
    throw new Error('unreadable blocked hosts');
  }
}

/** SHORT_URLS_TABLE: the short URLs, by code and by link. */
export const shortUrlStore = (env: Env = process.env) => new DynamoShortUrlStore(documentClient, requiredSetting(env, 'SHORT_URLS_TABLE'));

/** The blocked hosts a container goes by, from the store's table, read at most once a minute (./blocklist.ts). */
export const blocklistOf = (store: DynamoShortUrlStore) => new Blocklist(() => store.blockedHosts());
