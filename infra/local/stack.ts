/** A local stand-in for a deployed stack: DynamoDB Local with the template's tables, and the functions' environment. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal, type DynamoDbLocal, type DynamoDbLocalOptions } from '../dynamodb/local';
import { ensureTables } from '../dynamodb/made-tables';
import { startLimitedDynamoDbLocal } from '../dynamodb/partition-limit';
import type { Template } from '../template/read';
import { functionEnvironment } from '../template/functions';

/** Credentials and region for DynamoDB Local, which accepts any; set only where unset. */
const LOCAL_AWS = { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' };

interface LocalStackOptions {
  readonly dynamoDbPort: number;
  /** In memory when absent. */
  readonly dataDirectory?: string;
  /** The short-link host's origin, as SHORT_URL_HOST. */
  readonly shortUrlHost: string;
  readonly quickCompiler?: DynamoDbLocalOptions['quickCompiler'];
  /** LOCAL_PARTITION_WRITES: DynamoDB's per-partition limit, modelled at `dynamoDbPort` (../dynamodb/partition-limit.ts); none when absent. */
  readonly partitionWrites?: number;
}

/**
 * Starts DynamoDB Local unless AWS_ENDPOINT_URL_DYNAMODB already names one, creates the missing
 * tables, and sets the functions' environment in process.env (what is already set wins).
 */
export async function startLocalStack(template: Template, options: LocalStackOptions): Promise<DynamoDbLocal | undefined> {
  for (const [name, value] of Object.entries(LOCAL_AWS)) process.env[name] ??= value;
  let database: DynamoDbLocal | undefined;
  if (!process.env.AWS_ENDPOINT_URL_DYNAMODB) {
    const { dataDirectory, quickCompiler, partitionWrites } = options;
    const local = { port: options.dynamoDbPort, dataDirectory, quickCompiler };
    database = await (partitionWrites ? startLimitedDynamoDbLocal({ ...local, partitionWrites }) : startDynamoDbLocal(local));
    process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
  }
  const client = new DynamoDBClient({});
  try {
    await ensureTables(client, template);
  } finally {
    client.destroy();
  }
  const env = functionEnvironment(template, { parameters: { ShortUrlHost: options.shortUrlHost } });
  for (const [name, value] of Object.entries(env)) process.env[name] ??= value;
  return database;
}
