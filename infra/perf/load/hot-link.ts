/**
 * One short link that goes viral: many clients visit it at once, and its view_count is read
 * before and after. Visits cut off when the time ran out still reach the server and count, so
 * the views are held to the visits sent, not to the answers read (docs/api.md, Views).
 */
import autocannon from 'autocannon';

export interface HotLink {
  /** The short link to visit, e.g. http://127.0.0.1:3001/Abc1234. */
  readonly url: string;
  /** Its view_count now. */
  readonly views: () => Promise<number>;
}

export interface HotLinkFigures {
  readonly connections: number;
  readonly seconds: number;
  /** Visits written to the server, those cut off at the end included. */
  readonly sent: number;
  /** Visits whose answer was read. */
  readonly answers: number;
  /** Answers per status. */
  readonly statuses: ReadonlyMap<number, number>;
  readonly redirectsPerSecond: number;
  /** Redirects (301) over answers. */
  readonly redirectShare: number;
  /** Views the link gained over the visits sent. */
  readonly viewsPerVisit: number;
  readonly viewsCounted: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connection errors and timeouts: visits that got no answer. */
  readonly unanswered: number;
}

/** Requests cut off when the time ran out still reach the server: their views land a moment later. */
const SETTLE_MS = 10_000;
/** A bound on the visits besides the time, far above what two cores answer. */
const MAX_VISITS_PER_SECOND = 2_000;

/** Reads `read()` again until `done` holds of it or `settleMs` have passed; the last reading. */
export async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean, settleMs = SETTLE_MS): Promise<T> {
  const deadline = Date.now() + settleMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((tick) => setTimeout(tick, 250));
    value = await read();
  }
  return value;
}

/** Answers per status in a line: `301×120 503×2`. */
export const statusList = (statuses: ReadonlyMap<number, number>): string =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** `settleMs`: how long views may still land after the visits (SETTLE_MS); a host that counts each visit as it answers needs less. */
export async function visitHotLink(
  link: HotLink,
  options: { connections: number; seconds: number; settleMs?: number },
): Promise<HotLinkFigures> {
  const before = await link.views();
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: link.url,
    connections: options.connections,
    duration: options.seconds,
    maxOverallRequests: MAX_VISITS_PER_SECOND * options.seconds,
    timeout: 10,
    requests: [{ method: 'GET', onResponse: (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1) }],
  });
  const answers = [...statuses.values()].reduce((a, b) => a + b, 0);
  const redirects = statuses.get(301) ?? 0;
  const sent = result.requests.sent;
  const viewsCounted = (await settled(link.views, (views) => views - before >= sent, options.settleMs)) - before;
  return {
    connections: options.connections,
    seconds: options.seconds,
    sent,
    answers,
    statuses,
    redirectsPerSecond: redirects / result.duration,
    redirectShare: answers === 0 ? 0 : redirects / answers,
    viewsPerVisit: sent === 0 ? 0 : viewsCounted / sent,
    viewsCounted,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    unanswered: result.errors + result.timeouts,
  };
}

/** The figures in a line, for the console and the reports. */
export function hotLinkLine(figures: HotLinkFigures): string {
  const statuses = statusList(figures.statuses);
  return (
    `${figures.connections} clients on one short link for ${figures.seconds} s: ${Math.round(figures.redirectsPerSecond)} redirects a second, ` +
    `${(figures.redirectShare * 100).toFixed(1)} % of ${figures.answers} visits answered 301 (${statuses || 'none'}; ${figures.unanswered} unanswered), ` +
    `${figures.viewsCounted} views counted for ${figures.sent} visits sent, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`
  );
}

/** Whether every visit redirected and every visit sent was counted once. */
export const hotLinkHeld = (figures: HotLinkFigures): boolean =>
  figures.answers > 0 && figures.unanswered === 0 && figures.redirectShare === 1 && figures.viewsCounted === figures.sent;
