/**
 * Which tables of a database the local tools made. ensureTables (./tables.ts), through which
 * `npm start`, `npm run seed` and the tests create tables, lists each one it creates, with its
 * creation time, in a table of the same database: `local-tools-made-tables`. A table of that name
 * deleted and made again by anything else has another creation time, so it is not taken for
 * theirs. `npm run seed` deletes a gallery table only when it is listed (../gallery/seed.ts).
 * (DynamoDB Local keeps no tags, which would otherwise say it on the table itself.)
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  type TableDescription,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';

export const MADE_TABLES = 'local-tools-made-tables';

async function describe(client: DynamoDBClient, table: string): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: table }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

async function ensureList(client: DynamoDBClient): Promise<void> {
  if (await describe(client, MADE_TABLES)) return;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: MADE_TABLES,
        AttributeDefinitions: [{ AttributeName: 'table', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'table', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
  } catch (error) {
    // Another process created it meanwhile (the tests' workers share one database).
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: MADE_TABLES });
}

/** The table is there, and the local tools did not make it: what would delete it leaves it as it is. */
export class NotMadeByLocalToolsError extends Error {
  override readonly name = 'NotMadeByLocalToolsError';
  constructor(readonly table: string) {
    super(`the table ${table} was not made by npm start or npm run seed (${MADE_TABLES} does not list it)`);
  }
}

/** Lists a table the local tools have just created, as CreateTable described it. */
export async function recordMade(client: DynamoDBClient, table: TableDescription): Promise<void> {
  await ensureList(client);
  const created = table.CreationDateTime!.getTime();
  await client.send(
    new PutItemCommand({ TableName: MADE_TABLES, Item: { table: { S: table.TableName! }, created: { N: String(created) } } }),
  );
}

/** Whether `table` is absent, made by the local tools (listed, with its creation time), or made otherwise. */
export async function originOf(client: DynamoDBClient, table: string): Promise<'absent' | 'local tools' | 'elsewhere'> {
  const description = await describe(client, table);
  if (!description) return 'absent';
  let listed: number | undefined;
  try {
    const { Item } = await client.send(new GetItemCommand({ TableName: MADE_TABLES, Key: { table: { S: table } }, ConsistentRead: true }));
    listed = Item?.created?.N === undefined ? undefined : Number(Item.created.N);
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  return listed !== undefined && listed === description.CreationDateTime?.getTime() ? 'local tools' : 'elsewhere';
}
