/**
 * One page of a listing over series (./layout.ts) within a date range, read so that its cost
 * follows the page, the days of the range and the series named, never the members in them
 * (docs/gallery-layout.md has the figures):
 *
 * 1. The total: the counters of the range's spans (./counters.ts), one BatchGetItem. An offset
 *    at or past it answers an empty page at once. A window's first page in date order that its
 *    first partition fills needs them for the total alone: they are read after that partition,
 *    with the page's records (see page()).
 * 2. Date order, one series: the counters lead to the bucket where the page starts, down to a
 *    bucket whose rest of the offset is small (READ_THROUGH entries); then each partition
 *    (day, ./partitions.ts) the page spans is queried for exactly the entries it gives, all at
 *    once.
 * 3. Rank order, or date order over several series: a lazy merge (./merge.ts) of one stream per
 *    partition (./index-streams.ts), each read in its index order. A partition the range cuts
 *    (an edge day, a thread with date bounds) is read either as its members in the range, sorted
 *    once read, or as its rank index with the rest filtered out, whichever the counts say reads
 *    less.
 * Only then are the page's records read (by the caller, by id).
 */
import { childCounts, childEnd, childStart, counterKey, DAY_LEVEL, findChild, ROOT, spansOf, wholeBucket } from './counters';
import { earliestKey, firstFrom, hintMinuteKey, usableHint } from './earliest';
import { indexQuery, partitionStream, READ_THROUGH } from './index-streams';
import { datedOf, dayOf, isByDay, partitionKey, type Series } from './layout';
import { mergeFirst } from './merge';
import { isDateSort, ORDERS, type Ranked } from './order';
import { type Counted, dayRange, type Partition, partitionsOf, sizeKeys, sum } from './partitions';
import type { GalleryReads } from './reads';
import type { PageIds, PageQuery, Range } from './store';

/** A partition's first entries in the page's order, asked for before the counters answered. */
interface EarlyRead {
  readonly key: string;
  readonly entries: Promise<Array<Record<string, unknown>>>;
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
      const withCounts = spans.map((span) => ({
        span,
        counts: childCounts(span, items.get(counterKey(s, span.level, span.start)), signal),
      }));
      return { series: s, spans: withCounts, total: sum(withCounts.map(({ counts }) => sum(counts))) };
    });
    return { counted, items, total: sum(counted.map((c) => c.total)) };
  }

  /** How many members the series have in the range: one BatchGetItem of at most 13 counter items a series. */
  async total(series: readonly Series[], range: Range, signal?: AbortSignal): Promise<number> {
    return (await this.counted(series, range, false, signal)).total;
  }

  async page(query: PageQuery, signal?: AbortSignal, known?: Promise<unknown>, withIds?: (ids: number[]) => void): Promise<PageIds> {
    const ranked = !isDateSort(query.sort) || query.series.length > 1;
    const early = ranked || query.offset > 0 || query.series.length !== 1 ? undefined : this.firstPartitionEarly(query, signal);
    if (early !== undefined && known === undefined && withIds !== undefined) {
      const filled = await this.filledByEarly(query, early, signal, withIds);
      if (filled !== undefined) return filled;
    }
    const { counted, items, total } = await this.counted(query.series, query.range, ranked, signal);
    await known;
    if (query.offset >= total) return { total, ids: [] };
    if (!ranked) return { total, ids: await this.datePage(counted[0]!, query, signal, early) };
    // A page nearer the end is read from the end: the merge never passes over more than half.
    const fromEnd = query.offset > total - query.offset - query.count;
    const need = fromEnd ? total - query.offset : query.offset + query.count;
    const forwards = ORDERS[query.sort];
    const order = fromEnd ? (a: Ranked, b: Ranked) => forwards(b, a) : forwards;
    const partitions = counted.flatMap((c) => partitionsOf(c, query.range, items, signal));
    const streams = partitions.map((partition) => partitionStream(this.reads, partition, query.sort, fromEnd, order, need, signal));
    const merged = await mergeFirst(streams, order, need, signal);
    const page = fromEnd ? merged.slice(Math.max(0, need - query.count)).reverse() : merged.slice(query.offset);
    return { total, ids: page.map((entry) => entry.id) };
  }

  /**
   * A first page its first partition's entries fill, answered without waiting for the counters:
   * they are asked for in the same turn as the caller's reads of the page's ids (`withIds`, the
   * records), so that both go in one BatchGetItem, one request fewer than the counters beside
   * the Query. Undefined, with nothing asked for, when the partition holds fewer than a page.
   * (The ids come from the index alone; the total from the counters, which the importer keeps
   * with it.)
   */
  private async filledByEarly(
    query: PageQuery,
    early: EarlyRead,
    signal: AbortSignal | undefined,
    withIds: (ids: number[]) => void,
  ): Promise<PageIds | undefined> {
    const entries = await early.entries;
    if (entries.length < query.count) return undefined;
    const ids = entries.slice(0, query.count).map((entry) => datedOf(entry).id);
    const counting = this.counted(query.series, query.range, false, signal);
    withIds(ids);
    return { total: (await counting).total, ids };
  }

  /** The earliest date of a whole-gallery series' members: from its hint (./earliest.ts), else by walking the counters. */
  async earliest(series: Series, signal?: AbortSignal): Promise<number | undefined> {
    const hint = usableHint(await this.reads.item(earliestKey(series), signal), signal);
    if (hint !== undefined) {
      const found = firstFrom(hint, await this.reads.lateItem(hintMinuteKey(series, hint), signal), signal);
      if (found !== undefined) return found;
    }
    return this.walk(series, signal);
  }

  /** The earliest date of a series' members, by the first non-empty bucket at each level, from the root down. */
  async walk(series: Series, signal?: AbortSignal): Promise<number | undefined> {
    let start = 0;
    for (let level = ROOT; level >= 1; level--) {
      const whole = wholeBucket(level, start);
      const counts = childCounts(whole, await this.reads.item(counterKey(series, level, start), signal), signal);
      const k = counts.findIndex((count) => count > 0);
      if (k === -1) return undefined;
      start = childStart(whole, k);
    }
    return start;
  }

  /**
   * A first page in date order (offset 0, one series) starts in the range's newest partition (its
   * oldest, ascending), unless that one holds none of the range: its entries are read beside the
   * counters rather than after them, one round trip less. Where the counters then say the page
   * starts elsewhere, this read (at most `count` entries) was the one spent for nothing.
   */
  private firstPartitionEarly(query: PageQuery, signal?: AbortSignal): EarlyRead {
    const series = query.series[0]!;
    const newestFirst = query.sort === 'submit_date-desc';
    const day = dayOf(newestFirst ? query.range.to : query.range.from);
    const byDay = isByDay(series);
    const partition = { series, key: partitionKey(series, byDay ? day : undefined) };
    const range = byDay ? dayRange(query.range, day) : query.range;
    const entries = this.reads.query(indexQuery(partition, 'date', !newestFirst, range), query.count, signal).then(({ items }) => items);
    // Not needed when the counters say the page is empty or starts elsewhere: its failure then goes unheard.
    entries.catch(() => undefined);
    return { key: partition.key, entries };
  }

  /** Date order in one series: down the counters to where the page starts, then exactly the entries it needs. */
  private async datePage(counted: Counted, query: PageQuery, signal?: AbortSignal, early?: EarlyRead): Promise<number[]> {
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
      const counts = childCounts(whole, await this.reads.item(counterKey(counted.series, landing.level, landing.start), signal), signal);
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
      reads.map(async ({ partition, range, skip, take }, i) => {
        const items =
          i === 0 && skip === 0 && early?.key === partition.key
            ? await early.entries
            : (await this.reads.query(indexQuery(partition, 'date', !newestFirst, range), skip + take, signal)).items;
        return items.slice(skip, skip + take).map((entry) => datedOf(entry).id);
      }),
    );
    return pages.flat().slice(0, query.count);
  }
}
