/**
 * Export, then import into an empty table, answers exactly as before (docs/shorturls.md, Export):
 * random tables' records, entries and blocked hosts, and each creation's code or refusal.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { scanAll } from '../../infra/ops/scan';
import { exportLinks } from '../../infra/ops/shorturls/export';
import { importLinks } from '../../infra/ops/shorturls/importer';
import { readLinks } from '../../infra/ops/shorturls/reading';
import { invokerWithEnv } from '../support/expect-error';
import { freshAddress } from '../support/fresh-address';
import { ownTables } from '../support/own-table';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(300_000);

const HOST = { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() };
const KEY = `appkey=${encodeURIComponent('http://round-trip.test/')}`;
const own = ownTables('ShortUrlsTable');
const folder = mkdtempSync(join(tmpdir(), 'shorturls-round-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const LINKS = ['https://round-0.test/a', 'https://round-0.test/b', 'https://round-1.test/a', 'https://round-2.test/a'];
const BLOCKABLE = ['blocked-0.test', 'blocked-1.test', '10.9.8.7'];
const takedown = fc.record({ reason: fc.string({ maxLength: 40 }), at: fc.nat({ max: 4_000_000_000 }), by: fc.string({ maxLength: 20 }) });
const record = fc.record(
  {
    link: fc.constantFrom(...LINKS),
    itemid: fc.integer({ min: 1, max: 1_000_000 }),
    view_count: fc.nat({ max: 1_000_000 }),
    disabled: takedown,
  },
  { requiredKeys: ['link', 'view_count'] },
);
/** A table's lines: blocked hosts, then records with unique codes and itemids, a link taken down in all its records or none. */
const table = fc
  .tuple(
    fc.uniqueArray(fc.tuple(fc.constantFrom(...BLOCKABLE), takedown), { selector: ([host]) => host, maxLength: 3 }),
    fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), record), {
      selector: ([code]) => code,
      minLength: 1,
      maxLength: 12,
    }),
  )
  .map(([blocks, entries]) => {
    const itemids = new Set<number>();
    const down = new Map<string, unknown>();
    for (const [, { link, disabled }] of entries) if (disabled !== undefined && !down.has(link)) down.set(link, disabled);
    const records = entries.map(([code, { disabled: _, ...fields }]) => {
      const itemid = fields.itemid !== undefined && !itemids.has(fields.itemid) ? fields.itemid : undefined;
      if (itemid !== undefined) itemids.add(itemid);
      return { code, ...fields, itemid, ...(down.has(fields.link) ? { disabled: down.get(fields.link) } : {}) };
    });
    return { blocks: blocks.map(([block, by]) => ({ block, ...by })), records };
  });

const ndjson = (lines: readonly object[]): string => {
  const path = join(folder, `${randomUUID()}.ndjson`);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
  return path;
};

/** What a table answers: its records and entries as stored (not when imported), its blocked hosts, and each creation. */
async function answers(target: { table: string; documents: never }, links: readonly string[]) {
  const items = (await scanAll(target.documents, target.table))
    .filter((item) => /^(code#|link#|blocks$)/.test(String(item.pk)))
    .map(({ imported: _, ...item }) => item)
    .sort((a, b) => String(a.pk).localeCompare(String(b.pk)));
  const create = invokerWithEnv({ SHORT_URLS_TABLE: target.table });
  const created: unknown[] = [];
  for (const link of links) {
    const answer = await create(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: freshAddress() });
    const body = JSON.parse(answer.body);
    created.push([link, answer.statusCode, answer.statusCode === 200 ? body.shorturls[0] : body.code]);
  }
  return { items, created };
}

test('answers as before: the same records, entries and blocked hosts, and the same code or refusal for each creation', async () => {
  await fc.assert(
    fc.asyncProperty(table, async ({ blocks, records }) => {
      const [first, second] = [await own.create('round-a'), await own.create('round-b')];
      const imported = await importLinks(first, readLinks(ndjson([...blocks, ...records]), HOST));
      expect(imported.refused).toEqual([]);
      const exported = join(folder, `${randomUUID()}.ndjson`);
      expect(await exportLinks(first, exported)).toEqual({ written: records.length, unreadable: [] });
      const reimported = await importLinks(second, readLinks(exported, HOST));
      expect(reimported).toMatchObject({ imported: records.length, refused: [], blocks: blocks.length });
      // The links of the table, and one to each blocked host: none of them makes a record.
      const links = [...new Set(records.map(({ link }) => link)), ...blocks.map(({ block }) => `http://${block}/x`)];
      const [before, after] = [await answers(first as never, links), await answers(second as never, links)];
      expect(after.created).toEqual(before.created);
      expect(after.items).toEqual(before.items);
    }),
    { numRuns: 10 },
  );
});
