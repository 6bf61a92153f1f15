/** The gallery's arguments (docs/api.md, The gallery's arguments): the sorts and the order of each, the page, the date window. */
import { choiceArgument, integerArgument } from '../http/arguments';
import { MAX_DATE } from './layout';
import type { Ranked } from './records';
import { ApiError } from '../api-error';

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

/** A page's size when `count` is not given. */
export const DEFAULT_COUNT = 10;

/** The query arguments of every gallery endpoint (docs/api.md, The gallery's arguments). */
export const GALLERY_ARGUMENTS = {
  min_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  max_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  sort: choiceArgument(SORTS, 'submit_date-desc', 1017),
  count: integerArgument({ min: 1, max: 100, fallback: DEFAULT_COUNT }),
  offset: integerArgument({ min: 0, fallback: 0 }),
};

export const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** Inclusive bounds in epoch seconds; an absent bound is open. */
export interface DateWindow {
  readonly min?: number;
  readonly max?: number;
}

/**
 * The date window of a gallery request (docs/api.md, The gallery's arguments: the date window).
 * With ids, or for one photo's comments, the window is all time unless bounds are given, and has no
 * width limit. Otherwise it is at most 30 days: the 30 days before `now`, the 30 days from `min`,
 * or the 30 days up to `max`; wider is 1020. `max` before `min` is 1006.
 */
export function dateWindow(asked: DateWindow, unlimited: false, now: number): Required<DateWindow>;
export function dateWindow(asked: DateWindow, unlimited: true, now: number): DateWindow;
export function dateWindow(asked: DateWindow, unlimited: boolean, now: number): DateWindow {
  const { min, max } = asked;
  if (min !== undefined && max !== undefined && max < min) {
    throw new ApiError(1006, `max_submit_date (minimum min_submit_date, ${min})`);
  }
  if (unlimited) return asked;
  if (max === undefined) return min === undefined ? { min: now - THIRTY_DAYS, max: now } : { min, max: min + THIRTY_DAYS };
  // Dates start at the epoch (negative ones are refused), so the window does too.
  if (min === undefined) return { min: Math.max(0, max - THIRTY_DAYS), max };
  if (max - min > THIRTY_DAYS) throw new ApiError(1020, 'max_submit_date (at most 30 days after min_submit_date)');
  return asked;
}

export const inWindow = (date: number, window: DateWindow): boolean =>
  (window.min === undefined || date >= window.min) && (window.max === undefined || date <= window.max);
