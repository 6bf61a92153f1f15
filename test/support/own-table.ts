/** Tables of template.yaml under names of a test file's own, on the run's DynamoDB Local, deleted after the file. */
import { randomInt } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { galleryItems, putItems } from '../../infra/ops/gallery/bulk';
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { loadTemplate, type Template } from '../../infra/template/read';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

/** A client of the run's DynamoDB Local and its document client, destroyed after the file with the tables `names`. */
export function clients(names: string[] = []) {
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  afterAll(async () => {
    await Promise.all(names.map((name) => client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined)));
    client.destroy();
  });
  return { client, documents };
}

/** Empty tables of a test file's own, made as the tests ask for them. */
export function ownTables(id: 'GalleryTable' | 'ShortUrlsTable') {
  const made: string[] = [];
  const { client, documents } = clients(made);
  const { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes } = loadTemplate().Resources[id]!.Properties as never;
  const properties = { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes, BillingMode: 'PAY_PER_REQUEST' } as const;
  return {
    client,
    async create(prefix: string): Promise<{ documents: DynamoDBDocumentClient; table: string }> {
      const table = `${prefix}-${randomInt(0, 2 ** 40)}`;
      await client.send(new CreateTableCommand({ TableName: table, ...properties }));
      made.push(table);
      return { documents, table };
    },
  };
}

/** A gallery table's name of the file's own (not yet made), and template.yaml with it. */
export function ownGalleryTable(prefix: string) {
  const name = `${prefix}-${randomInt(0, 2 ** 40)}`;
  const original = loadTemplate();
  const table = original.Resources.GalleryTable!;
  const template: Template = {
    ...original,
    Resources: { GalleryTable: { ...table, Properties: { ...table.Properties, TableName: name } } },
  };
  return { name, template, ...clients([name]) };
}

/** Whole records (counts as the importer derives them) put in batches (infra/ops/gallery/bulk.ts) but for items `written` already holds. */
type Records = { photos: readonly PhotoRecord[]; comments: readonly CommentRecord[] };

export function bulkWrite(documents: DynamoDBDocumentClient, table: string, records: Records, written?: Records): Promise<void> {
  const there = new Set(written === undefined ? [] : galleryItems(written).map((item) => JSON.stringify(item)));
  const items = galleryItems(records).filter((item) => !there.has(JSON.stringify(item)));
  return putItems(documents, table, items, { request: 'BatchWriteItem', concurrency: 6 });
}

/** Writes the records through the importer, with their counters and counts; a refused one fails the test. */
export async function importRecords(documents: DynamoDBDocumentClient, table: string, { photos, comments }: Records): Promise<void> {
  const { refused } = await importLines(linesOf(photos, comments), documents, table);
  if (refused.length > 0) throw new Error(`the importer refused test data: ${JSON.stringify(refused.slice(0, 3))}`);
}
