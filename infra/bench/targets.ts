/**
 * The targets the figures are checked against, their verdicts (kept in results.ts, for the
 * report), and the bench's last lines: one PASS or FAIL line per target. A benchmark reports;
 * a missed target is in these lines, not in the exit code.
 */
import type { ColdStarts } from './cold-start';
import type { GalleryCapacity } from './gallery-capacity';
import { formatValue, kb, log, ms, us } from './output';
import { results, type Verdict } from './results';
import type { RoundTrips } from './round-trips';
import type { Subjects } from './subjects';
import type { Throughput } from './throughput';
import type { WarmResults } from './warm';

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
  /** The local stack's requests per second, at least this share of a bare node:http server's answering the same bytes. */
  throughputPerBare: 0.5,
};

/** Those over a limit, named, or that none is. */
const overList = (over: readonly string[], of: number) => (over.length ? `${over.length}/${of} over: ${over.join(', ')}` : `all ${of} within`);

/** Every target checked against this run's figures, each verdict kept for the report. */
export function checkTargets(
  { functions, dbFunctions, docClient }: Subjects,
  cold: ColdStarts,
  warm: WarmResults,
  trips: RoundTrips,
  capacity: GalleryCapacity,
  throughput: Throughput,
): Verdict[] {
  const verdicts: Verdict[] = [];
  const check = (...args: Parameters<typeof results.verdict>) => void verdicts.push(results.verdict(...args));

  const coldMedian = (id: string) => cold.get(id)!.total.median;
  const sizeOver = functions.filter((s) => s.bytes >= TARGETS.bundleBytes).map((s) => `${s.id} ${kb(s.bytes)} KB`);
  check({ name: 'bundle size (raw), largest function', figure: Math.max(...functions.map((s) => s.bytes)), comparison: '<', limit: TARGETS.bundleBytes, unit: 'bytes', detail: overList(sizeOver, functions.length) });

  const coldOver = functions.filter((s) => coldMedian(s.id) >= TARGETS.coldStartMs * 1e6).map((s) => `${s.id} ${ms(coldMedian(s.id))} ms`);
  check({ name: 'cold start median, slowest function', figure: Math.max(...functions.map((s) => coldMedian(s.id))), comparison: '<', limit: TARGETS.coldStartMs * 1e6, unit: 'ns', detail: overList(coldOver, functions.length) });

  const warmGated = TARGETS.warmFunctions.flatMap((id) => [...(warm.get(id) ?? [])].map(([type, r]) => ({ id, type, median: r.perCall.median })));
  const warmOver = warmGated.filter((w) => w.median >= TARGETS.warmUs * 1e3).map((w) => `${w.id} ${w.type} ${us(w.median)} µs`);
  check({
    name: `warm median, slowest of ${TARGETS.warmFunctions.join(' and ')} in every type`,
    figure: Math.max(...warmGated.map((w) => w.median)),
    comparison: '<',
    limit: TARGETS.warmUs * 1e3,
    unit: 'ns',
    detail: overList(warmOver, warmGated.length),
  });

  check({
    name: 'redirect median ÷ a bare UpdateItem round trip',
    figure: trips.redirect.median / trips.bare.median,
    comparison: '≤',
    limit: TARGETS.redirectPerUpdateItem,
    unit: 'ratio',
    detail: `${ms(trips.redirect.median)} ms vs ${ms(trips.bare.median)} ms`,
  });

  const limit = TARGETS.perDocClientOnly;
  for (const s of dbFunctions) {
    check({ name: `${s.id} bundle size ÷ ${docClient.id}'s`, figure: s.bytes / docClient.bytes, comparison: '≤', limit, unit: 'ratio', detail: `${kb(s.bytes)} KB vs ${kb(docClient.bytes)} KB` });
  }
  const docCold = coldMedian(docClient.id);
  for (const s of dbFunctions) {
    check({ name: `${s.id} cold start ÷ ${docClient.id}'s`, figure: coldMedian(s.id) / docCold, comparison: '≤', limit, unit: 'ratio', detail: `${ms(coldMedian(s.id))} ms vs ${ms(docCold)} ms` });
  }

  for (const c of capacity.dateSorts) {
    const rcu = (list: readonly number[]) => list.map((n) => n.toFixed(1)).join(' / ');
    check({
      name: `${c.sort} pages: full-item read capacity ÷ (offset + count) / count × offset 0's, worst offset`,
      figure: Math.max(...c.fullItems.map((n, i) => (n === 0 ? 0 : n / c.limits[i]!))),
      comparison: '≤',
      limit: 1,
      unit: 'ratio',
      detail: `full-item RCU ${rcu(c.fullItems)} at offsets ${capacity.offsets.join(' / ')}, at most ${rcu(c.limits)}${c.flat ? '; flat' : ''}`,
    });
  }

  const { stack, bare } = throughput;
  check({
    name: `local stack's throughput ÷ a bare node:http server's, ${throughput.request}`,
    figure: stack.requestsPerSecond / bare.requestsPerSecond,
    comparison: '≥',
    limit: TARGETS.throughputPerBare,
    unit: 'ratio',
    detail: `${Math.round(stack.requestsPerSecond)} vs ${Math.round(bare.requestsPerSecond)} requests/s`,
  });
  return verdicts;
}

/** The bench's last lines. */
export function printVerdicts(verdicts: readonly Verdict[]): void {
  for (const v of verdicts) {
    log(`${v.pass ? 'PASS' : 'FAIL'}  ${v.name}: ${formatValue(v.figure, v.unit)} ${v.comparison} ${formatValue(v.limit, v.unit)}${v.detail ? ` (${v.detail})` : ''}`);
  }
}
