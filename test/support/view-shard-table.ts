/**
 * One record's views on a mocked document client, for the unit tests of view shards (docs/api.md, Short URLs:
 * Views): the table a map holding the record, each call kept by its kind, failed or held back as the test says.
 * Importing it mocks the client for the importing test file, with the table afresh before each test.
 */
import './short-url-unit-env';
import { DynamoDBClient, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GetCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { KnownLinks } from '../../lib/shorturls/known-links';
import { Visits } from '../../lib/shorturls/visits';

const TABLE = 'unit-view-shards';
export const CODE = 'Hot1234';
export const LINK = 'https://shards.example/hot';
/** docs/api.md: the shards a record's views spill over. */
export const SHARDS = 16;

const ddb = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

type Item = Record<string, unknown>;
/** What a call is: the record's view, a shard's, the mark, a read. */
type Kind = 'record' | 'shard' | 'mark' | 'read';
/** The table, by pk: the record, then the shards the test's views make. */
export const items = new Map<string, Item>();
/** The calls sent, in order; a test empties it to look at what comes next. */
export const sent: { kind: Kind; pk: string }[] = [];
/** What each call is rejected with, or undefined to let it run; `slow` holds its answer back. */
let fault: (kind: Kind, pk: string) => Error | undefined;
let slow: (kind: Kind) => Promise<void> | undefined;
/** Rejects the calls `reject` picks, with what it returns, from now on in this test. */
export function rejectWhen(reject: typeof fault): void {
  fault = reject;
}
/** Holds back the answers of the calls `delay` picks until its promise settles, in this test. */
export function delayWhen(delay: typeof slow): void {
  slow = delay;
}

export const throttled = () => new ProvisionedThroughputExceededException({ message: 'throughput exceeded', $metadata: {} });
export const timedOut = () => Object.assign(new Error('Socket timed out'), { name: 'TimeoutError' });
export const kinds = () => sent.map((call) => call.kind);
export const shardViews = () => [...items.values()].filter((item) => String(item.pk).startsWith(`views#${CODE}#`));
export const shardTotal = () => shardViews().reduce((sum, item) => sum + (item.view_count as number), 0);

async function enter(kind: Kind, pk: string): Promise<void> {
  sent.push({ kind, pk });
  await slow(kind);
  const failure = fault(kind, pk);
  if (failure !== undefined) throw failure;
}

beforeEach(() => {
  ddb.reset();
  items.clear();
  items.set(`code#${CODE}`, { pk: `code#${CODE}`, code: CODE, link: LINK, itemid: 7, view_count: 3 });
  sent.length = 0;
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
export async function container(blocked: string[] = []) {
  const store = new DynamoShortUrlStore(documents, TABLE, () => documents);
  const list = new Blocklist(
    async () => blocked,
    () => 0,
  );
  await list.refreshIfDue();
  const known = new KnownLinks();
  return { visits: new Visits(store, list, known), known, store };
}
