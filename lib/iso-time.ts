/**
 * ISO 8601 moments and intervals as the settings give them (docs/api.md, Retirement): a date
 * (midnight UTC) or a UTC date-time, and `start/end` or `start/duration`. Only real moments:
 * Date rolls impossible ones over (2027-02-30 is 2 March), so each is read back to be sure.
 */

/** A moment as a setting gives it: epoch milliseconds, and as messages write it. */
export interface Moment {
  readonly at: number;
  readonly text: string;
}

/** From `start` (inclusive) to `end` (exclusive), epoch milliseconds. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?Z$/;
const DURATION = /^P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?)$/;

/** A moment written to the second, in UTC: 2027-06-30T12:00:00Z. */
export const isoSeconds = (at: number): string => `${new Date(at).toISOString().slice(0, 19)}Z`;

/** An ISO 8601 date, or a UTC date-time, as a moment (a date-time written to the second); undefined when it is neither. */
export function momentOf(text: string): Moment | undefined {
  const parts = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (parts === null) return undefined;
  // A date has no time: its hours, minutes and seconds are 0.
  const [year, month, day, hours, minutes, seconds] = [1, 2, 3, 4, 5, 6].map((group) => Number(parts[group] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const back = new Date(at);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hours &&
    back.getUTCMinutes() === minutes &&
    back.getUTCSeconds() === seconds;
  if (!real) return undefined;
  return { at, text: DATE.test(text) ? text : isoSeconds(at) };
}

/** An ISO 8601 duration in weeks, or in days, hours, minutes and seconds, as milliseconds. */
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

/** `start/end` or `start/duration`, ending after it starts; undefined when it is not one. */
export function intervalOf(text: string): Interval | undefined {
  const [first, second, ...rest] = text.split('/');
  const start = momentOf(first ?? '');
  if (start === undefined || second === undefined || rest.length > 0) return undefined;
  const end = second.startsWith('P') ? start.at + (durationOf(second) ?? 0) : momentOf(second)?.at;
  return end !== undefined && end > start.at ? { start: start.at, end } : undefined;
}
