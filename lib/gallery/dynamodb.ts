/** The gallery store in DynamoDB: GalleryTable in the layout of ./layout.ts, read as ./listing.ts plans. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allOf, itemKey } from './layout';
import { earliestByCounters, earliestDate } from './earliest';
import { Listing } from './listing';
import { GalleryReads } from './reads';
import { shownComment, shownPhoto } from './shown';
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
    return earliestDate(this.reads, allOf(kind), signal);
  }

  /** The earliest date by the counters alone, without the hint: for the writer that makes a missing hint. */
  earliestDateByCounters(kind: Kind): Promise<number | undefined> {
    return earliestByCounters(this.reads, allOf(kind));
  }

  /** The records found under these ids that the API can show (./shown.ts): a record it cannot is left out, as if there were none. */
  private async byIds<T>(
    kind: Kind,
    ids: readonly number[],
    shown: (item: Record<string, unknown>, id: number, signal?: AbortSignal) => T | undefined,
    signal?: AbortSignal,
  ): Promise<Map<number, T>> {
    const keys = ids.map((id) => itemKey(kind, id));
    const items = await this.reads.items(keys, signal);
    const records = new Map<number, T>();
    ids.forEach((id, i) => {
      const item = items.get(keys[i]!);
      const record = item === undefined ? undefined : shown(item, id, signal);
      if (record !== undefined) records.set(id, record);
    });
    return records;
  }

  photosByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, PhotoRecord>> {
    return this.byIds('photo', ids, shownPhoto, signal);
  }

  commentsByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, CommentRecord>> {
    return this.byIds('comment', ids, shownComment, signal);
  }
}
