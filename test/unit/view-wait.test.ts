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
function hangingStore(): { store: ShortUrlStore; views: string[]; reads: string[] } {
  const views: string[] = [];
  const reads: string[] = [];
  const store = {
    addView: (code: string) => {
      views.push(code);
      return new Promise<ViewResult>(() => {});
    },
    findByCode: async (code: string) => {
      reads.push(code);
      return code === RECORD.code ? RECORD : undefined;
    },
  } as Partial<ShortUrlStore> as ShortUrlStore;
  return { store, views, reads };
}

/** A list of blocked hosts read once, empty: nothing blocked, not due again on the frozen clock. */
async function readList(): Promise<Blocklist> {
  const list = new Blocklist(
    async () => [],
    () => 0,
  );
  await list.refreshIfDue();
  return list;
}

/** Follows the code, and says what it has answered (if anything) after each step of the clock. */
function following(visits: Visits, code: string): () => Visit | undefined | 'waiting' {
  let answer: Visit | undefined | 'waiting' = 'waiting';
  void visits.follow(code).then((visit) => {
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
  const answer = following(new Visits(store, await readList(), known), RECORD.code);
  await jest.advanceTimersByTimeAsync(499);
  expect(answer()).toBe('waiting');
  await jest.advanceTimersByTimeAsync(1);
  expect(answer()).toEqual({ link: RECORD.link, view: 'unconfirmed' });
  // The view was sent once and is not sent again; the remembered link needed no read.
  expect([views, reads]).toEqual([[RECORD.code], []]);
});

test('a link not remembered: after the same 500 ms the link is read, and the visit redirects', async () => {
  const { store, views, reads } = hangingStore();
  const answer = following(new Visits(store, await readList(), new KnownLinks(() => 0)), RECORD.code);
  await jest.advanceTimersByTimeAsync(499);
  expect([answer(), reads]).toEqual(['waiting', []]);
  await jest.advanceTimersByTimeAsync(1);
  expect(answer()).toEqual({ link: RECORD.link, view: 'unconfirmed' });
  expect([views, reads]).toEqual([[RECORD.code], [RECORD.code]]);
});

test('a view answered within the wait is counted, and its link answered at once', async () => {
  let answerView!: (result: ViewResult) => void;
  const store = {
    addView: () => new Promise<ViewResult>((resolve) => (answerView = resolve)),
  } as Partial<ShortUrlStore> as ShortUrlStore;
  const answer = following(new Visits(store, await readList(), new KnownLinks(() => 0)), RECORD.code);
  await jest.advanceTimersByTimeAsync(499);
  answerView({ outcome: 'counted', link: RECORD.link });
  await jest.advanceTimersByTimeAsync(0);
  expect(answer()).toEqual({ link: RECORD.link, view: 'counted' });
});
