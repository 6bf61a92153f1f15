/** The gallery store in DynamoDB: GalleryTable in the layout of ./layout.ts, read as ./listing.ts plans. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allOf, commentOf, itemKey, photoOf } from './layout';
import { Listing } from './listing';
import { GalleryReads } from './reads';
import type { CommentRecord, GalleryStore, Kind, PageIds, PageQuery, PhotoRecord } from './store';

export class DynamoGalleryStore implements GalleryStore {
  private readonly reads: GalleryReads;
  private readonly listing: Listing;

  constructor(client: DynamoDBDocumentClient, table: string) {
    this.reads = new GalleryReads(client, table);
    this.listing = new Listing(this.reads);
  }

  page(query: PageQuery, signal?: AbortSignal, known?: Promise<unknown>, withIds?: (ids: number[]) => void): Promise<PageIds> {
    return this.listing.page(query, signal, known, withIds);
  }

  earliestDate(kind: Kind, signal?: AbortSignal): Promise<number | undefined> {
    return this.listing.earliest(allOf(kind), signal);
  }

  /** The earliest date by the counters alone, without the hint: for the writer that makes a missing hint. */
  earliestDateByCounters(kind: Kind): Promise<number | undefined> {
    return this.listing.walk(allOf(kind));
  }

  private async byIds<T>(
    kind: Kind,
    ids: readonly number[],
    of: (item: Record<string, unknown>) => T,
    signal?: AbortSignal,
  ): Promise<Map<number, T>> {
    const items = await this.reads.items(
      ids.map((id) => itemKey(kind, id)),
      signal,
    );
    return new Map([...items.values()].map((item) => [item.id as number, of(item)]));
  }

  photosByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, PhotoRecord>> {
    return this.byIds('photo', ids, photoOf, signal);
  }

  commentsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, CommentRecord>> {
    return this.byIds('comment', ids, commentOf, signal);
  }
}
