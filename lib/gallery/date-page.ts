/**
 * A page in date order over one series. The offset is spent from the front: on the partitions
 * (days) before the page's first, then on the counters' buckets inside that partition, down to
 * one where what is left to skip is small (READ_THROUGH entries); then each partition the page
 * spans is queried for exactly the entries it gives, all at once.
 */
import { childCounts, childEnd, childStart, counterKey, DAY_LEVEL, findChild, wholeBucket } from './counters';
import { indexQuery, READ_THROUGH } from './index-streams';
import { datedOf, isByDay } from './layout';
import { type Counted, type Partition, partitionsOf } from './partitions';
import type { GalleryReads } from './reads';
import type { PageQuery, Range } from './store';

/** A partition's first entries in the page's order, asked for before the counters answered. */
export interface EarlyRead {
  readonly key: string;
  readonly entries: Promise<Array<Record<string, unknown>>>;
}

/** A counters' bucket wholly inside the range, and how many of its entries come before the page in its order. */
interface Landing {
  readonly level: number;
  readonly start: number;
  readonly end: number;
  readonly skip: number;
}

/** The spans' children (buckets wholly inside the range) that lie in a partition, in time order, with their counts. */
function bucketsIn(counted: Counted, partition: Partition): Array<Omit<Landing, 'skip'> & { readonly count: number }> {
  return counted.spans
    .flatMap(({ span, counts }) =>
      counts.map((count, i) => ({
        level: span.level - 1,
        start: childStart(span, span.from + i),
        end: childEnd(span, span.from + i),
        count,
      })),
    )
    .filter((bucket) => partition.range.from <= bucket.start && bucket.start <= partition.range.to);
}

/**
 * The bucket of `partition` where its entry number `before` (in the page's order) lies: among the
 * spans' children, then down the counters while more than READ_THROUGH entries would be skipped
 * (and, by day, at least to the day).
 */
async function landingIn(
  reads: GalleryReads,
  counted: Counted,
  partition: Partition,
  before: number,
  inOrder: <T>(list: readonly T[]) => T[],
  signal?: AbortSignal,
): Promise<Landing | undefined> {
  let landing: Landing | undefined;
  let rest = before;
  for (const { count, ...bucket } of inOrder(bucketsIn(counted, partition))) {
    if (rest < count) {
      landing = { ...bucket, skip: rest };
      break;
    }
    rest -= count;
  }
  const byDay = isByDay(counted.series);
  while (landing !== undefined && landing.level > 0 && (landing.skip > READ_THROUGH || (byDay && landing.level > DAY_LEVEL))) {
    const whole = wholeBucket(landing.level, landing.start);
    const counts = childCounts(whole, await reads.item(counterKey(counted.series, landing.level, landing.start), signal), signal);
    const k = findChild(inOrder(counts.map((count, i) => [i, count] as const)), landing.skip);
    if (k.found === undefined) break; // the counters moved meanwhile: read from here
    landing = { level: landing.level - 1, start: childStart(whole, k.found), end: childEnd(whole, k.found), skip: k.rest };
  }
  return landing;
}

/** The ids of a page in date order in one series; `early`, the first partition's entries when they were read beside the counters. */
export async function datePage(
  reads: GalleryReads,
  counted: Counted,
  query: PageQuery,
  signal?: AbortSignal,
  early?: EarlyRead,
): Promise<number[]> {
  const newestFirst = query.sort === 'submit_date-desc';
  const inOrder = <T>(list: readonly T[]): T[] => (newestFirst ? [...list].reverse() : [...list]);
  const partitions = inOrder(partitionsOf(counted, query.range, undefined));
  let at = 0;
  let before = query.offset;
  while (at < partitions.length && before >= partitions[at]!.inRange) before -= partitions[at++]!.inRange;
  const first = partitions[at];
  const landing = first && (await landingIn(reads, counted, first, before, inOrder, signal));
  if (first === undefined || landing === undefined) return [];

  const range = newestFirst ? { from: first.range.from, to: landing.end } : { from: landing.start, to: first.range.to };
  const take = Math.min(query.count, first.inRange - before);
  const pageReads: Array<{ partition: Partition; range: Range; skip: number; take: number }> = [
    { partition: first, range, skip: landing.skip, take },
  ];
  let wanted = query.count - take;
  for (const partition of partitions.slice(at + 1)) {
    if (wanted === 0) break;
    const more = Math.min(wanted, partition.inRange);
    pageReads.push({ partition, range: partition.range, skip: 0, take: more });
    wanted -= more;
  }
  const pages = await Promise.all(
    pageReads.map(async ({ partition, range, skip, take }, i) => {
      const items =
        i === 0 && skip === 0 && early?.key === partition.key
          ? await early.entries
          : (await reads.query(indexQuery(partition, 'date', !newestFirst, range), skip + take, signal)).items;
      return items.slice(skip, skip + take).map((entry) => datedOf(entry).id);
    }),
  );
  return pages.flat().slice(0, query.count);
}
