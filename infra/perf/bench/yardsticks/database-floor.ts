/**
 * The DynamoDB functions' floor: the required parts (./required-parts.ts) and the functions' own
 * document client (lib/db/client.ts), one GetItem of the code its path names; `addOne` is the
 * warm section's bare UpdateItem on that client. Nothing calls `queryOne`: it keeps QueryCommand
 * in the floor, whose bytes docs/performance.md's targets quote, until the next full run.
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
