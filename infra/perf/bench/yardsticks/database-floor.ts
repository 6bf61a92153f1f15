/** The DynamoDB functions' floor: the required parts and the functions' document client, one GetItem; `addOne` is warm's bare UpdateItem. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

export const addOne = async (key: Record<string, string>): Promise<void> => {
  await documentClient.send(
    new UpdateCommand({ TableName: TABLE, Key: key, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }),
  );
};
