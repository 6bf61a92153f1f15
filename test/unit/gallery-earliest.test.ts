/** The earliest-date hint's arithmetic (lib/gallery/earliest.ts): what counts as a hint, and the first member from it in its minute. */
import { earliestKey, firstFrom, hintMinuteKey, hintOf } from '../../lib/gallery/earliest';
import { COMMENTS, PHOTOS } from '../../lib/gallery/layout';

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
