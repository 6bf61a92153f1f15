/**
 * Hostile input in the query: arbitrary bytes and unicode in every argument and argument name,
 * callbacks that inject script, repeated arguments (the first value wins), and the callbacks no
 * page can define. Every answer is below 500, in the type its Content-Type names, parsed by that
 * type's real parser, the one the oracle of test/support/hostile-input/oracle.ts allows, and
 * tells back nothing of the input (test/support/hostile-input/check.ts).
 */
import fc from 'fast-check';
import { assertHostileRequests, checkRequest, invokeFresh, TIMEOUT } from '../../support/hostile-input/check';
import { expectedOutcomes, expectedType, unknownArgument } from '../../support/hostile-input/oracle';
import { countWire, dateWire, sortWire } from '../../support/hostile-input/gallery-wire';
import type { WireRequest } from '../../support/hostile-input/requests';
import { useGallerySeeds } from '../../support/hostile-input/seeds';
import { CATALOGUE_BY_CODE, UNCALLABLE } from '../../support/hostile-input/rules';
import { encoded, hostileWire, injectionWire, percentEncode, unicodeText } from '../../support/hostile-input/strings';
import {
  appkeyArgument,
  appkeyWire,
  argument,
  COMMON_ARGUMENT_WIRES,
  KEY,
  KEY_ARGUMENT,
  nameWire,
  optional,
  PATHS,
  requests,
  typeValue,
  validCallback,
} from '../../support/hostile-input/wire';
import { invoke } from '../../support/invoke';

jest.setTimeout(TIMEOUT);

useGallerySeeds();

/** The alert a JavaScript answer of error `code` is. */
const alert = (code: number) => `alert(${JSON.stringify(CATALOGUE_BY_CODE.get(code))});`;

it('arbitrary bytes and unicode in every argument, argument name and path segment', async () => {
  await assertHostileRequests(requests({ args: COMMON_ARGUMENT_WIRES, extra: argument(nameWire, hostileWire) }), 200);
});

it('callback injection: a valid callback is called exactly once, anything else is the alert of 1002/1003', async () => {
  // Lengths around the 128-character limit, plain and dotted.
  const longCallback = fc
    .tuple(fc.integer({ min: 100, max: 260 }), fc.constantFrom('x', 'a.', '$_'))
    .map(([length, pattern]) => `Z${pattern.repeat(length)}`.slice(0, length));
  const callbacks = fc.oneof(
    validCallback,
    validCallback.map(percentEncode),
    longCallback,
    injectionWire,
    encoded(unicodeText),
    fc.constantFrom('', 'a%E2%80%A8b', '%C3%B1ame', 'a%2Eb'),
  );
  const arb = requests({
    args: [
      appkeyArgument,
      argument(fc.constant('type'), fc.constantFrom('javascript', 'JavaScript', 'JAVASCRIPT')),
      optional(argument(fc.constant('callback'), callbacks)),
    ],
    extra: argument(fc.constantFrom('callback', 'foo', 'type'), hostileWire),
    maxExtra: 1,
  });
  await assertHostileRequests(arb, 200);
});

it('repeated arguments: the first value of each name wins', async () => {
  const repeated = fc
    .tuple(
      fc.constantFrom('type', 'callback', 'appkey', 'foo', 'TYPE', 'count', 'sort', 'min_submit_date'),
      fc.array(fc.oneof(typeValue, validCallback, appkeyWire, hostileWire, countWire, sortWire, dateWire), { minLength: 2, maxLength: 8 }),
    )
    .map(([name, values]) => values.map((value) => `${name}=${value}`).join('&'));
  const arb = requests({
    args: [appkeyArgument, optional(argument(fc.constant('type'), typeValue)), optional(argument(fc.constant('callback'), validCallback))],
    extra: repeated,
    maxExtra: 3,
  });
  await assertHostileRequests(arb, 200);
});

it('type=json&type=xml answers JSON on every route (the first value wins)', async () => {
  for (const path of PATHS) {
    const request: WireRequest = { method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', 'type=xml'] };
    expect(expectedType(request)).toBe('json');
    await checkRequest(request, []);
  }
});

// The oracle once read a generated piece `appkey=<valid>&appkey=<bad escapes>` as one value and
// expected 1028, where the first app key is valid and the unknown argument answers.
it('a later app key with escapes that are not UTF-8 does not count: the first one wins', async () => {
  const request: WireRequest = {
    method: 'GET',
    path: '/container/offbeat',
    query: ['type=json', 'count=76', `${KEY_ARGUMENT}&appkey=${KEY}x%FF`],
  };
  expect(expectedOutcomes(request, 'json')).toEqual([unknownArgument('count')]);
  await checkRequest(request, []);
});

// lib/http/arguments.ts (checkCallback) once accepted every name the callback pattern matches, reserved words
// included, and answered e.g. `/**/while({...});`, a script that hangs the page.
it('refuses the callbacks no page can define (reserved words, undefined, NaN, Infinity) with the 1003 alert', async () => {
  const called: string[] = [];
  for (const callback of UNCALLABLE) {
    const response = await invokeFresh({
      method: 'GET',
      path: '/errors',
      query: [KEY_ARGUMENT, 'type=javascript', `callback=${callback}`],
    });
    if (response.body !== alert(1003)) called.push(`${callback} -> ${response.body.slice(0, 30)}...`);
  }
  expect(called).toEqual([]);
});

// The pipeline once kept the callback on the Lambda context and set it only when it validated
// one, so that on a reused context a request whose callback was missing or invalid answered
// with the previous request's callback instead of the alert.
it('answers a missing callback with the 1002 alert whatever an earlier request asked for', async () => {
  await invoke(`/errors?appkey=${KEY}&type=javascript&callback=earlier.request`);
  expect((await invoke(`/errors?appkey=${KEY}&type=javascript`)).body).toBe(alert(1002));
  expect((await invoke(`/error/1001?appkey=${KEY}&type=javascript&callback=a-b`)).body).toBe(alert(1003));
});
