/**
 * The first `need` entries of several sorted streams in one order, reading each stream only as
 * far as the merge reaches into it: a k-way merge whose streams are read in rounds, all streams
 * that ran dry at once, each asking for more than last time (doubling), so that the reads stay
 * within about twice what is taken plus one small read per stream, in a few round trips.
 */
import type { Ranked } from './order';

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
