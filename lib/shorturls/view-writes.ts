/**
 * A redirect's view as it is written (docs/api.md, Short URLs: Views): one atomic `ADD` on the
 * record, which answers the record (whose link a redirect needs), conditional on the record being
 * there and not taken down. Hundreds of simultaneous views of one link never conflict, as
 * transactions on one item do. Past what one key takes (DynamoDB throttles it), the view goes to
 * one of the record's shard items instead (./table.ts), and the record is marked so that lookups
 * sum them. A view is sent again only when DynamoDB refused it unapplied; one whose answer is lost
 * (a timeout) never is, so it counts at most once.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionFailed, THROTTLED_NAMES, throttled } from '../db/failures';
import { pause } from '../iso-time';
import { logger } from '../observability/powertools';
import type { ShardViewResult } from './store';
import { codeKey, VIEW_SHARDS, viewShardKey } from './table';

/** A view's request on the record, as far as it went: counted (with the record as it is now), unknown or taken down, throttled, or not counted (and why). */
type SentView =
  | { readonly outcome: 'counted'; readonly item: Record<string, unknown> }
  | { readonly outcome: 'no such code' | 'gone' | 'throttled' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

/**
 * Errors that say DynamoDB refused a write without applying it (throttled, or an item a
 * transaction holds), so that sending it again cannot count it twice. A timeout or a lost
 * connection says nothing of the kind: such a view is never sent again.
 */
const NOT_APPLIED: ReadonlySet<string> = new Set([...THROTTLED_NAMES, 'TransactionConflictException']);
/** The record's refusals sent again there: a throttled record sends its view to a shard instead. */
const HELD: ReadonlySet<string> = new Set(['TransactionConflictException']);

/** `request`, sent again while DynamoDB refuses it with a name of `again` (unapplied), at most `sends` times in all. */
async function resent<T>(sends: number, backoffMs: number, again: ReadonlySet<string>, request: () => Promise<T>): Promise<T> {
  for (let send = 1; ; send++) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Error && again.has(error.name)) || send === sends) throw error;
      await pause(backoffMs * send);
    }
  }
}

/** Sends of a view on the record that a transaction held, and the pause before the next. */
const VIEW_SENDS = 3;
const VIEW_BACKOFF_MS = 20;
/** Sends of a view on shards (each on another), and of the mark: short, since a redirect may be waiting. */
const SHARD_SENDS = 6;
const SHARD_BACKOFF_MS = 10;
const MARK_SENDS = 3;
const MARK_BACKOFF_MS = 25;
/**
 * How long a code whose record throttled goes straight to a shard: DynamoDB's limit is per
 * second, and a link past it is most likely past it for a while. Then one view tries the record
 * again, so that a link no longer hot costs one request a visit again.
 */
const HOT_MS = 3_000;
/** How many codes a container remembers as hot, and as marked. */
const REMEMBERED = 1_000;

/**
 * What a container remembers of codes: at most `capacity`, the oldest forgotten first. Here and in
 * ./known-links.ts; kept in this file, which every short-URL bundle holds, so none takes a file more.
 */
export class Remembered<V> extends Map<string, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  /** `value` for `code`, as the newest; the oldest code goes when the memory is full. */
  remember(code: string, value: V): void {
    this.delete(code);
    const oldest = this.keys().next();
    if (this.size >= this.capacity && !oldest.done) this.delete(oldest.value);
    this.set(code, value);
  }
}

export class ViewWrites {
  /** When each code's record last throttled. */
  private readonly throttledAt = new Remembered<number>(REMEMBERED);
  /** The codes whose record this container has marked (or seen marked): no mark is sent again. */
  private readonly marked = new Remembered<true>(REMEMBERED);
  private readonly marking = new Map<string, Promise<void>>();

  constructor(
    /** The client views are sent with: one that never sends a request again by itself. */
    private readonly client: () => DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The view on the record; `throttled`, unsent, for a code whose record throttled in the last HOT_MS. */
  async toRecord(code: string): Promise<SentView> {
    const at = this.throttledAt.get(code);
    if (at !== undefined && Date.now() - at < HOT_MS) return { outcome: 'throttled' };
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
    try {
      const { Attributes } = await resent(VIEW_SENDS, VIEW_BACKOFF_MS, HELD, () => this.client().send(new UpdateCommand(update)));
      if (Attributes?.view_shards !== undefined) this.marked.remember(code, true);
      return { outcome: 'counted', item: Attributes ?? {} };
    } catch (error) {
      if (conditionFailed(error)) return { outcome: (error as { Item?: unknown }).Item === undefined ? 'no such code' : 'gone' };
      if (!throttled(error)) return { outcome: 'not counted', error };
      this.throttledAt.remember(code, Date.now());
      return { outcome: 'throttled' };
    }
  }

  /**
   * The view on one of the code's shards, drawn at random, and on another while they throttle;
   * with it, the record's mark, until it lands. For a code whose link is known to be live: a
   * shard has no condition.
   */
  async toShard(code: string): Promise<ShardViewResult> {
    const [view] = await Promise.all([this.shardView(code), this.mark(code)]);
    return view;
  }

  private async shardView(code: string): Promise<ShardViewResult> {
    const untried = Array.from({ length: VIEW_SHARDS }, (_, k) => k);
    const add = () => {
      const [shard] = untried.splice(Math.floor(Math.random() * untried.length), 1);
      const update = { TableName: this.table, Key: viewShardKey(code, shard!), UpdateExpression: 'ADD view_count :one' };
      return this.client().send(new UpdateCommand({ ...update, ExpressionAttributeValues: { ':one': 1 } }));
    };
    try {
      await resent(SHARD_SENDS, SHARD_BACKOFF_MS, NOT_APPLIED, add);
      return { outcome: 'counted' };
    } catch (error) {
      return { outcome: 'not counted', error };
    }
  }

  /** `view_shards` on the record, once a container sees it land; one mark at a time per code, and none for a record marked. */
  private mark(code: string): Promise<void> {
    if (this.marked.has(code)) return Promise.resolve();
    let marking = this.marking.get(code);
    if (marking === undefined) {
      marking = this.sendMark(code).finally(() => this.marking.delete(code));
      this.marking.set(code, marking);
    }
    return marking;
  }

  private async sendMark(code: string): Promise<void> {
    const update = {
      TableName: this.table,
      Key: codeKey(code),
      UpdateExpression: 'SET view_shards = if_not_exists(view_shards, :shards)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':shards': VIEW_SHARDS },
    };
    try {
      await resent(MARK_SENDS, MARK_BACKOFF_MS, NOT_APPLIED, () => this.client().send(new UpdateCommand(update)));
      this.marked.remember(code, true);
    } catch (error) {
      if (conditionFailed(error)) return; // no record: no lookup shows its views
      // Its key is past its throughput: the code's next spilled view marks it again.
      logger.warn('view shards not marked yet', { code, error: String(error) });
    }
  }
}
