/**
 * What the model of DynamoDB's per-partition limit (infra/dynamodb/partition-limit.ts) is held to:
 * DynamoDB's documented limits, and the run's DynamoDB Local, which without the model throttles
 * nothing. No DynamoDB Local of its own: the model's tests start theirs.
 */
import { DeleteTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DYNAMODB_PARTITION } from '../../infra/dynamodb/partition-limit';
import { createTable, key, N, TABLE, atOnce } from '../support/partition-table';

test("DynamoDB's documented limits: 1 000 write units and 3 000 read units a second to one partition, reads 3 × writes", () => {
  expect(DYNAMODB_PARTITION).toEqual({ writes: 1_000, reads: 3_000 });
  expect(DYNAMODB_PARTITION.reads / DYNAMODB_PARTITION.writes).toBe(3);
});

test('without the model (the run’s DynamoDB Local) nothing throttles', async () => {
  const plain = new DynamoDBClient({ maxAttempts: 1 });
  const name = `${TABLE}-plain`;
  try {
    await createTable(plain, name);
    const item = (i: number) => ({ TableName: name, Item: { ...key('hot', `s${i}`), grp: { S: 'g' } } });
    await atOnce(4 * N, (i) => plain.send(new PutItemCommand(item(i))));
    await atOnce(4 * 3 * N, () => plain.send(new GetItemCommand({ TableName: name, Key: key('hot', 's0') })));
  } finally {
    await plain.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
    plain.destroy();
  }
});
