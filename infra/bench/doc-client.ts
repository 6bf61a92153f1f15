/**
 * The DynamoDB functions' yardstick: a handler that holds the DynamoDB document client and
 * nothing else of the project (no middy, no renderers, no settings checks). The client is the
 * functions' own (lib/db/client.ts: DynamoDBDocumentClient over DynamoDBClient, created when
 * the module loads, same retries and timeouts); the handler does one GetItem of the code its
 * path names. Bundled with the functions' BuildProperties and measured as they are, it shows
 * what the SDK alone costs in bytes and cold start. `addOne` is the bench's bare UpdateItem
 * round trip on this bundle's own client (UpdateCommand is in the bundle anyway: lib-dynamodb
 * is one module).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { documentClient } from '../../lib/db/client';

const TABLE = process.env.SHORT_URLS_TABLE;

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const code = event.pathParameters?.code ?? '';
  const { Item } = await documentClient.send(new GetCommand({ TableName: TABLE, Key: { pk: `code#${code}` }, ConsistentRead: true }));
  return {
    statusCode: Item ? 200 : 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: Item ? String(Item.link) : 'not found',
  };
};

/** One bare UpdateItem: `ADD n :one` on the item `key` of the short-URLs table. */
export const addOne = async (key: Record<string, string>): Promise<void> => {
  await documentClient.send(new UpdateCommand({ TableName: TABLE, Key: key, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }));
};
