/**
 * A gallery table of a test file's own: the template's definition under another name (a copy of
 * the template defining only it, for recreateGalleryTable), on the integration run's DynamoDB
 * Local, deleted after the file. For tests that read a whole table or empty one.
 */
import { randomInt } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadTemplate, type Template } from '../../infra/local/template';

export function ownGalleryTable(prefix: string) {
  const name = `${prefix}-${randomInt(0, 2 ** 40)}`;
  const original = loadTemplate();
  const template: Template = {
    ...original,
    Resources: {
      GalleryTable: {
        ...original.Resources.GalleryTable!,
        Properties: { ...original.Resources.GalleryTable!.Properties, TableName: name },
      },
    },
  };
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  afterAll(async () => {
    await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
    client.destroy();
  });
  return { name, template, client, documents };
}
