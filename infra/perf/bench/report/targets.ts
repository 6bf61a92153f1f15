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
import { coldFigure, floorOf, TARGET_MB, TARGETS } from './target-limits';
import type { RequestFloors } from '../cold-start/request-floors';
import { requestsOf } from '../yardsticks/request-script';

/** Those over a limit, named, or that none is. */
const overList = (over: readonly string[], of: number) =>
  over.length ? `${over.length}/${of} over: ${over.join(', ')}` : `all ${of} within`;

/** Every target checked against this run's figures, each verdict kept for the report. */
export function checkTargets(
  subjects: Subjects,
  requestFloors: RequestFloors,
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
  for (const [group, members, coldName] of [
    ['static functions', subjects.statics, `cold start ${at} (import + first answer) ÷ ${subjects.staticFloor.id}'s, slowest`],
    [
      'DynamoDB functions',
      [...subjects.dbFunctions, ...subjects.gallery],
      `cold start ${at} (import + first answer) less their requests' on ${subjects.databaseFloor.id}, ÷ ${subjects.databaseFloor.id}'s, largest`,
    ],
  ] as const) {
    const limits = members.map((s) => ({ s, ...floorOf(subjects, s, requestFloors) }));
    const { floor, bytesLimit, coldLimit } = limits[0]!;
    const worst = (figureOf: (l: (typeof limits)[number]) => number, limit: number, show: (s: Subject) => string) => {
      const figures = limits.map((l) => ({ s: l.s, figure: figureOf(l) }));
      const over = figures.filter((f) => f.figure > limit).map((f) => `${f.s.id} ${show(f.s)} (${f.figure.toFixed(2)} ×)`);
      return { figure: Math.max(...figures.map((f) => f.figure)), detail: `${overList(over, members.length)}; ${floor.id} ${show(floor)}` };
    };
    check({
      name: `${group}' bundle size (raw) ÷ ${floor.id}'s, largest`,
      comparison: '≤',
      limit: bytesLimit,
      unit: 'ratio',
      ...worst(
        (l) => l.s.bytes / floor.bytes,
        bytesLimit,
        (s) => `${kb(s.bytes)} KB`,
      ),
    });
    check({
      name: `${group}' ${coldName}`,
      comparison: '≤',
      limit: coldLimit,
      unit: 'ratio',
      ...worst(
        (l) => coldFigure(coldOf, l.s, l),
        coldLimit,
        (s) => {
          const requestFloor = requestFloors.get(s.id)?.floor;
          return requestFloor === undefined ? `${ms(coldOf(s))} ms` : `${ms(coldOf(s))} ms, its requests ${ms(coldOf(requestFloor))} ms`;
        },
      ),
    });
  }

  const requests = [...requestFloors].map(([id, { script }]) => ({
    id,
    sent: requestsOf(script),
    design: TARGETS.databaseRequests[id] ?? 0,
  }));
  check({
    name: "DynamoDB functions' requests in a cold start beyond their design's, most",
    figure: Math.max(...requests.map((r) => r.sent - r.design)),
    comparison: '≤',
    limit: 0,
    unit: 'requests',
    detail: requests.map((r) => `${r.id} ${r.sent}${r.sent > r.design ? ` (design ${r.design})` : ''}`).join(', '),
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
