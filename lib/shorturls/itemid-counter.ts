/** The itemid counter (`counter#itemid`, ./layout.ts): the service and the import take itemids from it alike. */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isWholeIn } from '../db/client';
import { ITEMID_COUNTER } from './layout';
import { ITEMID_MAX } from './stored-record';

/** The next itemid; undefined when the counter answers no whole number from 1 to ITEMID_MAX (set by hand). */
export async function takeItemId(client: DynamoDBDocumentClient, table: string): Promise<number | undefined> {
  const { Attributes } = await client.send(
    new UpdateCommand({
      TableName: table,
      Key: ITEMID_COUNTER,
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Attributes?.last;
  return isWholeIn(last, 1, ITEMID_MAX) ? last : undefined;
}
