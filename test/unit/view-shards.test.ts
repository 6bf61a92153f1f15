/**
 * Views past what one key takes (docs/api.md, Short URLs: Views), on a mocked document client: a
 * view the record's key throttles is counted once on one of 16 shards (another while one
 * throttles, never again after a timeout), the record marked until the mark lands, a code
 * throttled lately sent straight to a shard, and a link taken down or blocked counts no view.
 */
import '../support/short-url-unit-env';
import { DynamoDBClient, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GetCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { KnownLinks } from '../../lib/shorturls/known-links';
import { Visits } from '../../lib/shorturls/visits';

const TABLE = 'unit-view-shards';
const CODE = 'Hot1234';
const LINK = 'https://shards.example/hot';
/** docs/api.md: the shards a record's views spill over. */
const SHARDS = 16;

const ddb = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

type Item = Record<string, unknown>;
/** What a call is: the record's view, a shard's, the mark, a read. */
type Kind = 'record' | 'shard' | 'mark' | 'read';
let items: Map<string, Item>;
let sent: { kind: Kind; pk: string }[];
/** What each call is rejected with, or undefined to let it run; `slow` holds its answer back. */
let fault: (kind: Kind, pk: string) => Error | undefined;
let slow: (kind: Kind) => Promise<void> | undefined;

const throttled = () => new ProvisionedThroughputExceededException({ message: 'throughput exceeded', $metadata: {} });
const timedOut = () => Object.assign(new Error('Socket timed out'), { name: 'TimeoutError' });
const kinds = () => sent.map((call) => call.kind);
const shardViews = () => [...items.values()].filter((item) => String(item.pk).startsWith(`views#${CODE}#`));
const shardTotal = () => shardViews().reduce((sum, item) => sum + (item.view_count as number), 0);

async function enter(kind: Kind, pk: string): Promise<void> {
  sent.push({ kind, pk });
  await slow(kind);
  const failure = fault(kind, pk);
  if (failure !== undefined) throw failure;
}

beforeEach(() => {
  ddb.reset();
  items = new Map([[`code#${CODE}`, { pk: `code#${CODE}`, code: CODE, link: LINK, itemid: 7, view_count: 3 }]]);
  sent = [];
  fault = () => undefined;
  slow = () => undefined;
  ddb.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    const pk = String(input.Key!.pk);
    const kind: Kind = pk.startsWith('views#') ? 'shard' : input.UpdateExpression!.startsWith('SET view_shards') ? 'mark' : 'record';
    await enter(kind, pk);
    const item = items.get(pk);
    if (kind === 'shard') items.set(pk, { pk, view_count: ((item?.view_count as number) ?? 0) + 1 });
    else if (item === undefined || (kind === 'record' && item.disabled !== undefined))
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException', Item: item });
    else if (kind === 'mark') item.view_shards ??= input.ExpressionAttributeValues![':shards'];
    else item.view_count = (item.view_count as number) + 1;
    return { Attributes: kind === 'record' ? { ...item } : undefined };
  });
  ddb.on(GetCommand).callsFake(async (input: GetCommandInput) => {
    await enter('read', String(input.Key!.pk));
    return { Item: items.get(String(input.Key!.pk)) };
  });
  ddb.on(BatchGetCommand).rejects(new Error('no batch on a visit'));
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => ddb.restore());

/** A container's visits: its store, its memory of links, its blocked hosts (read once, not due again). */
async function container(blocked: string[] = []) {
  const store = new DynamoShortUrlStore(documents, TABLE, () => documents);
  const list = new Blocklist(
    async () => blocked,
    () => 0,
  );
  await list.refreshIfDue();
  const known = new KnownLinks();
  return { visits: new Visits(store, list, known), known, store };
}

test('the record’s ADD throttled: exactly one shard ADD counted, the link read once, the record marked with 16 shards', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  const { visits } = await container();
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds().sort()).toEqual(['mark', 'read', 'record', 'shard']);
  expect(shardViews()).toHaveLength(1);
  expect(shardTotal()).toBe(1);
  expect(items.get(`code#${CODE}`)).toMatchObject({ view_count: 3, view_shards: SHARDS });
  const shard = Number(shardViews()[0]!.pk!.toString().split('#')[2]);
  expect(Number.isInteger(shard) && shard >= 0 && shard < SHARDS).toBe(true);
});

test('a link the container remembers needs no read; within the next seconds the record is skipped, the shard sent alone', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds().sort()).toEqual(['mark', 'record', 'shard']);
  sent = [];
  // Marked once it landed: the next views are one shard ADD each.
  for (let i = 0; i < 5; i++) expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(Array(5).fill('shard'));
  expect(shardTotal()).toBe(6);
});

// docs/api.md, Views: a link throttled in the last 3 s goes straight to a shard.
test('a code throttled 3 s ago or more tries its record again: one request a visit when it takes it', async () => {
  let now = Date.UTC(2026, 0, 1);
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  let throttling = true;
  fault = (kind) => (kind === 'record' && throttling ? throttled() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  await visits.follow(CODE);
  throttling = false;
  now += 2_999;
  sent = [];
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(['shard']);
  now += 1;
  sent = [];
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(['record']);
  expect([items.get(`code#${CODE}`)!.view_count, shardTotal()]).toEqual([4, 2]);
});

test('a shard throttled: the view goes to another shard, and counts once', async () => {
  let shardsTried = 0;
  fault = (kind) => (kind === 'record' || (kind === 'shard' && ++shardsTried <= 2) ? throttled() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  const shards = sent.filter((call) => call.kind === 'shard').map((call) => call.pk);
  expect(shards).toHaveLength(3);
  expect(new Set(shards).size).toBe(3);
  expect(shardTotal()).toBe(1);
});

test('every shard tried throttled: the view is lost after a bounded number of sends, the redirect answered', async () => {
  fault = (kind) => (kind === 'record' || kind === 'shard' ? throttled() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  const shards = kinds().filter((kind) => kind === 'shard').length;
  expect(shards).toBeGreaterThanOrEqual(2);
  expect(shards).toBeLessThan(SHARDS);
  expect(shardTotal()).toBe(0);
});

test('the record’s throttle answered after the redirect stopped waiting (0.5 s): the view still goes to a shard, once', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  slow = (kind) => (kind === 'record' ? new Promise((later) => setTimeout(later, 700)) : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'unconfirmed' });
  expect(shardTotal()).toBe(0);
  await new Promise((later) => setTimeout(later, 400));
  expect(shardTotal()).toBe(1);
  expect(kinds().filter((kind) => kind !== 'mark')).toEqual(['record', 'shard']);
});

test('a timeout on the record is never sent again, nor spilled: its fate is unknown', async () => {
  fault = (kind) => (kind === 'record' ? timedOut() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  expect(kinds()).toEqual(['record']);
});

test('a timeout on a shard is never sent again, on that shard or another', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : kind === 'shard' ? timedOut() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  expect(kinds().filter((kind) => kind === 'shard')).toHaveLength(1);
});

test('the mark throttled is sent again, a few times, then on the next spill until it lands; then never again', async () => {
  let markThrottled = true;
  fault = (kind) => (kind === 'record' || (kind === 'mark' && markThrottled) ? throttled() : undefined);
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  const firstMarks = kinds().filter((kind) => kind === 'mark').length;
  expect(firstMarks).toBeGreaterThan(1);
  expect(items.get(`code#${CODE}`)!.view_shards).toBeUndefined();
  markThrottled = false;
  sent = [];
  await visits.follow(CODE);
  expect(kinds().sort()).toEqual(['mark', 'shard']);
  expect(items.get(`code#${CODE}`)!.view_shards).toBe(SHARDS);
  sent = [];
  await visits.follow(CODE);
  expect(kinds()).toEqual(['shard']);
  expect(shardTotal()).toBe(3);
});

test('a link taken down, its record’s ADD throttled: the read finds it down, 410, no shard view', async () => {
  items.get(`code#${CODE}`)!.disabled = { reason: 'spam', at: 1, by: 'op' };
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  const { visits } = await container();
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds()).toEqual(['record', 'read']);
  // Within the next seconds, straight to the read: still no view.
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds()).toEqual(['record', 'read', 'read']);
  expect(shardViews()).toEqual([]);
});

test('a link to a blocked host, remembered or not, hot or not: 410, no view anywhere', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  const { visits, known } = await container(['shards.example']);
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds().filter((kind) => kind !== 'read')).toEqual([]);
  expect(shardViews()).toEqual([]);
});

test('an unknown code, its ADD throttled: 404, no shard view', async () => {
  fault = (kind) => (kind === 'record' ? throttled() : undefined);
  const { visits } = await container();
  expect(await visits.follow('Nope123')).toBeUndefined();
  expect(kinds()).toEqual(['record', 'read']);
  expect(shardViews()).toEqual([]);
});
