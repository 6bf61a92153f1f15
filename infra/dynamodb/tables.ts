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
import { tablesOf, type LocalStack, type Template } from '../local/template';
import { recordMade } from './made-tables';

/** Creates each missing table; answers the names of the tables it created. */
export async function ensureTables(client: DynamoDBClient, template: Template, stack: LocalStack = {}): Promise<string[]> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const created: string[] = [];
  for (const { properties } of tablesOf(template, stack)) {
    const {
      TableName,
      AttributeDefinitions,
      KeySchema,
      BillingMode,
      GlobalSecondaryIndexes,
      LocalSecondaryIndexes,
      TimeToLiveSpecification,
    } = properties;
    if (existing.has(TableName)) continue;
    const { TableDescription } = await client.send(
      new CreateTableCommand({ TableName, AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes, LocalSecondaryIndexes }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName });
    await recordMade(client, TableDescription!);
    if (TimeToLiveSpecification) {
      await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification }));
    }
    created.push(TableName);
  }
  return created;
}
