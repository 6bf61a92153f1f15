/**
 * `npm run scale [-- --photos N --thread N --seconds N]`: each gallery route's first page on a
 * grown gallery (the figures `npm run cost` prices), then short links probed while clients loop
 * on the costliest gallery request; exits 1 when that check fails. Bounded at 25 minutes.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { freePort, type DynamoDbLocal } from '../../dynamodb/local';
import { APP_KEY } from '../bench/setup/project';
import { dropFunctionOutput } from '../report/console';
import { startLocalStack } from '../../local/stack';
import { attack } from './attack';
import { growGallery, loadSampleGallery } from './data';
import { measure } from './measure';
import { attackCheck, reportScale } from './report';
import { startStack } from '../../start/process';
import { boundedRun, type Undo } from '../report/bounded-run';
import { loadTemplate } from '../../template/read';
import { routesOf } from '../../template/routes';

const RUN_LIMIT_MS = 25 * 60_000;
/** A digg-sorted window merges a partition per day of the window: the most a gallery request reads. */
const ATTACK_TARGET = '/galleryphotos?sort=digg_count-desc';

function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} takes a whole number from ${min} to ${max}`);
  return value;
}

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '50000' },
    thread: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '20' },
  },
});
const options = {
  photos: integer('photos', values.photos, 1_000, 200_000),
  thread: integer('thread', values.thread, 100, 20_000),
  seconds: integer('seconds', values.seconds, 5, 120),
};

async function main(undo: Undo): Promise<boolean> {
  const template = loadTemplate();
  const routes = routesOf(template);
  const log = console.log.bind(console);
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const database = (await startLocalStack(template, {
    dynamoDbPort: await freePort(),
    shortUrlHost: 'http://127.0.0.1:3001',
  })) as DynamoDbLocal;
  undo.push(() => database.stop());
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const table = process.env.GALLERY_TABLE!;
  const client = new DynamoDBClient({ endpoint, maxAttempts: 8 });
  undo.push(async () => client.destroy());
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  // The handlers' own client, loaded now that the environment names the run's database.
  const { documentClient } = await import('../../../lib/db/client');
  log(`DynamoDB Local at ${endpoint}, table ${table}`);

  const now = Math.floor(Date.now() / 1000);
  const samplePhotos = await loadSampleGallery(documents, table, now);
  const gallery = await growGallery(documents, table, now, samplePhotos, options.photos, options.thread);
  log(`Measuring the gallery routes on ${gallery.photosInWindow} photos in the window…`);
  // The handlers log a line per request; the report is what matters here.
  const write = process.stdout.write;
  dropFunctionOutput();
  const measurements = await measure(gallery.named, routes, documentClient, documents).finally(() => (process.stdout.write = write));

  log(`Starting npm start on the grown gallery; ten clients on ${ATTACK_TARGET} for ${options.seconds} s…`);
  const stack = await startStack({ AWS_ENDPOINT_URL_DYNAMODB: endpoint });
  undo.push(() => stack.stop());
  const created = await fetch(
    `${stack.api}/url/short/create?url=${encodeURIComponent('https://scale.test/probe')}&type=json&appkey=${encodeURIComponent(APP_KEY)}`,
  );
  const shortUrl = ((await created.json()) as { shorturls: Array<{ short_url: string }> }).shorturls[0]!.short_url;
  const attacked = await attack(
    { api: stack.api, shortLinks: stack.shortLinks },
    ATTACK_TARGET,
    shortUrl.split('/').pop()!,
    options.seconds,
  );
  const check = attackCheck(attacked);
  await reportScale({ gallery, measurements, attack: attacked }, check);
  return check.pass;
}

await boundedRun('SCALE', RUN_LIMIT_MS, main);
