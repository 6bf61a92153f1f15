/**
 * Argument values (docs/api.md, Arguments every endpoint takes; The gallery's arguments): plain
 * decimal integers, count 1 to 100, offset 0 or more, sort one of four, id lists of at most 100,
 * through endpoints made here that take them.
 */
import { choiceArgument, integerArgument, parseIdList } from '../../lib/http/arguments';
import { endpoint } from '../../lib/http/endpoint';
import { ErrorListShape } from '../../lib/resources/catalogue';
import { resource } from '../../lib/resources/shape';
import { expectError, invokeHandler, TYPES, typeQuery } from '../support/expect-error';
import { expectSuccess } from '../support/expect-success';
import { APP_KEY } from '../support/invoke';

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;

const SORTS = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'];
/** An endpoint that takes the gallery's paging arguments and echoes them (none exists yet). */
const paging = endpoint(
  {
    args: {
      count: integerArgument({ min: 1, max: 100, fallback: 10 }),
      offset: integerArgument({ min: 0, fallback: 0 }),
      sort: choiceArgument(SORTS, 'submit_date-desc', 1017),
      min_submit_date: integerArgument(),
    },
  },
  ({ args }) =>
    resource(ErrorListShape, {
      timestamp: 0,
      errors: [{ code: args.count, message: `${args.offset} ${args.sort} ${args.min_submit_date ?? 'none'}` }],
    }),
);
const echo = async (query: string) => {
  const decoded = expectSuccess(await invokeHandler(paging, `/errors?${KEY}&type=json&${query}`), 'json');
  return decoded.type === 'json' ? (decoded.value as { errors: Array<{ code: number; message: string }> }).errors[0] : undefined;
};

describe('Requests: Integers, count, offset and sort', () => {
  // The echo is count, then offset, sort and min_submit_date: count defaults to 10, offset to 0, sort to submit_date-desc.
  test.each([
    ['', 10, '0 submit_date-desc none'],
    ['count=1', 1, '0 submit_date-desc none'],
    ['count=100', 100, '0 submit_date-desc none'],
    ['offset=250', 10, '250 submit_date-desc none'],
    ['min_submit_date=-1200', 10, '0 submit_date-desc -1200'],
    ['min_submit_date=9007199254740991', 10, '0 submit_date-desc 9007199254740991'],
    ...SORTS.map((sort) => [`sort=${sort}`, 10, `0 ${sort} none`]),
  ] as Array<[string, number, string]>)('%j passes: count %i, %s', async (query, code, message) => {
    expect(await echo(query)).toEqual({ code, message });
  });

  // Integers are plain decimals; count is 1 to 100 (its bound named), offset 0 or more; sort one of four, case-sensitive.
  test.each([
    ...['1.0', '1e3', '%201', '0x10', '9007199254740993', '+1', '', 'abc', '1%2C2'].map((raw) => [
      `min_submit_date=${raw}`,
      1026,
      'min_submit_date',
    ]),
    ['count=0', 1006, 'count'],
    ['count=101', 1007, 'count'],
    ['count=1.5', 1026, 'count'],
    ['offset=-1', 1006, 'offset'],
    ...['newest', 'SUBMIT_DATE-DESC', 'submit_date', ''].map((sort) => [`sort=${sort}`, 1017, undefined]),
  ] as Array<[string, number, string | undefined]>)('%s is %i (HTTP 403) naming %s, in every type', async (query, code, detail) => {
    for (const type of TYPES) {
      const message = expectError(await invokeHandler(paging, `/errors?${KEY}&${typeQuery(type)}&${query}`), type, code, 403, { detail });
      if (query === 'count=101') expect(message).toMatch(/: .*\b100\b/);
    }
  });
});

describe('Requests: Id lists', () => {
  /** Reads an id list from the path, as /galleryphotos/{list} will (routed here through /container/{short_name}). */
  const ids = endpoint({ args: {} }, ({ path }) =>
    resource(ErrorListShape, {
      timestamp: 0,
      errors: parseIdList(path('short_name'), 'list').map((code) => ({ code, message: '' })),
    }),
  );
  const range = (n: number): string => Array.from({ length: n }, (_, i) => i + 1).join(',');

  test('duplicates are dropped, keeping the order of first appearance', async () => {
    const decoded = expectSuccess(await invokeHandler(ids, `/container/7,3,7,1,3?${KEY}&type=json`), 'json');
    expect(decoded.type === 'json' && (decoded.value as { errors: Array<{ code: number }> }).errors.map((e) => e.code)).toEqual([7, 3, 1]);
  });

  test('a bad element is 1026; more than 100 ids is 1007 (HTTP 403), in every type', async () => {
    for (const type of TYPES) {
      expectError(await invokeHandler(ids, `/container/1,x,3?${KEY}&${typeQuery(type)}`), type, 1026, 403);
      expectError(await invokeHandler(ids, `/container/${range(101)}?${KEY}&${typeQuery(type)}`), type, 1007, 403);
    }
    expectSuccess(await invokeHandler(ids, `/container/${range(100)},${range(100)}?${KEY}&type=json`), 'json');
  });
});
