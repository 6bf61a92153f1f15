/**
 * Every scenario at once, each its own autocannon instance, so that the load is mixed and each
 * endpoint still has figures of its own; every answer is read for the status the client sees
 * (javascript's is in the body) and, for creations, the short URL it carries.
 */
import autocannon from 'autocannon';
import { clientStatus, RATE_LIMITED } from './answers';
import type { LoadRequest, Scenario } from './scenarios';

export interface Origins {
  readonly api: string;
  readonly shortLinks: string;
}

export interface ScenarioOutcome {
  readonly scenario: Scenario;
  readonly result: autocannon.Result;
  /** Answers per status, as the client sees it. */
  readonly statuses: ReadonlyMap<number, number>;
  /** Answers outside `scenario.expected`, a few of them, for the report. */
  readonly unexpected: readonly string[];
  /** For creations: link → the short URLs its successful answers carried. */
  readonly shortUrls: ReadonlyMap<string, ReadonlySet<string>>;
}

const KEEP_UNEXPECTED = 5;
/** A bound on each scenario's count besides its time, far above what two cores reach. */
const MAX_REQUESTS_PER_SECOND = 2_000;

export async function drive(scenarios: readonly Scenario[], origins: Origins, seconds: number): Promise<ScenarioOutcome[]> {
  return Promise.all(
    scenarios.map(async (scenario) => {
      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      const shortUrls = new Map<string, Set<string>>();
      const shortUrlPattern = new RegExp(`${origins.shortLinks.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9A-Za-z]+`);
      const observe = (request: LoadRequest) => (status: number, body: string) => {
        const seen = clientStatus(request.type, status, body);
        statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
        const allowed = scenario.expected.includes(seen) && (seen !== 503 || RATE_LIMITED.test(body));
        if (!allowed && unexpected.length < KEEP_UNEXPECTED)
          unexpected.push(`${request.method} ${request.path}: ${status} ${body.slice(0, 200)}`);
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
