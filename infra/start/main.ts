/**
 * `npm start`: the API, the short-link host and DynamoDB Local with the sample gallery
 * (docs/local.md). A setting it cannot use, a port in use, or no Java: one line, exit code 1.
 */
import { join } from 'node:path';
import { ConfigError } from '../../lib/api-error';
import { apiDocsRoutes, DOCS_PATH } from '../docs/page';
import { retiringWithApi } from '../docs/retirement';
import { JavaMissingError, type DynamoDbLocal } from '../dynamodb/local';
import { completeSampleInBackground } from '../local/sample/seed';
import { lambdaEnvironments } from '../local/environments';
import { shortenFunctionLogs } from '../local/log-lines';
import { startLocalServer, type LocalServer, type StaticFiles } from '../local/server';
import { startLocalStack } from '../local/stack';
import { loadTemplate } from '../template/read';
import { functionTimeoutSeconds } from '../template/functions';
import { routesOf } from '../template/routes';
import { listenOn, logFormat, partitionWrites as partitionWritesSetting, port, StartError } from './settings';
import { announceStart, dataDirectoryOf, findStart } from '../dynamodb/start-state';
import { RequestsInFlight } from '../local/in-flight';

/** Says in one line why npm start cannot start, and stops; anything else is a bug, thrown with its stack. */
function refuse(error: unknown): never {
  if (!(error instanceof StartError || error instanceof JavaMissingError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    refuse(error);
  }
}

/** Which HTTP API of the template each local port serves, and the variable that sets it. */
const PORTS: Record<string, { variable: string; port: number }> = checked(() => ({
  Api: { variable: 'PORT', port: port('PORT', 3000) },
  ShortApi: { variable: 'SHORT_PORT', port: port('SHORT_PORT', 3001) },
}));
const dynamoDbPort = checked(() => port('DYNAMODB_PORT', 8000));
const partitionWrites = checked(partitionWritesSetting);
// The functions' own settings, checked as each function's start does: a bad one stops npm start here.
const { config } = await import('../../lib/config').catch(refuse);
const ownDatabase = !process.env.AWS_ENDPOINT_URL_DYNAMODB;
const ports = [...Object.values(PORTS).map((entry) => entry.port), ...(ownDatabase ? [dynamoDbPort] : [])];

// A data directory serves one DynamoDB Local: another npm start may be running on it.
const dataDirectory = dataDirectoryOf();
const other = ownDatabase ? findStart(dataDirectory) : undefined;
if (other?.kind === 'running')
  refuse(new StartError(`npm start (pid ${other.pid}) already runs DynamoDB Local on ${dataDirectory}: stop it, or set LOCAL_DATA_DIR`));

const environments = await lambdaEnvironments();
if (checked(logFormat) === 'short') shortenFunctionLogs(environments.eventOf);

/** The longest the sample load waits for the requests in flight before its next batch. */
const SAMPLE_LOAD_YIELD_MS = 250;

const template = loadTemplate();
const routes = routesOf(template);
const unserved = routes.filter((route) => !(route.api in PORTS)).map((route) => route.api);
if (unserved.length > 0) throw new Error(`no local port for the HTTP API ${unserved[0]}`);

// The servers listen first: the short-link server's address is one of the functions' settings,
// and the reference page names both; requests wait for `stackReady` before a module loads.
const stackReady = Promise.withResolvers<void>();
const docsFiles = Promise.withResolvers<StaticFiles>();
const timeoutSeconds = functionTimeoutSeconds(template);
const requestsInFlight = new RequestsInFlight();
const [apiServer, shortServer] = (await Promise.all(
  ['Api', 'ShortApi'].map((api) =>
    listenOn(PORTS[api]!.variable, PORTS[api]!.port, ports, () =>
      startLocalServer({
        routes: routes.filter((route) => route.api === api),
        port: PORTS[api]!.port,
        timeoutSeconds,
        ready: stackReady.promise,
        files: api === 'Api' ? docsFiles.promise : undefined,
        invoke: environments.invoke,
        inFlight: requestsInFlight,
      }),
    ),
  ),
).catch(refuse)) as [LocalServer, LocalServer];
docsFiles.resolve(retiringWithApi(apiDocsRoutes({ api: apiServer.url, shortLinks: shortServer.url }), config));
const shortUrlHost = process.env.SHORT_URL_HOST ?? shortServer.url;

let database: DynamoDbLocal | undefined;
// Set before DynamoDB Local starts: exiting, even while it starts, stops it too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await Promise.all([apiServer.close(), shortServer.close()]);
    await database?.stop();
    process.exit(0);
  });

const databaseDirectory = join(dataDirectory, 'dynamodb');
database = await listenOn('DYNAMODB_PORT', dynamoDbPort, ports, () =>
  startLocalStack(template, { dynamoDbPort, dataDirectory: databaseDirectory, shortUrlHost, quickCompiler: true, partitionWrites }),
).catch(refuse);
stackReady.resolve();
if (database) announceStart(dataDirectory, database.endpoint, shortUrlHost);

const limit = partitionWrites ? `, at most ${partitionWrites} writes a second to one partition key` : '';
console.log(
  `DynamoDB at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}${database ? ` (DynamoDB Local, data in ${databaseDirectory}${limit})` : ''}`,
);
console.log(`Short links at ${shortServer.url} (short URLs carry ${shortUrlHost})`);
console.log(`Social news read API listening at ${apiServer.url}`);
console.log(`API reference (local only) at ${apiServer.url}${DOCS_PATH}`);
console.log(`Try: curl '${apiServer.url}/errors?appkey=http%3A%2F%2Fmy.app%2F'`);

// A database named in AWS_ENDPOINT_URL_DYNAMODB is left as it is; in its own, the sample load steps aside for requests.
if (database) void completeSampleInBackground(undefined, { beforeBatch: () => requestsInFlight.whenIdle(SAMPLE_LOAD_YIELD_MS) });
