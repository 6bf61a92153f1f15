/**
 * The targets, one PASS or FAIL line each. Cold start and bundle size are held to the floors
 * measured in the same run (../yardsticks/), so that a missed one is the project's own share
 * growing; a DynamoDB function's cold start beyond its request floor, its requests to the design's.
 */
import type { Check } from '../../report/checks';
import { kb, ms, us } from '../../report/tables';
import type { ColdStarts } from '../cold-start/cold-start';
import type { RequestFloors } from '../cold-start/request-floors';
import { REDIRECT } from '../setup/project';
import type { Subject, Subjects } from '../setup/subjects';
import type { Warm } from '../warm/warm';
import { requestsOf } from '../yardsticks/request-script';

/** The memory size the cold-start targets are checked at. */
export const TARGET_MB = 256;

export const TARGETS = {
  /** Static functions' cold start (import and first XML answer) at TARGET_MB, at most this many times StaticFloor's. */
  staticColdPerFloor: 1.5,
  /**
   * DynamoDB functions' cold start at TARGET_MB less their request floor's (the same requests
   * sent by DatabaseFloor), at most this share of DatabaseFloor's: a function answering with one
   * GetItem is held to 1.3 × DatabaseFloor, as before there were request floors.
   */
  databaseColdBeyondRequestsPerFloor: 0.3,
  /**
   * The DynamoDB requests of each function's cold start on the bench's data, at most: what the
   * design reads and writes for it (docs/api.md, Cost; docs/gallery-layout.md). A function that
   * sends more fails here, whatever its request floor makes of the time.
   */
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
  /** Static functions' bundles (raw bytes), at most this many times StaticFloor's. */
  staticBytesPerFloor: 1.4,
  /** DynamoDB functions' bundles (raw bytes), at most this many times DatabaseFloor's. */
  databaseBytesPerFloor: 1.3,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
};

export interface FloorAndLimits {
  readonly floor: Subject;
  /** A DynamoDB function's: DatabaseFloor sending its requests. */
  readonly requestFloor?: Subject;
  readonly bytesLimit: number;
  /** The limit of coldFigure(). */
  readonly coldLimit: number;
}

/**
 * A function's floor, and the limits its figures against it are held to: the static floor for
 * the functions without DynamoDB, the DynamoDB floor for the others, with the function's request
 * floor once `requestFloors` are recorded. The yardsticks have none.
 */
export function floorOf({ staticFloor, databaseFloor }: Subjects, fn: Subject, requestFloors?: RequestFloors): FloorAndLimits {
  if (fn.kind !== 'function') throw new Error(`${fn.id} is a yardstick: it has no floor`);
  if (!fn.database) return { floor: staticFloor, bytesLimit: TARGETS.staticBytesPerFloor, coldLimit: TARGETS.staticColdPerFloor };
  return {
    floor: databaseFloor,
    requestFloor: requestFloors?.get(fn.id)?.floor,
    bytesLimit: TARGETS.databaseBytesPerFloor,
    coldLimit: TARGETS.databaseColdBeyondRequestsPerFloor,
  };
}

/**
 * The figure a function's cold start (`ofNs`) is held to coldLimit by: the multiple of its
 * floor's for a static function, and for a DynamoDB one what it takes beyond its request floor
 * as a share of DatabaseFloor's.
 */
export function coldFigure(ofNs: (s: Subject) => number, fn: Subject, { floor, requestFloor }: FloorAndLimits): number {
  if (fn.database && requestFloor === undefined) throw new Error(`${fn.id}'s requests were not recorded`);
  return (ofNs(fn) - (requestFloor === undefined ? 0 : ofNs(requestFloor))) / ofNs(floor);
}

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

/** The checks of this run's figures: `cold` at TARGET_MB, measured at full speed when `noCgroup` says why. */
export function checkTargets(
  subjects: Subjects,
  requestFloors: RequestFloors,
  cold: ColdStarts,
  noCgroup: string | undefined,
  warm: Warm,
): Check[] {
  const at = `at ${TARGET_MB} MB${noCgroup === undefined ? '' : ' (no cgroup: full speed)'}`;
  const coldOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const byId = new Map(subjects.all.map((s) => [s.id, s]));
  const checks: Check[] = [];
  for (const [group, members] of [
    ['static functions', subjects.functions.filter((s) => !s.database)],
    ['DynamoDB functions', subjects.functions.filter((s) => s.database)],
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
  const slowest = gated.reduce((a, b) => (b.medianNs > a.medianNs ? b : a));
  checks.push({
    name: `warm median of ${TARGETS.warmFunctions.join(' and ')} in every type < ${TARGETS.warmUs} µs`,
    pass: slowest.medianNs < TARGETS.warmUs * 1e3,
    detail: `slowest ${slowest.id} ${slowest.type} ${us(slowest.medianNs)} µs`,
  });
  const redirect = warm.byFunction.get(REDIRECT)!;
  const bare = warm.bareUpdateItem;
  checks.push({
    name: `redirect ÷ a bare UpdateItem ≤ ${TARGETS.redirectPerUpdateItem}`,
    pass: redirect / bare <= TARGETS.redirectPerUpdateItem,
    detail: `${(redirect / bare).toFixed(2)} × (${ms(redirect)} ms against ${ms(bare)} ms)`,
  });
  return checks;
}
