/**
 * The targets the figures are checked against, their verdicts (kept in results.ts, for the
 * report), and the bench's last lines: one PASS or FAIL line per target. A benchmark reports;
 * a missed target is in these lines, not in the exit code.
 */
import type { HotLinkFigures } from '../../load/hot-link';
import type { GalleryCapacity } from '../dynamodb/gallery-capacity';
import type { LambdaColdStarts } from '../cold-start/lambda-cold-start';
import { formatValue, kb, log, ms, us } from './output';
import { results, type Verdict } from './results';
import type { RoundTrips } from '../dynamodb/round-trips';
import type { Subject, Subjects } from '../setup/subjects';
import type { WarmResults } from '../warm/warm';
import { floorOf, TARGET_MB, TARGETS } from './target-limits';

/** Those over a limit, named, or that none is. */
const overList = (over: readonly string[], of: number) =>
  over.length ? `${over.length}/${of} over: ${over.join(', ')}` : `all ${of} within`;

/** Every target checked against this run's figures, each verdict kept for the report. */
export function checkTargets(
  subjects: Subjects,
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
  const coldOf = (s: Subject) => cold.get(s.id)!.totalNs;

  // Each group against its floor, in bytes and in cold start: the worst of the group, and who is over.
  for (const [group, members] of [
    ['static functions', subjects.statics],
    ['DynamoDB functions', [...subjects.dbFunctions, ...subjects.gallery]],
  ] as const) {
    const { floor, bytesLimit, coldLimit } = floorOf(subjects, members[0]!);
    const against = (measure: (s: Subject) => number, limit: number, show: (s: Subject) => string) => {
      const ratios = members.map((s) => ({ s, ratio: measure(s) / measure(floor) }));
      const over = ratios.filter((r) => r.ratio > limit).map((r) => `${r.s.id} ${show(r.s)} (${r.ratio.toFixed(2)} ×)`);
      return { figure: Math.max(...ratios.map((r) => r.ratio)), detail: `${overList(over, members.length)}; ${floor.id} ${show(floor)}` };
    };
    check({
      name: `${group}' bundle size (raw) ÷ ${floor.id}'s, largest`,
      comparison: '≤',
      limit: bytesLimit,
      unit: 'ratio',
      ...against(
        (s) => s.bytes,
        bytesLimit,
        (s) => `${kb(s.bytes)} KB`,
      ),
    });
    check({
      name: `${group}' cold start ${at} (import + first answer) ÷ ${floor.id}'s, slowest`,
      comparison: '≤',
      limit: coldLimit,
      unit: 'ratio',
      ...against(coldOf, coldLimit, (s) => `${ms(coldOf(s))} ms`),
    });
  }

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
