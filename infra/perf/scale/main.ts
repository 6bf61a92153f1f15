/** `npm run scale`: each gallery route's first page on a grown gallery (what `npm run cost` prices), then the attack on the costliest. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type DynamoDbLocal, freePort } from '../../dynamodb/local';
import { startLocalStack } from '../../local/stack';
import { startStack } from '../../start/process';
import { template, typedPath } from '../bench/project';
import { boundedRun, type Undo, wholeNumberOption } from '../report/bounded-run';
import { dropFunctionOutput } from '../report/console';
import { attack } from './attack';
import { loadGallery } from './data';
import { measure } from './measure';
import { attackCheck, reportScale } from './report';

const RUN_LIMIT_MS = 25 * 60_000;
/** A digg-sorted window merges a partition per day of the window: the most a gallery request reads. */
const ATTACK_TARGET = '/galleryphotos?sort=digg_count-desc';
const USAGE = 'npm run scale [-- --photos N (1000 to 200000, 50000) --thread N (100 to 20000, 5000) --seconds N (5 to 120, 20)]';

async function main(undo: Undo): Promise<boolean> {
  const photos = wholeNumberOption('photos', 50_000, 1_000, 200_000);
  const threadSize = wholeNumberOption('thread', 5_000, 100, 20_000);
  const seconds = wholeNumberOption('seconds', 20, 5, 120);
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const local = { dynamoDbPort: await freePort(), shortUrlHost: 'http://127.0.0.1:3001' };
  const database = (await startLocalStack(template, local)) as DynamoDbLocal;
  undo.push(() => database.stop());
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const table = process.env.GALLERY_TABLE!;
  const client = new DynamoDBClient({ endpoint, maxAttempts: 8 });
  undo.push(async () => client.destroy());
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  // The handlers' own client, loaded now that the environment names the run's database.
  const { documentClient } = await import('../../../lib/db/client');
  console.log(`DynamoDB Local at ${endpoint}, table ${table}`);

  const now = Math.floor(Date.now() / 1000);
  const gallery = await loadGallery(documents, table, now, photos, threadSize);
  console.log(`Measuring the gallery routes on ${gallery.photosInWindow} photos in the window…`);
  const write = process.stdout.write;
  dropFunctionOutput();
  const measurements = await measure(gallery.named, documentClient, documents).finally(() => (process.stdout.write = write));

  console.log(`Starting npm start on the grown gallery; ten clients on ${ATTACK_TARGET} for ${seconds} s…`);
  const stack = await startStack({ AWS_ENDPOINT_URL_DYNAMODB: endpoint });
  undo.push(() => stack.stop());
  const created = await fetch(typedPath(`${stack.api}/url/short/create?url=https%3A%2F%2Fscale.test%2Fprobe`, 'json'));
  const shortUrl = ((await created.json()) as { shorturls: Array<{ short_url: string }> }).shorturls[0]!.short_url;
  const attacked = await attack(stack, ATTACK_TARGET, shortUrl.split('/').pop()!, seconds);
  const check = attackCheck(attacked);
  await reportScale(gallery, measurements, attacked, check);
  return check.pass;
}

await boundedRun('SCALE', RUN_LIMIT_MS, USAGE, main);
