/**
 * The log bytes `npm run cost` prices (infra/cost/telemetry.ts builds each request's request
 * line and EMF line from the code, no run measures them) against what every function writes
 * for one request of each of its routes: within a fifth, so that a field added to the line, or a
 * dimension to the counts, shows as a stale cost.
 */
import { capture } from '../support/observability-capture';
import { loadTemplate } from '../../infra/template/read';
import { routesOf, type Route } from '../../infra/template/routes';
import { readStack } from '../../infra/cost/stack';
import { requestTelemetry } from '../../infra/cost/telemetry';
import { invoke } from '../support/invoke';

jest.setTimeout(60_000);

const output = capture();
beforeEach(() => output.clear());

const stack = readStack();
const routes = routesOf(loadTemplate());

/** A request of `route` as a client sends it, with an app key on the API. */
function targetOf(route: Route): string {
  const path = route.path === '$default' ? '/no/such/endpoint' : route.path.replace(/\{[^}]+\}/g, 'Zz9Zz9Q');
  return route.api === 'Api' ? `${path}?appkey=${encodeURIComponent('https://app.example.org/')}&type=json` : path;
}

test.each(routes.map((route) => [`${route.api} ${route.routeKey}`, route] as const))(
  '%s: the request line and EMF line the cost prices are within a fifth of those written',
  async (_, route) => {
    await invoke(targetOf(route), {
      method: route.method === 'ANY' ? 'GET' : route.method,
      routes: routes.filter((r) => r.api === route.api),
    });
    const written = output.lines().filter((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.message === 'request' || '_aws' in entry;
    });
    expect(written).toHaveLength(2);
    const bytes = written.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
    const priced = requestTelemetry(stack, route).functionLineBytes;
    expect(priced / bytes).toBeGreaterThan(0.8);
    expect(priced / bytes).toBeLessThan(1.2);
  },
);
