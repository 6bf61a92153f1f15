/**
 * The date indexes' key range (lib/gallery/layout.ts, dateKeyRange): every date_key of a date in
 * the range lies between its bounds, also for a range reaching past the last date there can be
 * (a 30-day window from a late min_submit_date), whose upper bound would otherwise sort first.
 */
import fc from 'fast-check';
import { dateKeyRange, sortKeys } from '../../lib/gallery/layout';

// docs/api.md, The gallery's arguments: dates are 0 to 99 999 999 999.
const MAX_DATE = 99_999_999_999;
const DAY = 86_400;
const THIRTY_DAYS = 30 * DAY;

test('every date_key of a date in the range lies between its bounds, the bounds in order', () => {
  const [froms, widths] = [fc.integer({ min: 0, max: MAX_DATE }), fc.integer({ min: 0, max: THIRTY_DAYS })];
  const [ats, ids] = [fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })];
  fc.assert(
    fc.property(froms, widths, ats, ids, (from, width, at, id) => {
      const [lo, hi] = dateKeyRange(from, from + width);
      expect(lo <= hi).toBe(true);
      const date = Math.min(MAX_DATE, from + Math.floor(at * width));
      const key = sortKeys({ date, id, rank: 0 }).date_key;
      expect(lo <= key && key <= hi).toBe(true);
    }),
  );
});

test('a range reaching past the last date ends at it', () => {
  const [lo, hi] = dateKeyRange(MAX_DATE - DAY, MAX_DATE + THIRTY_DAYS);
  expect(hi.startsWith(`${MAX_DATE}#`)).toBe(true);
  expect(lo < hi).toBe(true);
});
