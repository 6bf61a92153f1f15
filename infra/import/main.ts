/**
 * `npm run import -- FILE`: loads the photos and comments of an NDJSON file
 * (docs/import-format.md) into the gallery table. Refused lines are printed as FILE:LINE: reason
 * and written not at all; the good ones are written all the same. Exit code 0 when every line
 * was taken, 1 when any was refused, 2 when the import could not run.
 */
import { parseArgs } from 'node:util';
import { connectOrExit, failureMessage } from '../gallery/connection';
import { importFile, summaryLine } from '../gallery/importer';
import { streamProgress } from '../gallery/progress';

const SHOWN = 100;

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('usage: npm run import -- FILE   (one JSON record a line; see docs/import-format.md)');
  process.exit(2);
}
const [file] = positionals as [string];
const connection = connectOrExit('import');
try {
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
  process.exitCode = summary.refused.length > 0 ? 1 : 0;
} catch (error) {
  console.error(`import failed: ${failureMessage(error, connection)}`);
  process.exitCode = 2;
} finally {
  connection.close();
}
