/**
 * Random values of every DynamoDB type, written by hand at any field of a stored photo or comment
 * (docs/api.md, Errors: stored values): every endpoint that shows the record answers, in every
 * type, what the rule says (test/support/stored-value-rule.ts, written from
 * docs/gallery-layout.md): the record with the field as the rule shows it, or left out (its place
 * kept in a listing, 404 by id), and one warning per request naming the field when the API does
 * not show it as stored. Never a 500: a 5xx fails fetchAll and expectError alike.
 */
import fc from 'fast-check';
import { TYPES } from '../support/expect-error';
import { expectListing, fetchComments, fetchPhotos, type Invoker } from '../support/gallery-answers';
import { commentView, photoView } from '../support/gallery-decode';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { handWrittenGallery, type Noted } from '../support/stored-gallery';
import { COMMENT_FIELDS, type Kind, PHOTO_FIELDS, REFUSED, RULES, type Stored, storedValues } from '../support/stored-value-rule';

jest.setTimeout(300_000);

const gallery = handWrittenGallery('stored-property');
const DAY = 86_400;
const D = 1_400_025_600; // a midnight, UTC
const ALL_TIME = 'min_submit_date=0';
/** The runs each property makes unless it shrinks, and where each property's runs start. */
const RUNS = 30;
const PHOTO_RUNS = 0;
const COMMENT_RUNS = 1_000;
const next = { photo: PHOTO_RUNS, comment: COMMENT_RUNS };

/** Run n's day (its own window) and ids. */
function at(n: number): { day: number; window: string; id: number } {
  const day = D + n * DAY;
  return { day, window: `min_submit_date=${day}&max_submit_date=${day + DAY - 1}`, id: 10 ** 12 + n * 10 };
}
const photoOf = (n: number) => photoRecord(at(n).id, at(n).day + 100);
/** A photo with a comment and its reply, whole (counts as the importer derives them). */
function threadOf(n: number) {
  const { day, id } = at(n);
  const top = { ...commentRecord(id + 1, id, day + 100), replies: 1 };
  return { photo: photoRecord(id, day, 2), top, reply: commentRecord(id + 2, id, day + 200, id + 1, 1, id + 1) };
}
const RUN_INDEXES = (first: number) => Array.from({ length: RUNS }, (_, i) => first + i);

// Every run's records in a few batches before the tests; a run past them (shrinking) imports its own.
beforeAll(() => {
  const threads = RUN_INDEXES(COMMENT_RUNS).map(threadOf);
  return gallery.writeAtOnce(
    [...RUN_INDEXES(PHOTO_RUNS).map(photoOf), ...threads.map((t) => t.photo)],
    threads.flatMap((t) => [t.top, t.reply]),
  );
});

/**
 * The record as the rule shows it with `read` stored at `field`, or REFUSED; and what the log names.
 * A field without a kind is a map (a photo's `user`): the rule reads each of its fields in `read`.
 */
function expected<R extends object>(record: R, field: string, read: unknown, kinds: Readonly<Record<string, Kind>>) {
  const whole = kinds[field] === undefined;
  const map = (typeof read === 'object' && read !== null ? read : {}) as Record<string, unknown>;
  const storedAt = (at: string) => (whole ? map[at.slice(field.length + 1)] : read);
  const fields = whole ? Object.keys(kinds).filter((at) => at.startsWith(`${field}.`)) : [field];
  const shown = fields.map((at) => ({ at, value: RULES[kinds[at]!](storedAt(at)) }));
  if (shown.some(({ value }) => value === REFUSED)) return { record: REFUSED, noted: { refused: [field] } } as const;
  const changed = shown.filter(({ at, value }) => value !== storedAt(at)).map(({ at }) => at);
  let result = record as Record<string, unknown>;
  for (const { at, value } of shown) {
    const [top, sub] = at.split('.') as [string, string | undefined];
    result = { ...result, [top]: sub === undefined ? value : { ...(result[top] as object), [sub]: value } };
  }
  return { record: result as R, noted: changed.length > 0 ? { degraded: changed } : undefined };
}

/** Each of the four requests logged `noted` about `key`, or nothing. */
const expectWarnings = (warnings: Noted[][], key: string, noted: object | undefined) =>
  expect(warnings).toEqual(noted === undefined ? [] : TYPES.map(() => [{ key, ...noted }]));
type Listing<T> = Parameters<typeof expectListing<T>>;
/** A check of what `fetch` answers at a path, in every type: the listing, and the warnings `noted` about `key`, or none. */
function answers<T>(fetch: (path: string, query: string, call: Invoker) => Promise<Listing<T>[0]>, key: string, noted?: object) {
  return async (path: string, query: string, listing: Listing<T>[1]) => {
    const { result, warnings } = await gallery.noted(() => fetch(path, query, gallery.invoke));
    expectListing(result, listing);
    expectWarnings(warnings, key, noted);
  };
}

test('a photo with any value at any field: every photo endpoint answers the rule’s record, or leaves it out', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...Object.keys(PHOTO_FIELDS), 'user'), storedValues, async (field: string, value: Stored) => {
      const n = next.photo++;
      const { day, window, id } = at(n);
      const photo = photoOf(n);
      if (n >= PHOTO_RUNS + RUNS) await gallery.write([photo]);
      await gallery.put(`photo#${id}`, field, value.attribute);
      const { record, noted } = expected(photo, field, value.read, PHOTO_FIELDS);
      const key = `photo#${id}`;
      const items = record === REFUSED ? [] : [photoView(record)];
      const answer = answers(fetchPhotos, key, noted);
      await answer('/galleryphotos', window, { min_date: day, max_date: day + DAY - 1, total: 1, items });
      await answer(`/galleryphotos/${id}`, ALL_TIME, { min_date: 0, total: items.length, items });
      if (record === REFUSED) {
        for (const path of [`/galleryphoto/${id}`, `/galleryphoto/${id}/comments`])
          expectWarnings(await gallery.notFound(path), key, noted);
        return;
      }
      await answer(`/galleryphoto/${id}`, ALL_TIME, { min_date: 0, total: 1, items });
    }),
    { numRuns: RUNS },
  );
});

test('a comment with any value at any field: every comment endpoint answers the rule’s record, or leaves it out', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...Object.keys(COMMENT_FIELDS)), storedValues, async (field: string, value: Stored) => {
      const n = next.comment++;
      const { day, window, id } = at(n);
      const { photo, top, reply } = threadOf(n);
      if (n >= COMMENT_RUNS + RUNS) await gallery.write([photo], [top, reply]);
      const key = `comment#${id + 1}`;
      await gallery.put(key, field, value.attribute);
      const { record, noted } = expected(top, field, value.read, COMMENT_FIELDS);
      const shown = record === REFUSED ? [] : [commentView(record)];
      const R = commentView(reply);
      const answer = answers(fetchComments, key, noted);
      await answer('/galleryphotos/comments', window, { min_date: day, total: 2, items: [R, ...shown] });
      await answer(`/galleryphotos/${id}/comments`, ALL_TIME, { min_date: 0, total: 2, items: [R, ...shown] });
      await answer(`/galleryphoto/${id}/comments`, ALL_TIME, { min_date: 0, total: 1, items: shown });
      const paths = [`/galleryphoto/${id}/comment/${id + 1}`, `/galleryphoto/${id}/comment/${id + 1}/replies`];
      // A comment is one of the photo's when its story is the photo's id (docs/api.md, Endpoints).
      if (record === REFUSED || record.story !== id) {
        for (const path of paths) expectWarnings(await gallery.notFound(path), key, noted);
        return;
      }
      await answer(paths[0]!, ALL_TIME, { min_date: 0, total: 1, items: shown });
      await answer(paths[1]!, ALL_TIME, { min_date: 0, total: 1, items: [R] });
    }),
    { numRuns: RUNS },
  );
});
