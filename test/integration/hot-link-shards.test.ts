/**
 * A link visited past what one key takes (docs/api.md, Short URLs: Views): on a DynamoDB Local of
 * this file's own behind the model of DynamoDB's per-partition limit (infra/dynamodb/partition-limit.ts)
 * at N = 5 writes a second to one key, one link is visited ten times N a second for 10 s through
 * the redirect function, in this process. Every visit answers 301, and once every view has ended
 * the lookup shows every visit counted, exactly: the views the record's key refused spilled into
 * shards. How soon they show is measured, not asserted here: `npm run load` reports the lag.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { freePort, type DynamoDbLocal } from '../../infra/dynamodb/local';
import { startLimitedDynamoDbLocal } from '../../infra/dynamodb/partition-limit';
import { type Handler, importHandler, invokeRoute } from '../../infra/local/invoke';
import { loadTemplate } from '../../infra/template/read';
import { APP_KEY, ROUTES, SHORT_LINK_ROUTES } from '../support/invoke';
import type { ShortUrlStore } from '../../lib/shorturls/store';
import { loadAfresh } from '../support/load-afresh';
import { followViews } from '../support/views-sent';

jest.setTimeout(120_000);

/** The model's writes a second to one partition key, and ten times as many visits a second for 10 s. */
const N = 5;
const VISITS_PER_SECOND = 10 * N;
const SECONDS = 10;
/** Visits start in bursts, every 100 ms; one late (a busy machine) delays the next, which never catch up. */
const BURST_MS = 100;
const TABLE = 'hot-link-shards';
const CODE = 'Hot0001';
const LINK = 'https://hot-link.test/story';

const ENDPOINT_SETTING = process.env.AWS_ENDPOINT_URL_DYNAMODB;
let database: DynamoDbLocal;
let documents: DynamoDBDocumentClient;
let redirect: Handler;
let lookupHandler: Handler;
/** The functions' store, as their own module registry holds it. */
let store: ShortUrlStore;

beforeAll(async () => {
  database = await startLimitedDynamoDbLocal({ port: await freePort(), quickCompiler: true, partitionWrites: N });
  documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: database.endpoint }));
  const { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes } = loadTemplate().Resources.ShortUrlsTable!.Properties as never;
  await documents.send(
    new CreateTableCommand({ TableName: TABLE, AttributeDefinitions, KeySchema, GlobalSecondaryIndexes, BillingMode: 'PAY_PER_REQUEST' }),
  );
  await documents.send(
    new PutCommand({ TableName: TABLE, Item: { pk: `code#${CODE}`, code: CODE, link: LINK, itemid: 1, view_count: 0 } }),
  );
  // The SDK reads the endpoint at a client's first request: the functions' go to the model.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
  [redirect, lookupHandler] = await loadAfresh({ SHORT_URLS_TABLE: TABLE }, () =>
    Promise.all([
      importHandler('functions/redirect.ts', 'handler'),
      importHandler('functions/short-url.ts', 'handler'),
      import('../../lib/shorturls/dynamodb').then(({ DynamoShortUrlStore }) => (store = DynamoShortUrlStore.prototype)),
    ]),
  );
}, 90_000);

afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = ENDPOINT_SETTING;
  documents?.destroy();
  await database?.stop();
});

const visit = () => invokeRoute(SHORT_LINK_ROUTES, { target: `/${CODE}` }, { load: async () => redirect });
const lookedUp = async (): Promise<number> => {
  const target = `/url/short/${CODE}?appkey=${encodeURIComponent(APP_KEY)}&type=json`;
  const answer = await invokeRoute(ROUTES, { target }, { load: async () => lookupHandler });
  return answer.statusCode === 200 ? JSON.parse(answer.body).shorturls[0].view_count : Number.NaN;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test(`one link visited ${VISITS_PER_SECOND} times a second for ${SECONDS} s, past the ${N} a second its key takes: every visit 301, every view counted`, async () => {
  // A container the crowd reaches before it knows the link: the visits in flight share one read of it.
  const perBurst = (VISITS_PER_SECOND * BURST_MS) / 1000;
  const bursts = (SECONDS * 1000) / BURST_MS;
  const views = followViews(store);
  const answers: Promise<{ statusCode: number; headers: Record<string, string> }>[] = [];
  for (let burst = 0, next = Date.now(); burst < bursts; burst++) {
    await pause(Math.max(0, next - Date.now()));
    next = Math.max(next, Date.now()) + BURST_MS;
    for (let i = 0; i < perBurst; i++) answers.push(visit());
  }
  expect(answers).toHaveLength(VISITS_PER_SECOND * SECONDS);
  const visits = answers.length;
  const statuses = (await Promise.all(answers)).map((answer) => `${answer.statusCode} ${answer.headers.location}`);
  expect(statuses).toEqual(Array(answers.length).fill(`301 ${LINK}`));

  // Every view ended (jest's timeout guards a hang): each spilled one landed on a shard, and the lookup sums them all.
  expect(views.codes).toHaveLength(visits);
  await views.spilledEnded();
  const outcomes = (ended: readonly { outcome: string }[]) => ended.map(({ outcome }) => outcome);
  expect(outcomes(views.outcomes).filter((outcome) => outcome !== 'counted' && outcome !== 'throttled')).toEqual([]);
  expect(outcomes(views.shardOutcomes).filter((outcome) => outcome !== 'counted')).toEqual([]);
  expect(await lookedUp()).toBe(visits);

  // The control: the record's key took only part of them; the rest went to shards, which the record says it has.
  const items = (await documents.send(new ScanCommand({ TableName: TABLE, ConsistentRead: true }))).Items ?? [];
  const record = items.find((item) => item.pk === `code#${CODE}`)!;
  const shards = items.filter((item) => String(item.pk).startsWith(`views#${CODE}#`));
  expect(record.view_shards).toBe(16);
  expect(record.view_count).toBeLessThan(visits);
  expect(shards.length).toBeGreaterThan(1);
  expect(record.view_count + shards.reduce((sum, shard) => sum + shard.view_count, 0)).toBe(visits);
});
