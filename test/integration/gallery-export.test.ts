/**
 * `npm run export` (docs/gallery-layout.md, Moving from the earlier layout): the earlier layout's records, exported as lines of
 * the import format, import into a table of the new layout whole, with their counts and counters, and export from it the same.
 */
import { randomInt } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { recreateGalleryTable } from '../../infra/local/sample/seed';
import { exportGallery } from '../../infra/ops/gallery/export';
import { importLines } from '../../infra/ops/gallery/importer';
import { auditGallery } from '../../infra/ops/gallery/recount';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { itemKey } from '../../lib/gallery/layout';
import { comment, fresh, photo, withoutType } from '../support/importer-fixtures';
import { ownGalleryTable } from '../support/own-table';

jest.setTimeout(60_000);

describe('exporting a gallery and importing it elsewhere (npm run export)', () => {
  const target = ownGalleryTable('gallery-export-test');
  const oldLayout = `gallery-old-layout-test-${randomInt(0, 2 ** 40)}`;

  beforeAll(async () => {
    await recreateGalleryTable(target.client, target.name, target.template);
    await target.client.send(
      new CreateTableCommand({
        TableName: oldLayout,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      }),
    );
  });
  afterAll(() => target.client.send(new DeleteTableCommand({ TableName: oldLayout })).catch(() => undefined));

  test('the earlier layout’s records, written as import lines, import into the new layout whole, with their counts and counters', async () => {
    const ids = fresh();
    const p1 = { ...photo(ids, 1), comments: 2 };
    const c1 = { ...comment(ids, 1, 1, null), story: ids.photo(1), level: 0, root: ids.comment(1), replies: 1 };
    const c2 = { ...comment(ids, 2, 1, 1), story: ids.photo(1), level: 1, root: ids.comment(1), replies: 0 };
    // As the earlier layout stored them: the record's fields, with `kind` and its own index keys.
    const old = (kind: 'photo' | 'comment', id: number, keys = {}) => ({ pk: itemKey(kind, id), kind, date_id: 'x', ...keys });
    const stored = [
      { ...old('photo', p1.id), ...withoutType(p1) },
      ...[c1, c2].map(({ photo: _, ...c }) => ({ ...old('comment', c.id, { photo_key: itemKey('photo', c.story) }), ...withoutType(c) })),
    ];
    for (const Item of stored) await target.documents.send(new PutCommand({ TableName: oldLayout, Item }));
    const exported = await exportGallery(target.documents, oldLayout);
    expect(exported).toMatchObject({ photos: 1, comments: 2 });
    // Reply last, and each line exactly as the import format has it.
    expect(exported.lines.map((line) => JSON.parse(line))).toEqual([photo(ids, 1), comment(ids, 1, 1, null), comment(ids, 2, 1, 1)]);
    const summary = await importLines(exported.lines, target.documents, target.name);
    expect(summary).toMatchObject({ photos: 1, comments: 2, refused: [] });
    const imported = new DynamoGalleryStore(target.documents, target.name);
    expect((await imported.photosByIds([p1.id])).get(p1.id)).toEqual(withoutType(p1));
    expect((await imported.commentsByIds([c1.id])).get(c1.id)).toMatchObject({ replies: 1, level: 0 });
    expect((await auditGallery(target.documents, target.name)).problems).toEqual([]);
    // And back out of the new layout: the same lines.
    expect((await exportGallery(target.documents, target.name)).lines).toEqual(exported.lines);
  });
});
