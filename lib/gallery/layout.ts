/**
 * How photos and comments are laid out in GalleryTable: the one definition the store reads by
 * and the importer writes by (docs/gallery-layout.md has the access patterns and their cost).
 *
 * Every listing is over one or more *series*: the photos, the comments, all comments of a photo,
 * the top-level comments of a photo, the direct replies to a comment. A record's item carries
 * the partition key of each series it belongs to, and three sort keys; nine global secondary
 * indexes (three partition families × three orders, keys only) list a partition in date order
 * and in either rank order. The whole gallery's series are partitioned by day, so that no
 * partition holds more than one day; a thread's series are one partition each.
 * How many members a series has at any time is kept in counters (./counters.ts).
 */
import type { Ranked, CommentRecord, Kind, PhotoRecord } from './records';

const DATE_DIGITS = 11;
const ID_DIGITS = 16;
export const MAX_DATE = 10 ** DATE_DIGITS - 1;
const MAX_ID = Number.MAX_SAFE_INTEGER;
export const DAY = 86_400;

/** A series: its counters' name and the index partition that lists it (per day for the whole gallery). */
export type Series =
  | { readonly of: 'photos' }
  | { readonly of: 'comments' }
  | { readonly of: 'thread'; readonly photo: number }
  | { readonly of: 'top'; readonly photo: number }
  | { readonly of: 'replies'; readonly comment: number };

export const PHOTOS: Series = { of: 'photos' };
export const COMMENTS: Series = { of: 'comments' };
export const allOf = (kind: Kind): Series => (kind === 'photo' ? PHOTOS : COMMENTS);
export const thread = (photo: number): Series => ({ of: 'thread', photo });
export const topLevel = (photo: number): Series => ({ of: 'top', photo });
export const repliesTo = (comment: number): Series => ({ of: 'replies', comment });

export function seriesName(series: Series): string {
  switch (series.of) {
    case 'photos':
    case 'comments':
      return series.of;
    case 'thread':
      return `photo/${series.photo}`;
    case 'top':
      return `top/${series.photo}`;
    case 'replies':
      return `replies/${series.comment}`;
  }
}

/** Whether the series is partitioned by day (the whole gallery's) rather than one partition. */
export const isByDay = (series: Series): boolean => series.of === 'photos' || series.of === 'comments';

/** The index family a series is listed in, and the item attribute holding its partition key. */
export const FAMILIES = { day: 'day_part', thread: 'thread_part', parent: 'parent_part' } as const;
export type Family = keyof typeof FAMILIES;
export const familyOf = (series: Series): Family => (isByDay(series) ? 'day' : series.of === 'thread' ? 'thread' : 'parent');

/** The three orders every partition is indexed in; each is an attribute of the record's item. */
export const ORDER_KEYS = { date: 'date_key', rankDesc: 'rank_desc', rankAsc: 'rank_asc' } as const;
export type OrderKey = keyof typeof ORDER_KEYS;

/** The index of a family in an order, e.g. dayByRankDesc (template.yaml defines all nine). */
export const indexName = (family: Family, order: OrderKey): string => `${family}By${order[0]!.toUpperCase()}${order.slice(1)}`;

/** The partition that lists the series' members on `day` (the day number), or its only one. */
export function partitionKey(series: Series, day?: number): string {
  if (!isByDay(series)) return seriesName(series);
  if (day === undefined) throw new RangeError(`the ${series.of} series is partitioned by day`);
  return `${series.of}@${day}`;
}

export const dayOf = (date: number): number => Math.floor(date / DAY);

const pad = (value: number, digits: number): string => String(value).padStart(digits, '0');

/**
 * Sort keys. date_key: date, then id, ascending; read backwards for newest first. rank_desc:
 * rank, date, id, ascending; read backwards it is digg_count-desc (ties on the newer date, then
 * the higher id). rank_asc: rank ascending, then the date and id inverted, so that read forwards
 * it is digg_count-asc with the same tie rule.
 */
export const sortKeys = (entry: Ranked): Record<(typeof ORDER_KEYS)[OrderKey], string> => ({
  date_key: `${pad(entry.date, DATE_DIGITS)}#${pad(entry.id, ID_DIGITS)}`,
  rank_desc: `${pad(entry.rank, ID_DIGITS)}#${pad(entry.date, DATE_DIGITS)}#${pad(entry.id, ID_DIGITS)}`,
  rank_asc: `${pad(entry.rank, ID_DIGITS)}#${pad(MAX_DATE - entry.date, DATE_DIGITS)}#${pad(MAX_ID - entry.id, ID_DIGITS)}`,
});

/**
 * The lowest and highest date_key of a date range, for a key condition. No date lies past
 * MAX_DATE, so a range reaching beyond it (a window of 30 days from a late min_submit_date) ends
 * there: a date of one digit more would sort before the others, and DynamoDB refuses a condition
 * whose bounds are out of order.
 */
export const dateKeyRange = (from: number, to: number): [string, string] => [
  `${pad(from, DATE_DIGITS)}#${pad(0, ID_DIGITS)}`,
  `${pad(Math.min(to, MAX_DATE), DATE_DIGITS)}#${pad(MAX_ID, ID_DIGITS)}`,
];

/** An index entry back to what it orders by; rank_desc holds all three. */
export function rankedOf(entry: Record<string, unknown>): Ranked {
  const [rank, date, id] = String(entry.rank_desc).split('#');
  return { rank: Number(rank), date: Number(date), id: Number(id) };
}

/** The entry's date and id from its date_key (date indexes carry rank_desc too). */
export function datedOf(entry: Record<string, unknown>): { date: number; id: number } {
  const [date, id] = String(entry.date_key).split('#');
  return { date: Number(date), id: Number(id) };
}

/** The entry's rank, date and id from a rank_asc key. */
export function rankedOfAsc(entry: Record<string, unknown>): Ranked {
  const [rank, inverseDate, inverseId] = String(entry.rank_asc).split('#');
  return { rank: Number(rank), date: MAX_DATE - Number(inverseDate), id: MAX_ID - Number(inverseId) };
}

export const itemKey = (kind: Kind, id: number): string => `${kind}#${id}`;

/** The series a photo or comment belongs to. */
export function seriesOf(record: { kind: 'photo' } | { kind: 'comment'; story: number; replyto: number | null }): Series[] {
  if (record.kind === 'photo') return [PHOTOS];
  return [COMMENTS, thread(record.story), record.replyto === null ? topLevel(record.story) : repliesTo(record.replyto)];
}

const photoRanked = (photo: PhotoRecord): Ranked => ({ id: photo.id, date: photo.submit_date, rank: photo.digg_count });
const commentRanked = (comment: CommentRecord): Ranked => ({ id: comment.id, date: comment.date, rank: comment.up });

/** A photo's item: its fields, and its index keys. */
export function photoItem(photo: PhotoRecord): Record<string, unknown> {
  const ranked = photoRanked(photo);
  return {
    pk: itemKey('photo', photo.id),
    kind: 'photo',
    ...photo,
    day_part: partitionKey(PHOTOS, dayOf(ranked.date)),
    ...sortKeys(ranked),
  };
}

/** A comment's item: its fields, and the index keys of its three series. */
export function commentItem(comment: CommentRecord): Record<string, unknown> {
  const ranked = commentRanked(comment);
  const [all, own, parent] = seriesOf({ kind: 'comment', story: comment.story, replyto: comment.replyto }) as [Series, Series, Series];
  return {
    pk: itemKey('comment', comment.id),
    kind: 'comment',
    ...comment,
    day_part: partitionKey(all, dayOf(ranked.date)),
    thread_part: partitionKey(own),
    parent_part: partitionKey(parent),
    ...sortKeys(ranked),
  };
}

const PHOTO_FIELDS = ['id', 'submit_date', 'comments', 'title', 'user', 'src', 'href', 'digg_count'] as const;
const COMMENT_FIELDS = ['date', 'id', 'story', 'up', 'down', 'replies', 'replyto', 'user', 'content', 'level', 'root'] as const;

function pick<T>(item: Record<string, unknown>, fields: readonly string[]): T {
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as T;
}

export const photoOf = (item: Record<string, unknown>): PhotoRecord => pick(item, PHOTO_FIELDS);
export const commentOf = (item: Record<string, unknown>): CommentRecord => pick(item, COMMENT_FIELDS);

/** The four sorts (docs/api.md, The gallery's arguments), for photos and (by their date and up votes) for comments. */
export const SORTS = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'] as const;
export type Sort = (typeof SORTS)[number];

const newerFirst = (a: Ranked, b: Ranked): number => b.date - a.date || b.id - a.id;

/**
 * Orders for each sort. Digg-count ties break on the newer date, then the higher id, in both
 * directions; dates tie on the id, in the sort's direction (docs/api.md, The gallery's arguments:
 * `sort`).
 */
export const ORDERS: Readonly<Record<Sort, (a: Ranked, b: Ranked) => number>> = {
  'submit_date-desc': newerFirst,
  'submit_date-asc': (a, b) => a.date - b.date || a.id - b.id,
  'digg_count-desc': (a, b) => b.rank - a.rank || newerFirst(a, b),
  'digg_count-asc': (a, b) => a.rank - b.rank || newerFirst(a, b),
};

export const isDateSort = (sort: Sort): boolean => sort.startsWith('submit_date');
