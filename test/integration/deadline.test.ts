/**
 * Deadlines (docs/api.md, Errors: deadlines): a database that does not answer in time gives the
 * database error (503, Retry-After, code 500; the short-link host its 503 page) before the
 * function's timeout, and nothing more is read once a request is answered. jest's fake timers
 * are the functions' clock, moved only while they wait on the database (held behind
 * test/support/database-on-hold.ts), so each answer comes at an exact moment however busy the machine.
 *
 * @jest-environment ./test/support/node-errors-environment.ts
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DAY } from '../../lib/gallery/layout';
import { expectError, TYPES } from '../support/expect-error';
import { targetFor } from '../support/gallery-answers';
import type { GalleryData } from '../support/gallery-fixtures';
import { DatabaseOnHold } from '../support/database-on-hold';
import { invoke, invokeShortLink, type Invocation } from '../support/invoke';
import { answering, aTurn, slowDatabase, TEST_CLOCK, type Answering, type Read } from '../support/slow-database';

jest.setTimeout(60_000);
// middy takes its deadline's timer from node:timers, which jest's fake timers leave real: sent to
// the global one, the deadline is on the test's clock too. Set before any handler is loaded.
jest.doMock('node:timers', () => ({
  ...jest.requireActual<typeof import('node:timers')>('node:timers'),
  setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args),
}));

let database: DatabaseOnHold;
let functionsClient: DynamoDBDocumentClient;
let data: GalleryData | undefined;
const savedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;

/** The function's time left at the call; the deadline is one second before its end (docs/design-notes.md, Deadlines). */
const REMAINING_MS = 2_500;
const DEADLINE_MARGIN_MS = 1_000;
const DEADLINE_MS = REMAINING_MS - DEADLINE_MARGIN_MS;
let windowStart: number;
let photoId: number;
let code: string;

beforeAll(async () => {
  database = await DatabaseOnHold.start(savedEndpoint!);
  // The functions' document client takes the endpoint of the moment it is first loaded.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
  const gallery = await import('../support/gallery-fixtures');
  functionsClient = (await import('../../lib/db/client')).documentClient;
  windowStart = await gallery.claimRange(3 * DAY, { years: [2012, 2014] });
  data = new gallery.GalleryData();
  const photos = [0, 1, 2].map((day) => data!.photo(windowStart + day * DAY));
  data.comment(photos[0]!, windowStart + 60);
  await data.save();
  photoId = photos[0]!.id;
  const created = await invoke(targetFor('/url/short/create', 'url=https%3A%2F%2Fdeadline.test%2F', 'json'));
  code = (JSON.parse(created.body) as { shorturls: Array<{ short_url: string }> }).shorturls[0]!.short_url.split('/').pop()!;
});

afterAll(async () => {
  database?.letGo();
  await data?.remove();
  await database?.stop();
  process.env.AWS_ENDPOINT_URL_DYNAMODB = savedEndpoint;
});

beforeEach(() => jest.useFakeTimers(TEST_CLOCK));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('a database that does not answer', () => {
  beforeEach(() => database.hold());
  afterEach(() => database.letGo());

  /** Once every read sent is held, the clock goes to just before the deadline (no answer yet), then to it. */
  async function answeredAtTheDeadline(call: () => Promise<Invocation>): Promise<Invocation> {
    const { reads, firstSent } = slowDatabase(functionsClient, () => 0);
    const heldBefore = database.held;
    const answer = answering(call);
    await firstSent;
    for (let sent = 0; sent !== reads.length; await aTurn()) {
      sent = reads.length;
      await database.whenHeld(heldBefore + sent);
    }
    await jest.advanceTimersByTimeAsync(DEADLINE_MS - 1);
    await aTurn();
    expect(answer.at).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    await aTurn();
    expect(answer.after).toBe(DEADLINE_MS);
    expect(answer.after).toBeLessThan(REMAINING_MS);
    return answer.invocation;
  }

  test.each([
    ['a gallery listing', `/galleryphotos`, `min_submit_date=WINDOW&sort=digg_count-desc`],
    ['a photo', '/galleryphoto/PHOTO', ''],
    ['a short URL lookup', '/url/short/CODE', ''],
  ])('%s is answered 503 with Retry-After in every type at the deadline, before the function times out', async (_, path, query) => {
    const target = path.replace('PHOTO', String(photoId)).replace('CODE', code);
    for (const type of TYPES) {
      const answer = await answeredAtTheDeadline(() =>
        invoke(targetFor(target, query.replace('WINDOW', String(windowStart)), type), { remainingMs: REMAINING_MS }),
      );
      expectError(answer, type, 500, 503, { detail: false });
      expect(answer.headers['retry-after']).toBe('1');
    }
  });

  test('a visit to a short link gets the 503 page at the deadline', async () => {
    const answer = await answeredAtTheDeadline(() => invokeShortLink(`/${code}`, { remainingMs: REMAINING_MS }));
    expect(answer).toMatchObject({ statusCode: 503, headers: { 'retry-after': '1', 'content-type': 'text/html; charset=utf-8' } });
  });
});

/** A busy database's answer time, on the test's clock. */
const DELAY_MS = 400;
const diggPage = (remainingMs: number) => () =>
  invoke(targetFor('/galleryphotos', `min_submit_date=${windowStart}&sort=digg_count-desc`, 'json'), { remainingMs });
/** The reads that had not ended when the request was answered: none may be left, nor start after. */
const notEndedBefore = (reads: readonly Read[], answer: Answering<unknown>) =>
  reads.filter((read) => read.ended === undefined || read.ended.seq > answer.at!.seq);

describe('a request that has been answered reads no more', () => {
  test('at its deadline: the reads in flight are aborted and none starts after', async () => {
    const database = slowDatabase(functionsClient, () => DELAY_MS);
    // A digg-sorted page takes three rounds of reads (counters, day partitions, photos): the
    // first is answered at DELAY_MS, the second is in flight at the deadline, 600 ms in.
    const answer = await database.calling(diggPage(1_600));
    await database.advance(1_600 - DEADLINE_MARGIN_MS);
    expect(answer.after).toBe(1_600 - DEADLINE_MARGIN_MS);
    expectError(await answer.invocation, 'json', 500, 503, { detail: false });
    // The rest of the function's time and more: a read started now would show.
    await database.advance(10 * DELAY_MS);
    const { reads } = database;
    expect(notEndedBefore(reads, answer)).toEqual([]);
    expect(reads.filter((read) => read.outcome === 'answered').length).toBeGreaterThan(0);
    const inFlight = reads.filter((read) => read.outcome !== 'answered');
    expect(inFlight.length).toBeGreaterThan(0);
    for (const read of inFlight) expect(read).toMatchObject({ outcome: 'AbortError', ended: { at: answer.at!.at } });
  });

  test('answered before its deadline (404): nothing more is read', async () => {
    // The photo is read with its thread's counters and the min_date hint; there is no such photo.
    const database = slowDatabase(functionsClient, () => DELAY_MS);
    const answer = await database.calling(() =>
      invoke(targetFor('/galleryphoto/987654321987/comments', 'sort=digg_count-asc', 'json'), { remainingMs: 9_000 }),
    );
    await database.advance(DELAY_MS);
    expect(answer.after).toBe(DELAY_MS);
    expectError(await answer.invocation, 'json', 404, 404);
    await database.advance(9_000);
    expect(database.reads.length).toBeGreaterThan(0);
    expect(notEndedBefore(database.reads, answer)).toEqual([]);
  });

  test('answered before its deadline (a read failed, 503): the reads beside it are aborted, and none starts after', async () => {
    // The listing's second round is three queries: the first fails; the others would never be answered.
    const throttled = Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    const database = slowDatabase(
      functionsClient,
      (_, index) => (index <= 1 ? DELAY_MS : Infinity),
      (_, index) => (index === 1 ? throttled : undefined),
    );
    const answer = await database.calling(diggPage(9_000));
    await database.advance(2 * DELAY_MS);
    expect(answer.after).toBe(2 * DELAY_MS);
    expectError(await answer.invocation, 'json', 500, 503, { detail: false });
    await database.advance(9_000);
    const { reads } = database;
    expect(reads.map((read) => read.outcome)).toEqual(['answered', 'ThrottlingException', 'AbortError', 'AbortError']);
    expect(notEndedBefore(reads, answer)).toEqual([]);
    for (const read of reads.slice(2)) expect(read.ended!.at).toBe(answer.at!.at);
  });
});
