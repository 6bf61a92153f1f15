/**
 * The targets the figures are checked against, and the bench's last lines: one PASS or FAIL
 * line per target. A benchmark reports; a missed target is in these lines, not in the exit code.
 */
import type { ColdStarts } from './cold-start';
import type { GalleryCapacity } from './gallery-capacity';
import type { RoundTrips } from './round-trips';
import type { Subjects } from './subjects';
import type { WarmResults } from './warm';
import { kb, log, ms, us } from './output';

export const TARGETS = {
  /** Static functions' bundles, raw bytes. */
  bundleBytes: 120 * 1024,
  coldStartMs: 30,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
  /** The DynamoDB functions' bundle size and cold start, at most this many times the doc-client-only bundle's. */
  perDocClientOnly: 1.2,
};

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function printTargets({ functions, dbFunctions, docClient }: Subjects, cold: ColdStarts, warm: WarmResults, trips: RoundTrips, capacity: GalleryCapacity): void {
  const coldMedian = (id: string) => cold.get(id)!.total.median;
  const sizeFailures = functions.filter((s) => s.bytes >= TARGETS.bundleBytes);
  const coldFailures = functions.filter((s) => coldMedian(s.id) >= TARGETS.coldStartMs * 1e6);
  const warmGated = TARGETS.warmFunctions.flatMap((id) => [...(warm.get(id) ?? [])].map(([type, r]) => ({ id, type, median: r.perCall.median })));
  const warmFailures = warmGated.filter((w) => w.median >= TARGETS.warmUs * 1e3).map((w) => `${w.id} ${w.type} ${us(w.median)} µs`);
  const largestBundle = Math.max(...functions.map((s) => s.bytes));
  const slowestCold = Math.max(...functions.map((s) => coldMedian(s.id)));
  const slowestWarm = Math.max(...warmGated.map((w) => w.median));
  log(
    `${verdict(!sizeFailures.length)}  bundle size < ${kb(TARGETS.bundleBytes)} KB raw, every function: largest ${kb(largestBundle)} KB` +
      (sizeFailures.length ? ` (${sizeFailures.length}/${functions.length} over: ${sizeFailures.map((s) => `${s.id} ${kb(s.bytes)} KB`).join(', ')})` : ''),
  );
  log(
    `${verdict(!coldFailures.length)}  cold start median < ${TARGETS.coldStartMs} ms, every function: slowest ${ms(slowestCold)} ms` +
      (coldFailures.length ? ` (over: ${coldFailures.map((s) => `${s.id} ${ms(coldMedian(s.id))} ms`).join(', ')})` : ''),
  );
  log(
    `${verdict(!warmFailures.length)}  warm median < ${TARGETS.warmUs} µs, ${TARGETS.warmFunctions.join(' and ')} in every type: slowest ${us(slowestWarm)} µs` +
      (warmFailures.length ? ` (over: ${warmFailures.join(', ')})` : ''),
  );
  const redirectRatio = trips.redirect.median / trips.bare.median;
  log(
    `${verdict(redirectRatio <= TARGETS.redirectPerUpdateItem)}  redirect median ≤ ${TARGETS.redirectPerUpdateItem} × a bare UpdateItem round trip: ${ms(trips.redirect.median)} ms vs ${ms(trips.bare.median)} ms (${redirectRatio.toFixed(2)} ×)`,
  );
  const limit = TARGETS.perDocClientOnly;
  for (const s of dbFunctions) {
    const r = s.bytes / docClient.bytes;
    log(`${verdict(r <= limit)}  ${s.id} bundle size ≤ ${limit} × ${docClient.id}: ${kb(s.bytes)} KB vs ${kb(docClient.bytes)} KB (${r.toFixed(2)} ×)`);
  }
  const docCold = coldMedian(docClient.id);
  for (const s of dbFunctions) {
    const r = coldMedian(s.id) / docCold;
    log(`${verdict(r <= limit)}  ${s.id} cold start ≤ ${limit} × ${docClient.id}: ${ms(coldMedian(s.id))} ms vs ${ms(docCold)} ms (${r.toFixed(2)} ×)`);
  }
  for (const c of capacity.dateSorts) {
    const figures = c.fullItems.map((n) => n.toFixed(1)).join(' / ');
    const limits = c.limits.map((n) => n.toFixed(1)).join(' / ');
    log(
      `${verdict(c.ok)}  date-sorted pages read at most offset+count full items' capacity, ${c.sort}: full-item RCU ${figures} at offsets ${capacity.offsets.join(' / ')} ` +
        `(at most ${limits}${c.flat ? '; flat' : ''})`,
    );
  }
}
