/**
 * Hostile gallery arguments (docs/api.md, The gallery's arguments): hostile values, repeated and
 * unknown arguments give the error the oracle predicts (gallery-outcomes.ts in
 * test/support/hostile-input) or the listing the rules select (listing-check.ts there), and the
 * date windows follow the rules of the window; with the regressions the properties found.
 */
import fc from 'fast-check';
import { DAY, THIRTY_DAYS } from '../../support/gallery-fixtures';
import { SORT_VALUES } from '../../support/gallery-order';
import {
  answered,
  assertHostileRequests,
  checkRequest,
  forgetAnswers,
  type PendingPhp,
  TIMEOUT,
  verifyPhp,
} from '../../support/hostile-input/check';
import {
  dateWire,
  galleryArgs,
  galleryExtra,
  galleryPathWire,
  seededDates,
  seededPathWire,
} from '../../support/hostile-input/gallery-wire';
import type { WireRequest } from '../../support/hostile-input/requests';
import { COMMENTS, GALLERY_PATHS, PHOTOS, useGallerySeeds } from '../../support/hostile-input/seeds';
import { MAX_DATE } from '../../support/hostile-input/rules';
import { appkeyArgument, KEY_ARGUMENT, methodWire, optional, requests, VALID_TYPES, validCallback } from '../../support/hostile-input/wire';

jest.setTimeout(TIMEOUT);

/** Each query, in JSON, on /galleryphotos and /galleryphotos/comments. */
async function checkListings(queries: string[][]) {
  const pendingPhp: PendingPhp[] = [];
  for (const path of ['/galleryphotos', '/galleryphotos/comments'])
    for (const query of queries) await checkRequest({ method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', ...query] }, pendingPhp);
  await verifyPhp(pendingPhp);
}

describe('hostile input in the gallery arguments', () => {
  useGallerySeeds();

  it('gallery arguments: hostile values, repeated and unknown arguments give the predicted error or the listing the rules select', async () => {
    const arb = requests({
      method: fc.oneof({ weight: 20, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
      path: fc.oneof({ weight: 6, arbitrary: seededPathWire }, { weight: 1, arbitrary: galleryPathWire }),
      args: [
        fc.oneof({ weight: 12, arbitrary: fc.constant(KEY_ARGUMENT) }, { weight: 1, arbitrary: appkeyArgument }),
        // Hostile types and callbacks are the other properties' business.
        optional(fc.constantFrom(...VALID_TYPES).map((type) => `type=${type}`)),
        validCallback.map((callback) => `callback=${callback}`),
        ...galleryArgs,
      ],
      extra: galleryExtra,
      maxExtra: 3,
    });
    forgetAnswers();
    await assertHostileRequests(arb, 250);
    expect(answered('gallery:gallery') + answered('gallery:events')).toBeGreaterThan(50);
    expect(answered('gallery:entries')).toBeGreaterThan(12);
    for (const code of [1001, 1006, 1017, 1026]) expect([code, answered(`gallery:${code}`) > 3]).toEqual([code, true]);
    for (const code of [1007, 404]) expect([code, answered(`gallery:${code}`) > 0]).toEqual([code, true]);
  });

  it('gallery date windows as docs/api.md gives them, 1006 for max before min, 1020 past 30 days without ids', async () => {
    // Bounds around the seeded dates and either side of 30 days apart; sometimes hostile.
    const spans = fc.oneof(
      fc.constantFrom(-1, 0, 1, THIRTY_DAYS - 1, THIRTY_DAYS, THIRTY_DAYS + 1, 40 * DAY),
      fc.integer({ min: -THIRTY_DAYS, max: 2 * THIRTY_DAYS }),
    );
    const seeded = [...PHOTOS.map((p) => p.submit_date), ...COMMENTS.map((c) => c.date)];
    const mins = fc.oneof(seededDates, fc.constantFrom(...seeded, 0, THIRTY_DAYS - 1, MAX_DATE - THIRTY_DAYS));
    const bounds = fc
      .tuple(mins, spans, fc.nat(3))
      .map(([min, span, which]) => [
        which === 1 ? undefined : `min_submit_date=${min}`,
        which === 2 ? undefined : `max_submit_date=${min + span}`,
      ]);
    const arb = fc
      .tuple(
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom('/galleryphotos', '/galleryphotos/comments') },
          { weight: 3, arbitrary: fc.constantFrom(...GALLERY_PATHS.slice(2)) },
        ),
        bounds,
        fc.constantFrom(...SORT_VALUES),
        fc.constantFrom(undefined, 'xml', 'json', 'javascript', 'php'),
        fc.option(fc.tuple(fc.constantFrom('min_submit_date', 'max_submit_date'), dateWire), { nil: undefined, freq: 5 }),
      )
      .map(([path, [min, max], sort, type, again]): WireRequest => {
        const typed = type ? [`type=${type}`] : [];
        const dates = [min, max, again?.join('=')].filter((a): a is string => a !== undefined);
        return { method: 'GET', path, query: [KEY_ARGUMENT, 'callback=cb', `sort=${sort}`, 'count=100', ...typed, ...dates] };
      });
    forgetAnswers();
    await assertHostileRequests(arb, 250);
    expect(answered('gallery:1006')).toBeGreaterThan(3);
    expect(answered('gallery:1020')).toBeGreaterThan(3);
    expect(answered('gallery:entries')).toBeGreaterThan(40);
  });

  // Regression (fixed in ace4b1f): with only min_submit_date, /galleryphotos and
  // /galleryphotos/comments take the 30 days from it; for a min_submit_date of 99997408000 or more
  // the window's end has 12 digits, and lib/gallery/dynamodb.ts padded dates to 11, so the upper
  // bound of the BETWEEN sorted below the lower one and DynamoDB refused the query: 500.
  it('a min_submit_date within 30 days of the largest date is an empty listing, not a 500', async () => {
    const sorts = ['submit_date-desc', 'digg_count-asc'];
    await checkListings(['99997408000', '99999999999'].flatMap((min) => sorts.map((sort) => [`sort=${sort}`, `min_submit_date=${min}`])));
  });

  // Regression (fixed in ace4b1f): with a date sort, /galleryphotos and /galleryphotos/comments
  // asked DynamoDB for offset + count items at once (`Limit`), and a Limit past 2^31 - 1 fails:
  // 500 for e.g. offset=2147483638, or offset=9007199254740991, which the rules allow (an offset
  // is any safe integer of 0 or more).
  it('an offset past 2^31 with a date sort is an empty page, not a 500', async () => {
    await checkListings(['2147483638', '9007199254740991'].map((offset) => [`offset=${offset}`]));
  });

  // Regression (fixed in ace4b1f): with only max_submit_date the window is the 30 days before it,
  // and for a max_submit_date below 2592000 min_date was negative (e.g. -2591995 for
  // max_submit_date=5), a date the API itself refuses as min_submit_date (1006, minimum 0).
  it('min_date is never before the epoch: a max_submit_date within 30 days of it', async () => {
    await checkListings(['0', '5', String(THIRTY_DAYS - 1)].map((max) => [`max_submit_date=${max}`]));
  });
});
