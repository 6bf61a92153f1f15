/**
 * `npm run export -- FILE`: writes the photos and comments of the gallery table as NDJSON in the
 * import format, for a backup or to carry a gallery to another table (an earlier layout's
 * included: GALLERY_TABLE names the table to read). Same database and table choice as
 * `npm run import`. Exit code 0 when written, 2 when it could not run.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { connectOrExit, failureMessage } from '../gallery/connection';
import { exportGallery } from '../gallery/export';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('usage: npm run export -- FILE   (GALLERY_TABLE names the table, AWS_ENDPOINT_URL_DYNAMODB the database)');
  process.exit(2);
}
const [file] = positionals as [string];
const connection = connectOrExit('export');
try {
  console.error(`Exporting ${connection.table} at ${connection.endpoint} to ${file}`);
  const { lines, photos, comments } = await exportGallery(connection.documents, connection.table);
  await writeFile(file, lines.map((line) => `${line}\n`).join(''));
  console.log(`${photos} photos and ${comments} comments written to ${file}`);
} catch (error) {
  console.error(`export failed: ${failureMessage(error, connection)}`);
  process.exitCode = 2;
} finally {
  connection.close();
}
