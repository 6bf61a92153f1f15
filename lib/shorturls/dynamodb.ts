/**
 * The short-URL store in DynamoDB: ShortUrlsTable in the layout of ./table.ts, made from
 * SHORT_URLS_TABLE when a function's container starts (a missing setting fails it at once), with
 * the blocklist the short-link host and the API's service (./service.ts) go by.
 */
import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Env, requiredSetting } from '../config';
import { documentClient, singleAttemptClient } from '../db/client';
import { cancellationReasons, conditionFailed, databaseUnavailable, isNamed, withDatabase } from '../db/failures';
import { pause } from '../iso-time';
import { logger } from '../observability/powertools';
import { Blocklist } from './blocklist';
import { GatheredReads } from './gathered-reads';
import { BLOCKS, codeKey, ITEMID_COUNTER, ITEMID_MAX, itemIdKey, linkEntryKey, readRecord, takeItemId } from './table';
import type { InsertOutcome, LinkEntry, ShortUrlRecord, ShortUrlStore, ViewResult } from './store';

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

/**
 * A redirect's view: one atomic `ADD` that answers the record (whose link a redirect needs),
 * conditional on the record being there and not taken down, sent once: hundreds of simultaneous
 * views of one link never conflict, as transactions on one item do, and a view whose answer is
 * lost is never counted twice. Only a refusal DynamoDB did not apply (throttling) is sent again
 * (docs/api.md, Short URLs: Views).
 */
/** A view's request, as far as it went: counted (with the record as it is now), the code unknown or taken down, or not counted (and why). */
export type SentView =
  | { readonly outcome: 'counted'; readonly item: Record<string, unknown> }
  | { readonly outcome: 'no such code' | 'gone' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

/**
 * Errors that say DynamoDB refused a write without applying it (throttled, or an item a
 * transaction holds), so that sending it again cannot count it twice. A timeout or a lost
 * connection says nothing of the kind: such a view is never sent again.
 */
const NOT_APPLIED = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionConflictException',
]);
/** Sends of a view DynamoDB refused unapplied, and the pause before the next. */
const VIEW_SENDS = 3;
const VIEW_BACKOFF_MS = 20;

async function sendView(client: DynamoDBDocumentClient, table: string, code: string): Promise<SentView> {
  const update = {
    TableName: table,
    Key: codeKey(code),
    UpdateExpression: 'ADD view_count :one',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
    ExpressionAttributeValues: { ':one': 1 },
    ReturnValues: 'ALL_NEW',
    // Which failed: no record, or one taken down.
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  } as const;
  for (let send = 1; ; send++) {
    try {
      const { Attributes } = await client.send(new UpdateCommand(update));
      return { outcome: 'counted', item: Attributes ?? {} };
    } catch (error) {
      if (conditionFailed(error)) return { outcome: (error as { Item?: unknown }).Item === undefined ? 'no such code' : 'gone' };
      const refused = error instanceof Error && NOT_APPLIED.has(error.name);
      if (!refused || send === VIEW_SENDS) return { outcome: 'not counted', error };
      await pause(VIEW_BACKOFF_MS * send);
    }
  }
}

/** SHORT_URLS_TABLE: the short URLs, by code and by link. */
export const shortUrlStore = (env: Env = process.env) => new DynamoShortUrlStore(documentClient, requiredSetting(env, 'SHORT_URLS_TABLE'));

/** The blocked hosts a container goes by, from the store's table, read at most once a minute (./blocklist.ts). */
export const blocklistOf = (store: DynamoShortUrlStore) => new Blocklist(() => store.blockedHosts());
