/**
 * Codes and itemids of imported short links (docs/shorturls.md, Import and Export), against DynamoDB
 * Local: codes kept as given, a code held by another link refused, itemids kept or assigned anew, and
 * the service never making a code or itemid an imported record holds.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import { importFile, linkImports, recordsOf } from '../support/link-import';

jest.setTimeout(120_000);

const { ndjson, freshTable, importedFresh } = linkImports();

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
