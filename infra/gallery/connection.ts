/**
 * Which database and table the gallery tools (import, seed) work on: AWS_ENDPOINT_URL_DYNAMODB,
 * else the DynamoDB Local of `npm start` on 127.0.0.1 at DYNAMODB_PORT (8000); GALLERY_TABLE,
 * else the gallery table of template.yaml.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadTemplate, tablesOf, type Template } from '../local/template';

export interface Connection {
  readonly endpoint: string;
  /** Whether the endpoint is on this machine (DynamoDB Local). */
  readonly local: boolean;
  readonly table: string;
  readonly client: DynamoDBClient;
  readonly documents: DynamoDBDocumentClient;
  close(): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The gallery table's name as template.yaml defines it, for the default stage. */
export function templateGalleryTable(template: Template = loadTemplate()): string {
  const table = tablesOf(template).find((entry) => entry.id === 'GalleryTable');
  if (!table) throw new Error('template.yaml defines no GalleryTable');
  return table.properties.TableName as string;
}

export function connect(env: NodeJS.ProcessEnv = process.env, template?: Template): Connection {
  const endpoint = env.AWS_ENDPOINT_URL_DYNAMODB || `http://127.0.0.1:${env.DYNAMODB_PORT || 8000}`;
  const local = LOOPBACK.has(new URL(endpoint).hostname);
  const client = new DynamoDBClient({
    endpoint,
    // DynamoDB Local takes any region and credentials; elsewhere the SDK's own chain finds them.
    ...(local ? { region: env.AWS_REGION || 'us-east-1' } : {}),
    ...(local && !env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 8,
  });
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    local,
    table: env.GALLERY_TABLE || templateGalleryTable(template),
    client,
    documents,
    close: () => client.destroy(),
  };
}

/** What went wrong, in words that say what to do about the usual causes. */
export function failureMessage(error: unknown, connection: Connection): string {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  if (code === 'ECONNREFUSED') {
    return `no DynamoDB answers at ${connection.endpoint}: start one with \`npm start\`, or name it in AWS_ENDPOINT_URL_DYNAMODB (or DYNAMODB_PORT)`;
  }
  if (name === 'ResourceNotFoundException') return `${connection.endpoint} has no table ${connection.table} (GALLERY_TABLE): ${message}`;
  return message ?? String(error);
}
