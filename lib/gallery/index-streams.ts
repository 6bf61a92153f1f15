/**
 * A partition's entries read from its indexes (./layout.ts), lazily, as streams for the listing's
 * merge (below): the whole partition in an index's order, or, where the range cuts it, the
 * cheaper of its members in the range sorted once read and its rank index filtered to the range.
 */
import { dateKeyRange, datedOf, FAMILIES, familyOf, indexName, ORDER_KEYS, rankedOf, rankedOfAsc, type OrderKey } from './layout';
import { isDateSort, type Sort } from './layout';
import type { Ranked } from './records';
import type { Partition } from './partitions';
import type { GalleryReads, QueryInput } from './reads';
import type { Range } from './store';

/**
 * A rest of the offset this small is skipped by reading entries rather than more counters
 * (./listing.ts); a partition's members in a range are read with this many to spare.
 */
export const READ_THROUGH = 64;

/**
 * A partition's entries in a sort's order, or in its reverse, read lazily (./listing.ts says
 * how). Each index read the other way round is the order's exact reverse.
 */
export function partitionStream(
  reads: GalleryReads,
  partition: Partition,
  sort: Sort,
  reversed: boolean,
  order: (a: Ranked, b: Ranked) => number,
  need: number,
  signal?: AbortSignal,
): EntryStream {
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

/** A Query on a partition's index in one order; date order within `range`. */
export function indexQuery(partition: Pick<Partition, 'series' | 'key'>, order: OrderKey, forward: boolean, range?: Range): QueryInput {
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

/**
 * The first `need` entries of several sorted streams in one order, reading each stream only as
 * far as the merge reaches into it: a k-way merge whose streams are read in rounds, all streams
 * that ran dry at once, each asking for more than last time (doubling), so that the reads stay
 * within about twice what is taken plus one small read per stream, in a few round trips.
 */

export interface EntryStream {
  /** At most how many entries the stream still has (its members in the window not yet read). */
  readonly remaining: number;
  /** The next entries in the stream's order, at most `limit` (at least one unless it is exhausted). */
  next(limit: number): Promise<Ranked[]>;
}

/** The first read of each stream; later ones double. */
const FIRST_READ = 16;

interface Cursor {
  readonly stream: EntryStream;
  buffer: Ranked[];
  read: number;
  reads: number;
  exhausted: boolean;
}

export async function mergeFirst(
  streams: readonly EntryStream[],
  order: (a: Ranked, b: Ranked) => number,
  need: number,
  signal?: AbortSignal,
): Promise<Ranked[]> {
  const cursors: Cursor[] = streams
    .filter((s) => s.remaining > 0)
    .map((stream) => ({ stream, buffer: [], read: 0, reads: 0, exhausted: false }));
  const taken: Ranked[] = [];
  while (taken.length < need) {
    const dry = cursors.filter((c) => c.buffer.length === 0 && !c.exhausted);
    if (dry.length > 0) {
      signal?.throwIfAborted();
      const wanted = need - taken.length;
      await Promise.all(
        dry.map(async (c) => {
          const limit = Math.min(c.stream.remaining - c.read, wanted, FIRST_READ * 2 ** c.reads);
          const entries = limit > 0 ? await c.stream.next(limit) : [];
          c.reads += 1;
          c.read += entries.length;
          c.buffer = entries;
          c.exhausted = entries.length === 0 || c.read >= c.stream.remaining;
        }),
      );
      continue;
    }
    let best: Cursor | undefined;
    for (const c of cursors) {
      if (c.buffer.length > 0 && (best === undefined || order(c.buffer[0]!, best.buffer[0]!) < 0)) best = c;
    }
    if (best === undefined) break;
    taken.push(best.buffer.shift()!);
  }
  return taken;
}
