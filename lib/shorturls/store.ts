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
  /** Adds one view to the code's record in one atomic update; the link, or undefined if unknown. */
  countView(code: string): Promise<string | undefined>;
}

export interface RateLimitStore {
  /** Counts one more event in `window` if fewer than `limit` are counted; false when full. */
  take(window: string, limit: number, expiresAt: number): Promise<boolean>;
  /** Uncounts an event `take` counted. */
  giveBack(window: string): Promise<void>;
}
