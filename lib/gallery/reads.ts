/**
 * The gallery's two kinds of read, Query and BatchGetItem, never Scan, each with the request's
 * abort signal and a database failure turned into the API's 503. The items a request asks for in
 * one turn of the event loop go in one BatchGetItem: round trips are what a cold start pays for.
 */
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { pause } from '../iso-time';
import { batchGetBatches } from '../db/client';
import { databaseUnavailable, withDatabase } from '../db/failures';

type Item = Record<string, unknown>;
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>;

/** Rounds of asking again for keys DynamoDB left unprocessed before answering 503. */
const BATCH_GET_ATTEMPTS = 5;
/** DynamoDB refuses a Limit past 2^31 − 1; pages end at 1 MB anyway. */
const QUERY_PAGE_LIMIT = 1_000;

/** A read waiting for the turn's BatchGetItem. */
interface Waiting {
  readonly keys: readonly string[];
  readonly resolve: (found: Map<string, Item>) => void;
  readonly reject: (error: unknown) => void;
}

/** Whose reads: a request's abort signal (undefined for callers without one, who share). */
type Owner = AbortSignal | undefined;

export class GalleryReads {
  /** The reads asked for in this turn, by abort signal: one request's reads never wait on another's. */
  private readonly gathering = new Map<Owner, Waiting[]>();
  /** Reads waiting for their request's next BatchGetItem (see lateItem). */
  private readonly late = new Map<Owner, Waiting[]>();
  /** How many calls of each request DynamoDB is answering now. */
  private readonly inFlight = new Map<Owner, number>();

  constructor(
    private readonly client: DynamoDBDocumentClient,
    readonly table: string,
  ) {}

  /** The item under one `pk`, or undefined; read with the others asked for in this turn. */
  async item(key: string, signal?: AbortSignal): Promise<Item | undefined> {
    return (await this.items([key], signal)).get(key);
  }

  /** The items under these `pk`s, by key (absent ones left out), read with the others asked for in this turn. */
  items(keys: readonly string[], signal?: AbortSignal): Promise<Map<string, Item>> {
    return new Promise((resolve, reject) => {
      const waiting = this.gathering.get(signal);
      if (waiting !== undefined) waiting.push({ keys, resolve, reject });
      else {
        this.gathering.set(signal, [{ keys, resolve, reject }]);
        setImmediate(() => void this.sendGathered(signal));
      }
    });
  }

  /**
   * The item under one `pk`, or undefined, read with the request's next BatchGetItem (what an
   * answer in flight leads to, such as a Query's records); or on its own in the first turn that
   * finds none of the request's reads in flight or gathering.
   */
  lateItem(key: string, signal?: AbortSignal): Promise<Item | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = { keys: [key], resolve: (found: Map<string, Item>) => resolve(found.get(key)), reject };
      const late = this.late.get(signal);
      if (late === undefined) this.late.set(signal, [waiting]);
      else late.push(waiting);
      this.sendLateWhenIdle(signal);
    });
  }

  /** After this turn (when whatever it asks for is gathering), sends the late reads if nothing else of the request will. */
  private sendLateWhenIdle(signal: Owner): void {
    setImmediate(() => {
      if (this.late.has(signal) && !this.gathering.has(signal) && !this.inFlight.has(signal)) void this.sendGathered(signal);
    });
  }

  /** A call to DynamoDB, counted as in flight for its request while it lasts. */
  private async whileInFlight<T>(signal: Owner, call: () => Promise<T>): Promise<T> {
    this.inFlight.set(signal, (this.inFlight.get(signal) ?? 0) + 1);
    try {
      return await call();
    } finally {
      const left = this.inFlight.get(signal)! - 1;
      if (left > 0) this.inFlight.set(signal, left);
      else {
        this.inFlight.delete(signal);
        if (this.late.has(signal)) this.sendLateWhenIdle(signal);
      }
    }
  }

  private async sendGathered(signal: Owner): Promise<void> {
    const waiting = [...(this.gathering.get(signal) ?? []), ...(this.late.get(signal) ?? [])];
    this.gathering.delete(signal);
    this.late.delete(signal);
    try {
      const found = await this.read(
        waiting.flatMap((w) => w.keys),
        signal,
      );
      for (const w of waiting) w.resolve(new Map(w.keys.flatMap((key) => (found.has(key) ? [[key, found.get(key)!] as const] : []))));
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }

  /** The items under these `pk`s: BatchGetItem, 100 keys a request, all at once. */
  private async read(keys: readonly string[], signal?: AbortSignal): Promise<Map<string, Item>> {
    const found = await Promise.all(batchGetBatches(keys).map((batch) => this.batch(batch, signal)));
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
      const answer = await this.whileInFlight(signal, () =>
        withDatabase(() => this.client.send(new BatchGetCommand({ RequestItems: request }), { abortSignal: signal })),
      );
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
      const page = await this.whileInFlight(signal, () =>
        withDatabase(() =>
          this.client.send(new QueryCommand({ ...input, TableName: this.table, Limit, ExclusiveStartKey: next }), { abortSignal: signal }),
        ),
      );
      items.push(...(page.Items ?? []));
      next = page.LastEvaluatedKey;
    } while (next !== undefined && items.length < limit);
    return { items, next };
  }
}
