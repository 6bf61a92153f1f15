import { apiEvent } from '../../infra/local/api-event';
import { ErrorListShape } from '../../lib/resources/catalogue';
import { resource } from '../../lib/resources/shape';
import { choiceArgument, integerArgument, parseIdList } from '../../lib/http/arguments';
import { endpoint } from '../../lib/http/endpoint';
import { decode } from '../support/parsers';
import { CONTENT_TYPE, expectError, invokeHandler, invokeWithEnv, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import { APP_KEY, invoke, ROUTES, withKey } from '../support/invoke';
import { asInvocation, contextFields, importHandler, lambdaContext } from '../../infra/local/invoke';

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;
const STATIC_PATHS = ['/errors', '/error/1001', '/containers', '/container/technology'];

/** Asserts a successful answer in `type` and returns it decoded. */
function expectSuccess(response: Awaited<ReturnType<typeof invoke>>, type: ResponseType, callback = 'callback') {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(CONTENT_TYPE[type]);
  const decoded = decode(response.headers['content-type'], response.body, callback);
  expect(decoded.type).toBe(type);
  if (decoded.type === 'javascript') expect(decoded.calls).toHaveLength(1);
  if (decoded.type === 'php') expect(decoded.serialized).toBe(response.body);
  return decoded;
}

describe('Requests: Methods', () => {
  test('template.yaml has a $default route to the catch-all, and every other route is GET', () => {
    const fallback = ROUTES.filter((route) => route.path === '$default');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]!.fn.entry).toBe('functions/not-found.ts');
    for (const route of ROUTES.filter((r) => r.path !== '$default')) expect(route.method).toBe('GET');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])('%s on an existing path is 404 in the type asked', async (method) => {
    for (const path of STATIC_PATHS) {
      expectError(await invoke(withKey(path), { method }), 'xml', 404, 404, { detail: false });
      expectError(await invoke(withKey(`${path}?type=json`), { method }), 'json', 404, 404, { detail: false });
    }
  });

  test.each(['/nope', '/errors/extra', '/', '/error', '/container', '/errors/', '/Errors', '/error/1001/extra', '/containers/technology'])(
    'unknown path %s is 404 in every type',
    async (path) => {
      for (const type of TYPES) expectError(await invoke(withKey(`${path}?${typeQuery(type)}`)), type, 404, 404, { detail: false });
    },
  );

  test.each([
    ['an unknown path picks its type from Accept too', withKey('/nope'), { headers: { accept: 'application/php' } }, 'php'],
    ['an unknown path is 404 also without an application key', '/nope', {}, 'xml'],
    ['an unknown path is 404 also without an application key, in JSON', '/nope?type=json', {}, 'json'],
    [
      'a POST with type=javascript calls back with status 404, HTTP 200',
      withKey('/errors?type=javascript&callback=cb'),
      { method: 'POST' },
      'javascript',
    ],
  ] as const)('%s', async (_rule, target, options, type) => {
    expectError(await invoke(target, options), type, 404, 404, { callback: 'cb' });
  });
});

describe('Requests: type values', () => {
  // Type values are case-insensitive: each answers its lower-case type.
  const VALUES = ['xml', 'json', 'php', 'XML', 'JSON', 'Php', 'pHp', 'Json', 'javascript', 'JavaScript', 'JAVASCRIPT'];
  test.each(VALUES)('type=%s answers its type', async (value) => {
    for (const path of STATIC_PATHS) {
      expectSuccess(await invoke(withKey(`${path}?type=${value}&callback=cb`)), value.toLowerCase() as ResponseType, 'cb');
    }
  });

  test.each([
    ['xml', 'application/json'],
    ['json', 'application/php'],
    ['php', 'text/xml'],
    ['json', 'text/javascript'],
  ] as const)('type=%s wins over Accept: %s', async (type, accept) => {
    expectSuccess(await invoke(withKey(`/errors?type=${type}`), { headers: { accept } }), type);
  });

  test('type wins over Accept in errors too', async () => {
    expectError(await invoke(`/errors?type=php`, { headers: { accept: 'application/json' } }), 'php', 1005, 403);
  });
});

describe('Requests: Accept header', () => {
  test.each([
    ['application/json', 'json'],
    ['text/javascript', 'javascript'],
    ['application/php', 'php'],
    ['text/xml', 'xml'],
    ['application/json;q=0.5, application/php', 'php'],
    ['application/json, text/xml', 'xml'],
    ['application/php, application/json', 'json'],
    ['*/*', 'xml'],
    ['text/*;q=0.1, application/*;q=0.2', 'json'],
    ['text/xml;q=0, */*;q=0.5', 'json'],
    ['application/json;q=0, application/*', 'php'],
    ['text/xml;q=0, application/json;q=0', 'xml'],
    ['text/html', 'xml'],
    ['garbage', 'xml'],
    ['APPLICATION/PHP', 'php'],
  ] as const)('Accept: %s answers %s', async (accept, type) => {
    expectSuccess(await invoke(withKey(`/errors${type === 'javascript' ? '?callback=callback' : ''}`), { headers: { accept } }), type);
  });

  test('the header name is case-insensitive', async () => {
    expectSuccess(await invoke(withKey('/errors'), { headers: { Accept: 'application/json' } }), 'json');
  });

  test('errors follow Accept as successes do', async () => {
    expectError(await invoke('/errors', { headers: { accept: 'application/json;q=0.5, application/php' } }), 'php', 1005, 403);
    expectError(await invoke('/errors?callback=cb', { headers: { accept: 'text/javascript' } }), 'javascript', 1005, 403, {
      callback: 'cb',
    });
  });
});

describe('Requests: Default type', () => {
  test('no type and no Accept answer XML', async () => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(withKey(path)), 'xml');
    expectError(await invoke('/errors'), 'xml', 1005, 403);
  });

  const BAD_TYPES = ['yaml', 'text', 'jsonp', 'js', 'xml2', '', 'json%00', 'j%C3%A9son'];
  test.each(BAD_TYPES)('type=%s is 1001 naming type, in XML, HTTP 403', async (value) => {
    expectError(await invoke(withKey(`/errors?type=${value}`)), 'xml', 1001, 403, { detail: 'type' });
  });

  test('an unknown type is answered in XML whatever Accept says', async () => {
    for (const accept of ['application/json', 'application/php', 'text/javascript']) {
      expectError(await invoke(withKey('/containers?type=yaml&callback=cb'), { headers: { accept } }), 'xml', 1001, 403, {
        detail: 'type',
      });
    }
  });
});

describe('Requests: Unknown query arguments', () => {
  test.each(STATIC_PATHS)('%s: an unknown argument is 1001 (403) naming it, in every type', async (path) => {
    for (const type of TYPES) {
      expectError(await invoke(withKey(`${path}?${typeQuery(type)}&foo=1`)), type, 1001, 403, { detail: 'foo' });
    }
  });

  const OWN_ARGUMENTS = ['count', 'offset', 'sort', 'url', 'min_submit_date', '_'];
  test.each(OWN_ARGUMENTS)('these endpoints take no own arguments: %s is 1001', async (name) => {
    for (const path of STATIC_PATHS) expectError(await invoke(withKey(`${path}?type=json&${name}=1`)), 'json', 1001, 403, { detail: name });
  });

  test('argument names are case-sensitive: Type is not type', async () => {
    expectError(await invoke(withKey('/errors?Type=json')), 'xml', 1001, 403, { detail: 'Type' });
  });

  const HOSTILE_NAMES = ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%22onload%3D', 'a%20b', '%E2%80%A8'];
  test.each(HOSTILE_NAMES)('a hostile name (%s) is not reflected', async (name) => {
    for (const type of TYPES) {
      const response = await invoke(withKey(`/errors?${typeQuery(type)}&${name}=1`));
      expect(expectError(response, type, 1001, 403)).toBe('Unrecognized argument');
      expect(response.body).not.toMatch(/script|onload|\u2028/i);
    }
  });

  test('appkey, type and callback are accepted on every endpoint', async () => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(withKey(`${path}?type=json&callback=cb`)), 'json');
  });

  test('a repeated argument uses its first value', async () => {
    expectSuccess(await invoke(withKey('/errors?type=json&type=php')), 'json');
    expectSuccess(await invoke(withKey('/errors?type=PHP&type=xml')), 'php');
    expectSuccess(await invoke(`/errors?appkey=http://my.app/&appkey=bad&type=json`), 'json');
    expectError(await invoke(`/errors?appkey=bad&appkey=http://my.app/&type=json`), 'json', 1028, 403);
    expectSuccess(await invoke(withKey('/errors?type=javascript&callback=first&callback=2nd')), 'javascript', 'first');
  });
});

describe('Requests: appkey', () => {
  test.each(STATIC_PATHS)('%s without a key is 1005 (403) in every type', async (path) => {
    for (const type of TYPES) expectError(await invoke(`${path}?${typeQuery(type)}`), type, 1005, 403);
  });

  test('an empty key is 1005', async () => {
    expectError(await invoke('/errors?appkey='), 'xml', 1005, 403);
    expectError(await invoke('/containers?appkey=&type=json'), 'json', 1005, 403);
  });

  test.each([
    ['relative path', '%2Fmy%2Fapp'],
    ['relative name', 'myapp'],
    ['not a URI', 'not%20a%20uri'],
    ['spaces as +', 'my+app'],
    ['scheme only', 'http%3A'],
    ['example.com', 'http%3A%2F%2Fexample.com%2F'],
    ['example.com, raw', 'http://example.com/'],
    ['example.com, upper case', 'http://EXAMPLE.COM/app'],
    ['sub.example.com', 'http://sub.example.com/'],
    ['sub.example.com, encoded', 'https%3A%2F%2Fsub.example.com%2Fx'],
    ['leading whitespace', '%20http%3A%2F%2Fmy.app%2F'],
    ['trailing whitespace', 'http://my.app/%20'],
    ['a line break', 'http://my.app/%0A'],
    ['an escape that is not UTF-8 (a lone Latin-1 é)', 'http%3A%2F%2Fmy.app%2F%E9'],
    ['a broken UTF-8 sequence', 'http://my.app/%C3%28'],
    ['an overlong UTF-8 sequence', 'http://my.app/%C0%AF'],
    ['a lone continuation byte, raw key', 'http://my.app/x%80'],
  ])('%s is 1028 (403) in every type', async (_name, key) => {
    for (const type of TYPES) expectError(await invoke(`/errors?${typeQuery(type)}&appkey=${key}`), type, 1028, 403);
  });

  test.each([
    ['URL-encoded', 'http%3A%2F%2Fmy.app%2F'],
    ['raw', 'http://my.app/'],
    ['a URN', 'urn:app:x'],
    ['a URN, encoded', 'urn%3Aapp%3Ax'],
    ['https with a path and query', 'https%3A%2F%2Fmy.app%2Fclient%3Fv%3D2'],
    ['a host that only contains example.com', 'http://example.com.evil.org/'],
    ['UTF-8 escapes (é)', 'http%3A%2F%2Fmy.app%2F%C3%A9'],
  ])('%s is accepted', async (_name, key) => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(`${path}?type=json&appkey=${key}`), 'json');
  });

  test('keys on the deny list (DENIED_APP_KEYS) are 1028, in their normalised form too', async () => {
    const env = { DENIED_APP_KEYS: 'http://denied.app/ urn:blocked:1' };
    for (const key of ['http://denied.app/', 'http%3A%2F%2Fdenied.app%2F', 'HTTP://DENIED.APP', 'urn:blocked:1']) {
      expectError(await invokeWithEnv(env, `/errors?type=json&appkey=${key}`), 'json', 1028, 403);
    }
    expectError(await invokeWithEnv(env, '/container/sports?appkey=urn:blocked:1'), 'xml', 1028, 403);
    expectSuccess(await invokeWithEnv(env, '/errors?type=json&appkey=http://allowed.app/'), 'json');
    expectSuccess(await invoke('/errors?type=json&appkey=http://denied.app/'), 'json');
  });
});

describe('Requests: callback', () => {
  test.each([...STATIC_PATHS, '/nope'])('%s: type=javascript without a callback is 1002, an alert() with HTTP 200', async (path) => {
    expectError(await invoke(withKey(`${path}?type=javascript`)), 'javascript', 1002, 200, { alert: true, detail: false });
    expectError(await invoke(withKey(`${path}?type=javascript&callback=`)), 'javascript', 1002, 200, { alert: true, detail: false });
  });

  test('the callback is required with type=javascript whatever else is wrong', async () => {
    expectError(await invoke('/errors?type=javascript&foo=1'), 'javascript', 1002, 200, { alert: true });
  });

  test.each([
    ['starting with a digit', '1abc'],
    ['a hyphen', 'a-b'],
    ['an empty segment', 'a..b'],
    ['a trailing dot', 'a.'],
    ['a call', 'alert(1)'],
    ['markup', '%3Cscript%3E'],
    ['a space', 'a%20b'],
    ['a line separator', 'a%E2%80%A8b'],
    ['129 characters', 'x'.repeat(129)],
  ])('a callback with %s is 1003, an alert() with HTTP 200', async (_name, callback) => {
    const response = await invoke(withKey(`/errors?type=javascript&callback=${callback}`));
    expectError(response, 'javascript', 1003, 200, { alert: true, detail: false });
    expect(response.body).not.toContain(decodeURIComponent(callback));
  });

  test('the callback of an earlier request does not answer a later one, even on a reused context', async () => {
    const handler = await importHandler('functions/errors.ts', 'handler');
    const route = ROUTES.find((candidate) => candidate.routeKey === 'GET /errors')!;
    const event = (target: string) =>
      apiEvent({ method: 'GET', target, headers: {}, sourceIp: '127.0.0.1', host: 'localhost' }, { route, pathParameters: undefined });
    const reused = lambdaContext(contextFields(route.fn.id, 'reused', route.fn.memoryMb));
    const first = await handler(event(withKey('/errors?type=javascript&callback=earlier')), reused);
    expect(first.body?.startsWith('/**/earlier(')).toBe(true);
    const second = await handler(event(withKey('/errors?type=javascript')), reused);
    expectError(asInvocation(second), 'javascript', 1002, 200, { alert: true, callback: 'earlier' });
  });

  test.each(['cb', '$', '_x', 'a.b.c', 'jQuery123_456', 'x'.repeat(128)])('callback %s is valid and is called', async (callback) => {
    const response = await invoke(withKey(`/containers?type=javascript&callback=${callback}`));
    expectSuccess(response, 'javascript', callback);
    expect(response.body.startsWith(`/**/${callback}(`)).toBe(true);
  });

  test('a callback is ignored with the other types, valid or not', async () => {
    for (const callback of ['cb', '1bad', '%3Cscript%3E', 'x'.repeat(200)]) {
      for (const type of ['xml', 'json', 'php'] as const)
        expectSuccess(await invoke(withKey(`/errors?type=${type}&callback=${callback}`)), type);
      expectSuccess(await invoke(withKey(`/errors?callback=${callback}`)), 'xml');
    }
  });

  test('other errors with a valid callback call it with the status, HTTP 200', async () => {
    expectError(await invoke('/errors?type=javascript&callback=my.cb'), 'javascript', 1005, 403, { callback: 'my.cb' });
  });
});

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
