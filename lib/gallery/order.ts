/** The four sorts (docs/api.md, The gallery's arguments), for photos and (by their date and up votes) for comments. */
export const SORTS = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'] as const;
export type Sort = (typeof SORTS)[number];

/** What a listing is ordered by: the date, and the digg count (photos) or up votes (comments). */
export interface Ranked {
  readonly id: number;
  readonly date: number;
  readonly rank: number;
}

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
