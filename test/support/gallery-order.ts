/** The order of a listing (docs/api.md, `sort`), written from the rule: the one oracle of listing order. */
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

export const SORT_VALUES = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** What a listing is ordered by: the date, and the digg count of a photo or the up votes of a comment. */
export interface SortKey {
  readonly id: number;
  readonly date: number;
  readonly rank: number;
}

/** Dates tie on the id in the sort's direction; digg counts tie on the newer date, then the higher id, both ways. */
export const ORDER: Readonly<Record<SortValue, (a: SortKey, b: SortKey) => number>> = {
  'submit_date-desc': (a, b) => b.date - a.date || b.id - a.id,
  'submit_date-asc': (a, b) => a.date - b.date || a.id - b.id,
  'digg_count-desc': (a, b) => b.rank - a.rank || b.date - a.date || b.id - a.id,
  'digg_count-asc': (a, b) => a.rank - b.rank || b.date - a.date || b.id - a.id,
};

/** For comments `submit_date` is the comment's date and `digg_count` its up votes (docs/api.md, The gallery's arguments). */
const sortKey = (record: PhotoRecord | CommentRecord): SortKey =>
  'submit_date' in record
    ? { id: record.id, date: record.submit_date, rank: record.digg_count }
    : { id: record.id, date: record.date, rank: record.up };

export const sortRecords = <R extends PhotoRecord | CommentRecord>(records: readonly R[], sort: SortValue): R[] =>
  [...records].sort((a, b) => ORDER[sort](sortKey(a), sortKey(b)));

/**
 * Eight records on three days with ids in a known order (n: [day, rank]; a photo's digg count, a comment's up votes), chosen so
 * that every tie rule decides something: 1/2 share date and rank; 3/5/8 share a date; 1–4 share a rank on three dates; 6/7 share
 * one on two dates. The photo and the comment sort tests both list them.
 */
export const TIES: Record<number, [number, number]> = {
  1: [1, 5],
  2: [1, 5],
  3: [2, 5],
  4: [0, 5],
  5: [2, 9],
  6: [0, 0],
  7: [1, 0],
  8: [2, 1],
};
/** Their orders, written out from the rule (each sort test also checks them against ORDER). */
export const TIE_ORDERS: Record<SortValue, number[]> = {
  'submit_date-desc': [8, 5, 3, 7, 2, 1, 6, 4],
  'submit_date-asc': [4, 6, 1, 2, 7, 3, 5, 8],
  'digg_count-desc': [5, 3, 2, 1, 4, 8, 7, 6],
  // Ties still go to the newer record, then the higher id: not the reverse of digg_count-desc.
  'digg_count-asc': [7, 6, 8, 3, 2, 1, 4, 5],
};
