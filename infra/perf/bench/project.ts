/** The project as the bench sees it: template.yaml's functions, routes and environment, with the bench's settings on top. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ResponseType } from '../../../lib/render';
import { contextFields, lambdaContext, routedEvent } from '../../local/invoke';
import { functionEnvironment, functionsOf } from '../../template/functions';
import { loadTemplate } from '../../template/read';
import { routesOf, type Route } from '../../template/routes';
import { MB_PER_VCPU } from './cpu-cgroup';

/** `npm run bench -- --quick`: two runs of each at 256 MB, to see that the bench works; it writes no results. */
export const QUICK = process.argv.includes('--quick');

export const SHORT_URL_HOST = 'http://127.0.0.1:3001';
export const APP_KEY = 'http://bench.app/';

export const template = loadTemplate();
export const functions = functionsOf(template);
export const routes = routesOf(template);
/** Creations are rate-limited per app key and client IP; the bench makes thousands from one of each. */
export const functionEnv: Record<string, string> = {
  ...functionEnvironment(template, { parameters: { ShortUrlHost: SHORT_URL_HOST } }),
  RATE_LIMIT_PER_APP_KEY: '5000',
  RATE_LIMIT_PER_CLIENT_IP: '5000',
  RATE_LIMIT_WINDOW_SECONDS: '1',
};

/** A cold start's whole environment: the functions' and the local stack's, as a Lambda container has only its own. */
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
export const GALLERY_FUNCTIONS = functions
  .filter((fn) => template.Resources[fn.id]!.Properties?.Environment?.Variables?.GALLERY_TABLE !== undefined)
  .map((fn) => fn.id);

export function routeOf(id: string): Route {
  const route = routes.find((r) => r.fn.id === id);
  if (!route) throw new Error(`${id} has no HttpApi route`);
  return route;
}

/** A gallery route's path with `named`'s photo, comment and list of photos in it. */
export const galleryPath = (path: string, named: { photo: number; comment: number; list: readonly number[] }): string =>
  path.replace('{id}', String(named.photo)).replace('{comment_id}', String(named.comment)).replace('{list}', named.list.join(','));

/** `path` with the app key, and the type (with a callback for javascript) unless plain XML. */
export function typedPath(path: string, type?: ResponseType): string {
  const query = new URLSearchParams({ appkey: APP_KEY, ...(type && { type }), ...(type === 'javascript' && { callback: 'cb' }) });
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

export function benchEvent(routes: readonly Route[], target: string): { event: APIGatewayProxyEventV2; route: Route } {
  const host = 'api.bench.local';
  return routedEvent(routes, { target, headers: { host, 'user-agent': 'bench/1.0', accept: '*/*' }, host });
}

/** In-process calls run at full speed: a whole vCPU's memory size. */
export const benchContext = (functionName: string): Context => lambdaContext(contextFields(functionName, 'bench-request', MB_PER_VCPU));

export function must(what: string, result: APIGatewayProxyStructuredResultV2, status: number): void {
  if (result.statusCode !== status) {
    throw new Error(`${what}: answered ${result.statusCode} ${JSON.stringify(result.headers)} ${(result.body ?? '').slice(0, 200)}`);
  }
}
