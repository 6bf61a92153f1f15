/** What the benchmark hands a handler (API Gateway v2 events and a Lambda context), and how it loads one and checks its answer. */
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiEvent, selectRoute } from '../../local/api-event';
import type { Route } from '../../local/template';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The handler a bundle (or source file) exports as `exportName`. */
export const importHandler = async (file: string, exportName: string) =>
  ((await import(pathToFileURL(file).href)) as Record<string, Handler>)[exportName]!;

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
  const match = selectRoute(routes, 'GET', target.split('?')[0]!);
  if (!match) throw new Error(`no route for GET ${target}`);
  const headers = { host: 'api.bench.local', 'user-agent': 'bench/1.0', accept: '*/*' };
  return { event: apiEvent({ method: 'GET', target, headers, sourceIp: '127.0.0.1', host: 'api.bench.local' }, match), route: match.route };
}

/** A request path for a function: its route with sample path parameters, `/nope` for $default. */
export function samplePath(route: Route): string {
  if (route.path === '$default') return '/nope';
  return route.path.replace('{code}', '1001').replace('{short_name}', 'technology');
}

/** A context whose deadline is an hour away: long enough for every call the bench makes with it. */
export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 3600 * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:123456789012:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: 'bench-request',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
