/**
 * GET /galleryphotos/comments's window (docs/api.md, The gallery's arguments: `min_submit_date` and `max_submit_date`, as comments
 * read them) through the real handlers and DynamoDB Local, every answer in all four types: at most 30 days, over the comments' own
 * dates. Every test writes photos and comments of its own (random ids of 10^12 and more) in a table of this file's own, in time
 * ranges nothing else comes near (claim).
 */
import { TYPES } from '../support/expect-error';
import { expectErrorEverywhere, expectListing, fetchComments, idsOf } from '../support/gallery-answers';
import { commentView } from '../support/gallery-decode';
import { DAY, THIRTY_DAYS } from '../support/gallery-fixtures';
import { commentGallery, desc, farPhoto, views } from '../support/comment-gallery';

jest.setTimeout(60_000);

const { made, claim } = commentGallery('gallery-comment-windows');

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
