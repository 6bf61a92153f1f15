/** The short-URL store in DynamoDB: ShortUrlsTable in the layout of ./layout.ts. */
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../clock';
import { batchGetBatches } from '../db/batch-get';
import { singleAttemptClient } from '../db/client';
import { cancellationReasons, conditionFailed, isNamed, withDatabase } from '../db/failures';
import { TAKEDOWN_REACH_MS } from './blocklist';
import { BLOCKS, codeKey, ITEMID_COUNTER, itemIdKey, linkEntryKey, recordOf } from './layout';
import type { InsertOutcome, ShortUrlRecord, ShortUrlStore, Visit } from './store';

const GONE = { gone: true } as const;

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

/** A view's request, as far as it went: counted (with the record's link), the code unknown or taken down, or not counted (and why). */
type ViewResult =
  | { readonly outcome: 'counted'; readonly link: string }
  | { readonly outcome: 'no such code' }
  | { readonly outcome: 'gone' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

const UNCONFIRMED = { outcome: 'unconfirmed' } as const;

type Item = Record<string, unknown>;

/** A consistent read waiting for the request of its turn (see DynamoShortUrlStore.gathered). */
interface WaitingRead {
  readonly key: { readonly pk: string };
  readonly resolve: (item: Item | undefined) => void;
  readonly reject: (error: unknown) => void;
}

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
  /**
   * A code's link never changes once made: a redirect of a code seen before need not read it
   * again, for TAKEDOWN_REACH_MS, after which a takedown must be seen (./blocklist.ts).
   */
  private readonly links = new Map<string, { readonly link: string; readonly at: number }>();

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    /** The client views are sent with: one that never sends a request again by itself. */
    private readonly views: () => DynamoDBDocumentClient = singleAttemptClient,
  ) {}

  /** The reads asked for in this synchronous run; with the blocked hosts', they go in one request (sendGathered). */
  private gathering: WaitingRead[] | undefined;

  async findByCode(code: string): Promise<ShortUrlRecord | undefined> {
    return recordOf(await this.gathered(codeKey(code)));
  }

  async codeByLinkKey(linkKey: string): Promise<string | undefined> {
    const entry = await this.gathered(linkEntryKey(linkKey));
    return entry === undefined ? undefined : (entry.code as string);
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
              // No other record (an imported one) holds the itemid: infra/shorturls/importer.ts keeps the ones it is given.
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

  /**
   * Adds one view to the code's record and answers its link (undefined: no such code), waiting
   * for the view at most VIEW_WAIT_MS. The view is one atomic `ADD` that answers the record
   * (whose link a redirect needs), sent once: hundreds of simultaneous views of one link never
   * conflict, as transactions on one item do, and a view whose answer is lost is never counted
   * twice. Only a refusal DynamoDB did not apply (throttling) is sent again. When the view is
   * not counted, or not yet, the link comes from what this container remembers, or a read. A
   * record taken down refuses the view (its condition); a link to a blocked host is gone too,
   * without a view when the link is remembered.
   */
  async countView(code: string, blocked: (link: string) => Promise<boolean>): Promise<Visit | undefined> {
    const known = this.knownLink(code);
    if (known !== undefined && (await blocked(known))) return GONE;
    const view = await within(this.addView(code), VIEW_WAIT_MS, UNCONFIRMED);
    if (view.outcome === 'no such code') return undefined;
    if (view.outcome === 'gone') {
      this.links.delete(code);
      return GONE;
    }
    if (view.outcome === 'counted') {
      this.remember(code, view.link);
      return (await blocked(view.link)) ? GONE : { link: view.link, view: 'counted' };
    }
    const link = known ?? (await withDatabase(() => this.liveLinkOf(code)));
    if (link === undefined) return undefined;
    if (typeof link !== 'string' || (await blocked(link))) return GONE;
    return view.outcome === 'unconfirmed' ? { link, view: 'unconfirmed' } : { link, view: 'not counted', error: view.error };
  }

  async blockedHosts(): Promise<readonly string[]> {
    const item = await this.gathered(BLOCKS);
    return Object.keys((item?.hosts as Record<string, unknown> | undefined) ?? {});
  }

  /**
   * An item read consistently. The reads started in the same synchronous run as the blocked
   * hosts' (the caller starts both before awaiting either) go with it: a creation reading the
   * list reads the link's entry with it, a lookup the record, one request where it took two (a
   * cold start pays for each), in BatchGetItems of at most 100 distinct keys (locally, one
   * process serves concurrent creations, which may ask for the same link); a key one leaves
   * unprocessed is read alone. Any other read is a GetItem of its own, sent as that run ends: in
   * a microtask, not a turn of the event loop, which under a local server's load held every
   * lookup back by one (9 ms at the median in `npm run load`).
   */
  private gathered(key: { readonly pk: string }): Promise<Item | undefined> {
    return new Promise((resolve, reject) => {
      if (this.gathering === undefined) {
        this.gathering = [];
        queueMicrotask(() => this.sendGathered());
      }
      this.gathering.push({ key, resolve, reject });
    });
  }

  private sendGathered(): void {
    const reads = this.gathering ?? [];
    this.gathering = undefined;
    if (reads.length === 1 || !reads.some((read) => read.key.pk === BLOCKS.pk)) {
      for (const read of reads) this.getItem(read.key).then(read.resolve, read.reject);
      return;
    }
    const answers = new Map<string, Promise<Item | undefined>>();
    for (const batch of batchGetBatches(reads.map((read) => read.key.pk))) this.batchGet(batch, answers);
    for (const read of reads) answers.get(read.key.pk)!.then(read.resolve, read.reject);
  }

  /** Sets the answer for each of `pks`, read in one BatchGetItem. */
  private batchGet(pks: readonly string[], answers: Map<string, Promise<Item | undefined>>): void {
    const Keys = pks.map((pk) => ({ pk }));
    const answer = withDatabase(() =>
      this.client.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys, ConsistentRead: true } } })),
    );
    for (const pk of pks)
      answers.set(
        pk,
        answer.then(({ Responses, UnprocessedKeys }) =>
          UnprocessedKeys?.[this.table]?.Keys?.some((key) => key.pk === pk)
            ? this.getItem({ pk })
            : Responses?.[this.table]?.find((item) => item.pk === pk),
        ),
      );
  }

  private getItem(key: { readonly pk: string }): Promise<Item | undefined> {
    return withDatabase(
      async () => (await this.client.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item,
    );
  }

  private knownLink(code: string): string | undefined {
    const known = this.links.get(code);
    return known !== undefined && Date.now() - known.at < TAKEDOWN_REACH_MS ? known.link : undefined;
  }

  private remember(code: string, link: string): void {
    this.links.delete(code);
    const oldest = this.links.keys().next();
    if (this.links.size >= KNOWN_LINKS && !oldest.done) this.links.delete(oldest.value);
    this.links.set(code, { link, at: Date.now() });
  }

  /** The code's link as the table holds it now; GONE when taken down. */
  private async liveLinkOf(code: string): Promise<string | typeof GONE | undefined> {
    const record = await this.findByCode(code);
    if (record === undefined) return undefined;
    if (record.disabled !== undefined) return GONE;
    this.remember(code, record.link);
    return record.link;
  }

  private async addView(code: string): Promise<ViewResult> {
    const update = {
      TableName: this.table,
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
        const { Attributes } = await this.views().send(new UpdateCommand(update));
        return { outcome: 'counted', link: Attributes?.link as string };
      } catch (error) {
        if (conditionFailed(error)) return { outcome: (error as { Item?: unknown }).Item === undefined ? 'no such code' : 'gone' };
        const refused = error instanceof Error && NOT_APPLIED.has(error.name);
        if (!refused || send === VIEW_SENDS) return { outcome: 'not counted', error };
        await pause(VIEW_BACKOFF_MS * send);
      }
    }
  }
}
