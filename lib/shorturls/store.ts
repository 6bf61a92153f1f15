/** What the short-URL service needs of its storage; lib/shorturls/dynamodb.ts keeps it in DynamoDB. */

export interface ShortUrlRecord {
  readonly code: string;
  readonly link: string;
  readonly itemid: number;
  readonly view_count: number;
  /** When it was made, in epoch seconds: kept for an imported record that says so. */
  readonly created?: number;
  /** Taken down by the operator: it redirects nowhere, and the API does not show it. */
  readonly disabled?: Takedown;
}

/**
 * Why, when and by whom a record was taken down: `host`, by the block of that host; `sameAs`, with
 * the record of that code, whose link it is in another spelling (./link.ts).
 */
export interface Takedown {
  readonly reason: string;
  /** Epoch seconds. */
  readonly at: number;
  readonly by: string;
  readonly host?: string;
  readonly sameAs?: string;
}

/** A link's entry: the code of its record, and whether the link is taken down in every spelling (`link#` items, ./table.ts). */
export interface LinkEntry {
  readonly code?: string;
  readonly takenDown: boolean;
}

/** How an insert ended: stored, or refused because the code, the link or the itemid already has a record. */
export type InsertOutcome = 'inserted' | 'code-taken' | 'link-taken' | 'itemid-taken' | 'conflict';

export interface ShortUrlStore {
  /**
   * The record under a code. Started with `blockedHosts`, before awaiting either, the two go in
   * one request. Its view_count sums its shards' (a read more, for a link whose key throttled)
   * unless `shards` is skipped: then it is the record's own, for a caller that needs the link alone.
   */
  findByCode(code: string, shards?: 'summed' | 'skipped'): Promise<ShortUrlRecord | undefined>;
  /**
   * A link's entry, by the link's deduplication key. Started with `blockedHosts`, before awaiting
   * either, the two go in one request.
   */
  linkEntry(linkKey: string): Promise<LinkEntry | undefined>;
  /** A new, unique, positive itemid. */
  nextItemId(): Promise<number>;
  /** Stores the record, the link's deduplication entry and the itemid's claim together, or none of them. */
  insert(record: ShortUrlRecord, linkKey: string): Promise<InsertOutcome>;
  /** Adds one view to the code's record, unless it is taken down: sent so that it counts at most once. */
  addView(code: string): Promise<ViewResult>;
  /**
   * Adds one view to a shard of the code's views, for a code whose record throttled and whose
   * link the caller knows to be live (a shard has no condition): sent so that it counts at most once.
   */
  addShardView(code: string): Promise<ShardViewResult>;
  /** The hosts the operator has blocked. */
  blockedHosts(): Promise<readonly string[]>;
}

/**
 * A view's request, as far as it went: counted (with the record's link), the code unknown or taken
 * down, not counted (and why), or throttled: the record's key is past its throughput (now, or
 * lately: then it was not sent), so the view goes to a shard (addShardView).
 */
export type ViewResult =
  | { readonly outcome: 'counted'; readonly link: string }
  | { readonly outcome: 'no such code' }
  | { readonly outcome: 'gone' }
  | { readonly outcome: 'throttled' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

/** A view's request on a shard: counted, or not (and why). */
export type ShardViewResult = { readonly outcome: 'counted' } | { readonly outcome: 'not counted'; readonly error: unknown };

/** A client address's window, and the app key counted in it. */
export interface RateWindow {
  readonly address: string;
  readonly key: string;
}

export interface RateLimitStore {
  /**
   * Counts creation `request` for the address and for the key in its window, if both are under
   * their limits; else counts nothing and says which limit is reached, or that the window takes
   * no more writes this second (`throttled`). A request counts once, however often it is sent.
   */
  take(
    window: RateWindow,
    request: string,
    limits: { readonly address: number; readonly key: number },
    expiresAt: number,
  ): Promise<'taken' | 'address' | 'key' | 'throttled'>;
  /** Uncounts creation `request`, if `take` counted it, once however often it is sent; `signal` gives up waiting. */
  giveBack(window: RateWindow, request: string, signal?: AbortSignal): Promise<void>;
}
