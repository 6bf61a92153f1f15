/**
 * Creates the tables template.yaml defines, from those definitions, where they are missing, and
 * lists each as made by the local tools (./made-tables.ts).
 */
import {
  CreateTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import type { Template } from '../template/read';
import type { LocalStack } from '../template/evaluate';
import { tablesOf } from '../template/tables';
import { recordMade } from './made-tables';

/** Creates each missing table, all at once; answers the names of the tables it created. */
export async function ensureTables(client: DynamoDBClient, template: Template, stack: LocalStack = {}): Promise<string[]> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const missing = tablesOf(template, stack).filter(({ properties }) => !existing.has(properties.TableName));
  await Promise.all(missing.map(({ properties }) => createTable(client, properties)));
  return missing.map(({ properties }) => properties.TableName);
}

async function createTable(client: DynamoDBClient, properties: Record<string, any>): Promise<void> {
  const {
    TableName,
    AttributeDefinitions,
    KeySchema,
    BillingMode,
    GlobalSecondaryIndexes,
    LocalSecondaryIndexes,
    TimeToLiveSpecification,
  } = properties;
  const { TableDescription } = await client.send(
    new CreateTableCommand({ TableName, AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes, LocalSecondaryIndexes }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName });
  await recordMade(client, TableDescription!);
  if (TimeToLiveSpecification) await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification }));
}
