/**
 * API Gateway HTTP API (payload format 2.0) events and route selection, as the real service
 * makes them, so that the handlers run locally exactly as they run behind API Gateway.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from './template';

export interface IncomingRequest {
  readonly method: string;
  /** Path and query as the client sent them, e.g. `/error/1001?appkey=...`. */
  readonly target: string;
  /** Header names in any case; repeated headers as arrays. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly sourceIp: string;
  readonly host: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Path parameters when `routePath` matches `path`; `{name+}` takes the rest of the path. */
function matchPath(routePath: string, path: string): Record<string, string> | undefined {
  const routeSegments = routePath.split('/');
  const segments = path.split('/');
  const parameters: Record<string, string> = {};
  for (let i = 0; i < routeSegments.length; i++) {
    const pattern = routeSegments[i]!;
    const greedy = /^\{(.+)\+\}$/.exec(pattern);
    if (greedy) {
      const rest = segments.slice(i).join('/');
      if (rest === '') return undefined;
      parameters[greedy[1]!] = decodeSegment(rest);
      return parameters;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    const named = /^\{(.+)\}$/.exec(pattern);
    if (named) {
      if (segment === '') return undefined;
      parameters[named[1]!] = decodeSegment(segment);
    } else if (pattern !== segment) {
      return undefined;
    }
  }
  return routeSegments.length === segments.length ? parameters : undefined;
}

/** How literal a route is: API Gateway prefers routes with more literal segments. */
const literalSegments = (route: Route): number => route.path.split('/').filter((s) => !s.startsWith('{')).length;

export interface RouteMatch {
  readonly route: Route;
  readonly pathParameters: Record<string, string> | undefined;
}

export function selectRoute(routes: readonly Route[], method: string, path: string): RouteMatch | undefined {
  const candidates = routes
    .filter((route) => route.path !== '$default' && (route.method === 'ANY' || route.method === method))
    .sort((a, b) => literalSegments(b) - literalSegments(a));
  for (const route of candidates) {
    const pathParameters = matchPath(route.path, path);
    if (pathParameters) return { route, pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined };
  }
  const fallback = routes.find((route) => route.path === '$default');
  return fallback && { route: fallback, pathParameters: undefined };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** API Gateway's request time format, e.g. `22/Nov/2026:09:00:00 +0000`. */
function requestTime(date: Date): string {
  const day = `${twoDigits(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} +0000`;
}

export function apiEvent(request: IncomingRequest, match: RouteMatch, now = new Date()): APIGatewayProxyEventV2 {
  const queryStart = request.target.indexOf('?');
  const rawPath = queryStart === -1 ? request.target : request.target.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.target.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: match.route.routeKey,
    rawPath,
    rawQueryString,
    headers,
    ...(rawQueryString ? { queryStringParameters } : {}),
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: request.host,
      domainPrefix: request.host.split('.')[0] ?? request.host,
      http: {
        method: request.method,
        path: decodeSegment(rawPath),
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}
