/** What the short-URL service needs of its storage; lib/shorturls/dynamodb.ts keeps it in DynamoDB. */

export interface ShortUrlRecord {
  readonly code: string;
  readonly link: string;
  readonly itemid: number;
  readonly view_count: number;
}

/** How an insert ended: stored, or refused because the code or the link already has a record. */
export type InsertOutcome = 'inserted' | 'code-taken' | 'link-taken' | 'conflict';

export interface ShortUrlStore {
  findByCode(code: string): Promise<ShortUrlRecord | undefined>;
  /** The record of a link, by its deduplication key. */
  findByLinkKey(linkKey: string): Promise<ShortUrlRecord | undefined>;
  /** A new, unique, positive itemid. */
  nextItemId(): Promise<number>;
  /** Stores the record and the link's deduplication entry together, or neither. */
  insert(record: ShortUrlRecord, linkKey: string): Promise<InsertOutcome>;
  /**
   * Adds one view to the code's record; the link, or undefined if unknown. `requestId` makes it
   * idempotent: the same request, sent again (the SDK's retries), adds nothing more.
   */
  countView(code: string, requestId: string): Promise<string | undefined>;
}

/** A client address's window, and the app key counted in it. */
export interface RateWindow {
  readonly address: string;
  readonly key: string;
}

export interface RateLimitStore {
  /**
   * Counts one more creation for the address and for the key in its window, if both are under
   * their limits; else counts nothing and says which limit is reached.
   */
  take(
    window: RateWindow,
    limits: { readonly address: number; readonly key: number },
    expiresAt: number,
  ): Promise<'taken' | 'address' | 'key'>;
  /** Uncounts a creation `take` counted; `signal` gives up waiting. */
  giveBack(window: RateWindow, signal?: AbortSignal): Promise<void>;
}
