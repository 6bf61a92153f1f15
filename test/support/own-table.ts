/**
 * A table of a test file's own: a table of template.yaml under another name (and a copy of the
 * template defining only it, for recreateGalleryTable), on the integration run's DynamoDB Local,
 * deleted after the file. For tests that read a whole table, empty one, or need it fresh.
 */
import { randomInt } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadTemplate, type Template } from '../../infra/template/read';

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

/**
 * Tables of a test file's own, made as the tests ask for them (each empty, with its own itemid
 * counter), all deleted after the file.
 */
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
