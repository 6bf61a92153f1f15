/**
 * Hostile input to the short URL routes and the short-link host (docs/api.md, Short URLs: `url` and
 * views): a hostile `url` to /url/short/create is 1016 and a valid one a record of its normalised
 * link; /url/short/{anything} finds a stored short URL by its code or whole short URL only; the
 * short-link host answers a 301 to a stored code's link, or its one 404 page, and counts each 301
 * of a GET as one view.
 */
import fc from 'fast-check';
import { answered, assertHostileRequests, forgetAnswers, TIMEOUT } from '../../support/hostile-input/check';
import {
  checkShortLink,
  expectViewCounts,
  readNotFoundPage,
  shortLinkMethod,
  shortLinkTarget,
} from '../../support/hostile-input/short-link';
import { createUrlWire, lookupSegmentWire, testKeyWire, urlWire } from '../../support/hostile-input/short-urls';
import { storeLookedUp, storeVisited } from '../../support/hostile-input/short-urls';
import { hostileWire } from '../../support/hostile-input/strings';
import {
  appkeyArgument,
  argument,
  KEY_ARGUMENT,
  methodWire,
  optional,
  requests,
  typeValue,
  validCallback,
} from '../../support/hostile-input/wire';
import { invokeShortLink } from '../../support/invoke';

jest.setTimeout(TIMEOUT);

let notFoundPage = '';

beforeAll(async () => {
  await storeLookedUp();
  await storeVisited();
  notFoundPage = await readNotFoundPage();
});

it('/url/short/create: a hostile `url` is 1016, a valid http(s) one a record of its normalised link', async () => {
  const arb = requests({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
    path: fc.oneof(
      { weight: 12, arbitrary: fc.constant('/url/short/create') },
      { weight: 1, arbitrary: fc.constantFrom('/url/short/create/', '/url/short/Create', '/url/short/create%20') },
    ),
    args: [
      argument(fc.constant('appkey'), testKeyWire),
      optional(argument(fc.constant('type'), typeValue)),
      optional(argument(fc.constant('callback'), validCallback)),
      optional(argument(fc.constant('url'), createUrlWire)),
    ],
    // A second `url` (the first value wins) more often than an unknown argument.
    extra: argument(fc.constantFrom('url', 'url', 'url', 'URL', 'link'), urlWire),
    maxExtra: 1,
  });
  forgetAnswers();
  await assertHostileRequests(arb, 250);
  expect(answered('create:shorturls')).toBeGreaterThan(20);
  expect(answered('create:1016')).toBeGreaterThan(20);
});

it('/url/short/{anything}: a stored short URL by its code or whole short URL, 404 for everything else', async () => {
  const arb = requests({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
    path: fc.oneof(
      { weight: 12, arbitrary: lookupSegmentWire.map((segment) => `/url/short/${segment}`) },
      { weight: 1, arbitrary: fc.constantFrom('/url/short/', '/url/short', '/url//short/x', '/url/short//') },
    ),
    args: [
      fc.oneof({ weight: 6, arbitrary: fc.constant(KEY_ARGUMENT) }, { weight: 1, arbitrary: appkeyArgument.map((a) => a ?? '') }),
      optional(argument(fc.constant('type'), typeValue)),
      optional(argument(fc.constant('callback'), validCallback)),
    ],
    extra: argument(fc.constantFrom('url', 'code', 'foo'), hostileWire),
    maxExtra: 1,
  }).map((request) => ({ ...request, query: request.query.filter((q) => q !== '') }));
  forgetAnswers();
  await assertHostileRequests(arb, 250);
  expect(answered('lookup:shorturls')).toBeGreaterThan(10);
  expect(answered('lookup:404')).toBeGreaterThan(50);
});

it('the short-link host: 301 to the link for a stored code, the one 404 page for anything else, never a 5xx', async () => {
  const page = await invokeShortLink('/');
  expect(page).toMatchObject({ statusCode: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: notFoundPage });
  await fc.assert(
    fc.asyncProperty(shortLinkTarget, shortLinkMethod, async (path, verb) =>
      checkShortLink(path, verb, await invokeShortLink(path, { method: verb })),
    ),
    { numRuns: 300 },
  );
  await expectViewCounts();
});
