/**
 * What the importer's tests on DynamoDB Local share (test/integration/importer-*.test.ts, gallery-sample.test.ts,
 * gallery-export.test.ts): lines of the import format (docs/import-format.md) with ids from a random base of at least 10^12
 * and dates in 2003, so that no other test's window sees them; files of them; and the run's table read back, raw and
 * through the functions' store.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { HARD_TEXT } from '../../infra/local/sample/sample-text';
import { documentClient } from '../../lib/db/client';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { itemKey, type Series } from '../../lib/gallery/layout';
import type { CommentRecord, Range } from '../../lib/gallery/store';
import { DAY } from './gallery-fixtures';

/** The run's gallery table (globalSetup's), and the functions' store over it. */
export const TABLE = process.env.GALLERY_TABLE!;
export const store = new DynamoGalleryStore(documentClient, TABLE);
export const YEAR_2003 = 1_041_379_200;

/** Ids and dates nothing else uses, and the keys of the items of those ids. */
export function fresh() {
  const base = 10 ** 12 + randomInt(0, 2 ** 40) * 1_000;
  const day = YEAR_2003 + randomInt(0, 300) * DAY;
  const [photo, comment] = [(n: number) => base + n, (n: number) => base + 500 + n];
  const photoKey = (n: number) => itemKey('photo', photo(n));
  const commentKey = (n: number) => itemKey('comment', comment(n));
  return { photo, comment, photoKey, commentKey, date: (seconds: number) => day + seconds };
}

type Ids = ReturnType<typeof fresh>;

const user = { name: 'Zoë & <friends>', icon: 'https://avatars.example.org/u/1?s=48&d=x', registered: YEAR_2003 - DAY, profileviews: 12 };

export function photo(ids: Ids, n: number, extra: object = {}) {
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

export function comment(ids: Ids, n: number, photoN: number, replyTo: number | null, extra: object = {}) {
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

export const withoutType = <T extends { type?: unknown }>({ type: _, ...rest }: T): Omit<T, 'type'> => rest;

/** A folder of the calling file's own for import files, removed after it; `file` writes one there, each line an object or as given. */
export function importFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, lines: readonly (object | string)[]): string => {
    const path = join(dir, `${name}-${randomInt(0, 2 ** 40)}.ndjson`);
    writeFileSync(path, `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`);
    return path;
  };
  return { dir, file };
}

/** The raw items under these keys, by key (absent keys left out). */
export async function rawItems(keys: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
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
export async function members(series: Series): Promise<CommentRecord[]> {
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
