/**
 * The project as the bench sees it: template.yaml's functions, routes and environment with the
 * bench's own settings on top, the ids of the functions that use DynamoDB, and what the bench
 * hands a handler (API Gateway v2 events and a Lambda context, ../../../local/invoke.ts).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ResponseType } from '../../../../lib/render';
import { contextFields, lambdaContext, routedEvent } from '../../../local/invoke';
import { functionEnvironment, functionsOf, type FunctionDefinition } from '../../../template/functions';
import { loadTemplate } from '../../../template/read';
import { routesOf, type Route } from '../../../template/routes';
import { MB_PER_VCPU } from '../cold-start/cpu-cgroup';

/** `npm run bench -- --quick`: a few runs of each, to see that the bench works; it writes no results. */
export const QUICK = process.argv.includes('--quick');

/** The short-link origin the functions run with, as `npm start` serves it. */
export const SHORT_URL_HOST = 'http://127.0.0.1:3001';
/** Creations are rate-limited per app key and per client IP; the bench makes thousands from one of each (up to 5 000 a second). */
export const BENCH_SETTINGS = { RATE_LIMIT_PER_APP_KEY: '5000', RATE_LIMIT_PER_CLIENT_IP: '5000', RATE_LIMIT_WINDOW_SECONDS: '1' };
export const APP_KEY = 'http://bench.app/';

export const template = loadTemplate();
export const functions = functionsOf(template);
export const routes = routesOf(template);
/** What every function gets, here and in the cold-start children: template.yaml's environment and the bench's settings. */
export const functionEnv: Record<string, string> = {
  ...functionEnvironment(template, { parameters: { ShortUrlHost: SHORT_URL_HOST } }),
  ...BENCH_SETTINGS,
};

/**
 * The whole environment of a child process that runs functions (a cold start): the functions'
 * own and the local stack's (where DynamoDB Local listens, its region and credentials), as a
 * Lambda function's container has only its own variables.
 */
export function functionProcessEnv(): Record<string, string> {
  const env: Record<string, string> = { ...functionEnv, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'en_US.UTF-8', TZ: ':UTC' };
  for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    const value = process.env[name];
    if (value === undefined) throw new Error(`${name} is not set: the local stack sets it`);
    env[name] = value;
  }
  return env;
}

export const CREATE = 'ShortUrlCreateFunction';
export const LOOKUP = 'ShortUrlFunction';
export const REDIRECT = 'RedirectFunction';
export const DATABASE_FUNCTIONS = [CREATE, LOOKUP, REDIRECT];
/** The gallery's functions: those template.yaml gives GALLERY_TABLE. */
export const GALLERY_FUNCTIONS = Object.entries(template.Resources)
  .filter(
    ([, resource]) =>
      resource.Type === 'AWS::Serverless::Function' && resource.Properties?.Environment?.Variables?.GALLERY_TABLE !== undefined,
  )
  .map(([id]) => id);

export function routeOf(id: string): Route {
  const route = routes.find((r) => r.fn.id === id);
  if (!route) throw new Error(`${id} has no HttpApi route`);
  return route;
}

export function definitionOf(id: string): FunctionDefinition {
  const fn = functions.find((f) => f.id === id);
  if (!fn) throw new Error(`template.yaml has no ${id}`);
  return fn;
}

/** A bench request's query: the app key, and the type (with a callback for javascript) unless plain XML. */
export function query(type: ResponseType | undefined): string {
  const key = `appkey=${encodeURIComponent(APP_KEY)}`;
  if (type === undefined) return key;
  return type === 'javascript' ? `${key}&type=javascript&callback=cb` : `${key}&type=${type}`;
}

/** A request path for a function: its route with sample path parameters, `/nope` for $default. */
export function samplePath(route: Route): string {
  if (route.path === '$default') return '/nope';
  return route.path.replace('{code}', '1001').replace('{short_name}', 'technology');
}

/** The API Gateway v2 event for `GET target`, routed by `routes`. */
export function benchEvent(routes: readonly Route[], target: string): { event: APIGatewayProxyEventV2; route: Route } {
  const host = 'api.bench.local';
  return routedEvent(routes, { target, headers: { host, 'user-agent': 'bench/1.0', accept: '*/*' }, host });
}

/** A context for every in-process call: those run at full speed, a whole vCPU's memory size. */
export const benchContext = (functionName: string): Context => lambdaContext(contextFields(functionName, 'bench-request', MB_PER_VCPU));

/** Throws unless `result` answered `status`. */
export function must(what: string, result: APIGatewayProxyStructuredResultV2, status: number): void {
  if (result.statusCode !== status) {
    throw new Error(`${what}: answered ${result.statusCode} ${JSON.stringify(result.headers)} ${(result.body ?? '').slice(0, 200)}`);
  }
}
