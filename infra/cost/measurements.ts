/**
 * What one warm request of each route uses, from the committed figures (infra/perf/results/measured.json):
 * its duration in the handler (the bench's; scale's for the gallery) and its DynamoDB request units
 * (scale's for the gallery; for the short URLs, which no run measures in units, counted from the
 * requests lib/shorturls/dynamodb.ts sends). Every figure carries where it comes from.
 */
import { type Measured, MEASURED_FILE, readMeasured } from '../perf/report/measured';
import type { Route } from '../template/routes';

export interface Sourced<T> {
  readonly value: T;
  /** The file and field it is read from, or the code it is counted from. */
  readonly source: string;
}

export type Measurements = Measured;
export const readMeasurements = readMeasured;

/** A function's warm time in the bench's figures. */
function warmNs(m: Measurements, fn: string): Sourced<number> {
  const value = m.bench.warmNs[fn];
  if (value === undefined) throw new Error(`${MEASURED_FILE} has no bench.warmNs of ${fn}`);
  return { value, source: `${MEASURED_FILE} bench.warmNs.${fn}` };
}

const SHORT_URL_FUNCTIONS = ['ShortUrlCreateFunction', 'ShortUrlFunction', 'RedirectFunction'];
/** A consistent read under 4 KB is 1 RRU, a write 1 WRU a KB begun, a transaction's write twice that (a link under some 900 characters keeps each record under 1 KB). */
const SHORT_URL_UNITS: Readonly<Record<string, { rru: number; wru: number; source: string }>> = {
  ShortUrlCreateFunction: {
    rru: 1,
    wru: 9,
    source:
      'lib/shorturls/rate-limit-dynamodb.ts and dynamodb.ts, a new link: the rate limit UpdateItem (at most 2 WRU: its item keeps a 12-character token per creation of its window, up to 1.7 KB), the link entry GetItem, consistent (1 RRU), the item id counter UpdateItem (1 WRU), TransactWriteItems of three Puts, the record, the link entry and the itemid claim (3 × 2 WRU)',
  },
  ShortUrlFunction: { rru: 1, wru: 0, source: 'lib/shorturls/dynamodb.ts findByCode: one GetItem, consistent (1 RRU)' },
  RedirectFunction: {
    rru: 1,
    wru: 1,
    source:
      'lib/shorturls/visits.ts: one UpdateItem (ADD view_count, answering the record and its link: 1 WRU); while any host is blocked, a GetItem, consistent (1 RRU), of a code the container has not followed in the last minute, read first (counted here for every visit: the worst case)',
  },
};

/** The short-link host's HEAD: the redirect's answer without its view. */
const HEAD_UNITS = { rru: 1, wru: 0, source: 'lib/shorturls/redirect.ts, HEAD: findByCode, one GetItem, consistent (1 RRU), and no view' };

/** The gallery's measurement on the grown gallery, in the default sort (its first page of 10). */
const GALLERY_SORT = 'submit_date-desc';

export interface RouteUse {
  readonly route: Route;
  readonly warmNs: Sourced<number>;
  readonly rru: Sourced<number>;
  readonly wru: Sourced<number>;
}

const none = (why: string): Sourced<number> => ({ value: 0, source: why });

export function routeUse(m: Measurements, route: Route): RouteUse {
  const fn = route.fn.id;
  const label = `${route.path} ${GALLERY_SORT}`;
  const gallery = m.scale.gallery[label];
  if (gallery !== undefined) {
    const at = `${MEASURED_FILE} scale.gallery["${label}"]`;
    return {
      route,
      warmNs: { value: gallery.latencyMs * 1e6, source: `${at}.latencyMs` },
      rru: { value: gallery.aws, source: `${at}.aws` },
      wru: none('a read'),
    };
  }
  if (SHORT_URL_FUNCTIONS.includes(fn)) {
    const units = route.method === 'HEAD' ? HEAD_UNITS : SHORT_URL_UNITS[fn]!;
    // The short-link host's $default route answers 404 before any read; timed as a redirect, an upper bound.
    const reads = route.path !== '$default';
    return {
      route,
      warmNs: warmNs(m, fn),
      rru: reads ? { value: units.rru, source: units.source } : none('no code, no request to DynamoDB'),
      wru: reads ? { value: units.wru, source: units.source } : none('no code, no request to DynamoDB'),
    };
  }
  // The static functions: XML, the API's default type.
  return {
    route,
    warmNs: warmNs(m, fn),
    rru: none('no database'),
    wru: none('no database'),
  };
}

/** The sizes the bench measured the cold start of `fn` at, with the figure of each. */
export function coldStarts(m: Measurements, fn: string): Array<{ memoryMb: number; ns: Sourced<number> }> {
  return Object.entries(m.bench.coldStartNs[fn] ?? {})
    .map(([mb, value]) => ({ memoryMb: Number(mb), ns: { value, source: `${MEASURED_FILE} bench.coldStartNs.${fn}.${mb}` } }))
    .sort((a, b) => a.memoryMb - b.memoryMb);
}
