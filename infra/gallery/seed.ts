/**
 * The sample gallery in a database: `npm run seed` empties the gallery table (deletes it and
 * creates it again from template.yaml, when the local tools made it) and loads the sample;
 * `npm start` loads it into its own DynamoDB Local when the gallery table is empty. Either way
 * through the importer.
 */
import { DeleteTableCommand, ResourceNotFoundException, waitUntilTableNotExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { NotMadeByLocalToolsError, originOf } from '../dynamodb/made-tables';
import { ensureTables } from '../dynamodb/tables';
import { loadTemplate, tablesOf, type Template } from '../local/template';
import { connect } from './connection';
import { generateGallery, SAMPLE_DEFAULTS, type SampleOptions } from './generator';
import { importLines, summaryLine, type ImportSummary } from './importer';
import { streamProgress, type Progress } from './progress';
import { lineOf } from './records';

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
  const records = generateGallery({ now: Math.floor(Date.now() / 1000), ...options });
  return importLines(records.map(lineOf), documents, table, { progress: options.progress });
}

/** Whether the table holds no photo: one Query on byDate, Limit 1. */
export async function galleryIsEmpty(documents: DynamoDBDocumentClient, table: string): Promise<boolean> {
  return (await new DynamoGalleryStore(documents, table).earliestDate('photo')) === undefined;
}

/**
 * For `npm start`, in the background: loads the sample into the table GALLERY_TABLE names, at
 * the endpoint AWS_ENDPOINT_URL_DYNAMODB names, when it holds no photo. Says how it goes on
 * stderr, failures included (they do not stop the server), and says so when the process ends
 * before the sample is whole.
 */
export async function loadSampleIfEmpty(progress: Progress = streamProgress()): Promise<void> {
  const connection = connect();
  let loading = false;
  const unfinished = () => {
    if (loading) process.stderr.write('\nStopped while loading the sample gallery, which is incomplete: `npm run seed` loads it afresh.\n');
  };
  process.once('exit', unfinished);
  try {
    if (!(await galleryIsEmpty(connection.documents, connection.table))) return;
    loading = true;
    progress.note(
      `The gallery is empty: loading the sample (${SAMPLE_DEFAULTS.photos} photos over ${SAMPLE_DEFAULTS.days} days) in the background`,
    );
    const summary = await loadSample(connection.documents, connection.table, { progress });
    loading = false;
    progress.note(`Sample gallery loaded: ${summaryLine(summary)} in ${summary.seconds.toFixed(1)} s`);
  } catch (error) {
    progress.note(`Loading the sample gallery failed (${(error as Error).message}): \`npm run seed\` loads it afresh.`);
    loading = false;
  } finally {
    process.off('exit', unfinished);
    connection.close();
  }
}
