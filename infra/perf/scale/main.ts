/**
 * `npm run scale [-- --photos N --thread N --seconds N]`: what a gallery request costs as the
 * gallery grows (docs/api.md, The gallery's arguments: cost). On a DynamoDB Local of its own
 * (in memory, on a free loopback port):
 *   1. loads the sample gallery and measures every gallery endpoint in every sort: the read
 *      capacity each request consumed and its latency (scale/measure.ts);
 *   2. grows the gallery through the importer to N photos in the default 30-day window (50 000)
 *      and a thread of N comments (5 000), and measures the same requests again;
 *   3. runs `npm start` on that database and has ten clients loop on the costliest gallery request
 *      for N seconds (20) while a probe looks up and follows a short URL (scale/attack.ts);
 * then prints both measurements side by side and one PASS or FAIL line per check, writes
 * infra/perf/results/scale.md (and scale.json, and its part of measured.json), and exits 1 when a check fails. Bounded at 25
 * minutes; however it ends, it stops what it started.
 *
 *   scale/data.ts       the sample, and the gallery grown from it
 *   scale/requests.ts   what is asked of each endpoint
 *   scale/measure.ts    read capacity and latency of each request
 *   scale/attack.ts     the attack and the probe
 *   scale/report.ts     the side-by-side table, the checks, the files
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { freePort, type DynamoDbLocal } from '../../dynamodb/local';
import { APP_KEY } from '../bench/setup/lambda';
import { dropFunctionOutput } from '../bench/report/output';
import { startLocalStack } from '../../local/stack';
import { attack } from './attack';
import { growGallery, loadSampleGallery } from './data';
import { measure, type Measurement } from './measure';
import { checksOf, printRun, writeRun } from './report';
import { SCALE_REQUESTS } from './requests';
import { startStack } from '../../start/process';
import { boundedRun, type Undo } from '../report/bounded-run';
import { loadTemplate } from '../../template/read';
import { routesOf } from '../../template/routes';

const RUN_LIMIT_MS = 25 * 60_000;

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
  const sampleStarted = performance.now();
  const sampleGallery = await loadSampleGallery(documents, table, now);
  const sampleLoadMs = performance.now() - sampleStarted;
  const quiet = <T>(work: () => Promise<T>): Promise<T> => {
    // The handlers log a line per request; the report is what matters here.
    const write = process.stdout.write;
    dropFunctionOutput();
    return work().finally(() => (process.stdout.write = write));
  };
  log(`Measuring ${SCALE_REQUESTS.length} requests on the sample (${sampleGallery.photosInWindow} photos in the window)…`);
  const sampleMeasurements = await quiet(() => measure(SCALE_REQUESTS, sampleGallery.named, routes, documentClient, documents));
  const growStarted = performance.now();
  const grownGallery = await growGallery(documents, table, now, sampleGallery, options.photos, options.thread);
  const loadSeconds = (sampleLoadMs + performance.now() - growStarted) / 1000;
  log(`Measuring ${SCALE_REQUESTS.length} requests on the grown gallery (${grownGallery.photosInWindow} photos in the window)…`);
  const grownMeasurements = await quiet(() => measure(SCALE_REQUESTS, grownGallery.named, routes, documentClient, documents));

  const costliest = grownMeasurements.reduce((a: Measurement, b: Measurement) => (b.aws > a.aws ? b : a));
  log(`Starting npm start on the grown gallery; ten clients on ${costliest.label} for ${options.seconds} s…`);
  const stack = await startStack({ AWS_ENDPOINT_URL_DYNAMODB: endpoint });
  undo.push(() => stack.stop());
  const created = await fetch(
    `${stack.api}/url/short/create?url=${encodeURIComponent('https://scale.test/probe')}&type=json&appkey=${encodeURIComponent(APP_KEY)}`,
  );
  const shortUrl = ((await created.json()) as { shorturls: Array<{ short_url: string }> }).shorturls[0]!.short_url;
  const attacked = await attack(
    { api: stack.api, shortLinks: stack.shortLinks },
    costliest.request.target(grownGallery.named),
    shortUrl.split('/').pop()!,
    options.seconds,
  );

  const run = {
    sample: { gallery: sampleGallery, measurements: sampleMeasurements },
    grown: { gallery: grownGallery, measurements: grownMeasurements },
    attack: attacked,
    loadSeconds,
  };
  const checks = checksOf(run);
  log();
  printRun(run, checks);
  await writeRun(run, checks);
  return checks.every((check) => check.pass);
}

await boundedRun('SCALE', RUN_LIMIT_MS, main);
