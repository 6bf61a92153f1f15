/**
 * The gallery comment endpoints (docs/api.md: Bodies, the comment list; The gallery's arguments, as comments read them) through the
 * real handlers and DynamoDB Local, every answer in all four types. Every test writes photos and comments of its own (random ids of
 * 10^12 and more) in a table of this file's own, in time ranges nothing else comes near.
 */
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { documentClient } from '../../lib/db/client';
import { expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchComments, idsOf, targetFor, xmlSafe } from '../support/gallery-answers';
import { commentView } from '../support/gallery-decode';
import { claimRange, DAY, GalleryData, shuffled, THIRTY_DAYS, uniqueId, ANCHOR_DATE } from '../support/gallery-fixtures';
import type { TestComment, TestPhoto } from '../support/gallery-fixtures';
import { SORT_VALUES, type SortValue, sortRecords } from '../support/gallery-order';
import { invoke } from '../support/invoke';
import { bulkGalleryPerTest, earliestOf } from '../support/bulk-own-gallery';
import { unserialize } from '../support/parsers';

/** This file's years; gallery.test.ts has others. */
const YEARS = [1997, 2002] as const;
const claim = (span: number) => claimRange(span, { years: YEARS });

/** All-time data of this file lies in 1986–1989 and after 2200: after the anchor, outside every claimed range. */
const Y1986 = 504_921_600;
const Y2200 = 7_258_118_400;

jest.setTimeout(60_000);

const gallery = bulkGalleryPerTest('gallery-comments', (data) => {
  data.comment(data.photo(ANCHOR_DATE, { title: 'anchor' }), ANCHOR_DATE, { content: 'anchor' });
});
/** Saves what `build` makes; answers what it returned. */
async function made<T>(build: (g: GalleryData) => T): Promise<T> {
  let result: T | undefined;
  await gallery.save((g) => {
    result = build(g);
  });
  return result!;
}

const ids = (items: readonly { id: number }[]): number[] => items.map((item) => item.id);
const views = (comments: readonly TestComment[]) => comments.map(commentView);
const desc = (comments: readonly TestComment[]) => views(sortRecords(comments, 'submit_date-desc'));
/** Without a lower bound, `min_date` is the earliest comment's `date` in the gallery (the table of this file's own). */
const earliestComment = (): number => earliestOf([ANCHOR_DATE, ...gallery.stored().comments.map((comment) => comment.date)]);

/** A photo dated far from every comment window (after 2200), so only comment dates can decide. */
const farPhoto = (g: GalleryData, fields: Partial<TestPhoto> = {}): TestPhoto =>
  g.photo(Y2200 + 1 + Math.floor(Math.random() * 1000) * DAY, fields);

describe('the comment record and the events wrapper (docs/api.md, Bodies: a comment, the comment list)', () => {
  test('a thread in every type: the eleven keys in order, replyto null at the top, level, root, story', async () => {
    const start = await claim(2 * DAY);
    const { photo, thread } = await made((g) => {
      const photo = farPhoto(g);
      const top = g.comment(photo, start + 100, { up: 4, down: 1 });
      const reply = g.reply(top, start + 200, { up: 2, down: 3 });
      return { photo, thread: [top, reply, g.reply(reply, start + 300)] };
    });
    const [top, reply] = thread as [TestComment, TestComment];
    const fetched = await fetchComments(`/galleryphotos/${photo.id}/comments`, 'sort=submit_date-asc');
    expectListing(fetched, { min_date: earliestComment(), total: 3, items: views(thread) });
    for (const type of TYPES) {
      expect(fetched.listings[type].items.map((c) => [c.story, c.level, c.root, c.replyto, c.replies])).toEqual([
        [photo.id, 0, top.id, null, 1],
        [photo.id, 1, top.id, top.id, 1],
        [photo.id, 2, top.id, reply.id, 0],
      ]);
    }
    expect(JSON.parse(fetched.responses.json.body).comments[0]).toHaveProperty('replyto', null);
    const xmlTop = `<comment date="${top.date}" id="${top.id}" story="${photo.id}" up="4" down="1" replies="1" user="[^"]*" level="0" root="${top.id}">`;
    expect(fetched.responses.xml.body).toMatch(new RegExp(xmlTop));
    expect(fetched.responses.php.body).toContain(`s:7:"replyto";N;`);
    expect(fetched.responses.php.body).toContain(`s:7:"replyto";i:${top.id};`);
    // total is a string in JSON and PHP, the events wrapper has no max_date.
    expect(JSON.parse(fetched.responses.json.body).total).toBe('3');
    expect(fetched.responses.php.body).toMatch(
      /^O:16:"ServiceAPIEvents":6:\{s:9:"timestamp";i:\d+;s:8:"min_date";i:\d+;s:5:"total";s:1:"3";s:6:"offset";i:0;s:5:"count";i:3;s:8:"comments";a:3:\{/,
    );
  });

  test('events carry no max_date, even when a maximum was asked for', async () => {
    const start = await claim(2 * DAY);
    const comment = await made((g) => g.comment(farPhoto(g), start + 10));
    const fetched = await fetchComments('/galleryphotos/comments', `max_submit_date=${start + DAY}`);
    expectListing(fetched, { min_date: start + DAY - THIRTY_DAYS, total: 1, items: views([comment]) });
    for (const type of TYPES) expect(fetched.listings[type]).not.toHaveProperty('max_date');
  });

  test('hard characters in content and user round-trip through every type (XML: U+FFFD for what it cannot carry)', async () => {
    const HARD =
      'Tom & Jerry <i>"quoted"</i> \'single\' ]]> \t tab \n lf \r cr \r\n \u0000 \u0001 \u001f \u007f \uFFFE 中文 日本語 😀 👍🏽 \u2028 \u2029 end';
    const start = await claim(2 * DAY);
    const { photo, comments } = await made((g) => {
      const photo = farPhoto(g);
      const top = g.comment(photo, start + 10, { content: HARD, user: '名前 & <u> "q" \u0003 😀' });
      return { photo, comments: [top, g.reply(top, start + 20, { content: `  ${HARD}  `, user: '\u0001' })] };
    });
    for (const path of ['/galleryphotos/comments', `/galleryphotos/${photo.id}/comments`]) {
      const fetched = await fetchComments(path, `min_submit_date=${start}&max_submit_date=${start + DAY}&sort=submit_date-asc`);
      expectListing(fetched, { min_date: start, total: 2, items: views(comments) });
      expect(fetched.listings.xml.items[0]!.content).toBe(xmlSafe(HARD));
      expect(fetched.listings.php.items[0]!.content).toBe(HARD);
      expect(fetched.listings.json.items[1]!.content).toBe(`  ${HARD}  `);
      expect(fetched.responses.javascript.body).not.toMatch(/[\u2028\u2029]/);
    }
    const single = await fetchComments(`/galleryphoto/${photo.id}/comment/${comments[0]!.id}`);
    expectListing(single, { min_date: earliestComment(), total: 1, items: views([comments[0]!]) });
  });
});

describe('GET /galleryphotos/comments: the 30-day window, over the comments’ own dates', () => {
  test('both bounds omitted: the 30 days before the request, both ends included, every level', async () => {
    const now = (await claim(40 * DAY)) + 35 * DAY + 999;
    const inside = await made((g) => {
      const photo = farPhoto(g);
      g.comment(photo, now - THIRTY_DAYS - 1);
      g.comment(photo, now + 1);
      const first = g.comment(photo, now - THIRTY_DAYS);
      return [first, g.reply(first, now - 3600), g.comment(photo, now)];
    });
    jest.spyOn(Date, 'now').mockReturnValue(now * 1000 + 250);
    const fetched = await fetchComments('/galleryphotos/comments', 'count=100');
    for (const type of TYPES) expect(fetched.listings[type].timestamp).toBe(now);
    expectListing(fetched, { min_date: now - THIRTY_DAYS, total: 3, items: desc(inside) });
  });

  test('both bounds omitted, on the real clock: a fresh comment is listed, a 31-day-old one is not, min_date is now − 30 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [fresh, old] = await made((g) => [now - 3600, now - 31 * DAY].map((date) => g.comment(farPhoto(g), date)));
    const fetched = await fetchComments('/galleryphotos/comments', 'count=100');
    expect(idsOf(fetched).filter((id) => id === fresh!.id || id === old!.id)).toEqual([fresh!.id]);
    for (const type of TYPES) {
      const { min_date, timestamp, total } = fetched.listings[type];
      expect([min_date, total >= 1]).toEqual([timestamp - THIRTY_DAYS, true]);
    }
    expect(fetched.listings.php.items.find((item) => item.id === fresh!.id)).toEqual(commentView(fresh!));
  });

  test('only min_submit_date: the 30 days from it; only max_submit_date: the 30 days before it; both ends included', async () => {
    const min = (await claim(34 * DAY)) + DAY + 17;
    const max = min + THIRTY_DAYS;
    const inside = await made((g) => {
      const photo = farPhoto(g);
      g.comment(photo, min - 1);
      g.comment(photo, max + 1);
      return [g.comment(photo, min), g.comment(photo, min + 12 * DAY), g.comment(photo, max)];
    });
    for (const query of [`min_submit_date=${min}`, `max_submit_date=${max}`, `min_submit_date=${min}&max_submit_date=${max}`])
      expectListing(await fetchComments('/galleryphotos/comments', query), { min_date: min, total: 3, items: desc(inside) });
    const narrow = await fetchComments('/galleryphotos/comments', `min_submit_date=${min + 1}&max_submit_date=${max - 1}`);
    expectListing(narrow, { min_date: min + 1, total: 1, items: desc(inside.slice(1, 2)) });
  });

  test('the window is the comment’s date, not its photo’s', async () => {
    const start = await claim(3 * DAY);
    // A photo inside the window whose comment is outside, and the other way round.
    const inWindow = await made((g) => {
      g.comment(g.photo(start + DAY), start + 3 * DAY + 40 * DAY);
      return g.comment(farPhoto(g), start + DAY + 5);
    });
    const fetched = await fetchComments('/galleryphotos/comments', `min_submit_date=${start}&max_submit_date=${start + 2 * DAY}`);
    expectListing(fetched, { min_date: start, total: 1, items: views([inWindow]) });
  });

  test('more than 30 days is 1020, max before min 1006 (HTTP 403)', async () => {
    const path = '/galleryphotos/comments';
    await expectErrorEverywhere(path, `min_submit_date=900000000&max_submit_date=${900_000_000 + THIRTY_DAYS + 1}`, 1020, 403);
    await expectErrorEverywhere(path, 'min_submit_date=900000000&max_submit_date=899999999', 1006, 403, 'max_submit_date');
  });
});

describe('comment sorts: submit_date is the comment’s date, digg_count its up votes (docs/api.md, The gallery’s arguments)', () => {
  /**
   * Eight comments on three days with ids in a known order (comment: [day, up votes], as the photo sorts in gallery.test.ts),
   * up votes with every kind of tie, down votes in the opposite order, and photos whose digg counts and dates say something else again.
   */
  const PLAN: Record<number, [number, number]> = { 1: [1, 5], 2: [1, 5], 3: [2, 5], 4: [0, 5], 5: [2, 9], 6: [0, 0], 7: [1, 0], 8: [2, 1] };
  const EXPECTED: Record<SortValue, number[]> = {
    'submit_date-desc': [8, 5, 3, 7, 2, 1, 6, 4],
    'submit_date-asc': [4, 6, 1, 2, 7, 3, 5, 8],
    'digg_count-desc': [5, 3, 2, 1, 4, 8, 7, 6],
    'digg_count-asc': [7, 6, 8, 3, 2, 1, 4, 5],
  };

  async function tiedComments() {
    const start = await claim(15 * DAY);
    const base = uniqueId() + 1000;
    const [c, r]: [Record<number, TestComment>, Record<number, TestComment>] = [{}, {}];
    const plan = shuffled(Object.entries(PLAN)).map(([n, [day, up]]) => ({ n: +n, date: start + (day + 1) * DAY, up, down: 100 - up }));
    const { photo, parent } = await made((g) => {
      const photo = g.photo(Y2200 + 5 * DAY, { digg_count: 1 });
      const other = g.photo(Y2200 + 6 * DAY, { digg_count: 1000 });
      for (const { n, date, up, down } of plan) c[n] = g.comment(n % 2 === 0 ? photo : other, date, { id: base + n, up, down });
      // The same plan once more as the replies to one comment of `photo`, ten days later.
      const parent = g.comment(photo, start + 4 * DAY, { id: base + 100, up: 50 });
      for (const { n, date, up, down } of plan) r[n] = g.reply(parent, date + 10 * DAY, { id: base + 200 + n, up, down });
      return { photo, parent };
    });
    return { c, r, photo, parent, from: start, to: start + 15 * DAY - 1 };
  }

  test('the written-out orders agree with the rules of the fixtures', () => {
    const comments = Object.entries(PLAN).map(([n, [day, up]]) => ({ id: Number(n), date: day, up }) as TestComment);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(comments, sort))).toEqual(EXPECTED[sort]);
  });

  test.each(SORT_VALUES)('sort=%s on all five comment listings', async (sort) => {
    const { c, r, photo, parent, from, to } = await tiedComments();
    const earliest = earliestComment();
    // The window also holds the parent and its replies: all 17, in the sort's order.
    const everything = views(sortRecords([...Object.values(c), parent, ...Object.values(r)], sort));
    const window = await fetchComments('/galleryphotos/comments', `min_submit_date=${from}&max_submit_date=${to}&sort=${sort}&count=100`);
    expectListing(window, { min_date: from, total: 17, items: everything });
    const otherPhoto = c[1]!.story;
    const byIds = await fetchComments(`/galleryphotos/${otherPhoto},${photo.id}/comments`, `sort=${sort}&count=100`);
    expectListing(byIds, { min_date: earliest, total: 17, items: everything });
    // Up to the third day: the eight of the plan, without the parent and its replies.
    const tops = await fetchComments(`/galleryphotos/${photo.id},${otherPhoto}/comments`, `sort=${sort}&max_submit_date=${from + 3 * DAY}`);
    expectListing(tops, { min_date: earliest, total: 8, items: views(EXPECTED[sort].map((n) => c[n]!)) });
    const replies = await fetchComments(`/galleryphoto/${photo.id}/comment/${parent.id}/replies`, `sort=${sort}`);
    expectListing(replies, { min_date: earliest, total: 8, items: views(EXPECTED[sort].map((n) => r[n]!)) });
    const top = await fetchComments(`/galleryphoto/${photo.id}/comments`, `sort=${sort}`);
    const mine = sortRecords([...Object.values(c).filter((x) => x.story === photo.id), parent], sort);
    expectListing(top, { min_date: earliest, total: 5, items: views(mine) });
  });

  test('sort=digg_count-desc pages by up votes across two pages', async () => {
    const { r, photo, parent } = await tiedComments();
    const path = `/galleryphoto/${photo.id}/comment/${parent.id}/replies`;
    const all = views(EXPECTED['digg_count-desc'].map((n) => r[n]!));
    const both = { min_date: earliestComment(), total: 8 };
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5'), { ...both, items: all.slice(0, 5) });
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5&offset=5'), { ...both, offset: 5, items: all.slice(5) });
  });
});

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

/** A thread of `photo`: a top comment, three replies to it, two to the first reply and one below; another thread and another photo's. */
async function tree() {
  const start = await claim(2 * DAY);
  return made((g) => {
    const [photo, other] = [farPhoto(g), farPhoto(g)];
    const top = g.comment(photo, start + 10, { up: 3, down: 1 });
    const replies = [g.reply(top, start + 20), g.reply(top, start + 25), g.reply(top, start + 21)];
    const deeper = [g.reply(replies[0]!, start + 30), g.reply(replies[0]!, start + 31)];
    const leaf = g.reply(deeper[0]!, start + 40);
    g.comment(photo, start + 50); // a second thread
    const foreign = g.comment(other, start + 60);
    g.reply(foreign, start + 70);
    return { photo, other, top, replies, deeper, leaf, foreign };
  });
}

describe('GET /galleryphoto/{id}/comment/{id} and its /replies (one level)', () => {
  test('the events wrapper holding the one comment, at any level', async () => {
    const { photo, top, leaf } = await tree();
    for (const comment of [top, leaf]) {
      const fetched = await fetchComments(`/galleryphoto/${photo.id}/comment/${comment.id}`);
      expectListing(fetched, { min_date: earliestComment(), total: 1, items: views([comment]) });
    }
  });

  test('the direct replies only, never the replies to them', async () => {
    const { photo, top, replies, deeper, leaf } = await tree();
    const earliest = earliestComment();
    const path = (comment: TestComment) => `/galleryphoto/${photo.id}/comment/${comment.id}/replies`;
    expectListing(await fetchComments(path(top)), { min_date: earliest, total: 3, items: desc(replies) });
    expectListing(await fetchComments(path(replies[0]!)), { min_date: earliest, total: 2, items: desc(deeper) });
    expectListing(await fetchComments(path(deeper[0]!)), { min_date: earliest, total: 1, items: views([leaf]) });
    expectListing(await fetchComments(path(leaf)), { min_date: earliest, total: 0, items: [] });
    expectListing(await fetchComments(path(replies[1]!)), { min_date: earliest, total: 0, items: [] });
    const page = await fetchComments(path(top), 'sort=submit_date-asc&offset=1&count=1');
    expectListing(page, { min_date: earliest, total: 3, offset: 1, items: views([replies[2]!]) });
  });

  test.each(['', '/replies'])(
    '…/comment/{id}%s: an unknown photo or comment, or a comment of another photo, is 404 in every type',
    async (tail) => {
      const { photo, other, top, foreign } = await tree();
      const pairs = [
        [uniqueId(), top.id],
        [photo.id, uniqueId()],
        [photo.id, foreign.id],
        [other.id, top.id],
      ];
      // A photo id used as a comment id, and the other way round.
      if (tail === '') pairs.push([photo.id, photo.id], [top.id, top.id]);
      for (const [p, c] of pairs) await expectErrorEverywhere(`/galleryphoto/${p}/comment/${c}${tail}`, '', 404, 404);
    },
  );

  test.each(['', '/replies'])('…/comment/{id}%s: a bad id is 1026', async (tail) => {
    const { photo, top } = await tree();
    const bad =
      tail === '' ? ['x', '0', '-1', '1.5'].map((id) => `${photo.id}/comment/${id}`) : [`${photo.id}/comment/y`, `p/comment/${top.id}`];
    for (const path of bad) await expectErrorEverywhere(`/galleryphoto/${path}${tail}`, '', 1026, 403);
  });
});

test('comments are checked in PHP byte for byte: a comment list unserializes to ServiceAPIEvents of ServiceAPIComment and re-serializes to the same bytes', async () => {
  const start = await claim(2 * DAY);
  const photo = await made((g) => {
    const photo = farPhoto(g);
    g.reply(g.comment(photo, start + 1, { content: 'é 😀 "x" ; s:1:"y";}' }), start + 2, { content: '' });
    return photo;
  });
  const response = await invoke(targetFor(`/galleryphotos/${photo.id}/comments`, '', 'php'));
  const answer = unserialize(response.body);
  expect(answer.serialized).toBe(response.body);
  const value = answer.value as { __class: string; comments: Array<{ __class: string; content: string }> };
  const classes = [value.__class, ...value.comments.flatMap((c) => [c.__class, c.content])];
  expect(classes).toEqual(['ServiceAPIEvents', 'ServiceAPIComment', '', 'ServiceAPIComment', 'é 😀 "x" ; s:1:"y";}']);
});
