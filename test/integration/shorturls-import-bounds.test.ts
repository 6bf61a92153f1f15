/**
 * Random import files (docs/shorturls.md, Import), NDJSON and CSV, of lines at and one past every
 * documented bound and hostile strings, each line known good or bad by how it was made: exactly the bad
 * ones are refused by their first line, nothing of them written, and every imported record answers
 * through the functions with no 5xx, its counts as imported.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { exportLinks } from '../../infra/ops/shorturls/export';
import { importLinks } from '../../infra/ops/shorturls/importer';
import { readLinks } from '../../infra/ops/shorturls/reading';
import { invokerWithEnv } from '../support/expect-error';
import { SHORT_LINK_ROUTES } from '../support/invoke';
import { freshAddress } from '../support/fresh-address';
import { ownTables } from '../support/own-table';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(600_000);

const HOST = { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() };
const KEY = `appkey=${encodeURIComponent('http://import-bounds.test/')}`;
const own = ownTables('ShortUrlsTable');
const folder = mkdtempSync(join(tmpdir(), 'import-bounds-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The bounds as docs/shorturls.md states them. */
const VIEWS_MOST = 999_999_999_999_999;
const ITEMID_KEPT_MOST = 999_999_999_999_999;
const ITEMID_MOST = 9_007_199_254_740_991;
const LAST_SECOND = 253_402_300_799;

/**
 * The property's table, and the functions loaded once against it (each loading costs CPU). Each
 * file's codes and links are its own (`r<run>-c<line>`: no code the service makes has a `-`).
 */
let table: Awaited<ReturnType<typeof own.create>>;
let call: ReturnType<typeof invokerWithEnv>;
let follow: typeof call;
let runs = 0;
beforeAll(async () => {
  table = await own.create('bounds');
  call = invokerWithEnv({ SHORT_URLS_TABLE: table.table });
  follow = invokerWithEnv({ SHORT_URLS_TABLE: table.table }, { routes: SHORT_LINK_ROUTES });
});

/** A creation of `url` through `functions`, from an address of its own. */
const creation = (functions: typeof call, url: string) =>
  functions(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(url)}`, { sourceIp: freshAddress() });

/** A line's fields over a sound link, and whether the rules take them. */
type Case = { readonly fields: Record<string, unknown>; readonly good: boolean };
const good = (fields: Record<string, unknown>): Case => ({ fields, good: true });
const bad = (fields: Record<string, unknown>): Case => ({ fields, good: false });

const HOSTILE = ['\u0000', '\u202e', '\ud800', '<script>', '"', '\\', '\r\n', '😀', 'x'.repeat(3_000)];
const cases: fc.Arbitrary<Case> = fc.oneof(
  fc.constantFrom(
    good({}),
    ...[0, VIEWS_MOST].map((view_count) => good({ view_count })),
    ...[VIEWS_MOST + 1, -1, 2.5, '7'].map((view_count) => bad({ view_count })),
    ...[1, ITEMID_KEPT_MOST, ITEMID_KEPT_MOST + 1, ITEMID_MOST].map((itemid) => good({ itemid })),
    ...[ITEMID_MOST + 1, 0, 1e300].map((itemid) => bad({ itemid })),
    ...[0, LAST_SECOND].map((created) => good({ created })),
    ...[LAST_SECOND + 1, -1].map((created) => bad({ created })),
    good({ disabled: { reason: 'spam', at: LAST_SECOND, by: 'ops' } }),
    bad({ disabled: { reason: 'spam', at: LAST_SECOND + 1, by: 'ops' } }),
    bad({ disabled: { reason: 'r'.repeat(2_001), at: 0, by: 'ops' } }),
    bad({ disabled: { reason: 'spam', at: 0, by: 'b'.repeat(2_001) } }),
    ...['', 'c'.repeat(65)].map((code) => bad({ code })),
    ...['ftp://x.test/', `https://x.test/${'l'.repeat(2_048)}`].map((link) => bad({ link })),
    ...[`${SHORT_URL_HOST}/loop`, 'http://[::ffff:127.0.0.1]:3001/loop'].map((link) => bad({ link })),
  ),
  fc.constantFrom(...HOSTILE).map((text) => bad({ code: `c${text}` })),
  fc.constantFrom(...HOSTILE.filter((text) => text.length <= 2_000)).map((text) => good({ disabled: { reason: text, at: 1, by: text } })),
);

/** A file's lines: each case on a link and code of its own, in NDJSON, or the views and dates in CSV. */
function ndjsonFile(lines: readonly Case[], run: string): { text: string; starts: number[] } {
  return {
    text: lines
      .map(({ fields }, i) => JSON.stringify({ code: `${run}c${i}`, link: `https://bounds.test/${run}/${i}`, ...fields }))
      .join('\n'),
    starts: lines.map((_, i) => i + 1),
  };
}

/** CSV: a header, then each record, a quoted title over two lines (\r\n inside quotes is one line break) between them. */
type CsvCase = { cells: Partial<Record<'views' | 'created' | 'itemid', string>>; good: boolean };
const csvCase = (good: boolean) => (cells: CsvCase['cells']) => ({ cells, good });
const csvCases = fc.constantFrom(
  ...[{ views: String(VIEWS_MOST) }, { created: '9999-12-31T23:59:59Z' }, { created: '2027-02-28 12:00:00' }].map(csvCase(true)),
  ...[{ views: String(VIEWS_MOST + 1) }, { created: '2027-02-30' }, { created: '10000-01-01' }].map(csvCase(false)),
  ...[{ created: String(LAST_SECOND + 1) }, { itemid: '9007199254740992' }].map(csvCase(false)),
  csvCase(true)({ itemid: String(ITEMID_KEPT_MOST + 1) }),
);
function csvFile(lines: readonly CsvCase[], run: string): { text: string; starts: number[] } {
  const rows = ['code,url,clicks,date,itemid,title'];
  const starts: number[] = [];
  lines.forEach(({ cells }, i) => {
    starts.push(1 + 2 * i + 1);
    rows.push(`${run}c${i},https://bounds.test/${run}/${i},${cells.views ?? ''},${cells.created ?? ''},${cells.itemid ?? ''},"a\r\nb"`);
  });
  return { text: rows.join('\r\n'), starts };
}

const file = fc.oneof(
  fc.array(cases, { minLength: 1, maxLength: 12 }).map((lines) => ({ lines, extension: 'ndjson' as const })),
  fc.array(csvCases, { minLength: 1, maxLength: 8 }).map((lines) => ({ lines, extension: 'csv' as const })),
);

test('exactly the bad lines are refused, by their first line, nothing of them written; every record answers with no 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(file, async (made) => {
      const { lines, extension } = made;
      const run = `r${runs++}-`;
      const { text, starts } = made.extension === 'ndjson' ? ndjsonFile(made.lines, run) : csvFile(made.lines, run);
      const path = join(folder, `${randomUUID()}.${extension}`);
      writeFileSync(path, text);
      const summary = await importLinks(table, readLinks(path, HOST));
      const badLines = lines.flatMap((line, i) => (line.good ? [] : [starts[i]]));
      expect(summary.refused.map(({ line }) => line)).toEqual(badLines);
      // Nothing of a refused line, and everything of the others: the table whole, with one record a good line.
      const audit = await auditShortUrls(table.documents, table.table);
      expect(audit.problems).toEqual([]);
      const ours = audit.records.filter(({ code }) => code.startsWith(run));
      expect(ours.map(({ code }) => code).sort()).toEqual(lines.flatMap((line, i) => (line.good ? [`${run}c${i}`] : [])).sort());
      // An itemid is kept when no other record holds it (docs/shorturls.md): another file's, a creation's, an earlier line's.
      const held = new Set(audit.records.filter((record) => !ours.includes(record)).map(({ itemid }) => itemid));
      for (const [i, line] of lines.entries()) {
        if (!line.good) continue;
        const down = 'fields' in line && line.fields.disabled !== undefined;
        const lookup = await call(`/url/short/${run}c${i}?${KEY}&type=json`);
        expect(lookup.statusCode).toBe(down ? 404 : 200);
        if (!down) {
          const shown = JSON.parse(lookup.body).shorturls[0];
          const fields = 'fields' in line ? line.fields : { view_count: Number(line.cells.views ?? 0) };
          expect(shown.view_count).toBe(fields.view_count ?? 0);
          if (typeof fields.itemid === 'number' && fields.itemid <= ITEMID_KEPT_MOST) {
            expect(shown.itemid === fields.itemid).toBe(!held.has(fields.itemid));
            held.add(fields.itemid);
          }
        }
        for (const method of ['GET', 'HEAD']) expect((await follow(`/${run}c${i}`, { method })).statusCode).toBe(down ? 410 : 301);
        expect((await creation(call, `https://bounds.test/${run}/${i}`)).statusCode).toBe(down ? 403 : 200);
      }
      // Creations go on past every itemid the file held.
      expect((await creation(call, `https://bounds.test/${run}/new`)).statusCode).toBe(200);
      expect(await exportLinks(table, join(folder, `${randomUUID()}.ndjson`))).toMatchObject({ unreadable: [] });
    }),
    { numRuns: 25 },
  );
});

test.each([ITEMID_KEPT_MOST, ITEMID_KEPT_MOST + 1, ITEMID_MOST])(
  'an imported itemid of %d: kept only up to 999 999 999 999 999, and creations go on',
  async (itemid) => {
    const target = await own.create('itemid');
    const path = join(folder, `${randomUUID()}.ndjson`);
    writeFileSync(path, JSON.stringify({ code: 'big', link: 'https://big.example.org/i', itemid }));
    expect(await importLinks(target, readLinks(path, HOST))).toMatchObject({ imported: 1, assigned: itemid > ITEMID_KEPT_MOST ? 1 : 0 });
    const call = invokerWithEnv({ SHORT_URLS_TABLE: target.table });
    const shown = JSON.parse((await call(`/url/short/big?${KEY}&type=json`)).body).shorturls[0];
    expect(shown.itemid === itemid).toBe(itemid <= ITEMID_KEPT_MOST);
    for (let n = 0; n < 3; n++) {
      const made = await creation(call, `https://big.example.org/${n}`);
      expect(made.statusCode).toBe(200);
      expect(JSON.parse(made.body).shorturls[0].itemid).toBeGreaterThan(shown.itemid);
    }
  },
);
