/**
 * The comments of photos named by id (docs/api.md, The gallery's arguments: `list`; all time unless bounded) through the real
 * handlers and DynamoDB Local, every answer in all four types: GET /galleryphotos/{list}/comments, every comment at every level,
 * and GET /galleryphoto/{id}/comments, the top level. Every test writes photos and comments of its own (random ids of 10^12 and
 * more) in a table of this file's own, in time ranges nothing else comes near (claim).
 */
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { documentClient } from '../../lib/db/client';
import { expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchComments, targetFor } from '../support/gallery-answers';
import { ANCHOR_DATE, DAY, GalleryData, ids, shuffled, type TestComment, type TestPhoto, uniqueId } from '../support/gallery-fixtures';
import { invoke } from '../support/invoke';
import { commentGallery, desc, views, Y1986, Y2200 } from '../support/comment-gallery';

jest.setTimeout(60_000);

const { gallery, made, earliestComment } = commentGallery('gallery-comments-of-photos');

describe('GET /galleryphotos/{list}/comments', () => {
  test("min_date follows the gallery's earliest comment, not its earliest photo; 0 in a gallery without comments", async () => {
    const listed = await gallery.save((g) => g.comment(g.photo(Y1986 + 1), Y1986 + 2));
    const path = `/galleryphotos/${listed.photos[0]!.id}/comments`;
    const early = await gallery.save((g) => g.comment(g.photo(ANCHOR_DATE - 5 * DAY), ANCHOR_DATE - 2 * DAY - 9));
    expectListing(await fetchComments(path), { min_date: ANCHOR_DATE - 2 * DAY - 9, total: 1, items: views(listed.comments) });
    await gallery.remove(early);
    expectListing(await fetchComments(path), { min_date: ANCHOR_DATE, total: 1, items: views(listed.comments) });
    // A gallery of one photo and no comment.
    const bare = (await gallery.tables.create('gallery-no-comments')).table;
    const lone = new GalleryData().photo(Y1986 + 3);
    await importLines(linesOf([lone], []), documentClient, bare);
    const ask = invokerWithEnv({ GALLERY_TABLE: bare });
    expectListing(await fetchComments(`/galleryphoto/${lone.id}/comments`, '', ask), { min_date: 0, total: 0, items: [] });
  });

  test('every comment of the listed photos at every level, all time by default; min_date the earliest comment of the gallery', async () => {
    const { comments, photos } = await made((g) => {
      const [a, b, lone] = [g.photo(Y1986 + 5), g.photo(Y2200 + 5), g.photo(Y1986 + 6)];
      g.comment(g.photo(Y1986 + 7), Y1986 + 8); // a photo not asked for
      const top = g.comment(a, Y1986 + 100);
      return {
        photos: [a, b, lone],
        comments: [top, g.reply(top, Y1986 + 3 * 365 * DAY), g.comment(b, Y2200 + 400 * DAY), g.comment(a, Y2200 + 10)],
      };
    });
    const [a, b, lone] = photos as [TestPhoto, TestPhoto, TestPhoto];
    const earliest = earliestComment();
    const list = ids(photos).join(',');
    expectListing(await fetchComments(`/galleryphotos/${list}/comments`), { min_date: earliest, total: 4, items: desc(comments) });
    // Any distance between the bounds: the window applies, inclusive.
    const [first, , , last] = comments as [TestComment, TestComment, TestComment, TestComment];
    const bounded = await fetchComments(`/galleryphotos/${list}/comments`, `min_submit_date=${first.date}&max_submit_date=${last.date}`);
    expectListing(bounded, { min_date: first.date, total: 3, items: desc([first, comments[1]!, last]) });
    const duplicated = await fetchComments(`/galleryphotos/${b.id},${a.id},${b.id}/comments`, 'offset=1&count=2');
    expectListing(duplicated, { min_date: earliest, total: 4, offset: 1, items: desc(comments).slice(1, 3) });
    expectListing(await fetchComments(`/galleryphotos/${lone.id}/comments`), { min_date: earliest, total: 0, items: [] });
  });

  test('any unknown id is 404 (code 404) in every type, even beside known ones', async () => {
    const photo = await made((g) => {
      const photo = g.photo(Y1986 + 50);
      g.comment(photo, Y1986 + 60);
      return photo;
    });
    for (const list of [`${photo.id},${uniqueId()}`, `${uniqueId()},${photo.id}`, `${uniqueId()}`])
      await expectErrorEverywhere(`/galleryphotos/${list}/comments`, '', 404, 404);
  });

  test('more than 100 distinct ids is 1007 (HTTP 403); 100 known ids, each given twice, pass', async () => {
    const tooMany = `/galleryphotos/${Array.from({ length: 101 }, () => uniqueId()).join(',')}/comments`;
    for (const type of TYPES)
      expect(expectError(await invoke(targetFor(tooMany, '', type)), type, 1007, 403, { detail: 'list' })).toMatch(/\b100\b/);
    const { photos, comments } = await made((g) => {
      const photos = Array.from({ length: 100 }, (_, i) => g.photo(Y1986 + 1000 + i));
      return { photos, comments: [g.comment(photos[0]!, Y1986 + 5000), g.comment(photos[99]!, Y1986 + 5001)] };
    });
    const fetched = await fetchComments(`/galleryphotos/${[...ids(photos), ...ids(shuffled(photos))].join(',')}/comments`);
    expectListing(fetched, { min_date: earliestComment(), total: 2, items: desc(comments) });
  });

  test.each(['1,x', '1,,2', '0', '1,-2', '1.0', '%20'])('/galleryphotos/%s/comments: a bad element is 1026 in every type', async (list) => {
    await expectErrorEverywhere(`/galleryphotos/${list}/comments`, '', 1026, 403, 'list');
  });
});

describe('GET /galleryphoto/{id}/comments', () => {
  test('only the top-level comments (level 0), all time by default; total counts them', async () => {
    const { photo, tops } = await made((g) => {
      const photo = g.photo(Y1986 + 11);
      const tops = [g.comment(photo, Y1986 + 20), g.comment(photo, Y2200 + 20)];
      g.reply(g.reply(tops[0]!, Y1986 + 30), Y1986 + 40);
      g.reply(tops[1]!, Y2200 + 30);
      g.comment(g.photo(Y1986 + 12), Y1986 + 21); // another photo's
      return { photo, tops };
    });
    const path = `/galleryphoto/${photo.id}/comments`;
    expectListing(await fetchComments(path), { min_date: earliestComment(), total: 2, items: desc(tops) });
    const bounded = await fetchComments(path, `min_submit_date=${Y1986 + 20}&max_submit_date=${Y2200 + 19}`);
    expectListing(bounded, { min_date: Y1986 + 20, total: 1, items: views([tops[0]!]) });
  });

  test('count defaults to 10 and offset pages through the top-level comments; a photo without comments: an empty list', async () => {
    const { photo, tops, bare } = await made((g) => {
      const photo = g.photo(Y1986 + 13);
      const tops = Array.from({ length: 12 }, (_, i) => g.comment(photo, Y1986 + 100 + i));
      g.reply(tops[0]!, Y1986 + 500);
      return { photo, tops, bare: g.photo(Y1986 + 14) };
    });
    const path = `/galleryphoto/${photo.id}/comments`;
    const all = { min_date: earliestComment(), total: 12 };
    expectListing(await fetchComments(path), { ...all, items: desc(tops).slice(0, 10) });
    expectListing(await fetchComments(path, 'offset=10'), { ...all, offset: 10, items: desc(tops).slice(10) });
    expectListing(await fetchComments(path, 'offset=12'), { ...all, offset: 12, items: [] });
    expectListing(await fetchComments(path, 'count=1&sort=submit_date-asc'), { ...all, items: views([tops[0]!]) });
    expectListing(await fetchComments(`/galleryphoto/${bare.id}/comments`), { ...all, total: 0, items: [] });
  });

  test.each([
    ['an unknown photo is 404 (Javascript: HTTP 200, status 404)', String(uniqueId()), 404, 404],
    ['x1 is 1026', 'x1', 1026, 403],
    ['0 is 1026', '0', 1026, 403],
  ] as const)('/galleryphoto/{id}/comments: %s in every type', async (_, id, code, status) => {
    await expectErrorEverywhere(`/galleryphoto/${id}/comments`, '', code, status);
  });
});
