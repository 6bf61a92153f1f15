/**
 * The sample gallery's fast load, into a gallery table the local tools made that holds nothing
 * but this sample (all of it, part of it, or nothing yet): the sample's lines pass the importer's
 * checks and derivations (../../ops/gallery/plan.ts, as into an empty table), and the records, counts and counters
 * they make are put in bulk (../../ops/gallery/bulk.ts), between a `loading` and a `complete` marker
 * (./sample-marker.ts), each `loading` one saying how many items are written. A load that stopped
 * is finished by making the marker's sample again and putting its items from there: the same
 * items, put again, make the same table as one load that never stopped.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { galleryItems, putItems } from '../../ops/gallery/bulk';
import { generateGallery } from './generator';
import { planImport, type GalleryLookup } from '../../ops/gallery/plan';
import { silentProgress, type Progress } from '../../ops/gallery/progress';
import { lineOf, parseLine, type ParsedLine } from '../../ops/gallery/records';
import { writeSampleMarker, type MarkerTable, type SampleSpec } from './sample-marker';

/**
 * Requests in flight at once. DynamoDB Local writes one at a time, so more only queue there,
 * ahead of the API's own requests: a second in flight wrote no faster and doubled how long a
 * request beside the load waits (docs/local.md has the figures).
 */
export const LOAD_CONCURRENCY = 1;

/** How many items are written between two `loading` markers that say how far it is. */
const ITEMS_PER_MARK = 2_000;

/** How many lines are checked between two turns of the event loop, so that requests beside the load are answered. */
const LINES_PER_TURN = 500;

const EMPTY_TABLE: GalleryLookup = { photos: async () => new Map(), comments: async () => new Map() };

/** The sample's items, records and counters, as the importer would leave them in an empty table. */
export async function sampleItems(spec: SampleSpec): Promise<{ photos: number; comments: number; items: Record<string, unknown>[] }> {
  const lines: ParsedLine[] = [];
  for (const record of generateGallery(spec)) {
    lines.push(parseLine(lineOf(record)));
    if (lines.length % LINES_PER_TURN === 0) await nextTurn();
  }
  const plan = await planImport(lines, EMPTY_TABLE);
  if (plan.refused.length > 0)
    throw new Error(`the importer refuses line ${plan.refused[0]!.line} of the sample: ${plan.refused[0]!.reason}`);
  await nextTurn();
  return { photos: plan.photos.length, comments: plan.comments.length, items: galleryItems(plan) };
}

export interface SampleLoadOptions {
  readonly progress?: Progress;
  readonly concurrency?: number;
  /** Stops the load between two batches, as an interruption would (for the tests). */
  readonly signal?: AbortSignal;
  /** Awaited before each batch (`npm start`: while the API answers requests, ../local/in-flight.ts). */
  readonly beforeBatch?: () => Promise<void>;
}

export interface SampleLoaded {
  readonly photos: number;
  readonly comments: number;
  /** Items put: records and counters. */
  readonly items: number;
  readonly seconds: number;
}

/**
 * Loads the sample `spec` makes, or finishes loading it from item `from` on (a `loading`
 * marker's `written`): marked `loading` first and as it goes, `complete` last.
 */
export async function bulkLoadSample(
  target: MarkerTable,
  spec: SampleSpec & { readonly written?: number },
  options: SampleLoadOptions = {},
): Promise<SampleLoaded> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const marker = { now: spec.now, seed: spec.seed, photos: spec.photos, days: spec.days, pid: process.pid };
  const from = spec.written ?? 0;
  await writeSampleMarker(target, { state: 'loading', ...marker, written: from });
  const { photos, comments, items } = await sampleItems(spec);
  progress.note(`Sample gallery: ${photos} photos and ${comments} comments, ${items.length} items with their counters`);
  progress.start('Sample gallery', items.length);
  progress.advance(from);
  try {
    for (let start = from; start < items.length; start += ITEMS_PER_MARK) {
      const end = Math.min(items.length, start + ITEMS_PER_MARK);
      await putItems(target.documents, target.table, items.slice(start, end), {
        // DynamoDB Local keeps its data on disk here, where transactions put the most a second (../../ops/gallery/bulk.ts).
        request: 'TransactWriteItems',
        concurrency: options.concurrency ?? LOAD_CONCURRENCY,
        onWritten: (count) => progress.advance(count),
        signal: options.signal,
        beforeBatch: options.beforeBatch,
      });
      await writeSampleMarker(target, { state: 'loading', ...marker, written: end });
    }
  } finally {
    progress.finish();
  }
  await writeSampleMarker(target, { state: 'complete', ...marker });
  return { photos, comments, items: items.length, seconds: (performance.now() - started) / 1000 };
}
