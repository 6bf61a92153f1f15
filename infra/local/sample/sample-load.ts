/**
 * The sample gallery's fast load into a gallery table the local tools made: the importer's checks
 * (../../ops/gallery/plan.ts), then the items put whole (../../ops/gallery/bulk.ts), between a
 * `loading` and a `complete` marker kept in the table's entry in `local-tools-made-tables`.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { conditionFailed, isNamed } from '../../../lib/db/failures';
import { listingOf, MADE_TABLES, NotMadeByLocalToolsError } from '../../dynamodb/made-tables';
import { galleryItems, putItems } from '../../ops/gallery/bulk';
import type { Connection } from '../../ops/gallery/connection';
import { planImport, type GalleryLookup } from '../../ops/gallery/plan';
import { silentProgress, type Progress } from '../../ops/gallery/progress';
import { lineOf, parseLine, type ParsedLine } from '../../ops/gallery/records';
import { generateGallery, type SampleOptions } from './generator';

/** Requests in flight at once: DynamoDB Local writes one at a time, so more only queue ahead of the API's (docs/local.md). */
const LOAD_CONCURRENCY = 1;
const ITEMS_PER_MARK = 2_000;
/** Lines checked between two turns of the event loop, so that requests beside the load are answered. */
const LINES_PER_TURN = 500;
/** The days of a marker written before markers kept them: every sample then spread over 120. */
const DAYS_BEFORE_MARKERS_KEPT_THEM = 120;

/** What the sample is made of: generateGallery's options (./generator.ts). */
export type SampleSpec = Required<Pick<SampleOptions, 'now' | 'seed' | 'photos' | 'days'>>;

export interface SampleMarker extends SampleSpec {
  readonly state: 'loading' | 'complete';
  readonly pid: number;
  /** While loading: how many of the sample's items are written for sure. */
  readonly written?: number;
}

export type MarkerTable = Pick<Connection, 'client' | 'documents' | 'table'>;

/** Whether the local tools made the table, and its marker (none before a load, or when the table is not theirs). */
export async function readSampleMarker(target: MarkerTable): Promise<{ made: boolean; marker?: SampleMarker }> {
  const { origin, entry } = await listingOf(target.client, target.table);
  if (origin !== 'local tools') return { made: false };
  const marker = entry?.sample as (Omit<SampleMarker, 'days'> & { days?: number }) | undefined;
  return { made: true, marker: marker && { ...marker, days: marker.days ?? DAYS_BEFORE_MARKERS_KEPT_THEM } };
}

/** Sets the marker only while the entry's creation time is the table's, so that a marker never outlives its table. */
export async function writeSampleMarker(target: MarkerTable, marker: SampleMarker): Promise<void> {
  const { origin, created } = await listingOf(target.client, target.table);
  if (origin !== 'local tools') throw new NotMadeByLocalToolsError(target.table);
  try {
    await target.documents.send(
      new UpdateCommand({
        TableName: MADE_TABLES,
        Key: { table: target.table },
        // `sample` is one of DynamoDB's reserved words.
        UpdateExpression: 'SET #sample = :marker',
        ConditionExpression: 'created = :created',
        ExpressionAttributeNames: { '#sample': 'sample' },
        ExpressionAttributeValues: { ':marker': marker, ':created': created },
      }),
    );
  } catch (error) {
    if (conditionFailed(error) || isNamed(error, 'ResourceNotFoundException')) throw new NotMadeByLocalToolsError(target.table);
    throw error;
  }
}

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
  /** Awaited before each batch (`npm start`: while the API answers requests, ../in-flight.ts). */
  readonly beforeBatch?: () => Promise<void>;
}

/**
 * Loads the sample `spec` makes, or finishes it from item `written` on: the same items put again
 * make the same table as one load that never stopped.
 */
export async function bulkLoadSample(
  target: MarkerTable,
  spec: SampleSpec & { readonly written?: number },
  options: SampleLoadOptions = {},
) {
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
        // On disk, transactions put the most a second (docs/local.md).
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
