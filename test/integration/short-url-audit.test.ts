/**
 * The short-URL table audit that `npm run load` and the outage test rely on: a whole table is
 * clean, and each kind of inconsistency a half-written or duplicated creation would leave is
 * reported. Each test writes to a table of its own, made from template.yaml's definition.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls } from '../../infra/dynamodb/short-url-audit';
import { loadTemplate, tablesOf } from '../../infra/local/template';
import { linkKey } from '../../lib/shorturls/link';

const client = new DynamoDBClient({});
const documents = DynamoDBDocumentClient.from(client);
const definition = tablesOf(loadTemplate()).find((table) => table.id === 'ShortUrlsTable')!.properties;

const record = (code: string, link: string, itemid: number) => ({ pk: `code#${code}`, code, link, itemid, view_count: 0 });
const entry = (link: string, code: string) => ({ pk: `link#${linkKey(link)}`, code });
const counter = (last: number) => ({ pk: 'counter#itemid', last });

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
  const audit = await auditOf([record('aaaaaaa', A, 1), entry(A, 'aaaaaaa'), record('bbbbbbb', B, 2), entry(B, 'bbbbbbb'), counter(2)]);
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
    [record('aaaaaaa', A, 1), entry(A, 'aaaaaaa'), entry(B, 'aaaaaaa'), counter(1)],
    /a record of another link/,
  ],
  ['a link with two records', [record('aaaaaaa', A, 1), record('bbbbbbb', A, 2), entry(A, 'aaaaaaa'), counter(2)], /has 2 records/],
  [
    'two records with one itemid',
    [record('aaaaaaa', A, 1), entry(A, 'aaaaaaa'), record('bbbbbbb', B, 1), entry(B, 'bbbbbbb'), counter(1)],
    /share itemid 1/,
  ],
  ['an itemid past the counter', [record('aaaaaaa', A, 5), entry(A, 'aaaaaaa'), counter(4)], /past the counter/],
  ['an item of no known kind', [record('aaaaaaa', A, 1), entry(A, 'aaaaaaa'), counter(1), { pk: 'stray#1' }], /no known kind: stray#1/],
])('reports %s', async (_name, items, problem) => {
  const { problems } = await auditOf(items);
  expect(problems).toContainEqual(expect.stringMatching(problem));
});
