/**
 * Carrying short links over (docs/shorturls.md, Import and Export), against DynamoDB Local: both
 * formats, bad lines, the code, itemid and counter rules, one link under several codes, a second run
 * and an interrupted one. Imported codes are followed and looked up by the functions themselves.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { scanAll } from '../../infra/ops/scan';
import { importLinks, type LinkImportSummary } from '../../infra/ops/shorturls/importer';
import { readLinks, UnreadableFile } from '../../infra/ops/shorturls/reading';
import { documentClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { readRecord } from '../../lib/shorturls/table';
import { linkKey } from '../../lib/shorturls/link';
import type { ShortUrlRecord } from '../../lib/shorturls/store';
import { invoke, invokeShortLink } from '../support/invoke';
import { ownTables } from '../support/own-table';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(120_000);

const HOST = { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() };
const KEY = `appkey=${encodeURIComponent('http://import.test/')}`;
const SHARED = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };

const folder = mkdtempSync(join(tmpdir(), 'shorturls-import-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `text` as a file of its own. */
function file(text: string, extension = 'txt'): string {
  const path = join(folder, `${randomUUID()}.${extension}`);
  writeFileSync(path, text);
  return path;
}
/** Lines of NDJSON: objects as JSON, strings as they are. */
const ndjson = (...lines: unknown[]) => file(lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'));

type Target = { documents: DynamoDBDocumentClient; table: string };
const importFile = (target: Target, path: string): Promise<LinkImportSummary> => importLinks(target, readLinks(path, HOST));

/** Every record of a table, by code, without when it was imported. */
async function recordsOf(target: Target): Promise<Map<string, ShortUrlRecord>> {
  const items = await scanAll(target.documents, target.table);
  return new Map(
    items
      .filter((item) => String(item.pk).startsWith('code#'))
      .map((item) => [String(item.code), (readRecord(item) as { record: ShortUrlRecord }).record]),
  );
}

/** Tables of the tests' own, made in the tests (a fresh itemid counter, a whole table read), deleted after the file. */
const own = ownTables('ShortUrlsTable');
const freshTable = (prefix: string): Promise<Target> => own.create(prefix);
/** `lines` imported into a fresh table: the table, the summary and the records. */
async function importedFresh(prefix: string, ...lines: object[]) {
  const target = await freshTable(prefix);
  const summary = await importFile(target, ndjson(...lines));
  return { target, summary, stored: await recordsOf(target) };
}

const unique = () => randomUUID().replaceAll('-', '').slice(0, 12);
const lookup = (code: string) => invoke(`/url/short/${code}?${KEY}&type=json`);

describe('the formats', () => {
  test('NDJSON and CSV lines become records the short-link host follows and the lookup finds, counts and dates kept', async () => {
    const run = unique();
    const [fromJson, fromCsv, old] = [`j-${run}`, `c_${run}`, `https://old.example.org/${run}`];
    const json = ndjson({ code: fromJson, link: `${old}/json`, view_count: 41, created: 1_262_304_000 });
    expect(await importFile(SHARED, json)).toMatchObject({ imported: 1, refused: [] });
    const csv = file(
      `"Short Code","Long URL",Clicks,Date,Title\n${fromCsv},${old}/csv,7,2019-03-04T05:06:07Z,"A title, with ""quotes"""\n`,
      'csv',
    );
    expect(await importFile(SHARED, csv)).toMatchObject({ imported: 1, refused: [] });

    for (const [code, link, views] of [
      [fromJson, `${old}/json`, 41],
      [fromCsv, `${old}/csv`, 7],
    ] as const) {
      const visit = await invokeShortLink(`/${code}`);
      expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
      const found = JSON.parse((await lookup(code)).body).shorturls[0];
      expect(found).toMatchObject({ link, short_url: `${SHORT_URL_HOST}/${code}`, view_count: views + 1 });
    }
    const stored = await recordsOf(SHARED);
    expect(stored.get(fromJson)?.created).toBe(1_262_304_000);
    expect(stored.get(fromCsv)?.created).toBe(1_551_675_967);
  });

  test('a file that is not UTF-8, or a CSV without a code or link column, is refused as a whole', () => {
    const latin1 = join(folder, 'latin1.csv');
    writeFileSync(latin1, Buffer.from([...Buffer.from('code,link\nabc,https://x.example/'), 0xe9, 0x0a]));
    expect(() => readLinks(latin1, HOST)).toThrow(UnreadableFile);
    expect(() => readLinks(file('url,clicks\nhttps://x.example/,1\n', 'csv'), HOST)).toThrow(/no code column/);
  });
});

describe('each line on its own', () => {
  test('bad lines are reported by number with their reason, and nothing of them is written; the others go in', async () => {
    const target = await freshTable('bad-lines');
    const path = ndjson(
      { code: 'good-1', link: 'https://x.example/1' },
      '{"code": "broken", ',
      { code: 'bad code', link: 'https://x.example/2' },
      '',
      { code: 'to-self', link: `${SHORT_URL_HOST}/abc` },
      { code: 'good-2', link: 'https://x.example/3', view_count: -3 },
      { code: 'good-1', link: 'https://x.example/other' },
      { code: 'good-3', link: 'https://x.example/3', extra: true },
      { code: 'good-4', link: 'https://x.example/4' },
    );
    const summary = await importFile(target, path);
    expect(summary.refused).toEqual([
      { line: 2, reason: 'not JSON' },
      { line: 3, reason: expect.stringMatching(/"code" must be 1 to 64/) },
      { line: 5, reason: expect.stringMatching(/error 1016/) },
      { line: 6, reason: '"view_count" must be a whole number from 0 to 999999999999999' },
      { line: 7, reason: 'code good-1 is on line 1 with another link' },
      { line: 8, reason: 'unknown field "extra"' },
    ]);
    expect([...(await recordsOf(target)).keys()].sort()).toEqual(['good-1', 'good-4']);
  });
});

describe('codes', () => {
  test('1 to 64 of letters, digits, _ and -, kept as given: case tells two codes apart', async () => {
    const long = `${'A'.repeat(32)}_${'z'.repeat(29)}-9`;
    expect(long).toHaveLength(64);
    const { summary, stored } = await importedFresh(
      'codes',
      { code: 'x', link: 'https://x.example/one' },
      { code: long, link: 'https://x.example/long' },
      { code: 'abc', link: 'https://x.example/lower' },
      { code: 'ABC', link: 'https://x.example/upper' },
    );
    expect(summary).toMatchObject({ imported: 4, refused: [] });
    expect([...stored.keys()].sort()).toEqual(['ABC', long, 'abc', 'x'].sort());
    expect(stored.get('abc')!.link).not.toBe(stored.get('ABC')!.link);
  });

  test('a code the table holds for another link refuses its line; for the same link the line changes nothing', async () => {
    const { target } = await importedFresh('held', { code: 'taken', link: 'https://x.example/first', view_count: 3 });
    const other = await importFile(target, ndjson({ code: 'taken', link: 'https://x.example/second' }));
    expect(other.refused).toEqual([{ line: 1, reason: 'code taken is held by another link' }]);
    const same = await importFile(target, ndjson({ code: 'taken', link: 'https://x.example/first', view_count: 99 }));
    expect(same).toMatchObject({ imported: 0, unchanged: 1, refused: [] });
    expect((await recordsOf(target)).get('taken')).toMatchObject({ link: 'https://x.example/first', view_count: 3 });
  });

  test('the service never makes a code, or hands out an itemid, that an imported record holds', async () => {
    const { target } = await importedFresh('no-reuse', { code: 'Abc1234', link: 'https://x.example/imported', itemid: 5 });
    const store = new DynamoShortUrlStore(target.documents, target.table);
    const record = { code: 'Abc1234', link: 'https://x.example/new', itemid: 77, view_count: 0 };
    expect(await store.insert(record, linkKey(record.link))).toBe('code-taken');
    expect(await store.insert({ ...record, code: 'Xyz9876', itemid: 5 }, linkKey(record.link))).toBe('itemid-taken');
  });
});

describe('itemids and the counter', () => {
  test('into an empty table, given itemids are kept, the others assigned above them, and the service hands out higher ones afterwards', async () => {
    const { target, summary, stored } = await importedFresh(
      'itemids',
      { code: 'a', link: 'https://x.example/a', itemid: 500 },
      { code: 'b', link: 'https://x.example/b' },
      { code: 'c', link: 'https://x.example/c', itemid: 7 },
    );
    expect(summary).toMatchObject({ imported: 3, assigned: 1, refused: [] });
    expect([stored.get('a')!.itemid, stored.get('c')!.itemid]).toEqual([500, 7]);
    expect(stored.get('b')!.itemid).toBeGreaterThan(500);
    const next = await new DynamoShortUrlStore(target.documents, target.table).nextItemId();
    expect(next).toBeGreaterThan(stored.get('b')!.itemid);
    expect((await auditShortUrls(target.documents, target.table)).problems).toEqual([]);
  });

  test('an itemid another record holds is assigned anew', async () => {
    const { target } = await importedFresh('itemid-held', { code: 'first', link: 'https://x.example/1', itemid: 9 });
    const summary = await importFile(target, ndjson({ code: 'second', link: 'https://x.example/2', itemid: 9 }));
    expect(summary).toMatchObject({ imported: 1, assigned: 1 });
    const stored = await recordsOf(target);
    expect(stored.get('first')!.itemid).toBe(9);
    expect(stored.get('second')!.itemid).not.toBe(9);
  });

  test('lines of several links asking for one free itemid: the first in the file keeps it, though a later one is written sooner', async () => {
    // A line taken down is written without first reading its link's takedown entry: a round trip sooner.
    const disabled = { reason: 'spam', at: 1_262_304_000, by: 'ops' };
    const pairs = [1, 2, 3, 4, 5].map((n) => [
      { code: `first${n}`, link: `https://x.example/first/${n}`, itemid: n },
      { code: `later${n}`, link: `https://x.example/later/${n}`, itemid: n, disabled },
    ]);
    const { stored } = await importedFresh('itemid-order', ...pairs.map(([first]) => first!), ...pairs.map(([, later]) => later!));
    for (const [first, later] of pairs)
      expect([stored.get(first!.code)!.itemid, stored.get(later!.code)!.itemid === first!.itemid]).toEqual([first!.itemid, false]);
  });

  test('an itemid the service may have handed out before it claimed itemids (at or below the counter then) is assigned anew', async () => {
    const target = await freshTable('legacy');
    // A table whose service made 50 records before claims: its counter, without claimsFrom.
    await target.documents.send(new PutCommand({ TableName: target.table, Item: { pk: 'counter#itemid', last: 50 } }));
    const summary = await importFile(
      target,
      ndjson({ code: 'low', link: 'https://x.example/low', itemid: 10 }, { code: 'high', link: 'https://x.example/high', itemid: 60 }),
    );
    expect(summary).toMatchObject({ imported: 2, assigned: 1 });
    const stored = await recordsOf(target);
    expect(stored.get('high')!.itemid).toBe(60);
    expect(stored.get('low')!.itemid).toBeGreaterThan(60);
    const { Item } = await target.documents.send(new GetCommand({ TableName: target.table, Key: { pk: 'counter#itemid' } }));
    expect(Item).toMatchObject({ claimsFrom: 51 });
  });
});

describe('the same link under several codes', () => {
  test('every code resolves, and the first imported is the record creating the link returns', async () => {
    const run = unique();
    const link = `https://old.example.org/${run}/shared`;
    await importFile(SHARED, ndjson({ code: `first-${run}`, link }, { code: `second-${run}`, link }, { code: `third-${run}`, link }));
    for (const code of [`first-${run}`, `second-${run}`, `third-${run}`])
      expect((await invokeShortLink(`/${code}`)).headers.location).toBe(link);
    const created = await invoke(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: '203.0.113.9' });
    expect(JSON.parse(created.body).shorturls[0].short_url).toBe(`${SHORT_URL_HOST}/first-${run}`);
  });
});

describe('running it again', () => {
  test('a second run changes nothing: no record twice, no count added again, visits since kept', async () => {
    const run = unique();
    const path = ndjson({ code: `again-${run}`, link: `https://old.example.org/${run}/again`, view_count: 10 });
    expect(await importFile(SHARED, path)).toMatchObject({ imported: 1, unchanged: 0 });
    expect((await invokeShortLink(`/again-${run}`)).statusCode).toBe(301);
    expect(await importFile(SHARED, path)).toMatchObject({ imported: 0, unchanged: 1, refused: [] });
    expect(JSON.parse((await lookup(`again-${run}`)).body).shorturls[0].view_count).toBe(11);
  });

  test('a run stopped half-way, run again, ends as one run that never stopped', async () => {
    const lines = Array.from({ length: 60 }, (_, n) => ({
      code: `line-${n}`,
      link: `https://x.example/${n % 50}`,
      ...(n % 3 === 0 ? { itemid: 1_000 + n } : {}),
      view_count: n,
    }));
    const path = ndjson(...lines);
    const whole = await freshTable('whole');
    await importFile(whole, path);
    const stopped = await freshTable('stopped');
    // The transactions fail after the 25th: the run stops, as one killed would.
    let transactions = 0;
    const failing = 'stopAfter25';
    stopped.documents.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && ++transactions > 25) throw new Error('stopped');
        return next(args);
      },
      { step: 'initialize', name: failing },
    );
    await expect(importFile(stopped, path)).rejects.toThrow('stopped');
    stopped.documents.middlewareStack.remove(failing);
    expect((await recordsOf(stopped)).size).toBeLessThan(60);
    const again = await importFile(stopped, path);
    expect(again.refused).toEqual([]);
    const [a, b] = [await recordsOf(whole), await recordsOf(stopped)];
    // Given itemids alike; the assigned ones depend on the order the lines were written in.
    const given = new Set(lines.filter((line) => line.itemid !== undefined).map((line) => line.code));
    const comparable = (records: Map<string, ShortUrlRecord>) =>
      new Map([...records].map(([code, { itemid, ...rest }]) => [code, { ...rest, itemid: given.has(code) ? itemid : 'assigned' }]));
    expect(comparable(b)).toEqual(comparable(a));
    expect((await auditShortUrls(stopped.documents, stopped.table)).problems).toEqual([]);
    // Each link's entry points to its first code, in both.
    const entries = async (target: Target) =>
      new Map(
        (await scanAll(target.documents, target.table))
          .filter((item) => String(item.pk).startsWith('link#'))
          .map((item) => [item.pk, item.code]),
      );
    expect(await entries(stopped)).toEqual(await entries(whole));
  });
});
