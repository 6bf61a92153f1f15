/**
 * Retiring the API on the operator's schedule (docs/api.md, Retirement). Four groups retire
 * apart: `gallery` (the gallery's endpoints), `api` (every path of the API host, the gallery's
 * included), `create` (`/url/short/create`) and `links` (the short-link host). Each may have a
 * sunset, from which it answers 410, and brownout windows, inside which it answers 410 for a
 * while before; until its sunset its answers carry `Sunset`. The schedule is read from the
 * environment once, when a container starts (./config.ts); a request's verdict is a comparison
 * of the clock with it, and no request of a group without a schedule even reads the clock.
 */

import { ConfigError, quoted } from './api-error';
import { type Interval, intervalOf, isoSeconds, type Moment, momentOf } from './iso-time';

export const GROUPS = ['gallery', 'api', 'create', 'links'] as const;
export type Group = (typeof GROUPS)[number];

export interface GroupSchedule {
  readonly sunset?: Moment;
  /** Its brownout windows. */
  readonly brownouts: readonly Interval[];
}

export type Schedule = Readonly<Record<Group, GroupSchedule>>;

/** What a request of some groups answers now: as usual (with `Sunset` when one is set), or 410. */
export type Verdict =
  | { readonly answer: 'as usual'; readonly sunset?: string }
  | {
      readonly answer: 'gone';
      readonly group: Group;
      readonly why: 'sunset' | 'brownout';
      readonly message: string;
      readonly sunset?: string;
    };

/** The settings of a group: `GALLERY_SUNSET_DATE`, `GALLERY_BROWNOUTS`, … */
export const sunsetVariable = (group: Group) => `${group.toUpperCase()}_SUNSET_DATE`;
export const brownoutsVariable = (group: Group) => `${group.toUpperCase()}_BROWNOUTS`;

// What a date setting is, in every message refusing one.
const MOMENTS = 'from 1970-01-01 to 9999-12-31T23:59:59Z';

/** A date setting's moment; a ConfigError, which stops the container, naming the setting when the value is not one. */
export function momentSetting(name: string, text: string): Moment {
  const moment = momentOf(text);
  if (moment === undefined)
    throw new ConfigError(
      `${name} must be an ISO 8601 date (2027-06-30) or UTC date-time (2027-06-30T12:00:00Z) ${MOMENTS}, not ${quoted(text)}`,
    );
  return moment;
}

/** The schedule the environment gives; a ConfigError naming the setting when a value is not one. */
export function readSchedule(env: Readonly<Record<string, string | undefined>>): Schedule {
  const entries = GROUPS.map((group): [Group, GroupSchedule] => {
    const sunsetText = env[sunsetVariable(group)] ?? '';
    const sunset = sunsetText === '' ? undefined : momentSetting(sunsetVariable(group), sunsetText);
    const brownouts = (env[brownoutsVariable(group)] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const window = intervalOf(part);
        if (window === undefined)
          throw new ConfigError(
            `${brownoutsVariable(group)} must be ISO 8601 intervals in UTC, start/end or start/duration (2027-05-01T14:00:00Z/PT1H), ${MOMENTS}, separated by commas; ${quoted(part)} is not one`,
          );
        return window;
      });
    return [group, { ...(sunset === undefined ? {} : { sunset }), brownouts }];
  });
  return Object.fromEntries(entries) as Record<Group, GroupSchedule>;
}

/** Whether any of the groups has a sunset or a brownout: when none has, no request needs a verdict. */
export const isScheduled = (schedule: Schedule, groups: readonly Group[]): boolean =>
  groups.some((group) => schedule[group].sunset !== undefined || schedule[group].brownouts.length > 0);

/** The earliest sunset any of the groups has: when an endpoint of them all retires. */
function earliestSunset(schedule: Schedule, groups: readonly Group[]): { group: Group; sunset: Moment } | undefined {
  let earliest: { group: Group; sunset: Moment } | undefined;
  for (const group of groups) {
    const { sunset } = schedule[group];
    if (sunset !== undefined && (earliest === undefined || sunset.at < earliest.sunset.at)) earliest = { group, sunset };
  }
  return earliest;
}

/** The `Sunset` header of the groups: the earliest sunset any of them has (an HTTP date), if any. */
export function sunsetHeader(schedule: Schedule, groups: readonly Group[]): string | undefined {
  const earliest = earliestSunset(schedule, groups);
  return earliest === undefined ? undefined : new Date(earliest.sunset.at).toUTCString();
}

/**
 * What a request of `groups` answers at `now` (epoch ms): gone from the earliest sunset, else
 * gone inside any of their brownout windows, else as usual; `Sunset` either way, when one is
 * set. A brownout's message names the sunset coming, the earliest, as `Sunset` does.
 */
export function verdict(schedule: Schedule, groups: readonly Group[], now: number): Verdict {
  const earliest = earliestSunset(schedule, groups);
  const header = earliest === undefined ? {} : { sunset: new Date(earliest.sunset.at).toUTCString() };
  if (earliest !== undefined && earliest.sunset.at <= now)
    return { answer: 'gone', group: earliest.group, why: 'sunset', message: `retired on ${earliest.sunset.text}`, ...header };
  for (const group of groups) {
    const window = schedule[group].brownouts.find(({ start, end }) => start <= now && now < end);
    if (window === undefined) continue;
    const message = earliest === undefined ? `brownout until ${isoSeconds(window.end)}` : `retiring on ${earliest.sunset.text}`;
    return { answer: 'gone', group, why: 'brownout', message, ...header };
  }
  return { answer: 'as usual', ...header };
}
