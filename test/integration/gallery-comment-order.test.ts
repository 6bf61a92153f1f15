/**
 * The comment sorts (docs/api.md, The gallery's arguments: `sort`, as comments read it) on all five comment listings through the
 * real handlers and DynamoDB Local, every answer in all four types: submit_date is the comment's date, digg_count its up votes,
 * with the photo sorts' ties. Every test writes photos and comments of its own (random ids of 10^12 and more) in a table of this
 * file's own, in time ranges nothing else comes near (claim).
 */
import { expectListing, fetchComments } from '../support/gallery-answers';
import { DAY, ids, shuffled, type TestComment, uniqueId } from '../support/gallery-fixtures';
import { SORT_VALUES, sortRecords, TIE_ORDERS, TIES } from '../support/gallery-order';
import { commentGallery, views, Y2200 } from '../support/comment-gallery';

jest.setTimeout(60_000);

const { made, claim, earliestComment } = commentGallery('gallery-comment-order');

describe('comment sorts: submit_date is the comment’s date, digg_count its up votes (docs/api.md, The gallery’s arguments)', () => {
  /**
   * The tied plan of gallery-order.ts as comments ([day, up votes]), as the photo sorts list it: down votes in the opposite
   * order, and photos whose digg counts and dates say something else again.
   */
  async function tiedComments() {
    const start = await claim(15 * DAY);
    const base = uniqueId() + 1000;
    const [c, r]: [Record<number, TestComment>, Record<number, TestComment>] = [{}, {}];
    const plan = shuffled(Object.entries(TIES)).map(([n, [day, up]]) => ({ n: +n, date: start + (day + 1) * DAY, up, down: 100 - up }));
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
    const comments = Object.entries(TIES).map(([n, [day, up]]) => ({ id: Number(n), date: day, up }) as TestComment);
    for (const sort of SORT_VALUES) expect(ids(sortRecords(comments, sort))).toEqual(TIE_ORDERS[sort]);
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
    expectListing(tops, { min_date: earliest, total: 8, items: views(TIE_ORDERS[sort].map((n) => c[n]!)) });
    const replies = await fetchComments(`/galleryphoto/${photo.id}/comment/${parent.id}/replies`, `sort=${sort}`);
    expectListing(replies, { min_date: earliest, total: 8, items: views(TIE_ORDERS[sort].map((n) => r[n]!)) });
    const top = await fetchComments(`/galleryphoto/${photo.id}/comments`, `sort=${sort}`);
    const mine = sortRecords([...Object.values(c).filter((x) => x.story === photo.id), parent], sort);
    expectListing(top, { min_date: earliest, total: 5, items: views(mine) });
  });

  test('sort=digg_count-desc pages by up votes across two pages', async () => {
    const { r, photo, parent } = await tiedComments();
    const path = `/galleryphoto/${photo.id}/comment/${parent.id}/replies`;
    const all = views(TIE_ORDERS['digg_count-desc'].map((n) => r[n]!));
    const both = { min_date: earliestComment(), total: 8 };
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5'), { ...both, items: all.slice(0, 5) });
    expectListing(await fetchComments(path, 'sort=digg_count-desc&count=5&offset=5'), { ...both, offset: 5, items: all.slice(5) });
  });
});
