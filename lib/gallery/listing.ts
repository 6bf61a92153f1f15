/**
 * One page of a listing over series (./layout.ts) within a date range, read so that its cost
 * follows the page, the days of the range and the series named, never the members in them
 * (docs/gallery-layout.md has the figures):
 *
 * 1. The total: the counters of the range's spans (./counters.ts), one BatchGetItem. An offset
 *    at or past it answers an empty page at once.
 * 2. Date order, one series: the counters lead to the bucket where the page starts, down to a
 *    bucket whose rest of the offset is small (READ_THROUGH entries); then each partition
 *    (day) the page spans is queried for exactly the entries it gives, all at once.
 * 3. Rank order, or date order over several series: a lazy merge (./merge.ts) of one stream per
 *    partition, each read in its index order. A partition the range cuts (an edge day, a thread
 *    with date bounds) is read either as its members in the range, sorted here, or as its rank
 *    index with the rest filtered out, whichever the counts say reads less.
 * Only then are the page's records read (by the caller, by id).
 */
import { bucketStart, childCounts, childEnd, childStart, counterKey, DAY_LEVEL, ROOT, spansOf, wholeBucket, type Span } from './counters';
import {
  DAY,
  dateKeyRange,
  datedOf,
  familyOf,
  FAMILIES,
  indexName,
  isByDay,
  ORDER_KEYS,
  partitionKey,
  rankedOf,
  rankedOfAsc,
  type OrderKey,
  type Series,
} from './layout';
import { mergeFirst, type EntryStream } from './merge';
import { isDateSort, ORDERS, type Ranked, type Sort } from './order';
import type { GalleryReads, QueryInput } from './reads';
import type { PageIds, PageQuery, Range } from './store';

/** A rest of the offset this small is skipped by reading entries rather than more counters. */
const READ_THROUGH = 64;
/** The level whose buckets a day's total sits in (a child of a 64-day bucket). */
const DAY_TOTALS_LEVEL = DAY_LEVEL + 1;

/** One index partition of a series, as the range sees it. */
interface Partition {
  readonly series: Series;
  readonly key: string;
  /** The part of the range within the partition. */
  readonly range: Range;
  /** Its members in the range. */
  readonly inRange: number;
  /** All its members: known only where a rank order needs it. */
  readonly size: number | undefined;
}

interface Counted {
  readonly series: Series;
  readonly spans: ReadonlyArray<{ readonly span: Span; readonly counts: readonly number[] }>;
  readonly total: number;
}

const sum = (counts: readonly number[]): number => counts.reduce((a, b) => a + b, 0);
const daysOf = (range: Range): number[] => {
  const days: number[] = [];
  for (let day = Math.floor(range.from / DAY); day <= Math.floor(range.to / DAY); day++) days.push(day);
  return days;
};

/** The counter items that hold each partition's size: the days' 64-day buckets, or a series' root. */
function sizeKeys(series: Series, range: Range): string[] {
  if (!isByDay(series)) return [counterKey(series, ROOT, 0)];
  return [...new Set(daysOf(range).map((day) => counterKey(series, DAY_TOTALS_LEVEL, bucketStart(DAY_TOTALS_LEVEL, day * DAY))))];
}

function sizeOf(series: Series, items: Map<string, Record<string, unknown>>, day?: number): number {
  const level = isByDay(series) ? DAY_TOTALS_LEVEL : ROOT;
  const start = day === undefined ? 0 : bucketStart(level, day * DAY);
  const whole = wholeBucket(level, start);
  const counts = childCounts(whole, items.get(counterKey(series, level, start)));
  return day === undefined ? sum(counts) : counts[(day * DAY - start) / DAY]!;
}

/** The partitions of a counted series that hold members in the range, in time order. */
function partitionsOf(counted: Counted, range: Range, items: Map<string, Record<string, unknown>> | undefined): Partition[] {
  const { series } = counted;
  if (!isByDay(series)) {
    return counted.total === 0
      ? []
      : [{ series, key: partitionKey(series), range, inRange: counted.total, size: items && sizeOf(series, items) }];
  }
  const perDay = new Map<number, number>();
  for (const { span, counts } of counted.spans) {
    if (span.level > DAY_TOTALS_LEVEL) throw new RangeError('a range of the whole gallery spans at most 31 days');
    counts.forEach((count, i) => {
      const day = Math.floor(childStart(span, span.from + i) / DAY);
      perDay.set(day, (perDay.get(day) ?? 0) + count);
    });
  }
  return [...perDay]
    .filter(([, inRange]) => inRange > 0)
    .sort(([a], [b]) => a - b)
    .map(([day, inRange]) => ({
      series,
      key: partitionKey(series, day),
      range: { from: Math.max(range.from, day * DAY), to: Math.min(range.to, day * DAY + DAY - 1) },
      inRange,
      size: items && sizeOf(series, items, day),
    }));
}

export class Listing {
  constructor(private readonly reads: GalleryReads) {}

  /** The series' members in the range, each series with its spans' counts; with the partitions' sizes when asked. */
  private async counted(series: readonly Series[], range: Range, sizes: boolean, signal?: AbortSignal) {
    const spans = spansOf(range.from, range.to);
    const keys = series.flatMap((s) => [
      ...spans.map((span) => counterKey(s, span.level, span.start)),
      ...(sizes ? sizeKeys(s, range) : []),
    ]);
    const items = await this.reads.items(keys, signal);
    const counted = series.map((s): Counted => {
      const withCounts = spans.map((span) => ({ span, counts: childCounts(span, items.get(counterKey(s, span.level, span.start))) }));
      return { series: s, spans: withCounts, total: sum(withCounts.map(({ counts }) => sum(counts))) };
    });
    return { counted, items, total: sum(counted.map((c) => c.total)) };
  }

  /** How many members the series have in the range: one BatchGetItem of at most 13 counter items a series. */
  async total(series: readonly Series[], range: Range, signal?: AbortSignal): Promise<number> {
    return (await this.counted(series, range, false, signal)).total;
  }

  async page(query: PageQuery, signal?: AbortSignal): Promise<PageIds> {
    const ranked = !isDateSort(query.sort) || query.series.length > 1;
    const { counted, items, total } = await this.counted(query.series, query.range, ranked, signal);
    if (query.offset >= total) return { total, ids: [] };
    if (!ranked) return { total, ids: await this.datePage(counted[0]!, query, signal) };
    // A page nearer the end is read from the end: the merge never passes over more than half.
    const fromEnd = query.offset > total - query.offset - query.count;
    const need = fromEnd ? total - query.offset : query.offset + query.count;
    const forwards = ORDERS[query.sort];
    const order = fromEnd ? (a: Ranked, b: Ranked) => forwards(b, a) : forwards;
    const partitions = counted.flatMap((c) => partitionsOf(c, query.range, items));
    const streams = partitions.map((partition) => this.stream(partition, query.sort, fromEnd, order, need, signal));
    const merged = await mergeFirst(streams, order, need, signal);
    const page = fromEnd ? merged.slice(Math.max(0, need - query.count)).reverse() : merged.slice(query.offset);
    return { total, ids: page.map((entry) => entry.id) };
  }

  /** The earliest date of a series' members, by the first non-empty bucket at each level. */
  async earliest(series: Series, signal?: AbortSignal): Promise<number | undefined> {
    let start = 0;
    for (let level = ROOT; level >= 1; level--) {
      const whole = wholeBucket(level, start);
      const counts = childCounts(
        whole,
        (await this.reads.items([counterKey(series, level, start)], signal)).get(counterKey(series, level, start)),
      );
      const k = counts.findIndex((count) => count > 0);
      if (k === -1) return undefined;
      start = childStart(whole, k);
    }
    return start;
  }

  /** Date order in one series: down the counters to where the page starts, then exactly the entries it needs. */
  private async datePage(counted: Counted, query: PageQuery, signal?: AbortSignal): Promise<number[]> {
    const newestFirst = query.sort === 'submit_date-desc';
    const inOrder = <T>(list: readonly T[]): T[] => (newestFirst ? [...list].reverse() : [...list]);
    let landing: { level: number; start: number; end: number; rest: number } | undefined;
    let rest = query.offset;
    for (const { span, counts } of inOrder(counted.spans)) {
      const k = findChild(inOrder(counts.map((count, i) => [span.from + i, count] as const)), rest);
      if (k.found === undefined) {
        rest = k.rest;
        continue;
      }
      landing = { level: span.level - 1, start: childStart(span, k.found), end: childEnd(span, k.found), rest: k.rest };
      break;
    }
    if (landing === undefined) return [];
    const byDay = isByDay(counted.series);
    while (landing.level > 0 && (landing.rest > READ_THROUGH || (byDay && landing.level > DAY_LEVEL))) {
      const whole = wholeBucket(landing.level, landing.start);
      const key = counterKey(counted.series, landing.level, landing.start);
      const counts = childCounts(whole, (await this.reads.items([key], signal)).get(key));
      const k = findChild(inOrder(counts.map((count, i) => [i, count] as const)), landing.rest);
      if (k.found === undefined) break; // the counters moved meanwhile: read from here
      landing = { level: landing.level - 1, start: childStart(whole, k.found), end: childEnd(whole, k.found), rest: k.rest };
    }

    const partitions = inOrder(partitionsOf(counted, query.range, undefined));
    const at = partitions.findIndex((p) => p.range.from <= landing.start && landing.end <= p.range.to);
    // Entries before the landing bucket in the order, and those of its partition among them.
    const before = query.offset - landing.rest;
    const beforeInPartition = before - sum(partitions.slice(0, at).map((p) => p.inRange));
    let wanted = query.count;
    const reads: Array<{ partition: Partition; range: Range; skip: number; take: number }> = [];
    for (const partition of partitions.slice(at)) {
      if (wanted === 0) break;
      const first = reads.length === 0;
      const skip = first ? landing.rest : 0;
      const left = first ? partition.inRange - beforeInPartition - skip : partition.inRange;
      const take = Math.min(wanted, Math.max(0, left));
      const range = !first
        ? partition.range
        : newestFirst
          ? { from: partition.range.from, to: landing.end }
          : { from: landing.start, to: partition.range.to };
      reads.push({ partition, range, skip, take });
      wanted -= take;
    }
    const pages = await Promise.all(
      reads.map(async ({ partition, range, skip, take }) => {
        const { items } = await this.reads.query(indexQuery(partition, 'date', !newestFirst, range), skip + take, signal);
        return items.slice(skip).map((entry) => datedOf(entry).id);
      }),
    );
    return pages.flat().slice(0, query.count);
  }

  /**
   * A partition's entries in a sort's order, or in its reverse, read lazily (see the file's
   * comment). Each index read the other way round is the order's exact reverse.
   */
  private stream(
    partition: Partition,
    sort: Sort,
    reversed: boolean,
    order: (a: Ranked, b: Ranked) => number,
    need: number,
    signal?: AbortSignal,
  ): EntryStream {
    const reads = this.reads;
    if (isDateSort(sort)) return indexStream(reads, partition, 'date', (sort === 'submit_date-asc') !== reversed, undefined, signal);
    const index: OrderKey = sort === 'digg_count-desc' ? 'rankDesc' : 'rankAsc';
    const forward = (index === 'rankAsc') !== reversed;
    const size = partition.size ?? partition.inRange;
    if (partition.inRange >= size) return indexStream(reads, partition, index, forward, undefined, signal);
    // Cut by the range: reading its members costs inRange entries; filtering the rank index,
    // about need × size / inRange. Both are known here, so the cheaper is taken.
    if (partition.inRange * partition.inRange <= need * size) return sortedStream(reads, partition, order, signal);
    return indexStream(reads, partition, index, forward, partition.range, signal);
  }
}

/** The child where `rest` entries into `children` (in order) fall, and what is left of `rest` within it. */
function findChild(children: ReadonlyArray<readonly [number, number]>, rest: number): { found: number | undefined; rest: number } {
  for (const [k, count] of children) {
    if (rest < count) return { found: k, rest };
    rest -= count;
  }
  return { found: undefined, rest };
}

/** A Query on a partition's index in one order; date order within `range`. */
function indexQuery(partition: Partition, order: OrderKey, forward: boolean, range?: Range): QueryInput {
  const family = familyOf(partition.series);
  const inRange = order === 'date' && range !== undefined;
  const [lo, hi] = inRange ? dateKeyRange(range.from, range.to) : [];
  return {
    IndexName: indexName(family, order),
    KeyConditionExpression: inRange ? '#p = :p AND #s BETWEEN :lo AND :hi' : '#p = :p',
    ExpressionAttributeNames: { '#p': FAMILIES[family], ...(inRange ? { '#s': ORDER_KEYS.date } : {}) },
    ExpressionAttributeValues: { ':p': partition.key, ...(inRange ? { ':lo': lo, ':hi': hi } : {}) },
    ScanIndexForward: forward,
  };
}

const entryOf: Record<OrderKey, (entry: Record<string, unknown>) => Ranked> = {
  date: (entry) => ({ ...datedOf(entry), rank: 0 }),
  rankDesc: rankedOf,
  rankAsc: rankedOfAsc,
};

/**
 * A partition read in index order, page by page; with `filter`, a rank index whose entries
 * outside that date range are skipped (date order takes its range in the key condition).
 */
function indexStream(
  reads: GalleryReads,
  partition: Partition,
  order: OrderKey,
  forward: boolean,
  filter: Range | undefined,
  signal?: AbortSignal,
): EntryStream {
  const input = indexQuery(partition, order, forward, order === 'date' ? partition.range : undefined);
  let next: Record<string, unknown> | undefined;
  let done = false;
  return {
    remaining: partition.inRange,
    async next(limit) {
      const found: Ranked[] = [];
      while (found.length === 0 && !done) {
        const page = await reads.query(input, limit, signal, next);
        next = page.next;
        done = next === undefined;
        const entries = page.items.map(entryOf[order]);
        found.push(...(filter ? entries.filter((e) => e.date >= filter.from && e.date <= filter.to) : entries));
      }
      return found;
    },
  };
}

/** A partition's members in the range, read by date and sorted here (the range holds few of them). */
function sortedStream(
  reads: GalleryReads,
  partition: Partition,
  order: (a: Ranked, b: Ranked) => number,
  signal?: AbortSignal,
): EntryStream {
  let sorted: Ranked[] | undefined;
  return {
    remaining: partition.inRange,
    async next(limit) {
      if (sorted === undefined) {
        const { items } = await reads.query(indexQuery(partition, 'date', true, partition.range), partition.inRange + READ_THROUGH, signal);
        sorted = items.map(rankedOf).sort(order);
      }
      return sorted.splice(0, limit);
    },
  };
}
