/**
 * The bench's data: DynamoDB Local, in memory on a free loopback port, with template.yaml's
 * tables (whatever the shell's AWS_ENDPOINT_URL_DYNAMODB names), one seeded short URL, and the
 * gallery: the sample generator's (../../../local/sample/generator.ts), dense enough that the
 * default 30-day window holds well over 1 100 photos, loaded through the importer as `npm run seed` loads it.
 */
import { freePort, type DynamoDbLocal } from '../../../dynamodb/local';
import { generateGallery } from '../../../local/sample/generator';
import { startLocalStack } from '../../../local/stack';
import { connect, type Connection } from '../../../ops/gallery/connection';
import { importLines, summaryLine } from '../../../ops/gallery/importer';
import { lineOf, type CommentLine, type PhotoLine } from '../../../ops/gallery/records';
import { log } from '../../report/console';
import { functionEnv, SHORT_URL_HOST, template } from './project';

/** The link seeded before anything is measured: what lookups, redirects and deduplicated creations find. */
export const SEED_URL = 'https://bench.test/seeded';
/** 2 400 photos over 40 days: some 1 800 in the last 30. */
const SAMPLE = { photos: 2_400, days: 40 } as const;

export interface Seed {
  readonly code: string;
  readonly link: string;
}

export interface Gallery {
  /** The bench's own client on the gallery table (not the functions'), and the table's name. */
  readonly connection: Connection;
  /** Path parameters that name what the table holds: a photo, a comment of it with replies, and ten photos. */
  readonly path: { readonly id: number; readonly commentId: number; readonly list: readonly number[] };
}

/**
 * Sets the functions' environment in this process and starts DynamoDB Local; the promise is
 * caught here too, so that a failure to start does not crash the build that runs meanwhile.
 * The project's own modules are loaded only once this environment is set.
 */
export function startDatabase(): Promise<DynamoDbLocal | undefined> {
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  for (const [name, value] of Object.entries(functionEnv)) process.env[name] = value;
  const starting = freePort().then((dynamoDbPort) => startLocalStack(template, { dynamoDbPort, shortUrlHost: SHORT_URL_HOST }));
  starting.catch(() => undefined);
  return starting;
}

/** Once DynamoDB Local runs: the short URL the short-URL functions are asked about, created by the project's own service. */
export async function seedShortUrl(): Promise<Seed> {
  const [{ documentClient }, { DynamoShortUrlStore }, { ShortUrlService }, { Blocklist }] = await Promise.all([
    import('../../../../lib/db/client'),
    import('../../../../lib/shorturls/dynamodb'),
    import('../../../../lib/shorturls/service'),
    import('../../../../lib/shorturls/blocklist'),
  ]);
  const table = functionEnv.SHORT_URLS_TABLE;
  if (!table) throw new Error('template.yaml gives no function SHORT_URLS_TABLE');
  const store = new DynamoShortUrlStore(documentClient, table);
  const service = new ShortUrlService(
    store,
    { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() },
    new Blocklist(() => store.blockedHosts()),
  );
  const { code, link } = (await service.create(SEED_URL, async () => ({ release: async () => undefined }))).record;
  log(`DynamoDB Local at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}; seeded ${SHORT_URL_HOST}/${code} → ${link}.`);
  return { code, link };
}

/** A top-level comment that has replies, and its photo. */
function threadOf(comments: readonly CommentLine[]): { id: number; commentId: number } {
  const repliedTo = new Set(comments.map((c) => c.replyto));
  const top = comments.find((c) => c.replyto === null && repliedTo.has(c.id));
  if (!top) throw new Error('the sample gallery has no comment with replies');
  return { id: top.photo, commentId: top.id };
}

/**
 * Generates the sample for now and imports it; the caller closes `connection`. The generator
 * makes the same gallery whatever the time of day, so the bench's requests are the same in every
 * run (which of the listed photos have comments, and so how many threads a list reads).
 */
export async function loadGallery(): Promise<Gallery> {
  const connection = connect();
  const records = generateGallery({ now: Math.floor(Date.now() / 1000), ...SAMPLE });
  const summary = await importLines(records.map(lineOf), connection.documents, connection.table);
  if (summary.refused.length > 0)
    throw new Error(`the importer refused ${summary.refused.length} sample lines: ${summary.refused[0]!.reason}`);
  const photos = records.filter((r): r is PhotoLine => r.type === 'photo');
  const thread = threadOf(records.filter((r): r is CommentLine => r.type === 'comment'));
  const list = [thread.id, ...photos.slice(-9).map((p) => p.id)];
  log(`Gallery: ${SAMPLE.photos} sample photos over ${SAMPLE.days} days, imported: ${summaryLine(summary)}.`);
  log(`Its requests name photo ${thread.id}, its comment ${thread.commentId} (which has replies), and the list ${list.join(',')}.`);
  log();
  return { connection, path: { ...thread, list } };
}
