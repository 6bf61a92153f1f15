/**
 * One comment and its replies (docs/api.md, Endpoints: `/galleryphoto/{id}/comment/{comment_id}` and its `/replies`, one level)
 * through the real handlers and DynamoDB Local, every answer in all four types, at any depth of a thread; unknown ids and a
 * comment of another photo are 404, bad ids 1026. Every test writes photos and comments of its own (random ids of 10^12 and more)
 * in a table of this file's own, in time ranges nothing else comes near (claim).
 */
import { expectErrorEverywhere, expectListing, fetchComments } from '../support/gallery-answers';
import { DAY, type TestComment, uniqueId } from '../support/gallery-fixtures';
import { commentGallery, desc, farPhoto, views } from '../support/comment-gallery';

jest.setTimeout(60_000);

const { made, claim, earliestComment } = commentGallery('gallery-comment-replies');

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
