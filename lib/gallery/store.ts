/** What the gallery service needs of its storage; lib/gallery/dynamodb.ts keeps it in DynamoDB. */
import type { Series } from './layout';
import type { Sort } from './layout';
import type { CommentRecord, Kind, PhotoRecord } from './records';

export type { CommentRecord, Kind, PhotoRecord };

/** Inclusive bounds in epoch seconds. */
export interface Range {
  readonly from: number;
  readonly to: number;
}

/** A page of the members of one or more series (their union) dated within a range, in a sort. */
export interface PageQuery {
  readonly series: readonly Series[];
  readonly range: Range;
  readonly sort: Sort;
  readonly offset: number;
  readonly count: number;
}

/** The members in the range, and the ids of the page's, in order. */
export interface PageIds {
  readonly total: number;
  readonly ids: number[];
}

/** Every read takes the request's abort signal: a request answered (or out of time) reads no more. */
export interface GalleryStore {
  /**
   * A page of ids. `known`, when given, is what must hold for the page to be answered (the photo
   * or comment a thread belongs to exists): the counters, and a first page's first entries, are
   * read beside it, and nothing after them unless it holds. `withIds`, when given, is called with
   * the page's ids as soon as they are known, before the total may be: what it reads in that
   * turn (the page's records) can go with the counters' read.
   */
  page(query: PageQuery, signal?: AbortSignal, known?: Promise<unknown>, withIds?: (ids: number[]) => void): Promise<PageIds>;
  /** The earliest date of any photo (or comment); undefined when there is none. */
  earliestDate(kind: Kind, signal?: AbortSignal): Promise<number | undefined>;
  photosByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, PhotoRecord>>;
  commentsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, CommentRecord>>;
}
