/**
 * No answer exceeds what Lambda can return (docs/api.md, Errors: size): the largest page the
 * importer's bounds allow — 100 photos or 100 comments, every string at its longest and made of the
 * character that costs most in that type and place — fits in every type with room to spare; and an
 * answer too large all the same (data written past the importer) becomes error 1007 in the
 * requested type, never a body Lambda would refuse. docs/import-format.md has the arithmetic.
 */
import { parseLine } from '../../infra/ops/gallery/records';
import { GALLERY_ARGUMENTS } from '../../lib/gallery/wiring';
import { endpoint } from '../../lib/http/endpoint';
import { EventsShape, GalleryShape, type CommentValue, type GalleryPhotoValue } from '../../lib/resources/gallery';
import { resource, type Resource } from '../../lib/resources/shape';
import { expectError, invokeHandler, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import { APP_KEY, type Invocation } from '../support/invoke';
import type { Handler } from '../../infra/local/invoke';

// The bounds as the docs state them: Lambda's 6 MB (docs/api.md, Errors: size), dates to
// 99 999 999 999 (The gallery's arguments), the importer's strings (docs/import-format.md).
const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;
const MAX_DATE = 99_999_999_999;
const LIMITS = { name: 200, title: 2_000, content: 8_000, url: 2_048 } as const;
const MAX_ID = 9_007_199_254_740_991;
/** The longest callback the Javascript type takes. */
const CALLBACK = `c${'a'.repeat(127)}`;
/** What the runtime sends for an answer: its JSON (header names' case makes no difference in size). */
const envelope = (answer: Invocation): number =>
  Buffer.byteLength(JSON.stringify({ statusCode: answer.statusCode, headers: answer.headers, body: answer.body }));

/** Characters text may hold; URLs hold no whitespace or control characters (the importer refuses them). */
const TEXT_CHARS = ['\u0001', '\u001f', '"', '\\', '&', '<', '>', "'", '\r', '\n', '\t', '\u2028', '\ufffe', '😀', '中', 'é'];
const URL_CHARS = ['"', '\\', '&', '<', '>', "'", '😀', '中', 'é', '%'];

const photo = ({ title, name, url }: { title: string; name: string; url: string }): GalleryPhotoValue => {
  const user = { name, icon: url, registered: MAX_DATE, profileviews: MAX_ID };
  return { id: MAX_ID, submit_date: MAX_DATE, comments: MAX_ID, title, user, src: url, href: url };
};
const comment = ({ user, content }: { user: string; content: string }): CommentValue => {
  const counts = { up: MAX_ID, down: MAX_ID, replies: MAX_ID, replyto: MAX_ID };
  return { date: MAX_DATE, id: MAX_ID, story: MAX_ID, ...counts, user, content, level: MAX_ID, root: MAX_ID };
};
const wrapper = { timestamp: MAX_DATE, min_date: MAX_DATE, total: MAX_ID, offset: MAX_ID, count: 100 };
const galleryPage = (p: GalleryPhotoValue, count = 100): Resource =>
  resource(GalleryShape, { ...wrapper, count, max_date: MAX_DATE, photos: Array(count).fill(p) });
const eventsPage = (c: CommentValue, count = 100): Resource => resource(EventsShape, { ...wrapper, count, comments: Array(count).fill(c) });

/** An endpoint answering a fixed resource, through the whole pipeline. */
const answering = (value: Resource, args = GALLERY_ARGUMENTS) => endpoint({ args, group: 'gallery' }, () => value);
const ask = (handler: Handler, type: ResponseType, path = '/galleryphotos', query = 'count=100', callback = CALLBACK) =>
  invokeHandler(handler, `${path}?${query}&${typeQuery(type, callback)}&appkey=${encodeURIComponent(APP_KEY)}`);

/** A URL whose path is `char` repeated: as long as the importer takes. */
const urlOf = (char: string): string => `http://a.example/${char.repeat(LIMITS.url - 'http://a.example/'.length)}`;

/**
 * The character that makes one field cost most in a type, measured by rendering a page of one
 * record: a page's size grows by the same amount with each of its records.
 */
async function costliest(type: ResponseType, chars: readonly string[], page: (char: string) => Resource): Promise<string> {
  let best = chars[0]!;
  let most = -1;
  for (const char of chars) {
    const bytes = envelope(await ask(answering(page(char)), type));
    if (bytes > most) [best, most] = [char, bytes];
  }
  return best;
}

describe.each(TYPES)('the largest page the importer allows, in %s', (type) => {
  // Each page's strings at their longest, in the costliest characters, as the importer takes them.
  test.each([
    {
      page: '100 photos',
      worst: async () => {
        const plain = { title: 'a', name: 'a', url: urlOf('a') };
        const title = await costliest(type, TEXT_CHARS, (c) => galleryPage(photo({ ...plain, title: c.repeat(100) }), 1));
        const name = await costliest(type, TEXT_CHARS, (c) => galleryPage(photo({ ...plain, name: c.repeat(100) }), 1));
        const url = await costliest(type, URL_CHARS, (c) => galleryPage(photo({ ...plain, url: urlOf(c) }), 1));
        const worst = { title: title.repeat(LIMITS.title), name: name.repeat(LIMITS.name), url: urlOf(url) };
        const user = { name: worst.name, icon: worst.url, registered: MAX_DATE, profileviews: MAX_ID };
        const record = { type: 'photo', id: MAX_ID, submit_date: MAX_DATE, title: worst.title, user, src: worst.url, href: worst.url };
        return { record: { ...record, digg_count: MAX_ID }, page: galleryPage(photo(worst)) };
      },
    },
    {
      page: '100 comments',
      worst: async () => {
        const plain = { user: 'a', content: 'a' };
        const user = await costliest(type, TEXT_CHARS, (c) => eventsPage(comment({ ...plain, user: c.repeat(100) }), 1));
        const content = await costliest(type, TEXT_CHARS, (c) => eventsPage(comment({ ...plain, content: c.repeat(100) }), 1));
        const worst = { user: user.repeat(LIMITS.name), content: content.repeat(LIMITS.content) };
        const ids = { id: MAX_ID, photo: MAX_ID, replyto: MAX_ID, date: MAX_DATE };
        return { record: { type: 'comment', ...ids, ...worst, up: MAX_ID, down: MAX_ID }, page: eventsPage(comment(worst)) };
      },
    },
  ])('$page, every string at its longest, in its costliest characters: fits with 5 % to spare', async ({ worst }) => {
    const { record, page } = await worst();
    expect(parseLine(JSON.stringify(record))).toMatchObject({ ok: true });
    const answer = await ask(answering(page), type);
    expect(answer.statusCode).toBe(200);
    expect(envelope(answer)).toBeLessThanOrEqual(0.95 * LAMBDA_RESPONSE_LIMIT);
  });

  // Costly in every type: quotes, ampersands and control characters. Records alike, or growing or
  // shrinking down the page, so that its size is not its count times a record's.
  const costly = (length: number) => comment({ user: 'a', content: '"&\u0001'.repeat(length) });
  test.each([
    { records: 'alike', page: (count: number) => Array.from({ length: count }, () => costly(20_000)) },
    { records: 'growing', page: (count: number) => Array.from({ length: count }, (_, i) => costly(200 * (i + 1))) },
    { records: 'shrinking', page: (count: number) => Array.from({ length: count }, (_, i) => costly(200 * (100 - i))) },
  ])(
    'a page too large all the same ($records records) is error 1007 naming the count that fits: that page answers, one more does not',
    async ({ page }) => {
      const handler = endpoint({ args: GALLERY_ARGUMENTS, group: 'gallery' }, ({ args }) =>
        resource(EventsShape, { ...wrapper, count: args.count, comments: page(args.count) }),
      );
      const atMost = async (count: number) => {
        const answer = await ask(handler, type, '/galleryphotos', `count=${count}`, 'callback');
        const message = expectError(answer, type, 1007, 403, { detail: 'count (at most' });
        expect(answer.body.length).toBeLessThan(1_000);
        return Number(/^Argument greater than maximum value: count \(at most (\d+) for this page\)$/.exec(message)?.[1]);
      };
      const fitting = await atMost(100);
      const fits = await ask(handler, type, '/galleryphotos', `count=${fitting}`, 'callback');
      expect(fits.statusCode).toBe(200);
      expect(envelope(fits)).toBeLessThanOrEqual(LAMBDA_RESPONSE_LIMIT);
      // One more is too large, and names the same count.
      expect(await atMost(fitting + 1)).toBe(fitting);
    },
  );

  test('on an endpoint without count, the same error without a detail', async () => {
    const huge = eventsPage(comment({ user: 'a', content: '"&\u0001'.repeat(20_000) }));
    const answer = await ask(answering(huge, {} as typeof GALLERY_ARGUMENTS), type, '/galleryphoto/1', '', 'callback');
    expectError(answer, type, 1007, 403, { detail: false });
  });
});

test('the importer refuses a string one character past its bound, and takes it at the bound', () => {
  const base = { type: 'comment', id: 1, photo: 1, replyto: null, date: 1, user: 'u', content: '', up: 0, down: 0 };
  const parsed = (fields: object) => parseLine(JSON.stringify({ ...base, ...fields }));
  expect(parsed({ content: 'x'.repeat(LIMITS.content) })).toMatchObject({ ok: true });
  const content = `"content" is longer than ${LIMITS.content} characters`;
  expect(parsed({ content: 'x'.repeat(LIMITS.content + 1) })).toEqual({ ok: false, reason: content, type: 'comment', id: 1 });
  expect(parsed({ user: 'x'.repeat(LIMITS.name + 1) })).toMatchObject({
    ok: false,
    reason: `"user" is longer than ${LIMITS.name} characters`,
  });
});
