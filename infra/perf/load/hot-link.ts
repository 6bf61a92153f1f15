/**
 * Many clients on one short link. Visits cut off when the time runs out still reach the server and
 * count, so views are held to the visits sent, not the answers read (docs/api.md, Views).
 */
import autocannon from 'autocannon';

/** `sent`: visits written to the server, those cut off at the end included; `answers`: those whose answer was read. */
export type HotLinkFigures = Awaited<ReturnType<typeof visitHotLink>>;

/** How long views may land after the last visit: here, one process writes them all (docs/performance.md, A link that goes viral). */
const SETTLE_MS = 60_000;
const MAX_VISITS_PER_SECOND = 2_000;

export async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean, settleMs = SETTLE_MS): Promise<T> {
  const deadline = Date.now() + settleMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((tick) => setTimeout(tick, 250));
    value = await read();
  }
  return value;
}

/** `301×120 503×2`. */
export const statusList = (statuses: ReadonlyMap<number, number>): string =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** `visitsPerSecond`: a cap on the visits (none: as fast as answered); `settleMs`: how long views may still land after them. */
export async function visitHotLink(
  link: { url: string; views: () => Promise<number> },
  options: { connections: number; seconds: number; visitsPerSecond?: number; settleMs?: number },
) {
  const before = await link.views();
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: link.url,
    connections: options.connections,
    duration: options.seconds,
    maxOverallRequests: MAX_VISITS_PER_SECOND * options.seconds,
    ...(options.visitsPerSecond === undefined ? {} : { overallRate: options.visitsPerSecond }),
    timeout: 10,
    requests: [{ method: 'GET', onResponse: (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1) }],
  });
  const answers = [...statuses.values()].reduce((a, b) => a + b, 0);
  const redirects = statuses.get(301) ?? 0;
  const sent = result.requests.sent;
  const ended = Date.now();
  const views = (await settled(link.views, (counted) => counted - before >= sent, options.settleMs)) - before;
  return {
    connections: options.connections,
    seconds: options.seconds,
    sent,
    answers,
    statuses: statuses as ReadonlyMap<number, number>,
    redirectsPerSecond: redirects / result.duration,
    /** Redirects over answers. */
    redirectShare: answers === 0 ? 0 : redirects / answers,
    viewsCounted: views,
    /** From the last visit until every view was counted; undefined when the count never caught up. */
    lagMs: views >= sent ? Date.now() - ended : undefined,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    /** Connection errors and timeouts. */
    unanswered: result.errors + result.timeouts,
  };
}

export function hotLinkLine(f: HotLinkFigures): string {
  return (
    `${f.connections} clients on one short link for ${f.seconds} s: ${Math.round(f.redirectsPerSecond)} redirects a second, ` +
    `${(f.redirectShare * 100).toFixed(1)} % of ${f.answers} visits answered 301 (${statusList(f.statuses) || 'none'}; ${f.unanswered} unanswered), ` +
    `${f.viewsCounted} views counted for ${f.sent} visits sent (${f.lagMs === undefined ? 'not all within the wait' : `all ${(f.lagMs / 1000).toFixed(1)} s after the last`}), ` +
    `p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`
  );
}

export const hotLinkHeld = (f: HotLinkFigures): boolean =>
  f.answers > 0 && f.unanswered === 0 && f.redirectShare === 1 && f.viewsCounted === f.sent;
