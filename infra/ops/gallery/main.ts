/**
 * The gallery's operator commands, on the gallery table of the database the local tools choose
 * (./connection.ts: AWS_ENDPOINT_URL_DYNAMODB, else the running `npm start`'s):
 *
 *   import FILE   `npm run import -- FILE`: the photos and comments of an NDJSON file
 *                 (docs/import-format.md); refused lines printed as FILE:LINE: reason and written
 *                 not at all, the good ones written all the same. Exit code 1 when any was refused.
 *   export FILE   `npm run export -- FILE`: the table's photos and comments as NDJSON in the import
 *                 format (GALLERY_TABLE names the table to read, an earlier layout's included).
 *   check         `npm run gallery -- check`: every counter, count, level and index key recounted
 *                 from the records (./recount.ts); each disagreement a line. Exit code 1 when any.
 *
 * Exit code 0 when done, 2 when the command could not run.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type Connection, connectOrExit, failureMessage } from './connection';
import { exportGallery } from './export';
import { importFile, summaryLine } from './importer';
import { streamProgress } from './progress';
import { auditGallery } from './recount';

const USAGE = {
  import: 'usage: npm run import -- FILE   (one JSON record a line; see docs/import-format.md)',
  export: 'usage: npm run export -- FILE   (GALLERY_TABLE names the table, AWS_ENDPOINT_URL_DYNAMODB the database)',
  check: 'usage: npm run gallery -- check   (GALLERY_TABLE names the table, AWS_ENDPOINT_URL_DYNAMODB the database)',
};
const SHOWN = 100;

async function importInto(connection: Connection, file: string): Promise<number> {
  console.error(`Importing ${file} into ${connection.table} at ${connection.endpoint}`);
  const summary = await importFile(file, connection.documents, connection.table, {
    progress: streamProgress(),
    onRefused: (refused) => {
      for (const { line, reason } of refused.slice(0, SHOWN)) console.error(`${file}:${line}: ${reason}`);
      if (refused.length > SHOWN) console.error(`… and ${refused.length - SHOWN} more refused lines`);
    },
  });
  const counts = summary.counts > 0 ? ` (and the counts of ${summary.counts} stored items updated)` : '';
  console.log(`${summaryLine(summary)}${counts} in ${summary.seconds.toFixed(1)} s`);
  return summary.refused.length > 0 ? 1 : 0;
}

async function exportFrom(connection: Connection, file: string): Promise<number> {
  console.error(`Exporting ${connection.table} at ${connection.endpoint} to ${file}`);
  const { lines, photos, comments } = await exportGallery(connection.documents, connection.table);
  await writeFile(file, lines.map((line) => `${line}\n`).join(''));
  console.log(`${photos} photos and ${comments} comments written to ${file}`);
  return 0;
}

async function check(connection: Connection): Promise<number> {
  const { photos, comments, problems } = await auditGallery(connection.documents, connection.table);
  for (const problem of problems.slice(0, SHOWN)) console.error(problem);
  if (problems.length > SHOWN) console.error(`… and ${problems.length - SHOWN} more`);
  console.log(`${photos} photos and ${comments} comments in ${connection.table}: ${problems.length} disagreements`);
  return problems.length > 0 ? 1 : 0;
}

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [command, file, ...rest] = positionals;
if (command !== 'import' && command !== 'export' && command !== 'check') {
  console.error(Object.values(USAGE).join('\n'));
  process.exit(2);
}
if ((command === 'check') !== (file === undefined) || rest.length > 0) {
  console.error(USAGE[command]);
  process.exit(2);
}
const connection = connectOrExit(command);
try {
  process.exitCode = await (command === 'check' ? check(connection) : (command === 'import' ? importInto : exportFrom)(connection, file!));
} catch (error) {
  console.error(`${command} failed: ${failureMessage(error, connection)}`);
  process.exitCode = 2;
} finally {
  connection.close();
}
