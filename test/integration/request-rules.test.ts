/**
 * Rules of docs/api.md and docs/design-notes.md no other test pins down deterministically: the
 * order of request checks, how long an unknown name may be told back, the timestamp following the
 * clock, the date arguments' bounds, and no-store on gallery answers. Nothing here writes data.
 */
import { randomInt } from 'node:crypto';
import { expectError, TYPES, typeQuery } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { parseXml } from '../support/parsers';

afterEach(() => jest.restoreAllMocks());

/** Error 1001 naming `type`, in XML and HTTP 403: the answer to an unknown type. */
const unknownType = (response: Awaited<ReturnType<typeof invoke>>) => expectError(response, 'xml', 1001, 403, { detail: 'type' });

describe('the catch-all checks type and callback, and nothing else', () => {
  test('an unknown type on an unknown path is 1001 naming type, in XML, HTTP 403, whatever Accept says', async () => {
    for (const path of ['/nope', '/galleryphotos/x/y/z', '/url/short']) {
      unknownType(await invoke(`${path}?type=yaml`));
      unknownType(await invoke(withKey(`${path}?type=yaml`), { headers: { accept: 'application/json' } }));
    }
    unknownType(await invoke(withKey('/errors?type=yaml'), { method: 'POST' }));
  });

  test('an unknown argument or an invalid key on an unknown path is still 404, in every type', async () => {
    for (const type of TYPES) {
      expectError(await invoke(`/nope?${typeQuery(type)}&foo=1&appkey=http%3A%2F%2Fexample.com%2F`), type, 404, 404, { detail: false });
      expectError(await invoke(`/errors?${typeQuery(type)}&count=0&appkey=bad`, { method: 'DELETE' }), type, 404, 404, { detail: false });
    }
  });
});

describe('on an endpoint the application key is checked before the arguments', () => {
  test.each(['/errors', '/container/sports', '/galleryphotos', '/galleryphotos/1,2', '/url/short/create', '/url/short/AbC1234'])(
    '%s: a missing key is 1005 and an invalid one 1028 even with an unknown or bad argument',
    async (path) => {
      for (const type of TYPES) {
        expectError(await invoke(`${path}?${typeQuery(type)}&foo=1`), type, 1005, 403);
        expectError(await invoke(`${path}?${typeQuery(type)}&foo=1&appkey=http%3A%2F%2Fexample.com%2F`), type, 1028, 403);
      }
      if (path.startsWith('/gallery')) expectError(await invoke(`${path}?type=json&count=0`), 'json', 1005, 403);
    },
  );

  test('the callback is checked before the key, and the type before the callback', async () => {
    expectError(await invoke('/galleryphotos?type=javascript&callback=1x&foo=1'), 'javascript', 1003, 200, { alert: true, detail: false });
    unknownType(await invoke('/galleryphotos?type=yaml&callback=1x&foo=1'));
  });
});

test('unknown argument names are told back only up to 64 characters: 64 of A-Z a-z 0-9 _ . - are named; 65 get the bare catalogue message', async () => {
  const name64 = `a.b-c_${'x'.repeat(58)}`;
  expect(name64).toHaveLength(64);
  const name65 = `${name64}y`;
  for (const type of TYPES) {
    const named = expectError(await invoke(withKey(`/errors?${typeQuery(type)}&${name64}=1`)), type, 1001, 403, { detail: name64 });
    expect(named).toBe(`Unrecognized argument: ${name64}`);
    const response = await invoke(withKey(`/errors?${typeQuery(type)}&${name65}=1`));
    expect(expectError(response, type, 1001, 403, { detail: false })).toBe('Unrecognized argument');
    expect(response.body).not.toContain('xxxxxxxx');
  }
});

test.each(['/errors', '/error/1025', '/containers', '/container/offbeat'])(
  '%s answers the time of the response: timestamp follows the clock from one second to the next',
  async (path) => {
    // A second no other request of this worker has asked for, then the one after it.
    const base = 1_900_000_000 + randomInt(1_000_000);
    const now = jest.spyOn(Date, 'now');
    for (const second of [base, base + 1, base + 2, base + 1000]) {
      now.mockReturnValue(second * 1000 + 999);
      expect([second, JSON.parse((await invoke(withKey(`${path}?type=json`))).body).timestamp]).toEqual([second, second]);
      expect([second, parseXml((await invoke(withKey(path))).body).attributes.timestamp]).toEqual([second, String(second)]);
    }
  },
);

describe('gallery date arguments', () => {
  test.each(['min_submit_date', 'max_submit_date'])(
    '%s above 99 999 999 999 is 1007 naming it and its bound, in every type',
    async (name) => {
      for (const path of ['/galleryphotos', '/galleryphotos/comments', '/galleryphotos/1,2']) {
        for (const type of TYPES) {
          const response = await invoke(withKey(`${path}?${typeQuery(type)}&${name}=100000000000`));
          expect(expectError(response, type, 1007, 403, { detail: name })).toContain('99999999999');
        }
      }
      expectError(await invoke(withKey(`/galleryphotos?type=json&${name}=-1`)), 'json', 1006, 403, { detail: name });
    },
  );

  test('99 999 999 999 itself is accepted as max_submit_date', async () => {
    const response = await invoke(withKey('/galleryphotos?type=json&max_submit_date=99999999999'));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ max_date: 99_999_999_999, min_date: 99_999_999_999 - 30 * 86_400 });
  });

  const paths = ['/galleryphotos', '/galleryphotos/comments'];
  test.each(paths.flatMap((path) => [0, 100, 30 * 86_400 - 1].map((max) => [path, max] as const)))(
    '%s with max_submit_date=%i alone, under 30 days after the epoch: min_date is exactly 0',
    async (path, max) => {
      const json = await invoke(withKey(`${path}?type=json&max_submit_date=${max}`));
      expect(json.statusCode).toBe(200);
      const { min_date, max_date } = JSON.parse(json.body);
      expect([min_date, max_date]).toEqual([0, path === '/galleryphotos' ? max : undefined]);
      expect(parseXml((await invoke(withKey(`${path}?max_submit_date=${max}`))).body).attributes.min_date).toBe('0');
    },
  );
});

test('caching: each of the gallery listings that can answer without stored data is 200 and no-store, in every type', async () => {
  // Ids and a window nothing stores: empty listings, but successful ones.
  const ids = `${9_100_000_000_000 + randomInt(1_000_000_000)},${9_200_000_000_000 + randomInt(1_000_000_000)}`;
  const window = 'min_submit_date=99990000000';
  for (const [path, query] of [
    ['/galleryphotos', window],
    ['/galleryphotos/comments', window],
    [`/galleryphotos/${ids}`, ''],
  ] as const) {
    const target = `${path}?${query}`;
    for (const type of TYPES) {
      const response = await invoke(withKey(`${path}?${[query, typeQuery(type)].filter(Boolean).join('&')}`));
      expect([target, type, response.statusCode, response.headers['cache-control']]).toEqual([target, type, 200, 'no-store']);
    }
  }
});
