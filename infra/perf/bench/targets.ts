/**
 * The targets the figures are checked against, their verdicts (kept in results.ts, for the
 * report), and the bench's last lines: one PASS or FAIL line per target. A benchmark reports;
 * a missed target is in these lines, not in the exit code.
 */
import type { HotLinkFigures } from '../load/hot-link';
import type { GalleryCapacity } from './gallery-capacity';
import { TARGET_MB, type LambdaColdStarts } from './lambda-cold-start';
import { formatValue, kb, log, ms, us } from './output';
import { results, type Verdict } from './results';
import type { RoundTrips } from './round-trips';
import type { Subject, Subjects } from './subjects';
import type { WarmResults } from './warm';
import { TARGETS } from './target-limits';

/** Those over a limit, named, or that none is. */
const overList = (over: readonly string[], of: number) =>
  over.length ? `${over.length}/${of} over: ${over.join(', ')}` : `all ${of} within`;

/** Every target checked against this run's figures, each verdict kept for the report. */
export function checkTargets(
  { statics, dbFunctions, gallery, docClient, baseline, staticFloor, databaseFloor }: Subjects,
  lambdaCold: LambdaColdStarts,
  warm: WarmResults,
  trips: RoundTrips,
  capacity: GalleryCapacity,
  hotLink: HotLinkFigures,
): Verdict[] {
  const verdicts: Verdict[] = [];
  const check = (...args: Parameters<typeof results.verdict>) => void verdicts.push(results.verdict(...args));
  const cold = lambdaCold.bySize.get(TARGET_MB)!;
  const at = `at ${TARGET_MB} MB${lambdaCold.unavailable.has(TARGET_MB) ? ' (no cgroup: full speed)' : ''}`;

  const sizeOver = statics.filter((s) => s.bytes > TARGETS.staticBundleBytes).map((s) => `${s.id} ${kb(s.bytes)} KB`);
  check({
    name: 'bundle size (raw), largest static function',
    figure: Math.max(...statics.map((s) => s.bytes)),
    comparison: '≤',
    limit: TARGETS.staticBundleBytes,
    unit: 'bytes',
    detail: `${overList(sizeOver, statics.length)}; ${staticFloor.id} alone ${kb(staticFloor.bytes)} KB`,
  });

  const bare = cold.get(baseline.id)!.total.median;
  const perBare = (s: Subject) => cold.get(s.id)!.total.median / bare;
  const coldOver = statics
    .filter((s) => perBare(s) > TARGETS.staticColdPerBare)
    .map((s) => `${s.id} ${ms(cold.get(s.id)!.total.median)} ms`);
  check({
    name: `static functions' cold start ${at} (import + first XML answer) ÷ the bare handler's, slowest`,
    figure: Math.max(...statics.map(perBare)),
    comparison: '≤',
    limit: TARGETS.staticColdPerBare,
    unit: 'ratio',
    detail: `${overList(coldOver, statics.length)}; bare handler ${ms(bare)} ms; ${staticFloor.id} alone ${perBare(staticFloor).toFixed(1)} ×`,
  });

  const warmGated = TARGETS.warmFunctions.flatMap((id) =>
    [...(warm.get(id) ?? [])].map(([type, r]) => ({ id, type, median: r.perCall.median })),
  );
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

  const redirected = `${hotLink.statuses.get(301) ?? 0} of ${hotLink.answers + hotLink.unanswered} visits answered 301`;
  check({
    name: `hot link: share of ${hotLink.connections} clients' visits answered 301`,
    figure: (hotLink.statuses.get(301) ?? 0) / Math.max(1, hotLink.answers + hotLink.unanswered),
    comparison: '≥',
    limit: 1,
    unit: 'ratio',
    detail: `${redirected}, ${hotLink.unanswered} unanswered`,
  });
  check({
    name: 'hot link: views counted per visit sent, off from one',
    figure: Math.abs(hotLink.viewsPerVisit - 1),
    comparison: '≤',
    limit: 0,
    unit: 'ratio',
    detail: `${hotLink.viewsCounted} views counted for ${hotLink.sent} visits sent, ${redirected}`,
  });

  const limit = TARGETS.perDocClientOnly;
  const withDatabase = [...dbFunctions, ...gallery];
  for (const s of withDatabase) {
    check({
      name: `${s.id} bundle size ÷ ${docClient.id}'s`,
      figure: s.bytes / docClient.bytes,
      comparison: '≤',
      limit,
      unit: 'ratio',
      detail: `${kb(s.bytes)} KB vs ${kb(docClient.bytes)} KB; ${databaseFloor.id} alone ${(databaseFloor.bytes / docClient.bytes).toFixed(2)} ×`,
    });
  }
  const docImport = cold.get(docClient.id)!.importMedian;
  const floorImport = cold.get(databaseFloor.id)!.importMedian / docImport;
  for (const s of withDatabase) {
    const own = cold.get(s.id)!.importMedian;
    check({
      name: `${s.id} import() ${at} ÷ ${docClient.id}'s`,
      figure: own / docImport,
      comparison: '≤',
      limit,
      unit: 'ratio',
      detail: `${ms(own)} ms vs ${ms(docImport)} ms; ${databaseFloor.id} alone ${floorImport.toFixed(2)} ×`,
    });
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

  return verdicts;
}

/** The bench's last lines. */
export function printVerdicts(verdicts: readonly Verdict[]): void {
  for (const v of verdicts) {
    log(
      `${v.pass ? 'PASS' : 'FAIL'}  ${v.name}: ${formatValue(v.figure, v.unit)} ${v.comparison} ${formatValue(v.limit, v.unit)}${v.detail ? ` (${v.detail})` : ''}`,
    );
  }
}
