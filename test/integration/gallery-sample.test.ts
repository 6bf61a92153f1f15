/**
 * The sample gallery (docs/import-format.md, The sample gallery; docs/local.md, The sample gallery) on DynamoDB Local: a
 * small sample through the importer reads back consistent through the functions' store, and seeding a table of its own
 * recreates it with its indexes, loads the sample and is recounted by `npm run gallery -- check`.
 */
import { randomInt } from 'node:crypto';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { generateGallery } from '../../infra/local/sample/generator';
import { galleryIsEmpty, loadSample, recreateGalleryTable } from '../../infra/local/sample/seed';
import { importLines } from '../../infra/ops/gallery/importer';
import { lineOf } from '../../infra/ops/gallery/records';
import { scanAll } from '../../infra/ops/scan';
import { documentClient } from '../../lib/db/client';
import { FAMILIES, type Family, indexName, ORDER_KEYS, type OrderKey, repliesTo, thread } from '../../lib/gallery/layout';
import { runScript } from '../support/command';
import { DAY } from '../support/gallery-fixtures';
import { members, store, TABLE, YEAR_2003 } from '../support/importer-fixtures';
import { ownGalleryTable } from '../support/own-table';
import { runToEnd } from '../support/run-to-end';

jest.setTimeout(60_000);

test('the sample through the importer: a small sample, dated in 2003, reads back consistent through the store', async () => {
  const base = 10 ** 12 + randomInt(0, 2 ** 40) * 1_000;
  // The run's FC_SEED draws the sample and its day, so that a failure replays; the ids only keep it apart.
  const seed = Number(process.env.FC_SEED);
  const now = YEAR_2003 + (130 + (seed % 170)) * DAY; // the sample spreads over the 120 days before
  const records = generateGallery({ now, photos: 60, seed, photoIdBase: base, commentIdBase: base + 500 });
  const summary = await importLines(records.map(lineOf), documentClient, TABLE);
  expect(summary.refused).toEqual([]);
  const photoIds = records.filter((record) => record.type === 'photo').map((record) => record.id);
  const photos = await store.photosByIds(photoIds);
  expect(photos.size).toBe(60);
  // All threads at once, then all reply lists: the reads asked for in one turn share a BatchGetItem (lib/gallery/reads.ts).
  const threads = await Promise.all(photoIds.map((id) => members(thread(id))));
  const replies = await Promise.all(threads.map((comments) => Promise.all(comments.map((entry) => members(repliesTo(entry.id))))));
  photoIds.forEach((id, p) => {
    expect(photos.get(id)!.comments).toBe(threads[p]!.length);
    threads[p]!.forEach((entry, c) => {
      expect(entry.replies).toBe(replies[p]![c]!.length);
      for (const reply of replies[p]![c]!) expect(reply).toMatchObject({ level: entry.level + 1, root: entry.root, story: id });
    });
  });
});

describe('seeding a table of its own', () => {
  // A table of its own, so that the run's table stays.
  const { name, template, client, documents } = ownGalleryTable('gallery-seed-test');

  test('recreating empties it and keeps the indexes; the sample loads into it', async () => {
    await recreateGalleryTable(client, name, template);
    expect(await galleryIsEmpty(documents, name)).toBe(true);
    const description = await client.send(new DescribeTableCommand({ TableName: name }));
    const nine = (Object.keys(FAMILIES) as Family[]).flatMap((family) =>
      (Object.keys(ORDER_KEYS) as OrderKey[]).map((order) => indexName(family, order)),
    );
    expect(description.Table!.GlobalSecondaryIndexes!.map((index) => index.IndexName).sort()).toEqual(nine.sort());

    // A few photos: this is about the table; the sample through the importer at size is the test above.
    const summary = await loadSample(documents, name, { photos: 10, seed: 3 });
    expect(summary).toMatchObject({ photos: 10, refused: [] });
    expect(await galleryIsEmpty(documents, name)).toBe(false);

    // `npm run gallery -- check` recounts it: nothing to say, then a photo's count off by one.
    const check = async () => runToEnd(runScript('gallery', ['check'], { ...process.env, GALLERY_TABLE: name }));
    const whole = await check();
    expect(whole.stdout).toMatch(new RegExp(`^10 photos and \\d+ comments in ${name}: 0 disagreements\n$`));
    expect(whole.code).toBe(0);
    const photo = (await scanAll(documents, name)).find((item) => item.kind === 'photo')!;
    const comments = Number(photo.comments);
    await documents.send(new PutCommand({ TableName: name, Item: { ...photo, comments: comments + 1 } }));
    const off = await check();
    expect(off.lines).toContain(`photo ${photo.id} has comments ${comments + 1}, the table holds ${comments}`);
    expect(off.stdout).toMatch(/: 1 disagreements\n$/);
    expect(off.code).toBe(1);

    await recreateGalleryTable(client, name, template);
    expect(await galleryIsEmpty(documents, name)).toBe(true);
  });

  test('refuses a table the template does not define', async () => {
    await expect(recreateGalleryTable(client, 'no-such-gallery', template)).rejects.toThrow(
      /template.yaml defines no table named no-such-gallery/,
    );
  });
});
