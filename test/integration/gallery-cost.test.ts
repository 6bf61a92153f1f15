/**
 * What a gallery page reads does not grow with the gallery (docs/api.md, The gallery's arguments:
 * cost): every kind of page, on a gallery of 1 000 photos (some 32 a day: more than a digg merge
 * first reads of a day) and a 60-comment thread, and again after it has grown to 21 000 photos in
 * the window and a 5 000-comment thread, counted in what DynamoDB evaluates (index entries a Query
 * reads, keys a BatchGetItem asks for) — deterministic, unlike timings.
 * `npm run scale` measures the same in read units and milliseconds, at 50 000 photos.
 *
 * The table is one of its own, loaded in bulk (test/support/own-table.ts's bulkWrite). Photos and comments
 * come in bursts of five a second apart, as uploads and replies do: the bounds below hold however
 * a day's members share its minutes, and a burst shares one counter item, which keeps the load short.
 */
import { recordCapacity, type Sent } from '../../infra/dynamodb/read-capacity';
import { recreateGalleryTable } from '../../infra/local/sample/seed';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { DAY, MAX_DATE, PHOTOS, repliesTo, thread, topLevel, type Series } from '../../lib/gallery/layout';
import { SORTS, type Sort } from '../../lib/gallery/layout';
import type { CommentRecord, PageQuery, PhotoRecord } from '../../lib/gallery/store';
import { photoRecord, threadRecords } from '../support/gallery-records';
import { bulkWrite, ownGalleryTable } from '../support/own-table';

jest.setTimeout(240_000);

const { name, template, client, documents } = ownGalleryTable('gallery-cost-test');
const store = new DynamoGalleryStore(documents, name);

const NOW = 2_200_012_345;
const WINDOW = { from: NOW - 30 * DAY, to: NOW };
const ALL_TIME = { from: 0, to: MAX_DATE };
const THREE_DAYS = { from: NOW - 19 * DAY, to: NOW - 16 * DAY };

/** A deterministic spread: the n-th of `count` in [from, to], in bursts of five a second apart; and a digg count with ties. */
const BURST = 5;
const spread = (n: number, count: number, from: number, to: number) =>
  from + Math.floor(((Math.floor(n / BURST) + 0.5) * (to - from)) / Math.ceil(count / BURST)) + (n % BURST);

const photos = (count: number, idBase: number): PhotoRecord[] =>
  Array.from({ length: count }, (_, n) => ({
    ...photoRecord(idBase + n, spread(n, count, WINDOW.from, WINDOW.to)),
    digg_count: (n * 7919) % 50,
  }));

/** A photo with a thread over four days: a third top-level, the rest replies to an earlier comment. */
function threadOf(photoId: number, size: number, idBase: number): { photo: PhotoRecord; comments: CommentRecord[] } {
  const plan = Array.from({ length: size }, (_, n) => ({
    id: idBase + n,
    date: spread(n, size, NOW - 20 * DAY, NOW - 16 * DAY),
    up: (n * 13) % 30,
    replyto: n % 3 === 0 ? null : idBase + Math.floor((n * 31) % n),
  }));
  return { photo: { ...photos(1, photoId)[0]!, comments: size }, comments: threadRecords(photoId, plan) };
}

/** `entries`: index entries Queries evaluated plus keys BatchGetItems asked for. */
type Reads = { entries: number; commands: string[] };

async function readsOf(query: PageQuery): Promise<Reads> {
  const sent: Sent[] = [];
  const stop = recordCapacity(documents, sent);
  try {
    await store.page(query);
  } finally {
    stop();
  }
  const entries = sent.reduce((n, s) => {
    if (s.command === 'QueryCommand') return n + Number(s.output.ScannedCount ?? 0);
    return n + Object.values(s.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((k, r) => k + r.Keys.length, 0);
  }, 0);
  return { entries, commands: sent.map((s) => s.command) };
}

type Gallery = { threadPhoto: number; parent: number; total: number };
type Case = { label: string; query: (g: Gallery) => PageQuery };

function page(series: Series, range: typeof WINDOW, sort: Sort, offset: number, count: number): PageQuery {
  return { series: [series], range, sort, offset, count };
}
const CASES: Case[] = SORTS.flatMap((sort): Case[] => [
  { label: `window, ${sort}, first page of 10`, query: () => page(PHOTOS, WINDOW, sort, 0, 10) },
  { label: `window, ${sort}, first page of 100`, query: () => page(PHOTOS, WINDOW, sort, 0, 100) },
  { label: `window, ${sort}, the last page`, query: (g) => page(PHOTOS, WINDOW, sort, g.total - 10, 10) },
  { label: `thread, ${sort}, first page`, query: (g) => page(thread(g.threadPhoto), ALL_TIME, sort, 0, 10) },
  { label: `top level, ${sort}, first page`, query: (g) => page(topLevel(g.threadPhoto), ALL_TIME, sort, 0, 10) },
  { label: `replies, ${sort}, first page`, query: (g) => page(repliesTo(g.parent), ALL_TIME, sort, 0, 10) },
  { label: `thread with a 3-day window, ${sort}`, query: (g) => page(thread(g.threadPhoto), THREE_DAYS, sort, 0, 10) },
]);

let small: Map<string, Reads>;
let large: Map<string, Reads>;
let grown: Gallery;

async function measure(gallery: Gallery): Promise<Map<string, Reads>> {
  const reads = new Map<string, Reads>();
  for (const c of CASES) reads.set(c.label, await readsOf(c.query(gallery)));
  return reads;
}

beforeAll(async () => {
  await recreateGalleryTable(client, name, template);
  const first = threadOf(1_000_000, 60, 5_000_000);
  const before = { photos: [...photos(999, 1), first.photo], comments: first.comments };
  await bulkWrite(documents, name, before);
  small = await measure({ threadPhoto: first.photo.id, parent: first.comments[0]!.id, total: 1_000 });
  // Written again whole but for the items already stored as they are: the bulk writer puts counter items, it does not add to them.
  const big = threadOf(2_000_000, 5_000, 6_000_000);
  const after = { photos: [...before.photos, ...photos(19_999, 10_000_000), big.photo], comments: [...before.comments, ...big.comments] };
  await bulkWrite(documents, name, after, before);
  grown = { threadPhoto: big.photo.id, parent: big.comments[0]!.id, total: 21_000 };
  large = await measure(grown);
});

test('the grown gallery holds what the test wrote: 21 000 photos in the window, a 5 000-comment thread', async () => {
  expect((await store.page(page(PHOTOS, WINDOW, 'submit_date-desc', 0, 1))).total).toBe(21_000);
  expect((await store.page(page(thread(grown.threadPhoto), ALL_TIME, 'submit_date-desc', 0, 1))).total).toBe(5_000);
});

test.each(CASES.map((c) => c.label))('%s: reads at most 1.5 × at 21 000 photos what it reads at 1 000', (label) => {
  const before = small.get(label)!;
  const after = large.get(label)!;
  expect({ label, entries: after.entries }).toEqual({ label, entries: expect.any(Number) });
  expect(after.entries).toBeLessThanOrEqual(1.5 * before.entries);
});

test('a digg-sorted page reads a bounded merge: about twice the page and 16 entries a day', () => {
  for (const sort of ['digg_count-desc', 'digg_count-asc'] as const) {
    // Counters (≤ 13 keys), 31 days' streams, the page's records.
    expect(large.get(`window, ${sort}, first page of 10`)!.entries).toBeLessThanOrEqual(13 + 16 * 31 + 10);
    expect(large.get(`window, ${sort}, the last page`)!.entries).toBeLessThanOrEqual(13 + 16 * 31 + 10);
  }
});

test('a date-sorted page reads its page and the counters that lead to it, wherever it starts', async () => {
  for (const sort of ['submit_date-desc', 'submit_date-asc'] as const) {
    const middle = await readsOf(page(PHOTOS, WINDOW, sort, 10_500, 100));
    // Counters (≤ 13), a day's hours, minutes and seconds (3), at most 64 entries to skip, the page twice (entries and records).
    expect(middle.entries).toBeLessThanOrEqual(13 + 3 + 64 + 2 * 100 + 2);
  }
});

test('an offset past the end reads the counters and nothing more', async () => {
  for (const sort of SORTS) {
    const past = await readsOf(page(PHOTOS, WINDOW, sort, 9_000_000_000_000_000, 10));
    expect(past.commands).toEqual(['BatchGetItemCommand']);
    expect(past.entries).toBeLessThanOrEqual(13);
  }
});
