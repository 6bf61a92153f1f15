/** DynamoDB Local in memory with the template's tables, a short URL made by the create handler, and the sample gallery imported. */
import { freePort, type DynamoDbLocal } from '../../dynamodb/local';
import { handlerOf } from '../../local/invoke';
import { generateGallery } from '../../local/sample/generator';
import { startLocalStack } from '../../local/stack';
import { connect, type Connection } from '../../ops/gallery/connection';
import { importLines, summaryLine } from '../../ops/gallery/importer';
import { lineOf, type CommentLine, type PhotoLine } from '../../ops/gallery/records';
import { log } from '../report/console';
import { benchContext, benchEvent, CREATE, functionEnv, must, routeOf, routes, SHORT_URL_HOST, template, typedPath } from './project';

export const SEED_URL = 'https://bench.test/seeded';
/** Some 1 800 photos in the default 30-day window. */
const SAMPLE = { photos: 2_400, days: 40 } as const;

export interface Seed {
  readonly code: string;
  readonly link: string;
}

export interface Gallery {
  readonly connection: Connection;
  readonly named: { readonly photo: number; readonly comment: number; readonly list: readonly number[] };
}

/** Sets the functions' environment here and starts DynamoDB Local; caught, so that a failure does not crash the build meanwhile. */
export function startDatabase(): Promise<DynamoDbLocal | undefined> {
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  for (const [name, value] of Object.entries(functionEnv)) process.env[name] = value;
  const starting = freePort().then((dynamoDbPort) => startLocalStack(template, { dynamoDbPort, shortUrlHost: SHORT_URL_HOST }));
  starting.catch(() => undefined);
  return starting;
}

export async function seedShortUrl(): Promise<Seed> {
  const create = await handlerOf(routeOf(CREATE).fn);
  const { event } = benchEvent(routes, typedPath(`/url/short/create?url=${encodeURIComponent(SEED_URL)}`, 'json'));
  const answer = await create(event, benchContext(CREATE));
  must('seeding a short URL', answer, 200);
  const { short_url, link } = JSON.parse(answer.body ?? '').shorturls[0] as { short_url: string; link: string };
  log(`DynamoDB Local at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}; seeded ${short_url} → ${link}.`);
  return { code: new URL(short_url).pathname.slice(1), link };
}

/** The generator makes the same gallery at any time of day, so every run's requests read alike. */
export async function loadGallery(): Promise<Gallery> {
  const connection = connect();
  const records = generateGallery({ now: Math.floor(Date.now() / 1000), ...SAMPLE });
  const summary = await importLines(records.map(lineOf), connection.documents, connection.table);
  if (summary.refused.length > 0) throw new Error(`the importer refused ${summary.refused.length} lines: ${summary.refused[0]!.reason}`);
  const comments = records.filter((r): r is CommentLine => r.type === 'comment');
  const repliedTo = new Set(comments.map((c) => c.replyto));
  const top = comments.find((c) => c.replyto === null && repliedTo.has(c.id));
  if (!top) throw new Error('the sample gallery has no comment with replies');
  const photos = records.filter((r): r is PhotoLine => r.type === 'photo');
  const named = { photo: top.photo, comment: top.id, list: [top.photo, ...photos.slice(-9).map((p) => p.id)] };
  log(
    `Gallery: ${SAMPLE.photos} sample photos over ${SAMPLE.days} days, imported: ${summaryLine(summary)}; named ${JSON.stringify(named)}.\n`,
  );
  return { connection, named };
}
