/**
 * Import files of short links (docs/shorturls.md, Import and Export), against DynamoDB Local: both
 * formats, a file refused whole, bad lines reported and the others taken, one link under several
 * codes, a second run and an interrupted one. Imported codes are followed and looked up by the
 * functions themselves.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { scanAll } from '../../infra/ops/scan';
import { readLinks, UnreadableFile } from '../../infra/ops/shorturls/reading';
import type { ShortUrlRecord } from '../../lib/shorturls/store';
import { invoke, invokeShortLink } from '../support/invoke';
import { HOST, importFile, linkImports, recordsOf, SHARED, type Target } from '../support/link-import';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(120_000);

const KEY = `appkey=${encodeURIComponent('http://import.test/')}`;
const { folder, file, ndjson, freshTable } = linkImports();

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
