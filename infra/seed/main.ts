/**
 * `npm run seed`: makes the gallery table again and loads the sample gallery in bulk (docs/local.md).
 * Options: --seed N, --photos N, --days N (the photos spread over the N days before now), --now
 * EPOCH, --out FILE (the sample as NDJSON, for `npm run import`), --force (an endpoint off this machine).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NotMadeByLocalToolsError } from '../dynamodb/made-tables';
import { connectOrExit, failureMessage } from '../ops/gallery/connection';
import { generateGallery, SAMPLE_DEFAULTS } from '../local/sample/generator';
import { streamProgress } from '../ops/gallery/progress';
import { lineOf } from '../ops/gallery/records';
import { bulkLoadSample } from '../local/sample/sample-load';
import { recreateGalleryTable, waitForOtherLoad } from '../local/sample/seed';
import { loadTemplate } from '../template/read';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(SAMPLE_DEFAULTS.seed) },
    photos: { type: 'string', default: String(SAMPLE_DEFAULTS.photos) },
    days: { type: 'string', default: String(SAMPLE_DEFAULTS.days) },
    now: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const integer = (name: string, text: string): number => {
  if (!/^\d+$/.test(text)) {
    console.error(`--${name} must be a whole number, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return Number(text);
};
const sample = {
  seed: integer('seed', values.seed),
  photos: integer('photos', values.photos),
  days: integer('days', values.days),
  now: values.now === undefined ? Math.floor(Date.now() / 1000) : integer('now', values.now),
};

if (values.out !== undefined) {
  const records = generateGallery(sample);
  writeFileSync(values.out, records.map((record) => `${lineOf(record)}\n`).join(''));
  console.log(`${records.length} records written to ${values.out}`);
  process.exit(0);
}

// Read once: it names the table (unless GALLERY_TABLE does) and defines it again.
const template = loadTemplate();
const connection = connectOrExit('seed', process.env, template);
if (!connection.local && !values.force) {
  console.error(
    `${connection.endpoint} is not on this machine: seeding deletes the gallery table there. Add --force to do it all the same.`,
  );
  process.exit(2);
}
const progress = streamProgress();
try {
  await waitForOtherLoad(connection, progress);
  const started = performance.now();
  await recreateGalleryTable(connection.client, connection.table, template);
  progress.note(`Emptied ${connection.table} at ${connection.endpoint}`);
  const loaded = await bulkLoadSample(connection, sample, { progress });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${loaded.photos} photos, ${loaded.comments} comments written (${loaded.items} items with their counters) in ${seconds.toFixed(1)} s (${Math.round(loaded.items / seconds)} items/s): ready`,
  );
} catch (error) {
  console.error(`seed ${error instanceof NotMadeByLocalToolsError ? 'refused' : 'failed'}: ${failureMessage(error, connection)}`);
  process.exitCode = 2;
} finally {
  connection.close();
}
