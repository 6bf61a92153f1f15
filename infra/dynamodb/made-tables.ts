/**
 * Which tables of a database the local tools made. ensureTables (./tables.ts), through which
 * `npm start`, `npm run seed` and the tests create tables, lists each one it creates, with its
 * creation time, in a table of the same database: `local-tools-made-tables`. A table of that name
 * deleted and made again by anything else has another creation time, so it is not taken for
 * theirs. `npm run seed` deletes a gallery table only when it is listed (../local/sample/seed.ts).
 * (DynamoDB Local keeps no tags, which would otherwise say it on the table itself.)
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  type TableDescription,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

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

/** What the database says of `table`: absent, made by the local tools (listed, with its creation time), or made otherwise. */
export interface Listing {
  readonly origin: 'absent' | 'local tools' | 'elsewhere';
  /** The table's creation time, when it exists. */
  readonly created?: number;
  /** Its entry in the list, when the local tools made it (what else the tools keep there: ../local/sample/sample-marker.ts). */
  readonly entry?: Record<string, unknown>;
}

export async function listingOf(client: DynamoDBClient, table: string): Promise<Listing> {
  const description = await describe(client, table);
  if (!description) return { origin: 'absent' };
  const created = description.CreationDateTime?.getTime();
  let entry: Record<string, unknown> | undefined;
  try {
    ({ Item: entry } = await DynamoDBDocumentClient.from(client).send(
      new GetCommand({ TableName: MADE_TABLES, Key: { table }, ConsistentRead: true }),
    ));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  return entry !== undefined && entry.created === created ? { origin: 'local tools', created, entry } : { origin: 'elsewhere', created };
}

/** Whether `table` is absent, made by the local tools, or made otherwise. */
export async function originOf(client: DynamoDBClient, table: string): Promise<Listing['origin']> {
  return (await listingOf(client, table)).origin;
}
