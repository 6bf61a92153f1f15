/**
 * The retirement schedule (lib/retirement-schedule.ts; docs/api.md, Retirement): the settings it takes and
 * refuses, and what a request of some groups answers at a given moment, against an oracle
 * written from the rules over random settings and moments.
 */
import fc from 'fast-check';
import { ConfigError } from '../../lib/api-error';
import { type Group, readSchedule, sunsetHeader, verdict } from '../../lib/retirement-schedule';
import { refusalOf } from '../support/refusal';
import { edgesOf, type MeantGroup, settings, toSecond } from '../support/schedules';

const at = (text: string) => Date.parse(text);
const refusal = (env: Record<string, string>): string => refusalOf(ConfigError, () => readSchedule(env));

describe('the settings', () => {
  test('unset or empty, no group has a sunset or a brownout', () => {
    const none = { sunset: undefined, brownouts: [] };
    for (const env of [{}, { GALLERY_SUNSET_DATE: '', API_BROWNOUTS: '', LINKS_BROWNOUTS: ' , ' }]) {
      const schedule = readSchedule(env);
      for (const group of ['gallery', 'api', 'create', 'links'] as const) expect({ sunset: undefined, ...schedule[group] }).toEqual(none);
    }
  });

  test('a sunset is a date (midnight UTC) or a UTC date-time, to the minute or the second', () => {
    const sunset = (text: string) => readSchedule({ CREATE_SUNSET_DATE: text }).create.sunset;
    expect(sunset('2027-06-30')).toEqual({ at: at('2027-06-30T00:00:00Z'), text: '2027-06-30' });
    expect(sunset('2027-06-30T12:30Z')).toEqual({ at: at('2027-06-30T12:30:00Z'), text: '2027-06-30T12:30:00Z' });
    expect(sunset('2028-02-29T23:59:59Z')).toEqual({ at: at('2028-02-29T23:59:59Z'), text: '2028-02-29T23:59:59Z' });
  });

  test('brownouts are start/end or start/duration, separated by commas, each from its start to just before its end', () => {
    const { brownouts } = readSchedule({
      GALLERY_BROWNOUTS:
        '2027-05-01T14:00:00Z/PT1H, 2027-05-02/2027-05-03,2027-05-04T00:00Z/P1W , 2027-05-20T00:00:00Z/P1DT2H3M4S,2027-06-01/PT90S',
    }).gallery;
    expect(brownouts).toEqual([
      { start: at('2027-05-01T14:00:00Z'), end: at('2027-05-01T15:00:00Z') },
      { start: at('2027-05-02T00:00:00Z'), end: at('2027-05-03T00:00:00Z') },
      { start: at('2027-05-04T00:00:00Z'), end: at('2027-05-11T00:00:00Z') },
      { start: at('2027-05-20T00:00:00Z'), end: at('2027-05-21T02:03:04Z') },
      { start: at('2027-06-01T00:00:00Z'), end: at('2027-06-01T00:01:30Z') },
    ]);
  });

  const NOT_A_DATE = ['2027-02-30', '2027-13-01', '2027-6-30', '2027-06-30T24:00Z', '2027-06-30T12:60Z', '2027-06-30T12:00:60Z'];
  const NOT_UTC_ISO = ['2027-06-30T12:00:00+02:00', '2027-06-30T12:00', '2027-06-30t12:00z', '30/06/2027', 'soon', ' 2027-06-30'];
  const BEFORE_1970 = ['1969-12-31T23:59:59Z', '1969-12-31'];
  test.each([...NOT_A_DATE, ...NOT_UTC_ISO, ...BEFORE_1970])('the sunset %j is refused, naming the setting', (text) => {
    expect(refusal({ LINKS_SUNSET_DATE: text })).toBe(
      `LINKS_SUNSET_DATE must be an ISO 8601 date (2027-06-30) or UTC date-time (2027-06-30T12:00:00Z) from 1970-01-01 to 9999-12-31T23:59:59Z, not ${JSON.stringify(text)}`,
    );
  });

  const START = '2027-05-01T14:00:00Z';
  const MALFORMED = ['', '/', '/P', '/PT', '/P1D2H', '/P1W2D', '/PT1.5H', '/-PT1H', '/PT1H/PT1H'].map((rest) => `${START}${rest}`);
  const BAD_START = ['/PT1H', '2027-02-30/PT1H', '2027-05-01T14:00:00+01:00/PT1H', '1969-12-31T23:00:00Z/PT2H'];
  const EMPTY = [`${START}/PT0S`, `${START}/${START}`, `2027-05-01T15:00:00Z/${START}`];
  const HUGE = ['2020-01-01T00:00:00Z/P99999999W', '2020-01-01T00:00:00Z/PT99999999999999999999999S'];
  const PAST_END = ['9999-12-31T23:59:59Z/PT1S', '9999-12-25T00:00:00Z/P1W', '9999-12-31T23:59:58Z/10000-01-01T00:00:00Z'];
  test.each([...MALFORMED, ...BAD_START, ...EMPTY, ...HUGE, ...PAST_END])('the brownout %j is refused, quoted with its setting', (text) => {
    expect(refusal({ API_BROWNOUTS: `2027-04-01/P1D,${text}` })).toBe(
      `API_BROWNOUTS must be ISO 8601 intervals in UTC, start/end or start/duration (2027-05-01T14:00:00Z/PT1H), from 1970-01-01 to 9999-12-31T23:59:59Z, separated by commas; ${JSON.stringify(text.trim())} is not one`,
    );
  });

  test('the first second and the last second ISO 8601 writes with four-digit years are sunsets', () => {
    const sunset = (text: string) => readSchedule({ API_SUNSET_DATE: text }).api.sunset?.at;
    expect(['1970-01-01', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z'].map(sunset)).toEqual([0, 0, 253_402_300_799_000]);
  });

  test('a brownout may end on the last second, and says so', () => {
    const schedule = readSchedule({ LINKS_BROWNOUTS: '9999-12-31T23:59:58Z/PT1S,9999-12-24T23:59:59Z/P1W' });
    expect(schedule.links.brownouts).toEqual([
      { start: 253_402_300_798_000, end: 253_402_300_799_000 },
      { start: 253_402_300_799_000 - 7 * 86_400_000, end: 253_402_300_799_000 },
    ]);
    expect(verdict(schedule, ['links'], 253_402_300_798_500)).toMatchObject({ message: 'brownout until 9999-12-31T23:59:59Z' });
  });

  test('a long value is quoted by its first 100 characters only', () => {
    const long = `2027-05-01T14:00:00Z/PT${'9'.repeat(10_000)}S`;
    for (const env of [{ CREATE_SUNSET_DATE: long }, { CREATE_BROWNOUTS: long }] as Record<string, string>[]) {
      const message = refusal(env);
      expect(message).toContain(`${JSON.stringify(long.slice(0, 100))}…`);
      expect(message).not.toContain(long.slice(0, 101));
    }
  });

  test('each group has its own settings, named after it', () => {
    for (const name of ['GALLERY_SUNSET_DATE', 'API_SUNSET_DATE', 'CREATE_BROWNOUTS', 'LINKS_BROWNOUTS'])
      expect(refusal({ [name]: 'x' })).toMatch(new RegExp(`^${name} `));
    const schedule = readSchedule({ GALLERY_SUNSET_DATE: '2027-01-01', CREATE_BROWNOUTS: '2027-01-01/P1D' });
    expect(schedule.gallery.sunset?.text).toBe('2027-01-01');
    expect([schedule.api.sunset, schedule.create.sunset, schedule.links.sunset]).toEqual([undefined, undefined, undefined]);
    expect([schedule.gallery.brownouts.length, schedule.create.brownouts.length]).toEqual([0, 1]);
  });
});

describe('a verdict, at the edges, to the millisecond', () => {
  const schedule = readSchedule({
    GALLERY_SUNSET_DATE: '2027-06-30T12:00:00Z',
    GALLERY_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H',
    API_BROWNOUTS: '2027-05-02T00:00:00Z/PT1S',
  });
  const gallery: Group[] = ['api', 'gallery'];
  const SUNSET = 'Wed, 30 Jun 2027 12:00:00 GMT';

  test.each([
    ['2027-05-01T13:59:59.999Z', undefined],
    ['2027-05-01T14:00:00.000Z', 'Not found: retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T14:59:59.999Z', 'Not found: retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T15:00:00.000Z', undefined],
    ['2027-05-01T23:59:59.999Z', undefined],
    ['2027-05-02T00:00:00.000Z', 'Not found: retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:00.999Z', 'Not found: retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:01.000Z', undefined],
    ['2027-06-30T11:59:59.999Z', undefined],
    ['2027-06-30T12:00:00.000Z', 'Not found: retired on 2027-06-30T12:00:00Z'],
    ['2035-01-01T00:00:00.000Z', 'Not found: retired on 2027-06-30T12:00:00Z'],
  ])('a gallery endpoint at %s', (moment, message) => {
    const answer = verdict(schedule, gallery, at(moment));
    expect(answer.sunset).toBe(SUNSET);
    if (message === undefined) expect(answer.answer).toBe('as usual');
    else expect(answer).toMatchObject({ answer: 'gone', message: message.replace('Not found: ', '') });
  });

  test('the rest of the API host has no sunset: its brownout says until when, and it carries no Sunset', () => {
    const api = (moment: string) => verdict(schedule, ['api'], at(moment));
    const brownout = { answer: 'gone', group: 'api', why: 'brownout', message: 'brownout until 2027-05-02T00:00:01Z' };
    expect(api('2027-05-02T00:00:00Z')).toEqual(brownout);
    expect(api('2027-05-01T14:30:00Z')).toEqual({ answer: 'as usual' });
    expect(verdict(schedule, ['links'], at('2040-01-01T00:00:00Z'))).toEqual({ answer: 'as usual' });
  });
});

/** What the rules say a request of `groups` answers at `now`, from what the settings mean. */
function oracle(meant: Record<Group, MeantGroup>, groups: readonly Group[], now: number) {
  const sunsets = groups.flatMap((group) => (meant[group].sunset ? [{ group, ...meant[group].sunset! }] : []));
  // A path in two groups retires at the earlier date, and says so.
  const earliest = sunsets.sort((a, b) => a.at - b.at)[0];
  const sunset = earliest && new Date(earliest.at).toUTCString();
  if (earliest && earliest.at <= now)
    return { gone: 'sunset', groups: [earliest.group], messages: [`retired on ${earliest.text}`], sunset };
  const inside = groups.flatMap((group) =>
    meant[group].brownouts.filter(({ start, end }) => start <= now && now < end).map((w) => ({ group, ...w })),
  );
  if (inside.length === 0) return { gone: undefined, sunset };
  const messages = earliest ? [`retiring on ${earliest.text}`] : inside.map((w) => `brownout until ${toSecond(w.end)}`);
  return { gone: 'brownout', groups: inside.map((w) => w.group), messages, sunset };
}

/** The groups a path belongs to: the API host's alone, a gallery endpoint, creation, the short-link host. */
const PATHS: readonly (readonly Group[])[] = [['api'], ['api', 'gallery'], ['api', 'create'], ['links']];

test('over random settings and moments, every verdict is the oracle’s', () => {
  const cases = settings().chain((drawn) =>
    fc.record({
      drawn: fc.constant(drawn),
      groups: fc.constantFrom(...PATHS),
      now: fc.oneof(
        fc.integer({ min: Date.UTC(2025, 11, 1), max: Date.UTC(2031, 1, 1) }),
        ...edgesOf(drawn.meant).map((edge) => fc.constant(edge)),
      ),
    }),
  );
  fc.assert(
    fc.property(cases, ({ drawn, groups, now }) => {
      const schedule = readSchedule(drawn.env);
      const expected = oracle(drawn.meant, groups, now);
      const answer = verdict(schedule, groups, now);
      expect(answer.sunset).toBe(expected.sunset);
      expect(sunsetHeader(schedule, groups)).toBe(expected.sunset);
      if (expected.gone === undefined) {
        expect(answer.answer).toBe('as usual');
        return;
      }
      if (answer.answer !== 'gone') throw new Error(`answered as usual, expected gone (${expected.gone})`);
      expect(answer.why).toBe(expected.gone);
      expect(expected.groups).toContain(answer.group);
      expect(expected.messages).toContain(answer.message);
    }),
    { numRuns: 2000 },
  );
});
