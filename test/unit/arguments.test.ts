/**
 * docs/api.md, Arguments every endpoint takes and The gallery's arguments: integers, count, offset,
 * sort, id lists, `callback` and `appkey` (deny list included) — the argument parsers and checks as
 * pure functions.
 */
import { choiceArgument, integerArgument, parseIdList, parseInteger, checkCallback, checkAppKey } from '../../lib/http/arguments';

const apiError = (code: number, ...named: string[]) =>
  expect.objectContaining({ code, message: expect.stringMatching(new RegExp(`: .*${named.join('.*')}`)) });
const MISSING = 'A service API request is missing the callback argument.';
const INVALID = 'A service API request has an invalid callback argument.';
const NONE: ReadonlySet<string> = new Set();
const rejects = (code: number) =>
  expect.objectContaining({ code, message: expect.stringMatching(/^(Application key required|Invalid application key)/) });
const countArg = integerArgument({ min: 1, max: 100, fallback: 10 });
const offsetArg = integerArgument({ min: 0, fallback: 0 });
const SORTS = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'] as const;
const sortArg = choiceArgument(SORTS, 'submit_date-desc', 1017);

describe('Requests: Integers', () => {
  test.each([
    ['0', 0],
    ['-0', 0],
    ['7', 7],
    ['007', 7],
    ['-42', -42],
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
  ])('%j is %d', (raw, value) => {
    expect(Object.is(parseInteger(raw, 'n'), value)).toBe(true);
  });

  // Plain decimal digits only, with an optional minus, within the safe integers.
  const NOT_DECIMAL = ['1.0', '1e3', ' 1', '1 ', '0x10', '+1', '', '-', 'abc', '1,2', '1\n', '١', 'Infinity', 'NaN', '0b1', '1_000'];
  const PAST_SAFE = ['9007199254740992', '9007199254740993', '-9007199254740993'];
  test.each([...NOT_DECIMAL, ...PAST_SAFE])('%j is 1026 naming the argument', (raw) => {
    expect(() => parseInteger(raw, 'max_submit_date')).toThrow(apiError(1026, 'max_submit_date'));
  });

  test('integerArgument without bounds takes any safe integer and leaves an absent one undefined', () => {
    const arg = integerArgument();
    expect(arg.parse(undefined, 'min_submit_date')).toBeUndefined();
    expect(arg.parse('-5', 'min_submit_date')).toBe(-5);
    expect(() => arg.parse('5.5', 'min_submit_date')).toThrow(apiError(1026, 'min_submit_date'));
  });
});

describe('Requests: count', () => {
  test('defaults to 10; 1 to 100 pass', () => {
    expect([undefined, '1', '100'].map((raw) => countArg.parse(raw, 'count'))).toEqual([10, 1, 100]);
  });

  test.each(['0', '-1', '-100'])('%s is 1006 naming count and its minimum', (raw) => {
    expect(() => countArg.parse(raw, 'count')).toThrow(apiError(1006, 'count', '1'));
  });

  test.each(['101', '1000000'])('%s is 1007 (HTTP 403) naming count and its maximum', (raw) => {
    expect(() => countArg.parse(raw, 'count')).toThrow(apiError(1007, 'count', '100'));
    expect(() => countArg.parse(raw, 'count')).toThrow(expect.objectContaining({ status: 403 }));
  });

  test('a non-integer count is 1026, not a bound error', () => {
    expect(() => countArg.parse('1e3', 'count')).toThrow(apiError(1026, 'count'));
  });
});

describe('Requests: offset', () => {
  test('defaults to 0; 0 and more pass', () => {
    expect([undefined, '0', '123456'].map((raw) => offsetArg.parse(raw, 'offset'))).toEqual([0, 0, 123456]);
  });

  test('negative is 1006 naming offset', () => {
    expect(() => offsetArg.parse('-1', 'offset')).toThrow(apiError(1006, 'offset', '0'));
  });
});

describe('Requests: sort', () => {
  test.each([...SORTS.map((value) => [value, value] as const), [undefined, 'submit_date-desc'] as const])('%s is %s', (raw, value) => {
    expect(sortArg.parse(raw, 'sort')).toBe(value);
  });

  test.each(['newest', '', 'submit_date', 'SUBMIT_DATE-DESC', 'digg_count-desc ', 'toString'])('%j is 1017 (HTTP 403)', (raw) => {
    expect(() => sortArg.parse(raw, 'sort')).toThrow(expect.objectContaining({ code: 1017, status: 403 }));
  });
});

describe('Requests: Id lists', () => {
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  test('keeps the order of first appearance and drops duplicates', () => {
    expect(parseIdList('5,3,5,1,3,9', 'list')).toEqual([5, 3, 1, 9]);
    expect(parseIdList('42', 'list')).toEqual([42]);
  });

  test.each(['0', '-1', '1,,2', '1,', ',1', '1, 2', '1,a', '1,2.0', '', '1;2', '9007199254740993'])('%j is 1026', (raw) => {
    expect(() => parseIdList(raw, 'list')).toThrow(expect.objectContaining({ code: 1026 }));
  });

  test('100 distinct ids pass, also when repeated', () => {
    const ids = range(1, 100);
    expect(parseIdList(ids.join(','), 'list')).toEqual(ids);
    expect(parseIdList([...ids, ...ids].join(','), 'list')).toEqual(ids);
  });

  test('101 distinct ids are 1007 (HTTP 403)', () => {
    expect(() => parseIdList(range(1, 101).join(','), 'list')).toThrow(expect.objectContaining({ code: 1007, status: 403 }));
  });
});

describe('Requests: callback', () => {
  test.each([[undefined], ['']])('missing or empty (%j) is 1002', (raw) => {
    expect(() => checkCallback(raw)).toThrow(expect.objectContaining({ code: 1002, message: MISSING }));
  });

  const LONGEST = ['x'.repeat(128), `${'a.'.repeat(63)}bc`];
  test.each(['cb', '$', '_', 'jQuery1234_5678', '$.fn.done', 'a.b.c', 'A9$_.b_$9', ...LONGEST])('%s is valid', (raw) => {
    expect(checkCallback(raw)).toBe(raw);
  });

  // Not a dotted path of ASCII identifiers, or longer than 128 characters.
  const NOT_A_PATH = ['1abc', 'a-b', 'a..b', 'a.', '.a', 'alert(1)', '<script>', 'a b', 'cb\n', 'a[0]', 'café'];
  test.each([...NOT_A_PATH, 'x'.repeat(129), `${'a.'.repeat(64)}b`])('%j is 1003', (raw) => {
    expect(() => checkCallback(raw)).toThrow(expect.objectContaining({ code: 1003, message: INVALID }));
  });
});

describe('Requests: appkey', () => {
  test.each([[undefined], ['']])('missing or empty (%j) is 1005', (raw) => {
    expect(() => checkAppKey(raw, NONE)).toThrow(rejects(1005));
  });

  const NOT_ABSOLUTE = ['/my/app', 'myapp', 'not a uri', 'http:', 'mailto:'];
  // example.com and its subdomains however written: the documentation's placeholder.
  const EXAMPLE_COM = ['http://example.com/', 'https://EXAMPLE.COM/app', 'http://example.com./', 'http://user@example.com:8080/x'];
  const EXAMPLE_SUBDOMAINS = ['http://sub.example.com/', 'https://a.b.example.com/app'];
  const SPACES_OR_CONTROLS = [' http://my.app/', 'http://my.app/ ', 'http://my.app/a b', 'http://my.app/\t', 'http://my.app/\u0001'];
  test.each([...NOT_ABSOLUTE, ...EXAMPLE_COM, ...EXAMPLE_SUBDOMAINS, ...SPACES_OR_CONTROLS])('%j is 1028', (raw) => {
    expect(() => checkAppKey(raw, NONE)).toThrow(rejects(1028));
  });

  test('longer than 2048 characters is 1028', () => {
    expect(() => checkAppKey(`http://my.app/${'a'.repeat(2048)}`, NONE)).toThrow(rejects(1028));
  });

  test.each([
    ['http://my.app/', 'http://my.app/'],
    ['https://my.app/path?q=1', 'https://my.app/path?q=1'],
    ['urn:app:x', 'urn:app:x'],
    ['HTTP://My.App', 'http://my.app/'],
    ['http://example.com.evil.org/', 'http://example.com.evil.org/'],
    ['http://notexample.com/', 'http://notexample.com/'],
  ])('%s is accepted (as %s)', (raw, normalised) => {
    expect(checkAppKey(raw, NONE)).toBe(normalised);
  });

  describe('deny list', () => {
    const denied: ReadonlySet<string> = new Set(['http://denied.app/', 'urn:blocked:1']);

    test.each(['http://denied.app/', 'http://DENIED.app', 'urn:blocked:1'])('%s is 1028', (raw) => {
      expect(() => checkAppKey(raw, denied)).toThrow(rejects(1028));
    });

    test('other keys pass', () => {
      expect(['http://allowed.app/', 'urn:blocked:2'].map((key) => checkAppKey(key, denied))).toEqual([
        'http://allowed.app/',
        'urn:blocked:2',
      ]);
    });
  });
});
