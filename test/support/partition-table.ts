/**
 * The table of the tests of the model of DynamoDB's per-partition limit (infra/dynamodb/partition-limit.ts):
 * its name (the test file's own), keys and index, the model's N, and requests sent at once.
 */
import { randomInt } from 'node:crypto';
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const N = 5;
export const TABLE = `partition-limit-${randomInt(0, 2 ** 40)}`;

export const key = (pk: string, sk = 'a') => ({ pk: { S: pk }, sk: { S: sk } });
/** `count` requests sent at once; their answers. */
export const atOnce = <T>(count: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => send(i)));

/** The table `name` on `on`: keys pk and sk, and the index byGroup on grp. */
export function createTable(on: DynamoDBClient, name: string) {
  return on.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'grp'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        { IndexName: 'byGroup', KeySchema: [{ AttributeName: 'grp', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } },
      ],
    }),
  );
}
