/**
 * ISO 8601 moments and intervals, read by one parser: the settings give them in a UTC subset
 * (docs/api.md, Retirement), the short-link import's CSV in the forms shorteners export
 * (docs/shorturls.md, Import). Only real moments the service carries: Date rolls impossible ones
 * over (2027-02-30 is 2 March), so each is read back to be sure, and each lies from
 * 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the last second four-digit years write.
 */

/** A moment as given: epoch milliseconds, and as messages write it. */
export interface Moment {
  readonly at: number;
  readonly text: string;
}

/** From `start` (inclusive) to `end` (exclusive), epoch milliseconds. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

/**
 * How a moment may be written: `utc`, as the settings write it (a date, midnight UTC, or a
 * date-time with `T` and `Z`, the seconds optional); `exported`, also with a space for the `T`,
 * fractional seconds, and an offset (`+01:00`, `+0100`) or no zone, which means UTC.
 */
export type MomentForm = 'utc' | 'exported';

/** The last second the service carries, in epoch seconds: 9999-12-31T23:59:59Z. */
export const LAST_EPOCH_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

/** Whether a moment (epoch milliseconds) lies in a second from 1970-01-01T00:00:00Z to LAST_EPOCH_SECOND. */
const isCarried = (at: number): boolean => at >= 0 && Math.floor(at / 1000) <= LAST_EPOCH_SECOND;

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/;
const DURATION = /^P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?)$/;

/** A moment written to the second, in UTC: 2027-06-30T12:00:00Z. */
export const isoSeconds = (at: number): string => `${new Date(at).toISOString().slice(0, 19)}Z`;

/** An ISO 8601 moment written in `form`, as a moment (a date-time written to the second); undefined when it is not one the service carries. */
export function momentOf(text: string, form: MomentForm = 'utc'): Moment | undefined {
  const parts = MOMENT.exec(text);
  if (parts === null) return undefined;
  const [, , , , separator, , , , fraction, zone, sign, offsetHours = '0', offsetMinutes = '0'] = parts;
  if (form === 'utc' && separator !== undefined && (separator !== 'T' || fraction !== undefined || zone !== 'Z')) return undefined;
  // A date has no time: its hours, minutes and seconds are 0.
  const fields = [1, 2, 3, 5, 6, 7].map((group) => Number(parts[group] ?? 0));
  const [year, month, day, hours, minutes, seconds] = fields as [number, number, number, number, number, number];
  const local = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const back = new Date(local);
  const readBack = [
    back.getUTCFullYear(),
    back.getUTCMonth() + 1,
    back.getUTCDate(),
    back.getUTCHours(),
    back.getUTCMinutes(),
    back.getUTCSeconds(),
  ];
  const real = readBack.every((field, index) => field === fields[index]);
  if (!real || Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const at = local - offset + Math.floor(Number(`0${fraction ?? ''}`) * 1000);
  if (!isCarried(at)) return undefined;
  return { at, text: separator === undefined ? text : isoSeconds(at) };
}

/** An ISO 8601 duration in weeks, or in days, hours, minutes and seconds, as milliseconds (Infinity past what a number holds). */
function durationOf(text: string): number | undefined {
  const parts = DURATION.exec(text);
  if (parts === null || text === 'P' || text.endsWith('T')) return undefined;
  const [weeks, days, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return ((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
}

/** `start/end` or `start/duration` in the settings' UTC form, ending after it starts and by LAST_EPOCH_SECOND; undefined when it is not one. */
export function intervalOf(text: string): Interval | undefined {
  const [first, second, ...rest] = text.split('/');
  const start = momentOf(first ?? '');
  if (start === undefined || second === undefined || rest.length > 0) return undefined;
  const end = second.startsWith('P') ? start.at + (durationOf(second) ?? 0) : momentOf(second)?.at;
  return end !== undefined && end > start.at && isCarried(end) ? { start: start.at, end } : undefined;
}

/** The current Unix time in whole seconds, as every `timestamp` field carries it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Waits `ms` milliseconds: the backoff between retries. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
