/**
 * The gallery importer (`npm run import`) and the sample's loading on DynamoDB Local, read back through the
 * functions' store. Ids from a random base of at least 10^12, dates in 2003: no other test's window sees them.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditGallery } from '../../infra/ops/gallery/recount';
import { exportGallery } from '../../infra/ops/gallery/export';
import { documentClient } from '../../lib/db/client';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { itemKey, repliesTo, thread, allOf, indexName, FAMILIES, ORDER_KEYS } from '../../lib/gallery/layout';
import type { Family, OrderKey, Series } from '../../lib/gallery/layout';
import type { CommentRecord, Range } from '../../lib/gallery/store';
import { generateGallery } from '../../infra/local/sample/generator';
import { importFile, importLines, type ImportSummary } from '../../infra/ops/gallery/importer';
import { lineOf } from '../../infra/ops/gallery/records';
import { scanAll } from '../../infra/ops/scan';
import { HARD_TEXT } from '../../infra/local/sample/sample-text';
import { galleryIsEmpty, loadSample, recreateGalleryTable } from '../../infra/local/sample/seed';
import { runScript } from '../support/command';
import { ownGalleryTable } from '../support/own-table';
import { runToEnd } from '../support/run-to-end';

jest.setTimeout(60_000);

const TABLE = process.env.GALLERY_TABLE!;
const store = new DynamoGalleryStore(documentClient, TABLE);
const YEAR_2003 = 1_041_379_200;
const DAY = 86_400;

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'import-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ids and dates nothing else uses, and the keys of the items of those ids. */
function fresh() {
  const base = 10 ** 12 + randomInt(0, 2 ** 40) * 1_000;
  const day = YEAR_2003 + randomInt(0, 300) * DAY;
  const [photo, comment] = [(n: number) => base + n, (n: number) => base + 500 + n];
  const photoKey = (n: number) => itemKey('photo', photo(n));
  const commentKey = (n: number) => itemKey('comment', comment(n));
  return { photo, comment, photoKey, commentKey, date: (seconds: number) => day + seconds };
}

type Ids = ReturnType<typeof fresh>;

const user = { name: 'Zoë & <friends>', icon: 'https://avatars.example.org/u/1?s=48&d=x', registered: YEAR_2003 - DAY, profileviews: 12 };

function photo(ids: Ids, n: number, extra: object = {}) {
  return {
    type: 'photo',
    id: ids.photo(n),
    submit_date: ids.date(n * 100),
    title: `Photo ${n}: ${HARD_TEXT.quotes} ${HARD_TEXT.controls} ${HARD_TEXT.separators} 富士山 😀`,
    user,
    src: `https://photos.example.org/thumbs/${n}.jpg`,
    href: `https://gallery.example.org/photo.php?id=${n}&size=large`,
    digg_count: n * 3,
    ...extra,
  };
}

function comment(ids: Ids, n: number, photoN: number, replyTo: number | null, extra: object = {}) {
  return {
    type: 'comment',
    id: ids.comment(n),
    photo: ids.photo(photoN),
    replyto: replyTo === null ? null : ids.comment(replyTo),
    date: ids.date(10_000 + n * 60),
    user: 'bob',
    content: `Comment ${n} ${HARD_TEXT.entities} ${HARD_TEXT.backslashes}`,
    up: n,
    down: 1,
    ...extra,
  };
}

const withoutType = <T extends { type?: unknown }>({ type: _, ...rest }: T): Omit<T, 'type'> => rest;

function file(name: string, lines: readonly (object | string)[]): string {
  const path = join(dir, `${name}-${randomInt(0, 2 ** 40)}.ndjson`);
  writeFileSync(path, `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`);
  return path;
}

/** The raw items under these keys, by key (absent keys left out). */
async function rawItems(keys: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < keys.length; start += 100) {
    const answer = await documentClient.send(
      new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: keys.slice(start, start + 100).map((pk) => ({ pk })) } } }),
    );
    for (const item of answer.Responses?.[TABLE] ?? []) found.set(item.pk as string, item);
  }
  return found;
}

// docs/api.md, The gallery's arguments: dates are 0 to 99 999 999 999.
const ALL_TIME: Range = { from: 0, to: 99_999_999_999 };

/** Every member of a series, oldest first, as the functions list them. */
async function members(series: Series): Promise<CommentRecord[]> {
  // Page by page: a thread of the sample's most dugg photo can pass one page of 100.
  const ids: number[] = [];
  for (let total = Infinity; ids.length < total; ) {
    const page = await store.page({ series: [series], range: ALL_TIME, sort: 'submit_date-asc', offset: ids.length, count: 100 });
    if (page.ids.length === 0) break;
    ids.push(...page.ids);
    total = page.total;
  }
  const found = await store.commentsByIds(ids);
  return ids.map((id) => found.get(id)!);
}

const quietImport = (path: string): Promise<ImportSummary> => importFile(path, documentClient, TABLE);

describe('a good file', () => {
  const ids = fresh();
  const lines = [
    photo(ids, 1),
    photo(ids, 2),
    // Comments 1 to 6 of photo 1 a chain of replies, 7 another reply to 1, 8 top-level; 9 of photo 2.
    ...[null, 1, 2, 3, 4, 5, 1, null].map((replyTo, index) => comment(ids, index + 1, 1, replyTo)),
    comment(ids, 9, 2, null),
  ];
  let summary: ImportSummary;

  beforeAll(async () => {
    summary = await quietImport(file('good', lines));
  });

  test('is written whole', () => {
    expect(summary).toMatchObject({ lines: 11, photos: 2, comments: 9, counts: 0, refused: [] });
  });

  test('the photos read back through the store as the API shows them, with their comment counts', async () => {
    const photos = await store.photosByIds([ids.photo(1), ids.photo(2)]);
    expect(photos.get(ids.photo(1))).toEqual({ ...withoutType(photo(ids, 1)), comments: 8 });
    expect(photos.get(ids.photo(2))).toMatchObject({ comments: 1, digg_count: 6 });
  });

  test('the comments carry level, root and replies, and the replies index finds them', async () => {
    const comments = await members(thread(ids.photo(1)));
    const byN = (n: number) => comments.find((entry) => entry.id === ids.comment(n))!;
    expect(comments).toHaveLength(8);
    const { type: _, photo: story, ...fields } = comment(ids, 1, 1, null);
    expect(byN(1)).toEqual({ ...fields, story, replies: 2, level: 0, root: ids.comment(1) });
    for (let n = 2; n <= 6; n++)
      expect(byN(n)).toMatchObject({ level: n - 1, root: ids.comment(1), replyto: ids.comment(n - 1), replies: n === 6 ? 0 : 1 });
    expect(byN(7)).toMatchObject({ level: 1, root: ids.comment(1), replies: 0 });
    expect(byN(8)).toMatchObject({ level: 0, root: ids.comment(8), replies: 0 });
    expect((await members(repliesTo(ids.comment(1)))).map((entry) => entry.id)).toEqual([ids.comment(2), ids.comment(7)]);
  });

  test('the day indexes and the counters hold them, by date and by rank', async () => {
    const range = { from: ids.date(0), to: ids.date(20_000) };
    const page = (series: Series, sort: 'submit_date-asc' | 'digg_count-desc') =>
      store.page({ series: [series], range, sort, offset: 0, count: 20 });
    expect(await page(allOf('photo'), 'submit_date-asc')).toEqual({ total: 2, ids: [ids.photo(1), ids.photo(2)] });
    expect(await page(allOf('photo'), 'digg_count-desc')).toEqual({ total: 2, ids: [ids.photo(2), ids.photo(1)] });
    expect(await page(allOf('comment'), 'submit_date-asc')).toEqual({ total: 9, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(ids.comment) });
  });
});

describe('a file with bad lines', () => {
  const ids = fresh();
  const lines: (object | string)[] = [
    photo(ids, 1),
    photo(ids, 2, { href: 'javascript:alert(1)' }),
    comment(ids, 1, 2, null),
    comment(ids, 2, 1, null),
    comment(ids, 3, 1, 2, { down: -1 }),
    comment(ids, 4, 1, 3),
    '',
    '{"type":"photo", oops',
    comment(ids, 5, 1, 2, { level: 1 }),
    comment(ids, 6, 1, 2),
    photo(ids, 1, { title: 'again' }),
  ];
  let summary: ImportSummary;

  beforeAll(async () => {
    summary = await quietImport(file('bad', lines));
  });

  test('reports each bad line by its number, with the reason', () => {
    expect(summary.refused).toEqual([
      { line: 2, reason: '"href" must be an absolute http or https URL' },
      { line: 3, reason: `photo ${ids.photo(2)} is refused (line 2)` },
      { line: 5, reason: '"down" must be a whole number from 0 to 9007199254740991' },
      { line: 6, reason: `comment ${ids.comment(3)}, which it replies to, is refused (line 5)` },
      { line: 8, reason: expect.stringMatching(/^not JSON \(/) },
      { line: 9, reason: '"level" is computed by the importer; leave it out' },
      { line: 11, reason: `photo ${ids.photo(1)} is already on line 1` },
    ]);
    expect(summary).toMatchObject({ lines: 10, photos: 1, comments: 2 });
  });

  test('writes nothing of the bad lines, and the good ones with counts that leave the bad out', async () => {
    const items = await rawItems([...[1, 2].map(ids.photoKey), ...[1, 2, 3, 4, 5, 6].map(ids.commentKey)]);
    expect([...items.keys()].sort()).toEqual([ids.commentKey(2), ids.commentKey(6), ids.photoKey(1)].sort());
    expect(items.get(ids.photoKey(1))).toMatchObject({ comments: 2, title: photo(ids, 1).title });
    expect(items.get(ids.commentKey(2))).toMatchObject({ replies: 1 });
    expect(items.get(ids.commentKey(6))).toMatchObject({ level: 1, root: ids.comment(2) });
  });
});

test('importing twice changes nothing: the same items under the same keys', async () => {
  const ids = fresh();
  const lines = [
    photo(ids, 1),
    comment(ids, 1, 1, null),
    comment(ids, 2, 1, 1),
    comment(ids, 3, 1, 2),
    photo(ids, 2),
    comment(ids, 4, 2, null),
  ];
  const path = file('twice', lines);
  const keys = [...[1, 2].map(ids.photoKey), ...[1, 2, 3, 4].map(ids.commentKey)];
  const first = await quietImport(path);
  const before = await rawItems(keys);
  const second = await quietImport(path);
  const after = await rawItems(keys);
  expect(after).toEqual(before);
  expect({ ...second, seconds: 0 }).toEqual({ ...first, seconds: 0, unchanged: 6 });
  expect([before.size, first.unchanged, second.counts]).toEqual([6, 0, 0]);
});

describe('a second file that adds to what is stored', () => {
  test('places replies under stored comments and recomputes the stored counts', async () => {
    const ids = fresh();
    await quietImport(file('first', [photo(ids, 1), comment(ids, 1, 1, null), comment(ids, 2, 1, 1)]));
    const more = file('more', [comment(ids, 3, 1, 2), comment(ids, 4, 1, 1), comment(ids, 5, 1, null), comment(ids, 6, 1, 4)]);
    const summary = await quietImport(more);
    expect(summary).toMatchObject({ photos: 0, comments: 4, refused: [] });
    // Photo 1 (comments), comments 1 and 2 (replies): stored, not in the file.
    expect(summary.counts).toBe(3);
    expect((await store.photosByIds([ids.photo(1)])).get(ids.photo(1))!.comments).toBe(6);
    const comments = new Map((await members(thread(ids.photo(1)))).map((entry) => [entry.id, entry]));
    expect(comments.get(ids.comment(1))).toMatchObject({ replies: 2 });
    expect(comments.get(ids.comment(2))).toMatchObject({ replies: 1 });
    expect(comments.get(ids.comment(3))).toMatchObject({ level: 2, root: ids.comment(1) });
    expect(comments.get(ids.comment(6))).toMatchObject({ level: 2, root: ids.comment(1) });
    // Again: nothing left to update.
    expect((await quietImport(more)).counts).toBe(0);
  });

  test('refuses to move a stored comment to another photo or parent', async () => {
    const ids = fresh();
    await quietImport(file('first', [photo(ids, 1), photo(ids, 2), comment(ids, 1, 1, null)]));
    const summary = await quietImport(file('move', [comment(ids, 1, 2, null)]));
    const reason = `comment ${ids.comment(1)} is stored under photo ${ids.photo(1)} as a top-level comment; the importer does not move comments`;
    expect(summary.refused).toEqual([{ line: 1, reason }]);
    expect((await store.commentsByIds([ids.comment(1)])).get(ids.comment(1))!.story).toBe(ids.photo(1));
  });
});

/** A client whose first `times` transactions are cancelled, for `code` on their first item, as DynamoDB cancels them. */
function cancelling(code: string, times = Number.POSITIVE_INFINITY) {
  let transactions = 0;
  const send = (command: unknown) => {
    if (!(command instanceof TransactWriteCommand)) return documentClient.send(command as never);
    if (transactions++ >= times) return documentClient.send(command);
    const CancellationReasons = command.input.TransactItems!.map((_, index) => ({ Code: index === 0 ? code : 'None' }));
    return Promise.reject(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons }));
  };
  return { client: { send } as unknown as DynamoDBDocumentClient, transactions: () => transactions };
}

describe('when DynamoDB cancels a transaction for a conflict with another', () => {
  test('it is sent again until it goes through, and everything is written once', async () => {
    const ids = fresh();
    const thirty = Array.from({ length: 30 }, (_, index) => index + 1);
    const records = [...thirty.map((n) => photo(ids, n)), ...thirty.map((n) => comment(ids, n, 1, n === 1 ? null : n - 1))];
    const lines = records.map((record) => JSON.stringify(record));
    const busy = cancelling('TransactionConflict', 3);
    const summary = await importLines(lines, busy.client, TABLE, { retry: { attempts: 5, baseDelayMs: 5, maxDelayMs: 20 } });
    expect(summary).toMatchObject({ photos: 30, comments: 30, unchanged: 0, refused: [] });
    expect(busy.transactions()).toBeGreaterThan(3);
    expect((await rawItems([...thirty.map(ids.photoKey), ...thirty.map(ids.commentKey)])).size).toBe(60);
    expect((await store.photosByIds([ids.photo(1)])).get(ids.photo(1))).toMatchObject({ comments: 30 });
    expect((await store.commentsByIds([ids.comment(30)])).get(ids.comment(30))).toMatchObject({ level: 29, root: ids.comment(1) });
  });

  test('a condition that fails (another import got there first) stops the import with what it wrote whole', async () => {
    const ids = fresh();
    await expect(importLines([JSON.stringify(photo(ids, 1))], cancelling('ConditionalCheckFailed').client, TABLE)).rejects.toThrow(
      /the table changed while this import ran .*run the import again/,
    );
    expect((await rawItems([ids.photoKey(1)])).size).toBe(0);
  });
});

describe('npm run import', () => {
  /** `npm run import -- FILE`, bundled (../support/command.ts): its exit code, stderr and stdout. */
  const npmImport = async (path: string) => {
    const { code, lines, stdout } = await runToEnd(runScript('import', [path], process.env));
    return { status: code, stderr: lines.join('\n'), stdout };
  };

  test('prints the refused lines and the summary, and exits 1 when a line was refused', async () => {
    const ids = fresh();
    const path = file('cli', [photo(ids, 1), comment(ids, 1, 1, null), { type: 'comment', id: ids.comment(2) }, comment(ids, 3, 1, 1)]);
    const run = await npmImport(path);
    expect(run.stderr).toContain(`${path}:3: missing field "photo"`);
    expect(run.stdout).toMatch(/^1 photo, 2 comments written, 1 line refused in \d+\.\d s\n$/);
    expect(run.status).toBe(1);
  }, 60_000);

  test('exits 0 when every line was taken, and 2 without a file', async () => {
    const ids = fresh();
    const good = await npmImport(file('cli-good', [photo(ids, 1)]));
    expect(good.stdout).toMatch(/^1 photo, 0 comments written, 0 lines refused/);
    expect(good.status).toBe(0);
    const missing = await npmImport(join(dir, 'nope.ndjson'));
    expect(missing.stderr).toMatch(/import failed: .*nope\.ndjson/);
    expect(missing.status).toBe(2);
  }, 60_000);
});

test('the sample through the importer: a small sample, dated in 2003, reads back consistent through the store', async () => {
  const base = 10 ** 12 + randomInt(0, 2 ** 40) * 1_000;
  // The run's FC_SEED draws the sample and its day, so that a failure replays; the ids only keep it apart.
  const seed = Number(process.env.FC_SEED);
  const now = YEAR_2003 + (130 + (seed % 170)) * DAY; // the sample spreads over the 120 days before
  const records = generateGallery({ now, photos: 60, seed, photoIdBase: base, commentIdBase: base + 500 });
  const summary = await importLines(records.map(lineOf), documentClient, TABLE);
  expect(summary.refused).toEqual([]);
  const photoIds = records.filter((record) => record.type === 'photo').map((record) => record.id);
  const photos = await store.photosByIds(photoIds);
  expect(photos.size).toBe(60);
  // All threads at once, then all reply lists: the reads asked for in one turn share a BatchGetItem (lib/gallery/reads.ts).
  const threads = await Promise.all(photoIds.map((id) => members(thread(id))));
  const replies = await Promise.all(threads.map((comments) => Promise.all(comments.map((entry) => members(repliesTo(entry.id))))));
  photoIds.forEach((id, p) => {
    expect(photos.get(id)!.comments).toBe(threads[p]!.length);
    threads[p]!.forEach((entry, c) => {
      expect(entry.replies).toBe(replies[p]![c]!.length);
      for (const reply of replies[p]![c]!) expect(reply).toMatchObject({ level: entry.level + 1, root: entry.root, story: id });
    });
  });
});

describe('seeding a table of its own', () => {
  // A table of its own, so that the run's table stays.
  const { name, template, client, documents } = ownGalleryTable('gallery-seed-test');

  test('recreating empties it and keeps the indexes; the sample loads into it', async () => {
    await recreateGalleryTable(client, name, template);
    expect(await galleryIsEmpty(documents, name)).toBe(true);
    const description = await client.send(new DescribeTableCommand({ TableName: name }));
    const nine = (Object.keys(FAMILIES) as Family[]).flatMap((family) =>
      (Object.keys(ORDER_KEYS) as OrderKey[]).map((order) => indexName(family, order)),
    );
    expect(description.Table!.GlobalSecondaryIndexes!.map((index) => index.IndexName).sort()).toEqual(nine.sort());

    // A few photos: this is about the table; the sample through the importer at size is the test above.
    const summary = await loadSample(documents, name, { photos: 10, seed: 3 });
    expect(summary).toMatchObject({ photos: 10, refused: [] });
    expect(await galleryIsEmpty(documents, name)).toBe(false);

    // `npm run gallery -- check` recounts it: nothing to say, then a photo's count off by one.
    const check = async () => runToEnd(runScript('gallery', ['check'], { ...process.env, GALLERY_TABLE: name }));
    const whole = await check();
    expect(whole.stdout).toMatch(new RegExp(`^10 photos and \\d+ comments in ${name}: 0 disagreements\n$`));
    expect(whole.code).toBe(0);
    const photo = (await scanAll(documents, name)).find((item) => item.kind === 'photo')!;
    const comments = Number(photo.comments);
    await documents.send(new PutCommand({ TableName: name, Item: { ...photo, comments: comments + 1 } }));
    const off = await check();
    expect(off.lines).toContain(`photo ${photo.id} has comments ${comments + 1}, the table holds ${comments}`);
    expect(off.stdout).toMatch(/: 1 disagreements\n$/);
    expect(off.code).toBe(1);

    await recreateGalleryTable(client, name, template);
    expect(await galleryIsEmpty(documents, name)).toBe(true);
  });

  test('refuses a table the template does not define', async () => {
    await expect(recreateGalleryTable(client, 'no-such-gallery', template)).rejects.toThrow(
      /template.yaml defines no table named no-such-gallery/,
    );
  });
});

describe('exporting a gallery and importing it elsewhere (npm run export)', () => {
  const target = ownGalleryTable('gallery-export-test');
  const oldLayout = `gallery-old-layout-test-${randomInt(0, 2 ** 40)}`;

  beforeAll(async () => {
    await recreateGalleryTable(target.client, target.name, target.template);
    await target.client.send(
      new CreateTableCommand({
        TableName: oldLayout,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      }),
    );
  });
  afterAll(() => target.client.send(new DeleteTableCommand({ TableName: oldLayout })).catch(() => undefined));

  test('the earlier layout’s records, written as import lines, import into the new layout whole, with their counts and counters', async () => {
    const ids = fresh();
    const p1 = { ...photo(ids, 1), comments: 2 };
    const c1 = { ...comment(ids, 1, 1, null), story: ids.photo(1), level: 0, root: ids.comment(1), replies: 1 };
    const c2 = { ...comment(ids, 2, 1, 1), story: ids.photo(1), level: 1, root: ids.comment(1), replies: 0 };
    // As the earlier layout stored them: the record's fields, with `kind` and its own index keys.
    const old = (kind: 'photo' | 'comment', id: number, keys = {}) => ({ pk: itemKey(kind, id), kind, date_id: 'x', ...keys });
    const stored = [
      { ...old('photo', p1.id), ...withoutType(p1) },
      ...[c1, c2].map(({ photo: _, ...c }) => ({ ...old('comment', c.id, { photo_key: itemKey('photo', c.story) }), ...withoutType(c) })),
    ];
    for (const Item of stored) await target.documents.send(new PutCommand({ TableName: oldLayout, Item }));
    const exported = await exportGallery(target.documents, oldLayout);
    expect(exported).toMatchObject({ photos: 1, comments: 2 });
    // Reply last, and each line exactly as the import format has it.
    expect(exported.lines.map((line) => JSON.parse(line))).toEqual([photo(ids, 1), comment(ids, 1, 1, null), comment(ids, 2, 1, 1)]);
    const summary = await importLines(exported.lines, target.documents, target.name);
    expect(summary).toMatchObject({ photos: 1, comments: 2, refused: [] });
    const imported = new DynamoGalleryStore(target.documents, target.name);
    expect((await imported.photosByIds([p1.id])).get(p1.id)).toEqual(withoutType(p1));
    expect((await imported.commentsByIds([c1.id])).get(c1.id)).toMatchObject({ replies: 1, level: 0 });
    expect((await auditGallery(target.documents, target.name)).problems).toEqual([]);
    // And back out of the new layout: the same lines.
    expect((await exportGallery(target.documents, target.name)).lines).toEqual(exported.lines);
  });
});
