/**
 * Invokes a function's handler in-process with the API Gateway v2 event that the local runner
 * (and API Gateway) would build for a request, routed by the routes of template.yaml.
 */
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiEvent, selectRoute } from '../../infra/local/api-event';
import { loadTemplate, routesOf, type Route } from '../../infra/local/template';

const ALL_ROUTES = routesOf(loadTemplate());

/** The API's routes; the short-link host's are SHORT_LINK_ROUTES. */
export const ROUTES: readonly Route[] = ALL_ROUTES.filter((route) => route.api === 'Api');
export const SHORT_LINK_ROUTES: readonly Route[] = ALL_ROUTES.filter((route) => route.api === 'ShortApi');

/** A key that passes the app-key check; tests that are not about the key use it. */
export const APP_KEY = 'http://test.app/';

export interface Invocation {
  readonly statusCode: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * `target` is the path and raw query string as a client sends them, e.g.
 * `/errors?appkey=...&type=json`.
 */
export async function invoke(
  target: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    sourceIp?: string;
    routes?: readonly Route[];
    /** The time the function has left, as Lambda tells it: without it, no deadline applies. */
    remainingMs?: number;
    /** API Gateway's request id, when a test sends the same request again. */
    requestId?: string;
  } = {},
): Promise<Invocation> {
  const method = options.method ?? 'GET';
  const match = selectRoute(options.routes ?? ROUTES, method, target.split('?')[0]!);
  if (!match) throw new Error(`no route for ${method} ${target}`);
  const event = apiEvent(
    { method, target, headers: options.headers ?? {}, sourceIp: options.sourceIp ?? '127.0.0.1', host: 'localhost' },
    match,
  );
  if (options.requestId !== undefined) event.requestContext.requestId = options.requestId;
  const module = (await import(`../../${match.route.fn.entry}`)) as Record<string, Handler>;
  // A new context per invocation, as the Lambda runtime makes one.
  const context = { awsRequestId: event.requestContext.requestId, functionName: match.route.fn.id } as Context;
  if (options.remainingMs !== undefined) {
    const deadline = Date.now() + options.remainingMs;
    context.getRemainingTimeInMillis = () => Math.max(0, deadline - Date.now());
  }
  const result = await module[match.route.fn.exportName]!(event, context);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  return { statusCode: result.statusCode ?? 200, headers, body: result.body ?? '' };
}

/** A request to the short-link host, e.g. `/AbC1234`. */
export const invokeShortLink = (
  target: string,
  options: { method?: string; remainingMs?: number; requestId?: string } = {},
): Promise<Invocation> => invoke(target, { ...options, routes: SHORT_LINK_ROUTES });

/** `target` with the test app key added. */
export const withKey = (target: string): string => `${target}${target.includes('?') ? '&' : '?'}appkey=${encodeURIComponent(APP_KEY)}`;
