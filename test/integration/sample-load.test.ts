/**
 * The sample's fast load (sample-load.ts) and `npm start`'s marker (seed.ts), in tables of their own: the bulk
 * path leaves the importer's items, a stopped load is finished to the same items, a marker decides the rest.
 */
import { NotMadeByLocalToolsError } from '../../infra/dynamodb/made-tables';
import { scanAll } from '../../infra/ops/scan';
import { silentProgress, type Progress } from '../../infra/ops/gallery/progress';
import { bulkLoadSample, readSampleMarker, sampleItems, writeSampleMarker, type SampleSpec } from '../../infra/local/sample/sample-load';
import { completeSampleGallery, galleryIsEmpty, loadSample, recreateGalleryTable } from '../../infra/local/sample/seed';
import { ownGalleryTable, ownTables } from '../support/own-table';

jest.setTimeout(120_000);

// 150 photos make 2 589 items with their counters: more than one `loading` marker's worth (2 000).
const SPEC: SampleSpec = { now: 1_760_000_000, seed: 3, photos: 150, days: 120 };
// The marker's rules hold whatever the size: a few photos.
const SMALL = { seed: 3, photos: 5, days: 30 };

type Target = ReturnType<typeof ownGalleryTable>;
const targetOf = (own: Target) => ({ client: own.client, documents: own.documents, table: own.name });

const byKey = (items: Record<string, unknown>[]) => [...items].sort((a, b) => String(a.pk).localeCompare(String(b.pk)));
const itemsOf = async (own: Target) => byKey(await scanAll(own.documents, own.name));

/** A progress that aborts the load once `after` items are written. */
function stoppingAfter(after: number): { progress: Progress; signal: AbortSignal } {
  const controller = new AbortController();
  let written = 0;
  const advance = (count: number) => {
    written += count;
    if (written >= after) controller.abort();
  };
  return { progress: { ...silentProgress, advance }, signal: controller.signal };
}

const imported = ownGalleryTable('sample-import-test');
const bulk = ownGalleryTable('sample-bulk-test');
const stopped = ownGalleryTable('sample-stopped-test');
/** Tables made by hand, as template.yaml defines them, not by the local tools. */
const foreign = ownTables('GalleryTable');
let importerItems: Record<string, unknown>[];

/**
 * The template with the gallery's key but none of its indexes, for the tables whose items alone
 * are compared with another's (the importer's, the stopped load's): DynamoDB Local's work a put
 * grows with the indexes it keeps. The bulk load's table has them all: those items fit the real table.
 */
function keyOnly({ template }: Target): Target['template'] {
  const table = template.Resources.GalleryTable!;
  const { GlobalSecondaryIndexes: _, ...properties } = table.Properties as Record<string, any>;
  const keyNames = properties.KeySchema.map((part: { AttributeName: string }) => part.AttributeName);
  const AttributeDefinitions = properties.AttributeDefinitions.filter((field: { AttributeName: string }) =>
    keyNames.includes(field.AttributeName),
  );
  return { ...template, Resources: { GalleryTable: { ...table, Properties: { ...properties, AttributeDefinitions } } } };
}

beforeAll(async () => {
  const templates = new Map([imported, stopped].map((own) => [own, keyOnly(own)]));
  await Promise.all([imported, bulk, stopped].map((own) => recreateGalleryTable(own.client, own.name, templates.get(own) ?? own.template)));
  const summary = await loadSample(imported.documents, imported.name, SPEC);
  expect(summary).toMatchObject({ photos: 150, refused: [] });
  importerItems = await itemsOf(imported);
});

test('the bulk load leaves exactly the items the importer leaves, and marks the load complete', async () => {
  const loaded = await bulkLoadSample(targetOf(bulk), SPEC);
  expect(loaded).toMatchObject({ photos: 150, items: importerItems.length });
  expect(await itemsOf(bulk)).toEqual(importerItems);
  expect((await readSampleMarker(targetOf(bulk))).marker).toEqual({ state: 'complete', ...SPEC, pid: process.pid });
});

describe('a load stopped between two batches', () => {
  /** The table as the test before left it, finished. */
  let finished: Record<string, unknown>[];
  test('is left marked `loading`, with how many items are written for sure', async () => {
    await expect(bulkLoadSample(targetOf(stopped), SPEC, stoppingAfter(2_100))).rejects.toThrow(/abort/i);
    const { marker } = await readSampleMarker(targetOf(stopped));
    expect(marker).toEqual({ state: 'loading', ...SPEC, pid: process.pid, written: 2_000 });
    expect((await itemsOf(stopped)).length).toBeLessThan(importerItems.length);
  });

  test('is finished by the next start from where the marker says, to the items of a load that never stopped', async () => {
    const advanced: number[] = [];
    const progress: Progress = { ...silentProgress, advance: (count) => advanced.push(count) };
    expect(await completeSampleGallery(targetOf(stopped), { progress })).toBe('finished');
    // It starts at the 2 000 items the marker names, and writes the rest only.
    expect(advanced[0]).toBe(2_000);
    expect(advanced.reduce((sum, count) => sum + count, 0)).toBe(importerItems.length);
    finished = await itemsOf(stopped);
    expect(finished).toEqual(importerItems);
    expect((await readSampleMarker(targetOf(stopped))).marker).toMatchObject({ state: 'complete', ...SPEC });
  });

  test('once complete, the next start writes nothing', async () => {
    expect(await completeSampleGallery(targetOf(stopped))).toBe('ready');
    expect(await itemsOf(stopped)).toEqual(finished);
  });
});

describe('what the next start does, by the marker', () => {
  const own = ownGalleryTable('sample-marker-test');
  beforeEach(() => recreateGalleryTable(own.client, own.name, own.template));

  test('an empty table the local tools made: loads the sample and marks it complete', async () => {
    expect(await readSampleMarker(targetOf(own))).toEqual({ made: true, marker: undefined });
    expect(await completeSampleGallery(targetOf(own), { sample: SMALL })).toBe('loaded');
    expect(await galleryIsEmpty(own.documents, own.name)).toBe(false);
    expect((await readSampleMarker(targetOf(own))).marker).toMatchObject({ state: 'complete', ...SMALL });
  });

  test('a table made again (npm run seed) has no marker of the table before', async () => {
    await writeSampleMarker(targetOf(own), { state: 'complete', ...SPEC, pid: process.pid });
    await recreateGalleryTable(own.client, own.name, own.template);
    expect(await readSampleMarker(targetOf(own))).toEqual({ made: true, marker: undefined });
  });

  test('photos without a marker (an import, or an earlier version’s load): left as they are', async () => {
    await loadSample(own.documents, own.name, { now: SPEC.now, seed: 5, photos: 2 });
    const before = await itemsOf(own);
    expect(await completeSampleGallery(targetOf(own), { sample: SMALL })).toBe('left as it is');
    expect(await itemsOf(own)).toEqual(before);
    expect(await readSampleMarker(targetOf(own))).toEqual({ made: true, marker: undefined });
  });

  test('a `loading` marker written before markers kept the days is finished as the 120-day sample it began', async () => {
    const earlier = { now: SPEC.now, seed: 3, photos: 5 };
    await writeSampleMarker(targetOf(own), { state: 'loading', ...earlier, pid: process.pid, written: 0 } as never);
    expect(await completeSampleGallery(targetOf(own))).toBe('finished');
    const over120 = byKey((await sampleItems({ ...earlier, days: 120 })).items);
    expect(byKey((await sampleItems({ ...earlier, days: 45 })).items)).not.toEqual(over120);
    expect(await itemsOf(own)).toEqual(over120);
  });

  test('a complete marker: nothing to do, even on an empty table', async () => {
    await writeSampleMarker(targetOf(own), { state: 'complete', ...SPEC, pid: process.pid });
    expect(await completeSampleGallery(targetOf(own))).toBe('ready');
    expect(await galleryIsEmpty(own.documents, own.name)).toBe(true);
  });
});

test('a gallery table the local tools did not make takes no marker, and is loaded through the importer when empty', async () => {
  const own = { client: foreign.client, ...(await foreign.create('sample-foreign-test')) };
  expect(await readSampleMarker(own)).toEqual({ made: false });
  await expect(writeSampleMarker(own, { state: 'loading', ...SPEC, pid: process.pid })).rejects.toThrow(NotMadeByLocalToolsError);
  expect(await completeSampleGallery(own, { sample: SMALL })).toBe('imported');
  expect(await galleryIsEmpty(own.documents, own.table)).toBe(false);
});
