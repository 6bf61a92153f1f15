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
   * Adds one view to the code's record, at most once; its link and what became of the view, or
   * undefined if the code is unknown. The link comes first: a view that cannot be counted (or not
   * yet) does not keep the link from its visitor.
   */
  countView(code: string): Promise<Visit | undefined>;
}

/** A visit to a short link: where it leads, and whether its view was counted (or is still on its way). */
export type Visit =
  | { readonly link: string; readonly view: 'counted' | 'unconfirmed' }
  | { readonly link: string; readonly view: 'not counted'; readonly error: unknown };

/** A client address's window, and the app key counted in it. */
export interface RateWindow {
  readonly address: string;
  readonly key: string;
}

export interface RateLimitStore {
  /**
   * Counts creation `request` for the address and for the key in its window, if both are under
   * their limits; else counts nothing and says which limit is reached. A request counts once,
   * however often it is sent.
   */
  take(
    window: RateWindow,
    request: string,
    limits: { readonly address: number; readonly key: number },
    expiresAt: number,
  ): Promise<'taken' | 'address' | 'key'>;
  /** Uncounts creation `request`, if `take` counted it, once however often it is sent; `signal` gives up waiting. */
  giveBack(window: RateWindow, request: string, signal?: AbortSignal): Promise<void>;
}
