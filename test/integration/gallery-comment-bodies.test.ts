/**
 * The comment bodies (docs/api.md: Bodies, a comment and the comment list) through the real handlers and DynamoDB Local, every
 * answer in all four types (test/support/gallery-answers.ts): the comment record, the events wrapper, hard characters, and PHP's
 * own unserialize() byte for byte. Every test writes photos and comments of its own (random ids of 10^12 and more) in a table of
 * this file's own, in time ranges nothing else comes near (claim).
 */
import { TYPES } from '../support/expect-error';
import { expectListing, fetchComments, targetFor, xmlSafe } from '../support/gallery-answers';
import { DAY, THIRTY_DAYS, type TestComment } from '../support/gallery-fixtures';
import { invoke } from '../support/invoke';
import { commentGallery, farPhoto, views } from '../support/comment-gallery';
import { unserialize } from '../support/parsers';

jest.setTimeout(60_000);

const { made, claim, earliestComment } = commentGallery('gallery-comment-bodies');

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
