/** Tables of template.yaml under names of a test file's own, on the run's DynamoDB Local, deleted after the file. */
import { randomInt } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { galleryItems, putItems } from '../../infra/ops/gallery/bulk';
import { loadTemplate, type Template } from '../../infra/template/read';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

function ownTable(id: 'GalleryTable' | 'ShortUrlsTable', prefix: string) {
  const name = `${prefix}-${randomInt(0, 2 ** 40)}`;
  const original = loadTemplate();
  const template: Template = {
    ...original,
    Resources: { [id]: { ...original.Resources[id]!, Properties: { ...original.Resources[id]!.Properties, TableName: name } } },
  };
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  afterAll(async () => {
    await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
    client.destroy();
  });
  return { name, template, client, documents };
}

/** Empty tables of a test file's own, made as the tests ask for them. */
export function ownTables(id: 'GalleryTable' | 'ShortUrlsTable') {
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes } = loadTemplate().Resources[id]!.Properties as never;
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((name) => client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined)));
    client.destroy();
  });
  return {
    async create(prefix: string): Promise<{ documents: DynamoDBDocumentClient; table: string }> {
      const table = `${prefix}-${randomInt(0, 2 ** 40)}`;
      await client.send(
        new CreateTableCommand({
          TableName: table,
          AttributeDefinitions,
          KeySchema,
          GlobalSecondaryIndexes,
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      made.push(table);
      return { documents, table };
    },
  };
}

export const ownGalleryTable = (prefix: string) => ownTable('GalleryTable', prefix);

/**
 * Writes whole records (counts as the importer derives them) fast, in batches (infra/ops/gallery/bulk.ts),
 * sending only the items that differ from those of `written`, which the table already holds.
 */
type Records = { photos: readonly PhotoRecord[]; comments: readonly CommentRecord[] };

export function bulkWrite(documents: DynamoDBDocumentClient, table: string, records: Records, written?: Records): Promise<void> {
  const there = new Set(written === undefined ? [] : galleryItems(written).map((item) => JSON.stringify(item)));
  const items = galleryItems(records).filter((item) => !there.has(JSON.stringify(item)));
  return putItems(documents, table, items, { request: 'BatchWriteItem', concurrency: 6 });
}
