/**
 * Photos and comments written by hand, with values the API cannot show as they are (docs/api.md,
 * Errors: stored values; the rule per field in docs/gallery-layout.md): never a 500, every body
 * parsed in its type (PHP by PHP's own unserialize()), a field out of range shown degraded, a
 * record that cannot be placed left out (its place and its count kept in a listing, unknown by
 * id), and one warning per request naming each item's key. The expected values are the rule's,
 * written out here. Counters and hints: gallery-stored-counters.test.ts; random values:
 * gallery-stored-values-property.test.ts.
 */
import { TYPES } from '../support/expect-error';
import { expectListing, fetchComments, fetchPhotos } from '../support/gallery-answers';
import { commentView, photoView } from '../support/gallery-decode';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { handWrittenGallery, type Noted } from '../support/stored-gallery';
import { MAX } from '../support/stored-value-rule';

jest.setTimeout(120_000);

const gallery = handWrittenGallery('stored-values');
const DAY = 86_400;
const D = 1_200_096_000; // a midnight, UTC
const ALL_TIME = 'min_submit_date=0';
/** Day `n` from D, each test's own: its window holds nothing of the other tests'. */
const day = (n: number) => ({ from: D + n * DAY, query: `min_submit_date=${D + n * DAY}&max_submit_date=${D + n * DAY + DAY - 1}` });

/** Each of the four requests logged one warning, naming these items (fields in any order). */
function expectNoted(warnings: Noted[][], items: Noted[]): void {
  const sorted = (noted: Noted[]) =>
    noted
      .map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v])))
      .sort((a, b) => String(a.key).localeCompare(String(b.key)));
  expect(warnings.map(sorted)).toEqual(items.length === 0 ? [] : TYPES.map(() => sorted(items)));
}

test('a photo whose counts, texts and links are out of range is shown degraded, alike in every listing and type', async () => {
  const stored = photoRecord(11, D + 3_600);
  await gallery.write([stored]);
  const key = 'photo#11';
  const PUT = {
    comments: { N: '-3' },
    title: { S: '😀'.repeat(2_005) },
    'user.name': { NS: ['1', '2'] },
    'user.icon': { S: 'javascript:alert(1)' },
    'user.registered': { N: '-5' },
    'user.profileviews': { N: '9007199254740993' },
    src: { S: 'http://img.example.org/a b' },
    href: { N: '5' },
    digg_count: { S: 'many' },
  };
  for (const [path, value] of Object.entries(PUT)) await gallery.put(key, path, value);
  const user = { name: '', icon: '', registered: 0, profileviews: MAX };
  const view = { ...photoView(stored), comments: 0, title: '😀'.repeat(2_000), user, src: '', href: '' };
  const fields = Object.keys(PUT);
  for (const [path, query, min_date, max_date] of [
    ['/galleryphotos', day(0).query, D, D + DAY - 1],
    ['/galleryphotos/11', ALL_TIME, 0, undefined],
    ['/galleryphoto/11', ALL_TIME, 0, undefined],
  ] as const) {
    const { result, warnings } = await gallery.noted(() => fetchPhotos(path, query, gallery.invoke));
    expectListing(result, { min_date, max_date, total: 1, items: [view] });
    expectNoted(warnings, [{ key, degraded: fields }]);
  }
});

test('comments whose counts and texts are out of range are shown degraded in all five comment listings', async () => {
  const [photo, top, reply] = [
    photoRecord(21, D + DAY),
    commentRecord(22, 21, D + DAY + 10),
    commentRecord(23, 21, D + DAY + 20, 22, 1, 22),
  ];
  await gallery.write([photo], [top, reply]);
  const PUT = {
    up: { S: '7' },
    down: { N: '1.5' },
    replies: { N: '1E+30' },
    user: undefined,
    content: { S: `a\u0000${'b'.repeat(8_005)}` },
  };
  for (const key of ['comment#22', 'comment#23']) for (const [path, value] of Object.entries(PUT)) await gallery.put(key, path, value);
  const content = `a\u0000${'b'.repeat(7_998)}`;
  const degraded = (comment: typeof top) => ({ ...commentView(comment), up: 0, down: 1, replies: MAX, user: '', content });
  const [T, R] = [degraded(top), degraded(reply)];
  const noted = (id: number): Noted => ({ key: `comment#${id}`, degraded: Object.keys(PUT) });
  for (const [path, query, min_date, total, items, keys] of [
    ['/galleryphotos/comments', day(1).query, D + DAY, 2, [R, T], [22, 23]],
    ['/galleryphotos/21/comments', ALL_TIME, 0, 2, [R, T], [22, 23]],
    ['/galleryphoto/21/comments', ALL_TIME, 0, 1, [T], [22]],
    ['/galleryphoto/21/comment/22', ALL_TIME, 0, 1, [T], [22]],
    ['/galleryphoto/21/comment/22/replies', ALL_TIME, 0, 1, [R], [22, 23]],
  ] as const) {
    const { result, warnings } = await gallery.noted(() => fetchComments(path, query, gallery.invoke));
    expectListing(result, { min_date, total, items: [...items] });
    expectNoted(warnings, keys.map(noted));
  }
});

test('a photo whose date cannot be shown is left out: a listing keeps its place and counts it, by id it is unknown', async () => {
  const photos = [photoRecord(31, D + 2 * DAY), photoRecord(32, D + 2 * DAY + 60), photoRecord(33, D + 2 * DAY + 120)];
  await gallery.write(photos, [commentRecord(34, 32, D + 2 * DAY + 200)]);
  await gallery.put('photo#32', 'submit_date', { S: 'yesterday' });
  const [A, , C] = photos.map((photo) => photoView({ ...photo, comments: 0 }));
  const refused: Noted[] = [{ key: 'photo#32', refused: ['submit_date'] }];
  const { from, query: window } = day(2);
  for (const [path, query, total, offset, items] of [
    ['/galleryphotos', `${window}&count=3`, 3, 0, [C, A]],
    ['/galleryphotos', `${window}&count=1&offset=1`, 3, 1, []],
    ['/galleryphotos', `${window}&count=1&offset=2`, 3, 2, [A]],
    ['/galleryphotos/31,32,33', ALL_TIME, 2, 0, [C, A]],
  ] as const) {
    const { result, warnings } = await gallery.noted(() => fetchPhotos(path, query, gallery.invoke));
    const byId = query === ALL_TIME;
    expectListing(result, { min_date: byId ? 0 : from, max_date: byId ? undefined : from + DAY - 1, total, offset, items: [...items] });
    expectNoted(warnings, offset === 2 ? [] : refused);
  }
  for (const path of ['/galleryphoto/32', '/galleryphoto/32/comments', '/galleryphotos/31,32/comments', '/galleryphoto/32/comment/34']) {
    expectNoted(await gallery.notFound(path), refused);
  }
});

test('comments that cannot be placed in their thread are left out of every listing, and unknown by id', async () => {
  const photo = photoRecord(41, D + 3 * DAY);
  const E = D + 3 * DAY + 100;
  const [x, y] = [commentRecord(42, 41, E), commentRecord(43, 41, E + 1)];
  const [z, w] = [commentRecord(44, 41, E + 2, 42, 1, 42), commentRecord(45, 41, E + 3, 42, 1, 42)];
  await gallery.write([photo], [x, y, z, w]);
  await gallery.put('comment#43', 'story', { S: '41' });
  await gallery.put('comment#44', 'root', undefined);
  const [X, W] = [commentView({ ...x, replies: 2 }), commentView(w)];
  const Y: Noted = { key: 'comment#43', refused: ['story'] };
  const Z: Noted = { key: 'comment#44', refused: ['root'] };
  for (const [path, total, items, noted] of [
    ['/galleryphotos/41/comments', 4, [W, X], [Y, Z]],
    ['/galleryphoto/41/comments', 2, [X], [Y]],
    ['/galleryphoto/41/comment/42/replies', 2, [W], [Z]],
  ] as const) {
    const { result, warnings } = await gallery.noted(() => fetchComments(path, ALL_TIME, gallery.invoke));
    expectListing(result, { min_date: 0, total, items: [...items] });
    expectNoted(warnings, [...noted]);
  }
  const { result, warnings } = await gallery.noted(() => fetchComments('/galleryphotos/comments', day(3).query, gallery.invoke));
  expectListing(result, { min_date: D + 3 * DAY, total: 4, items: [W, X] });
  expectNoted(warnings, [Y, Z]);
  expectNoted(await gallery.notFound('/galleryphoto/41/comment/43'), [Y]);
  expectNoted(await gallery.notFound('/galleryphoto/41/comment/44/replies'), [Z]);
});
