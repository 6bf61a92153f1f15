/**
 * The targets checked against this run's figures, one PASS or FAIL line each (../../report/checks.ts,
 * as load and scale print theirs). A benchmark reports; a missed target is in these lines, not in
 * the exit code.
 */
import type { Check } from '../../report/checks';
import type { LambdaColdStarts } from '../cold-start/lambda-cold-start';
import type { RequestFloors } from '../cold-start/request-floors';
import type { Subject, Subjects } from '../setup/subjects';
import { REDIRECT } from '../setup/project';
import type { Warm } from '../warm/warm';
import { requestsOf } from '../yardsticks/request-script';
import { kb, ms, us } from './output';
import { coldFigure, floorOf, TARGET_MB, TARGETS } from './target-limits';

/** The largest of `figures` against `limit`, naming those over it. */
function worst(name: string, figures: ReadonlyArray<{ id: string; figure: number }>, limit: number, show: (id: string) => string): Check {
  const over = figures.filter((f) => f.figure > limit).map((f) => `${f.id} ${f.figure.toFixed(2)} × (${show(f.id)})`);
  const largest = figures.reduce((a, b) => (b.figure > a.figure ? b : a));
  return {
    name,
    pass: over.length === 0,
    detail: `${largest.figure.toFixed(2)} ≤ ${limit}${over.length ? `; over: ${over.join(', ')}` : ` (${largest.id}, ${show(largest.id)})`}`,
  };
}

export function checkTargets(subjects: Subjects, requestFloors: RequestFloors, lambdaCold: LambdaColdStarts, warm: Warm): Check[] {
  const cold = lambdaCold.bySize.get(TARGET_MB)!;
  const at = `at ${TARGET_MB} MB${lambdaCold.unavailable.has(TARGET_MB) ? ' (no cgroup: full speed)' : ''}`;
  const coldOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const byId = new Map(subjects.all.map((s) => [s.id, s]));
  const checks: Check[] = [];
  for (const [group, members] of [
    ['static functions', subjects.statics],
    ['DynamoDB functions', [...subjects.dbFunctions, ...subjects.gallery]],
  ] as const) {
    const limits = members.map((s) => ({ s, ...floorOf(subjects, s, requestFloors) }));
    const { floor, bytesLimit, coldLimit } = limits[0]!;
    const bytes = limits.map((l) => ({ id: l.s.id, figure: l.s.bytes / floor.bytes }));
    checks.push(worst(`${group}' bundle ÷ ${floor.id}'s`, bytes, bytesLimit, (id) => `${kb(byId.get(id)!.bytes)} KB`));
    const beyond = floor === subjects.databaseFloor ? ` less its requests', ÷ ${floor.id}'s` : ` ÷ ${floor.id}'s`;
    const colds = limits.map((l) => ({ id: l.s.id, figure: coldFigure(coldOf, l.s, l) }));
    checks.push(worst(`${group}' cold start ${at}${beyond}`, colds, coldLimit, (id) => `${ms(coldOf(byId.get(id)!))} ms`));
  }
  const requests = [...requestFloors].map(([id, { script }]) => ({
    id,
    sent: requestsOf(script),
    design: TARGETS.databaseRequests[id] ?? 0,
  }));
  const tooMany = requests.filter((r) => r.sent > r.design);
  checks.push({
    name: "DynamoDB functions' requests in a cold start ≤ their design's",
    pass: tooMany.length === 0,
    detail: requests.map((r) => `${r.id} ${r.sent}${r.sent > r.design ? ` (design ${r.design})` : ''}`).join(', '),
  });
  const gated = warm.byType.filter((w) => TARGETS.warmFunctions.includes(w.id));
  const slowest = gated.reduce((a, b) => (b.summary.median > a.summary.median ? b : a));
  checks.push({
    name: `warm median of ${TARGETS.warmFunctions.join(' and ')} in every type < ${TARGETS.warmUs} µs`,
    pass: slowest.summary.median < TARGETS.warmUs * 1e3,
    detail: `slowest ${slowest.id} ${slowest.type} ${us(slowest.summary.median)} µs`,
  });
  const redirect = warm.byFunction.get(REDIRECT)!.median;
  const bare = warm.bareUpdateItem.median;
  checks.push({
    name: `redirect ÷ a bare UpdateItem ≤ ${TARGETS.redirectPerUpdateItem}`,
    pass: redirect / bare <= TARGETS.redirectPerUpdateItem,
    detail: `${(redirect / bare).toFixed(2)} × (${ms(redirect)} ms against ${ms(bare)} ms)`,
  });
  return checks;
}
