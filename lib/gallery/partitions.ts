/**
 * The index partitions of a series (./layout.ts) that a date range reaches, and how many of its
 * members each holds, from the counters (./counters.ts): what a listing (./listing.ts) plans its
 * reads by.
 */
import { bucketStart, childCounts, childStart, counterKey, DAY_LEVEL, ROOT, wholeBucket, type Span } from './counters';
import { DAY, dayOf, isByDay, partitionKey, type Series } from './layout';
import type { Range } from './store';
import { ApiError } from '../api-error';

/** The level whose buckets a day's total sits in (a child of a 64-day bucket). */
const DAY_TOTALS_LEVEL = DAY_LEVEL + 1;

/** One index partition of a series, as the range sees it. */
export interface Partition {
  readonly series: Series;
  readonly key: string;
  /** The part of the range within the partition. */
  readonly range: Range;
  /** Its members in the range. */
  readonly inRange: number;
  /** All its members: known only where a rank order needs it. */
  readonly size: number | undefined;
}

/** A series with the counts of a range's spans, and its members in the range. */
export interface Counted {
  readonly series: Series;
  readonly spans: ReadonlyArray<{ readonly span: Span; readonly counts: readonly number[] }>;
  readonly total: number;
}

/** Capped, as a count the API shows: counters in range may still add up past 2^53 − 1. */
export function sum(counts: readonly number[]): number {
  let total = 0;
  for (const count of counts) total += count;
  return Math.min(total, Number.MAX_SAFE_INTEGER);
}

const daysOf = (range: Range): number[] => {
  const days: number[] = [];
  for (let day = dayOf(range.from); day <= dayOf(range.to); day++) days.push(day);
  return days;
};

/** The part of `range` within `day`: a whole-gallery partition's range. */
export const dayRange = (range: Range, day: number): Range => ({
  from: Math.max(range.from, day * DAY),
  to: Math.min(range.to, day * DAY + DAY - 1),
});

/** The counter items that hold each partition's size: the days' 64-day buckets, or a series' root. */
export function sizeKeys(series: Series, range: Range): string[] {
  if (!isByDay(series)) return [counterKey(series, ROOT, 0)];
  return [...new Set(daysOf(range).map((day) => counterKey(series, DAY_TOTALS_LEVEL, bucketStart(DAY_TOTALS_LEVEL, day * DAY))))];
}

function sizeOf(series: Series, items: Map<string, Record<string, unknown>>, signal: AbortSignal | undefined, day?: number): number {
  const level = isByDay(series) ? DAY_TOTALS_LEVEL : ROOT;
  const start = day === undefined ? 0 : bucketStart(level, day * DAY);
  const whole = wholeBucket(level, start);
  const counts = childCounts(whole, items.get(counterKey(series, level, start)), signal);
  return day === undefined ? sum(counts) : counts[(day * DAY - start) / DAY]!;
}

/** The partitions of a counted series that hold members in the range, in time order; their sizes from `items` when given. */
export function partitionsOf(
  counted: Counted,
  range: Range,
  items: Map<string, Record<string, unknown>> | undefined,
  signal?: AbortSignal,
): Partition[] {
  const { series } = counted;
  if (!isByDay(series)) {
    return counted.total === 0
      ? []
      : [{ series, key: partitionKey(series), range, inRange: counted.total, size: items && sizeOf(series, items, signal) }];
  }
  const perDay = new Map<number, number>();
  for (const { span, counts } of counted.spans) {
    if (span.level > DAY_TOTALS_LEVEL) throw new RangeError('a range of the whole gallery spans at most 31 days');
    counts.forEach((count, i) => {
      const day = dayOf(childStart(span, span.from + i));
      perDay.set(day, (perDay.get(day) ?? 0) + count);
    });
  }
  return [...perDay]
    .filter(([, inRange]) => inRange > 0)
    .sort(([a], [b]) => a - b)
    .map(([day, inRange]) => ({
      series,
      key: partitionKey(series, day),
      range: dayRange(range, day),
      inRange,
      size: items && sizeOf(series, items, signal, day),
    }));
}

/** The widest date window a listing may ask for (docs/api.md, The gallery's arguments: the date window). */
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
