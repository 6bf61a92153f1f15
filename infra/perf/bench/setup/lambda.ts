/** What the bench hands a handler (API Gateway v2 events and a Lambda context through ../../../local/invoke.ts), and how it checks an answer. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { contextFields, lambdaContext, routedEvent } from '../../../local/invoke';
import type { Route } from '../../../template/routes';
import { MB_PER_VCPU } from '../cold-start/cpu-cgroup';

/** Throws unless `result` answered `status` (and passes `check`). */
export function must(
  what: string,
  result: APIGatewayProxyStructuredResultV2,
  status: number,
  check?: (result: APIGatewayProxyStructuredResultV2) => boolean,
): void {
  if (result.statusCode !== status || (check && !check(result))) {
    throw new Error(`${what}: answered ${result.statusCode} ${JSON.stringify(result.headers)} ${(result.body ?? '').slice(0, 200)}`);
  }
}

export const APP_KEY = 'http://bench.app/';

/** The API Gateway v2 event for `GET target`, routed by the template's routes. */
export function benchEvent(routes: readonly Route[], target: string): { event: APIGatewayProxyEventV2; route: Route } {
  const host = 'api.bench.local';
  return routedEvent(routes, { target, headers: { host, 'user-agent': 'bench/1.0', accept: '*/*' }, host });
}

/** A request path for a function: its route with sample path parameters, `/nope` for $default. */
export function samplePath(route: Route): string {
  if (route.path === '$default') return '/nope';
  return route.path.replace('{code}', '1001').replace('{short_name}', 'technology');
}

/** A context for every call a section makes: in-process runs are at full speed, a whole vCPU's memory size. */
export const benchContext = (functionName: string): Context => lambdaContext(contextFields(functionName, 'bench-request', MB_PER_VCPU));
