/** Every scenario at once, an autocannon each, every answer read for the status its client sees and, for creations, its short URL. */
import autocannon from 'autocannon';
import type { ResponseType } from '../../../lib/render';
import type { LoadRequest, Scenario } from './scenarios';

/** The rate limiter's answer carries error 403 (lib/shorturls/rate-limit.ts), in any type. */
export const RATE_LIMITED = /"code":403\b|code="403"|"code";i:403;/;
const SCRIPT_STATUS = /[{,]"status":(\d{3})\}\);\s*$/;

/** For javascript, the status its body carries (the callback's object's last member), if any. */
export function clientStatus(type: ResponseType | undefined, status: number, body: string): number {
  const inBody = type === 'javascript' ? SCRIPT_STATUS.exec(body) : null;
  return inBody ? Number(inBody[1]) : status;
}

export interface Origins {
  readonly api: string;
  readonly shortLinks: string;
}

export interface ScenarioOutcome {
  readonly scenario: Scenario;
  readonly result: autocannon.Result;
  /** Answers per status, as the client sees it. */
  readonly statuses: ReadonlyMap<number, number>;
  /** A few answers outside `scenario.expected`. */
  readonly unexpected: readonly string[];
  /** For creations: link → the short URLs its answers carried. */
  readonly shortUrls: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A bound besides the time, far above what two cores reach. */
const MAX_REQUESTS_PER_SECOND = 2_000;

export async function drive(scenarios: readonly Scenario[], origins: Origins, seconds: number): Promise<ScenarioOutcome[]> {
  const shortUrlPattern = new RegExp(`${origins.shortLinks.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9A-Za-z]+`);
  return Promise.all(
    scenarios.map(async (scenario) => {
      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      const shortUrls = new Map<string, Set<string>>();
      const observe = (request: LoadRequest) => (status: number, body: string) => {
        const seen = clientStatus(request.type, status, body);
        statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
        const allowed = scenario.expected.includes(seen) && (seen !== 503 || RATE_LIMITED.test(body));
        if (!allowed && unexpected.length < 5) unexpected.push(`${request.method} ${request.path}: ${status} ${body.slice(0, 200)}`);
        const shortUrl = request.link !== undefined && seen === 200 ? shortUrlPattern.exec(body)?.[0] : undefined;
        if (shortUrl !== undefined) shortUrls.set(request.link!, (shortUrls.get(request.link!) ?? new Set()).add(shortUrl));
      };
      const result = await autocannon({
        url: scenario.host === 'api' ? origins.api : origins.shortLinks,
        connections: scenario.connections,
        duration: seconds,
        maxOverallRequests: MAX_REQUESTS_PER_SECOND * seconds,
        timeout: 10,
        requests: scenario.requests.map((request) => ({ method: request.method, path: request.path, onResponse: observe(request) })),
      });
      return { scenario, result, statuses, unexpected, shortUrls };
    }),
  );
}
