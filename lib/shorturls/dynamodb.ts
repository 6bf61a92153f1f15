/**
 * The short-URL tables in DynamoDB. ShortUrlsTable holds, under the key `pk`:
 * `code#<code>` (the record), `link#<hash of the link>` (its code: the deduplication entry) and
 * `counter#itemid` (the last itemid). RateLimitsTable holds one counter per window.
 */
import { createHash } from 'node:crypto';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../clock';
import { isNamed, withDatabase } from '../db/failures';
import type { InsertOutcome, RateLimitStore, RateWindow, ShortUrlRecord, ShortUrlStore } from './store';

const codeKey = (code: string) => ({ pk: `code#${code}` });
const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
const ITEMID_COUNTER = { pk: 'counter#itemid' };

function recordOf(item: Record<string, unknown> | undefined): ShortUrlRecord | undefined {
  if (item === undefined) return undefined;
  return { code: item.code as string, link: item.link as string, itemid: item.itemid as number, view_count: item.view_count as number };
}

/** How many codes' links a container remembers for its redirects. */
const KNOWN_LINKS = 1_000;

export class DynamoShortUrlStore implements ShortUrlStore {
  /** A code's link never changes once made: a redirect of a code seen before need not read it again. */
  private readonly links = new Map<string, string>();

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  findByCode(code: string): Promise<ShortUrlRecord | undefined> {
    return withDatabase(async () => {
      const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: codeKey(code), ConsistentRead: true }));
      return recordOf(Item);
    });
  }

  async findByLinkKey(linkKey: string): Promise<ShortUrlRecord | undefined> {
    const entry = await withDatabase(() =>
      this.client.send(new GetCommand({ TableName: this.table, Key: linkEntryKey(linkKey), ConsistentRead: true })),
    );
    return entry.Item === undefined ? undefined : this.findByCode(entry.Item.code as string);
  }

  nextItemId(): Promise<number> {
    return withDatabase(async () => {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: ITEMID_COUNTER,
          UpdateExpression: 'ADD #last :one',
          ExpressionAttributeNames: { '#last': 'last' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const last = Attributes?.last;
      if (typeof last !== 'number') throw new Error('the item id counter answered no number');
      return last;
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
              { Put: { TableName: this.table, Item: { ...linkEntryKey(linkKey), code: record.code }, ConditionExpression: absent } },
            ],
          }),
        );
        return 'inserted';
      } catch (error) {
        if (!isNamed(error, 'TransactionCanceledException')) throw error;
        const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
        const [codeReason, linkReason] = reasons.map((reason) => reason.Code);
        if (codeReason === 'ConditionalCheckFailed') return 'code-taken';
        if (linkReason === 'ConditionalCheckFailed') return 'link-taken';
        if (codeReason === 'TransactionConflict' || linkReason === 'TransactionConflict') return 'conflict';
        throw error;
      }
    });
  }

  /**
   * The view as a one-item transaction whose ClientRequestToken comes from the request's id:
   * DynamoDB applies a token once (within ten minutes), so the SDK's retries of a call whose
   * answer was lost count nothing more. Concurrent views of one link cancel each other's
   * transactions now and then (TransactionConflict): such a view was not counted, and is sent
   * again. A transaction cannot read, so the link comes from a read made at the same time, the
   * first time a container sees the code; its condition still tells a code that is gone.
   */
  countView(code: string, requestId: string): Promise<string | undefined> {
    const token = createHash('sha256').update(`view ${requestId}`).digest('base64url').slice(0, 36);
    return withDatabase(async () => {
      const known = this.links.get(code);
      const [counted, link] = await Promise.all([this.addView(code, token), known ?? this.linkOf(code)]);
      return counted ? link : undefined;
    });
  }

  private async linkOf(code: string): Promise<string | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: codeKey(code), ConsistentRead: true }));
    const link = Item?.link as string | undefined;
    if (link !== undefined) {
      const oldest = this.links.keys().next();
      if (this.links.size >= KNOWN_LINKS && !oldest.done) this.links.delete(oldest.value);
      this.links.set(code, link);
    }
    return link;
  }

  /** Adds the view; false when there is no such code. */
  private async addView(code: string, token: string): Promise<boolean> {
    const update = {
      TableName: this.table,
      Key: codeKey(code),
      UpdateExpression: 'ADD view_count :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(new TransactWriteCommand({ ClientRequestToken: token, TransactItems: [{ Update: update }] }));
        return true;
      } catch (error) {
        const reason = isNamed(error, 'TransactionCanceledException')
          ? (error as TransactionCanceledException).CancellationReasons?.[0]?.Code
          : undefined;
        if (reason === 'ConditionalCheckFailed') return false;
        if (reason !== 'TransactionConflict' || attempt === VIEW_ATTEMPTS) throw error;
        await pause(Math.random() * 10 * attempt);
      }
    }
  }
}

/** Rounds of a view cancelled by concurrent views of the same link before it fails (503). */
const VIEW_ATTEMPTS = 10;

/**
 * One item per client address and window: `count`, the address's creations, and `key#<hash>`,
 * each app key's from it; time to live (`expiresAt`) removes it after the window.
 */
export class DynamoRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  take(
    window: RateWindow,
    limits: { readonly address: number; readonly key: number },
    expiresAt: number,
  ): Promise<'taken' | 'address' | 'key'> {
    return withDatabase(async () => {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: window.address },
            UpdateExpression: 'SET expiresAt = if_not_exists(expiresAt, :expiresAt) ADD #count :one, #key :one',
            ConditionExpression:
              '(attribute_not_exists(#count) OR #count < :addressLimit) AND (attribute_not_exists(#key) OR #key < :keyLimit)',
            ExpressionAttributeNames: { '#count': 'count', '#key': `key#${window.key}` },
            ExpressionAttributeValues: { ':one': 1, ':addressLimit': limits.address, ':keyLimit': limits.key, ':expiresAt': expiresAt },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'taken';
      } catch (error) {
        if (!isNamed(error, 'ConditionalCheckFailedException')) throw error;
        const held = Number(unmarshallNumber((error as { Item?: Record<string, unknown> }).Item?.count) ?? 0);
        return held >= limits.address ? 'address' : 'key';
      }
    });
  }

  async giveBack(window: RateWindow, signal?: AbortSignal): Promise<void> {
    await withDatabase(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: window.address },
          UpdateExpression: 'ADD #count :minusOne, #key :minusOne',
          ExpressionAttributeNames: { '#count': 'count', '#key': `key#${window.key}` },
          ExpressionAttributeValues: { ':minusOne': -1 },
        }),
        { abortSignal: signal },
      ),
    );
  }
}

/** An attribute of the item a failed condition returns: as DynamoDB sends it ({ N: '3' }) or unmarshalled. */
const unmarshallNumber = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'N' in value ? (value as { N: string }).N : value;
