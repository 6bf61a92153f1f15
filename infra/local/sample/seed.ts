/**
 * The sample gallery in a database: `npm run seed` makes the gallery table again and loads the
 * sample; `npm start` loads it into an empty table, or finishes a load that stopped. Into a table
 * the local tools made, in bulk (./sample-load.ts); into any other, through the importer.
 */
import { DeleteTableCommand, ResourceNotFoundException, waitUntilTableNotExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nowSeconds, pause } from '../../../lib/iso-time';
import { DynamoGalleryStore } from '../../../lib/gallery/dynamodb';
import { ensureTables, listingOf, NotMadeByLocalToolsError } from '../../dynamodb/made-tables';
import { isRunning } from '../../dynamodb/start-state';
import { loadTemplate, type Template } from '../../template/read';
import { tablesOf } from '../../template/tables';
import { connect } from '../../ops/gallery/connection';
import { generateGallery, SAMPLE_DEFAULTS, type SampleOptions } from './generator';
import { importLines, type ImportSummary } from '../../ops/gallery/importer';
import { silentProgress, streamProgress, type Progress } from '../../ops/gallery/progress';
import { lineOf } from '../../ops/gallery/records';
import { bulkLoadSample, readSampleMarker, type MarkerTable, type SampleLoadOptions, type SampleSpec } from './sample-load';

/** Deletes the gallery table and creates it from template.yaml; NotMadeByLocalToolsError for a table the local tools did not make. */
export async function recreateGalleryTable(client: DynamoDBClient, table: string, template: Template = loadTemplate()): Promise<void> {
  if (!tablesOf(template).some((entry) => entry.properties.TableName === table)) {
    throw new Error(`template.yaml defines no table named ${table}, so it cannot be created again`);
  }
  if ((await listingOf(client, table)).origin === 'elsewhere') throw new NotMadeByLocalToolsError(table);
  try {
    await client.send(new DeleteTableCommand({ TableName: table }));
    await waitUntilTableNotExists({ client, maxWaitTime: 60 }, { TableName: table });
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await ensureTables(client, template);
}

/** Generates the sample for `now` and imports it. */
export async function loadSample(
  documents: DynamoDBDocumentClient,
  table: string,
  options: Partial<SampleOptions> & { progress?: Progress } = {},
): Promise<ImportSummary> {
  const records = generateGallery({ now: nowSeconds(), ...options });
  return importLines(records.map(lineOf), documents, table, { progress: options.progress });
}

export async function galleryIsEmpty(documents: DynamoDBDocumentClient, table: string): Promise<boolean> {
  return (await new DynamoGalleryStore(documents, table).earliestDate('photo')) === undefined;
}

type SampleOutcome = 'ready' | 'loaded' | 'finished' | 'imported' | 'left as it is';

/**
 * Makes the sample gallery whole. A table with photos and no marker (imported, or loaded before the local tools kept one) is left as it is.
 */
export async function completeSampleGallery(
  target: MarkerTable,
  options: SampleLoadOptions & { readonly sample?: Omit<SampleSpec, 'now'> } = {},
): Promise<SampleOutcome> {
  const progress = options.progress ?? silentProgress;
  const { made, marker } = await readSampleMarker(target);
  if (marker?.state === 'complete') return 'ready';
  if (marker?.state === 'loading') {
    progress.note("The sample gallery's last load stopped before the end: finishing it");
    await bulkLoadSample(target, marker, options);
    return 'finished';
  }
  if (!(await galleryIsEmpty(target.documents, target.table))) return 'left as it is';
  const { seed, photos, days } = SAMPLE_DEFAULTS;
  const spec = { now: nowSeconds(), ...(options.sample ?? { seed, photos, days }) };
  progress.note(`The gallery is empty: loading the sample (${spec.photos} photos over ${spec.days} days) in the background`);
  if (!made) {
    await loadSample(target.documents, target.table, { ...spec, progress });
    return 'imported';
  }
  await bulkLoadSample(target, spec, options);
  return 'loaded';
}

/**
 * Waits, up to `maxMs`, while another running process loads a sample into the table: making the
 * table again under its load would leave that load's later items in the new table.
 */
export async function waitForOtherLoad(target: MarkerTable, progress: Progress, maxMs = 60_000): Promise<void> {
  const until = performance.now() + maxMs;
  for (let said = false; performance.now() < until; said = true) {
    const { marker } = await readSampleMarker(target);
    if (marker?.state !== 'loading' || marker.pid === process.pid || !isRunning(marker.pid)) return;
    if (!said) progress.note(`Process ${marker.pid} (npm start?) is loading the sample gallery: waiting for it to finish first`);
    await pause(500);
  }
}

const SAYS: Record<SampleOutcome, string> = {
  ready: 'Sample gallery ready',
  loaded: 'Sample gallery loaded: ready',
  finished: 'Sample gallery finished: ready',
  imported: 'Sample gallery imported: ready',
  'left as it is':
    'The gallery holds photos but no sign of a complete sample load (imported, or loaded by an earlier version): left as it is; `npm run seed` loads the sample afresh',
};

/** `npm start`'s completeSampleGallery, in the background: says how it goes on stderr, failures included, which do not stop the server. */
export async function completeSampleInBackground(progress = streamProgress(), load: Pick<SampleLoadOptions, 'beforeBatch'> = {}) {
  const connection = connect();
  const started = performance.now();
  let loading = true;
  const unfinished = () =>
    loading && process.stderr.write('\nStopped while loading the sample gallery: the next `npm start` (or `npm run seed`) finishes it.\n');
  process.once('exit', unfinished);
  try {
    const outcome = await completeSampleGallery(connection, { progress, ...load });
    progress.note(
      `${SAYS[outcome]}${outcome === 'ready' || outcome === 'left as it is' ? '' : ` (${((performance.now() - started) / 1000).toFixed(1)} s)`}`,
    );
  } catch (error) {
    progress.note(
      `Loading the sample gallery failed (${(error as Error).message}): the next \`npm start\` tries again, or \`npm run seed\` loads it afresh.`,
    );
  } finally {
    loading = false;
    process.off('exit', unfinished);
    connection.close();
  }
}
