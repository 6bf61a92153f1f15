/**
 * What one warm request of each route uses, from the committed figures (infra/perf/results/measured.json): its duration in the handler (the
 * bench's; scale's for the gallery) and its DynamoDB request units (scale's for the gallery; for the short URLs, which no run measures in
 * units, counted from the requests lib/shorturls/dynamodb.ts sends).
 */
import { type Measured, MEASURED_FILE, readMeasured } from '../perf/report/measured';
import type { Route } from '../template/routes';

export type Measurements = Measured;
export const readMeasurements = readMeasured;

/**
 * A consistent read under 4 KB is 1 RRU, a write 1 WRU a KB begun, a transaction's write twice that (a link under some 900 characters keeps
 * each record under 1 KB). A new link: the rate limit's UpdateItem (at most 2 WRU: its item keeps a token per creation of its window), the
 * link entry's GetItem, the item id counter's UpdateItem, a transaction of three Puts (record, link entry, itemid claim). A visit: its
 * view's UpdateItem, and while a host is blocked a GetItem (counted for every visit: the worst case). A lookup, and the short-link host's
 * HEAD: a GetItem.
 */
const SHORT_URL_UNITS: Readonly<Record<string, { rru: number; wru: number }>> = {
  ShortUrlCreateFunction: { rru: 1, wru: 9 },
  ShortUrlFunction: { rru: 1, wru: 0 },
  RedirectFunction: { rru: 1, wru: 1 },
};
const HEAD_UNITS = { rru: 1, wru: 0 };

/** The gallery's measurement on the grown gallery, in the default sort (its first page of 10). */
const GALLERY_SORT = 'submit_date-desc';

export interface RouteUse {
  readonly route: Route;
  readonly warmNs: number;
  readonly rru: number;
  readonly wru: number;
}

export function routeUse(m: Measurements, route: Route): RouteUse {
  const fn = route.fn.id;
  const gallery = m.scale.gallery[`${route.path} ${GALLERY_SORT}`];
  if (gallery !== undefined) return { route, warmNs: gallery.latencyMs * 1e6, rru: gallery.aws, wru: 0 };
  const warmNs = m.bench.warmNs[fn];
  if (warmNs === undefined) throw new Error(`${MEASURED_FILE} has no bench.warmNs of ${fn}`);
  const units = SHORT_URL_UNITS[fn];
  // The static functions read nothing, nor does the short-link host's $default route, which answers 404 before any read.
  if (units === undefined || route.path === '$default') return { route, warmNs, rru: 0, wru: 0 };
  return { route, warmNs, ...(route.method === 'HEAD' ? HEAD_UNITS : units) };
}
