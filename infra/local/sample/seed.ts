/**
 * The sample gallery in a database: `npm run seed` empties the gallery table (deletes it and
 * creates it again from template.yaml, when the local tools made it) and loads the sample;
 * `npm start` makes it whole in its own DynamoDB Local: loads it when the table is empty, and
 * finishes a load that stopped. Into a table the local tools made, in bulk (./sample-load.ts);
 * into any other, through the importer.
 */
import { DeleteTableCommand, ResourceNotFoundException, waitUntilTableNotExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nowSeconds, pause } from '../../../lib/iso-time';
import { DynamoGalleryStore } from '../../../lib/gallery/dynamodb';
import { NotMadeByLocalToolsError, originOf } from '../../dynamodb/made-tables';
import { ensureTables } from '../../dynamodb/tables';
import { isRunning } from '../../dynamodb/start-state';
import { loadTemplate, type Template } from '../../template/read';
import { tablesOf } from '../../template/tables';
import { connect } from '../../ops/gallery/connection';
import { generateGallery, SAMPLE_DEFAULTS, type SampleOptions } from './generator';
import { importLines, type ImportSummary } from '../../ops/gallery/importer';
import { silentProgress, streamProgress, type Progress } from '../../ops/gallery/progress';
import { lineOf } from '../../ops/gallery/records';
import { bulkLoadSample, type SampleLoadOptions } from './sample-load';
import { readSampleMarker, type MarkerTable, type SampleSpec } from './sample-marker';

/**
 * Deletes the gallery table and creates it again as template.yaml defines it; a table the local
 * tools did not make (../dynamodb/made-tables.ts) is left as it is, with NotMadeByLocalToolsError.
 */
export async function recreateGalleryTable(client: DynamoDBClient, table: string, template: Template = loadTemplate()): Promise<void> {
  if (!tablesOf(template).some((entry) => entry.properties.TableName === table)) {
    throw new Error(`template.yaml defines no table named ${table}, so it cannot be created again`);
  }
  if ((await originOf(client, table)) === 'elsewhere') throw new NotMadeByLocalToolsError(table);
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

/** Whether the table holds no photo: one Query on byDate, Limit 1. */
export async function galleryIsEmpty(documents: DynamoDBDocumentClient, table: string): Promise<boolean> {
  return (await new DynamoGalleryStore(documents, table).earliestDate('photo')) === undefined;
}

/** What `npm start` found of the sample gallery, and did. */
export type SampleOutcome = 'ready' | 'loaded' | 'finished' | 'imported' | 'left as it is';

/**
 * Makes the sample gallery whole: loads it into an empty table, finishes a load that stopped
 * (the marker says `loading`: the same sample again, ./sample-load.ts), and leaves alone a table
 * that holds photos without a marker (imported, or loaded before the local tools kept one). Into
 * an empty table the local tools did not make, it goes through the importer.
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
 * While another process that is running loads a sample into the table (its marker says so),
 * waits for it, up to `maxMs`: `npm run seed` making the table again under a load would leave
 * that load's later items in the new table.
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

/**
 * For `npm start`, in the background: completeSampleGallery on the table GALLERY_TABLE names, at
 * the endpoint AWS_ENDPOINT_URL_DYNAMODB names. Says how it goes on stderr, failures included
 * (they do not stop the server), and what the next start does when the process ends before the
 * sample is whole.
 */
export async function completeSampleInBackground(
  progress: Progress = streamProgress(),
  load: Pick<SampleLoadOptions, 'beforeBatch'> = {},
): Promise<void> {
  const connection = connect();
  const started = performance.now();
  let loading = true;
  const unfinished = () => {
    if (loading)
      process.stderr.write('\nStopped while loading the sample gallery: the next `npm start` (or `npm run seed`) finishes it.\n');
  };
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
