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

/** Why, when and by whom a record was taken down (`host`: by the block of that host). */
export interface Takedown {
  readonly reason: string;
  /** Epoch seconds. */
  readonly at: number;
  readonly by: string;
  readonly host?: string;
}

/** How an insert ended: stored, or refused because the code, the link or the itemid already has a record. */
export type InsertOutcome = 'inserted' | 'code-taken' | 'link-taken' | 'itemid-taken' | 'conflict';

export interface ShortUrlStore {
  /** The record under a code. Started with `blockedHosts`, before awaiting either, the two go in one request. */
  findByCode(code: string): Promise<ShortUrlRecord | undefined>;
  /**
   * The code of a link's record, by its deduplication key (the link's entry). Started with
   * `blockedHosts`, before awaiting either, the two go in one request.
   */
  codeByLinkKey(linkKey: string): Promise<string | undefined>;
  /** A new, unique, positive itemid. */
  nextItemId(): Promise<number>;
  /** Stores the record, the link's deduplication entry and the itemid's claim together, or none of them. */
  insert(record: ShortUrlRecord, linkKey: string): Promise<InsertOutcome>;
  /**
   * Adds one view to the code's record, at most once; its link and what became of the view, or
   * undefined if the code is unknown. The link comes first: a view that cannot be counted (or not
   * yet) does not keep the link from its visitor. A record taken down, or whose link `blocked`
   * says is to a blocked host, is gone: no link, and no view when that is known beforehand.
   */
  countView(code: string, blocked: (link: string) => Promise<boolean>): Promise<Visit | undefined>;
  /** The hosts the operator has blocked. */
  blockedHosts(): Promise<readonly string[]>;
}

/** A visit to a short link: where it leads, and whether its view was counted (or is still on its way); or taken down. */
export type Visit =
  | { readonly link: string; readonly view: 'counted' | 'unconfirmed' }
  | { readonly link: string; readonly view: 'not counted'; readonly error: unknown }
  | { readonly gone: true };

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
