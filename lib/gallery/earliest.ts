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
import { isWholeIn } from '../whole-number';
import { bucketStart, childCounts, childStart, counterKey, ROOT, wholeBucket } from './counters';
import { seriesName, type Series } from './layout';
import type { GalleryReads } from './reads';
import { noteUnshowable } from './unshowable';

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
export function usableHint(item: Record<string, unknown> | undefined, signal?: AbortSignal): number | undefined {
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
