/**
 * lib/iso-time.ts: the settings' UTC forms (docs/api.md, Retirement) and a short-link CSV's wider ones
 * (docs/shorturls.md), calendar-checked and held to 1970-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, and intervals.
 */
import fc from 'fast-check';
import { intervalOf, momentOf } from '../../lib/iso-time';

const at = (text: string) => Date.parse(text);

describe('the settings’ form', () => {
  test.each([
    ['2027-06-30', '2027-06-30T00:00:00Z', '2027-06-30'],
    ['2027-06-30T12:30Z', '2027-06-30T12:30:00Z', '2027-06-30T12:30:00Z'],
    ['2027-06-30T12:30:45Z', '2027-06-30T12:30:45Z', '2027-06-30T12:30:45Z'],
  ])('%s is the moment %s, written %s', (text, moment, written) => {
    expect(momentOf(text)).toEqual({ at: at(moment), text: written });
  });

  const CSV_ONLY = ['2027-06-30 12:30:45Z', '2027-06-30T12:30:45.5Z', '2027-06-30T12:30:45+01:00', '2027-06-30T12:30:45'];
  test.each(CSV_ONLY)('%s, a form only a CSV may give, is not one', (text) => {
    expect(momentOf(text)).toBeUndefined();
    expect(momentOf(text, 'exported')).toBeDefined();
  });
});

describe('the exported forms', () => {
  test.each([
    ['2019-03-04 05:06:07', '2019-03-04T05:06:07Z'],
    ['2019-03-04T05:06:07', '2019-03-04T05:06:07Z'],
    ['2019-03-04 05:06', '2019-03-04T05:06:00Z'],
    ['2019-03-04T06:06:07+01:00', '2019-03-04T05:06:07Z'],
    ['2019-03-04T06:06:07+0100', '2019-03-04T05:06:07Z'],
    ['2019-03-03T23:36:07-05:30', '2019-03-04T05:06:07Z'],
    ['2019-03-04 05:06:07.25Z', '2019-03-04T05:06:07.250Z'],
    ['2019-03-04T05:06:07.123456789Z', '2019-03-04T05:06:07.123Z'],
    ['2019-03-04', '2019-03-04T00:00:00Z'],
  ])('%s is %s', (text, moment) => {
    expect(momentOf(text, 'exported')?.at).toBe(at(moment));
  });

  const NO_SUCH_DAY = ['2027-02-30 12:00:00', '2027-02-29', '2028-02-30T00:00:00Z', '2100-02-29', '2027-04-31 00:00'];
  const NO_SUCH_MONTH_OR_TIME = ['2027-13-01', '2027-00-10', '2027-06-30 24:00', '2027-06-30 12:60', '2027-06-30 12:00:60'];
  const NO_SUCH_OFFSET = ['2027-06-30T12:00:00+24:00', '2027-06-30T12:00:00+01:60', '2027-06-30T12:00:00+1'];
  const OTHER_FORMS = ['2027-06-30t12:00:00z', '2027-6-30', '27-06-30', '1551675967'];
  test.each([...NO_SUCH_DAY, ...NO_SUCH_MONTH_OR_TIME, ...NO_SUCH_OFFSET, ...OTHER_FORMS])('%s is not a moment', (text) => {
    expect(momentOf(text, 'exported')).toBeUndefined();
  });
});

describe('the moments carried: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z', () => {
  test.each([
    ['1970-01-01T00:00:00Z', 0],
    ['1970-01-01', 0],
    ['9999-12-31T23:59:59Z', 253_402_300_799_000],
  ])('%s is carried, at its bound', (text, moment) => {
    expect(momentOf(text)?.at).toBe(moment);
    expect(momentOf(text, 'exported')?.at).toBe(moment);
  });

  test.each([
    ['1970-01-01T01:00:00+01:00', 0],
    ['1970-01-01 00:00:00', 0],
    ['9999-12-31 23:59:59.999', 253_402_300_799_999],
    ['9999-12-31T23:59:59.999+00:00', 253_402_300_799_999],
  ])('exported, %s is the moment %d', (text, moment) => {
    expect(momentOf(text, 'exported')?.at).toBe(moment);
  });

  test.each(['1969-12-31T23:59:59Z', '1969-12-31', '0000-01-01', '0099-12-31'])('%s, before 1970, is not carried', (text) => {
    expect(momentOf(text)).toBeUndefined();
    expect(momentOf(text, 'exported')).toBeUndefined();
  });

  const OFFSET_PAST = ['1970-01-01T00:59:59+01:00', '9999-12-31T23:59:59-00:01', '9999-12-31T23:00:00-01:00'];
  test.each(OFFSET_PAST)('%s, one second past a bound once its offset is applied, is not carried', (text) => {
    expect(momentOf(text, 'exported')).toBeUndefined();
  });
});

/** The days of a month by the Gregorian rule: February has 29 in years divisible by 4, except centuries not divisible by 400. */
const daysIn = (year: number, month: number): number => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
};
const two = (n: number) => String(n).padStart(2, '0');

test('a date is a moment exactly when its day is in its month, in both forms, and is midnight UTC', () => {
  const [years, months, days] = [fc.integer({ min: 1970, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })];
  fc.assert(
    fc.property(years, months, days, (year, month, day) => {
      const text = `${year}-${two(month)}-${two(day)}`;
      const expected = day <= daysIn(year, month) ? Date.UTC(year, month - 1, day) : undefined;
      expect(momentOf(text)?.at).toBe(expected);
      expect(momentOf(`${text} 00:00:00`, 'exported')?.at).toBe(expected);
    }),
  );
});

test('an exported date-time with an offset is the moment that offset names', () => {
  const moments = fc.integer({ min: 0, max: 253_402_300_799 }).map((seconds) => seconds * 1000);
  const offsets = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
  fc.assert(
    fc.property(moments, offsets, fc.constantFrom(':', ''), fc.constantFrom('T', ' '), (moment, offset, colon, separator) => {
      const local = new Date(moment + offset * 60_000).toISOString();
      const sign = offset < 0 ? '-' : '+';
      const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}${colon}${two(Math.abs(offset) % 60)}`;
      const text = `${local.slice(0, 10)}${separator}${local.slice(11, 19)}${zone}`;
      // Written with its offset, a moment near a bound may fall on a year the form cannot write.
      fc.pre(/^\d{4}-/.test(local));
      expect(momentOf(text, 'exported')?.at).toBe(moment);
    }),
  );
});

describe('an interval ends by 9999-12-31T23:59:59Z, however it is written', () => {
  test.each([
    ['9999-12-31T23:59:58Z/PT1S', '9999-12-31T23:59:59Z'],
    ['9999-12-31T23:59:58Z/9999-12-31T23:59:59Z', '9999-12-31T23:59:59Z'],
    ['9999-12-24T23:59:59Z/P1W', '9999-12-31T23:59:59Z'],
    ['1970-01-01/PT1S', '1970-01-01T00:00:01Z'],
  ])('%s ends at %s', (text, end) => {
    expect(intervalOf(text)?.end).toBe(at(end));
  });

  test.each([
    ['ending a second past the bound', '9999-12-31T23:59:59Z/PT1S'],
    ['ending a day past the bound', '9999-12-25T00:00:00Z/P7D'],
    ['ending a second past the bound, in days and seconds', '9999-12-24T23:59:59Z/P7DT1S'],
    ['of P99999999W', '2020-01-01T00:00:00Z/P99999999W'],
    ['of PT99999999999999999999999S', '2020-01-01T00:00:00Z/PT99999999999999999999999S'],
    ['of 400 digits of days', `2020-01-01T00:00:00Z/P${'9'.repeat(400)}D`],
    ['of 400 digits of hours', `2020-01-01T00:00:00Z/PT${'9'.repeat(400)}H`],
    ['starting before 1970', '1969-12-31T23:59:59Z/PT1S'],
  ])('an interval %s is not one', (_name, text) => {
    expect(intervalOf(text)).toBeUndefined();
  });
});
