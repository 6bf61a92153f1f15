/**
 * What the gallery importer writes (docs/import-format.md: The file, Derived fields, What is refused), on DynamoDB Local, read
 * back raw and through the functions' store: a good file whole with its counts and counters, a file's bad lines refused by
 * number and nothing of them written, the same file twice changing nothing, a second file adding to what is stored.
 */
import { importFile, type ImportSummary } from '../../infra/ops/gallery/importer';
import { documentClient } from '../../lib/db/client';
import { allOf, repliesTo, type Series, thread } from '../../lib/gallery/layout';
import { comment, fresh, importFiles, members, photo, rawItems, store, TABLE, withoutType } from '../support/importer-fixtures';

jest.setTimeout(60_000);

const { file } = importFiles();
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
