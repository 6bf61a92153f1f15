/**
 * The gallery comment endpoints (docs/api.md: Bodies, the comment and the comment list; The
 * gallery's arguments, as comments read them) through the real handlers and DynamoDB Local, every
 * answer in all four types decoded with the real parsers: GET /galleryphotos/comments,
 * /galleryphotos/{list}/comments, /galleryphoto/{id}/comments, /galleryphoto/{id}/comment/{id} and
 * .../replies.
 *
 * Every test writes photos and comments of its own (random ids of 10^12 and more) in a time
 * range of its own that nothing else in the table comes near, and deletes them afterwards.
 */
import { importLines } from '../../infra/ops/gallery/importer';
import { linesOf } from '../../infra/ops/gallery/records';
import { documentClient } from '../../lib/db/client';
import { expectError, invokerWithEnv, TYPES } from '../support/expect-error';
import { expectListing, fetchComments, idsOf, targetFor, xmlSafe } from '../support/gallery-answers';
import { commentView } from '../support/gallery-decode';
import {
  claimRange,
  DAY,
  GalleryData,
  shuffled,
  THIRTY_DAYS,
  uniqueId,
  type TestComment,
  type TestPhoto,
  ANCHOR_DATE,
} from '../support/gallery-fixtures';
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
const save = gallery.save;

const ids = (items: readonly { id: number }[]): number[] => items.map((item) => item.id);
const views = (comments: readonly TestComment[]) => comments.map(commentView);
const desc = (comments: readonly TestComment[]) => views(sortRecords(comments, 'submit_date-desc'));
/** Without a lower bound, `min_date` is the earliest comment's `date` in the gallery (the table of this file's own). */
const earliestComment = (): number => earliestOf([ANCHOR_DATE, ...gallery.stored().comments.map((comment) => comment.date)]);

async function expectErrorEverywhere(path: string, query: string, code: number, status: number, detail?: string): Promise<void> {
  for (const type of TYPES)
    expectError(await invoke(targetFor(path, query, type)), type, code, status, detail === undefined ? {} : { detail });
}

/** A photo dated far from every comment window (after 2200), so only comment dates can decide. */
const farPhoto = (g: GalleryData, fields: Partial<TestPhoto> = {}): TestPhoto =>
  g.photo(Y2200 + 1 + Math.floor(Math.random() * 1000) * DAY, fields);

// ---------------------------------------------------------------------------------------------

describe('the comment record and the events wrapper (docs/api.md, Bodies: a comment, the comment list)', () => {
  test('a thread in every type: the eleven keys in order, replyto null at the top, level, root, story', async () => {
    const start = await claim(2 * DAY);
    let thread: TestComment[] = [];
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = farPhoto(g);
      const top = g.comment(photo, start + 100, { up: 4, down: 1 });
      const reply = g.reply(top, start + 200, { up: 2, down: 3 });
      const deeper = g.reply(reply, start + 300, { up: 0, down: 0 });
      thread = [top, reply, deeper];
    });
    const [top, reply, deeper] = thread as [TestComment, TestComment, TestComment];
    expect([top.replyto, top.level, top.root, top.replies]).toEqual([null, 0, top.id, 1]);
    expect([reply.replyto, reply.level, reply.root]).toEqual([top.id, 1, top.id]);
    expect([deeper.replyto, deeper.level, deeper.root]).toEqual([reply.id, 2, top.id]);

    const fetched = await fetchComments(`/galleryphotos/${photo!.id}/comments`, 'sort=submit_date-asc');
    expectListing(fetched, { min_date: earliestComment(), total: 3, items: views(thread) });
    for (const type of TYPES) {
      expect(fetched.listings[type].items.map((c) => [c.story, c.level, c.root, c.replyto])).toEqual([
        [photo!.id, 0, top.id, null],
        [photo!.id, 1, top.id, top.id],
        [photo!.id, 2, top.id, reply.id],
      ]);
    }
    expect(JSON.parse(fetched.responses.json.body).comments[0]).toHaveProperty('replyto', null);
    expect(fetched.responses.xml.body).toMatch(
      new RegExp(
        `<comment date="${top.date}" id="${top.id}" story="${photo!.id}" up="4" down="1" replies="1" user="[^"]*" level="0" root="${top.id}">`,
      ),
    );
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
    let comment: TestComment | undefined;
    await save((g) => {
      comment = g.comment(farPhoto(g), start + 10);
    });
    const fetched = await fetchComments('/galleryphotos/comments', `max_submit_date=${start + DAY}`);
    expectListing(fetched, { min_date: start + DAY - THIRTY_DAYS, total: 1, items: views([comment!]) });
    for (const type of TYPES) expect(fetched.listings[type]).not.toHaveProperty('max_date');
  });

  test('hard characters in content and user round-trip through every type (XML: U+FFFD for what it cannot carry)', async () => {
    const HARD =
      'Tom & Jerry <i>"quoted"</i> \'single\' ]]> \t tab \n lf \r cr \r\n \u0000 \u0001 \u001f \u007f \uFFFE 中文 日本語 😀 👍🏽 \u2028 \u2029 end';
    const start = await claim(2 * DAY);
    let photo: TestPhoto | undefined;
    let comments: TestComment[] = [];
    await save((g) => {
      photo = farPhoto(g);
      const top = g.comment(photo, start + 10, { content: HARD, user: '名前 & <u> "q" \u0003 😀' });
      comments = [top, g.reply(top, start + 20, { content: `  ${HARD}  `, user: '\u0001' })];
    });
    const query = `min_submit_date=${start}&max_submit_date=${start + DAY}&sort=submit_date-asc`;
    for (const path of ['/galleryphotos/comments', `/galleryphotos/${photo!.id}/comments`]) {
      const fetched = await fetchComments(path, query);
      expectListing(fetched, { min_date: start, total: 2, items: views(comments) });
      expect(fetched.listings.xml.items[0]!.content).toBe(xmlSafe(HARD));
      expect(fetched.listings.php.items[0]!.content).toBe(HARD);
      expect(fetched.listings.json.items[1]!.content).toBe(`  ${HARD}  `);
      expect(fetched.responses.javascript.body).not.toMatch(/[\u2028\u2029]/);
    }
    const single = await fetchComments(`/galleryphoto/${photo!.id}/comment/${comments[0]!.id}`);
    expectListing(single, { min_date: earliestComment(), total: 1, items: views([comments[0]!]) });
  });
});

describe('GET /galleryphotos/comments: the 30-day window, over the comments’ own dates', () => {
  test('both bounds omitted: the 30 days before the request, both ends included, every level', async () => {
    const start = await claim(40 * DAY);
    const now = start + 35 * DAY + 999;
    let inside: TestComment[] = [];
    await save((g) => {
      const photo = farPhoto(g);
      g.comment(photo, now - THIRTY_DAYS - 1);
      const first = g.comment(photo, now - THIRTY_DAYS);
      inside = [first, g.reply(first, now - 3600), g.comment(photo, now)];
      g.comment(photo, now + 1);
    });
    jest.spyOn(Date, 'now').mockReturnValue(now * 1000 + 250);
    const fetched = await fetchComments('/galleryphotos/comments', 'count=100');
    for (const type of TYPES) expect(fetched.listings[type].timestamp).toBe(now);
    expectListing(fetched, { min_date: now - THIRTY_DAYS, total: 3, items: desc(inside) });
  });

  test('both bounds omitted, on the real clock: a fresh comment is listed, a 31-day-old one is not, min_date is now − 30 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    let fresh: TestComment | undefined;
    let old: TestComment | undefined;
    await save((g) => {
      const photo = farPhoto(g);
      fresh = g.comment(photo, now - 3600);
      old = g.comment(photo, now - 31 * DAY);
    });
    const fetched = await fetchComments('/galleryphotos/comments', 'count=100');
    const listed = idsOf(fetched);
    expect(listed).toContain(fresh!.id);
    expect(listed).not.toContain(old!.id);
    for (const type of TYPES) {
      const listing = fetched.listings[type];
      expect(listing.min_date).toBe(listing.timestamp - THIRTY_DAYS);
      expect(listing.total).toBeGreaterThanOrEqual(1);
    }
    expect(fetched.listings.php.items.find((item) => item.id === fresh!.id)).toEqual(commentView(fresh!));
  });

  test('only min_submit_date: the 30 days from it; only max_submit_date: the 30 days before it; both ends included', async () => {
    const start = await claim(34 * DAY);
    const min = start + DAY + 17;
    const max = min + THIRTY_DAYS;
    let inside: TestComment[] = [];
    await save((g) => {
      const photo = farPhoto(g);
      g.comment(photo, min - 1);
      inside = [g.comment(photo, min), g.comment(photo, min + 12 * DAY), g.comment(photo, max)];
      g.comment(photo, max + 1);
    });
    expectListing(await fetchComments('/galleryphotos/comments', `min_submit_date=${min}`), {
      min_date: min,
      total: 3,
      items: desc(inside),
    });
    expectListing(await fetchComments('/galleryphotos/comments', `max_submit_date=${max}`), {
      min_date: min,
      total: 3,
      items: desc(inside),
    });
    expectListing(await fetchComments('/galleryphotos/comments', `min_submit_date=${min}&max_submit_date=${max}`), {
      min_date: min,
      total: 3,
      items: desc(inside),
    });
    expectListing(await fetchComments('/galleryphotos/comments', `min_submit_date=${min + 1}&max_submit_date=${max - 1}`), {
      min_date: min + 1,
      total: 1,
      items: desc(inside.slice(1, 2)),
    });
  });

  test('the window is the comment’s date, not its photo’s', async () => {
    const start = await claim(3 * DAY);
    let inWindow: TestComment | undefined;
    await save((g) => {
      // A photo inside the window whose comment is outside, and the other way round.
      g.comment(g.photo(start + DAY), start + 3 * DAY + 40 * DAY);
      inWindow = g.comment(farPhoto(g), start + DAY + 5);
    });
    const fetched = await fetchComments('/galleryphotos/comments', `min_submit_date=${start}&max_submit_date=${start + 2 * DAY}`);
    expectListing(fetched, { min_date: start, total: 1, items: views([inWindow!]) });
  });

  test('more than 30 days is 1020, max before min 1006 (HTTP 403)', async () => {
    await expectErrorEverywhere(
      '/galleryphotos/comments',
      `min_submit_date=900000000&max_submit_date=${900_000_000 + THIRTY_DAYS + 1}`,
      1020,
      403,
    );
    await expectErrorEverywhere(
      '/galleryphotos/comments',
      'min_submit_date=900000000&max_submit_date=899999999',
      1006,
      403,
      'max_submit_date',
    );
  });
});

describe('comment sorts: submit_date is the comment’s date, digg_count its up votes (docs/api.md, The gallery’s arguments)', () => {
  /**
   * Eight comments on three dates with ids in a known order (as the photo sorts in
   * gallery.test.ts), up votes with every kind of tie, down votes in the opposite order, and
   * photos whose digg counts and dates say something else again.
   */
  const PLAN: Array<[number, number, number]> = [
    [1, 1, 5],
    [2, 1, 5],
    [3, 2, 5],
    [4, 0, 5],
    [5, 2, 9],
    [6, 0, 0],
    [7, 1, 0],
    [8, 2, 1],
  ];
  const EXPECTED: Record<SortValue, number[]> = {
    'submit_date-desc': [8, 5, 3, 7, 2, 1, 6, 4],
    'submit_date-asc': [4, 6, 1, 2, 7, 3, 5, 8],
    'digg_count-desc': [5, 3, 2, 1, 4, 8, 7, 6],
    'digg_count-asc': [7, 6, 8, 3, 2, 1, 4, 5],
  };

  async function tiedComments() {
    const start = await claim(15 * DAY);
    const dates = [start + DAY, start + 2 * DAY, start + 3 * DAY];
    const base = uniqueId() + 1000;
    const c: Record<number, TestComment> = {};
    const r: Record<number, TestComment> = {};
    let photo: TestPhoto | undefined;
    let parent: TestComment | undefined;
    await save((g) => {
      photo = g.photo(Y2200 + 5 * DAY, { digg_count: 1 });
      const other = g.photo(Y2200 + 6 * DAY, { digg_count: 1000 });
      for (const [n, day, up] of shuffled(PLAN))
        c[n] = g.comment(n % 2 === 0 ? photo : other, dates[day]!, { id: base + n, up, down: 100 - up });
      // The same plan once more as the replies to one comment of `photo`, ten days later.
      parent = g.comment(photo, start + 4 * DAY, { id: base + 100, up: 50 });
      for (const [n, day, up] of shuffled(PLAN)) r[n] = g.reply(parent, dates[day]! + 10 * DAY, { id: base + 200 + n, up, down: 100 - up });
    });
    return { c, r, photo: photo!, parent: parent!, from: start, to: start + 15 * DAY - 1 };
  }

  test('the written-out orders agree with the rules of the fixtures', () => {
    const comments = PLAN.map(([n, day, up]) => ({ id: n, date: day, up }) as TestComment);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(comments, sort))).toEqual(EXPECTED[sort]);
  });

  test.each(SORT_VALUES)('sort=%s on all five comment listings', async (sort) => {
    const { c, r, photo, parent, from, to } = await tiedComments();
    const expected = views(EXPECTED[sort].map((n) => c[n]!));
    const earliest = earliestComment();
    // The window also holds the parent and its replies: all 17, in the sort's order.
    const everything = [...Object.values(c), parent, ...Object.values(r)];
    const window = await fetchComments('/galleryphotos/comments', `min_submit_date=${from}&max_submit_date=${to}&sort=${sort}&count=100`);
    expectListing(window, { min_date: from, total: 17, items: views(sortRecords(everything, sort)) });
    const otherPhoto = c[1]!.story;
    const byIds = await fetchComments(`/galleryphotos/${otherPhoto},${photo.id}/comments`, `sort=${sort}&count=100`);
    expectListing(byIds, { min_date: earliest, total: 17, items: views(sortRecords(everything, sort)) });
    // Up to the third day: the eight of the plan, without the parent and its replies.
    const tops = await fetchComments(`/galleryphotos/${photo.id},${otherPhoto}/comments`, `sort=${sort}&max_submit_date=${from + 3 * DAY}`);
    expectListing(tops, { min_date: earliest, total: 8, items: expected });
    const replies = await fetchComments(`/galleryphoto/${photo.id}/comment/${parent.id}/replies`, `sort=${sort}`);
    expectListing(replies, { min_date: earliest, total: 8, items: views(EXPECTED[sort].map((n) => r[n]!)) });
    const top = await fetchComments(`/galleryphoto/${photo.id}/comments`, `sort=${sort}`);
    const mine = sortRecords([...Object.values(c).filter((x) => x.story === photo.id), parent], sort);
    expectListing(top, { min_date: earliest, total: 5, items: views(mine) });
  });

  test('sort=digg_count-desc pages by up votes across two pages', async () => {
    const { r, photo, parent } = await tiedComments();
    const path = `/galleryphoto/${photo.id}/comment/${parent.id}/replies`;
    const all = EXPECTED['digg_count-desc'].map((n) => r[n]!);
    const earliest = earliestComment();
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5'), {
      min_date: earliest,
      total: 8,
      items: views(all.slice(0, 5)),
    });
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5&offset=5'), {
      min_date: earliest,
      total: 8,
      offset: 5,
      items: views(all.slice(5)),
    });
  });
});

describe('GET /galleryphotos/{list}/comments', () => {
  test("min_date follows the gallery's earliest comment, not its earliest photo; 0 in a gallery without comments", async () => {
    const listed = await save((g) => g.comment(g.photo(Y1986 + 1), Y1986 + 2));
    const path = `/galleryphotos/${listed.photos[0]!.id}/comments`;
    const early = await save((g) => g.comment(g.photo(ANCHOR_DATE - 5 * DAY), ANCHOR_DATE - 2 * DAY - 9));
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
    let comments: TestComment[] = [];
    let photos: TestPhoto[] = [];
    await save((g) => {
      const a = g.photo(Y1986 + 5);
      const b = g.photo(Y2200 + 5);
      const lone = g.photo(Y1986 + 6);
      g.comment(g.photo(Y1986 + 7), Y1986 + 8); // a photo not asked for
      const top = g.comment(a, Y1986 + 100);
      comments = [top, g.reply(top, Y1986 + 3 * 365 * DAY), g.comment(b, Y2200 + 400 * DAY), g.comment(a, Y2200 + 10)];
      photos = [a, b, lone];
    });
    const earliest = earliestComment();
    const list = ids(photos).join(',');
    const fetched = await fetchComments(`/galleryphotos/${list}/comments`);
    expectListing(fetched, { min_date: earliest, total: 4, items: desc(comments) });
    // Any distance between the bounds: the window applies, inclusive.
    const bounded = await fetchComments(
      `/galleryphotos/${list}/comments`,
      `min_submit_date=${comments[0]!.date}&max_submit_date=${comments[3]!.date}`,
    );
    expectListing(bounded, { min_date: comments[0]!.date, total: 3, items: desc([comments[0]!, comments[1]!, comments[3]!]) });
    const duplicated = await fetchComments(
      `/galleryphotos/${photos[1]!.id},${photos[0]!.id},${photos[1]!.id}/comments`,
      'offset=1&count=2',
    );
    expectListing(duplicated, { min_date: earliest, total: 4, offset: 1, items: desc(comments).slice(1, 3) });
    const none = await fetchComments(`/galleryphotos/${photos[2]!.id}/comments`);
    expectListing(none, { min_date: earliest, total: 0, items: [] });
  });

  test('any unknown id is 404 (code 404) in every type, even beside known ones', async () => {
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(Y1986 + 50);
      g.comment(photo, Y1986 + 60);
    });
    await expectErrorEverywhere(`/galleryphotos/${photo!.id},${uniqueId()}/comments`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphotos/${uniqueId()},${photo!.id}/comments`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphotos/${uniqueId()}/comments`, '', 404, 404);
  });

  test('more than 100 distinct ids is 1007 (HTTP 403); 100 known ids, each given twice, pass', async () => {
    const many = Array.from({ length: 101 }, () => uniqueId());
    for (const type of TYPES) {
      const message = expectError(await invoke(targetFor(`/galleryphotos/${many.join(',')}/comments`, '', type)), type, 1007, 403, {
        detail: 'list',
      });
      expect(message).toMatch(/\b100\b/);
    }
    let photos: TestPhoto[] = [];
    let comments: TestComment[] = [];
    await save((g) => {
      photos = Array.from({ length: 100 }, (_, i) => g.photo(Y1986 + 1000 + i));
      comments = [g.comment(photos[0]!, Y1986 + 5000), g.comment(photos[99]!, Y1986 + 5001)];
    });
    const list = [...ids(photos), ...ids(shuffled(photos))].join(',');
    const fetched = await fetchComments(`/galleryphotos/${list}/comments`);
    expectListing(fetched, { min_date: earliestComment(), total: 2, items: desc(comments) });
  });

  test.each(['1,x', '1,,2', '0', '1,-2', '1.0', '%20'])('/galleryphotos/%s/comments: a bad element is 1026 in every type', async (list) => {
    await expectErrorEverywhere(`/galleryphotos/${list}/comments`, '', 1026, 403, 'list');
  });
});

describe('GET /galleryphoto/{id}/comments', () => {
  test('only the top-level comments (level 0), all time by default; total counts them', async () => {
    let photo: TestPhoto | undefined;
    let tops: TestComment[] = [];
    await save((g) => {
      photo = g.photo(Y1986 + 11);
      const first = g.comment(photo, Y1986 + 20);
      const second = g.comment(photo, Y2200 + 20);
      g.reply(g.reply(first, Y1986 + 30), Y1986 + 40);
      g.reply(second, Y2200 + 30);
      g.comment(g.photo(Y1986 + 12), Y1986 + 21); // another photo's
      tops = [first, second];
    });
    const fetched = await fetchComments(`/galleryphoto/${photo!.id}/comments`);
    expectListing(fetched, { min_date: earliestComment(), total: 2, items: desc(tops) });
    for (const type of TYPES) expect(fetched.listings[type].items.every((c) => c.level === 0 && c.replyto === null)).toBe(true);
    const bounded = await fetchComments(
      `/galleryphoto/${photo!.id}/comments`,
      `min_submit_date=${Y1986 + 20}&max_submit_date=${Y2200 + 19}`,
    );
    expectListing(bounded, { min_date: Y1986 + 20, total: 1, items: views([tops[0]!]) });
  });

  test('count defaults to 10 and offset pages through the top-level comments', async () => {
    let photo: TestPhoto | undefined;
    let tops: TestComment[] = [];
    await save((g) => {
      photo = g.photo(Y1986 + 13);
      tops = Array.from({ length: 12 }, (_, i) => g.comment(photo!, Y1986 + 100 + i));
      g.reply(tops[0]!, Y1986 + 500);
    });
    const path = `/galleryphoto/${photo!.id}/comments`;
    const earliest = earliestComment();
    expectListing(await fetchComments(path), { min_date: earliest, total: 12, items: desc(tops).slice(0, 10) });
    expectListing(await fetchComments(path, 'offset=10'), { min_date: earliest, total: 12, offset: 10, items: desc(tops).slice(10) });
    expectListing(await fetchComments(path, 'offset=12'), { min_date: earliest, total: 12, offset: 12, items: [] });
    expectListing(await fetchComments(path, 'count=1&sort=submit_date-asc'), { min_date: earliest, total: 12, items: views([tops[0]!]) });
  });

  test('a photo without comments: an empty list, total 0', async () => {
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = g.photo(Y1986 + 14);
    });
    expectListing(await fetchComments(`/galleryphoto/${photo!.id}/comments`), { min_date: earliestComment(), total: 0, items: [] });
  });

  test('an unknown photo is 404 in every type (Javascript: HTTP 200, status 404); a bad id 1026', async () => {
    await expectErrorEverywhere(`/galleryphoto/${uniqueId()}/comments`, '', 404, 404);
    await expectErrorEverywhere('/galleryphoto/x1/comments', '', 1026, 403);
    await expectErrorEverywhere('/galleryphoto/0/comments', '', 1026, 403);
  });
});

describe('GET /galleryphoto/{id}/comment/{id}', () => {
  async function thread() {
    const start = await claim(2 * DAY);
    const made = {} as {
      photo: TestPhoto;
      other: TestPhoto;
      top: TestComment;
      reply: TestComment;
      deeper: TestComment;
      foreign: TestComment;
    };
    await save((g) => {
      made.photo = farPhoto(g);
      made.other = farPhoto(g);
      made.top = g.comment(made.photo, start + 10, { up: 3, down: 1 });
      made.reply = g.reply(made.top, start + 20);
      made.deeper = g.reply(made.reply, start + 30);
      made.foreign = g.comment(made.other, start + 40);
    });
    return made;
  }

  test('the events wrapper holding the one comment, at any level', async () => {
    const { photo, top, deeper } = await thread();
    const earliest = earliestComment();
    expectListing(await fetchComments(`/galleryphoto/${photo.id}/comment/${top.id}`), {
      min_date: earliest,
      total: 1,
      items: views([top]),
    });
    expectListing(await fetchComments(`/galleryphoto/${photo.id}/comment/${deeper.id}`), {
      min_date: earliest,
      total: 1,
      items: views([deeper]),
    });
  });

  test('an unknown photo, an unknown comment, or a comment of another photo is 404 in every type', async () => {
    const { photo, other, top, foreign } = await thread();
    await expectErrorEverywhere(`/galleryphoto/${uniqueId()}/comment/${top.id}`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${uniqueId()}`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${foreign.id}`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${other.id}/comment/${top.id}`, '', 404, 404);
    // A photo id used as a comment id, and the other way round.
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${photo.id}`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${top.id}/comment/${top.id}`, '', 404, 404);
  });

  test('a bad comment id is 1026', async () => {
    const { photo } = await thread();
    for (const id of ['x', '0', '-1', '1.5']) await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${id}`, '', 1026, 403);
  });
});

describe('GET /galleryphoto/{id}/comment/{id}/replies: one level', () => {
  async function tree() {
    const start = await claim(2 * DAY);
    const made = {} as {
      photo: TestPhoto;
      other: TestPhoto;
      top: TestComment;
      replies: TestComment[];
      deeper: TestComment[];
      leaf: TestComment;
      foreign: TestComment;
    };
    await save((g) => {
      made.photo = farPhoto(g);
      made.other = farPhoto(g);
      made.top = g.comment(made.photo, start + 10);
      made.replies = [g.reply(made.top, start + 20), g.reply(made.top, start + 25), g.reply(made.top, start + 21)];
      made.deeper = [g.reply(made.replies[0]!, start + 30), g.reply(made.replies[0]!, start + 31)];
      made.leaf = g.reply(made.deeper[0]!, start + 40);
      g.comment(made.photo, start + 50); // a second thread
      made.foreign = g.comment(made.other, start + 60);
      g.reply(made.foreign, start + 70);
    });
    return made;
  }

  test('the direct replies only, never the replies to them', async () => {
    const { photo, top, replies, deeper, leaf } = await tree();
    const earliest = earliestComment();
    const path = (comment: TestComment) => `/galleryphoto/${photo.id}/comment/${comment.id}/replies`;
    expectListing(await fetchComments(path(top)), { min_date: earliest, total: 3, items: desc(replies) });
    expectListing(await fetchComments(path(replies[0]!)), { min_date: earliest, total: 2, items: desc(deeper) });
    expectListing(await fetchComments(path(deeper[0]!)), { min_date: earliest, total: 1, items: views([leaf]) });
    expectListing(await fetchComments(path(leaf)), { min_date: earliest, total: 0, items: [] });
    expectListing(await fetchComments(path(replies[1]!)), { min_date: earliest, total: 0, items: [] });
    expectListing(await fetchComments(path(top), 'sort=submit_date-asc&offset=1&count=1'), {
      min_date: earliest,
      total: 3,
      offset: 1,
      items: views([replies[2]!]),
    });
  });

  test('an unknown photo, an unknown comment, or a comment of another photo is 404 in every type', async () => {
    const { photo, other, top, foreign } = await tree();
    await expectErrorEverywhere(`/galleryphoto/${uniqueId()}/comment/${top.id}/replies`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${uniqueId()}/replies`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/${foreign.id}/replies`, '', 404, 404);
    await expectErrorEverywhere(`/galleryphoto/${other.id}/comment/${top.id}/replies`, '', 404, 404);
  });

  test('a bad id is 1026', async () => {
    const { photo, top } = await tree();
    await expectErrorEverywhere(`/galleryphoto/${photo.id}/comment/y/replies`, '', 1026, 403);
    await expectErrorEverywhere(`/galleryphoto/p/comment/${top.id}/replies`, '', 1026, 403);
  });
});

describe('comments are checked in PHP byte for byte', () => {
  test('a comment list unserializes to ServiceAPIEvents of ServiceAPIComment and re-serializes to the same bytes', async () => {
    const start = await claim(2 * DAY);
    let photo: TestPhoto | undefined;
    await save((g) => {
      photo = farPhoto(g);
      g.reply(g.comment(photo, start + 1, { content: 'é 😀 "x" ; s:1:"y";}' }), start + 2, { content: '' });
    });
    const response = await invoke(targetFor(`/galleryphotos/${photo!.id}/comments`, '', 'php'));
    const answer = unserialize(response.body);
    expect(answer.serialized).toBe(response.body);
    const value = answer.value as { __class: string; comments: Array<{ __class: string; content: string }> };
    expect(value.__class).toBe('ServiceAPIEvents');
    expect(value.comments.map((c) => [c.__class, c.content])).toEqual([
      ['ServiceAPIComment', ''],
      ['ServiceAPIComment', 'é 😀 "x" ; s:1:"y";}'],
    ]);
  });
});
