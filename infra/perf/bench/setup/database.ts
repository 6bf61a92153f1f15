/**
 * The bench's own database: DynamoDB Local, in memory on a free loopback port, with
 * template.yaml's tables (whatever the shell's AWS_ENDPOINT_URL_DYNAMODB names), and one
 * seeded short URL. The project's own modules are loaded only once its environment is set.
 */
import { freePort, type DynamoDbLocal } from '../../../dynamodb/local';
import { startLocalStack } from '../../../local/stack';
import { log, seconds } from '../report/output';
import { BENCH_SETTINGS, functionEnv, SHORT_URL_HOST, template } from './project';

/** The link seeded before anything is measured: what lookups, redirects and deduplicated creations find. */
export const SEED_URL = 'https://bench.test/seeded';

export interface Seed {
  readonly code: string;
  readonly link: string;
}

/**
 * Sets the functions' environment in this process and starts DynamoDB Local; the promise is
 * caught here too, so that a failure to start does not crash the build that runs meanwhile.
 */
export function startDatabase(): Promise<DynamoDbLocal | undefined> {
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  for (const [name, value] of Object.entries(functionEnv)) process.env[name] = value;
  const starting = freePort().then((dynamoDbPort) => startLocalStack(template, { dynamoDbPort, shortUrlHost: SHORT_URL_HOST }));
  starting.catch(() => undefined);
  return starting;
}

/** The modules of the project the bench itself uses against DynamoDB. */
async function projectDatabase() {
  const [{ documentClient }, { DynamoShortUrlStore }, { ShortUrlService }, { Blocklist }] = await Promise.all([
    import('../../../../lib/db/client'),
    import('../../../../lib/shorturls/dynamodb'),
    import('../../../../lib/shorturls/service'),
    import('../../../../lib/shorturls/blocklist'),
  ]);
  const table = functionEnv.SHORT_URLS_TABLE;
  if (!table) throw new Error('template.yaml gives no function SHORT_URLS_TABLE');
  const store = new DynamoShortUrlStore(documentClient, table);
  return {
    documentClient,
    table,
    store,
    service: new ShortUrlService(
      store,
      { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() },
      new Blocklist(() => store.blockedHosts()),
    ),
  };
}
export type ProjectDatabase = Awaited<ReturnType<typeof projectDatabase>>;

/** Once DynamoDB Local runs (`startedMs`: when it was asked to start): the project's modules on it, and the seeded short URL. */
export async function seedDatabase(startedMs: number): Promise<{ db: ProjectDatabase; seed: Seed }> {
  log(
    `DynamoDB Local: in memory at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}, with template.yaml's tables (built and started in ${seconds(startedMs)} s).`,
  );
  const db = await projectDatabase();
  const { code, link } = (await db.service.create(SEED_URL, async () => ({ release: async () => undefined }))).record;
  log(
    `Seeded: ${SHORT_URL_HOST}/${code} → ${link}. Rate limits for the bench: ${Object.entries(BENCH_SETTINGS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}.`,
  );
  log();
  return { db, seed: { code, link } };
}
