/**
 * The 410 of a retired endpoint (docs/api.md, Retirement, and Errors): in the type asked, the date it
 * names, whatever the request, its headers; and any request to a retired API host, however hostile,
 * is that 410 in the type asked, echoing nothing (a property).
 */
import fc from 'fast-check';
import { CONTENT_TYPE, expectError, invokerWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { withTarget } from '../support/hostile-input/check';
import { checkHeaders, hostileInputs } from '../support/hostile-input/echoes';
import { expectedType } from '../support/hostile-input/oracle';
import { fromBody, fromPhp, type Payload } from '../support/hostile-input/payload';
import { queryOf, targetOf } from '../support/hostile-input/requests';
import { API_HEADERS, isCallable } from '../support/hostile-input/rules';
import { hostileWire } from '../support/hostile-input/strings';
import { argument, COMMON_ARGUMENT_WIRES, nameWire, pathWire, requests, segmentWire } from '../support/hostile-input/wire';
import { APP_KEY, ROUTES, withKey } from '../support/invoke';
import { runScript, unserialize } from '../support/parsers';
import { expectRetired, httpDate, MIGRATE_LINK, PAST, sampleOf } from '../support/retirement';

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

describe('the answer', () => {
  const retired = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, DEPRECATION_LINK: 'https://docs.new-api.test/migrate' });
  const WHY = `retired on ${PAST}`;

  test('in the type asked, by type or Accept; an unknown type in XML; Javascript 200 with status 410, or an alert without a valid callback', async () => {
    for (const type of TYPES) expectRetired(await retired(withKey(`/galleryphotos?${typeQuery(type)}`)), type, WHY);
    expectRetired(await retired(withKey('/galleryphotos?type=yaml')), 'xml', WHY);
    expectRetired(await retired(withKey('/galleryphotos?type=JSON')), 'json', WHY);
    expectRetired(await retired(withKey('/galleryphotos'), { headers: { accept: 'application/php' } }), 'php', WHY);
    const script = await retired(withKey('/galleryphotos?type=javascript&callback=cb'));
    expect(runScript(script.body, 'cb').calls[0]).toEqual([{ code: 404, message: `Not found: ${WHY}`, status: 410 }]);
    for (const query of ['type=javascript', 'type=javascript&callback=1bad']) {
      expectError(await retired(withKey(`/galleryphotos?${query}`)), 'javascript', 404, 410, { alert: true, detail: WHY });
    }
  });

  test('the date it names: a date as set, a date-time to the second in UTC, one set to the minute included', async () => {
    for (const [setting, named] of [
      ['2020-01-01', '2020-01-01'],
      ['2020-01-01T12:30:00Z', '2020-01-01T12:30:00Z'],
      ['2020-01-01T12:30Z', '2020-01-01T12:30:00Z'],
    ] as const) {
      const answer = await invokerWithEnv({ GALLERY_SUNSET_DATE: setting })(withKey('/galleryphotos?type=json'));
      expectRetired(answer, 'json', `retired on ${named}`);
      expect(answer.headers.sunset).toBe(httpDate(named));
    }
  });

  test('whatever it is asked: no app key, a bad or denied one, unknown or bad arguments, a bad path', async () => {
    const denied = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, DENIED_APP_KEYS: APP_KEY });
    for (const target of [
      '/galleryphotos?type=json',
      '/galleryphotos?type=json&appkey=not-a-uri',
      '/galleryphotos?type=json&appkey=http%3A%2F%2Fexample.com%2F',
      '/galleryphotos?type=json&appkey=http%3A%2F%2Fmy.app%2F%E9',
      withKey('/galleryphotos?type=json&count=0&offset=-1&sort=bogus&colour=red'),
      withKey('/galleryphotos?type=json&min_submit_date=1e9&max_submit_date=x'),
      withKey('/galleryphoto/not-a-number?type=json'),
      withKey('/galleryphotos/1,2,x/comments?type=json'),
      withKey('/galleryphoto/1/comment/%FF?type=json'),
    ]) {
      expectRetired(await retired(target), 'json', WHY);
    }
    expectRetired(await denied(withKey('/galleryphotos?type=json')), 'json', WHY);
  });

  test('its headers: Deprecation, Sunset, Link, no-store (a cacheable endpoint too), the type’s Content-Type', async () => {
    for (const type of TYPES) {
      const headers = expectRetired(await retired(withKey(`/galleryphotos/comments?${typeQuery(type)}`)), type, WHY);
      expect(headers['content-type']).toBe(CONTENT_TYPE[type]);
      expect(headers.sunset).toBe('Wed, 01 Jan 2020 00:00:00 GMT');
      expect(headers.link).toBe(MIGRATE_LINK);
      expect(headers['cache-control']).toBe('no-store');
    }
    const staticRetired = invokerWithEnv({ API_SUNSET_DATE: PAST });
    expect(expectRetired(await staticRetired(withKey('/errors?type=json')), 'json', WHY)['cache-control']).toBe('no-store');
  });
});

/** The body of an answer read by its type's parser (PHP's own unserialize() included). */
function retiredPayload(type: (typeof TYPES)[number], body: string, query: URLSearchParams): Payload {
  return (type === 'php' ? fromPhp(unserialize(body), body) : fromBody(type, body, query)).payload;
}

/** What a retired API host answers a request of `query` with, in `type`. */
function expectedRetiredPayload(type: (typeof TYPES)[number], query: URLSearchParams): Payload {
  const message = `Not found: retired on ${PAST}`;
  if (type !== 'javascript') return { kind: 'error', code: 404, message };
  return isCallable(query.get('callback') ?? '') ? { kind: 'error', code: 404, message, status: 410 } : { kind: 'alert', message };
}

test('any request to a retired API host, however hostile, is its 410 in the type asked, echoing nothing', async () => {
  const retired = invokerWithEnv({ API_SUNSET_DATE: PAST });
  const hostile = requests({
    path: fc.oneof(fc.constantFrom(...ROUTES.map(sampleOf).map((target) => target.split('?')[0]!)), pathWire(segmentWire)),
    args: COMMON_ARGUMENT_WIRES,
    extra: argument(nameWire, hostileWire),
  });
  await fc.assert(
    fc.asyncProperty(hostile, async (request) => {
      const answer = await retired(targetOf(request), {
        method: request.method,
        headers: request.accept === undefined ? {} : { accept: request.accept },
      });
      withTarget(request, () => {
        checkHeaders(answer.headers, API_HEADERS, hostileInputs(request));
        const type = TYPES.find((kind) => CONTENT_TYPE[kind] === answer.headers['content-type']);
        // Whatever the Accept header, the answer is in one of the four types (docs/api.md, Headers).
        expect(TYPES).toContain(type);
        const expected = expectedType(request);
        if (expected !== undefined) expect(type).toBe(expected);
        expect(answer.statusCode).toBe(type === 'javascript' ? 200 : 410);
        expect(answer.body).toContain(`Not found: retired on ${PAST}`);
        expect(answer.body.length).toBeLessThan(300);
        // Read by the type's own parser: error 404 with the retired message, or, with Javascript
        // and no callable callback, the alert() of it (docs/api.md, Retirement).
        expect(retiredPayload(type!, answer.body, queryOf(request))).toEqual(expectedRetiredPayload(type!, queryOf(request)));
      });
    }),
    { numRuns: 300 },
  );
});
