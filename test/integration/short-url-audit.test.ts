/**
 * The short-URL table audit that `npm run load` and the outage test rely on: a whole table is
 * clean (imports that give a link several codes included), and each kind of inconsistency a
 * half-written or duplicated creation would leave is reported. Each test writes to a table of its
 * own, made from template.yaml's definition.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { loadTemplate } from '../../infra/template/read';
import { tablesOf } from '../../infra/template/tables';
import { linkKey } from '../../lib/shorturls/link';

const client = new DynamoDBClient({});
const documents = DynamoDBDocumentClient.from(client);
const definition = tablesOf(loadTemplate()).find((table) => table.id === 'ShortUrlsTable')!.properties;

const record = (code: string, link: string, itemid: number) => ({ pk: `code#${code}`, code, link, itemid, view_count: 0 });
const imported = (code: string, link: string, itemid: number) => ({ ...record(code, link, itemid), imported: 1_790_000_000 });
const entry = (link: string, code: string) => ({ pk: `link#${linkKey(link)}`, code });
const claim = (itemid: number, code: string) => ({ pk: `itemid#${itemid}`, code });
const counter = (last: number) => ({ pk: 'counter#itemid', last });
/** A creation's record and deduplication entry; `whole`, with its itemid's claim too. */
const made = (code: string, link: string, itemid: number) => [record(code, link, itemid), entry(link, code)];
const whole = (code: string, link: string, itemid: number) => [...made(code, link, itemid), claim(itemid, code)];

async function auditOf(items: readonly Record<string, unknown>[]) {
  const table = `audit-${randomUUID()}`;
  await client.send(
    new CreateTableCommand({
      TableName: table,
      AttributeDefinitions: definition.AttributeDefinitions,
      KeySchema: definition.KeySchema,
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  try {
    await documents.send(new BatchWriteCommand({ RequestItems: { [table]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    return await auditShortUrls(documents, table);
  } finally {
    await client.send(new DeleteTableCommand({ TableName: table }));
  }
}

const A = 'https://www.example.org/a';
const B = 'https://www.example.org/b';

afterAll(() => client.destroy());

test('a table of whole creations has no problem, and the audit returns its records', async () => {
  const others = [counter(2), { pk: 'blocks', hosts: {} }, { pk: 'audit#2026-11-27T00:00:00.000Z#1', action: 'import' }];
  const audit = await auditOf([...whole('aaaaaaa', A, 1), ...whole('bbbbbbb', B, 2), ...others]);
  expect(audit.problems).toEqual([]);
  expect(audit.records.map((r) => [r.code, r.link, r.itemid]).sort()).toEqual([
    ['aaaaaaa', A, 1],
    ['bbbbbbb', B, 2],
  ]);
});

test.each([
  ['a record without its deduplication entry', [record('aaaaaaa', A, 1), counter(1)], /aaaaaaa .* has no deduplication entry/],
  ['a deduplication entry without its record', [entry(A, 'aaaaaaa'), counter(1)], /points to aaaaaaa, which has no record/],
  [
    'an entry pointing to a record of another link',
    [...made('aaaaaaa', A, 1), entry(B, 'aaaaaaa'), counter(1)],
    /a record of another link/,
  ],
  [
    'a link with two records the service made',
    [...made('aaaaaaa', A, 1), record('bbbbbbb', A, 2), counter(2)],
    /has 2 records made by the service/,
  ],
  ['two records with one itemid', [...made('aaaaaaa', A, 1), ...made('bbbbbbb', B, 1), counter(1)], /share itemid 1/],
  ['an itemid past the counter', [...made('aaaaaaa', A, 5), counter(4)], /past the counter/],
  ['an item of no known kind', [...made('aaaaaaa', A, 1), counter(1), { pk: 'stray#1' }], /no known kind: stray#1/],
  ['a record whose itemid no claim gives it', [...made('aaaaaaa', A, 1), counter(1)], /itemid 1, which no claim gives it/],
  [
    'a claim of an itemid its record does not hold',
    [...whole('aaaaaaa', A, 1), claim(2, 'aaaaaaa'), counter(2)],
    /itemid 2 is claimed for aaaaaaa, which does not hold it/,
  ],
])('reports %s', async (_name, items, problem) => {
  const { problems } = await auditOf(items);
  expect(problems).toContainEqual(expect.stringMatching(problem));
});

test('a link imported under several codes, its entry pointing to one of them, has no problem', async () => {
  const links = [imported('one', A, 1), imported('two', A, 2), entry(A, 'one')];
  const { problems } = await auditOf([...links, claim(1, 'one'), claim(2, 'two'), counter(2)]);
  expect(problems).toEqual([]);
});
