/** The gallery store in DynamoDB: GalleryTable in the layout of ./layout.ts, read as ./listing.ts plans. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allOf, itemKey } from './layout';
import { earliestByCounters, earliestDate } from './counters';
import { Listing } from './listing';
import { GalleryReads } from './reads';
import type { CommentRecord, GalleryStore, Kind, PageIds, PageQuery, PhotoRecord } from './store';
import { isWholeIn } from '../db/client';
import { isDate, isId, LIMITS, shownCount, shownLink, shownText, noteUnshowable } from './stored-values';

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

  /** The records found under these ids that the API can show (below): a record it cannot is left out, as if there were none. */
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

/**
 * A stored photo or comment as the API shows it (docs/api.md, Errors: stored values): refused
 * (undefined, as if there were none) when a field that places it (its id, which must be its key's,
 * its date, and a comment's photo, parent, level and thread) is not one the API can show; else
 * every other field as ./stored-values.ts shows it. Either is noted with the item's key for the
 * request's log (./stored-values.ts). docs/gallery-layout.md has the rule per field.
 */

type Item = Record<string, unknown>;

/** A field that places a record, and whether a stored value of it can be shown (`id`: the key's). */
type Placing = readonly [field: string, valid: (value: unknown, id: number) => boolean];

const isOwnId = (value: unknown, id: number): boolean => value === id;
const isReplyTo = (value: unknown): boolean => value === null || isId(value);
const isLevel = (value: unknown): boolean => isWholeIn(value, 0);

const PHOTO_PLACING: readonly Placing[] = [
  ['id', isOwnId],
  ['submit_date', isDate],
];
const COMMENT_PLACING: readonly Placing[] = [
  ['id', isOwnId],
  ['date', isDate],
  ['story', isId],
  ['replyto', isReplyTo],
  ['level', isLevel],
  ['root', isId],
];
const PHOTO_SHOWN = ['comments', 'title', 'src', 'href', 'digg_count'] as const;
const USER_SHOWN = ['name', 'icon', 'registered', 'profileviews'] as const;
const COMMENT_SHOWN = ['up', 'down', 'replies', 'user', 'content'] as const;

/** Whether the item's placing fields can be shown; if not, it is noted as refused. */
function placed(item: Item, id: number, placing: readonly Placing[], signal: AbortSignal | undefined): boolean {
  if (placing.every(([field, valid]) => valid(item[field], id))) return true;
  const wrong = placing.filter(([field, valid]) => !valid(item[field], id)).map(([field]) => field);
  noteUnshowable(signal, String(item.pk), 'refused', wrong);
  return false;
}

/** `found` with the fields whose shown value is not the stored one, `prefix` before each name (undefined while there is none). */
function degraded(shown: object, stored: Item, fields: readonly string[], found?: string[], prefix = ''): string[] | undefined {
  for (const field of fields) if ((shown as Item)[field] !== stored[field]) found = [...(found ?? []), prefix + field];
  return found;
}

export function shownPhoto(item: Item, id: number, signal?: AbortSignal): PhotoRecord | undefined {
  if (!placed(item, id, PHOTO_PLACING, signal)) return undefined;
  const stored = (typeof item.user === 'object' && item.user !== null ? item.user : {}) as Item;
  const user = {
    name: shownText(stored.name, LIMITS.name),
    icon: shownLink(stored.icon),
    registered: isDate(stored.registered) ? stored.registered : 0,
    profileviews: shownCount(stored.profileviews),
  };
  const photo: PhotoRecord = {
    id,
    submit_date: item.submit_date as number,
    comments: shownCount(item.comments),
    title: shownText(item.title, LIMITS.title),
    user,
    src: shownLink(item.src),
    href: shownLink(item.href),
    digg_count: shownCount(item.digg_count),
  };
  const fields = degraded(user, stored, USER_SHOWN, degraded(photo, item, PHOTO_SHOWN), 'user.');
  if (fields !== undefined) noteUnshowable(signal, String(item.pk), 'degraded', fields);
  return photo;
}

export function shownComment(item: Item, id: number, signal?: AbortSignal): CommentRecord | undefined {
  if (!placed(item, id, COMMENT_PLACING, signal)) return undefined;
  const comment: CommentRecord = {
    date: item.date as number,
    id,
    story: item.story as number,
    up: shownCount(item.up),
    down: shownCount(item.down),
    replies: shownCount(item.replies),
    replyto: item.replyto as number | null,
    user: shownText(item.user, LIMITS.name),
    content: shownText(item.content, LIMITS.content),
    level: item.level as number,
    root: item.root as number,
  };
  const fields = degraded(comment, item, COMMENT_SHOWN);
  if (fields !== undefined) noteUnshowable(signal, String(item.pk), 'degraded', fields);
  return comment;
}
