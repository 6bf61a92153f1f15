/**
 * `npm start`: the API at http://127.0.0.1:3000 (PORT), the short-link host at
 * http://127.0.0.1:3001 (SHORT_PORT), and DynamoDB Local at 127.0.0.1:8000 (DYNAMODB_PORT)
 * keeping its data in .data/ (LOCAL_DATA_DIR). An endpoint in AWS_ENDPOINT_URL_DYNAMODB is
 * used instead of starting DynamoDB Local.
 */
import { resolve } from 'node:path';
import { apiDocsRoutes, DOCS_PATH } from '../docs/page';
import { JavaMissingError, type DynamoDbLocal } from '../dynamodb/local';
import { loadSampleIfEmpty } from '../gallery/seed';
import { startLocalServer, type LocalServer, type StaticFile } from '../local/server';
import { startLocalStack } from '../local/stack';
import { functionTimeoutSeconds, loadTemplate, PROJECT_ROOT, routesOf } from '../local/template';

const port = (name: string, fallback: number): number => Number(process.env[name] || fallback);

/** Which HTTP API of the template each local port serves. */
const PORTS: Record<string, number> = { Api: port('PORT', 3000), ShortApi: port('SHORT_PORT', 3001) };

const template = loadTemplate();
const routes = routesOf(template);
const unserved = routes.filter((route) => !(route.api in PORTS)).map((route) => route.api);
if (unserved.length > 0) throw new Error(`no local port for the HTTP API ${unserved[0]}`);

// The servers listen first, because the short-link server's address is one of the functions'
// settings; requests wait for `stackReady` (the environment set below) before a module loads.
const stackReady = Promise.withResolvers<void>();
// The API's reference page (locally only) names both servers' addresses, known once they listen.
const docsFiles = Promise.withResolvers<ReadonlyMap<string, StaticFile>>();
const timeoutSeconds = functionTimeoutSeconds(template);
const [apiServer, shortServer] = (await Promise.all(
  ['Api', 'ShortApi'].map((api) =>
    startLocalServer({
      routes: routes.filter((route) => route.api === api),
      port: PORTS[api]!,
      timeoutSeconds,
      ready: stackReady.promise,
      files: api === 'Api' ? docsFiles.promise : undefined,
    }),
  ),
)) as [LocalServer, LocalServer];
docsFiles.resolve(apiDocsRoutes({ api: apiServer.url, shortLinks: shortServer.url }));
const shortUrlHost = process.env.SHORT_URL_HOST ?? shortServer.url;

let database: DynamoDbLocal | undefined;
// Set before DynamoDB Local starts: exiting, even while it starts, stops it too (infra/dynamodb/local.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await Promise.all([apiServer.close(), shortServer.close()]);
    await database?.stop();
    process.exit(0);
  });
}

const dataDirectory = resolve(PROJECT_ROOT, process.env.LOCAL_DATA_DIR || '.data', 'dynamodb');
try {
  database = await startLocalStack(template, { dynamoDbPort: port('DYNAMODB_PORT', 8000), dataDirectory, shortUrlHost });
  stackReady.resolve();
} catch (error) {
  if (!(error instanceof JavaMissingError)) throw error;
  console.error(error.message);
  process.exit(1);
}

console.log(`DynamoDB at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}${database ? ` (DynamoDB Local, data in ${dataDirectory})` : ''}`);
console.log(`Short links at ${shortServer.url} (short URLs carry ${shortUrlHost})`);
console.log(`Social news read API listening at ${apiServer.url}`);
console.log(`API reference (local only) at ${apiServer.url}${DOCS_PATH}`);
console.log(`Try: curl '${apiServer.url}/errors?appkey=http%3A%2F%2Fmy.app%2F'`);

// Its own DynamoDB Local gets the sample gallery while it holds no photo, in the background; a
// database named in AWS_ENDPOINT_URL_DYNAMODB is left as it is (`npm run seed` loads one).
if (database) void loadSampleIfEmpty();
