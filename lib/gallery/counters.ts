/**
 * How many members a series has in any range of seconds, kept as counters in a fixed tree of
 * time buckets: seconds, minutes, hours, days, 64 days, 4 096 days, 262 144 days, and the root.
 * Each bucket above the seconds is one item holding its children's counts as attributes c0, c1,
 * …, so a member dated t adds 1 to one attribute of one item per level (seven updates).
 *
 * Any inclusive range [from, to] splits into *spans*: runs of a bucket's children that lie whole
 * inside it, at most two per level (the left and right edges) and one at the top. Counting a
 * range reads the spans' items, at most 13 and usually 5 to 9, in one BatchGetItem: its cost
 * does not depend on how many members the range holds.
 */
import { MAX_DATE, seriesName, type Series } from './layout';
import { shownCount, noteUnshowable } from './stored-values';
import { isWholeIn } from '../db/client';
import type { GalleryReads } from './reads';

/** Bucket widths in seconds, level 0 (a second) to level 6; level 7 is the root, all of time. */
const WIDTHS = [1, 60, 3_600, 86_400, 86_400 * 64, 86_400 * 4_096, 86_400 * 262_144] as const;
export const ROOT = WIDTHS.length;
/** The level whose buckets are days: the whole gallery's index partitions. */
export const DAY_LEVEL = 3;

const width = (level: number): number => (level === ROOT ? MAX_DATE + 1 : WIDTHS[level]!);

/** The start of the bucket of `level` that holds second `t`. */
export const bucketStart = (level: number, t: number): number => (level === ROOT ? 0 : t - (t % WIDTHS[level]!));

/** The item holding the counts of the children of bucket (`level`, `start`), level ≥ 1. */
export const counterKey = (series: Series, level: number, start: number): string => `count#${seriesName(series)}#${level}#${start}`;

/** The attribute of child `k` in its parent's item. */
const childAttribute = (k: number): string => `c${k}`;

/** One counter to move: attribute `attribute` of item `key`. */
export interface CounterUpdate {
  readonly key: string;
  readonly attribute: string;
  readonly delta: number;
}

/** What a member dated `date` adds to (or, with delta −1, takes from) the series' counters. */
export function counterUpdates(series: Series, date: number, delta: number): CounterUpdate[] {
  const updates: CounterUpdate[] = [];
  for (let level = 1; level <= ROOT; level++) {
    const start = bucketStart(level, date);
    const k = Math.floor((date - start) / WIDTHS[level - 1]!);
    updates.push({ key: counterKey(series, level, start), attribute: childAttribute(k), delta });
  }
  return updates;
}

/** Children `from`..`to` of bucket (`level`, `start`), each whole inside a range. */
export interface Span {
  readonly level: number;
  readonly start: number;
  readonly from: number;
  readonly to: number;
}

/** The width of the children of a span's bucket, and where child k starts and ends. */
const childWidth = (span: Pick<Span, 'level'>): number => WIDTHS[span.level - 1]!;
export const childStart = (span: Pick<Span, 'level' | 'start'>, k: number): number => span.start + k * childWidth(span);
export const childEnd = (span: Pick<Span, 'level' | 'start'>, k: number): number => childStart(span, k) + childWidth(span) - 1;

/** The spans of [from, to] (inclusive, within 0..MAX_DATE), in time order. */
export function spansOf(from: number, to: number): Span[] {
  const spans: Span[] = [];
  if (from > to) return spans;
  const cover = (level: number, start: number): void => {
    const w = WIDTHS[level - 1]!;
    const end = start + width(level) - 1;
    const first = Math.floor((Math.max(from, start) - start) / w);
    const last = Math.floor((Math.min(to, end) - start) / w);
    // No date lies past MAX_DATE: a child reaching beyond it is whole when the range reaches it.
    const whole = (k: number) => start + k * w >= from && Math.min(start + (k + 1) * w - 1, MAX_DATE) <= to;
    let lo = first;
    let hi = last;
    if (!whole(first)) {
      cover(level - 1, start + first * w);
      lo = first + 1;
    }
    const rightPartial = last > first && !whole(last);
    if (rightPartial) hi = last - 1;
    if (lo <= hi) spans.push({ level, start, from: lo, to: hi });
    if (rightPartial) cover(level - 1, start + last * w);
  };
  cover(ROOT, 0);
  return spans;
}

/**
 * The counts of a span's children, from its item (undefined when the item does not exist). A
 * count that is not a whole number in range is read as the API shows a count (capped, 0 for what
 * is not a number) and noted for the request's log (docs/api.md, Errors: stored values).
 */
export function childCounts(span: Span, item: Record<string, unknown> | undefined, signal?: AbortSignal): number[] {
  const counts: number[] = [];
  for (let k = span.from; k <= span.to; k++) {
    const stored = item?.[childAttribute(k)];
    const count = stored === undefined ? 0 : shownCount(stored);
    if (count !== stored && stored !== undefined) noteUnshowable(signal, String(item!.pk), 'degraded', [childAttribute(k)]);
    counts.push(count);
  }
  return counts;
}

/** Every child of a bucket as a span: descending into a child is reading all of its children. */
export const wholeBucket = (level: number, start: number): Span => ({
  level,
  start,
  from: 0,
  to: Math.ceil(width(level) / WIDTHS[level - 1]!) - 1,
});

/** The child where `rest` entries into `children` (in order) fall, and what is left of `rest` within it. */
export function findChild(children: ReadonlyArray<readonly [number, number]>, rest: number): { found: number | undefined; rest: number } {
  for (const [k, count] of children) {
    if (rest < count) return { found: k, rest };
    rest -= count;
  }
  return { found: undefined, rest };
}

/**
 * The earliest date of a whole-gallery series (all photos, all comments): what listings by id
 * answer as min_date (docs/api.md, Bodies). Read from a hint, one item per series holding a date
 * no member of the series is dated before: the writers lower it before they add an earlier
 * member (infra/ops/gallery/earliest-hint.ts), and never raise it. The counters of the hint's minute
 * then give the first second at or after it that holds a member: two reads, where walking the
 * counters down from the root takes seven. Without a hint (a table written before there were
 * hints), or when its minute holds no member from it on (the member it named was removed), the
 * walk answers. docs/gallery-layout.md has the item and its reads.
 */

/** The hint's item: `earliest#photos`, `earliest#comments`. */
export const earliestKey = (series: Series): string => `earliest#${seriesName(series)}`;

/** The hint's attribute. */
export const HINT_ATTRIBUTE = 'date';

/** The hint an item holds: a whole number of seconds, or undefined (no item, or not a hint). */
export function hintOf(item: Record<string, unknown> | undefined): number | undefined {
  const date = item?.[HINT_ATTRIBUTE];
  return isWholeIn(date, 0) ? date : undefined;
}

/** The hint a request reads; a hint item whose hint is not a date (written by hand) is noted for its log, and not used. */
function usableHint(item: Record<string, unknown> | undefined, signal?: AbortSignal): number | undefined {
  const hint = hintOf(item);
  if (hint === undefined && item !== undefined) noteUnshowable(signal, String(item.pk), 'ignored', [HINT_ATTRIBUTE]);
  return hint;
}

/** The minute counter that holds `hint`'s second (level 1: a minute's seconds). */
export const hintMinuteKey = (series: Series, hint: number): string => counterKey(series, 1, bucketStart(1, hint));

/** The first second at or after `hint`, in its minute, that holds a member; undefined when none does. */
export function firstFrom(hint: number, minuteItem: Record<string, unknown> | undefined, signal?: AbortSignal): number | undefined {
  const start = bucketStart(1, hint);
  const counts = childCounts(wholeBucket(1, start), minuteItem, signal);
  for (let k = hint - start; k < counts.length; k++) if (counts[k]! > 0) return start + k;
  return undefined;
}

/** The earliest date of a whole-gallery series' members: from its hint, else by walking the counters. */
export async function earliestDate(reads: GalleryReads, series: Series, signal?: AbortSignal): Promise<number | undefined> {
  const hint = usableHint(await reads.item(earliestKey(series), signal), signal);
  if (hint !== undefined) {
    const found = firstFrom(hint, await reads.lateItem(hintMinuteKey(series, hint), signal), signal);
    if (found !== undefined) return found;
  }
  return earliestByCounters(reads, series, signal);
}

/** The earliest date of a series' members, by the first non-empty bucket at each level, from the root down. */
export async function earliestByCounters(reads: GalleryReads, series: Series, signal?: AbortSignal): Promise<number | undefined> {
  let start = 0;
  for (let level = ROOT; level >= 1; level--) {
    const whole = wholeBucket(level, start);
    const counts = childCounts(whole, await reads.item(counterKey(series, level, start), signal), signal);
    const k = counts.findIndex((count) => count > 0);
    if (k === -1) return undefined;
    start = childStart(whole, k);
  }
  return start;
}
