/** The itemid counter (`counter#itemid`, ./layout.ts): the service and the import take itemids from it alike. */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ITEMID_COUNTER, ITEMID_MAX } from './layout';

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
  return typeof last === 'number' && Number.isSafeInteger(last) && last >= 1 && last <= ITEMID_MAX ? last : undefined;
}
