/**
 * The wait for a view (docs/api.md, Short URLs: Views): a redirect waits for its view "at most
 * 0.5 s", then answers with the link it has. Pinned on a clock the test holds (jest's fake
 * timers), with a store whose view never answers: no answer at 499 ms, the redirect at 500 ms.
 */
import { Blocklist } from '../../lib/shorturls/blocklist';
import { KnownLinks } from '../../lib/shorturls/known-links';
import type { ShortUrlRecord, ShortUrlStore, ViewResult } from '../../lib/shorturls/store';
import { type Visit, Visits } from '../../lib/shorturls/visits';

const RECORD: ShortUrlRecord = { code: 'AbC1234', link: 'https://views.example/story', itemid: 7, view_count: 3 };

/** A store whose view is sent and never answered (a database that hangs); the record reads at once. */
function hangingStore() {
  const addView = jest.fn((_code: string) => new Promise<ViewResult>(() => {}));
  const findByCode = jest.fn(async (code: string) => (code === RECORD.code ? RECORD : undefined));
  const store = { addView, findByCode } as Partial<ShortUrlStore> as ShortUrlStore;
  // The codes each was called with, as the calls come.
  return { store, views: addView.mock.calls, reads: findByCode.mock.calls };
}

const noHosts = async () => [];

/**
 * Follows RECORD's code with `store` and `known` links, no host blocked (the list read once, not due
 * again on the frozen clock), and says what it has answered (if anything) after each step of the clock.
 */
async function following(store: ShortUrlStore, known = new KnownLinks(() => 0)): Promise<() => Visit | undefined | 'waiting'> {
  const list = new Blocklist(noHosts, () => 0);
  await list.refreshIfDue();
  let answer: Visit | undefined | 'waiting' = 'waiting';
  void new Visits(store, list, known).follow(RECORD.code).then((visit) => {
    answer = visit;
  });
  return () => answer;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a link the container remembers: the view is waited for 500 ms exactly, then the visit redirects, unconfirmed', async () => {
  const { store, views, reads } = hangingStore();
  const known = new KnownLinks(() => 0);
  known.remember(RECORD.code, RECORD.link);
  const answer = await following(store, known);
  await jest.advanceTimersByTimeAsync(499);
  expect(answer()).toBe('waiting');
  await jest.advanceTimersByTimeAsync(1);
  expect(answer()).toEqual({ link: RECORD.link, view: 'unconfirmed' });
  // The view was sent once and is not sent again; the remembered link needed no read.
  expect([views, reads]).toEqual([[[RECORD.code]], []]);
});

test('a link not remembered: after the same 500 ms the link is read, and the visit redirects', async () => {
  const { store, views, reads } = hangingStore();
  const answer = await following(store);
  await jest.advanceTimersByTimeAsync(499);
  expect([answer(), reads]).toEqual(['waiting', []]);
  await jest.advanceTimersByTimeAsync(1);
  expect(answer()).toEqual({ link: RECORD.link, view: 'unconfirmed' });
  expect([views, reads]).toEqual([[[RECORD.code]], [[RECORD.code, 'skipped']]]);
});

test('a view answered within the wait is counted, and its link answered at once', async () => {
  let answerView!: (result: ViewResult) => void;
  const store = { addView: () => new Promise<ViewResult>((resolve) => (answerView = resolve)) } as Partial<ShortUrlStore> as ShortUrlStore;
  const answer = await following(store);
  await jest.advanceTimersByTimeAsync(499);
  answerView({ outcome: 'counted', link: RECORD.link });
  await jest.advanceTimersByTimeAsync(0);
  expect(answer()).toEqual({ link: RECORD.link, view: 'counted' });
});

/**
 * A hot link's first visits arrive together, before any has told the container its link: they
 * share one read of it (docs/api.md, Views), so that its key is not read once a visit.
 */
test.each([
  ['the view is late', true],
  ['the blocked hosts are due', false],
])('50 visits at once to a code not remembered read it once when %s', async (_when, listRead) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const findByCode = jest.fn(async () => {
    await held;
    return RECORD;
  });
  const store = { addView: () => new Promise<ViewResult>(() => {}), findByCode } as Partial<ShortUrlStore> as ShortUrlStore;
  const list = new Blocklist(noHosts, () => 0);
  if (listRead) await list.refreshIfDue();
  const visits = new Visits(store, list, new KnownLinks(() => 0));
  const answers = Promise.all(Array.from({ length: 50 }, () => visits.follow(RECORD.code)));
  await jest.advanceTimersByTimeAsync(500);
  release();
  await jest.advanceTimersByTimeAsync(500);
  expect(await answers).toEqual(Array(50).fill({ link: RECORD.link, view: 'unconfirmed' }));
  expect(findByCode).toHaveBeenCalledTimes(1);
});
