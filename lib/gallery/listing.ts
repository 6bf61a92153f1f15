/**
 * One page of a listing over series (./layout.ts) within a date range, read so that its cost
 * follows the page, the days of the range and the series named, never the members in them
 * (docs/gallery-layout.md has the figures). First the total, from the counters of the range's
 * spans (./counters.ts) in one BatchGetItem; then date order in one series reads the partitions
 * the page spans (./date-page.ts), and any other listing merges one stream per partition
 * (./index-streams.ts). The caller reads the page's records by id.
 */
import { childCounts, counterKey, spansOf } from './counters';
import { datePage, type EarlyRead } from './date-page';
import { indexQuery, partitionStream, mergeFirst } from './index-streams';
import { datedOf, dayOf, isByDay, partitionKey, type Series } from './layout';
import { isDateSort, ORDERS } from './layout';
import type { Ranked } from './records';
import { type Counted, dayRange, partitionsOf, sizeKeys, sum } from './partitions';
import type { GalleryReads } from './reads';
import type { PageIds, PageQuery, Range } from './store';

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
    if (!ranked) return { total, ids: await datePage(this.reads, counted[0]!, query, signal, early) };
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
}
