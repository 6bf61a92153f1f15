/**
 * A record's views spilled over shards (docs/api.md, Short URLs: Views; docs/data.md): a lookup
 * of a record that says it has shards (`view_shards`) reads them in one BatchGetItem and shows the
 * sum, capped as any count; a record without reads no shard (one request, as before), and the
 * redirect's read skips them. Stored values: a `view_shards` or a shard's count an older version
 * or a hand wrote degrades, logged, never a 500. The operator's export and check carry the sum and
 * know shard items. Against DynamoDB Local, on tables of this file's own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { exportLinks } from '../../infra/ops/shorturls/export';
import { logger } from '../../lib/observability/powertools';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import { ShortUrlService } from '../../lib/shorturls/service';
import { ownTables } from '../support/own-table';
import { batchKeys, sentWhile } from '../support/sent-commands';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(60_000);

/** docs/api.md and docs/data.md: 16 shards, `views#<code>#<k>`; counts shown as at most 999 999 999 999 999. */
const SHARDS = 16;
const VIEW_COUNT_SHOWN_AT_MOST = 999_999_999_999_999;

const tables = ownTables('ShortUrlsTable');
let target: Awaited<ReturnType<typeof tables.create>>;
let store: DynamoShortUrlStore;
let service: ShortUrlService;
let itemids = 0;
let folder: string;

type Item = Record<string, unknown>;
const shardKey = (code: string, k: number) => `views#${code}#${k}`;
const allShardKeys = (code: string, count = SHARDS) => Array.from({ length: count }, (_, k) => shardKey(code, k));

/** A whole record of `code` (its entry and itemid claim), with `fields`, and shard items k → view_count. */
async function stored(code: string, fields: Item = {}, shards: Record<number, unknown> = {}): Promise<string> {
  const link = `https://view-shards.test/${code}`;
  const itemid = ++itemids;
  const items: Item[] = [
    { pk: `code#${code}`, code, link, itemid, view_count: 0, ...fields },
    { pk: `link#${linkKey(link)}`, code },
    { pk: `itemid#${itemid}`, code },
    { pk: 'counter#itemid', last: itemid },
    ...Object.entries(shards).map(([k, view_count]) => ({ pk: shardKey(code, Number(k)), view_count })),
  ];
  const RequestItems = { [target.table]: items.map((Item) => ({ PutRequest: { Item } })) };
  await target.documents.send(new BatchWriteCommand({ RequestItems }));
  return link;
}

/** The lookup of `code`, and what it sent, the blocked hosts already read. */
async function lookup(code: string) {
  const run = await sentWhile(target.documents, () => service.lookup(code));
  return { record: run.result, sent: run.sent.map((name) => name.replace(/Command$/, '')), inputs: run.inputs };
}

let warnings: jest.SpyInstance;
beforeAll(async () => {
  target = await tables.create('view-shards');
  store = new DynamoShortUrlStore(target.documents, target.table);
  const blocklist = new Blocklist(() => store.blockedHosts());
  await blocklist.refreshIfDue();
  service = new ShortUrlService(store, { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() }, blocklist);
  folder = mkdtempSync(join(tmpdir(), 'view-shards-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => {
  warnings = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a record without view_shards: its own count, one GetItem and no shard read, whatever shard items the table holds', async () => {
  await stored('Plain01', { view_count: 5 }, { 0: 100 });
  const { record, sent } = await lookup('Plain01');
  expect(record.view_count).toBe(5);
  expect(sent).toEqual(['Get']);
});

test('a record with view_shards = 16: the 16 shards in one BatchGetItem, summed into view_count (shards absent count 0)', async () => {
  await stored('Marked1', { view_count: 7, view_shards: SHARDS }, { 0: 1, 3: 20, 15: 300 });
  const { record, sent, inputs } = await lookup('Marked1');
  expect(record.view_count).toBe(7 + 1 + 20 + 300);
  expect(sent).toEqual(['Get', 'BatchGet']);
  expect(batchKeys(inputs[1]).sort()).toEqual(allShardKeys('Marked1').sort());
  expect(warnings).not.toHaveBeenCalled();
});

test('the redirect’s read of its link skips the shards: one GetItem', async () => {
  await stored('Skips01', { view_shards: SHARDS }, { 2: 9 });
  const run = await sentWhile(target.documents, () => store.findByCode('Skips01', 'skipped'));
  expect(run.result!.view_count).toBe(0);
  expect(run.sent).toEqual(['GetCommand']);
});

test('a whole number of shards from 1 to 16 reads that many, shards 0 to n − 1', async () => {
  await stored('Eight01', { view_count: 1, view_shards: 8 }, { 0: 2, 7: 4, 8: 1_000 });
  const { record, inputs } = await lookup('Eight01');
  expect(batchKeys(inputs[1]).sort()).toEqual(allShardKeys('Eight01', 8).sort());
  expect(record.view_count).toBe(1 + 2 + 4);
});

test.each([
  ['0', 0],
  ['17', 17],
  ['a fraction', 2.5],
  ['text', 'sixteen'],
])('a view_shards that is no whole number from 1 to 16 (%s): all 16 shards read and summed, logged, no 500', async (_name, value) => {
  const code = `Odd${String(++itemids).padStart(4, '0')}`;
  await stored(code, { view_count: 1, view_shards: value }, { 0: 2, 15: 3 });
  const { record, inputs } = await lookup(code);
  expect(record.view_count).toBe(1 + 2 + 3);
  expect(batchKeys(inputs[1]).sort()).toEqual(allShardKeys(code).sort());
  expect(JSON.stringify(warnings.mock.calls)).toContain('view_shards is not a whole number from 1 to 16');
});

test('a shard’s count that is no count shows as 0, logged; a sum past the largest count shown is shown as it', async () => {
  await stored('Broken1', { view_count: 4, view_shards: SHARDS }, { 0: 'lots', 1: 6 });
  expect((await lookup('Broken1')).record.view_count).toBe(4 + 6);
  expect(JSON.stringify(warnings.mock.calls)).toContain(`the view_count of ${shardKey('Broken1', 0)} is not a whole number from 0`);
  await stored('Full001', { view_count: VIEW_COUNT_SHOWN_AT_MOST - 1, view_shards: SHARDS }, { 4: 5 });
  expect((await lookup('Full001')).record.view_count).toBe(VIEW_COUNT_SHOWN_AT_MOST);
});

test('the export carries the summed count; the check sums it too and knows shard items, naming a shard no record shows', async () => {
  const own = await tables.create('view-shards-ops');
  const outer = target;
  target = own;
  try {
    const link = await stored('Export1', { view_count: 2, view_shards: SHARDS }, { 1: 10, 9: 30 });
    await stored('Unmark1', { view_count: 1 }, { 5: 4 });
    const file = join(folder, 'export.ndjson');
    expect(await exportLinks(own, file)).toEqual({ written: 2, unreadable: [] });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.find((line) => line.code === 'Export1')).toMatchObject({ link, view_count: 2 + 10 + 30 });
    expect(lines.find((line) => line.code === 'Unmark1')).toMatchObject({ view_count: 1 });
    const audit = await auditShortUrls(own.documents, own.table);
    expect(audit.records.find((record) => record.code === 'Export1')!.view_count).toBe(42);
    expect(audit.problems).toEqual([`view shard ${shardKey('Unmark1', 5)} holds views no record shows`]);
  } finally {
    target = outer;
  }
});
