/**
 * The short URLs in DynamoDB. ShortUrlsTable holds, under the key `pk`: `code#<code>` (the
 * record), `link#<hash of the link>` (its code: the deduplication entry) and `counter#itemid`
 * (the last itemid). The rate limit's table is ./rate-limit-dynamodb.ts's.
 */
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../clock';
import { singleAttemptClient } from '../db/client';
import { isNamed, withDatabase } from '../db/failures';
import type { InsertOutcome, ShortUrlRecord, ShortUrlStore, Visit } from './store';

const codeKey = (code: string) => ({ pk: `code#${code}` });
const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
const ITEMID_COUNTER = { pk: 'counter#itemid' };

function recordOf(item: Record<string, unknown> | undefined): ShortUrlRecord | undefined {
  if (item === undefined) return undefined;
  return { code: item.code as string, link: item.link as string, itemid: item.itemid as number, view_count: item.view_count as number };
}

/** How many codes' links a container remembers for its redirects. */
const KNOWN_LINKS = 1_000;

/**
 * How long a redirect waits for its view to be counted. The link comes first (docs/api.md,
 * Views): past this, it answers all the same, and the view's request, sent once, lands or not.
 */
export const VIEW_WAIT_MS = 500;

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

/** A view's request, as far as it went: counted (with the record's link), the code unknown, or not counted (and why). */
type ViewResult =
  | { readonly outcome: 'counted'; readonly link: string }
  | { readonly outcome: 'no such code' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

const UNCONFIRMED = { outcome: 'unconfirmed' } as const;

/** The promise's value, or `late` if it takes longer than `ms`. */
async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class DynamoShortUrlStore implements ShortUrlStore {
  /** A code's link never changes once made: a redirect of a code seen before need not read it again. */
  private readonly links = new Map<string, string>();

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    /** The client views are sent with: one that never sends a request again by itself. */
    private readonly views: () => DynamoDBDocumentClient = singleAttemptClient,
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
   * Adds one view to the code's record and answers its link (undefined: no such code), waiting
   * for the view at most VIEW_WAIT_MS. The view is one atomic `ADD` that answers the record
   * (whose link a redirect needs), sent once: hundreds of simultaneous views of one link never
   * conflict, as transactions on one item do, and a view whose answer is lost is never counted
   * twice. Only a refusal DynamoDB did not apply (throttling) is sent again. When the view is
   * not counted, or not yet, the link comes from what this container remembers, or a read.
   */
  async countView(code: string): Promise<Visit | undefined> {
    const view = await within(this.addView(code), VIEW_WAIT_MS, UNCONFIRMED);
    if (view.outcome === 'no such code') return undefined;
    if (view.outcome === 'counted') {
      this.remember(code, view.link);
      return { link: view.link, view: 'counted' };
    }
    const link = this.links.get(code) ?? (await withDatabase(() => this.linkOf(code)));
    if (link === undefined) return undefined;
    return view.outcome === 'unconfirmed' ? { link, view: 'unconfirmed' } : { link, view: 'not counted', error: view.error };
  }

  private remember(code: string, link: string): void {
    if (this.links.has(code)) return;
    const oldest = this.links.keys().next();
    if (this.links.size >= KNOWN_LINKS && !oldest.done) this.links.delete(oldest.value);
    this.links.set(code, link);
  }

  private async linkOf(code: string): Promise<string | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: codeKey(code), ConsistentRead: true }));
    const link = Item?.link as string | undefined;
    if (link !== undefined) this.remember(code, link);
    return link;
  }

  private async addView(code: string): Promise<ViewResult> {
    const update = {
      TableName: this.table,
      Key: codeKey(code),
      UpdateExpression: 'ADD view_count :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    } as const;
    for (let send = 1; ; send++) {
      try {
        const { Attributes } = await this.views().send(new UpdateCommand(update));
        return { outcome: 'counted', link: Attributes?.link as string };
      } catch (error) {
        if (isNamed(error, 'ConditionalCheckFailedException')) return { outcome: 'no such code' };
        const refused = error instanceof Error && NOT_APPLIED.has(error.name);
        if (!refused || send === VIEW_SENDS) return { outcome: 'not counted', error };
        await pause(VIEW_BACKOFF_MS * send);
      }
    }
  }
}
