/**
 * The counters' arithmetic (lib/gallery/counters.ts) and the lazy merge (lib/gallery/index-streams.ts),
 * without a database: ranges split into spans that cover them exactly with few items, what a
 * member adds to, and a merge that finds the first entries of sorted streams reading little.
 */
import fc from 'fast-check';
import {
  childEnd,
  childStart,
  counterUpdates,
  spansOf,
  type Span,
  earliestKey,
  firstFrom,
  hintMinuteKey,
  hintOf,
} from '../../lib/gallery/counters';
import { COMMENTS, ORDERS, PHOTOS, SORTS, thread } from '../../lib/gallery/layout';
import { mergeFirst, type EntryStream } from '../../lib/gallery/index-streams';
import type { Ranked } from '../../lib/gallery/records';

// docs/api.md, The gallery's arguments: dates are 0 to 99 999 999 999.
const MAX_DATE = 99_999_999_999;
const DAY = 86_400;
/** Dates near every level's bucket edges, and anywhere. */
const date = fc.oneof(
  fc.integer({ min: 0, max: MAX_DATE }),
  fc
    .tuple(fc.integer({ min: 0, max: 3_000 }), fc.constantFrom(1, 60, 3_600, DAY, 64 * DAY, 4_096 * DAY), fc.integer({ min: -2, max: 2 }))
    .map(([k, w, d]) => Math.min(MAX_DATE, Math.max(0, k * w + d))),
);
const range = fc.tuple(date, date).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));

/** The seconds a span's children cover, as [first, last] runs. */
const covered = (span: Span): [number, number] => [childStart(span, span.from), childEnd(span, span.to)];

describe('spans of a range', () => {
  test('cover it exactly, in time order, without overlap, with at most 13 items and two spans a level', () => {
    fc.assert(
      fc.property(range, ({ from, to }) => {
        const spans = spansOf(from, to);
        const runs = spans.map(covered);
        expect(runs[0]![0]).toBe(from);
        expect(Math.min(runs.at(-1)![1], MAX_DATE)).toBe(to);
        for (let i = 1; i < runs.length; i++) expect(runs[i]![0]).toBe(runs[i - 1]![1] + 1);
        expect(new Set(spans.map((s) => `${s.level}#${s.start}`)).size).toBeLessThanOrEqual(13);
        for (let level = 1; level <= 7; level++) expect(spans.filter((s) => s.level === level).length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 2_000 },
    );
  });

  test('of a 30-day window are at most 9 items, whatever the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30 * DAY, max: MAX_DATE }), (now) => {
        expect(new Set(spansOf(now - 30 * DAY, now).map((s) => `${s.level}#${s.start}`)).size).toBeLessThanOrEqual(9);
      }),
    );
  });

  test('of all time is the root alone', () => {
    expect(spansOf(0, MAX_DATE)).toEqual([{ level: 7, start: 0, from: 0, to: 4 }]);
  });

  test('a member is counted in exactly the spans that cover its date, once', () => {
    fc.assert(
      fc.property(range, date, ({ from, to }, t) => {
        const updates = new Set(counterUpdates(PHOTOS, t, 1).map((u) => `${u.key} ${u.attribute}`));
        const hits = spansOf(from, to).flatMap((span) =>
          Array.from({ length: span.to - span.from + 1 }, (_, i) => span.from + i).filter((k) =>
            updates.has(`count#photos#${span.level}#${span.start} c${k}`),
          ),
        );
        expect(hits.length).toBe(t >= from && t <= to ? 1 : 0);
      }),
      { numRuns: 2_000 },
    );
  });
});

test('a member moves one attribute of one item per level, the root included, under its series’ name', () => {
  const updates = counterUpdates(thread(42), 86_400 + 3_600 + 61, -1);
  const at = (level: number, start: number, attribute: string) => ({ key: `count#photo/42#${level}#${start}`, attribute, delta: -1 });
  const lower = [at(1, 90_060, 'c1'), at(2, 90_000, 'c1'), at(3, 86_400, 'c1'), at(4, 0, 'c1')];
  expect(updates).toEqual([...lower, at(5, 0, 'c0'), at(6, 0, 'c0'), at(7, 0, 'c0')]);
});

describe('the lazy merge', () => {
  const entry = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    date: fc.integer({ min: 0, max: 50 }),
    rank: fc.integer({ min: 0, max: 5 }),
  });

  /** Streams over sorted arrays, counting what each read. */
  function streamsOf(lists: Ranked[][]) {
    const read: number[] = lists.map(() => 0);
    const streams: EntryStream[] = lists.map((list, i) => ({
      remaining: list.length,
      async next(limit) {
        const page = list.slice(read[i], read[i]! + limit);
        read[i]! += page.length;
        return page;
      },
    }));
    return { streams, read };
  }

  test('answers the first entries of the union in the order, reading at most twice what it takes plus one small read a stream', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SORTS),
        fc.array(fc.array(entry, { maxLength: 200 }), { maxLength: 31 }),
        fc.integer({ min: 1, max: 300 }),
        async (sort, raw, need) => {
          // Ids unique across streams, each stream sorted in the order, as an index partition is.
          let next = 1;
          const lists = raw.map((list) => list.map((e) => ({ ...e, id: next++ })).sort(ORDERS[sort]));
          const { streams, read } = streamsOf(lists);
          const merged = await mergeFirst(streams, ORDERS[sort], need);
          expect(merged).toEqual(lists.flat().sort(ORDERS[sort]).slice(0, need));
          expect(read.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * merged.length + 16 * lists.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('stops reading once aborted', async () => {
    const controller = new AbortController();
    const streams: EntryStream[] = [
      {
        remaining: 100,
        next: async () => {
          controller.abort();
          return [{ id: 1, date: 1, rank: 1 }];
        },
      },
    ];
    await expect(mergeFirst(streams, ORDERS['submit_date-asc'], 50, controller.signal)).rejects.toThrow();
  });
});

/** The earliest-date hint's arithmetic (lib/gallery/counters.ts): what counts as a hint, and the first member from it in its minute. */
const MINUTE = 1_100_000_040; // a whole minute

test('a hint is a whole, non-negative number of seconds; anything else is none', () => {
  expect(hintOf({ date: 0 })).toBe(0);
  expect(hintOf({ date: MINUTE + 7 })).toBe(MINUTE + 7);
  for (const date of [undefined, null, -1, 1.5, '12', Number.NaN, 2 ** 60, {}]) expect(hintOf({ date })).toBeUndefined();
  expect(hintOf(undefined)).toBeUndefined();
});

test('each whole-gallery series has its own hint, next to the minute counters it is checked against', () => {
  expect(earliestKey(PHOTOS)).toBe('earliest#photos');
  expect(earliestKey(COMMENTS)).toBe('earliest#comments');
  expect(hintMinuteKey(PHOTOS, MINUTE + 59)).toBe(`count#photos#1#${MINUTE}`);
});

test('the first second from the hint on that holds a member, within the hint’s minute', () => {
  expect(firstFrom(MINUTE + 10, { c10: 1 })).toBe(MINUTE + 10);
  expect(firstFrom(MINUTE + 10, { c3: 4, c12: 1, c40: 2 })).toBe(MINUTE + 12);
  expect(firstFrom(MINUTE + 59, { c59: 1 })).toBe(MINUTE + 59);
  // Members before the hint cannot be (the hint is a lower bound): they do not count.
  expect(firstFrom(MINUTE + 10, { c3: 4 })).toBeUndefined();
  expect(firstFrom(MINUTE + 10, { c12: 0 })).toBeUndefined();
  expect(firstFrom(MINUTE, undefined)).toBeUndefined();
});
