/**
 * What one warm request of each route uses, from the committed runs: its duration in the
 * handler (bench.json; scale.json for the gallery) and its DynamoDB request units (scale.json for
 * the gallery; for the short URLs, which no run measures in units, counted from the requests
 * lib/shorturls/dynamodb.ts sends). Every figure carries where it comes from.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Report as BenchReport } from '../perf/bench/report/results';
import { PROJECT_ROOT } from '../template/read';
import type { Route } from '../template/routes';
import type { ScaleRun } from '../perf/scale/report';

export const BENCH_FILE = 'infra/perf/results/bench.json';
export const SCALE_FILE = 'infra/perf/results/scale.json';

export interface Sourced<T> {
  readonly value: T;
  /** The file and field it is read from, or the code it is counted from. */
  readonly source: string;
}

export interface Measurements {
  readonly bench: BenchReport;
  readonly scale: ScaleRun;
}

export function readMeasurements(root = PROJECT_ROOT): Measurements {
  const read = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));
  return { bench: read(BENCH_FILE), scale: read(SCALE_FILE) };
}

/** A figure of bench.json, by section, name and subject. */
export function benchFigure(m: Measurements, section: string, name: string, subject: string): Sourced<number> {
  const figure = m.bench.figures.find((f) => f.section === section && f.name === name && f.subject === subject);
  if (figure === undefined) throw new Error(`${BENCH_FILE} has no figure "${name}" of ${subject} in "${section}"`);
  return { value: figure.median, source: `${BENCH_FILE} figures[section="${section}", name="${name}", subject="${subject}"].median` };
}

/** The handler's time of the DynamoDB round trips bench.json measured for the short-URL functions. */
const ROUND_TRIP_SUBJECTS: Readonly<Record<string, string>> = {
  ShortUrlCreateFunction: 'create, new URL (handler)',
  ShortUrlFunction: 'lookup (handler)',
  RedirectFunction: 'redirect (handler)',
};

/** A consistent read under 4 KB is 1 RRU, a write 1 WRU a KB begun, a transaction's write twice that (a link under some 900 characters keeps each record under 1 KB). */
const SHORT_URL_UNITS: Readonly<Record<string, { rru: number; wru: number; source: string }>> = {
  ShortUrlCreateFunction: {
    rru: 1,
    wru: 9,
    source:
      'lib/shorturls/rate-limit.ts and dynamodb.ts, a new link: the rate limit UpdateItem (at most 2 WRU: its item keeps a 12-character token per creation of its window, up to 1.7 KB), the link entry GetItem, consistent (1 RRU), the item id counter UpdateItem (1 WRU), TransactWriteItems of three Puts, the record, the link entry and the itemid claim (3 × 2 WRU)',
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
  const gallery = m.scale.grown.measurements.find((x) => x.label === `${route.path} ${GALLERY_SORT}`);
  if (gallery !== undefined) {
    const at = `${SCALE_FILE} grown.measurements[label="${gallery.label}"]`;
    return {
      route,
      warmNs: { value: gallery.latencyMs * 1e6, source: `${at}.latencyMs` },
      rru: { value: gallery.aws, source: `${at}.aws` },
      wru: none('a read'),
    };
  }
  const roundTrips = ROUND_TRIP_SUBJECTS[fn];
  if (roundTrips !== undefined) {
    const units = route.method === 'HEAD' ? HEAD_UNITS : SHORT_URL_UNITS[fn]!;
    // The short-link host's $default route answers 404 before any read; timed as a redirect, an upper bound.
    const reads = route.path !== '$default';
    return {
      route,
      warmNs: benchFigure(m, 'DynamoDB round trips', 'latency', roundTrips),
      rru: reads ? { value: units.rru, source: units.source } : none('no code, no request to DynamoDB'),
      wru: reads ? { value: units.wru, source: units.source } : none('no code, no request to DynamoDB'),
    };
  }
  // The static functions: XML, the API's default type.
  return {
    route,
    warmNs: benchFigure(m, 'Warm, in-process', 'warm latency, xml', fn),
    rru: none('no database'),
    wru: none('no database'),
  };
}

/** The sizes bench.json measured the cold start of `fn` at, with the figure of each. */
export function coldStarts(m: Measurements, fn: string): Array<{ memoryMb: number; ns: Sourced<number> }> {
  const section = 'Cold start as Lambda runs it';
  return m.bench.figures
    .filter((f) => f.section === section && f.name === 'cold start' && f.subject.startsWith(`${fn} at `))
    .map((f) => ({ memoryMb: Number(/ at (\d+) MB$/.exec(f.subject)?.[1]), ns: benchFigure(m, section, 'cold start', f.subject) }))
    .sort((a, b) => a.memoryMb - b.memoryMb);
}
