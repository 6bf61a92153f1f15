/**
 * The short-URL tables in DynamoDB. ShortUrlsTable holds, under the key `pk`:
 * `code#<code>` (the record), `link#<hash of the link>` (its code: the deduplication entry) and
 * `counter#itemid` (the last itemid). RateLimitsTable holds one counter per window.
 */
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isNamed, withDatabase } from '../db/failures';
import type { InsertOutcome, RateLimitStore, ShortUrlRecord, ShortUrlStore } from './store';

const codeKey = (code: string) => ({ pk: `code#${code}` });
const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
const ITEMID_COUNTER = { pk: 'counter#itemid' };

function recordOf(item: Record<string, unknown> | undefined): ShortUrlRecord | undefined {
  if (item === undefined) return undefined;
  return { code: item.code as string, link: item.link as string, itemid: item.itemid as number, view_count: item.view_count as number };
}

export class DynamoShortUrlStore implements ShortUrlStore {
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
      return Attributes!.last as number;
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

  countView(code: string): Promise<string | undefined> {
    return withDatabase(async () => {
      try {
        const { Attributes } = await this.client.send(
          new UpdateCommand({
            TableName: this.table,
            Key: codeKey(code),
            UpdateExpression: 'ADD view_count :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes!.link as string;
      } catch (error) {
        if (isNamed(error, 'ConditionalCheckFailedException')) return undefined;
        throw error;
      }
    });
  }
}

export class DynamoRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  take(window: string, limit: number, expiresAt: number): Promise<boolean> {
    return withDatabase(async () => {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: window },
            UpdateExpression: 'SET expiresAt = if_not_exists(expiresAt, :expiresAt) ADD #count :one',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': expiresAt },
          }),
        );
        return true;
      } catch (error) {
        if (isNamed(error, 'ConditionalCheckFailedException')) return false;
        throw error;
      }
    });
  }

  async giveBack(window: string): Promise<void> {
    await withDatabase(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: window },
          UpdateExpression: 'ADD #count :minusOne',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1 },
        }),
      ),
    );
  }
}
