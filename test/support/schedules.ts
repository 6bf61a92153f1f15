/** Random retirement settings (docs/api.md, Retirement) in every written form, beside what they mean (epoch ms). */
import fc from 'fast-check';
import { GROUPS, type Group } from '../../lib/retirement-schedule';

/** A sunset as meant (when, and as messages write it: as set for a date, to the second for a date-time) and brownout windows. */
export interface MeantGroup {
  readonly sunset?: { readonly at: number; readonly text: string };
  readonly brownouts: readonly { readonly start: number; readonly end: number }[];
}

/** env: `GALLERY_SUNSET_DATE`, `GALLERY_BROWNOUTS`, … (empty when unset). */
interface Settings {
  readonly env: Record<string, string>;
  readonly meant: Record<Group, MeantGroup>;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2031, 0, 1);
const iso = (at: number) => new Date(at).toISOString();
/** 2027-06-30T12:00:00Z */
export const toSecond = (at: number) => `${iso(at).slice(0, 19)}Z`;

/** A moment in one of the three forms: a date, a date-time to the minute, or to the second. */
const moment = (): fc.Arbitrary<{ meant: NonNullable<MeantGroup['sunset']>; written: string }> =>
  fc.tuple(fc.integer({ min: FROM / SECOND, max: TO / SECOND }), fc.constantFrom(DAY, MINUTE, SECOND)).map(([seconds, unit]) => {
    const at = seconds * SECOND - ((seconds * SECOND) % unit);
    const written = unit === DAY ? iso(at).slice(0, 10) : unit === MINUTE ? `${iso(at).slice(0, 16)}Z` : toSecond(at);
    return { meant: { at, text: unit === DAY ? written : toSecond(at) }, written };
  });

/** A positive ISO 8601 duration: weeks alone, or days, hours, minutes and seconds (each may be left out). */
const duration = (): fc.Arbitrary<{ ms: number; written: string }> =>
  fc.oneof(
    fc.integer({ min: 1, max: 8 }).map((weeks) => ({ ms: weeks * 7 * DAY, written: `P${weeks}W` })),
    fc
      .tuple(fc.nat(10), fc.nat(30), fc.nat(150), fc.nat(4000))
      .filter(([days, hours, minutes, seconds]) => days + hours + minutes + seconds > 0)
      .map(([days, hours, minutes, seconds]) => {
        const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
        const ms = days * DAY + hours * HOUR + minutes * MINUTE + seconds * SECOND;
        return { ms, written: `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}` };
      }),
  );

/** A brownout window, `start/end` or `start/duration`. */
const window = (): fc.Arbitrary<{ meant: MeantGroup['brownouts'][number]; written: string }> =>
  fc.oneof(
    fc.tuple(moment(), duration()).map(([start, length]) => ({
      meant: { start: start.meant.at, end: start.meant.at + length.ms },
      written: `${start.written}/${length.written}`,
    })),
    fc
      .tuple(moment(), moment())
      .filter(([start, end]) => end.meant.at > start.meant.at)
      .map(([start, end]) => ({ meant: { start: start.meant.at, end: end.meant.at }, written: `${start.written}/${end.written}` })),
  );

const group = (): fc.Arbitrary<{ meant: MeantGroup; sunset: string; brownouts: string }> =>
  fc
    .tuple(fc.option(moment(), { nil: undefined }), fc.array(window(), { maxLength: 3 }), fc.constantFrom(',', ', ', ' , '))
    .map(([sunset, windows, separator]) => ({
      meant: { ...(sunset === undefined ? {} : { sunset: sunset.meant }), brownouts: windows.map((one) => one.meant) },
      sunset: sunset?.written ?? '',
      brownouts: windows.map((one) => one.written).join(separator),
    }));

/** Settings for the four groups, any of them unset. */
export const settings = (): fc.Arbitrary<Settings> =>
  fc.tuple(group(), group(), group(), group()).map((groups) => {
    const env: Record<string, string> = {};
    const meant = {} as Record<Group, MeantGroup>;
    GROUPS.forEach((name, index) => {
      const { meant: one, sunset, brownouts } = groups[index]!;
      meant[name] = one;
      env[`${name.toUpperCase()}_SUNSET_DATE`] = sunset;
      env[`${name.toUpperCase()}_BROWNOUTS`] = brownouts;
    });
    return { env, meant };
  });

/** The moments where a verdict may change: every sunset and window edge, a millisecond either side. */
export const edgesOf = (meant: Record<Group, MeantGroup>): number[] =>
  Object.values(meant)
    .flatMap((one) => [...(one.sunset ? [one.sunset.at] : []), ...one.brownouts.flatMap((w) => [w.start, w.end])])
    .flatMap((at) => [at - 1, at, at + 1]);
