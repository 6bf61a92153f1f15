/**
 * The targets, a PASS or FAIL line each, against floors measured in the same run, so that a FAIL is the
 * project's own share grown; a DynamoDB function's cold start beyond its request floor, its requests to the design's.
 */
import type { Check } from '../report/run-report';
import { kb, ms, us } from '../report/tables';
import type { ColdStarts } from './cold-start';
import { REDIRECT } from './project';
import { type RequestFloors, requestsOf } from './request-floors';
import type { Subject, Subjects } from './subjects';
import type { Warm } from './warm';

export const TARGET_MB = 256;

export const TARGETS = {
  /** Cold start ÷ StaticFloor's. */
  staticColdPerFloor: 1.5,
  /** (Cold start − its request floor's) ÷ DatabaseFloor's: a function of one GetItem is held to 1.3 × DatabaseFloor. */
  databaseColdBeyondRequestsPerFloor: 0.3,
  /** Requests in a cold start on the bench's data: what the design sends (docs/api.md, Cost; docs/gallery-layout.md). */
  databaseRequests: {
    ShortUrlCreateFunction: 3,
    ShortUrlFunction: 1,
    RedirectFunction: 2,
    GalleryPhotosFunction: 2,
    GalleryPhotosByIdsFunction: 2,
    GalleryPhotoFunction: 2,
    GalleryCommentsFunction: 2,
    GalleryPhotosCommentsFunction: 4,
    GalleryPhotoCommentsFunction: 3,
    GalleryCommentFunction: 2,
    GalleryRepliesFunction: 3,
  } as Readonly<Record<string, number>>,
  staticBytesPerFloor: 1.4,
  databaseBytesPerFloor: 1.3,
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's warm median ÷ a bare UpdateItem's. */
  redirectPerUpdateItem: 1.3,
  /** DynamoDB requests of a warm redirect of a link not hot: its view alone. */
  redirectWarmRequests: 1,
};

export interface FloorAndLimits {
  readonly floor: Subject;
  /** A DynamoDB function's: DatabaseFloor sending its requests. */
  readonly requestFloor?: Subject;
  readonly bytesLimit: number;
  readonly coldLimit: number;
}

export function floorOf({ staticFloor, databaseFloor }: Subjects, fn: Subject, requestFloors?: RequestFloors): FloorAndLimits {
  if (!fn.database) return { floor: staticFloor, bytesLimit: TARGETS.staticBytesPerFloor, coldLimit: TARGETS.staticColdPerFloor };
  return {
    floor: databaseFloor,
    requestFloor: requestFloors?.get(fn.id)?.floor,
    bytesLimit: TARGETS.databaseBytesPerFloor,
    coldLimit: TARGETS.databaseColdBeyondRequestsPerFloor,
  };
}

/** A static function's multiple of its floor; a DynamoDB one's time beyond its request floor as a share of DatabaseFloor's. */
export function coldFigure(ofNs: (s: Subject) => number, fn: Subject, { floor, requestFloor }: FloorAndLimits): number {
  if (fn.database && requestFloor === undefined) throw new Error(`${fn.id}'s requests were not recorded`);
  return (ofNs(fn) - (requestFloor === undefined ? 0 : ofNs(requestFloor))) / ofNs(floor);
}

function worst(name: string, figures: ReadonlyArray<{ id: string; figure: number }>, limit: number, show: (id: string) => string): Check {
  const over = figures.filter((f) => f.figure > limit).map((f) => `${f.id} ${f.figure.toFixed(2)} × (${show(f.id)})`);
  const largest = figures.reduce((a, b) => (b.figure > a.figure ? b : a));
  return {
    name,
    pass: over.length === 0,
    detail: `${largest.figure.toFixed(2)} ≤ ${limit}${over.length ? `; over: ${over.join(', ')}` : ` (${largest.id}, ${show(largest.id)})`}`,
  };
}

/** `noCgroup` says why `cold` was measured at full speed. */
export function checkTargets(
  subjects: Subjects,
  requestFloors: RequestFloors,
  cold: ColdStarts,
  noCgroup: string | undefined,
  warm: Warm,
): Check[] {
  const at = `at ${TARGET_MB} MB${noCgroup === undefined ? '' : ' (no cgroup: full speed)'}`;
  const coldOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const byId = new Map(subjects.functions.map((s) => [s.id, s]));
  const checks: Check[] = [];
  for (const database of [false, true]) {
    const group = database ? 'DynamoDB functions' : 'static functions';
    const limits = subjects.functions.filter((s) => s.database === database).map((s) => ({ s, ...floorOf(subjects, s, requestFloors) }));
    const { floor, bytesLimit, coldLimit } = limits[0]!;
    const bytes = limits.map((l) => ({ id: l.s.id, figure: l.s.bytes / floor.bytes }));
    checks.push(worst(`${group}' bundle ÷ ${floor.id}'s`, bytes, bytesLimit, (id) => `${kb(byId.get(id)!.bytes)} KB`));
    const beyond = database ? ` less its requests', ÷ ${floor.id}'s` : ` ÷ ${floor.id}'s`;
    const colds = limits.map((l) => ({ id: l.s.id, figure: coldFigure(coldOf, l.s, l) }));
    checks.push(worst(`${group}' cold start ${at}${beyond}`, colds, coldLimit, (id) => `${ms(coldOf(byId.get(id)!))} ms`));
  }
  const requests = [...requestFloors].map(([id, { script }]) => ({
    id,
    sent: requestsOf(script),
    design: TARGETS.databaseRequests[id] ?? 0,
  }));
  checks.push({
    name: "DynamoDB functions' requests in a cold start ≤ their design's",
    pass: requests.every((r) => r.sent <= r.design),
    detail: requests.map((r) => `${r.id} ${r.sent}${r.sent > r.design ? ` (design ${r.design})` : ''}`).join(', '),
  });
  const slowest = warm.byType.filter((w) => TARGETS.warmFunctions.includes(w.id)).reduce((a, b) => (b.medianNs > a.medianNs ? b : a));
  checks.push({
    name: `warm median of ${TARGETS.warmFunctions.join(' and ')} in every type < ${TARGETS.warmUs} µs`,
    pass: slowest.medianNs < TARGETS.warmUs * 1e3,
    detail: `slowest ${slowest.id} ${slowest.type} ${us(slowest.medianNs)} µs`,
  });
  const redirect = warm.byFunction.get(REDIRECT)!;
  checks.push({
    name: `redirect ÷ a bare UpdateItem ≤ ${TARGETS.redirectPerUpdateItem}`,
    pass: redirect / warm.bareUpdateItem <= TARGETS.redirectPerUpdateItem,
    detail: `${(redirect / warm.bareUpdateItem).toFixed(2)} × (${ms(redirect)} ms against ${ms(warm.bareUpdateItem)} ms)`,
  });
  checks.push({
    name: `a warm redirect sends ${TARGETS.redirectWarmRequests} DynamoDB request`,
    pass: warm.redirectRequests === TARGETS.redirectWarmRequests,
    detail: `${warm.redirectRequests} a redirect, on average`,
  });
  return checks;
}
