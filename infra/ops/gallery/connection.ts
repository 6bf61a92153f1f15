/**
 * Which database and table the local tools (seed, import, export, shorturls) work on: the
 * database AWS_ENDPOINT_URL_DYNAMODB names, else the DynamoDB Local of the `npm start` running on
 * the data directory (LOCAL_DATA_DIR, `.data`), as it says there (../dynamodb/start-state.ts);
 * when neither names one, they refuse rather than guess. The table: GALLERY_TABLE
 * (SHORT_URLS_TABLE), else the table of template.yaml. With the running npm start's database
 * comes the origin its short URLs carry, which `shorturls import` keeps links from leading to.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NotMadeByLocalToolsError } from '../../dynamodb/made-tables';
import { loadTemplate, type Template } from '../../template/read';
import { tablesOf } from '../../template/tables';
import { dataDirectoryOf, findStart, stateFileIn } from '../../dynamodb/start-state';

export interface Connection {
  readonly endpoint: string;
  /** Whether the endpoint is on this machine (DynamoDB Local). */
  readonly local: boolean;
  readonly table: string;
  /** The origin the short URLs of the npm start whose database this is carry; absent for any other database. */
  readonly shortUrlHost?: string;
  readonly client: DynamoDBClient;
  readonly documents: DynamoDBDocumentClient;
  close(): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A table of template.yaml, and the variable that names another. */
export interface TableChoice {
  readonly id: string;
  readonly variable: string;
}
export const GALLERY: TableChoice = { id: 'GalleryTable', variable: 'GALLERY_TABLE' };
export const SHORT_URLS: TableChoice = { id: 'ShortUrlsTable', variable: 'SHORT_URLS_TABLE' };

/** A table's name as template.yaml defines it, for the default stage. */
export function templateTable(choice: TableChoice, template: Template = loadTemplate()): string {
  const table = tablesOf(template).find((entry) => entry.id === choice.id);
  if (!table) throw new Error(`template.yaml defines no ${choice.id}`);
  return table.properties.TableName as string;
}

/** The gallery table's name as template.yaml defines it, for the default stage. */
export const templateGalleryTable = (template?: Template): string => templateTable(GALLERY, template);

/** No database is named, and no `npm start` says which it uses: the message says what to do. */
export class NoDatabaseError extends Error {
  override readonly name = 'NoDatabaseError';
}

/**
 * The database: AWS_ENDPOINT_URL_DYNAMODB, else the running npm start's DynamoDB Local. A named
 * one is still that npm start's when it is the endpoint the npm start announced (as it printed
 * it): then its short-link origin comes with it too.
 */
export function databaseOf(env: NodeJS.ProcessEnv = process.env): { endpoint: string; shortUrlHost?: string } {
  const named = env.AWS_ENDPOINT_URL_DYNAMODB;
  const dataDirectory = dataDirectoryOf(env);
  const found = findStart(dataDirectory);
  if (found.kind === 'running' && (!named || named.replace(/\/$/, '') === found.endpoint)) {
    return { endpoint: named || found.endpoint, shortUrlHost: found.shortUrlHost };
  }
  if (named) return { endpoint: named };
  const why =
    found.kind === 'stopped'
      ? `the npm start that ran DynamoDB Local on ${dataDirectory} (pid ${found.pid}) has stopped`
      : `no npm start runs DynamoDB Local on ${dataDirectory} (no ${stateFileIn(dataDirectory)})`;
  throw new NoDatabaseError(`${why}: start \`npm start\` (with the same LOCAL_DATA_DIR), or name a database in AWS_ENDPOINT_URL_DYNAMODB`);
}

/** Connects to the database databaseOf() chooses; throws NoDatabaseError when there is none to choose. */
export function connect(env: NodeJS.ProcessEnv = process.env, template?: Template, choice: TableChoice = GALLERY): Connection {
  const { endpoint, shortUrlHost } = databaseOf(env);
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
    table: env[choice.variable] || templateTable(choice, template),
    shortUrlHost,
    client,
    documents,
    close: () => client.destroy(),
  };
}

/** What went wrong, in words that say what to do about the usual causes. */
export function failureMessage(error: unknown, connection: Connection): string {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  if (code === 'ECONNREFUSED') {
    return `no DynamoDB answers at ${connection.endpoint}: start one with \`npm start\`, or name it in AWS_ENDPOINT_URL_DYNAMODB`;
  }
  if (error instanceof NotMadeByLocalToolsError) {
    return `${message} at ${connection.endpoint}, so it is left as it is: delete it yourself if it may go`;
  }
  if (name === 'ResourceNotFoundException') return `${connection.endpoint} has no table ${connection.table}: ${message}`;
  return message ?? String(error);
}

/** connect() for a command's entry point: with no database to choose, says why in one line and exits with code 2. */
export function connectOrExit(
  command: string,
  env: NodeJS.ProcessEnv = process.env,
  template?: Template,
  choice: TableChoice = GALLERY,
): Connection {
  try {
    return connect(env, template, choice);
  } catch (error) {
    if (!(error instanceof NoDatabaseError)) throw error;
    console.error(`${command} refused: ${error.message}`);
    process.exit(2);
  }
}
