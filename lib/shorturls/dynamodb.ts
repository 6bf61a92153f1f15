/** The short-URL store in DynamoDB: ShortUrlsTable in the layout of ./layout.ts. */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { singleAttemptClient } from '../db/client';
import { cancellationReasons, databaseUnavailable, isNamed, withDatabase } from '../db/failures';
import { logger } from '../observability/powertools';
import { GatheredReads } from './gathered-reads';
import { takeItemId } from './itemid-counter';
import { BLOCKS, codeKey, ITEMID_COUNTER, itemIdKey, linkEntryKey } from './layout';
import { ITEMID_MAX, readRecord } from './stored-record';
import type { InsertOutcome, LinkEntry, ShortUrlRecord, ShortUrlStore, ViewResult } from './store';
import { sendView } from './view-update';

type Item = Record<string, unknown>;

/** The record of a `code#` item, or undefined when there is none or it cannot be read (logged: by hand, or an older version). */
function recordIn(item: Item | undefined): ShortUrlRecord | undefined {
  const read = readRecord(item);
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

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    /** The client views are sent with: one that never sends a request again by itself. */
    private readonly views: () => DynamoDBDocumentClient = singleAttemptClient,
  ) {
    this.reads = new GatheredReads(client, table);
  }

  async findByCode(code: string): Promise<ShortUrlRecord | undefined> {
    return recordIn(await this.reads.read(codeKey(code)));
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
    const sent = await sendView(this.views(), this.table, code);
    if (sent.outcome !== 'counted') return sent;
    const record = recordIn(sent.item);
    return record === undefined ? { outcome: 'no such code' } : { outcome: 'counted', link: record.link };
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
