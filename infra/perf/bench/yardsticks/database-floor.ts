/**
 * The DynamoDB functions' floor: a handler with the DynamoDB document client and nothing else
 * of the project (no renderers, no settings checks), inside the required parts
 * (./required-parts.ts). The client is the functions' own (lib/db/client.ts:
 * DynamoDBDocumentClient over DynamoDBClient, created when the module loads, same retries and
 * timeouts); the handler does one GetItem of the code its path names. What a DynamoDB function
 * adds above it is the project's own code and its renderers. `addOne` and `queryOne` are the
 * bench's bare UpdateItem and Query round trips on this bundle's client: the functions' client,
 * with nothing of the project (UpdateCommand and QueryCommand are in the bundle anyway:
 * lib-dynamodb is one module).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../../lib/db/client';
import { withRequiredParts } from './required-parts';

const TABLE = process.env.SHORT_URLS_TABLE;

export const handler = withRequiredParts(async (event) => {
  const code = event.pathParameters?.code ?? '';
  const { Item } = await documentClient.send(new GetCommand({ TableName: TABLE, Key: { pk: `code#${code}` }, ConsistentRead: true }));
  return {
    statusCode: Item ? 200 : 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: Item ? String(Item.link) : 'not found',
  };
});

/** One bare UpdateItem: `ADD n :one` on the item `key` of the short-URLs table. */
export const addOne = async (key: Record<string, string>): Promise<void> => {
  await documentClient.send(
    new UpdateCommand({ TableName: TABLE, Key: key, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }),
  );
};

/** One bare Query: the newest entry of a day's partition on the gallery table's dayByDate index (its date_key). */
export const queryOne = async (partition: string): Promise<string | undefined> => {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: process.env.GALLERY_TABLE,
      IndexName: 'dayByDate',
      KeyConditionExpression: 'day_part = :p',
      ExpressionAttributeValues: { ':p': partition },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Items?.[0]?.date_key as string | undefined;
};
