/**
 * Creates template.yaml's missing tables and lists each one, with its creation time, in
 * `local-tools-made-tables`: DynamoDB Local keeps no tags, and a table deleted and made again by
 * anything else has another creation time, so `npm run seed` deletes only a table listed here.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  type TableDescription,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../template/evaluate';
import type { Template } from '../template/read';
import { tablesOf } from '../template/tables';

export const MADE_TABLES = 'local-tools-made-tables';

/** The table is there, and the local tools did not make it: what would delete it leaves it as it is. */
export class NotMadeByLocalToolsError extends Error {
  override readonly name = 'NotMadeByLocalToolsError';
  constructor(readonly table: string) {
    super(`the table ${table} was not made by npm start or npm run seed (${MADE_TABLES} does not list it)`);
  }
}

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

async function createTable(client: DynamoDBClient, properties: Record<string, any>): Promise<void> {
  const { TableName, TimeToLiveSpecification } = properties;
  const { AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes, LocalSecondaryIndexes } = properties;
  const { TableDescription } = await client.send(
    new CreateTableCommand({ TableName, AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes, LocalSecondaryIndexes }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName });
  await ensureList(client);
  const created = String(TableDescription!.CreationDateTime!.getTime());
  await client.send(new PutItemCommand({ TableName: MADE_TABLES, Item: { table: { S: TableName }, created: { N: created } } }));
  if (TimeToLiveSpecification) await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification }));
}

/** Creates each missing table of the template, all at once; answers the names of those it created. */
export async function ensureTables(client: DynamoDBClient, template: Template, stack: LocalStack = {}): Promise<string[]> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const missing = tablesOf(template, stack).filter(({ properties }) => !existing.has(properties.TableName));
  await Promise.all(missing.map(({ properties }) => createTable(client, properties)));
  return missing.map(({ properties }) => properties.TableName);
}

/** What the database says of `table`: absent, made by the local tools (with their entry), or made otherwise. */
export async function listingOf(
  client: DynamoDBClient,
  table: string,
): Promise<{ origin: 'absent' | 'local tools' | 'elsewhere'; created?: number; entry?: Record<string, unknown> }> {
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
